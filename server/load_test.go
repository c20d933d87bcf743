package server

import (
	"context"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
)

// A short load test: clients over real WebSockets play, and every move
// sent is answered (at least 20 of them, however busy the machine).
func TestLoad(t *testing.T) {
	res, err := Load(context.Background(), LoadConfig{Games: all.Games(), Game: "tagteam", Players: 2, Tables: 4,
		Duration: 300 * time.Millisecond, MinMoves: 20, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Moves < 20 || res.Connections < 2 || res.Connections > 8 || res.Errors != 0 || res.P50ms <= 0 || res.P99ms < res.P50ms {
		t.Errorf("load: %+v", res)
	}
}

// BenchmarkServer reports moves/s and move latency for 1,000 WebSockets
// (500 two-player tables); `stolik bench server` runs it with flags.
func BenchmarkServer(b *testing.B) {
	for range b.N {
		res, err := Load(context.Background(), LoadConfig{Games: all.Games(), Game: "cardline", Players: 2, Tables: 500,
			Duration: 13 * time.Second, Warmup: 3 * time.Second, Rate: benchRate, Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(res.MovesPerS, "moves/s")
		b.ReportMetric(res.P50ms, "p50-ms")
		b.ReportMetric(res.P99ms, "p99-ms")
		b.ReportMetric(float64(res.Connections), "conns")
		b.ReportMetric(res.AllocsPerMove, "allocs/move")
	}
}

// benchRate paces BenchmarkServer: the goal's 10,000 moves/s.
var benchRate = 10000.0

// The load client's shortcut reads a state message as a full decode does.
func TestReadLoadState(t *testing.T) {
	m := StateMessage{Type: "state", Version: 1, View: map[string]any{"legal": "x", "made": 9}, Legal: []LegalMove{{Move: "a@1", Text: `,"players": "made":`}, {Move: `q"\`, Text: `}],"over":true`}},
		Over: true, Outcome: &engine.Outcome{Winners: []engine.Seat{1}}, Players: []Player{{Seat: 0}}, Made: 17,
		Events: []engine.EventView{{Kind: "x", Text: `,"made":3`}}}
	data, err := m.appendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var got loadState
	if err := readLoadState(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Type != "state" || got.whole || got.Made != 17 || !got.Over || got.moves() != 2 || got.move(0) != "a@1" || got.move(1) != `q"\` {
		t.Errorf("read %+v from %s", got, data)
	}
	m.Legal, m.Over, m.Outcome = []LegalMove{}, false, nil
	data, _ = m.appendJSON(nil)
	if err := readLoadState(data, &got); err != nil || got.Over || got.moves() != 0 || got.Made != 17 {
		t.Errorf("read %+v (%v) from %s", got, err, data)
	}
	if err := readLoadState([]byte(`{"type":"error","code":"too_fast","message":{"pl":"","en":""}}`), &got); err != nil || got.Type != "error" || got.Code != "too_fast" {
		t.Errorf("an error read as %+v (%v)", got, err)
	}
	// Another shape is read whole.
	if err := readLoadState([]byte(`{"type":"state","legal":[{"move":"b@2"}],"made":4}`), &got); err != nil || !got.whole || got.moves() != 1 || got.move(0) != "b@2" || got.Made != 4 {
		t.Errorf("read %+v (%v)", got, err)
	}
	if readLoadState([]byte(`{"type":"state","view":{`), &got) == nil {
		t.Error("a state message cut short was read")
	}
	if n := testing.AllocsPerRun(100, func() { readLoadState(data, &got) }); n != 0 {
		t.Errorf("reading a state in place: %v allocations", n)
	}
}

// allocBudget is the most heap allocations a move may cost, server and
// its in-process clients together (Load's clients: a WebSocket each,
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
	if testing.Short() || raceEnabled {
		t.Skip("allocations are counted in a full run without the race detector (-short or -race given)")
	}
	for _, g := range allocGames {
		res, err := Load(context.Background(), LoadConfig{Games: all.Games(), Game: g, Players: 2, Tables: 8,
			Duration: 600 * time.Millisecond, Warmup: 200 * time.Millisecond, MinMoves: 600, Dir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %.0f allocations, %.0f bytes per move over %d moves", g, res.AllocsPerMove, res.BytesPerMove, res.Moves)
		if res.Moves < 600 || res.Errors != 0 {
			t.Fatalf("%s: %+v", g, res)
		}
		if res.AllocsPerMove > allocBudget[g] {
			t.Errorf("%s: %.0f allocations per move, over the budget of %.0f", g, res.AllocsPerMove, allocBudget[g])
		}
	}
}

var allocGames = []string{"cardline", "asterix", "frontline", "tagteam"}
