package frontline

import (
	"math/rand/v2"
	"slices"
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// In a window the greedy bot scores and picks in one pass (chooseWindow):
// over greedy games, at every window decision, it chooses the move the
// plain way (classify, look ahead, add the position's own score, then
// engine.PickBestOf) chooses, with the same scores and the same draws,
// scoring every move exactly or leaving some unscored alike.
func TestGreedyWindowChoosesAsScored(t *testing.T) {
	windows, ties := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 17))
			player := &Greedy{}
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if s.phase == phWindow && len(legal) > 2 {
					for _, exact := range []bool{false, true} {
						one, plain := windowBot(exact, len(legal)), windowBot(exact, len(legal))
						r1, r2 := rand.New(rand.NewPCG(seed, uint64(n))), rand.New(rand.NewPCG(seed, uint64(n)))
						m, ok := one.chooseWindow(s, int(seat), legal, r1)
						want := plain.chooseScored(s, int(seat), legal, r2)
						if !ok || m != want || r1.Uint64() != r2.Uint64() || !slices.Equal(one.scores, plain.scores) {
							t.Fatalf("seed %d, %d players, move %d (exact %v): chose %s with scores %v (ok %v), the plain way %s with %v (or drew otherwise)",
								seed, players, n, exact, s.Format(m), one.scores, ok, s.Format(want), plain.scores)
						}
						if !exact && countOf(plain.scores, slices.Max(plain.scores)) > 1 {
							ties++
						}
					}
					windows++
				}
				m, err := bots.Decide(player, s, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d window decisions checked, %d of them with a tie for the best score", windows, ties)
	if windows == 0 {
		t.Fatal("no window decision checked")
	}
}

// windowBot is a greedy bot with room to score n moves.
func windowBot(exact bool, n int) *Greedy {
	return &Greedy{exact: exact, scores: make([]int, n), same: make([]engine.Move, n), looks: make([]uint8, n)}
}

// countOf is how many of xs are x.
func countOf(xs []int, x int) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}
