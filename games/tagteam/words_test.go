package tagteam

import (
	"testing"

	"stolik/engine/enginetest"
)

// TestWords reads every text of random games, in both languages: events,
// views, move descriptions and the terminal (enginetest.RunWords).
func TestWords(t *testing.T) {
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: []map[string]any{
		{"players": 2},
		{"players": 2, "draft": "tactical"},
		{"players": 2, "draft": "free"},
		{"players": 2, "draft": "random"},
		{"players": 2, "draft": "first_game"},
	}, Games: 4, Every: 2})
}
