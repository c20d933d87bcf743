package cardline

import (
	"testing"

	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

func TestConformance(t *testing.T) {
	// Every variant, on a sample of random games and a few deep ones; the
	// long calibrations (STOLIK_LONG=1) play 4 to 12 times as many.
	games, deep, future := longtest.Pick(25, 300), longtest.Pick(2, 12), longtest.Pick(10, 40)
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants,
		map[string]any{"players": 3, "hand": 8, "empty_deck": "skip", "finish": "immediate", "eliminated_cards": "box"},
		map[string]any{"players": 8, "hand": 8, "trait": "strength"},
		map[string]any{"players": 2, "hand": 5, "trait": "iq", "first": "1", "tie_no_cards": "share"},
	)
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    variants,
		Games:       games,
		Deep:        deep,
		HiddenFacts: HiddenFacts,
		Hidden:      true,
		FutureGames: future,
	})
}

// Views and event data are written without reflection exactly as
// encoding/json writes them.
func TestJSON(t *testing.T) {
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants, map[string]any{"players": 3, "hand": 8, "empty_deck": "skip", "finish": "immediate", "eliminated_cards": "box"})
	enginetest.RunJSON(t, enginetest.Config{Game: New(), Variants: variants, Games: longtest.Pick(30, 100)})
}
