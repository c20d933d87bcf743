package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"

	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/store"
)

// LoadConfig is a load test: Tables tables of Game played at once by
// clients over real WebSockets on 127.0.0.1, one client per seat, each
// picking a random legal move from the state it is sent, against a real
// server with the SQLite store. A finished table is replaced by a new one
// until Duration is over.
type LoadConfig struct {
	Games    []engine.Game
	Game     string
	Players  int
	Tables   int
	Duration time.Duration
	// Warmup is the first part of Duration, not measured: the tables are
	// set up and the connections opened (all at once) meanwhile.
	Warmup time.Duration
	// Rate, if set, paces the clients to about this many moves a second in
	// all (each table moves at Rate/Tables), so that latency is measured
	// under a given load rather than at saturation.
	Rate float64
	// Dir holds the database (a temporary directory when empty).
	Dir string
	// Durability is the store's (store.Full when empty).
	Durability store.Durability
	// MinMoves, if set, keeps the run going past Duration until so many
	// moves were measured: a floor for tests on a busy machine.
	MinMoves int64
	// Progress, if set, is called about once a second.
	Progress func(LoadResult)
}

// LoadResult is what a load test measured.
type LoadResult struct {
	Game        string  `json:"game"`
	Players     int     `json:"players"`
	Tables      int     `json:"tables"`
	Rate        float64 `json:"rate,omitempty"` // the pace asked for (moves/s), 0: as fast as possible
	Durability  string  `json:"durability"`
	Connections int     `json:"connections"` // the most open at once
	Moves       int64   `json:"moves"`
	Games       int64   `json:"games"`
	Seconds     float64 `json:"seconds"` // measured, after the warm-up
	WarmupS     float64 `json:"warmup_s"`
	MovesPerS   float64 `json:"moves_per_s"`
	// Latency of a move: from sending it to receiving the state that
	// includes it (stored, applied and broadcast), in milliseconds.
	P50ms float64 `json:"p50_ms"`
	P99ms float64 `json:"p99_ms"`
	MaxMs float64 `json:"max_ms"`
	// CPUPerMoveUs is the process's CPU time (server and clients, user
	// and system) per move measured, in microseconds.
	CPUPerMoveUs float64 `json:"cpu_per_move_us"`
	Errors       int64   `json:"errors"` // moves refused (none expected)
	// ErrorCodes counts the refusals by code.
	ErrorCodes map[string]int `json:"error_codes,omitempty"`
	// Server is what the server's own metrics counted over the same
	// time (its CPU per move includes the clients', in this process).
	Server *ServerFigures `json:"server,omitempty"`
}

// loadState is the part of a message a load client reads.
type loadState struct {
	Type  string `json:"type"`
	Made  int    `json:"made"`
	Legal []struct {
		Move string `json:"move"`
	} `json:"legal"`
	Over bool   `json:"over"`
	Code string `json:"code"`
}

var (
	stateHead  = []byte(`{"type":"state"`)
	legalKey   = []byte(`,"legal":`)
	playersKey = []byte(`,"players":`)
	madeKey    = []byte(`,"made":`)
)

// readLoadState decodes what a load client needs, reading as little of a
// state message as it can: the message's keys come in a fixed order
// (… view, legal, over, outcome, players, rematch, made, events), so the
// view is skipped, legal/over/outcome are decoded as an object of their
// own, and made is read where it stands. A key cannot be mistaken inside
// a string (its quotes would be escaped), and neither the view nor the
// outcome has keys of these names, so the first occurrence after the
// last one found is the key itself.
func readLoadState(data []byte, m *loadState) error {
	if !bytes.HasPrefix(data, stateHead) {
		return json.Unmarshal(data, m)
	}
	m.Type = "state"
	i := bytes.Index(data, legalKey)
	j := bytes.Index(data[max(i, 0):], playersKey)
	k := bytes.Index(data[max(i, 0):], madeKey)
	if i < 0 || j < 0 || k < j {
		return errors.New("a state message that does not read as the protocol says")
	}
	j, k = i+j, i+k
	mid := append([]byte{'{'}, data[i+1:j]...)
	if err := json.Unmarshal(append(mid, '}'), m); err != nil {
		return err
	}
	rest := data[k+len(madeKey):]
	n := bytes.IndexAny(rest, ",}")
	if n < 0 {
		return errors.New("a state message cut short")
	}
	return json.Unmarshal(rest[:n], &m.Made)
}

// Load runs a load test.
func Load(ctx context.Context, cfg LoadConfig) (LoadResult, error) {
	res := LoadResult{Game: cfg.Game, Players: cfg.Players, Tables: cfg.Tables, Rate: cfg.Rate, Durability: string(cfg.Durability)}
	if res.Durability == "" {
		res.Durability = string(store.Full)
	}
	dir := cfg.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "stolik-load-")
		if err != nil {
			return res, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	durability := cfg.Durability
	if durability == "" {
		durability = store.Full
	}
	st, err := store.OpenSQLiteWith(filepath.Join(dir, "load.db"), durability)
	if err != nil {
		return res, err
	}
	defer st.Close()
	srv, err := New(Config{Store: st, Games: cfg.Games, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return res, err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return res, err
	}
	hs := HTTPServer(srv.Handler())
	go hs.Serve(ln)
	defer hs.Close()
	base := "http://" + ln.Addr().String()

	seats := make([]string, cfg.Players)
	for i := range seats {
		seats[i] = "human"
	}
	var (
		mu          sync.Mutex
		latencies   []time.Duration
		codes       = map[string]int{}
		moves, done atomic.Int64
		errs        atomic.Int64
		open, peak  atomic.Int64
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	moved := make(chan struct{}, 1) // a move was measured
	go func() {
		timer := time.NewTimer(cfg.Duration)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-ctx.Done():
			return
		}
		for moves.Load() < cfg.MinMoves {
			select {
			case <-moved:
			case <-ctx.Done():
				return
			}
		}
		cancel()
	}()
	start := time.Now()
	measureFrom := start.Add(cfg.Warmup)
	cpuFrom := make(chan time.Duration, 1)
	metricsFrom := make(chan metricsSample, 1)
	warm := time.AfterFunc(cfg.Warmup, func() { cpuFrom <- cpuTime(); metricsFrom <- srv.metrics.sample() })
	defer warm.Stop()
	stopProgress := make(chan struct{})
	if cfg.Progress != nil {
		go func() {
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				select {
				case <-tick.C:
					el := max(time.Since(measureFrom).Seconds(), 1e-3)
					cfg.Progress(LoadResult{Game: cfg.Game, Players: cfg.Players, Tables: cfg.Tables, Connections: int(open.Load()),
						Moves: moves.Load(), Games: done.Load(), Seconds: el, MovesPerS: float64(moves.Load()) / el, Errors: errs.Load()})
				case <-stopProgress:
					return
				}
			}
		}()
	}

	// client plays one seat of one table until the game is over.
	client := func(id, token string, r *rand.Rand, p *pace) error {
		c, _, err := websocket.Dial(ctx, strings.Replace(base, "http", "ws", 1)+"/ws/tables/"+id+"?token="+token, nil)
		if err != nil {
			return err
		}
		defer c.CloseNow()
		c.SetReadLimit(1 << 22)
		for n := open.Add(1); ; {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		defer open.Add(-1)
		sentAt, sentMade := time.Time{}, -1
		// A well-behaved client keeps under the server's rate limit.
		var next time.Time
		var buf bytes.Buffer
		for {
			// One buffer per client, reused: Conn.Read would allocate
			// (and grow) a new one for every message.
			_, rd, err := c.Reader(ctx)
			if err != nil {
				return err
			}
			buf.Reset()
			if _, err := buf.ReadFrom(rd); err != nil {
				return err
			}
			data := buf.Bytes()
			var m loadState
			if err := readLoadState(data, &m); err != nil {
				return err
			}
			switch m.Type {
			case "error":
				errs.Add(1)
				mu.Lock()
				codes[m.Code]++
				mu.Unlock()
				sentMade = -1
				continue
			case "state":
			default:
				continue
			}
			if sentMade >= 0 && m.Made > sentMade {
				if sentAt.After(measureFrom) {
					lat := time.Since(sentAt)
					mu.Lock()
					latencies = append(latencies, lat)
					mu.Unlock()
					moves.Add(1)
					select {
					case moved <- struct{}{}:
					default:
					}
				}
				sentMade = -1
			}
			if m.Over {
				return nil
			}
			if len(m.Legal) == 0 || sentMade >= 0 {
				continue
			}
			msg, _ := json.Marshal(ClientMessage{Type: "move", Move: m.Legal[r.IntN(len(m.Legal))].Move})
			if at := p.next(); at.After(next) {
				next = at
			}
			if wait := time.Until(next); wait > 0 {
				select {
				case <-time.After(wait):
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			next = time.Now().Add(time.Second / rateLimit)
			sentAt, sentMade = time.Now(), m.Made
			if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
				return err
			}
		}
	}
	// table keeps one table in play after another.
	var wg sync.WaitGroup
	var firstErr atomic.Value
	for i := 0; i < cfg.Tables; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 7))
			p := &pace{}
			if cfg.Rate > 0 {
				p.every = time.Duration(float64(cfg.Tables) / cfg.Rate * float64(time.Second))
				p.at = start.Add(time.Duration(r.Int64N(int64(p.every) + 1))) // spread the tables out
			}
			for ctx.Err() == nil {
				t, _, err := srv.Create(ctx, Spec{Game: cfg.Game, Options: map[string]any{"players": cfg.Players}, Seats: seats, Seed: r.Uint64()})
				var tokens []string
				for seat := range seats {
					if err == nil {
						var token string
						token, err = t.mint(ctx, engine.Seat(seat))
						tokens = append(tokens, token)
					}
				}
				if err != nil {
					if ctx.Err() == nil {
						firstErr.CompareAndSwap(nil, err)
					}
					return
				}
				var cw sync.WaitGroup
				for _, token := range tokens {
					cw.Add(1)
					go func(token string, seed uint64) {
						defer cw.Done()
						err := client(t.ID(), token, rand.New(rand.NewPCG(seed, 1)), p)
						if err != nil && ctx.Err() == nil {
							firstErr.CompareAndSwap(nil, err)
							cancel()
						}
					}(token, r.Uint64())
				}
				cw.Wait()
				if _, over := t.Outcome(); over {
					done.Add(1)
				}
			}
		}(i)
	}
	wg.Wait()
	close(stopProgress)
	el := time.Since(measureFrom)
	var cpu time.Duration
	select {
	case c := <-cpuFrom:
		cpu = cpuTime() - c
		f := srv.metrics.sample().figures(<-metricsFrom)
		res.Server = &f
	default: // stopped before the warm-up was over
	}
	if e, ok := firstErr.Load().(error); ok && !errors.Is(e, context.Canceled) && !errors.Is(e, context.DeadlineExceeded) {
		return res, fmt.Errorf("load: %w", e)
	}
	res.Connections, res.Moves, res.Games, res.Errors, res.ErrorCodes = int(peak.Load()), moves.Load(), done.Load(), errs.Load(), codes
	res.Seconds, res.WarmupS = el.Seconds(), cfg.Warmup.Seconds()
	res.MovesPerS = float64(res.Moves) / res.Seconds
	if res.Moves > 0 {
		res.CPUPerMoveUs = float64(cpu) / float64(time.Microsecond) / float64(res.Moves)
	}
	slices.Sort(latencies)
	if n := len(latencies); n > 0 {
		ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
		res.P50ms, res.P99ms, res.MaxMs = ms(latencies[n/2]), ms(latencies[n*99/100]), ms(latencies[n-1])
	}
	return res, nil
}

// pace spaces a table's moves (all its clients share it); zero: no pace.
type pace struct {
	mu    sync.Mutex
	every time.Duration
	at    time.Time
}

// next is when the table's next move may be sent.
func (p *pace) next() time.Time {
	if p.every == 0 {
		return time.Time{}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.at.Before(now) {
		p.at = now
	}
	at := p.at
	p.at = p.at.Add(p.every)
	return at
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
