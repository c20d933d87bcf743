package cardline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"stolik/bots"
	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/internal/longtest"
	"stolik/sim"
)

func TestSearch(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 100
	}
	enginetest.RunSearch(t, enginetest.Config{
		Game: New(),
		Variants: []map[string]any{
			{"players": 2}, {"players": 4}, {"players": 8},
			{"players": 3, "hand": 8, "empty_deck": "skip", "finish": "immediate", "eliminated_cards": "box"},
		},
		Games: games,
	})
}

// Not parallel: allocation counts are process-wide.
func TestSearchAllocs(t *testing.T) {
	for _, n := range []int{2, 4, 8} {
		enginetest.CheckSearchAllocs(t, New(), map[string]any{"players": n}, uint64(n))
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

// The playout policy places every card right, so it never fails a
// placement.
func TestPlayoutMoveIsRight(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for seed := uint64(1); seed <= 50; seed++ {
		st := newSearchState(t, 4, seed)
		for len(st.Pending()) > 0 {
			seat := st.Pending()[0]
			m, ok := st.PlayoutMove(seat, r)
			if !ok {
				t.Fatalf("seed %d: no move for pending seat %d", seed, seat)
			}
			card, gap, _ := decode(m)
			if !st.correct(uint8(card), gap) {
				t.Fatalf("seed %d: the policy placed %s wrongly", seed, st.Format(m))
			}
			if _, err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The seat Evaluate favours wins more often than the others do, in
// positions of games between fan bots; the log-likelihood of the winners
// is best near handWeight.
func TestEvaluateCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 1,000 games")
	}
	type sample struct {
		hands  []int // cards in hand; -1: eliminated
		winner int
	}
	var all []sample
	g := New()
	for i := range 1000 {
		st := newSearchState(t, 4, uint64(100+i))
		r := rand.New(rand.NewPCG(uint64(i), 5))
		var bots []engine.Bot
		for range 4 {
			b, err := NewFanBot(g.pack, "expert")
			if err != nil {
				t.Fatal(err)
			}
			bots = append(bots, b)
		}
		var game []sample
		for len(st.Pending()) > 0 {
			hs := make([]int, 4)
			for p := range 4 {
				hs[p] = int(st.handLen[p])
				if !st.isActive(engine.Seat(p)) {
					hs[p] = -1
				}
			}
			game = append(game, sample{hands: hs})
			seat := st.Pending()[0]
			c := st.Clone()
			c.Determinize(seat, r)
			m, err := bots[seat].Choose(c, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
		out, _ := st.Outcome()
		if len(out.Winners) != 1 {
			continue
		}
		for _, s := range game {
			s.winner = int(out.Winners[0])
			all = append(all, s)
		}
	}
	logLik := func(w float64) float64 {
		ll := 0.0
		for _, s := range all {
			sum := 0.0
			for _, h := range s.hands {
				if h >= 0 {
					sum += math.Exp(-w * float64(h))
				}
			}
			ll += -w*float64(s.hands[s.winner]) - math.Log(sum)
		}
		return ll / float64(len(all))
	}
	best, bestLL := 0.0, math.Inf(-1)
	for w := 0.0; w <= 4; w += 0.05 {
		if ll := logLik(w); ll > bestLL {
			best, bestLL = w, ll
		}
	}
	t.Logf("%d positions: best weight %.2f (log-likelihood %.4f), handWeight %.2f gives %.4f, equal shares %.4f",
		len(all), best, bestLL, handWeight, logLik(handWeight), logLik(0))
	if logLik(handWeight) < bestLL-0.02 {
		t.Errorf("handWeight %.2f is off the fit %.2f", handWeight, best)
	}
	// How often the favourite (fewest cards, alone) wins.
	right, n := 0, 0
	for _, s := range all {
		fav, lo, ties := -1, 100, 0
		for p, h := range s.hands {
			switch {
			case h < 0:
			case h < lo:
				fav, lo, ties = p, h, 1
			case h == lo:
				ties++
			}
		}
		if ties != 1 {
			continue
		}
		n++
		if fav == s.winner {
			right++
		}
	}
	t.Logf("a sole favourite wins %.1f%% of %d positions (4 players: a quarter by chance)", 100*float64(right)/float64(n), n)
	if n > 100 && float64(right)/float64(n) <= 0.25 {
		t.Errorf("the favourite wins only %.1f%%", 100*float64(right)/float64(n))
	}
}

// BenchmarkSearchDecision times the search bot's decisions at each level's
// playouts (no time limit) in 8-player games against seven expert fans:
// the median and the longest decision, in ms of the thread's CPU time, so
// that a busy machine does not lengthen them. Run with -benchtime 1x -cpu 1.
func BenchmarkSearchDecision(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 8})
	if err != nil {
		b.Fatal(err)
	}
	tune := g.SearchTuning(opts)
	for lv, name := range bots.MCTSLevels {
		b.Run(name, func(b *testing.B) {
			var times []float64
			for i := 0; i < b.N; i++ {
				for k := range 2 {
					bot, err := bots.NewMCTS(g, strconv.Itoa(tune.Iterations[lv]))
					if err != nil {
						b.Fatal(err)
					}
					st := newSearchState(b, 8, uint64(31+2*i+k))
					r := rand.New(rand.NewPCG(uint64(i), uint64(k)))
					var fans [8]engine.Bot
					for p := range fans {
						if fans[p], err = NewFanBot(g.pack, "expert"); err != nil {
							b.Fatal(err)
						}
					}
					for len(st.Pending()) > 0 {
						seat := st.Pending()[0]
						c := st.Clone()
						c.Determinize(seat, r)
						var m engine.Move
						if int(seat) == k*4 {
							t := enginetest.ThreadCPU()
							m, err = bot.Choose(c, seat, r)
							times = append(times, float64(enginetest.ThreadCPU()-t)/1e6)
						} else {
							m, err = fans[seat].Choose(c, seat, r)
						}
						if err != nil {
							b.Fatal(err)
						}
						if _, err := st.Apply(seat, m); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "median-ms")
			b.ReportMetric(times[len(times)-1], "max-ms")
			b.ReportMetric(float64(len(times))/float64(b.N), "decisions/op")
		})
	}
}

// BenchmarkPolicyGame plays whole 4-player games with PlayoutMove for
// every move, set-up included: compare with BenchmarkRandomGame.
func BenchmarkPolicyGame(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	work := newSearchState(b, 4, 1)
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		work.CopyFrom(newSearchState(b, 4, uint64(i)+1))
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

// The search knows only what a player of its level knows: a Cardline
// player never sees an unplaced card's values, so each mcts level plays
// with its own belief (knowledgeSigma). Played against every fan level in
// both seatings, the levels are ordered, and none wins every game.
func TestSearchLevelsKnowWhatTheirPlayerKnows(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	if err != nil {
		t.Fatal(err)
	}
	// A level's playouts divided by div, with no time limit: the moves
	// depend only on the seed, and a normal run stays short.
	games, div := longtest.Pick(6, 25), longtest.Pick(40, 10)
	fans := []string{"fan:novice", "fan", "fan:expert"}
	scores := make([]float64, len(bots.MCTSLevels))
	for lv, level := range bots.MCTSLevels {
		me := fmt.Sprintf("mcts:%s/%d", level, div)
		wins, played := 0, 0
		for fi, fan := range fans {
			w, n := 0, 0
			for k, seats := range [][]string{{me, fan}, {fan, me}} {
				res, err := sim.Run(sim.Config{Game: g, Options: opts, Bots: seats, Games: games, Seed: uint64(100*lv + 10*fi + k + 1), Workers: 2})
				if err != nil || res.Errors > 0 {
					t.Fatalf("%v: %v %s", seats, err, res.FirstError)
				}
				w += res.WinsBySeat[k]
				n += res.Games
			}
			t.Logf("%s against %s: %d of %d", me, fan, w, n)
			wins, played = wins+w, played+n
		}
		scores[lv] = float64(wins) / float64(played)
		t.Logf("%s: %.1f%% of %d games", me, 100*scores[lv], played)
		if wins == played {
			t.Errorf("%s won all %d games: it plays as if it knew the values", me, played)
		}
	}
	for lv := 1; lv < len(scores); lv++ {
		if scores[lv] < scores[lv-1] {
			t.Errorf("mcts:%s scored %.1f%%, less than mcts:%s's %.1f%%", bots.MCTSLevels[lv], 100*scores[lv], bots.MCTSLevels[lv-1], 100*scores[lv-1])
		}
	}
}

// Determinize draws the values nobody has seen from the player's belief
// and keeps those everybody has seen; a copy of a determinized state
// shares no believed value with it.
func TestDeterminizeDrawsUnseenValues(t *testing.T) {
	st := newSearchState(t, 4, 9)
	printed := st.pack.values[st.trait]
	d := st.Clone().(*State)
	d.Know(3, 7)
	d.Determinize(0, rand.New(rand.NewPCG(1, 2)))
	for _, c := range d.line[:d.lineLen] {
		if d.value(c) != printed[c] {
			t.Errorf("the line's %s changed value", d.pack.Cards[c].ID)
		}
	}
	changed := 0
	for p := range int(d.seats) {
		for _, c := range d.hands[p][:d.handLen[p]] {
			if d.value(c) != printed[c] {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Errorf("no value in hand was drawn from the belief")
	}
	if st.vals[st.hands[0][0]] != printed[st.hands[0][0]] {
		t.Errorf("Determinize of a copy changed the true state's values")
	}
	before := slices.Clone(d.vals)
	c := d.Clone().(*State)
	c.Determinize(0, rand.New(rand.NewPCG(3, 4)))
	var s State
	s.CopyFrom(d)
	s.Determinize(1, rand.New(rand.NewPCG(5, 6)))
	if !slices.Equal(d.vals, before) {
		t.Errorf("determinizing a clone or a CopyFrom changed the original's believed values")
	}
}
