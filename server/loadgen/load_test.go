package loadgen

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/server"
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
	m := server.StateMessage{Type: "state", Version: 1, View: map[string]any{"legal": "x", "made": 9}, Legal: []server.LegalMove{{Move: "a@1", Text: `,"players": "made":`}, {Move: `q"\`, Text: `}],"over":true`}},
		Over: true, Outcome: &engine.Outcome{Winners: []engine.Seat{1}}, Players: []server.Player{{Seat: 0}}, Made: 17,
		Events: []engine.EventView{{Kind: "x", Text: `,"made":3`}}}
	data, err := json.Marshal(&m) // what the server writes, byte for byte (server/wire_test.go)
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
	m.Legal, m.Over, m.Outcome = []server.LegalMove{}, false, nil
	data, _ = json.Marshal(&m)
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

// A load test reports the server's own figures beside its clients'.
func TestLoadReportsServerFigures(t *testing.T) {
	res, err := Load(context.Background(), LoadConfig{Games: all.Games(), Game: "tagteam", Players: 2, Tables: 4,
		Duration: 300 * time.Millisecond, MinMoves: 20, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Server
	if f == nil || f.MovesAccepted <= 0 || f.MovesRefused != res.Errors || f.MoveP50ms <= 0 || f.MoveP99ms < f.MoveP50ms ||
		f.CommitP50ms <= 0 || f.CommitP99ms < f.CommitP50ms || f.CPUPerMoveUs <= 0 {
		t.Errorf("the server's figures: %+v (clients: %+v)", f, res)
	}
}
