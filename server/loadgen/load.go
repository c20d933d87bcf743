// Package loadgen drives a Stolik server with clients over real
// WebSockets, one per seat, each playing random legal moves, and measures
// moves a second, move latency, CPU time and allocations per move: the
// load test behind stolik bench server and the server's allocation
// guard.
package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"runtime"

	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/server"
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
	// Target, if set, is the address of a running server (such as
	// http://127.0.0.1:8080) to drive from this process instead of one
	// started in it: tables are created and joined through its HTTP API,
	// so it must let one address create and join as many as the load
	// needs (stolik serve --create-rate 0 --join-rate 0
	// --max-tables-per-addr 0). Games, Dir and Durability are then not
	// used.
	Target string
	// Metrics is the target's /metrics address (its --admin address);
	// ServerPID its process id on this machine. Either lets the target's
	// own CPU time per move be measured; with Metrics, also its own
	// figures of latency and commits.
	Metrics   string
	ServerPID int
	// MetricsToken is the bearer token the target's --admin asks for
	// (its STOLIK_ADMIN_TOKEN), if any.
	MetricsToken string
	// ClientRate is the most moves a second each client sends: 0 for the
	// server's default limit of messages (20 a second), below 0 for no
	// pace at all (the server must allow it: stolik serve
	// --message-rate 0; a server started here does).
	ClientRate float64
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
	// and system) per move measured, in microseconds; against a target,
	// the clients' alone.
	CPUPerMoveUs float64 `json:"cpu_per_move_us"`
	// AllocsPerMove and BytesPerMove are the heap allocations of this
	// process per move measured: server and clients in the same process,
	// or the clients' alone against a target.
	AllocsPerMove float64 `json:"allocs_per_move"`
	BytesPerMove  float64 `json:"bytes_per_move"`
	// Target is the server driven, when it ran in another process, and
	// ServerCPUPerMoveUs its CPU time per move (from ServerPID or from
	// Metrics), ServerCores the cores it kept busy on average.
	Target             string  `json:"target,omitempty"`
	ServerCPUPerMoveUs float64 `json:"server_cpu_per_move_us,omitempty"`
	ServerCores        float64 `json:"server_cores,omitempty"`
	Errors             int64   `json:"errors"` // moves refused (none expected)
	// ErrorCodes counts the refusals by code.
	ErrorCodes map[string]int `json:"error_codes,omitempty"`
	// Server is what the server's own metrics counted over the same
	// time (its CPU per move includes the clients', in this process).
	Server *server.ServerFigures `json:"server,omitempty"`
}

// loadState is the part of a message a load client reads.
type loadState struct {
	Type string `json:"type"`
	Made int    `json:"made"`
	Over bool   `json:"over"`
	Code string `json:"code"`
	// Legal are the legal moves of a message read whole.
	Legal []struct {
		Move string `json:"move"`
	} `json:"legal"`
	// legal are, in a state read in place, where the legal moves'
	// notations stand in data, as JSON strings.
	legal [][2]int
	data  []byte
	whole bool // read whole: Legal holds the moves
}

// moves is how many legal moves the state lists.
func (m *loadState) moves() int {
	if m.whole {
		return len(m.Legal)
	}
	return len(m.legal)
}

// move is the i-th legal move's notation.
func (m *loadState) move(i int) string {
	if m.whole {
		return m.Legal[i].Move
	}
	raw := m.data[m.legal[i][0]:m.legal[i][1]]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	json.Unmarshal(raw, &s)
	return s
}

var (
	stateHead  = []byte(`{"type":"state"`)
	legalKey   = []byte(`,"legal":[`)
	moveKey    = []byte(`{"move":`)
	textKey    = []byte(`,"text":`)
	overKey    = []byte(`,"over":`)
	playersKey = []byte(`,"players":`)
	madeKey    = []byte(`,"made":`)
)

// readLoadState decodes what a load client needs, reading as little of a
// state message as it can and allocating nothing: the message's keys come
// in a fixed order (… view, legal, over, outcome, players, rematch, made,
// events) and a legal move is {"move":…,"text":…}, so the view is
// skipped, the legal moves are found where they stand, and over and made
// are read in place. A key cannot be mistaken inside a string (its quotes
// would be escaped), and neither the view nor the outcome has keys of
// these names, so the first occurrence after the last one found is the
// key itself. A message in another shape is decoded whole.
func readLoadState(data []byte, m *loadState) error {
	*m = loadState{legal: m.legal[:0], data: data}
	if !bytes.HasPrefix(data, stateHead) || !m.scan(data) {
		m.whole, m.Legal = true, nil
		return json.Unmarshal(data, m)
	}
	m.Type = "state"
	return nil
}

// scan reads a state message in place; false: it is not in the shape
// expected.
func (m *loadState) scan(data []byte) bool {
	i := bytes.Index(data, legalKey)
	if i < 0 {
		return false
	}
	i += len(legalKey)
	for i < len(data) && data[i] != ']' {
		if !bytes.HasPrefix(data[i:], moveKey) {
			return false
		}
		i += len(moveKey)
		end := stringEnd(data, i)
		if end < 0 {
			return false
		}
		m.legal = append(m.legal, [2]int{i, end})
		i = end
		if !bytes.HasPrefix(data[i:], textKey) {
			return false
		}
		if i = stringEnd(data, i+len(textKey)); i < 0 || i >= len(data) || data[i] != '}' {
			return false
		}
		if i++; i < len(data) && data[i] == ',' {
			i++
		}
	}
	if i++; !bytes.HasPrefix(data[min(i, len(data)):], overKey) {
		return false
	}
	i += len(overKey)
	m.Over = bytes.HasPrefix(data[i:], []byte("true"))
	j := bytes.Index(data[i:], playersKey)
	k := bytes.Index(data[i:], madeKey)
	if j < 0 || k < j {
		return false
	}
	n := 0
	for k += i + len(madeKey); k < len(data) && data[k] >= '0' && data[k] <= '9'; k++ {
		n = n*10 + int(data[k]-'0')
	}
	m.Made = n
	return true
}

// stringEnd is the index just past the JSON string that starts at i, or
// -1.
func stringEnd(data []byte, i int) int {
	if i >= len(data) || data[i] != '"' {
		return -1
	}
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// Load runs a load test.
func Load(ctx context.Context, cfg LoadConfig) (LoadResult, error) {
	res := LoadResult{Game: cfg.Game, Players: cfg.Players, Tables: cfg.Tables, Rate: cfg.Rate, Durability: string(cfg.Durability), Target: cfg.Target}
	if res.Durability == "" {
		res.Durability = string(store.Full)
	}
	var (
		base     string
		newTable func(ctx context.Context, seed uint64) (id string, tokens []string, err error)
		sample   func() server.MetricsSample // the server's counters now (nil: none)
	)
	if cfg.Target != "" {
		rt, err := newRemote(cfg)
		if err != nil {
			return res, err
		}
		defer rt.close()
		base, newTable, res.Durability = rt.base, rt.newTable, ""
		if cfg.Metrics != "" {
			if _, err := rt.scrape(ctx); err != nil {
				return res, err
			}
			sample = func() server.MetricsSample { m, _ := rt.scrape(context.Background()); return m }
		}
	} else {
		srv, stop, err := loadServer(cfg)
		if err != nil {
			return res, err
		}
		defer stop()
		base = srv.base
		newTable = srv.newTable
		sample = srv.srv.Metrics().Sample
	}
	var serverCPU func() (time.Duration, bool)
	if cfg.ServerPID > 0 {
		if _, err := processCPU(cfg.ServerPID); err != nil {
			return res, err
		}
		serverCPU = func() (time.Duration, bool) { d, err := processCPU(cfg.ServerPID); return d, err == nil }
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
	// At the end of the warm-up: this process's CPU time, the server's,
	// and its counters.
	type mark struct {
		cpu, server   time.Duration
		serverOK      bool
		allocs, bytes uint64
		metrics       *server.MetricsSample
		at            time.Time
	}
	markNow := func() mark {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		m := mark{cpu: cpuTime(), at: time.Now(), allocs: ms.Mallocs, bytes: ms.TotalAlloc}
		if serverCPU != nil {
			m.server, m.serverOK = serverCPU()
		}
		if sample != nil {
			ms := sample()
			m.metrics = &ms
		}
		return m
	}
	markFrom := make(chan mark, 1)
	warm := time.AfterFunc(cfg.Warmup, func() { markFrom <- markNow() })
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

	// A well-behaved client keeps under the server's limit of messages a
	// second (ClientRate).
	var gap time.Duration
	switch {
	case cfg.ClientRate == 0:
		gap = time.Second / server.DefaultMessageRate
	case cfg.ClientRate > 0:
		gap = time.Duration(float64(time.Second) / cfg.ClientRate)
	}

	// client plays one seat of one table until the game is over.
	client := func(id, token string, r *rand.Rand, p *pace) (over bool, err error) {
		c, _, err := websocket.Dial(ctx, strings.Replace(base, "http", "ws", 1)+"/ws/tables/"+id+"?token="+url.QueryEscape(token), nil)
		if err != nil {
			return false, err
		}
		defer c.CloseNow()
		defer context.AfterFunc(ctx, func() { c.CloseNow() })()
		c.SetReadLimit(1 << 22)
		for n := open.Add(1); ; {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		defer open.Add(-1)
		sentAt, sentMade := time.Time{}, -1
		var next time.Time
		var buf bytes.Buffer
		var m loadState // reused, with its list of legal moves
		var msg []byte
		for {
			// One buffer per client, reused: Conn.Read would allocate
			// (and grow) a new one for every message.
			_, rd, err := c.Reader(context.Background()) // closed when ctx ends
			if err != nil {
				return false, err
			}
			buf.Reset()
			if _, err := buf.ReadFrom(rd); err != nil {
				return false, err
			}
			data := buf.Bytes()
			if err := readLoadState(data, &m); err != nil {
				return false, err
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
				return true, nil
			}
			if m.moves() == 0 || sentMade >= 0 {
				continue
			}
			if pick := r.IntN(m.moves()); m.whole {
				msg, _ = json.Marshal(server.ClientMessage{Type: "move", Move: m.move(pick)})
			} else { // the notation as the server wrote it, a JSON string already
				msg = append(append(append(msg[:0], `{"type":"move","move":`...), m.data[m.legal[pick][0]:m.legal[pick][1]]...), '}')
			}
			if at := p.next(); at.After(next) {
				next = at
			}
			if wait := time.Until(next); wait > 0 {
				select {
				case <-time.After(wait):
				case <-ctx.Done():
					return false, ctx.Err()
				}
			}
			if gap > 0 {
				next = time.Now().Add(gap)
			}
			sentAt, sentMade = time.Now(), m.Made
			if err := c.Write(context.Background(), websocket.MessageText, msg); err != nil {
				return false, err
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
				id, tokens, err := newTable(ctx, r.Uint64())
				if err != nil {
					if ctx.Err() == nil {
						firstErr.CompareAndSwap(nil, err)
						cancel()
					}
					return
				}
				var cw sync.WaitGroup
				var over atomic.Bool
				for _, token := range tokens {
					cw.Add(1)
					go func(token string, seed uint64) {
						defer cw.Done()
						ended, err := client(id, token, rand.New(rand.NewPCG(seed, 1)), p)
						if err != nil && ctx.Err() == nil {
							firstErr.CompareAndSwap(nil, err)
							cancel()
						}
						if ended {
							over.Store(true)
						}
					}(token, r.Uint64())
				}
				cw.Wait()
				if over.Load() {
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
	case from := <-markFrom:
		to := markNow()
		cpu = to.cpu - from.cpu
		if n := moves.Load(); n > 0 {
			res.AllocsPerMove = float64(to.allocs-from.allocs) / float64(n)
			res.BytesPerMove = float64(to.bytes-from.bytes) / float64(n)
		}
		if from.metrics != nil && to.metrics != nil {
			f := to.metrics.Figures(*from.metrics)
			res.Server = &f
		}
		if from.serverOK && to.serverOK {
			res.ServerCores = (to.server - from.server).Seconds() / to.at.Sub(from.at).Seconds()
			if n := moves.Load(); n > 0 {
				res.ServerCPUPerMoveUs = float64(to.server-from.server) / float64(time.Microsecond) / float64(n)
			}
		} else if res.Server != nil && cfg.Target != "" && res.Server.MovesAccepted > 0 {
			res.ServerCPUPerMoveUs = res.Server.CPUPerMoveUs
			res.ServerCores = res.Server.CPUPerMoveUs * float64(res.Server.MovesAccepted) / 1e6 / to.at.Sub(from.at).Seconds()
		}
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
