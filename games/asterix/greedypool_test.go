package asterix

import (
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// TestGreedyChoosesAlikeOnAClosedBotsScratch checks that a greedy bot
// handed the scratch and copy of a closed bot (as bots.Finish and a new
// game's bots do) chooses every move of a game as a bot with a scratch of
// its own does, and that a closed bot asked again still chooses.
func TestGreedyChoosesAlikeOnAClosedBotsScratch(t *testing.T) {
	g := New()
	for _, players := range []int{2, 4} {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		if err != nil {
			t.Fatal(err)
		}
		var used *GreedyBot // a bot whose game is over, its scratch used
		for seed := uint64(1); seed <= 4; seed++ {
			fresh := greedyGame(t, g, opts, seed, nil)
			var scratch *greedyScratch
			if used != nil {
				scratch = used.greedyScratch
				used.greedyScratch = nil // handed on, as Close hands it
				used.Copy = nil
			}
			handed := greedyGame(t, g, opts, seed, scratch)
			if len(fresh) != len(handed) {
				t.Fatalf("%dp seed %d: %d moves with its own scratch, %d with a closed bot's", players, seed, len(fresh), len(handed))
			}
			for i := range fresh {
				if fresh[i] != handed[i] {
					t.Fatalf("%dp seed %d, move %d: %v with its own scratch, %v with a closed bot's", players, seed, i, fresh[i], handed[i])
				}
			}
			used = NewGreedyBot(g.pack)
			greedyGameWith(t, g, opts, seed+100, used)
		}
		used.Close()
		st, _ := g.New(opts, nil, 9)
		if _, err := bots.Decide(used, st, st.Pending()[0], engine.NewRand(1)); err != nil {
			t.Fatalf("a closed bot asked again: %v", err)
		}
	}
}

// greedyGame plays a game of greedy bots, every seat's, and lists its
// moves; the first bot is handed scratch where it is not nil.
func greedyGame(t *testing.T, g *Game, opts engine.Options, seed uint64, scratch *greedyScratch) []engine.Move {
	t.Helper()
	first := NewGreedyBot(g.pack)
	if scratch != nil {
		first.greedyScratch = scratch
	}
	return greedyGameWith(t, g, opts, seed, first)
}

// greedyGameWith plays a game with bot at the first seat and new greedy
// bots at the others.
func greedyGameWith(t *testing.T, g *Game, opts engine.Options, seed uint64, bot *GreedyBot) []engine.Move {
	t.Helper()
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	players := []engine.Bot{bot}
	for len(players) < st.Seats() {
		players = append(players, NewGreedyBot(g.pack))
	}
	r := engine.NewRand(seed)
	var moves []engine.Move
	for len(st.Pending()) > 0 {
		p := st.Pending()[0]
		m, err := bots.Decide(players[p], st, p, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p, m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	return moves
}
