package cardline

import (
	"flag"
	"fmt"
	"testing"

	"stolik/sim/simbench"
)

var update = flag.Bool("update", false, "rewrite the recorded bot decisions from the current code")

// TestFanKeepsItsChoices checks that the fan:expert bot chooses, on every position of
// seeded games, the move it chose when the games were recorded
// (testdata/bot-choices-*.json): making it faster must not change its play.
func TestFanKeepsItsChoices(t *testing.T) {
	for _, c := range []struct{ players, games int }{{2, 60}, {4, 30}} {
		t.Run(fmt.Sprintf("players=%d", c.players), func(t *testing.T) {
			path := fmt.Sprintf("testdata/bot-choices-%dp.json", c.players)
			simbench.CheckBotChoices(t, New(), path, "fan:expert", map[string]any{"players": c.players}, c.games, *update)
		})
	}
}
