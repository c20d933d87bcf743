package asterix

import (
	"fmt"
	"math"
	"math/bits"
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

func TestSearchInterfaces(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 100
	}
	enginetest.RunSearch(t, enginetest.Config{
		Game:  New(),
		Games: games,
		Variants: []map[string]any{
			{"players": 2}, {"players": 3}, {"players": 4},
			{"players": 2, "capture_check": "placement", "option_b": "draw_only", "neutrals_count": false},
			{"players": 4, "token_reach": "adjacent", "revive_reach": "anywhere", "supply_fish": 0, "supply_centurion": 1},
		},
	})
}

// TestSearchAllocs is not parallel: allocation counts are process-wide.
func TestSearchAllocs(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		enginetest.CheckSearchAllocs(t, New(), map[string]any{"players": n}, uint64(n))
	}
	// PlayoutMove too, on a warm copy.
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 4})
	st, _ := g.New(opts, nil, 5)
	s := st.(*State)
	r := engine.NewRand(5)
	for n := 0; len(s.Pending()) > 0; n++ {
		p := s.Pending()[0]
		var m engine.Move
		if a := testing.AllocsPerRun(10, func() { m, _ = s.PlayoutMove(p, r) }); a > 0 {
			t.Fatalf("move %d: PlayoutMove allocates %.1f times", n, a)
		}
		if _, err := s.Apply(p, m); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCopyFromIsIndependent: a copy made into a used state plays on by
// itself, and the source keeps its position.
func TestCopyFromIsIndependent(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 3})
	src, _ := g.New(opts, nil, 11)
	dst, _ := g.New(opts, nil, 12)
	r := engine.NewRand(1)
	var legal []engine.Move
	for range 40 {
		p := src.Pending()[0]
		legal = src.Legal(p, legal[:0])
		src.Apply(p, legal[r.IntN(len(legal))])
	}
	dst.(*State).CopyFrom(src)
	if dst.Hash() != src.Hash() {
		t.Fatal("the copy hashes differently from its source")
	}
	h := src.Hash()
	for len(dst.Pending()) > 0 {
		p := dst.Pending()[0]
		legal = dst.Legal(p, legal[:0])
		dst.Apply(p, legal[r.IntN(len(legal))])
	}
	if src.Hash() != h {
		t.Fatal("playing the copy to the end changed its source")
	}
}

// TestEvaluateEnd: a finished game gives its winner everything.
func TestEvaluateEnd(t *testing.T) {
	g := New()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": n})
		st, _ := g.New(opts, nil, uint64(n))
		r := engine.NewRand(uint64(n))
		var legal []engine.Move
		for len(st.Pending()) > 0 {
			p := st.Pending()[0]
			legal = st.Legal(p, legal[:0])
			st.Apply(p, legal[r.IntN(len(legal))])
		}
		out, _ := st.Outcome()
		ev := st.(*State).Evaluate(nil)
		for _, w := range out.Winners {
			if math.Abs(ev[w]-1/float64(len(out.Winners))) > 1e-12 {
				t.Errorf("%d players: winner %d gets %v of %v", n, w, ev[w], ev)
			}
		}
	}
}

// TestEvaluateFavouriteWins measures Evaluate on positions of
// greedy-against-greedy games: the seat it favours should win more often
// than chance, more so as the game goes on. It logs the calibration by
// the leader's sestertii.
func TestEvaluateFavouriteWins(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 40
	}
	g := New()
	for _, players := range []int{2, 4} {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		// by the leader's sestertii: 0-14, 15-29, 30-49
		var n, fav [3]int
		var ll [3]float64
		ev := make([]float64, 0, players)
		for seed := uint64(1); seed <= uint64(games); seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			bot := NewGreedyBot(g.pack)
			r := engine.NewRand(seed)
			type sample struct {
				phase int
				fav   engine.Seat
				share [MaxPlayers]float64
			}
			var samples []sample
			for k := 0; len(s.Pending()) > 0; k++ {
				p := s.Pending()[0]
				if s.phase == phAction && k%3 == 0 {
					ev = s.Evaluate(ev[:0])
					var sm sample
					lead := 0
					for q := range players {
						sm.share[q] = ev[q]
						if ev[q] > ev[sm.fav] {
							sm.fav = engine.Seat(q)
						}
						lead = max(lead, s.score(engine.Seat(q)))
					}
					sm.phase = min(lead/15, 2)
					samples = append(samples, sm)
				}
				m, err := bot.Choose(s.Clone(), p, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
			for _, sm := range samples {
				n[sm.phase]++
				if s.winners&(1<<uint(sm.fav)) != 0 {
					fav[sm.phase]++
				}
				for q := range players {
					if s.winners&(1<<uint(q)) != 0 {
						ll[sm.phase] += math.Log(max(sm.share[q], 1e-9))
					}
				}
			}
		}
		total, totalFav := 0, 0
		for ph, name := range []string{"0-14", "15-29", "30-49"} {
			if n[ph] == 0 {
				continue
			}
			total += n[ph]
			totalFav += fav[ph]
			t.Logf("%d players, leader at %s sestertii: %d positions, the favourite won %.1f%% (chance %.1f%%), log-likelihood of the winner %.3f (uniform %.3f)",
				players, name, n[ph], 100*float64(fav[ph])/float64(n[ph]), 100/float64(players), ll[ph]/float64(n[ph]), math.Log(1/float64(players)))
		}
		if got, chance := float64(totalFav)/float64(total), 1/float64(players); got < chance+0.1 {
			t.Errorf("%d players: Evaluate's favourite won %.1f%% of %d positions; chance is %.1f%%", players, 100*got, total, 100*chance)
		}
	}
}

// TestPlayoutMoveBeatsRandom plays PlayoutMove against random moves, one
// seat each way round, and logs its cost against Apply's.
func TestPlayoutMoveBeatsRandom(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	g := New()
	for _, players := range []int{2, 4} {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		wins := 0.0
		var legal []engine.Move
		for seed := uint64(1); seed <= uint64(games); seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			hero := engine.Seat(seed % uint64(players))
			r := engine.NewRand(seed)
			for len(s.Pending()) > 0 {
				p := s.Pending()[0]
				var m engine.Move
				if p == hero {
					m, _ = s.PlayoutMove(p, r)
				} else {
					legal = s.Legal(p, legal[:0])
					m = legal[r.IntN(len(legal))]
				}
				if _, err := s.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
			if w := s.winners; w&(1<<uint(hero)) != 0 {
				wins += 1 / float64(bits.OnesCount8(w))
			}
		}
		share := wins / float64(games)
		t.Logf("%d players: PlayoutMove won %.1f%% of %d games against random moves (fair share %.1f%%)", players, 100*share, games, 100/float64(players))
		if want := map[int]float64{2: 0.8, 4: 0.5}[players]; share < want {
			t.Errorf("%d players: PlayoutMove won %.1f%% against random moves, below %.0f%%", players, 100*share, 100*want)
		}
	}
}

// BenchmarkSearchDecision times the search bot's decisions at each level's
// playouts (no time limit), seat 0 of a 2- and a 4-player game against
// greedy bots: the median, the 95th percentile and the longest decision,
// in ms. Run with
// -benchtime 1x -cpu 1 on an idle machine.
func BenchmarkSearchDecision(b *testing.B) {
	g := New()
	for _, players := range []int{2, 4} {
		opts := simbench.Options(b, g, players)
		tune := g.SearchTuning(opts)
		for lv, name := range bots.MCTSLevels {
			b.Run(fmt.Sprintf("%dp/%s", players, name), func(b *testing.B) {
				var times []float64
				playouts := 0
				for i := 0; i < b.N; i++ {
					bot, err := bots.NewMCTS(g, strconv.Itoa(tune.Iterations[lv]))
					if err != nil {
						b.Fatal(err)
					}
					greedy := NewGreedyBot(g.pack)
					st, err := g.New(opts, nil, uint64(77+i))
					if err != nil {
						b.Fatal(err)
					}
					r := engine.NewRand(uint64(i))
					for len(st.Pending()) > 0 {
						p := st.Pending()[0]
						c := st.Clone()
						c.Determinize(p, r)
						var m engine.Move
						if p == 0 {
							t := time.Now()
							m, err = bot.Choose(c, p, r)
							if len(st.Legal(p, nil)) > 1 {
								times = append(times, float64(time.Since(t).Microseconds())/1000)
								playouts += bot.Last.Iterations
							}
						} else {
							m, err = greedy.Choose(c, p, r)
						}
						if err != nil {
							b.Fatal(err)
						}
						if _, err := st.Apply(p, m); err != nil {
							b.Fatal(err)
						}
					}
				}
				slices.Sort(times)
				b.ReportMetric(times[len(times)/2], "median-ms")
				b.ReportMetric(times[len(times)*95/100], "p95-ms")
				b.ReportMetric(times[len(times)-1], "max-ms")
				b.ReportMetric(float64(len(times))/float64(b.N), "decisions/op")
				b.ReportMetric(float64(playouts)/float64(len(times)), "playouts/decision")
			})
		}
	}
}

// TestLookaheadDecides: the search picks a legal move, the same one twice
// from one position and random stream, along games of 2 and 4 players.
func TestLookaheadDecides(t *testing.T) {
	g := New()
	for _, players := range []int{2, 4} {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		st, err := g.New(opts, nil, uint64(players))
		if err != nil {
			t.Fatal(err)
		}
		greedy := NewGreedyBot(g.pack)
		look := NewLookahead(g.pack, 40)
		r := engine.NewRand(9)
		decisions := 0
		for n := 0; len(st.Pending()) > 0; n++ {
			p := st.Pending()[0]
			c := st.Clone()
			c.Determinize(p, r)
			var m engine.Move
			if n%5 == 2 && len(st.Legal(p, nil)) > 1 {
				decisions++
				m, err = look.Choose(c, p, engine.NewRand(uint64(n)))
				if err != nil {
					t.Fatal(err)
				}
				again, _ := NewLookahead(g.pack, 40).Choose(c, p, engine.NewRand(uint64(n)))
				if again != m {
					t.Fatalf("%d players, move %d: the search chose %v, then %v", players, n, m, again)
				}
				if spent, _ := look.LastSearch(); spent < 40 {
					t.Errorf("%d players, move %d: %d rollouts of 40", players, n, spent)
				}
			} else if m, err = greedy.Choose(c, p, r); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(p, m); err != nil {
				t.Fatalf("%d players, move %d: %v", players, n, err)
			}
		}
		if decisions < 5 {
			t.Fatalf("%d players: only %d decisions searched", players, decisions)
		}
	}
}

// TestSeatSlotsFollowFrom: seatSlots lists a seat's Albums as from and
// sideOf find them, with any place empty.
func TestSeatSlotsFollowFrom(t *testing.T) {
	g := New()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": n})
		st, err := g.New(opts, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for empty := -1; empty < int(s.nslots); empty++ {
			c := *s
			if empty >= 0 {
				c.slotAlbum[empty] = -1
			}
			for p := engine.Seat(0); p < engine.Seat(n); p++ {
				var want, got [][2]int
				for k := 0; k < int(c.nslots); k++ {
					slot := c.from(p, k)
					if side := c.sideOf(slot, p); side >= 0 {
						want = append(want, [2]int{slot, side})
					}
				}
				slots, sides, m := c.seatSlots(p)
				for k := range m {
					got = append(got, [2]int{int(slots[k]), int(sides[k])})
				}
				if !slices.Equal(got, want) {
					t.Errorf("%d players, seat %d, place %d empty: seatSlots gives %v, from and sideOf %v", n, p, empty, got, want)
				}
			}
		}
	}
}

// The search of a table of two shares its rollouts among the workers it
// is given (SetWorkers) and plays each sample as one worker does: the same
// sums, sample by sample in the same order, and the same move, whatever
// the goroutines' scheduling.
func TestLookaheadSharesItsRolloutsAmongWorkers(t *testing.T) {
	g := New()
	checked := 0
	alongGreedyGame(t, g, 5, func(n int, c *State, p engine.Seat) bool {
		if n%7 == 3 && len(c.Legal(p, nil)) > 2 {
			var moves [3]engine.Move
			var sums [3][]float64
			for k, workers := range []int{1, 2, 2} {
				b := g.NewSearch(120).(*bySeats)
				b.SetWorkers(workers)
				m, err := b.Choose(c, p, engine.NewRand(uint64(n)))
				if err != nil {
					t.Fatal(err)
				}
				look := b.two.(*Lookahead)
				if len(look.legal) < 2 {
					break
				}
				moves[k], sums[k] = m, append([]float64(nil), look.halving.Sums()...)
				spent, _ := look.LastSearch()
				played := look.halving.Played()
				if len(played) != workers {
					t.Fatalf("move %d: %d workers counted, want %d", n, len(played), workers)
				}
				total := 0
				for w, x := range played {
					total += x
					if x == 0 {
						t.Errorf("move %d: worker %d of %d played none of %d rollouts", n, w, workers, spent)
					}
				}
				if spent < 120 || total != spent {
					t.Errorf("move %d, %d workers: %d rollouts, the workers' add up to %d", n, workers, spent, total)
				}
				if k == 2 {
					checked++
				}
			}
			for k := 1; k < 3 && sums[0] != nil; k++ {
				if moves[k] != moves[0] || !slices.Equal(sums[k], sums[0]) {
					t.Errorf("move %d: search %d played %v with sums %v; one worker %v with %v", n, k, moves[k], sums[k], moves[0], sums[0])
				}
			}
		}
		return checked < 3
	})
	if checked < 3 {
		t.Fatalf("only %d decisions of several moves searched: the test checks too little", checked)
	}
}

// BenchmarkLookahead is one decision of a table of two at the normal
// level's 300 rollouts, with one worker and with two (SetWorkers): the
// ratio of their ns/op is what the second core gains (run with -cpu 2).
func BenchmarkLookahead(b *testing.B) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	st, err := g.New(opts, nil, 5)
	if err != nil {
		b.Fatal(err)
	}
	greedy := NewGreedyBot(g.pack)
	r := engine.NewRand(5)
	for n := 0; n < 10 || len(st.Legal(st.Pending()[0], nil)) < 4; n++ {
		p := st.Pending()[0]
		m, err := greedy.Choose(st, p, r)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := st.Apply(p, m); err != nil {
			b.Fatal(err)
		}
	}
	p := st.Pending()[0]
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			look := NewLookahead(g.pack, 300)
			look.SetWorkers(workers)
			for b.Loop() {
				c := st.Clone()
				c.Determinize(p, r)
				if _, err := look.Choose(c, p, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A rollout of the search of a table of two plays the first two rounds of
// turns as the greedy bot does and the rest of the game by the quick
// rules (PlayoutMove), with a stream of the sample and the move for their
// ties: its reward is that of the game so played, which is not always
// that of the game the greedy bot plays to the end.
func TestLookaheadRolloutHandsOverToTheQuickRules(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	st, err := g.New(opts, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	greedy := NewGreedyBot(g.pack)
	r := engine.NewRand(3)
	for range 6 {
		p := st.Pending()[0]
		m, err := greedy.Choose(st, p, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p, m); err != nil {
			t.Fatal(err)
		}
	}
	root := st.(*State)
	seat := root.decider
	legal := root.Legal(seat, nil)
	// play is the rollout written out: m, then the greedy bot for quick
	// turns (all of them if quick < 0), then PlayoutMove.
	play := func(d *State, m engine.Move, seed, stream uint64, quick int) float64 {
		c := *d
		c.events = nil
		q := rand.New(rand.NewPCG(seed, stream))
		ref := NewGreedyBot(g.pack)
		if _, err := c.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		start := c.turns
		for c.phase != phOver {
			p := c.decider
			mv, ok := engine.Move(0), false
			if quick >= 0 && int(c.turns-start) >= quick {
				mv, ok = c.PlayoutMove(p, q)
			}
			if !ok {
				if mv, err = ref.Choose(&c, p, nil); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := c.Apply(p, mv); err != nil {
				t.Fatal(err)
			}
		}
		return c.Evaluate(nil)[seat]
	}
	const samples = 12
	b := &lookBatch{pack: g.pack, greedy: NewGreedyBot(g.pack), root: root, seat: seat, r: engine.NewRand(8), legal: legal}
	b.Hire(1)
	b.Sample(samples)
	// The samples and their streams, drawn as Sample draws them.
	mirror := engine.NewRand(8)
	differ := 0
	for s := range samples {
		d := *root
		d.events = nil
		d.Determinize(seat, mirror)
		seed := mirror.Uint64()
		for i, m := range legal {
			want := play(&d, m, seed, uint64(i)+1, 2*2)
			if got := b.Play(0, s, i); got != want {
				t.Errorf("sample %d, move %v: the rollout's reward is %v, the game played greedy for two rounds then by the quick rules gives %v", s, m, got, want)
			}
			if play(&d, m, seed, 0, -1) != want {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Fatal("no rollout ends otherwise than the greedy bot's to the end: the test checks too little")
	}
}

// alongGreedyGame plays a game of two from seed by the greedy bot and
// shows visit each position before its move, numbered from 0, as the
// seat to move sees it (determinized from a stream of the same seed),
// until the game ends or visit returns false.
func alongGreedyGame(t *testing.T, g *Game, seed uint64, visit func(n int, c *State, p engine.Seat) bool) {
	t.Helper()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	greedy := NewGreedyBot(g.pack)
	r := engine.NewRand(seed)
	for n := 0; len(st.Pending()) > 0; n++ {
		p := st.Pending()[0]
		c := st.Clone().(*State)
		c.Determinize(p, r)
		if !visit(n, c, p) {
			return
		}
		m, err := greedy.Choose(c, p, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p, m); err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
	}
}

// The search gives its head start to the greedy bot's move: the move it
// favours is the one the greedy bot picks in the same position, and one
// of the moves it searches.
func TestLookaheadFavoursTheGreedyMove(t *testing.T) {
	g := New()
	look := NewLookahead(g.pack, 20)
	searched, differs := 0, 0
	alongGreedyGame(t, g, 3, func(n int, c *State, p engine.Seat) bool {
		if _, err := look.Choose(c, p, engine.NewRand(uint64(n))); err != nil {
			t.Fatal(err)
		}
		if spent, _ := look.LastSearch(); spent > 0 {
			searched++
			want, err := NewGreedyBot(g.pack).ChooseSampling(c, p, engine.NewRand(uint64(n)), engine.NewRand(uint64(n)))
			if err != nil {
				t.Fatal(err)
			}
			if f := look.halving.Favourite; f < 0 || look.legal[f] != want {
				t.Fatalf("move %d: the search favours move %d of %v, the greedy bot plays %v", n, f, look.legal, want)
			}
			if want != look.legal[0] {
				differs++
			}
		}
		return true
	})
	if searched < 10 || differs == 0 {
		t.Fatalf("%d decisions searched, %d where the greedy bot's move is not the first listed: the test checks too little", searched, differs)
	}
}
