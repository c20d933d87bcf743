// Package rating computes players' ratings from finished games by the
// Weng–Lin Bayesian approximation with the Plackett–Luce model (R. C. Weng
// and C.-J. Lin, "A Bayesian Approximation Method for Online Ranking",
// JMLR 12 (2011), Algorithm 4), the method the OpenSkill libraries use.
//
// A player's skill is believed to be normally distributed with mean Mu and
// standard deviation Sigma. After a game every player's belief moves
// towards what the result suggests: a team that placed above the teams it
// was expected to lose to gains, and each game narrows Sigma. One method
// serves every game and player count: any number of teams of one or more
// players, placed in an order that may include ties.
//
// The computation is deterministic to the bit on every platform: the same
// games applied in the same order to the same starting ratings give the
// same numbers, so ratings can be rebuilt from the stored records (see
// arith.go for how).
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Rating is one player's rating: the mean of the belief about their skill
// and its standard deviation.
type Rating struct {
	Mu    float64
	Sigma float64
}

// Params are the constants of the method.
type Params struct {
	// Mu and Sigma are a new player's rating.
	Mu    float64
	Sigma float64
	// Beta is how much one game's performance varies around a player's
	// skill: the larger, the more luck and the less each game says.
	Beta float64
	// Kappa is the least factor a game may multiply a variance by, so that
	// Sigma stays positive.
	Kappa float64
	// Tau is added to every player's uncertainty before each game
	// (sigma² + tau²), as OpenSkill does, so that a rating never freezes
	// and follows a player whose skill changes. Zero turns it off.
	Tau float64
}

// Default holds the method's usual constants, those of the paper and of
// OpenSkill: mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300.
var Default = Params{
	Mu:    25,
	Sigma: 25.0 / 3,
	Beta:  25.0 / 6,
	Kappa: 0.0001,
	Tau:   25.0 / 300,
}

// New returns a new player's rating.
func (p Params) New() Rating {
	return Rating{Mu: p.Mu, Sigma: p.Sigma}
}

// Errors of Rate, wrapped with the detail.
var (
	// ErrParams: a constant is not finite, or Sigma, Beta or Kappa is not
	// positive, or Tau is negative.
	ErrParams = errors.New("rating: invalid parameters")
	// ErrGame: fewer than two teams, an empty team, ranks or scores not
	// one per team, or a rating that is not finite or has no positive sigma.
	ErrGame = errors.New("rating: invalid game")
)

func (p Params) check() error {
	for _, v := range []float64{p.Mu, p.Sigma, p.Beta, p.Kappa, p.Tau} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: %v is not finite", ErrParams, v)
		}
	}
	if p.Sigma <= 0 || p.Beta <= 0 || p.Kappa <= 0 || p.Tau < 0 {
		return fmt.Errorf("%w: sigma %v, beta %v, kappa %v, tau %v", ErrParams, p.Sigma, p.Beta, p.Kappa, p.Tau)
	}
	return nil
}

func (r Rating) check() error {
	if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || math.IsNaN(r.Sigma) || math.IsInf(r.Sigma, 0) || r.Sigma <= 0 {
		return fmt.Errorf("%w: rating mu %v sigma %v", ErrGame, r.Mu, r.Sigma)
	}
	return nil
}

// Ordinal is the conservative estimate of skill, mu − 3·sigma: the player's
// true skill is above it with about 99.9% certainty. It starts at 0 for a
// new player, rises as games make the rating surer, and is the number
// leaderboards sort by.
func (r Rating) Ordinal() float64 {
	return r.Mu - mul(3, r.Sigma)
}
