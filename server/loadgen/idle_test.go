package loadgen

import (
	"context"
	"os"
	"testing"

	"stolik/games/all"
)

// The test binary is also the process of clients of TestIdle.
func TestMain(m *testing.M) {
	if IdleClientsWanted() {
		os.Exit(IdleClients(os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// Idle sockets are measured from a process of clients, each costs the
// server well under the 16 KB an idle socket took while a writer's
// goroutine waited with it (43 KB when the HTTP server's buffers, the
// writer's stack and the connection's own buffers stayed with it): one
// goroutine, its reader; and their memory comes back when they close.
func TestIdle(t *testing.T) {
	res, err := Idle(context.Background(), IdleConfig{Games: all.Games(), Game: "cardline", Players: 2, Sockets: 400, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tables != 200 || res.Open <= res.Before || res.BytesPerSocket <= 0 || res.GoroutinesPerSocket < 1 || res.GivenBack <= 0 {
		t.Errorf("idle: %+v", res)
	}
	t.Logf("%.0f bytes a socket, %.2f goroutines", res.BytesPerSocket, res.GoroutinesPerSocket)
	if res.GoroutinesPerSocket > 1.1 {
		t.Errorf("an idle socket keeps %.2f goroutines, want 1 (its reader)", res.GoroutinesPerSocket)
	}
	bound := 12 << 10
	if raceEnabled {
		bound = 18 << 10
	}
	if res.BytesPerSocket > float64(bound) {
		t.Errorf("an idle socket costs %.0f bytes, want at most %d", res.BytesPerSocket, bound)
	}
}

// BenchmarkIdleSockets reports the server's memory per idle WebSocket
// with 10,000 open; `stolik bench server --idle 10000` runs it too.
func BenchmarkIdleSockets(b *testing.B) {
	for range b.N {
		res, err := Idle(context.Background(), IdleConfig{Games: all.Games(), Game: "cardline", Players: 2, Sockets: 10000, Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(res.BytesPerSocket, "B/socket")
		b.ReportMetric(res.GoroutinesPerSocket, "goroutines/socket")
		b.ReportMetric(float64(res.GivenBack)/float64(res.Sockets), "given-back-B/socket")
	}
}
