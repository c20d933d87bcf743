package asterix

import (
	"testing"

	"stolik/engine/enginetest"
)

// conformanceVariants are the variants the conformance kit plays.
func conformanceVariants() []map[string]any {
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	return append(variants,
		map[string]any{"players": 2, "orientation": "left_red", "unused_starting": "out", "capture_check": "placement", "option_b": "draw_only"},
		map[string]any{"players": 4, "neutrals_count": false, "token_reach": "adjacent", "helmets_from": "defeated", "revive_reach": "anywhere", "backs_show_colour": true},
		map[string]any{"players": 3, "supply_potion": 3, "supply_fish": 0, "supply_boar": 3, "supply_legionary": 4, "supply_centurion": 1, "turn_cap": 40, "first": "2"},
	)
}

func TestConformance(t *testing.T) {
	games, deep := 1000, 20
	if testing.Short() {
		games, deep = 100, 5
	}
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    conformanceVariants(),
		Games:       games,
		Deep:        deep,
		HiddenFacts: HiddenFacts,
		Hidden:      true,
	})
}

// TestJSON checks that the views and event data write, without
// reflection, what encoding/json writes.
func TestJSON(t *testing.T) {
	enginetest.RunJSON(t, enginetest.Config{Game: New(), Variants: conformanceVariants(), Games: 100})
}
