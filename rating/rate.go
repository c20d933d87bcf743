package rating

import (
	"fmt"
	"math"
)

// Rate returns the ratings of the players of a finished game after it.
// teams[t] holds the ratings of team t's players before the game (a player
// playing alone is a team of one). ranks[t] is team t's place, lower is
// better and equal is a tie; the numbers only compare, so 1, 2, 2, 4 and
// 0, 5, 5, 9 say the same. With nil ranks the teams are given in their
// finishing order, no ties. Use RanksFromScores for games won on points.
//
// The result has the shape of teams, the same players in the same places.
// Who is listed first, in the game or in a team, changes nothing: the same
// team or player gets the same bits wherever it is listed. Bad input is an
// error wrapping ErrParams or ErrGame and changes nothing.
func (p Params) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if err := checkGame(teams, ranks); err != nil {
		return nil, err
	}
	if ranks == nil {
		ranks = make([]int, len(teams))
		for t := range ranks {
			ranks[t] = t
		}
	}
	g := newGame(p, teams, ranks)
	out := make([][]Rating, len(teams))
	players := make([]Rating, g.players)
	for i, team := range teams {
		omega, delta := g.teamUpdate(i)
		out[i], players = players[:len(team):len(team)], players[len(team):]
		for j, r := range team {
			out[i][j] = g.playerUpdate(r, i, omega, delta)
		}
	}
	return out, nil
}

// RanksFromScores turns points into ranks: the highest score ranks first,
// equal scores tie. Scores that are NaN rank below every number.
func RanksFromScores(scores []float64) []int {
	ranks := make([]int, len(scores))
	for i, s := range scores {
		for _, o := range scores {
			if o > s || (math.IsNaN(s) && !math.IsNaN(o)) {
				ranks[i]++
			}
		}
	}
	return ranks
}

func checkGame(teams [][]Rating, ranks []int) error {
	if len(teams) < 2 {
		return fmt.Errorf("%w: %d teams, a rated game needs two or more", ErrGame, len(teams))
	}
	if ranks != nil && len(ranks) != len(teams) {
		return fmt.Errorf("%w: %d ranks for %d teams", ErrGame, len(ranks), len(teams))
	}
	for t, team := range teams {
		if len(team) == 0 {
			return fmt.Errorf("%w: team %d has no players", ErrGame, t+1)
		}
		for _, r := range team {
			if err := r.check(); err != nil {
				return err
			}
		}
	}
	return nil
}

// game holds what Algorithm 4 computes once per game, per team t:
// the team's mean mu[t] (the sum of its players' means), its variance
// sigma2[t] (the sum of their variances, after tau), e^(mu[t]/c), the sum
// over the teams placed at or below t of their e^(mu/c), and how many teams
// share t's rank.
type game struct {
	p       Params
	ranks   []int
	c       float64
	mu      []float64
	sigma2  []float64
	expMu   []float64
	sumQ    []float64
	tied    []float64
	scratch []float64
	players int
}

func newGame(p Params, teams [][]Rating, ranks []int) *game {
	n := len(teams)
	most := n
	players := 0
	for _, team := range teams {
		most = max(most, len(team))
		players += len(team)
	}
	buf := make([]float64, 5*n+most)
	g := &game{
		p: p, ranks: ranks, players: players,
		mu: buf[0:n], sigma2: buf[n : 2*n], expMu: buf[2*n : 3*n],
		sumQ: buf[3*n : 4*n], tied: buf[4*n : 5*n], scratch: buf[5*n:],
	}
	betaSq := mul(p.Beta, p.Beta)
	for t, team := range teams {
		for j, r := range team {
			g.scratch[j] = r.Mu
		}
		g.mu[t] = sum(g.scratch[:len(team)])
		for j, r := range team {
			g.scratch[j] = p.variance(r)
		}
		g.sigma2[t] = sum(g.scratch[:len(team)])
	}
	for t := range teams {
		g.scratch[t] = g.sigma2[t] + betaSq
	}
	g.c = math.Sqrt(sum(g.scratch[:n]))
	for t := range teams {
		g.expMu[t] = exp(g.mu[t] / g.c)
	}
	for q := range teams {
		terms := g.scratch[:0]
		for t := range teams {
			if ranks[t] >= ranks[q] {
				terms = append(terms, g.expMu[t])
			}
			if ranks[t] == ranks[q] {
				g.tied[q]++
			}
		}
		g.sumQ[q] = sum(terms)
	}
	return g
}

// variance is a player's variance before the game: sigma² grown by tau².
func (p Params) variance(r Rating) float64 {
	return mul(r.Sigma, r.Sigma) + mul(p.Tau, p.Tau)
}

// teamUpdate returns Algorithm 4's Omega and Delta of team i: how far the
// team's mean moves, and by what share its variance shrinks. Each team q
// placed at or above i contributes, shared among the teams tied with q.
func (g *game) teamUpdate(i int) (omega, delta float64) {
	omegas := g.scratch[:0]
	for q := range g.ranks {
		if g.ranks[q] > g.ranks[i] {
			continue
		}
		quotient := g.expMu[i] / g.sumQ[q]
		if q == i {
			omegas = append(omegas, (1-quotient)/g.tied[q])
		} else {
			omegas = append(omegas, -quotient/g.tied[q])
		}
	}
	omega = sum(omegas)
	deltas := g.scratch[:0]
	for q := range g.ranks {
		if g.ranks[q] > g.ranks[i] {
			continue
		}
		quotient := g.expMu[i] / g.sumQ[q]
		deltas = append(deltas, mul(quotient, 1-quotient)/g.tied[q])
	}
	delta = sum(deltas)
	s2, c := g.sigma2[i], g.c
	gamma := math.Sqrt(s2) / c
	return omega * (s2 / c), gamma * delta * (s2 / mul(c, c))
}

// playerUpdate spreads team i's update to one of its players in proportion
// to the player's share of the team's variance.
func (g *game) playerUpdate(r Rating, i int, omega, delta float64) Rating {
	s2 := g.p.variance(r)
	share := s2 / g.sigma2[i]
	shrink := math.Max(1-mul(share, delta), g.p.Kappa)
	return Rating{
		Mu:    r.Mu + mul(share, omega),
		Sigma: math.Sqrt(s2) * math.Sqrt(shrink),
	}
}
