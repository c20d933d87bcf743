package frontline

import (
	"strconv"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// hiddenFacts are the cards viewer may not know, as the JSON of a view
// names them: the cards in other players' hands, packs and face-down
// cards, and both decks. A card viewer passed on in the current draft may
// be named (it is in viewer's own history), and so may a card that was
// face up once (a discard pile reshuffled into a deck is public as a set).
func hiddenFacts(st engine.State, viewer engine.Seat) []string {
	s := st.(*State)
	var facts []string
	var seen cardSet
	if viewer >= 0 {
		seen = s.seats[viewer].passed
		seen.or(s.seats[viewer].hand)
		seen.or(s.seats[viewer].pack)
	}
	card := func(i uint8) {
		if !seen.has(i) && !s.faceUp.has(i) {
			facts = append(facts, strconv.Quote(s.pack.ActionName(i)))
		}
	}
	for q := 0; q < int(s.n); q++ {
		if engine.Seat(q) == viewer {
			continue
		}
		st := &s.seats[q]
		st.hand.each(card)
		st.pack.each(card)
		if st.is(fCommitted) {
			card(st.committed)
		}
	}
	for _, c := range s.deck[:s.deckN] {
		card(c)
	}
	for _, c := range s.adeck[:s.adeckN] {
		if s.faceUpA&(1<<c) == 0 {
			facts = append(facts, strconv.Quote(s.pack.AttackName(c)))
		}
	}
	return facts
}

func TestConformance(t *testing.T) {
	games, deep := 200, 20
	if testing.Short() {
		games, deep = 50, 5
	}
	variants := []map[string]any{}
	for _, n := range []int{2, 3, 4, 5, 6, 8, 10} {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants,
		map[string]any{"players": 4, "equipment": "auto", "niet_abilities": false, "splash_empty": false},
		map[string]any{"players": 6, "variant": "long", "gas_ends_on_comrades": true, "roulette_extra": 2},
		map[string]any{"players": 3, "variant": "short", "hit_points": 3, "turn_cap": 5},
	)
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    variants,
		Games:       games,
		Deep:        deep,
		HiddenFacts: hiddenFacts,
		RenderFacts: func(st engine.State, viewer engine.Seat) []string {
			facts := hiddenFacts(st, viewer)
			for i, f := range facts {
				facts[i], _ = strconv.Unquote(f)
			}
			return facts
		},
		Hidden: true,
	})
}
