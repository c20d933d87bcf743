package frontline

import (
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// chooseWindow is choose in a window, where the moves are the pass, being
// done, the Events in hand with their arguments and Dominika's exchanges,
// in one pass: each move is scored, less the position's own survival
// score, and weighed against the best so far as it comes (picker), instead
// of classifying the moves, looking ahead, adding the position's own score
// and picking in four. It chooses what the plain way chooses (each move
// scored on its own, then PickBestOf), with the same draws. ok is false
// where the moves are not a window's (chooseScored then scores them as in
// any phase).
func (b *Greedy) chooseWindow(s *State, p int, legal []engine.Move, r *rand.Rand) (engine.Move, bool) {
	if len(legal) < 2 || legal[0] != mv(mPass, 0, 0, 0) || legal[1] != mv(mDone, 0, 0, 0) {
		return 0, false
	}
	scores := b.scores[:len(legal)]
	now := &b.now
	if !b.nowKept {
		now.reset(s, p)
	}
	b.nowKept = false
	// Copies of a card played the same way score alike (sameCard).
	var seen sameScores
	pick := newPicker(legal[0])
	// Scores are less the position's own survival score (base), which
	// every move but the Events looked ahead for scores plus a constant:
	// which move is best (and which are equal) does not depend on it, and
	// it is worked out only for the first Event that needs it.
	base, known := 0, false
	for i, m := range legal {
		k, c, a, _ := unmv(m)
		v := 0
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
			same := s.sameCard(m)
			var ok bool
			if v, ok = seen.get(same); ok {
				break
			}
			if !known {
				base, known = now.get(), true
			}
			// The pass comes first and scores the position's own: an
			// Event whose look-ahead cannot reach it need not be worked
			// out (survivalNow.floor).
			if b.exact {
				v = s.lookAhead(p, m, now) - 8 - keepValue[e] - base
			} else if hp := 10 * int(s.seats[p].hp); hp < base+8+keepValue[e] && s.unscoredBelow(p, e, now) {
				// What lookAhead would return, without the calls.
				v = hp - 8 - keepValue[e] - base
			} else {
				now.floor = base + 8 + keepValue[e]
				v = s.lookAhead(p, m, now) - 8 - keepValue[e] - base
			}
			now.floor = math.MinInt
			seen.keep(same, v)
		}
		scores[i] = v
		pick.offer(m, v, r)
	}
	return pick.best, true
}

// unscoredBelow reports whether lookAhead of Event e played by p in a
// window, with p's hit points' score below the floor, returns that score
// without looking: Osłona and Zwiad change a flag or a Target alone, and a
// march of p, an order or a shuffle moves the line where what fires kills
// no one (survivalMoved).
func (s *State) unscoredBelow(p int, e ActionEffect, now *survivalNow) bool {
	switch e {
	case CoverFx, MoveTargetFx:
		return true
	case MarchFx:
		return s.alive(p) && now.harmless()
	case OrderFx, WsjoRawnoFx:
		return now.harmless()
	}
	return false
}

// picker is engine.PickBestOf offered one move at a time, in the order of
// the moves: the same draws break the same ties. Equal scores are broken
// at random: taking the first would always aim Events that name a player
// (Donos, Rozkaz Komisarza) at the lowest seat.
type picker struct {
	best  engine.Move
	score int // the best score so far; math.MinInt, which no move scores, before the first
	ties  int
}

func newPicker(first engine.Move) picker { return picker{best: first, score: math.MinInt} }

// offer weighs move m, scored v, against the best so far.
func (k *picker) offer(m engine.Move, v int, r *rand.Rand) {
	if v >= k.score {
		k.take(m, v, r)
	}
}

// take is offer of a move scored at least the best so far: a better one
// is the best, an equal one is drawn between it and those before it.
func (k *picker) take(m engine.Move, v int, r *rand.Rand) {
	if v > k.score {
		*k = picker{best: m, score: v, ties: 1}
	} else if k.ties++; r.IntN(k.ties) == 0 {
		k.best = m
	}
}

// sameScores are the scores of the cards a decision looked ahead for, by
// the card they copy (sameCard): a few, looked up in order.
type sameScores struct {
	m [8]engine.Move
	v [8]int
	n int
}

// get is the score kept for m, if any.
func (k *sameScores) get(m engine.Move) (int, bool) {
	for i := range k.n {
		if k.m[i] == m {
			return k.v[i], true
		}
	}
	return 0, false
}

// keep records v as m's score, if there is room.
func (k *sameScores) keep(m engine.Move, v int) {
	if k.n < len(k.m) {
		k.m[k.n], k.v[k.n] = m, v
		k.n++
	}
}
