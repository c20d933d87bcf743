package rating

import (
	"math"
	"slices"
)

// The arithmetic in this file and in rate.go is written so that the same
// inputs give bit-identical outputs on every platform Go supports.
//
// Go's math package is pure Go, except that math.Exp has assembly versions
// on amd64, arm64 and s390x whose last bit may differ from the pure-Go
// version; the method therefore uses its own exp. math.Sqrt, math.Ldexp,
// math.Round and math.Max are exact (correctly rounded or bit operations)
// everywhere.
//
// The Go specification lets a compiler fuse x*y+z into one fused
// multiply-add, rounded once instead of twice (arm64, ppc64le, s390x and
// riscv64 do so). An explicit conversion float64(x*y) rounds the product
// and prevents the fusion, so every product that is then added or
// subtracted goes through mul.

// mul returns x*y rounded to float64, never fused with a following addition.
func mul(x, y float64) float64 {
	return float64(x * y)
}

// sum adds terms in ascending order of value, so the result depends only on
// which values are summed, never on the order they are given in: a game's
// teams, or a team's players, listed in another order give the same bits.
// It sorts terms in place.
func sum(terms []float64) float64 {
	slices.Sort(terms)
	var s float64
	for _, t := range terms {
		s += t
	}
	return s
}

// Constants of exp: ln 2 split in a high part with trailing zero bits (so
// that k*ln2Hi is exact) and a low part, and the coefficients of the
// minimax polynomial for the remainder on [-ln2/2, ln2/2], as in the
// classic fdlibm __ieee754_exp (Sun Microsystems, freely redistributable).
const (
	ln2Hi    = 6.93147180369123816490e-01
	ln2Lo    = 1.90821492927058770002e-10
	log2e    = 1.44269504088896338700e+00
	expP1    = 1.66666666666666657415e-01
	expP2    = -2.77777777770155933842e-03
	expP3    = 6.61375632143793436117e-05
	expP4    = -1.65339022054652515390e-06
	expP5    = 4.13813679705723846039e-08
	overflow = 7.09782712893383973096e+02
	tooSmall = -7.45133219101941108420e+02
	tiny     = 1.0 / (1 << 28)
)

// exp returns e**x, within one unit in the last place, with the same bits
// on every platform.
func exp(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	case x > overflow:
		return math.Inf(1)
	case x < tooSmall:
		return 0
	case -tiny < x && x < tiny:
		return 1 + x
	}
	// Reduce: x = k*ln2 + r with |r| <= ln2/2.
	var k int
	switch {
	case x < 0:
		k = int(mul(log2e, x) - 0.5)
	default:
		k = int(mul(log2e, x) + 0.5)
	}
	hi := x - mul(float64(k), ln2Hi)
	lo := mul(float64(k), ln2Lo)
	r := hi - lo
	t := mul(r, r)
	p := expP4 + mul(t, expP5)
	p = expP3 + mul(t, p)
	p = expP2 + mul(t, p)
	p = expP1 + mul(t, p)
	c := r - mul(t, p)
	y := 1 - ((lo - mul(r, c)/(2-c)) - hi)
	return math.Ldexp(y, k)
}
