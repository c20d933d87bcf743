package asterix

import (
	"testing"

	"stolik/engine"
)

// TestActionTreeDecides: the action tree picks a legal move, the same one
// twice from one position and random stream, along games of 2 and 4
// players, and plays its iterations.
func TestActionTreeDecides(t *testing.T) {
	g := New()
	for _, players := range []int{2, 4} {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		st, err := g.New(opts, nil, uint64(players))
		if err != nil {
			t.Fatal(err)
		}
		greedy := NewGreedyBot(g.pack)
		r := engine.NewRand(9)
		decisions := 0
		for n := 0; len(st.Pending()) > 0; n++ {
			p := st.Pending()[0]
			c := st.Clone()
			c.Determinize(p, r)
			var m engine.Move
			if n%5 == 2 && len(st.Legal(p, nil)) > 1 {
				decisions++
				tree := NewActionTree(g.pack, 40, defaultSlip)
				m, err = tree.Choose(c, p, engine.NewRand(uint64(n)))
				if err != nil {
					t.Fatal(err)
				}
				again, _ := NewActionTree(g.pack, 40, defaultSlip).Choose(c, p, engine.NewRand(uint64(n)))
				if again != m {
					t.Fatalf("%d players, move %d: the search chose %v, then %v", players, n, m, again)
				}
				if spent, _ := tree.LastSearch(); spent != 40 && len(tree.rootMoves) > 1 {
					t.Errorf("%d players, move %d: %d iterations of 40", players, n, spent)
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

// TestSearchKeepsItsTreeWithinAnAction: an action is several decisions of
// one seat in a row (draw, then use a token; play a card, then use its
// ability), and the game's search goes on from what it learned about the
// rest of the action while choosing its start, rather than deciding each
// step afresh.
func TestSearchKeepsItsTreeWithinAnAction(t *testing.T) {
	g := New()
	const iters = 60
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 4})
	kept := 0
	for seed := uint64(1); seed <= 6 && kept == 0; seed++ {
		st, err := g.New(opts, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		var search *ActionTree
		if b, ok := g.NewSearch(iters).(*bySeats); ok {
			search, _ = b.more.(*ActionTree)
		}
		if search == nil {
			t.Fatal("the game's search at 4 players is not a tree: it keeps nothing between the steps of an action")
		}
		greedy := NewGreedyBot(g.pack)
		r := engine.NewRand(seed)
		for n := 0; len(s.Pending()) > 0 && kept == 0; n++ {
			p := s.Pending()[0]
			var m engine.Move
			if p == 0 && len(s.Legal(p, nil)) > 1 {
				before := -1
				if k := search.keptEdge; k >= 0 && search.keptSeat == p && search.keptTurn == s.turns && search.edges[k].child >= 0 {
					before = int(search.nodes[search.edges[k].child].n)
				}
				if m, err = search.Choose(s.Clone(), p, r); err != nil {
					t.Fatal(err)
				}
				if before > 0 {
					kept++
					if got := int(search.nodes[search.root].n); got != before+iters {
						t.Errorf("seed %d, move %d: the kept node had %d iterations and has %d after %d more", seed, n, before, got, iters)
					}
				}
			} else if m, err = greedy.Choose(s.Clone(), p, r); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(p, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if kept == 0 {
		t.Fatal("no decision went on from the tree of the one before it in the same action")
	}
}

// TestOpponentModelSlips: the opponent model plays the greedy bot's move
// unless it slips, slips about as often as it is told to, only to moves
// a casual player would consider, and draws its slips from the stream it
// is given.
func TestOpponentModelSlips(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 4})
	st, err := g.New(opts, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	greedy := NewGreedyBot(g.pack)
	exact, slips := NewOpponent(g.pack, 0), NewOpponent(g.pack, 0.3)
	r0, r1, r2 := engine.NewRand(1), engine.NewRand(2), engine.NewRand(2)
	again := NewOpponent(g.pack, 0.3)
	differ, choices := 0, 0
	for n := 0; len(s.Pending()) > 0; n++ {
		p := s.Pending()[0]
		want, err := greedy.Choose(s.Clone(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m, _ := exact.Move(s.Clone().(*State), p, r0); m != want {
			t.Fatalf("move %d: with no slips the model plays %v, the greedy bot %v", n, m, want)
		}
		m, _ := slips.Move(s.Clone().(*State), p, r1)
		if m2, _ := again.Move(s.Clone().(*State), p, r2); m2 != m {
			t.Fatalf("move %d: the same stream gave %v, then %v", n, m, m2)
		}
		greedy.me = p
		if s.check(p, m) != legal || (!greedy.sensible(s, m) && len(s.Legal(p, nil)) > 1) {
			t.Fatalf("move %d: the model slipped to %v", n, m)
		}
		if len(s.Legal(p, nil)) > 1 {
			choices++
			if m != want {
				differ++
			}
		}
		if _, err := s.Apply(p, want); err != nil {
			t.Fatal(err)
		}
	}
	// A slip may land on the greedy move itself, so fewer differ than slip.
	if share := float64(differ) / float64(choices); share < 0.1 || share > 0.3 {
		t.Errorf("the model left the greedy move in %d of %d choices; it slips with chance 0.3", differ, choices)
	}
}
