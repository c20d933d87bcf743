package main

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"stolik/server"
)

// serveAdmin serves the operator's listener on addr (stolik serve
// --admin): /metrics and /debug/pprof/, never the public API; the
// returned stop closes it. No write timeout: a CPU profile takes as long
// as it is asked to (30 s by default).
func serveAdmin(addr string, m *server.Metrics, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("serve: --admin: %w", err)
	}
	hs := &http.Server{Handler: m.AdminHandler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	go hs.Serve(ln)
	log.Info("admin listening", "url", "http://"+ln.Addr().String()+"/metrics")
	return func() { hs.Close() }, nil
}

// printServerFigures prints what the server's own metrics counted during
// a bench server run (nil: the run ended before the warm-up did).
func printServerFigures(w io.Writer, f *server.ServerFigures, step float64, inProcess bool) {
	if f == nil {
		return
	}
	fmt.Fprintf(w, "  the server's metrics: %d moves accepted, %d refused\n", f.MovesAccepted, f.MovesRefused)
	fmt.Fprintf(w, "    move latency (received to state written to every client): p50 %.1f ms, p99 %.1f ms\n", f.MoveP50ms, f.MoveP99ms)
	fmt.Fprintf(w, "    store commit of a move: p50 %.2f ms, p99 %.2f ms\n", f.CommitP50ms, f.CommitP99ms)
	fmt.Fprintf(w, "    process CPU per move accepted: %.0f µs, %.0f baseline steps%s\n",
		f.CPUPerMoveUs, f.CPUPerMoveUs*1000/step, map[bool]string{true: " (the clients run in this process: their CPU is included)"}[inProcess])
}
