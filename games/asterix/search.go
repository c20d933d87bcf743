package asterix

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"stolik/engine"
)

// What the generic search bot (mcts) uses: CopyFrom, Evaluate and
// PlayoutMove on a state, SearchTuning on the game. Evaluate and
// PlayoutMove run only on a search's determinized copies, so they read
// every hand.

// CopyFrom makes s a copy of src, keeping s's own event buffer
// (engine.Copier): the state is a flat value, so this is one assignment.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	ev := s.events
	*s = *o
	s.events = ev[:0]
}

// evalScale turns the greedy heuristic's lead, in sestertii, into odds:
// a seat's share of a win is a softmax of its score over evalScale. The
// scale is fitted to positions of greedy-against-greedy games, where it
// gave the likeliest winners (search_test.go measures the fit).
const evalScale = 20.0

// Evaluate appends each seat's estimated share of a win (engine.Evaluator):
// for an unfinished game, a softmax of the greedy bot's score of the
// position for each seat, which sees that seat's whole hand.
func (s *State) Evaluate(dst []float64) []float64 {
	n := int(s.seats)
	if s.phase == phOver {
		w := 0
		for q := range n {
			if s.winners&(1<<uint(q)) != 0 {
				w++
			}
		}
		for q := range n {
			v := 0.0
			if s.winners&(1<<uint(q)) != 0 {
				v = 1 / float64(w)
			}
			dst = append(dst, v)
		}
		return dst
	}
	var v [MaxPlayers]float64
	for q := range n {
		j := judge{me: engine.Seat(q), root: s.hands[q], fit: &s.pack.fit}
		v[q] = j.score(s)
	}
	top := v[0]
	for q := 1; q < n; q++ {
		top = max(top, v[q])
	}
	sum := 0.0
	for q := range n {
		v[q] = math.Exp((v[q] - top) / evalScale)
		sum += v[q]
	}
	for q := range n {
		dst = append(dst, v[q]/sum)
	}
	return dst
}

// PlayoutMove proposes a cheap move for seat p (engine.Playouter): one
// step of rules a quick player follows. A play that captures an Album
// comes first, then a token that does, then the play that adds most to a
// half near its threshold; a token goes on one's own card (potion,
// revive) or an opponent's (fish), the one that changes most; an ability
// hits an opponent's half and helps one's own; cards that fit none of
// one's halves are let go first.
func (s *State) PlayoutMove(p engine.Seat, r *rand.Rand) (engine.Move, bool) {
	if s.phase == phOver || p != s.decider {
		return 0, false
	}
	var buf [64]engine.Move
	var m engine.Move
	switch s.phase {
	case phAction:
		m = s.playoutAction(p, r, buf[:0])
	case phToken:
		m = s.playoutToken(p, r, buf[:0])
	case phChange:
		m = mv(mDone, 0, 0)
		if i, ok := s.idleCard(p); ok {
			m = mv(mDiscard, i, 0)
		}
	case phCostDiscard, phAbilityDiscard, phOppDiscard:
		m = mv(mDiscard, s.weakestCard(p), 0)
	case phCostHelmet:
		m = mv(mHelmet, 0, uint8(LegionaryHelmet))
		if s.helmets[p][LegionaryHelmet] == 0 {
			m = mv(mHelmet, 0, uint8(CenturionHelmet))
		}
	case phAbility:
		m = s.playoutAbility(p, r, buf[:0])
	case phTake:
		kinds, _ := s.takeable(p)
		best := -1
		for t := range 3 {
			if kinds[t] && (best < 0 || s.tokens[p][t] < s.tokens[p][best]) {
				best = t
			}
		}
		m = mv(mTake, 0, uint8(max(best, 0)))
	case phOrient:
		var n [3]int
		s.hands[p].each(func(i uint8) { n[s.pack.iCol[i]]++ })
		c := Blue
		if n[Red] > n[Blue] || (n[Red] == n[Blue] && r.IntN(2) == 0) {
			c = Red
		}
		m = mv(mOrient, 0, uint8(c))
	}
	// The rules above never pick an illegal move; the check keeps that a
	// promise even where a hand or a supply has run out.
	if m == 0 || s.check(p, m) != legal {
		return 0, false
	}
	return m, true
}

// halfValue is what raising a half's total from t to t+d is worth in a
// playout: a capture most, then progress, the last points most.
func (s *State) halfValue(slot, side, d int) float64 {
	t, thr := s.total(slot, side), s.threshold(slot)
	opp := s.total(slot, 1-side)
	if t+d >= thr && (t+d > opp || (t+d == opp && s.sideOf(slot, s.active) == side)) {
		return 100 + float64(s.helmetsAt(slot))
	}
	return progress(t+d, thr) - progress(t, thr)
}

// helmetsAt is the sestertii in helmets a capture of slot would bring.
func (s *State) helmetsAt(slot int) int {
	v := 0
	for side := range 2 {
		h := &s.halves[slot][side]
		for _, x := range h.cards[:h.n] {
			if !s.ko.has(x) {
				switch s.pack.iType[x] {
				case Legionary:
					v++
				case Centurion:
					v += 3
				}
			}
		}
	}
	return v
}

// playoutAction picks action A, B or C.
func (s *State) playoutAction(p engine.Seat, r *rand.Rand, buf []engine.Move) engine.Move {
	legal := s.Legal(p, buf)
	best, bestV, ties := engine.Move(0), math.Inf(-1), 0
	for _, m := range legal {
		k, a, b := unmv(m)
		var v float64
		switch k {
		case mPlay:
			slot := int(b)
			side := s.sideOf(slot, p)
			// The card arrives face up, with no potion.
			d := 0
			if s.counts(a, slot, side) {
				d = int(s.pack.iStr[a])
				if al := s.album(slot); al.Rule == RuleTypeBonus && s.pack.iType[a] == al.Type {
					d += int(al.N)
				}
				d = max(d, 0)
			}
			v = s.halfValue(slot, side, d) + 0.01*float64(d)
		case mDraw:
			v = s.tokenReach(p) - 0.3 // a token is worth keeping for a better use
		case mChange:
			v = -0.5
		}
		switch {
		case v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// tokenReach is the best a token use of p would bring now (halfValue).
func (s *State) tokenReach(p engine.Seat) float64 {
	var buf [64]engine.Move
	best := 0.0
	for _, m := range s.tokenMoves(p, buf[:0]) {
		best = max(best, s.tokenValue(p, m))
	}
	return best
}

// tokenValue rates a token use for p.
func (s *State) tokenValue(p engine.Seat, m engine.Move) float64 {
	k, a, _ := unmv(m)
	if k == mActivate {
		return 0.3
	}
	slot, side, ok := s.locate(a)
	if !ok {
		return 0
	}
	mine := s.slotSeat[slot][side] == p
	switch k {
	case mPotion, mRevive:
		if !mine {
			return -1
		}
		// A potion doubles the card; a revived card counts again.
		d := int(s.pack.iStr[a])
		if k == mPotion {
			d = s.addsToHalf(a, slot, side)
		} else if al := s.album(slot); al.Rule == RuleTypeBonus && s.pack.iType[a] == al.Type {
			d += int(al.N)
		}
		if !s.counts(a, slot, side) {
			d = 0
		}
		return s.halfValue(slot, side, max(d, 0))
	case mFish:
		if mine {
			return -1
		}
		// Knocking out a card of a half near its threshold spoils a capture.
		d := s.addsToHalf(a, slot, side)
		return s.halfValue(slot, side, 0) - s.halfValue(slot, side, -d) + 0.2
	}
	return 0
}

// playoutToken picks the token use after option B.
func (s *State) playoutToken(p engine.Seat, r *rand.Rand, buf []engine.Move) engine.Move {
	legal := s.tokenMoves(p, buf)
	best, bestV, ties := engine.Move(0), math.Inf(-1), 0
	for _, m := range legal {
		v := s.tokenValue(p, m)
		switch {
		case v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// playoutAbility uses the ability in progress on the best target.
func (s *State) playoutAbility(p engine.Seat, r *rand.Rand, buf []engine.Move) engine.Move {
	legal := s.abilityMoves(buf)
	ab := s.ability()
	best, bestV, ties := mv(mSkip, 0, 0), 0.0, 0
	for _, m := range legal {
		k, a, b := unmv(m)
		v := 0.5 // a token, a helmet, cards: worth having
		switch k {
		case mTake:
			v += 0.1 * float64(capTokens-s.tokens[p][b])
		case mTarget:
			slot, side, _ := s.locate(a)
			mine := s.slotSeat[slot][side] == p
			d := s.addsToHalf(a, slot, side)
			switch ab.Effect {
			case KnockOut, Eliminate:
				v = s.halfValue(slot, side, 0) - s.halfValue(slot, side, -d) + 0.1
				if mine {
					v = -v - 0.2
				}
			case Summon:
				to, toSide := int(s.ctx.slot), int(s.ctx.side)
				v = s.halfValue(to, toSide, int(s.pack.iStr[a])) + 0.1
				if !mine {
					v += s.halfValue(slot, side, 0) - s.halfValue(slot, side, -d)
				}
			case Revive, GivePotion:
				v = -0.2
				if mine {
					v = s.halfValue(slot, side, max(int(s.pack.iStr[a]), 0)) + 0.1
				}
			}
		}
		switch {
		case v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// idleCard is a card in p's hand that fits none of p's halves (option C
// lets it go), if there is one.
func (s *State) idleCard(p engine.Seat) (uint8, bool) {
	fits := s.fitting(p)
	idle := s.hands[p]
	idle.andNot(&fits)
	for k, w := range idle {
		if w != 0 {
			return uint8(k*64 + bits.TrailingZeros64(w)), true
		}
	}
	return 0, false
}

// fitting is the set of cards whose colour one of p's halves takes.
func (s *State) fitting(p engine.Seat) (fits instSet) {
	own, sides, n := s.seatSlots(p)
	for k := range n {
		fits.or(&s.pack.colourOK[s.colour[own[k]][sides[k]]])
	}
	return
}

// weakestCard is the card p lets go first: one that fits none of p's
// halves, else the weakest.
func (s *State) weakestCard(p engine.Seat) uint8 {
	if i, ok := s.idleCard(p); ok {
		return i
	}
	best, bestStr := uint8(0), math.MaxInt
	s.hands[p].each(func(i uint8) {
		if v := int(s.pack.iStr[i]); v < bestStr {
			best, bestStr = i, v
		}
	})
	return best
}

// SearchTuning sets the generic search bot up for Asterix & Co
// (engine.SearchTuner). A playout is one PlayoutMove, then Evaluate:
// longer playouts by the cheap rules only added noise. The exploration
// constant is small because shares of a win differ little between moves
// (a sestertius is about 1% of a share). The iterations fit each level's
// time on one core for the longest decisions of a 4-player game, where
// an iteration grows from about 5 to 15 µs as the tree deepens
// (BenchmarkSearchDecision).
func (g *Game) SearchTuning(opts engine.Options) engine.SearchTuning {
	return engine.SearchTuning{
		Iterations:   [4]int{800, 8000, 18000, 60000},
		PlayoutDepth: 1,
		Exploration:  0.1,
		Policy:       1,
	}
}
