package tagteam

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"stolik/bots"
	"stolik/engine"
	"stolik/engine/enginetest"
)

func TestSearch(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 100
	}
	enginetest.RunSearch(t, enginetest.Config{
		Game: New(),
		Variants: []map[string]any{
			{"players": 2},
			{"players": 2, "draft": "tactical"},
			{"players": 2, "draft": "random", "fey_folk_choose_opening": true, "reanimation_moves_twice": true},
		},
		Games: games,
	})
}

// Not parallel: allocation counts are process-wide.
func TestSearchAllocs(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		enginetest.CheckSearchAllocs(t, New(), map[string]any{"players": 2}, seed)
	}
	// The playout policy too, once its scratch state exists.
	st := newTestState(t, 3)
	r := rand.New(rand.NewPCG(3, 3))
	for len(st.Pending()) > 0 {
		seat := st.Pending()[0]
		st.PlayoutMove(seat, r) // warm
		var m engine.Move
		if a := testing.AllocsPerRun(10, func() { m, _ = st.PlayoutMove(seat, r) }); a > 0 && st.phase != phTeam {
			t.Fatalf("phase %s: PlayoutMove allocates %.1f times", phaseNames[st.phase], a)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
}

func newTestState(t testing.TB, seed uint64) *State {
	t.Helper()
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// CopyFrom into a state that has played on gives the source's position,
// and the two go on independently.
func TestCopyFromIndependent(t *testing.T) {
	a, b := newTestState(t, 11), newTestState(t, 12)
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
	playRandom(a, 8)
	playRandom(b, 11)
	b.CopyFrom(a)
	if a.Hash() != b.Hash() {
		t.Fatal("a copy hashes differently from its source")
	}
	h := a.Hash()
	playRandom(b, 6)
	if a.Hash() != h {
		t.Fatal("playing the copy on changed its source")
	}
}

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

// playOut plays a game between two choosers, each deciding on its own
// determinized copy (simultaneous seats choose before either move is
// played); visit sees every position before the pending seats decide.
// It returns the winner (-2 for a draw).
func playOut(t testing.TB, seed uint64, bots [2]chooser, visit func(st *State)) int8 {
	t.Helper()
	st := newTestState(t, seed)
	r := rand.New(rand.NewPCG(seed, 99))
	var moves [2]engine.Move
	for n := 0; len(st.Pending()) > 0; n++ {
		if n > 1000 {
			t.Fatalf("seed %d: no end", seed)
		}
		if visit != nil {
			visit(st)
		}
		pend := append([]engine.Seat(nil), st.Pending()...)
		for i, seat := range pend {
			c := st.clone()
			c.Determinize(seat, r)
			moves[i] = bots[seat](c, seat, r)
		}
		for i, seat := range pend {
			if _, err := st.Apply(seat, moves[i]); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	return st.winner
}

// winRate plays games with a in each seat in turn and gives a's share of
// the points (a draw is half).
func winRate(t testing.TB, games int, a, b chooser) float64 {
	pts := 0.0
	for i := range games {
		seat := int8(i % 2)
		bots := [2]chooser{a, b}
		if seat == 1 {
			bots = [2]chooser{b, a}
		}
		switch w := playOut(t, uint64(1000+i), bots, nil); w {
		case seat:
			pts++
		case -2:
			pts += 0.5
		}
	}
	return pts / float64(games)
}

// The playout policy beats random play, by its draft, starting order and
// Fey Folk choices (its builds are random), and is no match for the
// greedy bot.
func TestPlayoutPolicyStrength(t *testing.T) {
	const games = 1000
	vsRandom := winRate(t, games, policyChooser, randomChooser)
	vsGreedy := winRate(t, games/4, policyChooser, greedyChooser)
	t.Logf("playout policy: %.1f%% against random (%d games), %.1f%% against greedy (%d games)", 100*vsRandom, games, 100*vsGreedy, games/4)
	// 1,000 games: two standard errors are about 3 points.
	if vsRandom < 0.52 {
		t.Errorf("the playout policy scores %.1f%% against random play, want at least 52%%", 100*vsRandom)
	}
}

// Evaluate's favourite wins more often than not at every stage of
// greedy-against-greedy games; the log-likelihood of the results is best
// near evalScale.
func TestEvaluateCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 600 greedy games")
	}
	type sample struct {
		score float64
		round int
		p0    float64 // seat 0's result: 1, 0.5, 0
	}
	var all []sample
	for i := range 600 {
		var game []sample
		w := playOut(t, uint64(5000+i), [2]chooser{greedyChooser, greedyChooser}, func(st *State) {
			if st.phase == phBuild && st.players[0].decided == 0 && st.players[1].decided == 0 {
				game = append(game, sample{score: float64(st.teamScore(0)), round: int(st.round)})
			}
		})
		res := 0.5
		switch w {
		case 0:
			res = 1
		case 1:
			res = 0
		}
		for _, s := range game {
			s.p0 = res
			all = append(all, s)
		}
	}
	logLik := func(scale float64) float64 {
		ll := 0.0
		for _, s := range all {
			p := 1 / (1 + math.Exp(-s.score/scale))
			p = min(max(p, 1e-9), 1-1e-9)
			ll += s.p0*math.Log(p) + (1-s.p0)*math.Log(1-p)
		}
		return ll / float64(len(all))
	}
	best, bestLL := 0.0, math.Inf(-1)
	for scale := 10.0; scale <= 400; scale += 5 {
		if ll := logLik(scale); ll > bestLL {
			best, bestLL = scale, ll
		}
	}
	t.Logf("%d positions; best scale %.0f (log-likelihood %.4f a position), evalScale %d gives %.4f, a coin %.4f",
		len(all), best, bestLL, evalScale, logLik(evalScale), math.Log(0.5))
	if logLik(evalScale) < bestLL-0.01 {
		t.Errorf("evalScale %d is off the fit %.0f", evalScale, best)
	}
	// The favourite's record by round.
	for _, band := range [][2]int{{1, 1}, {2, 2}, {3, 4}, {5, 99}} {
		right, n := 0.0, 0
		for _, s := range all {
			if s.round < band[0] || s.round > band[1] || s.score == 0 {
				continue
			}
			n++
			switch {
			case s.p0 == 0.5:
				right += 0.5
			case (s.score > 0) == (s.p0 == 1):
				right++
			}
		}
		if n == 0 {
			continue
		}
		t.Logf("rounds %d–%d: the favourite wins %.1f%% of %d positions", band[0], band[1], 100*right/float64(n), n)
		// After the first rounds the score is known to point the right
		// way; in the first two it tells little (the teams' HP has
		// hardly moved).
		if band[0] >= 3 && n >= 50 && right/float64(n) <= 0.5 {
			t.Errorf("rounds %d–%d: the favourite won only %.1f%%", band[0], band[1], 100*right/float64(n))
		}
	}
}

// BenchmarkPolicyGame plays whole games with PlayoutMove for every move,
// set-up included: compare with BenchmarkRandomGame.
func BenchmarkPolicyGame(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	work := newTestState(b, 1)
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		work.CopyFrom(newTestState(b, uint64(i)+1))
		for len(work.Pending()) > 0 {
			seat := work.Pending()[0]
			m, _ := work.PlayoutMove(seat, r)
			if _, err := work.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkSearchDecision times the search bot's decisions at each level's
// playouts (no time limit) over games against the greedy bot: the median
// and the longest decision, in ms of the thread's CPU time, so that a
// busy machine does not lengthen them. Run with -benchtime 1x -cpu 1.
func BenchmarkSearchDecision(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := New()
	tune := g.SearchTuning(nil)
	for lv, name := range bots.MCTSLevels {
		b.Run(name, func(b *testing.B) {
			var times []float64
			playouts := 0
			for i := 0; i < b.N; i++ {
				bot, err := bots.NewMCTS(g, strconv.Itoa(tune.Iterations[lv]))
				if err != nil {
					b.Fatal(err)
				}
				mcts := func(st *State, seat engine.Seat, r *rand.Rand) engine.Move {
					t := enginetest.ThreadCPU()
					m, err := bot.Choose(st, seat, r)
					if err != nil {
						b.Fatal(err)
					}
					if len(st.Legal(seat, nil)) > 1 {
						times = append(times, float64(enginetest.ThreadCPU()-t)/1e6)
						playouts += bot.Last.Iterations
					}
					return m
				}
				for k := range 2 {
					bots := [2]chooser{mcts, greedyChooser}
					if k == 1 {
						bots = [2]chooser{greedyChooser, mcts}
					}
					playOut(b, uint64(77+2*i+k), bots, nil)
				}
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "median-ms")
			b.ReportMetric(times[len(times)-1], "max-ms")
			b.ReportMetric(float64(len(times))/float64(b.N), "decisions/op")
			b.ReportMetric(float64(playouts)/float64(len(times)), "playouts/decision")
		})
	}
}

// The search drafts by the greedy bot's strength table (PolicyDecides):
// whatever its playouts make of the fighters, its pick is one the table
// values most, in every draft.
func TestSearchDraftsByTheTable(t *testing.T) {
	for _, draft := range []string{"standard", "tactical", "free"} {
		g := New()
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2, "draft": draft})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 6; seed++ {
			st0, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			st := st0.(*State)
			b, err := bots.NewMCTS(g, "200")
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 9))
			for st.PolicyDecides(0) {
				m, err := b.Choose(st, 0, r)
				if err != nil {
					t.Fatal(err)
				}
				best := math.MinInt
				for _, l := range st.Legal(0, nil) {
					best = max(best, st.draftScore(l))
				}
				if v := st.draftScore(m); v != best {
					t.Errorf("%s draft, seed %d, %s: the search played %s (%d), the table's best is worth %d",
						draft, seed, phaseNames[st.phase], st.Format(m), v, best)
				}
				for _, seat := range []engine.Seat{0, 1} {
					if !st.owes(int(seat)) {
						continue
					}
					mv := m
					if seat == 1 {
						mv = policyChooser(st, 1, r)
					}
					if _, err := st.Apply(seat, mv); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// A finished playout's reward (ScoreFinal) gives the winner more than any
// loser gets, a draw's seats as much each, and the team that kept more HP
// more of the rest.
func TestScoreFinalRanksWinsAboveLosses(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	wins := 0
	for seed := uint64(1); seed <= 40; seed++ {
		st := newTestState(t, seed)
		for len(st.Pending()) > 0 {
			seat := st.Pending()[0]
			if _, err := st.Apply(seat, randomChooser(st, seat, r)); err != nil {
				t.Fatal(err)
			}
		}
		got := st.ScoreFinal(nil)
		if len(got) != 2 || math.Abs(got[0]+got[1]-1) > 1e-9 {
			t.Fatalf("seed %d: rewards %v do not share 1", seed, got)
		}
		switch st.winner {
		case 0, 1:
			wins++
			if w := got[st.winner]; w < 1-marginWeight || got[1-st.winner] > marginWeight {
				t.Errorf("seed %d: the winner %d gets %v", seed, st.winner, got)
			}
		default:
			if math.Abs(got[0]-got[1]) > marginWeight {
				t.Errorf("seed %d: a draw gives %v", seed, got)
			}
		}
		if kept := st.ScoreFinal(nil)[0] - st.Evaluate(nil)[0]*(1-marginWeight); kept < 0 || kept > marginWeight {
			t.Errorf("seed %d: the HP kept count %v, outside [0, %v]", seed, kept, marginWeight)
		}
	}
	if wins == 0 {
		t.Fatal("no game was won: the test checks nothing")
	}
}
