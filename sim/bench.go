package sim

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"stolik/bots"
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
	// Search holds the search bot's figures (bench --search).
	Search *SearchBench `json:"search,omitempty"`
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

// SearchBench are the search figures of `stolik bench`: how fast the
// search bot (mcts) plays out positions of the game, and what share of a
// playout the copy of the position and its determinization take.
type SearchBench struct {
	Positions     int     `json:"positions"`
	Playouts      int     `json:"playouts"`
	PlayoutsPerS  float64 `json:"playouts_per_s"`  // search iterations a second, tree and playout included
	CopyNs        float64 `json:"copy_ns"`         // CopyFrom (or Clone where the game has no CopyFrom)
	DeterminizeNs float64 `json:"determinize_ns"`  //
	CopyShare     float64 `json:"copy_share"`      // (copy + determinize) / one iteration
	DecisionMs    float64 `json:"decision_ms"`     // the mean time of an expert decision's playouts at this rate
	ExpertPlayout int     `json:"expert_playouts"` // the expert level's playouts per decision
	UsesCopyFrom  bool    `json:"uses_copy_from"`  //
	Evaluates     bool    `json:"evaluates"`       // playouts stop early with the game's evaluation
	Policy        float64 `json:"playout_policy"`  // share of playout moves from the game's policy
}

// BenchSearch measures the search on one goroutine for about d, from
// positions met in seeded random games.
func BenchSearch(g engine.Game, opts engine.Options, d time.Duration) (SearchBench, error) {
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	var res SearchBench
	r := engine.NewRand(3)
	// Positions: every 7th decision of a few random games.
	var positions []engine.State
	var seats []engine.Seat
	var buf []engine.Move
	for seed := uint64(1); len(positions) < 24 && seed < 200; seed++ {
		st, err := g.New(opts, nil, seed)
		if err != nil {
			return res, err
		}
		for n := 0; len(st.Pending()) > 0 && n < 100000; n++ {
			p := st.Pending()[0]
			buf = st.Legal(p, buf[:0])
			if n%7 == 3 && len(buf) > 1 && len(positions) < 24 {
				c := st.Clone()
				c.Determinize(p, r)
				positions, seats = append(positions, c), append(seats, p)
			}
			if _, err := st.Apply(p, buf[r.IntN(len(buf))]); err != nil {
				return res, err
			}
		}
	}
	if len(positions) == 0 {
		return res, fmt.Errorf("no position with a choice in 200 games")
	}
	res.Positions = len(positions)
	// The copy and the determinization, alone.
	scratch := positions[0].Clone()
	cp, hasCopy := scratch.(engine.Copier)
	res.UsesCopyFrom = hasCopy
	const reps = 2000
	t := time.Now()
	for i := range reps {
		if hasCopy {
			cp.CopyFrom(positions[i%len(positions)])
		} else {
			scratch = positions[i%len(positions)].Clone()
		}
	}
	res.CopyNs = float64(time.Since(t).Nanoseconds()) / reps
	var dets time.Duration
	for i := range reps {
		k := i % len(positions)
		if hasCopy {
			cp.CopyFrom(positions[k])
		} else {
			scratch = positions[k].Clone()
		}
		t := time.Now()
		scratch.Determinize(seats[k], r)
		dets += time.Since(t)
	}
	res.DeterminizeNs = float64(dets.Nanoseconds()) / reps
	// Search iterations: each position searched with a fixed number of
	// playouts, round after round, for about d.
	bot, err := bots.NewMCTS(g, "200")
	if err != nil {
		return res, err
	}
	expert, _ := bots.NewMCTS(g, "expert")
	start := time.Now()
	for time.Since(start) < d {
		for k, st := range positions {
			if _, err := bot.Choose(st, seats[k], r); err != nil {
				return res, err
			}
			res.Playouts += bot.Last.Iterations
		}
	}
	el := time.Since(start).Seconds()
	res.PlayoutsPerS = float64(res.Playouts) / el
	tune := expert.Tuning(positions[0].Seats())
	res.ExpertPlayout = tune.Iterations[len(tune.Iterations)-1]
	res.Evaluates = tune.PlayoutDepth > 0
	res.Policy = tune.Policy
	res.CopyShare = (res.CopyNs + res.DeterminizeNs) * res.PlayoutsPerS / 1e9
	res.DecisionMs = 1000 * float64(res.ExpertPlayout) / res.PlayoutsPerS
	return res, nil
}
