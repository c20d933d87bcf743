package bots

import (
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// priorRanker is a state whose wide decisions the search chooses by PUCT
// (as AlphaZero does) with the game's ranking as the prior, rather than by
// progressive widening: a seat at a node plays the legal move of the
// highest average + c·prior·√visits/(1 + its visits), where the prior is
// the softmax of the ranking's scores over temperature. A move the
// ranking puts first is tried first and long, yet one with a better
// average overtakes it, and no move is tried merely for being untried.
type priorRanker interface {
	engine.Ranker
	RankPrior() (c, temperature float64)
}

// policyDecider is a state on which some of a seat's decisions are the
// game's playout policy's to make, not the search's: where the game knows
// the policy's choice to be better than what playouts can learn (Tag
// Team's draft, by a strength table measured over thousands of games,
// where playouts of random builds misjudge the fighters).
type policyDecider interface {
	engine.Playouter
	PolicyDecides(seat engine.Seat) bool
}

// policyMove is the game's policy's move for seat me at root when the game
// leaves that decision to its policy.
func policyMove(root engine.State, me engine.Seat, legal []engine.Move, r *rand.Rand) (engine.Move, bool) {
	pd, ok := root.(policyDecider)
	if !ok || !pd.PolicyDecides(me) {
		return 0, false
	}
	m, ok := pd.PlayoutMove(me, r)
	return m, ok && contains(legal, m)
}

// priors turns the ranking's scores into PUCT priors: a softmax of the
// score over temperature; a move scored -Inf (one the game ranks out, as
// the second order of the cards a Tag Team build puts under) gets none.
func priors(legal []engine.Move, score []float64, temperature float64) map[engine.Move]float64 {
	top := math.Inf(-1)
	for _, v := range score {
		top = max(top, v)
	}
	out := make(map[engine.Move]float64, len(legal))
	sum := 0.0
	for i, m := range legal {
		w := 0.0
		if !math.IsInf(score[i], -1) {
			w = math.Exp((score[i] - top) / temperature)
		}
		out[m] = w
		sum += w
	}
	if sum > 0 {
		for m, w := range out {
			out[m] = w / sum
		}
	}
	return out
}

// pickPUCT chooses seat p's move at wide node n by PUCT over rank's prior.
// A move legal in this sample but not in the one the ranking was made on
// (an opponent's hidden offer) gets the prior of a move chosen at random;
// an untried move is valued at the seat's average at the node. Ties (an
// opponent's untried moves of equal prior) are broken at random, so the
// opponent is not assumed to play the first of its moves.
func (b *MCTS) pickPUCT(n int32, rank *ranking, p engine.Seat, c float64, r *rand.Rand) (choice, bool) {
	sw, sn := 0.0, int32(0)
	for _, m := range b.legal {
		if e := b.find(n, p, m); e >= 0 {
			sw += b.edges[e].w
			sn += b.edges[e].n
		}
	}
	fpu := 0.5
	if sn > 0 {
		fpu = sw / float64(sn)
	}
	sq := math.Sqrt(float64(rank.visits))
	uniform := 1 / float64(len(b.legal))
	bestM, bestE, bestV := b.legal[0], int32(-1), math.Inf(-1)
	for _, m := range b.legal {
		pr, ok := rank.prior[m]
		if !ok {
			pr = uniform
		}
		q, visits := fpu, int32(0)
		e := b.find(n, p, m)
		if e >= 0 && b.edges[e].n > 0 {
			q, visits = b.edges[e].w/float64(b.edges[e].n), b.edges[e].n
		}
		if v := q + c*pr*sq/float64(1+visits) + 1e-9*r.Float64(); v > bestV {
			bestM, bestE, bestV = m, e, v
		}
	}
	if bestE >= 0 {
		b.edges[bestE].avail++
		return choice{p, bestM, bestE}, false
	}
	return b.expand(n, p, bestM), true
}

// finalScorer is a state that scores a finished playout itself, more
// finely than by its winners: ScoreFinal appends each seat's reward, still
// higher for a win than for any loss, but telling a narrow result from a
// wide one (Tag Team adds the HP each team kept). A playout's result is
// then less of a coin for the moves that led to it.
type finalScorer interface {
	ScoreFinal(dst []float64) []float64
}
