package frontline

import (
	"strconv"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

func TestConformance(t *testing.T) {
	// Every variant, on a sample of random games and a few deep ones; the
	// long calibrations (STOLIK_LONG=1) play 5 to 10 times as many.
	games, deep, future := longtest.Pick(10, 100), longtest.Pick(2, 10), longtest.Pick(5, 40)
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    conformanceVariants(),
		Games:       games,
		Deep:        deep,
		HiddenFacts: HiddenFacts,
		RenderFacts: func(st engine.State, viewer engine.Seat) []string {
			facts := HiddenFacts(st, viewer)
			for i, f := range facts {
				facts[i], _ = strconv.Unquote(f)
			}
			return facts
		},
		Hidden:      true,
		FutureGames: future,
	})
}

// conformanceVariants are the option sets the conformance kit plays.
func conformanceVariants() []map[string]any {
	variants := []map[string]any{}
	for _, n := range []int{2, 3, 4, 5, 6, 8, 10} {
		variants = append(variants, map[string]any{"players": n})
	}
	return append(variants,
		map[string]any{"players": 4, "equipment": "auto", "niet_abilities": false, "splash_empty": false, "stoj_stops_commissar": false},
		map[string]any{"players": 6, "variant": "long", "gas_ends_on_comrades": true, "roulette_extra": 2},
		map[string]any{"players": 3, "variant": "short", "hit_points": 3, "turn_cap": 5},
	)
}

// TestJSON checks that the views write themselves as encoding/json
// writes them, after every move of random games (10 of each variant, the
// kit's least).
func TestJSON(t *testing.T) {
	enginetest.RunJSON(t, enginetest.Config{Game: New(), Variants: conformanceVariants(), Games: 10})
}
