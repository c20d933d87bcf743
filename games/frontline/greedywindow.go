package frontline

import (
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// chooseWindow is choose in a window, where the moves are the pass, being
// done, the Events in hand with their arguments and Dominika's exchanges,
// in one pass: each move is scored and weighed against the best so far as
// it comes, instead of classifying the moves,
// looking ahead, adding the position's own score and picking in four. It
// chooses what choose did, with the same draws. ok is false where the
// moves are not a window's (choose then scores them as in any phase).
func (b *Greedy) chooseWindow(s *State, p int, legal []engine.Move, r *rand.Rand) (engine.Move, bool) {
	if len(legal) < 2 || legal[0] != mv(mPass, 0, 0, 0) || legal[1] != mv(mDone, 0, 0, 0) {
		return 0, false
	}
	scores := b.scores[:len(legal)]
	now := &b.now
	now.reset(s, p)
	// Where no Event needs looking ahead every score is the position's
	// own plus a constant, and which is best (or equal) does not depend
	// on it: it is not worked out.
	base := 0
	for _, m := range legal[2:] {
		if k, c, _, _ := unmv(m); k == mPlay && !survivalKeeps(s.pack.aEffect[c]) {
			base = now.get()
			break
		}
	}
	// Copies of a card played the same way score alike (sameCard).
	var seen [8]struct {
		m engine.Move
		v int
	}
	seenN := 0
	// engine.PickBestOf, a move at a time: the same draws break the same
	// ties (no score is math.MinInt).
	best, bestScore, ties := legal[0], math.MinInt, 0
	for i, m := range legal {
		k, c, a, _ := unmv(m)
		v := base
		switch k {
		case mDone:
			v += s.doneScore(p)
		case mExchange:
			// Take a bigger hand.
			v += 3*(s.seats[a].hand.count()-s.seats[p].hand.count()) - 6
		case mPlay:
			e := s.pack.aEffect[c]
			if survivalKeeps(e) {
				v += s.healed(p, c, int(a)) - 8 - keepValue[e]
				break
			}
			same, j := s.sameCard(m), 0
			for j < seenN && seen[j].m != same {
				j++
			}
			if j < seenN {
				v = seen[j].v
				break
			}
			// The pass comes first and scores the position's own: an
			// Event whose look-ahead cannot reach it need not be worked
			// out (survivalNow.floor).
			if !b.exact {
				now.floor = base + 8 + keepValue[e]
			}
			v = s.lookAhead(p, m, now) - 8 - keepValue[e]
			now.floor = math.MinInt
			if seenN < len(seen) {
				seen[seenN].m, seen[seenN].v = same, v
				seenN++
			}
		}
		scores[i] = v
		if v > bestScore {
			best, bestScore, ties = m, v, 1
		} else if v == bestScore {
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best, true
}
