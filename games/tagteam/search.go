package tagteam

import (
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// What the generic search bot (bots/mcts.go) uses: CopyFrom (state.go), an
// evaluation of positions and a cheap playout policy, both built from the
// greedy bot's scoring, and the search's settings for this game.

// evalScale turns the greedy bot's team score (HP as a share of the
// track, low HP weighted more, power) into a share of a win: seat 0's
// share is 1/(1+exp(-score/evalScale)). Fitted by the largest likelihood
// over the positions after each round of greedy-against-greedy games
// (TestEvaluateCalibration prints the fit).
const evalScale = 220

// Evaluate appends each seat's estimated share of a win: 1 to the winner
// (a half each for a draw) once the game is over; before the teams are
// known a half each; after, a logistic of the greedy bot's team score.
func (s *State) Evaluate(dst []float64) []float64 {
	if s.over != 0 {
		switch s.winner {
		case 0:
			return append(dst, 1, 0)
		case 1:
			return append(dst, 0, 1)
		}
		return append(dst, 0.5, 0.5)
	}
	if s.phase < phOrder && s.players[0].fighters[0].f == s.players[0].fighters[1].f {
		return append(dst, 0.5, 0.5)
	}
	p0 := 1 / (1 + math.Exp(-float64(s.teamScore(0))/evalScale))
	return append(dst, p0, 1-p0)
}

// PlayoutMove is the greedy bot at its cheapest: it drafts by the greedy
// bot's strength table, orders its starting cards by playing the first
// round out for each (on a scratch state kept beside the position), brings
// in the Fey Folk character with the most HP, and in a build phase adds a
// random offered card at a random place (the two others go under in the
// order offered). Comparing placements by playing the round out, as the
// greedy bot does, made playouts three to four times dearer for three
// samples and the search no stronger for as many playouts
// (docs/games/tagteam.md, Search).
func (s *State) PlayoutMove(seat engine.Seat, r *rand.Rand) (engine.Move, bool) {
	p := int(seat)
	if p < 0 || p > 1 || !s.owes(p) {
		return 0, false
	}
	var buf [256]engine.Move
	switch s.phase {
	case phBuild:
		return s.playoutBuild(p, r), true
	case phOrder:
		guess := r.Uint64()
		best, bestV := engine.Move(0), math.MinInt
		for _, m := range s.Legal(seat, buf[:0]) {
			if v := s.lookAheadOn(s.lookState(), p, m, guess, nil); v > bestV {
				best, bestV = m, v
			}
		}
		return best, true
	}
	legal := s.Legal(seat, buf[:0])
	if len(legal) == 0 {
		return 0, false
	}
	switch s.phase {
	case phPick, phPick2, phTeam:
		return engine.PickBest(legal, r, s.draftScore), true
	case phSpirit:
		fi := -1
		for i := range s.players[p].fighters {
			if fs := &s.players[p].fighters[i]; fs.flags&ffSpirit != 0 {
				fi = int(fs.f)
			}
		}
		return engine.PickBest(legal, r, func(m engine.Move) int {
			_, a, _, _ := unmv(m)
			top, _, _ := s.character(fi, int(a))
			return top
		}), true
	}
	return legal[r.IntN(len(legal))], true
}

// draftScore is a draft move's worth by the greedy bot's strength table:
// the fighters taken, less a little for the one discarded.
func (s *State) draftScore(m engine.Move) int {
	k, a, b, _ := unmv(m)
	v := draftValue[s.fighterName(a)] * 100
	switch {
	case k == mTeam:
		v += draftValue[s.fighterName(b)] * 100
	case b != 0:
		v -= draftValue[s.fighterName(b-1)]
	}
	return v
}

// playoutBuild adds a random offered card at a random place; the two
// others go under in the order offered (it does not change the next
// round).
func (s *State) playoutBuild(p int, r *rand.Rand) engine.Move {
	pl := &s.players[p]
	a := pl.offer[r.IntN(int(pl.offerN))]
	return mv(mAdd, a, uint8(r.IntN(int(pl.deckN)+1)), s.firstOther(p, a))
}

// lookState is the scratch state the playout policy plays its look-ahead
// on; like the turn's scratch it is not part of the position.
func (s *State) lookState() *State {
	if s.look == nil {
		s.look = &State{quiet: true}
	}
	return s.look
}

// SearchTuning sets the generic search bot up for Tag Team. The bot plays
// with the game's own search (NewSearch, PairedSearch), so Iterations are
// its playouts per decision. The search gains little from its playouts
// beyond about 400 (docs/games/tagteam.md, Search: 3,000 against 400
// scored 58.0% in 400 games), so the levels sit where it still gains: 25,
// 100 and 400 playouts each beat the count below by 62–68% over 200
// games, and expert plays 3,000, a little stronger than hard and surer
// against the plain reference search (60.5% at 3,000). Every level's decision
// stays well within its time (20 ms, 100 ms, 300 ms, 1 s on one core).
// Playouts run to the end, as cutting them after a round and scoring with
// Evaluate played even with the greedy bot where whole playouts beat it.
// The other fields serve the generic tree, should it be used.
func (g *Game) SearchTuning(opts engine.Options) engine.SearchTuning {
	return engine.SearchTuning{
		Iterations:   [4]int{25, 100, 400, 3000},
		PlayoutDepth: 0,
		Exploration:  0.4,
		Policy:       1,
	}
}

// PolicyDecides leaves the draft to the playout policy, the greedy bot's
// strength table (measured over 20,000 games of greedy play): playouts of
// random builds judge fighters by how they fare in random play, and the
// search drafted worse by them.
func (s *State) PolicyDecides(seat engine.Seat) bool {
	return s.phase == phPick || s.phase == phPick2 || s.phase == phTeam
}

// marginWeight is the share of a finished playout's reward that comes from
// the HP the teams kept rather than from who won (ScoreFinal).
const marginWeight = 0.3

// ScoreFinal is the search's reward for a finished playout: 0.7 for a win
// (0.35 each for a draw), and 0.3 shared by the HP the teams kept: a half
// each, moved by a quarter of the difference of the teams' HP, each
// fighter's as a share of its track. A win is still worth more than any
// loss, but a playout now also tells a wide win from a narrow one, where
// its winner alone is nearly a coin toss for a build made rounds before.
func (s *State) ScoreFinal(dst []float64) []float64 {
	w0 := 0.5 // a draw, or a game not over
	switch {
	case s.over != 0 && s.winner == 0:
		w0 = 1
	case s.over != 0 && s.winner == 1:
		w0 = 0
	}
	m0 := 0.5
	for q := range 2 {
		sign := 0.25
		if q == 1 {
			sign = -0.25
		}
		for i := range 2 {
			m0 += sign * float64(s.slot(q, i).hp) / float64(max(s.maxHP(q*2+i), 1))
		}
	}
	p0 := (1-marginWeight)*w0 + marginWeight*m0
	return append(dst, p0, 1-p0)
}
