package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"stolik/games/all"
	"stolik/server"
)

// serve --admin ADDR serves /metrics and pprof on a listener of its own;
// the public address serves neither.
func TestServeAdmin(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrs := make(chan string, 1)
	var out bytes.Buffer
	errc := make(chan error, 1)
	go func() {
		errc <- serve(ctx, serveOptions{addr: "127.0.0.1:0", admin: "127.0.0.1:0", db: "sqlite:" + filepath.Join(t.TempDir(), "s.db"), games: all.Games()},
			&out, func(a string) { addrs <- a })
	}()
	var addr string
	select {
	case addr = <-addrs:
	case err := <-errc:
		t.Fatalf("serve stopped at once: %v", err)
	}
	// The admin listener is logged before the public one is ready.
	var adminURL string
	for line := range strings.Lines(out.String()) {
		var rec struct{ Msg, URL string }
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "admin listening" {
			adminURL = strings.TrimSuffix(rec.URL, "/metrics")
		}
	}
	if adminURL == "" {
		t.Fatalf("no admin listener in the log:\n%s", out.String())
	}
	body := func(url string) (int, string) {
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	if code, b := body(adminURL + "/metrics"); code != 200 || !strings.Contains(b, "stolik_moves_accepted_total") || !strings.Contains(b, "process_cpu_seconds_total") {
		t.Errorf("admin /metrics: %d %.300s", code, b)
	}
	if code, b := body(adminURL + "/debug/pprof/"); code != 200 || !strings.Contains(b, "goroutine") {
		t.Errorf("admin pprof: %d %.300s", code, b)
	}
	if _, b := body("http://" + addr + "/metrics"); strings.Contains(b, "stolik_moves_accepted_total") {
		t.Errorf("the public address serves the metrics")
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatalf("serve: %v", err)
	}
}

// bench server --target drives a server running elsewhere through its
// API and reads the server's own CPU time (from /proc by its process id)
// and figures (from its /metrics); a server that limits what one address
// creates is named as the cause.
func TestBenchServerTarget(t *testing.T) {
	start := func(lim server.Limits) (addr, admin string) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		addrs := make(chan string, 1)
		var out syncBuffer
		errc := make(chan error, 1)
		go func() {
			errc <- serve(ctx, serveOptions{addr: "127.0.0.1:0", admin: "127.0.0.1:0", db: "sqlite:" + filepath.Join(t.TempDir(), "s.db"),
				games: all.Games(), limits: &lim, messageRate: -1}, &out, func(a string) { addrs <- a })
		}()
		select {
		case addr = <-addrs:
		case err := <-errc:
			t.Fatalf("serve stopped at once: %v", err)
		}
		for line := range strings.Lines(out.String()) {
			var rec struct{ Msg, URL string }
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "admin listening" {
				admin = strings.TrimSuffix(rec.URL, "/metrics")
			}
		}
		return addr, admin
	}
	open := server.DefaultLimits()
	open.CreateRate, open.JoinRate, open.TablesPerAddress = server.Rate{}, server.Rate{}, 0
	addr, admin := start(open)
	out, errOut, code := stolik(t, "", "bench", "server", "--target", "http://"+addr, "--metrics", admin, "--server-pid", fmt.Sprint(os.Getpid()),
		"--tables", "3", "--time", "400ms", "--warmup", "100ms", "--client-rate", "0", "--json")
	var r struct {
		Moves       int     `json:"moves"`
		Connections int     `json:"connections"`
		Target      string  `json:"target"`
		ServerCPU   float64 `json:"server_cpu_per_move_us"`
		Server      *struct {
			Accepted int `json:"moves_accepted"`
		} `json:"server"`
	}
	// The server's count and the clients' are read at the window's edges
	// by different processes: a move the server counted just before its
	// first sample may be acknowledged to its client just after the
	// clients' mark, one at most for each connection.
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Moves <= 0 || r.Connections != 6 || r.Target != "http://"+addr ||
		r.ServerCPU <= 0 || r.Server == nil || r.Server.Accepted < r.Moves-r.Connections {
		t.Fatalf("bench server --target: exit %d %s %s", code, out, errOut)
	}

	limited := server.DefaultLimits()
	limited.CreateRate = server.Rate{N: 1, Per: time.Hour}
	addr, _ = start(limited)
	_, errOut, code = stolik(t, "", "bench", "server", "--target", "http://"+addr, "--tables", "3", "--time", "300ms", "--warmup", "100ms")
	if code != 1 || !strings.Contains(errOut, "--create-rate 0") {
		t.Errorf("against a server that limits creates: exit %d, %s", code, errOut)
	}
	if _, _, code := stolik(t, "", "bench", "server", "--metrics", admin); code != 2 {
		t.Errorf("--metrics without --target: exit %d, want 2", code)
	}
}

// syncBuffer is a buffer a server's log is written to while a test reads
// it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
