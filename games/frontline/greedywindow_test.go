package frontline

import (
	"math/rand/v2"
	"slices"
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// The greedy bot scores and picks in one pass (chooseWindow in a window,
// chooseScored elsewhere): over greedy games, at every decision, it
// chooses the move the plain way chooses (each move scored on its own,
// greedyScore, then engine.PickBestOf), with the same draws, whether it
// scores every move exactly or leaves some unscored.
func TestGreedyChoosesAsThePlainWay(t *testing.T) {
	decisions := map[uint8]int{}
	ties := 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 17))
			player := &Greedy{}
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if len(legal) > 1 {
					plain := greedyScores(s, seat, legal)
					for _, exact := range []bool{false, true} {
						bot := &Greedy{exact: exact}
						r1, r2 := rand.New(rand.NewPCG(seed, uint64(n))), rand.New(rand.NewPCG(seed, uint64(n)))
						bot.Moves, bot.Listed = append(bot.Moves[:0], legal...), true
						m, err := bot.Choose(s, seat, r1)
						if err != nil {
							t.Fatal(err)
						}
						want := engine.PickBestOf(legal, plain, r2)
						if m != want || r1.Uint64() != r2.Uint64() {
							t.Fatalf("seed %d, %d players, move %d (%s, exact %v): chose %s, the plain way %s with scores %v (or drew otherwise)",
								seed, players, n, phaseNames[s.phase], exact, s.Format(m), s.Format(want), plain)
						}
					}
					if countOf(plain, maxOf(plain)) > 1 {
						ties++
					}
					decisions[s.phase]++
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
	t.Logf("decisions checked by phase: %v, %d with a tie for the best score", decisions, ties)
	for _, ph := range []uint8{phDraft, phCommit, phWindow, phAnswer, phChoice, phEquip} {
		if decisions[ph] == 0 {
			t.Errorf("no decision checked in phase %s", phaseNames[ph])
		}
	}
	if ties == 0 {
		t.Error("no tie broken")
	}
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

// maxOf is the largest of xs.
func maxOf(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// Where the greedy bot holds Wsjo Rawno in a window but leaves its
// look-ahead unscored (shuffleUnscored), it decides without determinizing:
// over greedy games, at every such decision, it chooses the same move with
// the same scores and draws on the position, whose randomness it must not
// read, as on determinizations of it, each with the randomness of its
// own world.
func TestGreedyUnscoredShuffleReadsNoRandomness(t *testing.T) {
	skipped, shuffled := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 21))
			player := &Greedy{}
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if len(legal) > 1 && s.phase == phWindow && s.hiddenRead(seat) == readsRandomness {
					bot := &Greedy{}
					bot.Moves, bot.Listed = append(bot.Moves[:0], legal...), true
					if !bot.shuffleUnscored(s, int(seat)) {
						shuffled++
					} else {
						skipped++
						want, wantScores, wantDraw := decideOn(s, seat, legal, seed, n)
						for k := range uint64(4) {
							c := s.clone()
							c.Determinize(seat, rand.New(rand.NewPCG(seed, n64(n)+k)))
							m, scores, draw := decideOn(c, seat, legal, seed, n)
							if m != want || draw != wantDraw || !slices.Equal(scores, wantScores) {
								t.Fatalf("seed %d, %d players, move %d: chose %s with scores %v on a determinization, %s with %v on the position (or drew otherwise)",
									seed, players, n, s.Format(m), scores, s.Format(want), wantScores)
							}
						}
					}
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
	t.Logf("%d windows holding Wsjo Rawno decided without a determinization, %d with one", skipped, shuffled)
	if skipped == 0 || shuffled == 0 {
		t.Fatal("want windows of both kinds")
	}
}

// decideOn is a new greedy bot's choice for seat among legal in s, with
// its scores and the next draw of its stream after it.
func decideOn(s *State, seat engine.Seat, legal []engine.Move, seed uint64, n int) (engine.Move, []int, uint64) {
	bot := &Greedy{}
	bot.Moves, bot.Listed = append(bot.Moves[:0], legal...), true
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	m, _ := bot.decide(s, seat, r)
	return m, slices.Clone(bot.scores), r.Uint64()
}
