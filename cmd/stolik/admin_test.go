package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"stolik/games/all"
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
