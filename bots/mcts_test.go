package bots_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/games/all"
	"stolik/internal/longtest"
)

// playMCTS plays one game of g with players seats: seat 0 is spec, the
// others random; it returns the moves in notation and the outcome.
func playMCTS(t *testing.T, g engine.Game, players int, spec string, seed uint64) ([]string, engine.Outcome) {
	t.Helper()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	var seats []engine.Bot
	for s := range players {
		name := "random"
		if s == 0 {
			name = spec
		}
		b, err := bots.New(g, name)
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, b)
	}
	r := rand.New(rand.NewPCG(seed, 9))
	var moves []string
	for n := 0; ; n++ {
		pend := st.Pending()
		if len(pend) == 0 {
			break
		}
		if n > 20000 {
			t.Fatalf("%s: no outcome after %d moves", g.Name(), n)
		}
		seat := pend[0]
		m, err := bots.Decide(seats[seat], st, seat, r)
		if err != nil {
			t.Fatalf("%s move %d: %v", g.Name(), n, err)
		}
		moves = append(moves, fmt.Sprintf("%d:%s", seat, st.Format(m)))
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatalf("%s move %d: the bot chose an illegal move %q: %v", g.Name(), n, st.Format(m), err)
		}
	}
	out, _ := st.Outcome()
	return moves, out
}

// The search bot finishes games of every game with legal moves, and with a
// fixed number of playouts and a fixed random stream it plays the same
// game twice.
func TestMCTSPlaysEveryGameReproducibly(t *testing.T) {
	skipOneWorkerUnderRace(t)
	for _, g := range all.Games() {
		for _, players := range []int{2, 4} {
			if _, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players}); err != nil {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", g.Name(), players), func(t *testing.T) {
				t.Parallel()
				a, _ := playMCTS(t, g, players, "mcts:40", 7)
				b, _ := playMCTS(t, g, players, "mcts:40", 7)
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Fatalf("two games with the same seed went apart")
				}
			})
		}
	}
}

// skipOneWorkerUnderRace skips a test of the search on one worker under
// the race detector: such a search starts no goroutine, so the detector
// has nothing to look at, and it slows the playouts tenfold (Asterix &
// Co's games took minutes). The searches side by side are raced
// (TestMCTSSearchesSideBySide).
func skipOneWorkerUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("a search on one worker starts no goroutine; TestMCTSSearchesSideBySide races the searches side by side")
	}
}

// A little search already beats random play clearly in every game: on a
// few games, and on 16 each with the long calibrations (STOLIK_LONG=1).
func TestMCTSBeatsRandom(t *testing.T) {
	skipOneWorkerUnderRace(t)
	games := longtest.Pick(4, 16)
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			score := 0.0
			for i := range games {
				_, out := playMCTS(t, g, 2, "mcts:150", uint64(100+i))
				for _, w := range out.Winners {
					if w == 0 {
						score += 1 / float64(len(out.Winners))
					}
				}
			}
			t.Logf("mcts:150 scored %.1f of %d against random", score, games)
			if score < 0.75*float64(games) {
				t.Errorf("mcts:150 scored only %.1f of %d against random", score, games)
			}
		})
	}
}

func TestMCTSLevels(t *testing.T) {
	g := all.Games()[0]
	for _, ok := range []string{"mcts", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert", "mcts:5000", "mcts:250ms", "mcts:expert/20"} {
		if _, err := bots.New(g, ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"mcts:master", "mcts:0", "mcts:-5", "mcts:99999999999", "mcts:0s", "mcts:2h", "mcts:expert/0", "mcts:5000/2", "mcts:expert/x", "mcts:/3"} {
		if _, err := bots.New(g, bad); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
	for _, spec := range bots.Specs(g) {
		if spec.Name != "mcts" {
			continue
		}
		if len(spec.LevelTitles) != len(spec.Levels) || spec.Title.PL == "" || spec.Title.EN == "" {
			t.Errorf("mcts: %d level titles for %d levels, title %+v", len(spec.LevelTitles), len(spec.Levels), spec.Title)
		}
		for _, b := range bots.MCTSLevels {
			m, err := bots.NewMCTS(g, b)
			if err != nil || m.Budget() <= 0 || m.Budget() > time.Second {
				t.Errorf("level %s: budget %v, %v", b, m.Budget(), err)
			}
		}
		// A level divided, even by one, plays a fixed number of
		// playouts with no time limit, so that its games depend on the
		// seed alone (the ladders at full counts).
		for _, b := range bots.MCTSLevels {
			for _, div := range []string{"/1", "/20"} {
				m, err := bots.NewMCTS(g, b+div)
				if err != nil || m.Budget() != 0 {
					t.Errorf("level %s%s: budget %v, %v", b, div, m.Budget(), err)
				}
			}
		}
	}
}

// A deadline that has passed ends the search after its first playout; the
// move is still legal. Decisions a game leaves to its playout policy (Tag
// Team's draft) are not searched: the test starts after them.
func TestMCTSAnswersByTheDeadline(t *testing.T) {
	for _, g := range all.Games() {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
		st, err := g.New(opts, nil, 3)
		if err != nil {
			t.Fatal(err)
		}
		for pd, ok := st.(interface{ PolicyDecides(engine.Seat) bool }); ok && pd.PolicyDecides(st.Pending()[0]); {
			p := st.Pending()[0]
			if _, err := st.Apply(p, st.Legal(p, nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := bots.NewMCTS(g, "100000")
		seat := st.Pending()[0]
		c := st.Clone()
		c.Determinize(seat, rand.New(rand.NewPCG(1, 2)))
		m, err := b.ChooseBy(c, seat, rand.New(rand.NewPCG(1, 2)), time.Now().Add(-time.Second))
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		if legal := st.Legal(seat, nil); len(legal) > 1 && (b.Last.Iterations != 1 || !b.Last.TimedOut) {
			t.Errorf("%s: %d playouts after the deadline (timed out: %v)", g.Name(), b.Last.Iterations, b.Last.TimedOut)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Errorf("%s: the move found by the deadline is illegal: %v", g.Name(), err)
		}
	}
}

// The plain reference search plays only legal moves (playMCTS fails on an
// illegal one), plays the same game twice from the same seed, and beats
// random play clearly in every game: on a few games, and on 16 each with
// the long calibrations.
func TestISMCTSIsLegalAndBeatsRandom(t *testing.T) {
	skipOneWorkerUnderRace(t)
	games := longtest.Pick(4, 16)
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			score := 0.0
			for i := range games {
				moves, out := playMCTS(t, g, 2, "ismcts:150", uint64(100+i))
				if i == 0 {
					again, _ := playMCTS(t, g, 2, "ismcts:150", uint64(100+i))
					if fmt.Sprint(moves) != fmt.Sprint(again) {
						t.Fatalf("two games with the same seed went apart")
					}
				}
				for _, w := range out.Winners {
					if w == 0 {
						score += 1 / float64(len(out.Winners))
					}
				}
			}
			t.Logf("ismcts:150 scored %.1f of %d against random", score, games)
			if score < 0.75*float64(games) {
				t.Errorf("ismcts:150 scored only %.1f of %d against random", score, games)
			}
		})
	}
}

func TestISMCTSSpecs(t *testing.T) {
	g := all.Games()[0]
	for _, ok := range []string{"ismcts", "ismcts:1", "ismcts:5000"} {
		if b, err := bots.New(g, ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		} else if _, isRef := b.(*bots.ISMCTS); !isRef {
			t.Errorf("%s made a %T", ok, b)
		}
	}
	for _, bad := range []string{"ismcts:0", "ismcts:-3", "ismcts:x", "ismcts:99999999999", "ismcts:expert", "ismcts:1s"} {
		if _, err := bots.New(g, bad); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
}

// Searches side by side (SetWorkers) play legal moves, share out the
// bot's playouts, and with a number of playouts play the same game twice
// from the same seed, however the goroutines are scheduled.
func TestMCTSSearchesSideBySide(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			play := func() []string {
				opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
				st, err := g.New(opts, nil, 11)
				if err != nil {
					t.Fatal(err)
				}
				b, err := bots.NewMCTS(g, "61")
				if err != nil {
					t.Fatal(err)
				}
				b.SetWorkers(3)
				var rnd bots.Random
				r := rand.New(rand.NewPCG(11, 12))
				var moves []string
				for n := 0; n < 60 && len(st.Pending()) > 0; n++ {
					seat := st.Pending()[0]
					var bot engine.Bot = &rnd
					if seat == 0 {
						bot = b
					}
					m, err := bots.Decide(bot, st, seat, r)
					if err != nil {
						t.Fatal(err)
					}
					if seat == 0 && b.Last.Nodes > 0 && b.Last.Iterations > 61 { // the tree's own playouts, not a game's own search
						t.Fatalf("move %d: %d playouts for a bot of 61", n, b.Last.Iterations)
					}
					moves = append(moves, st.Format(m))
					if _, err := st.Apply(seat, m); err != nil {
						t.Fatalf("move %d: an illegal move %q: %v", n, st.Format(m), err)
					}
				}
				return moves
			}
			if a, b := play(), play(); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("two games with the same seed went apart:\n%v\n%v", a, b)
			}
		})
	}
}

// ownGame is a game whose own search records the workers it is given.
type ownGame struct {
	engine.Game
	search *workingSearch
}

func (g ownGame) NewSearch(playouts int) engine.DeadlineBot { return g.search }

type workingSearch struct{ workers []int }

func (s *workingSearch) SetWorkers(n int) { s.workers = append(s.workers, n) }
func (s *workingSearch) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return st.Legal(seat, nil)[0], nil
}
func (s *workingSearch) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, _ time.Time) (engine.Move, error) {
	return s.Choose(st, seat, r)
}

// A game's own search that can share its playouts among goroutines gets
// the bot's workers (SetWorkers) at every decision.
func TestMCTSGivesItsWorkersToTheGamesOwnSearch(t *testing.T) {
	g := gameNamed(t, "tagteam")
	search := &workingSearch{}
	b, err := bots.NewMCTS(ownGame{Game: g, search: search}, "100")
	if err != nil {
		t.Fatal(err)
	}
	st := newGame(t, "tagteam", 3)
	seat := st.Pending()[0]
	if len(st.Legal(seat, nil)) < 2 {
		t.Fatal("the first decision has one move: the test checks nothing")
	}
	for _, n := range []int{2, 1} {
		b.SetWorkers(n)
		if _, err := b.Choose(st, seat, rand.New(rand.NewPCG(3, 4))); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(search.workers) != "[2 1]" {
		t.Errorf("the own search was given %v workers, want [2 1]", search.workers)
	}
}
