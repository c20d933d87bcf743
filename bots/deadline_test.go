package bots_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/games/all"
)

// fakeClock is a clock that moves only when the work it measures says so.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time                  { return c.t }
func (c *fakeClock) spend(d time.Duration)           { c.t = c.t.Add(d) }
func (c *fakeClock) since(t time.Time) time.Duration { return c.t.Sub(t) }

// costly is a position whose determinization and view take time on a
// fake clock, so the time a decision spends on them can be counted.
type costly struct {
	engine.State
	clk               *fakeClock
	determinize, view time.Duration
}

func (s *costly) Clone() engine.State {
	return &costly{State: s.State.Clone(), clk: s.clk, determinize: s.determinize, view: s.view}
}

func (s *costly) Determinize(observer engine.Seat, r *rand.Rand) {
	s.clk.spend(s.determinize)
	s.State.Determinize(observer, r)
}

func (s *costly) View(seat engine.Seat) any {
	s.clk.spend(s.view)
	return s.State.View(seat)
}

func newGame(t *testing.T, name string, seed uint64) engine.State {
	t.Helper()
	for _, g := range all.Games() {
		if g.Name() == name {
			opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
	}
	t.Fatalf("no game %s", name)
	return nil
}

func gameNamed(t *testing.T, name string) engine.Game {
	t.Helper()
	for _, g := range all.Games() {
		if g.Name() == name {
			return g
		}
	}
	t.Fatalf("no game %s", name)
	return nil
}

// The copy of the position a bot gets and its determinization are part of
// a decision: a search bot's budget runs from before them, so the decision
// ends within the budget and one playout.
func TestDecideCountsTheCopyAgainstTheBudget(t *testing.T) {
	clk := &fakeClock{t: time.Unix(1e9, 0)}
	defer bots.SetClock(clk.now)()
	b, err := bots.NewMCTS(gameNamed(t, "frontline"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	const playout = 30 * time.Millisecond
	st := &costly{State: newGame(t, "frontline", 5), clk: clk, determinize: playout}
	seat := st.Pending()[0]
	start := clk.now()
	if _, err := bots.Decide(b, st, seat, rand.New(rand.NewPCG(1, 2))); err != nil {
		t.Fatal(err)
	}
	if took := clk.since(start); took > b.Budget()+playout {
		t.Errorf("a decision with a budget of %v took %v (%d playouts of %v)", b.Budget(), took, b.Last.Iterations, playout)
	}
}

// Keeping the tree after a search (a copy, a move and the seat's view of
// the position it leads to) is part of the decision too: the bot leaves
// it the time a view of the position takes (or keeping took last) before
// the deadline, and skips it when the deadline has passed.
func TestMCTSLeavesTimeToKeepItsTree(t *testing.T) {
	clk := &fakeClock{t: time.Unix(1e9, 0)}
	defer bots.SetClock(clk.now)()
	g := gameNamed(t, "frontline")
	b, err := bots.NewMCTS(g, "50")
	if err != nil {
		t.Fatal(err)
	}
	const playout, view, budget = time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond
	st := &costly{State: newGame(t, "frontline", 5), clk: clk, determinize: playout, view: view}
	r := rand.New(rand.NewPCG(3, 4))
	opponent := &bots.Random{}
	decisions := 0
	for n := 0; n < 200 && len(st.Pending()) > 0; n++ {
		seat := st.Pending()[0]
		var m engine.Move
		if seat == 0 {
			start := clk.now()
			m, err = bots.DecideBy(b, st, seat, r, start.Add(budget))
			if took := clk.since(start); took > budget+2*playout {
				t.Fatalf("decision %d with %v took %v (%+v)", decisions, budget, took, b.Last)
			}
			decisions++
		} else {
			m, err = bots.Decide(opponent, st, seat, r)
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
	if decisions < 5 {
		t.Fatalf("only %d decisions", decisions)
	}
}

// A search stops once its most tried move leads the next by more than the
// playouts it has left, and plays the move it would have played after all
// of them. (Asterix & Co and Tag Team search their own way, by sequential
// halving, and play all their playouts.)
func TestMCTSStopsOnceTheMoveIsSettled(t *testing.T) {
	for _, name := range []string{"frontline", "cardline"} {
		g := gameNamed(t, name)
		st := newGame(t, name, 9)
		r := rand.New(rand.NewPCG(5, 6))
		random := &bots.Random{}
		all, settled, searches := 0, 0, 0
		for n := 0; n < 400 && len(st.Pending()) > 0 && searches < 12; n++ {
			seat := st.Pending()[0]
			if len(st.Legal(seat, nil)) > 1 && n%3 == 0 {
				full, _ := bots.NewMCTS(g, "600")
				bots.SearchEverything(full)
				early, _ := bots.NewMCTS(g, "600")
				c := st.Clone()
				c.Determinize(seat, rand.New(rand.NewPCG(uint64(n), 1)))
				want, err1 := full.Choose(c.Clone(), seat, rand.New(rand.NewPCG(uint64(n), 2)))
				got, err2 := early.Choose(c, seat, rand.New(rand.NewPCG(uint64(n), 2)))
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if got != want {
					t.Errorf("%s move %d: stopping early played %s, all playouts %s", name, n, st.Format(got), st.Format(want))
				}
				all += full.Last.Iterations
				settled += early.Last.Iterations
				searches++
			}
			m, _ := bots.Decide(random, st, seat, r)
			if _, err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: %d searches, %d playouts instead of %d", name, searches, settled, all)
		if searches == 0 || settled >= all {
			t.Errorf("%s: %d searches stopping early made %d playouts, all of them %d", name, searches, settled, all)
		}
	}
}
