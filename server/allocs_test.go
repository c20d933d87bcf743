package server_test

import (
	"context"
	"testing"
	"time"

	"stolik/games/all"
	"stolik/server"
	"stolik/server/loadgen"
)

// allocBudget is the most heap allocations a move may cost, server and
// its in-process clients together (loadgen.Load's clients: a WebSocket each,
// reading the moves out of every state), in a game of each kind: the
// regression guard of the server's hot path (docs/performance.md). Each
// is about one and a half times what a move cost when it was set
// (2026-11-26: Cardline 80, Asterix 50, Front Line 52, Tag Team 103; it
// had been 322, 657, 565 and 3,002 before the views, moves and events
// were written straight from the states).
var allocBudget = map[string]float64{
	"cardline":  120,
	"asterix":   80,
	"frontline": 80,
	"tagteam":   160,
}

// Allocations per move over real WebSockets, with the store's durable
// commits, stay within their budgets.
func TestAllocsPerMove(t *testing.T) {
	if testing.Short() || server.RaceEnabled {
		t.Skip("allocations are counted in a full run without the race detector (-short or -race given)")
	}
	for _, g := range allocGames {
		res, err := loadgen.Load(context.Background(), loadgen.LoadConfig{Games: all.Games(), Game: g, Players: 2, Tables: 8,
			Duration: 300 * time.Millisecond, Warmup: 100 * time.Millisecond, MinMoves: 300, Dir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %.0f allocations, %.0f bytes per move over %d moves", g, res.AllocsPerMove, res.BytesPerMove, res.Moves)
		if res.Moves < 300 || res.Errors != 0 {
			t.Fatalf("%s: %+v", g, res)
		}
		if res.AllocsPerMove > allocBudget[g] {
			t.Errorf("%s: %.0f allocations per move, over the budget of %.0f", g, res.AllocsPerMove, allocBudget[g])
		}
	}
}

var allocGames = []string{"cardline", "asterix", "frontline", "tagteam"}
