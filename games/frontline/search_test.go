package frontline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/sim/simbench"
)

func TestSearch(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 100
	}
	enginetest.RunSearch(t, enginetest.Config{
		Game: New(),
		Variants: []map[string]any{
			{"players": 2}, {"players": 4}, {"players": 8},
			{"players": 4, "equipment": "auto", "niet_abilities": false, "splash_empty": false},
			{"players": 3, "variant": "short", "hit_points": 3, "turn_cap": 5},
		},
		Games: games,
	})
}

// Not parallel: allocation counts are process-wide.
func TestSearchAllocs(t *testing.T) {
	for _, n := range []int{2, 4, 8} {
		enginetest.CheckSearchAllocs(t, New(), map[string]any{"players": n}, uint64(n))
	}
	// The playout policy too, once its look-ahead scratch exists.
	st := newSearchState(t, 4, 3)
	r := rand.New(rand.NewPCG(3, 3))
	for p := st.Pending(); len(p) > 0; p = st.Pending() {
		seat := p[0]
		st.PlayoutMove(seat, r) // warm
		var m engine.Move
		if a := testing.AllocsPerRun(10, func() { m, _ = st.PlayoutMove(seat, r) }); a > 0 {
			t.Fatalf("phase %s: PlayoutMove allocates %.1f times", phaseNames[st.phase], a)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
}

func newSearchState(t testing.TB, players int, seed uint64) *State {
	t.Helper()
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// CopyFrom into a state that has played on gives the source's position
// (hash and snapshot), and the two go on independently.
func TestCopyFromIndependent(t *testing.T) {
	a, b := newSearchState(t, 5, 11), newSearchState(t, 5, 12)
	r := rand.New(rand.NewPCG(1, 2))
	playRandom := func(s *State, n int) {
		for i := 0; i < n && len(s.Pending()) > 0; i++ {
			seat := s.Pending()[0]
			legal := s.Legal(seat, nil)
			if _, err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	playRandom(a, 80)
	playRandom(b, 110)
	b.CopyFrom(a)
	if a.Hash() != b.Hash() || fmt.Sprint(a.Snapshot()) != fmt.Sprint(b.Snapshot()) {
		t.Fatal("a copy differs from its source")
	}
	h := a.Hash()
	playRandom(b, 60)
	if a.Hash() != h {
		t.Fatal("playing the copy on changed its source")
	}
	if a.Hash() == b.Hash() {
		t.Fatal("the copy did not move on")
	}
}

// chooser decides for one seat; it gets a determinized copy of the table.
type chooser func(st *State, seat engine.Seat, r *rand.Rand) engine.Move

func randomChooser(st *State, seat engine.Seat, r *rand.Rand) engine.Move {
	legal := st.Legal(seat, nil)
	return legal[r.IntN(len(legal))]
}

func policyChooser(st *State, seat engine.Seat, r *rand.Rand) engine.Move {
	m, _ := st.PlayoutMove(seat, r)
	return m
}

func greedyChooser(st *State, seat engine.Seat, r *rand.Rand) engine.Move {
	m, err := (&Greedy{}).Choose(st, seat, r)
	if err != nil {
		panic(err)
	}
	return m
}

// playTable plays one game, seat p deciding with bots[p] on its own
// determinized copy; visit, when not nil, sees every position. It returns
// the outcome.
func playTable(t testing.TB, seed uint64, bots []chooser, visit func(st *State)) engine.Outcome {
	t.Helper()
	st := newSearchState(t, len(bots), seed)
	r := rand.New(rand.NewPCG(seed, 77))
	view := st.clone()
	for moves := 0; ; moves++ {
		if moves > 100000 {
			t.Fatalf("seed %d: no end", seed)
		}
		if visit != nil {
			visit(st)
		}
		pend := st.Pending()
		if len(pend) == 0 {
			break
		}
		seat := pend[r.IntN(len(pend))]
		view.CopyFrom(st)
		view.Determinize(seat, r)
		if _, err := st.Apply(seat, bots[seat](view, seat, r)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	out, _ := st.Outcome()
	return out
}

// winShare is seat p's share of the win in out.
func winShare(out engine.Outcome, p int) float64 {
	for _, w := range out.Winners {
		if int(w) == p {
			return 1 / float64(len(out.Winners))
		}
	}
	return 0
}

// The playout policy against random players, one policy seat among
// random ones, seats rotated: it must win far more than its fair share.
func TestPlayoutMoveBeatsRandom(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 100
	}
	for _, n := range []int{2, 4} {
		won := 0.0
		for i := range games {
			bots := make([]chooser, n)
			for p := range bots {
				bots[p] = randomChooser
			}
			me := i % n
			bots[me] = policyChooser
			won += winShare(playTable(t, uint64(1000+i), bots, nil), me)
		}
		rate := won / float64(games)
		t.Logf("%d players: PlayoutMove won %.1f%% of %d games against random players (fair share %.0f%%)", n, 100*rate, games, 100/float64(n))
		if rate < 1/float64(n)+0.15 {
			t.Errorf("%d players: PlayoutMove won only %.1f%% against random players", n, 100*rate)
		}
	}
}

// From positions of games between greedy bots, the seat Evaluate favours
// must win more often than a seat picked at random; the log shows the
// accuracy by the phase of the game.
func TestEvaluateCalibration(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	for _, n := range []int{2, 4} {
		type sample struct {
			turn int
			fav  int
			p    [MaxSeats]float64
		}
		var right, total [3]float64
		var logLoss float64
		var losses int
		for i := range games {
			bots := make([]chooser, n)
			for p := range bots {
				bots[p] = greedyChooser
			}
			var samples []sample
			lastTurn := -1
			var ev []float64
			out := playTable(t, uint64(5000+i), bots, func(st *State) {
				if st.over || st.phase != phCommit || int(st.turn) == lastTurn {
					return
				}
				lastTurn = int(st.turn)
				ev = st.Evaluate(ev[:0])
				sm := sample{turn: int(st.turn)}
				for p, v := range ev {
					sm.p[p] = v
					if v > ev[sm.fav] {
						sm.fav = p
					}
				}
				samples = append(samples, sm)
			})
			if len(samples) == 0 || len(out.Winners) != 1 {
				continue
			}
			w := int(out.Winners[0])
			for _, sm := range samples {
				phase := min(3*sm.turn/(lastTurn+1), 2)
				total[phase]++
				if sm.fav == w {
					right[phase]++
				}
				logLoss -= math.Log(max(sm.p[w], 1e-6))
				losses++
			}
		}
		t.Logf("%d players, %d greedy games: the favourite wins %.0f%% early, %.0f%% mid, %.0f%% late (a seat at random: %.0f%%); log loss %.3f (uniform %.3f)",
			n, games, 100*right[0]/total[0], 100*right[1]/total[1], 100*right[2]/total[2], 100/float64(n), logLoss/float64(losses), math.Log(float64(n)))
		if right[2]/total[2] < 1/float64(n)+0.1 {
			t.Errorf("%d players: late in the game the favourite wins only %.0f%%", n, 100*right[2]/total[2])
		}
		if logLoss/float64(losses) >= math.Log(float64(n)) {
			t.Errorf("%d players: Evaluate predicts no better than equal shares", n)
		}
	}
}

// BenchmarkCopyFrom copies a mid-game 8-player state into one that has
// held a state of the game.
func BenchmarkCopyFrom(b *testing.B) {
	src := newSearchState(b, 8, 7)
	for range 40 {
		p := src.Pending()
		if _, err := src.Apply(p[0], src.Legal(p[0], nil)[0]); err != nil {
			b.Fatal(err)
		}
	}
	dst := src.clone()
	b.ReportAllocs()
	for b.Loop() {
		dst.CopyFrom(src)
	}
}

// playoutPositions are positions of random 8-player games, for the
// benchmarks of Evaluate and PlayoutMove.
func playoutPositions(b *testing.B) []*State {
	var out []*State
	r := rand.New(rand.NewPCG(3, 4))
	for seed := uint64(1); len(out) < 512; seed++ {
		st := newSearchState(b, 8, seed)
		for len(st.Pending()) > 0 {
			if r.IntN(8) == 0 {
				out = append(out, st.clone())
			}
			p := st.Pending()[0]
			legal := st.Legal(p, nil)
			if _, err := st.Apply(p, legal[r.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkPlayoutMove is one PlayoutMove in positions of random 8-player
// games; compare BenchmarkApply.
func BenchmarkPlayoutMove(b *testing.B) {
	pos := playoutPositions(b)
	r := rand.New(rand.NewPCG(5, 6))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		st := pos[i%len(pos)]
		st.PlayoutMove(st.Pending()[0], r)
		i++
	}
}

// BenchmarkEvaluate is one Evaluate in positions of random 8-player games.
func BenchmarkEvaluate(b *testing.B) {
	pos := playoutPositions(b)
	dst := make([]float64, 0, 8)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		dst = pos[i%len(pos)].Evaluate(dst[:0])
		i++
	}
}

// BenchmarkPolicyGame plays whole 8-player games with PlayoutMove for
// every seat, set-up included; compare BenchmarkRandomGame.
func BenchmarkPolicyGame(b *testing.B) {
	g := New()
	opts := simbench.Options(b, g, 8)
	r := rand.New(rand.NewPCG(1, 1))
	moves := 0
	for i := 0; b.Loop(); i++ {
		st, err := g.New(opts, nil, uint64(i)+1)
		if err != nil {
			b.Fatal(err)
		}
		s := st.(*State)
		for p := s.Pending(); len(p) > 0; p = s.Pending() {
			m, _ := s.PlayoutMove(p[0], r)
			if _, err := s.Apply(p[0], m); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkMCTSDecision times the search bot's decisions at each level's
// number of playouts (SearchTuning), without the level's time limit, in
// games of one search bot against greedy bots; b.N decisions, from the
// start of a game on. It reports the median and the longest decision, in
// time and in the process's CPU time (run it with -cpu 1: then it leaves
// out the time a busy machine gives to other programs), and the mean time
// of a playout.
func BenchmarkMCTSDecision(b *testing.B) {
	g := New()
	for _, n := range []int{2, 4, 8} {
		opts := simbench.Options(b, g, n)
		for i, level := range bots.MCTSLevels {
			its := g.SearchTuning(opts).Iterations[i]
			b.Run(fmt.Sprintf("players=%d/%s", n, level), func(b *testing.B) {
				benchDecisions(b, n, strconv.Itoa(its))
			})
		}
	}
}

func benchDecisions(b *testing.B, n int, spec string) {
	g := New()
	bot, err := bots.NewMCTS(g, spec)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var times, cpu []time.Duration
	var spent time.Duration
	iters := 0
	seed := uint64(0)
	var st *State
	for b.Loop() {
		for {
			if st == nil || len(st.Pending()) == 0 {
				seed++
				st = newSearchState(b, n, seed)
			}
			seat := st.Pending()[r.IntN(len(st.Pending()))]
			view := st.clone()
			view.Determinize(seat, r)
			var m engine.Move
			if seat == 0 {
				c0 := processCPU()
				m, err = bot.Choose(view, seat, r)
				if bot.Last.Iterations > 0 {
					cpu = append(cpu, processCPU()-c0)
				}
			} else {
				m, err = (&Greedy{}).Choose(view, seat, r)
			}
			if err != nil {
				b.Fatal(err)
			}
			if _, err := st.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
			if seat == 0 && bot.Last.Iterations > 0 {
				times = append(times, bot.Last.Elapsed)
				spent += bot.Last.Elapsed
				iters += bot.Last.Iterations
				break
			}
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2])/1e6, "ms-median")
	b.ReportMetric(float64(times[len(times)-1])/1e6, "ms-max")
	b.ReportMetric(float64(spent)/1e3/float64(iters), "µs/playout")
	slices.Sort(cpu)
	b.ReportMetric(float64(cpu[len(cpu)/2])/1e6, "cpu-ms-median")
	b.ReportMetric(float64(cpu[len(cpu)-1])/1e6, "cpu-ms-max")
	b.ReportMetric(0, "ns/op")
}

// Evaluate at the end of a game agrees with Outcome (RunSearch checks it
// on random games; here also after the turn cap, where hit points rank the
// living) and allocates nothing.
func TestEvaluateFinished(t *testing.T) {
	g := New()
	for _, c := range []struct {
		players, cap int
	}{{2, 10000}, {4, 10000}, {8, 10000}, {4, 3}, {6, 2}} {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": c.players, "turn_cap": c.cap})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 20; seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := rand.New(rand.NewPCG(seed, 3))
			for p := s.Pending(); len(p) > 0; p = s.Pending() {
				legal := s.Legal(p[0], nil)
				if _, err := s.Apply(p[0], legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			out, _ := s.Outcome()
			dst := make([]float64, 0, c.players)
			if a := testing.AllocsPerRun(5, func() { dst = s.Evaluate(dst[:0]) }); a > 0 {
				t.Fatalf("Evaluate of a finished game allocates %.1f times", a)
			}
			for p, v := range dst {
				if want := winShare(out, p); math.Abs(v-want) > 1e-9 {
					t.Fatalf("%d players, cap %d, seed %d: seat %d gets %v, Outcome says %v (%+v)", c.players, c.cap, seed, p, v, want, out)
				}
			}
		}
	}
}
