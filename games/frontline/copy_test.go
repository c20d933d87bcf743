package frontline

import (
	"reflect"
	"testing"

	"stolik/engine"
)

// A copy takes only the seats in play (copyState): the seats past a
// state's player count stay zero all game long, and a copy made with
// CopyFrom, into a state that held a game with more players or fewer, or
// a probe of look-ahead, equals a clone of its source field by field and
// shares nothing that changes with it.
func TestCopyTakesTheSeatsInPlayOnly(t *testing.T) {
	targets := map[int]*State{}
	for _, n := range []int{2, 3, 8} {
		targets[n] = newSearchState(t, n, 99)
	}
	for _, n := range []int{2, 3, 8} {
		for seed := uint64(1); seed <= 6; seed++ {
			st := newSearchState(t, n, seed)
			r := engine.NewRand(seed)
			var legal []engine.Move
			for k := 0; k < 2000; k++ {
				checkSeatsPastN(t, st)
				clone := st.clone()
				for _, m := range []int{2, 3, 8} {
					c := targets[m]
					c.CopyFrom(st)
					checkCopyEqual(t, c, clone, n, seed, k)
					targets[m] = c
				}
				checkCopyEqual(t, st.probe(), clone, n, seed, k)
				if &clone.events[:1][0] == &st.events[:1][0] || clone.look != nil {
					t.Fatalf("%d players, seed %d, move %d: a clone shares the event buffer or the look-ahead scratch", n, seed, k)
				}
				p := st.Pending()
				if len(p) == 0 {
					break
				}
				seat := p[r.IntN(len(p))]
				legal = st.Legal(seat, legal[:0])
				h := clone.Hash()
				if _, err := targets[8].Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				if clone.Hash() != h || st.Hash() != h {
					t.Fatalf("%d players, seed %d, move %d: playing a copy changed its source or a clone", n, seed, k)
				}
				if _, err := st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func checkSeatsPastN(t *testing.T, s *State) {
	t.Helper()
	for p := int(s.n); p < MaxSeats; p++ {
		if s.seats[p] != (seatState{}) {
			t.Fatalf("seat %d of a %d-player state is not zero: %+v", p, s.n, s.seats[p])
		}
	}
}

// checkCopyEqual compares everything but the event buffer and the
// look-ahead scratch, which every state keeps as its own.
func checkCopyEqual(t *testing.T, c, want *State, n int, seed uint64, k int) {
	t.Helper()
	checkSeatsPastN(t, c)
	x, y := *c, *want
	x.events, y.events, x.look, y.look = nil, nil, nil, nil
	x.probing = y.probing
	if !reflect.DeepEqual(x, y) || (!c.probing && c.Hash() != want.Hash()) {
		t.Fatalf("%d players, seed %d, move %d: a copy differs from a clone of its source", n, seed, k)
	}
}
