package frontline

import (
	"math/rand/v2"
	"slices"
	"testing"

	"stolik/engine"
)

// Where the greedy bot says its choice depends on nothing its seat does
// not know (PublicChoice), every legal move scores the same on the true
// position as on any determinization of it, so skipping the
// determinization cannot change what it plays.
func TestGreedyPublicChoicesScoreAlikeInEveryWorld(t *testing.T) {
	g := New()
	public, hidden := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		for _, players := range []int{2, 4} {
			opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := rand.New(rand.NewPCG(seed, 7))
			var bot Greedy
			var legal []engine.Move
			for n := 0; n < 600 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if len(legal) > 1 {
					if !bot.PublicChoice(s, seat) {
						hidden++
					} else {
						public++
						want := greedyScores(s.clone(), seat, legal)
						for range 4 {
							c := s.clone()
							c.Determinize(seat, r)
							if got := greedyScores(c, seat, legal); !slices.Equal(got, want) {
								t.Fatalf("seed %d, %d players, move %d, seat %d (%s): scores %v on a determinization, %v on the position",
									seed, players, n, seat, phaseNames[s.phase], got, want)
							}
						}
					}
				}
				if _, err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d public choices checked, %d that need a determinization", public, hidden)
	if public == 0 || hidden == 0 {
		t.Fatalf("want both kinds of decision: %d public, %d hidden", public, hidden)
	}
}

// greedyScores are the greedy bot's scores of legal for seat in s.
func greedyScores(s *State, seat engine.Seat, legal []engine.Move) []int {
	var out []int
	for _, m := range legal {
		out = append(out, s.greedyScore(int(seat), m))
	}
	return out
}
