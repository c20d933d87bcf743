package sim

import (
	"math"
	"slices"
)

// PairResult is one result between two bots: A's score against B, 1 for a
// win, 0.5 for a draw, 0 for a loss.
type PairResult struct {
	A, B  int
	Score float64
}

// Rating is a bot's Bradley–Terry strength in Elo-like points (400 points
// are odds of 10 to 1) with its 95% interval.
type Rating struct {
	Points float64 `json:"rating"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
}

// EloScale turns a natural-log strength into Elo-like points.
const EloScale = 400 / math.Ln10

// FitBradleyTerry fits the Bradley–Terry model to the results of n players
// by the MM algorithm (Hunter 2004) and returns each player's log-strength,
// the anchor's being 0. Draws count as half a win to each side. Every pair
// that played gets one more game, drawn, as a prior: a player that never
// won keeps a finite rating, and the estimate otherwise moves by less than
// one game in the many played.
func FitBradleyTerry(n int, results []PairResult, anchor int) []float64 {
	games := make([]float64, n*n)
	wins := make([]float64, n)
	for _, r := range results {
		games[r.A*n+r.B]++
		games[r.B*n+r.A]++
		wins[r.A] += r.Score
		wins[r.B] += 1 - r.Score
	}
	return fitMatrix(n, games, wins, anchor)
}

func fitMatrix(n int, games, wins []float64, anchor int) []float64 {
	g := slices.Clone(games)
	w := slices.Clone(wins)
	for i := range n {
		for j := range n {
			if i != j && games[i*n+j] > 0 {
				g[i*n+j]++
				w[i] += 0.5
			}
		}
	}
	p := make([]float64, n)
	for i := range p {
		p[i] = 1
	}
	next := make([]float64, n)
	for range 100000 {
		for i := range n {
			den := 0.0
			for j := range n {
				if j != i && g[i*n+j] > 0 {
					den += g[i*n+j] / (p[i] + p[j])
				}
			}
			next[i] = p[i]
			if den > 0 {
				next[i] = w[i] / den
			}
		}
		// Keep the geometric mean at 1.
		mean := 0.0
		for _, v := range next {
			mean += math.Log(v)
		}
		mean /= float64(n)
		change := 0.0
		for i := range p {
			v := next[i] / math.Exp(mean)
			change = max(change, math.Abs(math.Log(v/p[i])))
			p[i] = v
		}
		if change < 1e-10 {
			break
		}
	}
	out := make([]float64, n)
	for i := range p {
		out[i] = math.Log(p[i]) - math.Log(p[anchor])
	}
	return out
}

// Rate fits Bradley–Terry ratings to the results of n players, anchored
// at anchor, each with a 95% interval of 1.96 standard errors from the
// Fisher information of the fitted model (the prior game included, so a
// player that won or lost everything still gets an interval of finite
// width). The interval is for the difference from the anchor, whose own
// interval is [0, 0].
func Rate(n int, results []PairResult, anchor int) []Rating {
	theta := FitBradleyTerry(n, results, anchor)
	games := make([]float64, n*n)
	for _, r := range results {
		games[r.A*n+r.B]++
		games[r.B*n+r.A]++
	}
	// Information matrix over every player but the anchor.
	var idx []int
	for i := range n {
		if i != anchor {
			idx = append(idx, i)
		}
	}
	m := len(idx)
	info := make([]float64, m*m)
	for a, i := range idx {
		for j := range n {
			if j == i || games[i*n+j] == 0 {
				continue
			}
			pi := 1 / (1 + math.Exp(theta[j]-theta[i]))
			v := (games[i*n+j] + 1) * pi * (1 - pi)
			info[a*m+a] += v
			if b := slices.Index(idx, j); b >= 0 {
				info[a*m+b] -= v
			}
		}
	}
	cov := invert(m, info)
	out := make([]Rating, n)
	for i := range out {
		out[i].Points = theta[i] * EloScale
		out[i].Low, out[i].High = out[i].Points, out[i].Points
	}
	for a, i := range idx {
		if cov == nil || cov[a*m+a] <= 0 {
			out[i].Low, out[i].High = math.Inf(-1), math.Inf(1)
			continue
		}
		half := 1.96 * math.Sqrt(cov[a*m+a]) * EloScale
		out[i].Low, out[i].High = out[i].Points-half, out[i].Points+half
	}
	return out
}

// invert inverts an m×m matrix by Gauss–Jordan elimination with partial
// pivoting, or returns nil when it is singular.
func invert(m int, a []float64) []float64 {
	x := slices.Clone(a)
	inv := make([]float64, m*m)
	for i := range m {
		inv[i*m+i] = 1
	}
	for c := range m {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(x[r*m+c]) > math.Abs(x[p*m+c]) {
				p = r
			}
		}
		if math.Abs(x[p*m+c]) < 1e-12 {
			return nil
		}
		for k := range m {
			x[c*m+k], x[p*m+k] = x[p*m+k], x[c*m+k]
			inv[c*m+k], inv[p*m+k] = inv[p*m+k], inv[c*m+k]
		}
		d := x[c*m+c]
		for k := range m {
			x[c*m+k] /= d
			inv[c*m+k] /= d
		}
		for r := range m {
			if r == c || x[r*m+c] == 0 {
				continue
			}
			f := x[r*m+c]
			for k := range m {
				x[r*m+k] -= f * x[c*m+k]
				inv[r*m+k] -= f * inv[c*m+k]
			}
		}
	}
	return inv
}
