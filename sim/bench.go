package sim

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"stolik/engine"
)

// BenchResult are the throughput figures of `stolik bench`.
type BenchResult struct {
	Game           string  `json:"game"`
	Players        int     `json:"players"`
	Games          int     `json:"games"`
	Moves          int     `json:"moves"`
	ElapsedS       float64 `json:"elapsed_s"`
	GamesPerS      float64 `json:"games_per_s"`
	MovesPerS      float64 `json:"moves_per_s"`
	AllocsPerApply float64 `json:"allocs_per_apply"`
	AllocsPerSetup float64 `json:"allocs_per_setup"`
	CloneNs        float64 `json:"clone_ns"`
	// BaselineStepNs is the time of one step of a fixed integer loop (a
	// splitmix64 chain) measured in the same run; GameCostSteps is one
	// game's time in those steps, a figure that compares across machines.
	BaselineStepNs float64 `json:"baseline_step_ns"`
	GameCostSteps  float64 `json:"game_cost_baseline_steps"`
}

// RandomPlayout plays st to the end with uniformly random legal moves and
// returns the number of moves. buf is reused to avoid allocation.
func RandomPlayout(st engine.State, r *rand.Rand, buf []engine.Move, max int) (int, []engine.Move, error) {
	n := 0
	for {
		p := st.Pending()
		if len(p) == 0 {
			return n, buf, nil
		}
		if n >= max {
			return n, buf, fmt.Errorf("no outcome after %d moves", max)
		}
		s := p[0]
		if len(p) > 1 {
			s = p[r.IntN(len(p))]
		}
		buf = st.Legal(s, buf[:0])
		if _, err := st.Apply(s, buf[r.IntN(len(buf))]); err != nil {
			return n, buf, err
		}
		n++
	}
}

// Bench measures random play on one goroutine for about d.
func Bench(g engine.Game, opts engine.Options, d time.Duration) (BenchResult, error) {
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	res := BenchResult{Game: g.Name(), Players: opts.Int("players")}
	r := engine.NewRand(1)
	var buf []engine.Move

	// Allocations: set up a batch, then play it, counting each phase.
	const batch = 500
	states := make([]engine.State, batch)
	var m0, m1, m2 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for i := range states {
		st, err := g.New(opts, nil, uint64(i)+1)
		if err != nil {
			return res, err
		}
		states[i] = st
	}
	runtime.ReadMemStats(&m1)
	moves := 0
	buf = make([]engine.Move, 0, 256)
	for _, st := range states {
		n, b, err := RandomPlayout(st, r, buf, 1_000_000)
		if err != nil {
			return res, err
		}
		buf = b
		moves += n
	}
	runtime.ReadMemStats(&m2)
	res.AllocsPerSetup = float64(m1.Mallocs-m0.Mallocs) / batch
	res.AllocsPerApply = float64(m2.Mallocs-m1.Mallocs) / float64(moves)

	// Throughput: whole games, set-up included.
	start := time.Now()
	seed := uint64(1_000_000)
	for time.Since(start) < d {
		for range 64 {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				return res, err
			}
			seed++
			n, b, err := RandomPlayout(st, r, buf, 1_000_000)
			if err != nil {
				return res, err
			}
			buf = b
			res.Moves += n
			res.Games++
		}
	}
	res.ElapsedS = time.Since(start).Seconds()
	res.GamesPerS = float64(res.Games) / res.ElapsedS
	res.MovesPerS = float64(res.Moves) / res.ElapsedS

	// Clone of a mid-game state.
	st, err := g.New(opts, nil, 7)
	if err != nil {
		return res, err
	}
	for range 6 {
		if p := st.Pending(); len(p) > 0 {
			buf = st.Legal(p[0], buf[:0])
			if _, err := st.Apply(p[0], buf[0]); err != nil {
				return res, err
			}
		}
	}
	const clones = 200000
	var sink engine.State
	t := time.Now()
	for range clones {
		sink = st.Clone()
	}
	res.CloneNs = float64(time.Since(t).Nanoseconds()) / clones
	_ = sink
	res.BaselineStepNs = Baseline() / BaselineSteps
	res.GameCostSteps = 1e9 / res.GamesPerS / res.BaselineStepNs
	return res, nil
}

var baselineSink uint64

// BaselineSteps is the number of steps Baseline times.
const BaselineSteps = 1 << 22

// Baseline times a fixed loop of integer work (a splitmix64 chain of 2^22
// steps) in nanoseconds, the best of three: the yardstick for ratios.
func Baseline() float64 {
	best := 0.0
	for range 3 {
		t := time.Now()
		x := uint64(1)
		for range BaselineSteps {
			x = engine.SplitMix(x)
		}
		baselineSink += x
		ns := float64(time.Since(t).Nanoseconds())
		if best == 0 || ns < best {
			best = ns
		}
	}
	return best
}
