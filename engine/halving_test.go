package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// coins is a made-up game for the halving driver: move i wins a playout
// with chance odds[i]. A sample is a number drawn from the search's
// stream, and the playout of a move on it is decided by that number alone,
// so every move is tried on the same luck.
type coins struct {
	odds    []float64
	r       *rand.Rand
	samples []uint64
	hired   int
	tried   [][]uint64 // the samples each move was tried on, in order (one worker only)
}

func (c *coins) Hire(workers int) { c.hired = workers }

func (c *coins) Sample(k int) {
	c.samples = c.samples[:0]
	for range k {
		c.samples = append(c.samples, c.r.Uint64())
	}
}

func (c *coins) Play(worker, sample, move int) float64 {
	if worker >= c.hired {
		panic("a worker that was not hired played")
	}
	if c.tried != nil {
		c.tried[move] = append(c.tried[move], c.samples[sample])
	}
	x := rand.New(rand.NewPCG(c.samples[sample], 7)).Float64()
	if x < c.odds[move] {
		return 1
	}
	return 0
}

func newCoins(seed uint64, odds ...float64) *coins {
	return &coins{odds: odds, r: rand.New(rand.NewPCG(seed, 1))}
}

// Of several moves of known odds the driver plays the best, wherever it
// stands in the list, having spent the playouts it was given (the last
// round rounds up to as many for each move left).
func TestHalvingFindsTheBestMove(t *testing.T) {
	odds := []float64{0.3, 0.5, 0.35, 0.8, 0.2, 0.6, 0.45}
	for seed := uint64(1); seed <= 5; seed++ {
		h := Halving{Playouts: 700, Batch: 32}
		got := h.Run(newCoins(seed, odds...), len(odds), time.Time{})
		if got != 3 {
			t.Errorf("seed %d: played move %d (odds %.2f), want 3 (odds 0.80); sums %v", seed, got, odds[got], h.Sums())
		}
		n, timedOut := h.LastSearch()
		if n < 700 || n >= 700+len(odds) || timedOut {
			t.Errorf("seed %d: %d playouts, timed out %v; want 700 to %d and no time-out", seed, n, timedOut, 700+len(odds)-1)
		}
	}
}

// Every move left in a round is tried on the same samples, in the order
// they were drawn, and the better half goes on: the best move is tried on
// every sample, the worst only in the first round.
func TestHalvingTriesTheMovesOnTheSameSamples(t *testing.T) {
	c := newCoins(3, 0.1, 0.9, 0.5, 0.6)
	c.tried = make([][]uint64, 4)
	h := Halving{Playouts: 200, Batch: 16}
	if got := h.Run(c, 4, time.Time{}); got != 1 {
		t.Fatalf("played move %d, want 1", got)
	}
	best, worst := c.tried[1], c.tried[0]
	if len(worst) == 0 || len(best) <= len(worst) || !slices.Equal(best[:len(worst)], worst) {
		t.Errorf("the worst move was tried on %d samples, the best on %d, not the same first ones", len(worst), len(best))
	}
	for i, s := range c.tried {
		if n := min(len(s), len(best)); !slices.Equal(s[:n], best[:n]) {
			t.Errorf("move %d was not tried on the best move's samples in order", i)
		}
	}
}

// Three workers play what one plays: the same sums, the same move, and
// the workers' playouts add up to the decision's.
func TestHalvingSharesItsPlayoutsAmongWorkers(t *testing.T) {
	odds := []float64{0.3, 0.5, 0.35, 0.55, 0.2, 0.6, 0.45, 0.5}
	for seed := uint64(1); seed <= 3; seed++ {
		one := Halving{Playouts: 500, Batch: 64}
		want := one.Run(newCoins(seed, odds...), len(odds), time.Time{})
		three := Halving{Playouts: 500, Batch: 64, Workers: 3}
		got := three.Run(newCoins(seed, odds...), len(odds), time.Time{})
		if got != want || !slices.Equal(three.Sums(), one.Sums()) {
			t.Errorf("seed %d: three workers played %d with sums %v, one %d with %v", seed, got, three.Sums(), want, one.Sums())
		}
		n, _ := three.LastSearch()
		total := 0
		for _, p := range three.Played() {
			total += p
		}
		if len(three.Played()) != 3 || total != n {
			t.Errorf("seed %d: workers played %v, want three adding up to %d", seed, three.Played(), n)
		}
	}
}

// A deadline that has passed still gets one playout and a move, and the
// driver says the time ran out.
func TestHalvingKeepsItsDeadline(t *testing.T) {
	for _, workers := range []int{1, 3} {
		h := Halving{Playouts: 10_000, Batch: 64, Workers: workers}
		got := h.Run(newCoins(1, 0.2, 0.4, 0.6), 3, time.Now().Add(-time.Second))
		n, timedOut := h.LastSearch()
		if got < 0 || got >= 3 || n != 1 || !timedOut {
			t.Errorf("%d workers: move %d after %d playouts, timed out %v; want a move after one and a time-out", workers, got, n, timedOut)
		}
		h.Reset()
		if n, timedOut := h.LastSearch(); n != 0 || timedOut {
			t.Errorf("%d workers: after Reset %d playouts, timed out %v", workers, n, timedOut)
		}
	}
}

// A head start (Prior) keeps the favoured move against a slightly better
// one while the playouts are few, but not against a much better one, and
// counts for little once they are many. Every move is tried on the same
// samples here, so without the head start the better move always wins.
func TestHalvingPriorFadesWithThePlayouts(t *testing.T) {
	for _, c := range []struct {
		name     string
		odds     []float64
		playouts int
		want     int
	}{
		{"few playouts, a slightly better move", []float64{0.55, 0.5, 0.2, 0.3}, 40, 1},
		{"few playouts, a much better move", []float64{0.9, 0.3, 0.2, 0.25}, 40, 0},
		{"many playouts, a slightly better move", []float64{0.55, 0.5, 0.2, 0.3}, 20_000, 0},
	} {
		for seed := uint64(1); seed <= 5; seed++ {
			h := Halving{Playouts: c.playouts, Batch: 32, Prior: 10, Favourite: 1}
			if got := h.Run(newCoins(seed, c.odds...), len(c.odds), time.Time{}); got != c.want {
				t.Errorf("%s, seed %d: played move %d, want %d; sums %v, counts %v", c.name, seed, got, c.want, h.Sums(), h.Counts())
			}
			plain := Halving{Playouts: c.playouts, Batch: 32}
			if got := plain.Run(newCoins(seed, c.odds...), len(c.odds), time.Time{}); got != 0 {
				t.Errorf("%s, seed %d: without a head start played move %d, want the better 0", c.name, seed, got)
			}
		}
	}
}
