package enginetest

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"stolik/engine"
)

// RunSearch checks what a game offers search bots (engine/search.go), over
// seeded random games of every variant of cfg (cfg.Games/10 games each, at
// least 10):
//
//   - CopyFrom (engine.Copier): a state of another game made into a copy
//     of a position hashes and snapshots like it, plays on exactly like a
//     clone of it under the same moves, and playing it on leaves the
//     position untouched;
//   - Evaluate (engine.Evaluator): one share in [0, 1] per seat, summing
//     to about 1 (within 0.05) while the game goes on, and to the winners'
//     shares once it is over; it changes nothing;
//   - PlayoutMove (engine.Playouter): for a pending seat, a move that
//     Legal lists; for any other seat, none; it changes nothing.
//
// A game that implements none of them fails: the check would prove
// nothing.
func RunSearch(t *testing.T, cfg Config) {
	t.Helper()
	games := max(cfg.Games/10, 10)
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 10000
	}
	for _, v := range cfg.Variants {
		t.Run(variantName(v), func(t *testing.T) {
			t.Parallel()
			opts, err := engine.ResolveOptions(cfg.Game.Options(), v)
			if err != nil {
				t.Fatalf("options %v: %v", v, err)
			}
			var seen [3]int
			for i := range games {
				seed := engine.DeriveSeed(cfg.Seed, uint64(i), 0x5e)
				searchGame(t, cfg, opts, seed, &seen)
				if t.Failed() {
					t.Fatalf("stopped at the game with seed %d", seed)
				}
			}
			if seen == [3]int{} {
				t.Fatalf("%s implements none of Copier, Evaluator, Playouter", cfg.Game.Name())
			}
			t.Logf("checked %d copies, %d evaluations, %d playout moves", seen[0], seen[1], seen[2])
		})
	}
}

func searchGame(t *testing.T, cfg Config, opts engine.Options, seed uint64, seen *[3]int) {
	t.Helper()
	st, err := cfg.Game.New(opts, nil, seed)
	if err != nil {
		t.Fatalf("seed %d: New: %v", seed, err)
	}
	// The copy's target starts as another game, so that CopyFrom must
	// overwrite everything.
	other, err := cfg.Game.New(opts, nil, seed^0xabcdef)
	if err != nil {
		t.Fatalf("seed %d: New: %v", seed, err)
	}
	r := rand.New(rand.NewPCG(seed, 0x5e))
	var legal []engine.Move
	var ev []float64
	for n := 0; ; n++ {
		if n > cfg.MaxMoves {
			t.Fatalf("seed %d: no outcome after %d moves", seed, cfg.MaxMoves)
		}
		if e, ok := st.(engine.Evaluator); ok {
			ev = checkEvaluate(t, st, e, ev[:0], seed, n)
			seen[1]++
		}
		pend := st.Pending()
		if len(pend) == 0 {
			break
		}
		if p, ok := st.(engine.Playouter); ok {
			checkPlayout(t, st, p, r, seed, n)
			seen[2]++
		}
		if c, ok := other.(engine.Copier); ok && n%7 == 3 {
			checkCopy(t, st, other, c, r, seed, n)
			seen[0]++
		}
		seat := pend[r.IntN(len(pend))]
		legal = st.Legal(seat, legal[:0])
		if _, err := st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
			t.Fatalf("seed %d move %d: a legal move was rejected: %v", seed, n, err)
		}
	}
}

func checkEvaluate(t *testing.T, st engine.State, e engine.Evaluator, dst []float64, seed uint64, n int) []float64 {
	t.Helper()
	before := st.Hash()
	dst = e.Evaluate(dst)
	if st.Hash() != before {
		t.Fatalf("seed %d move %d: Evaluate changed the state", seed, n)
	}
	if len(dst) != st.Seats() {
		t.Fatalf("seed %d move %d: Evaluate gave %d shares for %d seats", seed, n, len(dst), st.Seats())
	}
	sum := 0.0
	for s, v := range dst {
		if math.IsNaN(v) || v < 0 || v > 1 {
			t.Fatalf("seed %d move %d: seat %d's share %v is not in [0, 1]", seed, n, s, v)
		}
		sum += v
	}
	out, over := st.Outcome()
	if !over {
		if math.Abs(sum-1) > 0.05 {
			t.Fatalf("seed %d move %d: the shares %v sum to %v, not about 1", seed, n, dst, sum)
		}
		return dst
	}
	for s, v := range dst {
		want := 0.0
		if !out.AllLost {
			for _, w := range out.Winners {
				if int(w) == s {
					want = 1 / float64(len(out.Winners))
				}
			}
		}
		if math.Abs(v-want) > 1e-9 {
			t.Fatalf("seed %d: at the end seat %d's share is %v, want %v (outcome %+v)", seed, s, v, want, out)
		}
	}
	return dst
}

func checkPlayout(t *testing.T, st engine.State, p engine.Playouter, r *rand.Rand, seed uint64, n int) {
	t.Helper()
	before := st.Hash()
	pend := st.Pending()
	for s := range st.Seats() {
		seat := engine.Seat(s)
		m, ok := p.PlayoutMove(seat, r)
		owes := false
		for _, q := range pend {
			owes = owes || q == seat
		}
		if st.Hash() != before {
			t.Fatalf("seed %d move %d: PlayoutMove changed the state", seed, n)
		}
		if !owes {
			if ok {
				t.Fatalf("seed %d move %d: PlayoutMove gave seat %d, which owes nothing, the move %q", seed, n, s, st.Format(m))
			}
			continue
		}
		if !ok {
			t.Fatalf("seed %d move %d: PlayoutMove gave pending seat %d no move", seed, n, s)
		}
		legal := st.Legal(seat, nil)
		found := false
		for _, l := range legal {
			found = found || l == m
		}
		if !found {
			t.Fatalf("seed %d move %d: PlayoutMove gave seat %d the move %d (%q), which Legal does not list", seed, n, s, m, st.Format(m))
		}
	}
}

func checkCopy(t *testing.T, st, other engine.State, c engine.Copier, r *rand.Rand, seed uint64, n int) {
	t.Helper()
	before := st.Hash()
	snap := mustJSON(t, st.Snapshot())
	c.CopyFrom(st)
	if other.Hash() != before || !bytes.Equal(mustJSON(t, other.Snapshot()), snap) {
		t.Fatalf("seed %d move %d: a copy made with CopyFrom differs from its source", seed, n)
	}
	clone := st.Clone()
	var legal []engine.Move
	for k := 0; ; k++ {
		pend := other.Pending()
		if len(pend) == 0 || k > 100000 {
			break
		}
		seat := pend[r.IntN(len(pend))]
		legal = other.Legal(seat, legal[:0])
		m := legal[r.IntN(len(legal))]
		if _, err := other.Apply(seat, m); err != nil {
			t.Fatalf("seed %d move %d: a copy rejected a legal move: %v", seed, n, err)
		}
		if _, err := clone.Apply(seat, m); err != nil {
			t.Fatalf("seed %d move %d: a clone rejected a move its copy took: %v", seed, n, err)
		}
		if other.Hash() != clone.Hash() {
			t.Fatalf("seed %d move %d: a copy and a clone of one position went apart after %d moves", seed, n, k+1)
		}
	}
	if st.Hash() != before || !bytes.Equal(mustJSON(t, st.Snapshot()), snap) {
		t.Fatalf("seed %d move %d: playing a copy made with CopyFrom changed its source", seed, n)
	}
}

// CheckSearchAllocs checks that, once warm, CopyFrom and Evaluate allocate
// nothing in positions of a seeded random game of opts. Call it from a
// test that is not parallel: allocation counts are process-wide.
func CheckSearchAllocs(t *testing.T, g engine.Game, opts map[string]any, seed uint64) {
	t.Helper()
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(o, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	dst := st.Clone()
	r := rand.New(rand.NewPCG(seed, 1))
	var legal []engine.Move
	buf := make([]float64, 0, st.Seats())
	for n := 0; len(st.Pending()) > 0 && n < 10000; n++ {
		if n%5 == 0 {
			if c, ok := dst.(engine.Copier); ok {
				if a := testing.AllocsPerRun(20, func() { c.CopyFrom(st) }); a > 0 {
					t.Fatalf("move %d: CopyFrom allocates %.1f times", n, a)
				}
			}
			if e, ok := st.(engine.Evaluator); ok {
				if a := testing.AllocsPerRun(20, func() { buf = e.Evaluate(buf[:0]) }); a > 0 {
					t.Fatalf("move %d: Evaluate allocates %.1f times", n, a)
				}
			}
		}
		pend := st.Pending()
		seat := pend[r.IntN(len(pend))]
		legal = st.Legal(seat, legal[:0])
		if _, err := st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}
