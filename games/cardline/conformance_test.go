package cardline

import (
	"testing"

	"stolik/engine/enginetest"
)

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
		map[string]any{"players": 3, "hand": 8, "empty_deck": "skip", "finish": "immediate", "eliminated_cards": "box"},
		map[string]any{"players": 8, "hand": 8, "trait": "strength"},
		map[string]any{"players": 2, "hand": 5, "trait": "iq", "first": "1"},
	)
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    variants,
		Games:       games,
		Deep:        deep,
		HiddenFacts: HiddenFacts,
		Hidden:      true,
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
	enginetest.RunJSON(t, enginetest.Config{Game: New(), Variants: variants, Games: 100})
}
