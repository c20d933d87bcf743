package asterix

import (
	"strconv"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// hiddenFacts are the cards viewer may not know, as the JSON of a view
// names a card: other players' hand cards nobody saw arrive and the whole
// Character deck; and the Albums of the Album deck (only the top cover,
// which names no id, is public).
func hiddenFacts(st engine.State, viewer engine.Seat) []string {
	s := st.(*State)
	var facts []string
	card := func(i uint8) { facts = append(facts, `"card":`+strconv.Quote(s.pack.InstanceName(i))) }
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		if q == viewer {
			continue
		}
		s.hands[q].each(func(i uint8) {
			if !s.known[q].has(i) && s.epoch[i] == 0 {
				card(i)
			}
		})
	}
	for _, c := range s.deck[:s.deckN] {
		if s.epoch[c] == 0 { // never seen: not reshuffled from the discard pile
			card(c)
		}
	}
	for _, a := range s.albums[:s.albumsN] {
		facts = append(facts, `"id":`+strconv.Quote(s.pack.Albums[a].ID), `"album":`+strconv.Quote(s.pack.Albums[a].ID))
	}
	return facts
}

func TestConformance(t *testing.T) {
	games, deep := 1000, 20
	if testing.Short() {
		games, deep = 100, 5
	}
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants,
		map[string]any{"players": 2, "orientation": "left_red", "unused_starting": "out", "capture_check": "placement", "option_b": "draw_only"},
		map[string]any{"players": 4, "neutrals_count": false, "token_reach": "adjacent", "helmets_from": "defeated", "revive_reach": "anywhere", "backs_show_colour": true},
		map[string]any{"players": 3, "supply_potion": 3, "supply_fish": 0, "supply_boar": 3, "supply_legionary": 4, "supply_centurion": 1, "turn_cap": 40, "first": "2"},
	)
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    variants,
		Games:       games,
		Deep:        deep,
		HiddenFacts: hiddenFacts,
		Hidden:      true,
	})
}
