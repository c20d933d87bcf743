package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"stolik/engine"
	"stolik/server"
	"stolik/store"
)

// loadLocal is the server a load test starts in its own process.
type loadLocal struct {
	base    string
	srv     *server.Server
	seats   []string
	game    string
	players int
}

// loadServer starts a server with the SQLite store on 127.0.0.1 for cfg;
// stop ends it and removes what it made.
func loadServer(cfg LoadConfig) (*loadLocal, func(), error) {
	var undo []func()
	stop := func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	dir := cfg.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "stolik-load-")
		if err != nil {
			return nil, stop, err
		}
		undo = append(undo, func() { os.RemoveAll(d) })
		dir = d
	}
	durability := cfg.Durability
	if durability == "" {
		durability = store.Full
	}
	st, err := store.OpenSQLiteWith(filepath.Join(dir, "load.db"), durability)
	if err != nil {
		stop()
		return nil, nil, err
	}
	undo = append(undo, func() { st.Close() })
	// Every client is this process, at one address.
	lim := server.DefaultLimits()
	lim.SocketsPerAddress = 0
	scfg := server.Config{Store: st, Games: cfg.Games, Logger: slog.New(slog.DiscardHandler), Limits: &lim}
	if cfg.ClientRate < 0 {
		scfg.MessageRate, scfg.MessageBurst = math.MaxFloat64, math.MaxFloat64
	}
	srv, err := server.New(scfg)
	if err != nil {
		stop()
		return nil, nil, err
	}
	undo = append(undo, func() { srv.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		stop()
		return nil, nil, err
	}
	hs := server.HTTPServer(srv.Handler())
	go hs.Serve(ln)
	undo = append(undo, func() { hs.Close() })
	l := &loadLocal{base: "http://" + ln.Addr().String(), srv: srv, game: cfg.Game, players: cfg.Players}
	for range cfg.Players {
		l.seats = append(l.seats, "human")
	}
	return l, stop, nil
}

// newTable creates a table in the server and a token for each seat.
func (l *loadLocal) newTable(ctx context.Context, seed uint64) (string, []string, error) {
	t, _, err := l.srv.Create(ctx, server.Spec{Game: l.game, Options: map[string]any{"players": l.players}, Seats: l.seats, Seed: seed})
	if err != nil {
		return "", nil, err
	}
	var tokens []string
	for seat := range l.seats {
		token, err := t.Mint(ctx, engine.Seat(seat))
		if err != nil {
			return "", nil, err
		}
		tokens = append(tokens, token)
	}
	return t.ID(), tokens, nil
}

// loadRemote drives a server running elsewhere through its HTTP API.
type loadRemote struct {
	base, metrics string
	metricsToken  string
	game          string
	players       int
	hc            *http.Client
}

func newRemote(cfg LoadConfig) (*loadRemote, error) {
	u, err := url.Parse(cfg.Target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("target %q: want the server's address, such as http://127.0.0.1:8080", cfg.Target)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 64
	r := &loadRemote{base: strings.TrimSuffix(u.String(), "/"), metrics: cfg.Metrics, metricsToken: cfg.MetricsToken, game: cfg.Game, players: cfg.Players,
		hc: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
	if r.metrics != "" && !strings.Contains(r.metrics, "://") {
		r.metrics = "http://" + r.metrics
	}
	if r.metrics != "" && !strings.HasSuffix(r.metrics, "/metrics") {
		r.metrics = strings.TrimSuffix(r.metrics, "/") + "/metrics"
	}
	return r, nil
}

func (r *loadRemote) close() { r.hc.CloseIdleConnections() }

// errLimited is a target's 429: it limits what one address may create.
var errLimited = errors.New("the target limits the tables one address may create or join: start it with --create-rate 0 --join-rate 0 --max-tables-per-addr 0 for a load test")

// post sends body as JSON and reads the answer into out.
func (r *loadRemote) post(ctx context.Context, path string, body, out any) error {
	data, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("POST %s: %w (%s)", path, errLimited, bytes.TrimSpace(raw))
	case resp.StatusCode/100 != 2:
		return fmt.Errorf("POST %s: %s: %s", path, resp.Status, bytes.TrimSpace(raw))
	}
	return json.Unmarshal(raw, out)
}

// newTable creates a table of people, its creator at seat 0, and claims
// the other seats with the invitations it is given.
func (r *loadRemote) newTable(ctx context.Context, _ uint64) (string, []string, error) {
	seats := make([]string, r.players)
	for i := range seats {
		seats[i] = "human"
	}
	var c server.Created
	if err := r.post(ctx, "/api/tables", map[string]any{"game": r.game, "options": map[string]any{"players": r.players}, "seats": seats, "name": "bench", "seat": 0}, &c); err != nil {
		return "", nil, err
	}
	tokens := make([]string, r.players)
	if c.Seat < 0 || c.Seat >= r.players || c.Token == "" {
		return "", nil, fmt.Errorf("creating a table: no seat in the answer")
	}
	tokens[c.Seat] = c.Token
	for _, inv := range c.Invites {
		var st server.SeatToken
		if err := r.post(ctx, "/api/tables/"+c.ID+"/join", map[string]any{"invite": inv.Code, "name": "bench"}, &st); err != nil {
			return "", nil, err
		}
		if st.Seat < 0 || st.Seat >= r.players {
			return "", nil, fmt.Errorf("joining table %s: seat %d", c.ID, st.Seat)
		}
		tokens[st.Seat] = st.Token
	}
	for i, t := range tokens {
		if t == "" {
			return "", nil, fmt.Errorf("table %s: no invitation for seat %d", c.ID, i)
		}
	}
	return c.ID, tokens, nil
}

// scrape reads the target's /metrics.
func (r *loadRemote) scrape(ctx context.Context) (server.MetricsSample, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.metrics, nil)
	if err != nil {
		return server.MetricsSample{}, err
	}
	if r.metricsToken != "" {
		req.Header.Set("Authorization", "Bearer "+r.metricsToken)
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return server.MetricsSample{}, fmt.Errorf("reading the target's metrics: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return server.MetricsSample{}, fmt.Errorf("reading the target's metrics: %s", resp.Status)
	}
	s, err := server.ReadMetricsSample(resp.Body)
	if err != nil {
		return s, fmt.Errorf("reading the target's metrics: %w", err)
	}
	return s, nil
}

// processCPU is the CPU time (user and system) process pid has used, from
// /proc/PID/stat, in clock ticks of 10 ms (USER_HZ, 100 on Linux).
func processCPU(pid int) (time.Duration, error) {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, fmt.Errorf("the server's CPU time: %w", err)
	}
	// The command name (field 2) is in parentheses and may hold spaces:
	// the fields are counted from after its closing one.
	i := bytes.LastIndexByte(raw, ')')
	if i < 0 {
		return 0, fmt.Errorf("the server's CPU time: /proc/%d/stat does not read", pid)
	}
	f := strings.Fields(string(raw[i+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("the server's CPU time: /proc/%d/stat does not read", pid)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64) // field 14
	stime, err2 := strconv.ParseInt(f[12], 10, 64) // field 15
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("the server's CPU time: /proc/%d/stat does not read", pid)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}
