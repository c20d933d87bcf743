// Package loadgen drives a Stolik server with clients over real
// WebSockets, one per seat, each playing random legal moves, and measures
// moves a second, move latency, CPU time and allocations per move: the
// load test behind stolik bench server and the server's allocation
// guard.
package loadgen

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

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
	// Protocol is the version of the socket's messages the clients ask
	// for: 1 (also when 0), the whole state after every move, or 2, the
	// changes to it (docs/protocol.md).
	Protocol int
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
	// Protocol is the version of the messages; WireBytesPerMove the
	// bytes of states (or changes) the clients were sent per move
	// measured, and MedianMessage the median of those messages, in bytes
	// as the network carries them: frame headers and payload, compressed
	// where the socket compresses (version 2's clients offer to, as
	// browsers do).
	Protocol         int     `json:"protocol"`
	WireBytesPerMove float64 `json:"wire_bytes_per_move"`
	MedianMessage    int     `json:"median_message_bytes"`
	// ErrorCodes counts the refusals by code.
	ErrorCodes map[string]int `json:"error_codes,omitempty"`
	// Server is what the server's own metrics counted over the same
	// time (its CPU per move includes the clients', in this process).
	Server *server.ServerFigures `json:"server,omitempty"`
}

// Load runs a load test.
func Load(ctx context.Context, cfg LoadConfig) (LoadResult, error) {
	res := LoadResult{Game: cfg.Game, Players: cfg.Players, Tables: cfg.Tables, Rate: cfg.Rate, Durability: string(cfg.Durability), Target: cfg.Target}
	if res.Durability == "" {
		res.Durability = string(store.Full)
	}
	r := &run{cfg: cfg, codes: map[string]int{}, moved: make(chan struct{}, 1)}
	stop, err := r.setUp(ctx, &res)
	if err != nil {
		return res, err
	}
	defer stop()
	r.ctx, r.cancel = context.WithCancel(ctx)
	defer r.cancel()
	go r.stopWhenDone()
	r.start = time.Now()
	r.measureFrom = r.start.Add(cfg.Warmup)
	markFrom := make(chan mark, 1)
	warm := time.AfterFunc(cfg.Warmup, func() { markFrom <- r.markNow() })
	defer warm.Stop()
	stopProgress := make(chan struct{})
	if cfg.Progress != nil {
		go r.reportProgress(stopProgress)
	}
	// A well-behaved client keeps under the server's limit of messages a
	// second (ClientRate).
	switch {
	case cfg.ClientRate == 0:
		r.gap = time.Second / server.DefaultMessageRate
	case cfg.ClientRate > 0:
		r.gap = time.Duration(float64(time.Second) / cfg.ClientRate)
	}
	var wg sync.WaitGroup
	for i := range cfg.Tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.playTables(i)
		}()
	}
	wg.Wait()
	close(stopProgress)
	return r.finish(res, markFrom)
}

// run is a load test under way: what its tables and clients share.
type run struct {
	cfg         LoadConfig
	ctx         context.Context
	cancel      context.CancelFunc
	start       time.Time
	measureFrom time.Time     // the end of the warm-up
	gap         time.Duration // the least time between a client's moves
	base        string        // the server's address
	newTable    func(ctx context.Context, seed uint64) (id string, tokens []string, err error)
	sample      func() server.MetricsSample  // the server's counters now (nil: none)
	serverCPU   func() (time.Duration, bool) // the server's CPU time now (nil: unknown)

	mu                sync.Mutex
	latencies         []time.Duration
	sizes             []int          // of the messages measured
	codes             map[string]int // refusals by code
	moves, done, errs atomic.Int64
	open, peak        atomic.Int64  // connections open, the most at once
	moved             chan struct{} // a move was measured
	firstErr          atomic.Value
}

// setUp starts the server, or reaches the target, and says how to create
// tables in it and read its counters; stop lets it go.
func (r *run) setUp(ctx context.Context, res *LoadResult) (stop func(), err error) {
	cfg := r.cfg
	stop = func() {}
	if cfg.Target != "" {
		rt, err := newRemote(cfg)
		if err != nil {
			return nil, err
		}
		stop = rt.close
		r.base, r.newTable, res.Durability = rt.base, rt.newTable, ""
		if cfg.Metrics != "" {
			if _, err := rt.scrape(ctx); err != nil {
				stop()
				return nil, err
			}
			r.sample = func() server.MetricsSample { m, _ := rt.scrape(context.Background()); return m }
		}
	} else {
		srv, stopServer, err := loadServer(cfg)
		if err != nil {
			return nil, err
		}
		stop = stopServer
		r.base, r.newTable, r.sample = srv.base, srv.newTable, srv.srv.Metrics().Sample
	}
	if cfg.ServerPID > 0 {
		if _, err := processCPU(cfg.ServerPID); err != nil {
			stop()
			return nil, err
		}
		r.serverCPU = func() (time.Duration, bool) { d, err := processCPU(cfg.ServerPID); return d, err == nil }
	}
	return stop, nil
}

// stopWhenDone ends the run when Duration is over and MinMoves were
// measured.
func (r *run) stopWhenDone() {
	timer := time.NewTimer(r.cfg.Duration)
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-r.ctx.Done():
		return
	}
	for r.moves.Load() < r.cfg.MinMoves {
		select {
		case <-r.moved:
		case <-r.ctx.Done():
			return
		}
	}
	r.cancel()
}

// mark is this process's CPU time and allocations, the server's CPU time
// and its counters, at one moment (the end of the warm-up, the end).
type mark struct {
	cpu, server   time.Duration
	serverOK      bool
	allocs, bytes uint64
	metrics       *server.MetricsSample
	at            time.Time
}

func (r *run) markNow() mark {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	m := mark{cpu: cpuTime(), at: time.Now(), allocs: ms.Mallocs, bytes: ms.TotalAlloc}
	if r.serverCPU != nil {
		m.server, m.serverOK = r.serverCPU()
	}
	if r.sample != nil {
		ms := r.sample()
		m.metrics = &ms
	}
	return m
}

// reportProgress calls Progress once a second until stop is closed.
func (r *run) reportProgress(stop <-chan struct{}) {
	cfg := r.cfg
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			el := max(time.Since(r.measureFrom).Seconds(), 1e-3)
			cfg.Progress(LoadResult{Game: cfg.Game, Players: cfg.Players, Tables: cfg.Tables, Connections: int(r.open.Load()),
				Moves: r.moves.Load(), Games: r.done.Load(), Seconds: el, MovesPerS: float64(r.moves.Load()) / el, Errors: r.errs.Load()})
		case <-stop:
			return
		}
	}
}

// fail ends the run with err, the first error seen, unless it is ending
// anyway.
func (r *run) fail(err error) {
	if r.ctx.Err() == nil {
		r.firstErr.CompareAndSwap(nil, err)
		r.cancel()
	}
}

// playTables keeps one table in play after another, the i-th of the
// run's, until the run ends.
func (r *run) playTables(i int) {
	rnd := rand.New(rand.NewPCG(uint64(i), 7))
	p := &pace{}
	if r.cfg.Rate > 0 {
		p.every = time.Duration(float64(r.cfg.Tables) / r.cfg.Rate * float64(time.Second))
		p.at = r.start.Add(time.Duration(rnd.Int64N(int64(p.every) + 1))) // spread the tables out
	}
	for r.ctx.Err() == nil {
		id, tokens, err := r.newTable(r.ctx, rnd.Uint64())
		if err != nil {
			r.fail(err)
			return
		}
		var cw sync.WaitGroup
		var over atomic.Bool
		for _, token := range tokens {
			cw.Add(1)
			go func(token string, seed uint64) {
				defer cw.Done()
				ended, err := r.play(id, token, rand.New(rand.NewPCG(seed, 1)), p)
				if err != nil {
					r.fail(err)
				}
				if ended {
					over.Store(true)
				}
			}(token, rnd.Uint64())
		}
		cw.Wait()
		if over.Load() {
			r.done.Add(1)
		}
	}
}

// finish fills in what the run measured, from the marks at the end of the
// warm-up and now.
func (r *run) finish(res LoadResult, markFrom <-chan mark) (LoadResult, error) {
	el := time.Since(r.measureFrom)
	var cpu time.Duration
	select {
	case from := <-markFrom:
		to := r.markNow()
		cpu = to.cpu - from.cpu
		r.serverFigures(&res, from, to)
	default: // stopped before the warm-up was over
	}
	if e, ok := r.firstErr.Load().(error); ok && !errors.Is(e, context.Canceled) && !errors.Is(e, context.DeadlineExceeded) {
		return res, fmt.Errorf("load: %w", e)
	}
	res.Connections, res.Moves, res.Games, res.Errors, res.ErrorCodes = int(r.peak.Load()), r.moves.Load(), r.done.Load(), r.errs.Load(), r.codes
	res.Seconds, res.WarmupS = el.Seconds(), r.cfg.Warmup.Seconds()
	res.MovesPerS = float64(res.Moves) / res.Seconds
	if res.Moves > 0 {
		res.CPUPerMoveUs = float64(cpu) / float64(time.Microsecond) / float64(res.Moves)
	}
	res.Protocol = max(r.cfg.Protocol, 1)
	slices.Sort(r.sizes)
	if n := len(r.sizes); n > 0 && res.Moves > 0 {
		total := 0
		for _, b := range r.sizes {
			total += b
		}
		res.WireBytesPerMove, res.MedianMessage = float64(total)/float64(res.Moves), r.sizes[n/2]
	}
	slices.Sort(r.latencies)
	if n := len(r.latencies); n > 0 {
		ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
		res.P50ms, res.P99ms, res.MaxMs = ms(r.latencies[n/2]), ms(r.latencies[n*99/100]), ms(r.latencies[n-1])
	}
	return res, nil
}

// serverFigures fills in the allocations per move and the server's own
// figures between the marks from and to.
func (r *run) serverFigures(res *LoadResult, from, to mark) {
	n := r.moves.Load()
	if n > 0 {
		res.AllocsPerMove = float64(to.allocs-from.allocs) / float64(n)
		res.BytesPerMove = float64(to.bytes-from.bytes) / float64(n)
	}
	if from.metrics != nil && to.metrics != nil {
		f := to.metrics.Figures(*from.metrics)
		res.Server = &f
	}
	if from.serverOK && to.serverOK {
		res.ServerCores = (to.server - from.server).Seconds() / to.at.Sub(from.at).Seconds()
		if n > 0 {
			res.ServerCPUPerMoveUs = float64(to.server-from.server) / float64(time.Microsecond) / float64(n)
		}
	} else if res.Server != nil && r.cfg.Target != "" && res.Server.MovesAccepted > 0 {
		res.ServerCPUPerMoveUs = res.Server.CPUPerMoveUs
		res.ServerCores = res.Server.CPUPerMoveUs * float64(res.Server.MovesAccepted) / 1e6 / to.at.Sub(from.at).Seconds()
	}
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
