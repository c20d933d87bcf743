package tagteam

import (
	"strconv"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// hiddenFacts are the card names viewer may not see: every build deck card
// (but the bottom cards viewer placed), the opponent's offer and the
// opponent's new card until it is revealed.
func hiddenFacts(st engine.State, viewer engine.Seat) []string {
	s := st.(*State)
	var facts []string
	card := func(c uint8) { facts = append(facts, strconv.Quote(s.pack.InstanceName(c))) }
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		n := int(pl.buildN)
		if engine.Seat(p) == viewer {
			n -= int(pl.known)
		} else {
			for _, c := range pl.offer[:pl.offerN] {
				card(c)
			}
			if pl.newCard != none && s.newCardHidden(p) {
				card(pl.newCard)
			}
		}
		for _, c := range pl.build[:n] {
			card(c)
		}
	}
	return facts
}

func TestConformance(t *testing.T) {
	games, deep := 300, 20
	if testing.Short() {
		games, deep = 50, 5
	}
	enginetest.Run(t, enginetest.Config{
		Game: New(),
		Variants: []map[string]any{
			{"players": 2},
			{"players": 2, "draft": "tactical"},
			{"players": 2, "draft": "free"},
			{"players": 2, "draft": "random"},
			{"players": 2, "draft": "first_game", "cancelled_sets_active": false, "revive_space": false},
		},
		Games:       games,
		Deep:        deep,
		HiddenFacts: hiddenFacts,
		RenderFacts: func(st engine.State, viewer engine.Seat) []string {
			facts := hiddenFacts(st, viewer)
			for i, f := range facts {
				uq, _ := strconv.Unquote(f)
				facts[i] = " " + uq + " " // as the table lists a card: its name between spaces
			}
			return facts
		},
		Hidden: true,
	})
}
