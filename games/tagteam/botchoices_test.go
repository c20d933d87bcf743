package tagteam

import (
	"flag"
	"fmt"
	"testing"

	"stolik/sim/simbench"
)

var update = flag.Bool("update", false, "rewrite the recorded bot decisions from the current code")

// TestGreedyKeepsItsChoices checks that the greedy bot chooses, on every position of
// seeded games, the move it chose when the games were recorded
// (testdata/bot-choices-*.json): making it faster must not change its play.
func TestGreedyKeepsItsChoices(t *testing.T) {
	for _, c := range []struct{ players, games int }{{2, 100}} {
		t.Run(fmt.Sprintf("players=%d", c.players), func(t *testing.T) {
			path := fmt.Sprintf("testdata/bot-choices-%dp.json", c.players)
			simbench.CheckBotChoices(t, New(), path, "greedy", map[string]any{"players": c.players}, c.games, *update)
		})
	}
}
