package frontline

import (
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// What the generic search bot (mcts) uses: copies in place, a cheap
// estimate of who will be the last Comrade standing, a cheap move for
// playouts and the search's settings for this game (engine/search.go).

var (
	_ engine.Copier      = (*State)(nil)
	_ engine.Evaluator   = (*State)(nil)
	_ engine.Playouter   = (*State)(nil)
	_ engine.SearchTuner = (*Game)(nil)
)

// CopyFrom makes s a copy of src in place: the state is one value of fixed
// arrays, so the copy is two assignments (copyState); s keeps its own event
// buffer and look-ahead scratch.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	if o == s {
		return
	}
	s.copyState(o)
	if s.events == nil {
		s.events = make([]engine.Event, 0, 64)
	}
	s.events = s.events[:0]
}

// Evaluation weights: a seat's strength is its hit points plus half a
// point for each piece of Equipment in play; evalScale turns differences
// of strength into shares (a softmax). Both were fitted by log loss on
// positions of games between greedy bots at 2, 4 and 8 players (the best
// scale was 0.25, 0.30 and 0.35; cards in hand added nothing).
const (
	evalEquip = 0.5
	evalScale = 0.3
)

// Evaluate estimates each seat's share of a win: a softmax of the living
// Comrades' strengths; the dead get nothing. A finished game gives its
// winners 1, shared; when everyone died, nobody gets anything.
func (s *State) Evaluate(dst []float64) []float64 {
	n := int(s.n)
	base := len(dst)
	if s.over {
		return s.winShares(dst)
	}
	var str [MaxSeats]float64
	top := math.Inf(-1)
	for p := 0; p < n; p++ {
		if s.alive(p) {
			str[p] = s.strength(p)
			top = max(top, str[p])
		}
	}
	sum := 0.0
	for p := 0; p < n; p++ {
		v := 0.0
		if s.alive(p) {
			v = math.Exp(evalScale * (str[p] - top))
		}
		dst = append(dst, v)
		sum += v
	}
	if sum > 0 {
		for p := 0; p < n; p++ {
			dst[base+p] /= sum
		}
	}
	return dst
}

// winShares appends the shares of a finished game, as Outcome ranks it
// without its allocations: the living Comrades win (after the turn cap,
// those with the most hit points), sharing the win; none alive, none wins.
func (s *State) winShares(dst []float64) []float64 {
	n := int(s.n)
	base := len(dst)
	top, winners := int8(-128), 0
	for p := 0; p < n; p++ {
		dst = append(dst, 0)
		if !s.alive(p) {
			continue
		}
		hp := int8(0)
		if s.winner == -2 {
			hp = s.seats[p].hp
		}
		switch {
		case hp > top:
			top, winners = hp, 1
		case hp == top:
			winners++
		}
	}
	for p := 0; p < n; p++ {
		if s.alive(p) && (s.winner != -2 || s.seats[p].hp == top) {
			dst[base+p] = 1 / float64(winners)
		}
	}
	return dst
}

// strength is what Evaluate weighs for a living seat p.
func (s *State) strength(p int) float64 {
	st := &s.seats[p]
	return float64(st.hp) + evalEquip*float64(st.equip.count())
}

// PlayoutMove proposes a cheap, sensible move for seat p: keep the most
// useful card of a draft pack; commit a Maneuver that takes the Comrade
// out of the Target's way when the revealed Attack threatens it
// (the greedy bot's scoring, only then), else Equipment or the least
// useful Maneuver, never an Event; heal yourself when hurt; otherwise be
// done with the turn's Events and answers; use Equipment when asked;
// choose a revealed Maneuver's way as the greedy bot would.
func (s *State) PlayoutMove(seat engine.Seat, r *rand.Rand) (engine.Move, bool) {
	p := int(seat)
	if s.over || p < 0 || p >= int(s.n) || !s.owes(p) {
		return 0, false
	}
	st := &s.seats[p]
	switch s.phase {
	case phDraft:
		return mv(mKeep, s.mostUseful(st.pack, r), 0, 0), true
	case phCommit:
		return s.playoutCommit(p, r), true
	case phWindow:
		return s.playoutWindow(p), true
	case phAnswer:
		return mv(mDone, 0, 0, 0), true
	case phEquip:
		return mv(mUse, s.queryC, 0, 0), true
	case phChoice:
		var buf [64]engine.Move
		legal := s.choiceMoves(p, buf[:0])
		if len(legal) == 0 {
			return 0, false
		}
		return engine.PickBest(legal, r, func(m engine.Move) int { return s.greedyScore(p, m) }), true
	}
	return 0, false
}

// mostUseful is the card of set that the greedy bot values most for the
// draft, ties broken at random.
func (s *State) mostUseful(set cardSet, r *rand.Rand) uint8 {
	best, bestV, ties := uint8(0), -1, 0
	set.each(func(c uint8) {
		switch v := keepValue[s.pack.aEffect[c]]; {
		case v > bestV:
			best, bestV, ties = c, v, 1
		case v == bestV:
			ties++
			if r.IntN(ties) == 0 {
				best = c
			}
		}
	})
	return best
}

// playoutCommit chooses the face-down card: when the revealed Attack would
// hurt p, the card the greedy bot scores best; otherwise Equipment (the
// most useful), else the least useful Maneuver, else an Event.
func (s *State) playoutCommit(p int, r *rand.Rand) engine.Move {
	hand := s.seats[p].hand
	if s.projected(p) > 0 {
		var buf [MaxActions]engine.Move
		legal := buf[:0]
		hand.each(func(c uint8) {
			if s.pack.Action(c).Kind != Event {
				legal = append(legal, mv(mCommit, c, 0, 0))
			}
		})
		if len(legal) > 0 {
			return engine.PickBest(legal, r, func(m engine.Move) int { return s.greedyScore(p, m) })
		}
	}
	var equip, other cardSet
	hand.each(func(c uint8) {
		switch s.pack.Action(c).Kind {
		case Equipment:
			equip.set(c)
		case Maneuver:
			other.set(c)
		}
	})
	if !equip.empty() {
		return mv(mCommit, s.mostUseful(equip, r), 0, 0)
	}
	if other.empty() {
		other = hand
	}
	best, bestV := other.nth(r.IntN(other.count())), 1<<30
	other.each(func(c uint8) {
		if v := keepValue[s.pack.aEffect[c]]; v < bestV {
			best, bestV = c, v
		}
	})
	return mv(mCommit, best, 0, 0)
}

// playoutWindow heals p when it is hurt and holds a Medkit; otherwise p
// is done for the turn: playouts play no other Event, so asking p again in
// every window and answer round would only make them longer.
func (s *State) playoutWindow(p int) engine.Move {
	st := &s.seats[p]
	if st.hp < st.maxHP {
		heal := uint8(0xFF)
		st.hand.and(s.pack.events).each(func(c uint8) {
			if s.pack.aEffect[c] == HealFx && s.whenOK(s.pack.Action(c).When) {
				heal = c
			}
		})
		if heal != 0xFF {
			return mv(mPlay, heal, uint8(p), 0)
		}
	}
	return mv(mDone, 0, 0, 0)
}

// SearchTuning sets the generic search bot up for Front Line. Playouts
// stop after playoutDepth moves (about one or two turns) and Evaluate
// scores them: more, shorter playouts beat fewer whole games. Their moves
// are random: with the same number of playouts the playout policy did no
// better (docs/games/frontline.md, Search) and costs 1.7 times as much.
// The levels play 25, 100, 400 and 1,600 playouts at two players, where
// every level beats the one below at its full count: the search gains
// less and less beyond a few thousand (12,500 against 4,150 scored 55.6%
// in 80 games), while each fourfold step up to 1,600 wins 65–76%
// (docs/bots.md, The ladders). At n players a playout takes about
// (8n + 8) µs against 24 µs at two, so the counts shrink in proportion
// and each level's decisions take the same time: well within its budget
// (20 ms, 100 ms, 300 ms, 1 s) on one core.
func (g *Game) SearchTuning(opts engine.Options) engine.SearchTuning {
	n := max(opts.Int("players"), MinPlayers)
	per := 8*n + 8 // µs per playout, the longest decisions' pace
	levels := [4]int{25, 100, 400, 1600}
	var its [4]int
	for i, two := range levels {
		its[i] = max(two*24/per/5*5, 5)
	}
	return engine.SearchTuning{
		Iterations:   its,
		PlayoutDepth: playoutDepth,
		Exploration:  0.7,
		Policy:       0,
	}
}

// playoutDepth is the number of moves a playout makes before Evaluate.
const playoutDepth = 40
