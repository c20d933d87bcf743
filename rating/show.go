package rating

import (
	"fmt"
	"math"
)

// Shown is a rating as players see it, every number rounded to tenths.
type Shown struct {
	// Rating is the ordinal, mu − 3·sigma: the number a leaderboard shows
	// and sorts by. A new player shows 0.
	Rating float64
	// Mu is the best estimate of skill, Low and High the range it lies in
	// with about 95% certainty, mu ± 2·sigma.
	Mu, Low, High float64
}

// Show returns the numbers to show for r.
func (r Rating) Show() Shown {
	spread := mul(2, r.Sigma)
	return Shown{
		Rating: tenths(r.Ordinal()),
		Mu:     tenths(r.Mu),
		Low:    tenths(r.Mu - spread),
		High:   tenths(r.Mu + spread),
	}
}

// String formats s as "12.3 (25.0, 8.3 to 41.7)".
func (s Shown) String() string {
	return fmt.Sprintf("%.1f (%.1f, %.1f to %.1f)", s.Rating, s.Mu, s.Low, s.High)
}

// tenths rounds x to one decimal, halves away from zero, and never gives a
// negative zero (which would print as "-0.0").
func tenths(x float64) float64 {
	y := math.Round(mul(x, 10)) / 10
	if y == 0 {
		return 0
	}
	return y
}
