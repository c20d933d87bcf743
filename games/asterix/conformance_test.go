package asterix

import (
	"testing"

	"stolik/engine/enginetest"
	"stolik/internal/longtest"
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
	// Every variant, on a sample of random games and a few deep ones; the
	// long calibrations (STOLIK_LONG=1) play 2 to 10 times as many.
	games, deep, future := longtest.Pick(50, 500), longtest.Pick(3, 20), longtest.Pick(20, 40)
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    conformanceVariants(),
		Games:       games,
		Deep:        deep,
		HiddenFacts: HiddenFacts,
		Hidden:      true,
		FutureGames: future,
	})
}

// TestJSON checks that the views and event data write, without
// reflection, what encoding/json writes.
func TestJSON(t *testing.T) {
	enginetest.RunJSON(t, enginetest.Config{Game: New(), Variants: conformanceVariants(), Games: longtest.Pick(20, 100)})
}
