package tagteam

import (
	"strconv"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

func TestConformance(t *testing.T) {
	games, deep := 300, 20
	if testing.Short() {
		games, deep = 50, 5
	}
	enginetest.Run(t, enginetest.Config{
		Game: New(),
		Variants: []map[string]any{
			{"players": 2},
			{"players": 2, "draft": "tactical"},
			{"players": 2, "draft": "free"},
			{"players": 2, "draft": "random"},
			{"players": 2, "draft": "first_game", "cancelled_sets_active": false, "revive_space": false},
		},
		Games:       games,
		Deep:        deep,
		HiddenFacts: HiddenFacts,
		RenderFacts: func(st engine.State, viewer engine.Seat) []string {
			facts := HiddenFacts(st, viewer)
			for i, f := range facts {
				uq, _ := strconv.Unquote(f)
				facts[i] = " " + uq + " " // as the table lists a card: its name between spaces
			}
			return facts
		},
		Hidden: true,
	})
}
