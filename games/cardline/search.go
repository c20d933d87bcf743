package cardline

import (
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// What the generic search bot (bots/mcts.go) uses: a copy in place, an
// evaluation from the cards left in hand, a playout policy that places
// cards where their printed values fit, and the search's settings.
//
// A search sees only determinized copies, in which the deck below its top
// is shuffled afresh; the printed values belong to the cards' identities,
// which every player holding them can read, so the policy may use them.

// CopyFrom makes s a copy of src (a Cardline state) in place, keeping its
// own event buffer: it allocates nothing.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	if o == s {
		return
	}
	events := s.events
	*s = *o
	s.events = events[:0]
}

// handWeight is how much one card more in hand lowers a seat's chance of
// winning: an active seat's share is proportional to
// exp(-handWeight*cards). Fitted by the largest likelihood over the
// positions of fan-against-fan games (TestEvaluateCalibration prints it).
const handWeight = 0.85

// Evaluate appends each seat's estimated share of a win: once the game is
// over, 1 shared among the winners; before, a softmax of the cards left in
// hand over the seats still in the game (an eliminated seat gets 0).
func (s *State) Evaluate(dst []float64) []float64 {
	n := int(s.seats)
	base := len(dst)
	if s.turn == engine.NoSeat {
		w := 0
		for p := range n {
			if s.winners&(1<<uint(p)) != 0 {
				w++
			}
		}
		for p := range n {
			v := 0.0
			if s.winners&(1<<uint(p)) != 0 {
				v = 1 / float64(w)
			}
			dst = append(dst, v)
		}
		return dst
	}
	sum := 0.0
	for p := range n {
		v := 0.0
		if s.isActive(engine.Seat(p)) {
			v = math.Exp(-handWeight * float64(s.handLen[p]))
		}
		dst = append(dst, v)
		sum += v
	}
	for i := base; i < len(dst); i++ {
		dst[i] /= sum
	}
	return dst
}

// PlayoutMove places a random card of seat's hand in a gap where its
// printed value fits (there always is one), the widest such gap's first
// place when several fit.
func (s *State) PlayoutMove(seat engine.Seat, r *rand.Rand) (engine.Move, bool) {
	if seat != s.turn || s.turn == engine.NoSeat || s.handLen[seat] == 0 {
		return 0, false
	}
	c := s.hands[seat][r.IntN(int(s.handLen[seat]))]
	return encode(c, uint8(s.fittingGap(c))), true
}

// fittingGap is the first gap where card c is placed correctly: after
// every card of the line with a lower value (the line is in order, as
// every card in it was placed correctly).
func (s *State) fittingGap(c uint8) int {
	v := s.value(c)
	lo, hi := 0, int(s.lineLen)
	for lo < hi {
		mid := (lo + hi) / 2
		if s.value(s.line[mid]) < v {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// SearchTuning sets the generic search bot up for Cardline.
func (g *Game) SearchTuning(opts engine.Options) engine.SearchTuning {
	return engine.SearchTuning{
		Iterations:   [4]int{400, 4000, 6000, 12000},
		PlayoutDepth: 0,
		Exploration:  0.7,
		Policy:       1,
	}
}
