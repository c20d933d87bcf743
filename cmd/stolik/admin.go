package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"time"

	"stolik/engine"
	"stolik/server"
)

// serveAdmin serves the operator's listener on addr (stolik serve
// --admin): /metrics and /debug/pprof/, never the public API, behind the
// public listener's Host check and, when token is set, asking for it; the
// returned stop closes it. No write timeout: a CPU profile takes as long
// as it is asked to (30 s by default).
func serveAdmin(addr string, srv *server.Server, token string, log *slog.Logger) (stop func(), err error) {
	if token == "" && !loopback(addr) {
		return nil, errAdminOpen(addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, failed("serve: --admin", err)
	}
	h := srv.AdminHandler(server.AdminOptions{Addr: addr, Token: token})
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	go hs.Serve(ln)
	log.Info("admin listening", "url", "http://"+ln.Addr().String()+"/metrics", "token", token != "")
	return func() { hs.Close() }, nil
}

// The environment variables that name what serve's flags would otherwise
// show on the command line (and so in ps and /debug/pprof/cmdline).
const (
	dbEnv         = "STOLIK_DB"
	adminTokenEnv = "STOLIK_ADMIN_TOKEN"
)

// minAdminToken is the shortest token --admin takes.
const minAdminToken = 16

// adminAccess is the token the operator's listener at addr asks for:
// from --admin-token-file, else from the environment. There is no flag
// that takes the token itself, which every user of the machine could read
// in ps. Off loopback a token is needed.
func adminAccess(addr, file string) (string, error) {
	token := os.Getenv(adminTokenEnv)
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return "", usageRule(errFlagFile.Err("--admin-token-file", detail(err)))
		}
		if token = strings.TrimSpace(string(data)); token == "" {
			return "", usageRule(errFlagFileEmpty.Err("--admin-token-file", file))
		}
	}
	token = strings.TrimSpace(token)
	switch {
	case addr == "" && file != "":
		return "", usageRule(errTokenNeedsAdmin.Err())
	case addr == "":
		return "", nil
	case token != "" && len(token) < minAdminToken:
		return "", usageRule(errShortToken.Err(minAdminToken))
	case token == "" && !loopback(addr):
		return "", errAdminOpen(addr)
	}
	return token, nil
}

func errAdminOpen(addr string) error {
	return usageRule(errAdminOpenRule.Err(addr, adminTokenEnv))
}

// The errors of serve's --admin and --db-file.
var (
	errFlagFile        = engine.Rule{Code: "usage", PL: "serve: %s: %s", EN: "serve: %s: %s"}
	errFlagFileEmpty   = engine.Rule{Code: "usage", PL: "serve: %s: plik %s jest pusty", EN: "serve: %s %s is empty"}
	errTokenNeedsAdmin = engine.Rule{Code: "usage", PL: "serve: --admin-token-file wymaga --admin ADDR", EN: "serve: --admin-token-file needs --admin ADDR"}
	errShortToken      = engine.Rule{Code: "usage", PL: "serve: token --admin musi mieć co najmniej %d znaków", EN: "serve: the --admin token must have at least %d characters"}
	errAdminOpenRule   = engine.Rule{Code: "usage",
		PL: "serve: --admin %s to nie adres pętli zwrotnej: każdy, kto do niego dotrze, odczyta wskaźniki i profile; podaj token przez --admin-token-file FILE albo %s, albo słuchaj na 127.0.0.1",
		EN: "serve: --admin %s is not a loopback address: anyone who reaches it could read the metrics and profiles; give a token with --admin-token-file FILE or %s, or listen on 127.0.0.1"}
	errDBTwice = engine.Rule{Code: "usage", PL: "serve: podaj --db albo --db-file, nie oba", EN: "serve: give --db or --db-file, not both"}
)

// loopback says whether addr listens on loopback alone: a loopback IP or
// localhost. An empty host (all interfaces) or another name is not.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	return err == nil && ip.IsLoopback()
}

// database is the database serve uses: --db or --db-file (not both),
// else the environment's STOLIK_DB, else --db's default.
func database(fs *flag.FlagSet, db, file string) (string, error) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "db" })
	switch {
	case given && file != "":
		return "", usageRule(errDBTwice.Err())
	case file != "":
		data, err := os.ReadFile(file)
		if err != nil {
			return "", usageRule(errFlagFile.Err("--db-file", detail(err)))
		}
		if db = strings.TrimSpace(string(data)); db == "" {
			return "", usageRule(errFlagFileEmpty.Err("--db-file", file))
		}
	case !given && os.Getenv(dbEnv) != "":
		db = os.Getenv(dbEnv)
	}
	return db, nil
}

// printServerFigures prints what the server's own metrics counted during
// a bench server run (nil: the run ended before the warm-up did).
func printServerFigures(w io.Writer, f *server.ServerFigures, step float64, inProcess bool, l engine.Lang) {
	if f == nil {
		return
	}
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	fmt.Fprintf(w, t("  wskaźniki serwera: przyjęte ruchy: %d, odrzucone: %d\n", "  the server's metrics: %d moves accepted, %d refused\n"), f.MovesAccepted, f.MovesRefused)
	fmt.Fprintf(w, t("    opóźnienie ruchu (od odbioru do stanu wysłanego każdemu klientowi): p50 %.1f ms, p99 %.1f ms\n",
		"    move latency (received to state written to every client): p50 %.1f ms, p99 %.1f ms\n"), f.MoveP50ms, f.MoveP99ms)
	fmt.Fprintf(w, t("    zatwierdzenie ruchu w magazynie: p50 %.2f ms, p99 %.2f ms\n", "    store commit of a move: p50 %.2f ms, p99 %.2f ms\n"), f.CommitP50ms, f.CommitP99ms)
	clients := ""
	if inProcess {
		clients = t(" (klienci działają w tym procesie: ich procesor jest wliczony)", " (the clients run in this process: their CPU is included)")
	}
	fmt.Fprintf(w, t("    procesor procesu na przyjęty ruch: %.0f µs, %.0f kroków odniesienia%s\n", "    process CPU per move accepted: %.0f µs, %.0f baseline steps%s\n"),
		f.CPUPerMoveUs, f.CPUPerMoveUs*1000/step, clients)
}
