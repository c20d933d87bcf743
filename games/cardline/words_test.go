package cardline

import (
	"testing"

	"stolik/engine/enginetest"
)

// TestWords reads every text of random games, in both languages: events,
// views, move descriptions and the terminal (enginetest.RunWords).
func TestWords(t *testing.T) {
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants, map[string]any{"players": 3, "hand": 8, "empty_deck": "skip", "finish": "immediate", "eliminated_cards": "box"})
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: variants, Games: 4, Every: 3})
}
