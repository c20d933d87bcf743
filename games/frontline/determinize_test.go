package frontline

import (
	"math/rand/v2"
	"slices"
	"testing"

	"stolik/engine"
)

// A card a seat passed on in the draft and has not seen come back or face
// up is in another player's hand, pack or face-down card: the seat's
// determinizations never put it in the deck (Determinize).
func TestDeterminizeKeepsPassedCardsWithThePlayers(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, players := range []int{2, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 3))
			var buf []engine.Move
			for n := 0; n < 400 && len(s.Pending()) > 0; n++ {
				for observer := range engine.Seat(players) {
					known := passedElsewhere(s, observer)
					if known.empty() {
						continue
					}
					for range 20 {
						c := s.Clone().(*State)
						c.Determinize(observer, r)
						for _, card := range c.deck[:c.deckN] {
							if known.has(card) {
								t.Fatalf("seed %d, %d players, move %d: seat %d passed %s on, and a determinization put it in the deck",
									seed, players, n, observer, s.pack.ActionName(card))
							}
						}
						checked++
					}
				}
				seat := s.Pending()[0]
				buf = s.Legal(seat, buf[:0])
				if _, err := s.Apply(seat, buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position had a card passed on")
	}
}

// passedElsewhere are the cards observer passed on in the draft that are
// not in its own hand, pack or face-down card and were never face up.
func passedElsewhere(s *State, observer engine.Seat) cardSet {
	st := &s.seats[observer]
	var out cardSet
	st.passed.each(func(c uint8) {
		if !st.hand.has(c) && !st.pack.has(c) && !(st.is(fCommitted) && st.committed == c) && !s.faceUp.has(c) {
			out.set(c)
		}
	})
	return out
}

// Determinize's shuffle draws as math/rand/v2's Shuffle and Uint64N do: the
// same streams give the same numbers and are left in the same place, for
// the sizes it shuffles and for bounds where draws are rejected and drawn
// again, so the worlds it deals are the ones Uint64N dealt.
func TestShuffleDrawsAsUint64N(t *testing.T) {
	bounds := []uint64{1, 2, 3, 5, 7, 64, 100, 1<<63 + 1, 3 << 62, 1<<64 - 3}
	for seed := uint64(1); seed <= 50; seed++ {
		got, want := rand.New(rand.NewPCG(seed, 3)), rand.New(rand.NewPCG(seed, 3))
		for n := uint64(1); n <= 130; n++ {
			if g, w := uint64N(got, n), want.Uint64N(n); g != w {
				t.Fatalf("seed %d: uint64N(%d) drew %d, Uint64N %d", seed, n, g, w)
			}
		}
		for _, n := range bounds {
			for range 20 {
				if g, w := uint64N(got, n), want.Uint64N(n); g != w {
					t.Fatalf("seed %d: uint64N(%d) drew %d, Uint64N %d", seed, n, g, w)
				}
			}
		}
		for n := range 130 {
			a, b := make([]uint8, n), make([]uint8, n)
			for i := range a {
				a[i], b[i] = uint8(i), uint8(i)
			}
			shuffle(got, a)
			want.Shuffle(n, func(i, j int) { b[i], b[j] = b[j], b[i] })
			if !slices.Equal(a, b) {
				t.Fatalf("seed %d: shuffle of %d gave %v, Shuffle %v", seed, n, a, b)
			}
		}
		if got.Uint64() != want.Uint64() {
			t.Fatalf("seed %d: the streams are left in different places", seed)
		}
	}
}
