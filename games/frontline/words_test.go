package frontline

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
	variants = append(variants,
		map[string]any{"players": 4, "equipment": "auto", "niet_abilities": false, "splash_empty": false},
		map[string]any{"players": 6, "variant": "long", "gas_ends_on_comrades": true, "roulette_extra": 2},
	)
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: variants, Games: 1, Every: 6})
}
