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

// A bounded search stops its last round once the move is settled, and
// plays what it would have played had it spent every playout: on the same
// moves and streams, with and without the bound, the move is the same,
// the stream is left where it was, and some decisions play fewer
// playouts, none more. Rewards here are fractions, not only wins, and a
// third of the searches give a move a head start (Prior).
func TestHalvingStopsOnceTheMoveIsSettled(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	stopped := 0
	for trial := range 400 {
		moves := 2 + r.IntN(9)
		odds, late := make([]float64, moves), make([]float64, moves)
		for i := range odds {
			odds[i], late[i] = r.Float64(), float64(r.IntN(2)) // late: all or nothing
		}
		if trial%5 == 0 {
			odds[r.IntN(moves)] = odds[0] // a tie
		}
		playouts, batch := 20+r.IntN(600), 1+r.IntN(64)
		prior := 0.0
		if trial%3 == 0 { // a head start, as big as the playouts
			playouts, prior = 10+r.IntN(60), float64(5+r.IntN(40))
		}
		seed := r.Uint64()
		var got [2]int
		var spent [2]int
		var next [2]uint64
		settled := false
		for b, bounded := range []bool{false, true} {
			c := &fractions{coins: *newCoins(seed, odds...), late: late, turn: playouts / moves}
			h := Halving{Playouts: playouts, Batch: batch, Workers: 1 + trial%2, Bounded: bounded}
			h.Prior, h.Favourite = prior, trial%moves
			got[b] = h.Run(c, moves, time.Time{})
			spent[b], _ = h.LastSearch()
			next[b] = c.r.Uint64()
			settled = h.Settled()
		}
		if settled != (spent[1] < spent[0]) {
			t.Errorf("trial %d: settled %v after %d playouts of %d", trial, settled, spent[1], spent[0])
		}
		if got[0] != got[1] || next[0] != next[1] || spent[1] > spent[0] {
			t.Fatalf("trial %d (%d moves, %d playouts, batch %d): move %d and %d, stream next %x and %x, playouts %d and %d",
				trial, moves, playouts, batch, got[0], got[1], next[0], next[1], spent[0], spent[1])
		}
		if spent[1] < spent[0] {
			stopped++
		}
	}
	if stopped < 100 {
		t.Errorf("only %d of 400 decisions stopped early", stopped)
	}
	t.Logf("%d of 400 decisions stopped early", stopped)
}

// fractions is coins whose playouts return a fraction in [0, 1], and
// whose moves change for the samples drawn after the first turn of them
// (late: each move then wins every playout or none), so that a move ahead
// early can be caught up as fast as the bound allows.
type fractions struct {
	coins
	late  []float64
	turn  int
	drawn int
}

func (c *fractions) Sample(k int) {
	c.coins.Sample(k)
	c.drawn += k
}

func (c *fractions) Play(worker, sample, move int) float64 {
	if c.drawn-len(c.samples)+sample >= c.turn {
		return c.late[move]
	}
	x := rand.New(rand.NewPCG(c.samples[sample], 7)).Float64()
	return min(c.odds[move]*2*x, 1)
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

// settle says a move is settled exactly when no other move, winning every
// playout left while the leader loses every one, would be played instead
// (best, the head start counted): checked against that worst case played
// out on copies, over random sums, counts and head starts.
func TestHalvingSettlesOnlyWhenNothingCanChange(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	yes, no := 0, 0
	for range 20000 {
		left := 2 + r.IntN(4)
		h := Halving{}
		if r.IntN(2) == 0 {
			h.Prior, h.Favourite = float64(1+r.IntN(20)), r.IntN(left)
		}
		done := 1 + r.IntN(30)
		for i := range left {
			h.order = append(h.order, left-1-i)
			h.cnt = append(h.cnt, done)
			h.sum = append(h.sum, float64(r.IntN(4*done+1))/4)
		}
		n := 1 + r.IntN(30)
		b := h.best(left)
		want := true
		for _, o := range h.order[:left] {
			if o == b {
				continue
			}
			w := Halving{Prior: h.Prior, Favourite: h.Favourite, order: h.order, cnt: slices.Clone(h.cnt), sum: slices.Clone(h.sum)}
			for i := range w.cnt {
				w.cnt[i] += n
			}
			w.sum[o] += float64(n)
			if w.best(left) != b {
				want = false
			}
		}
		if got := h.settle(left, n); got != want {
			t.Fatalf("sums %v, counts %v, order %v, head start %v on %d, %d left: settled %v, want %v", h.sum, h.cnt, h.order[:left], h.Prior, h.Favourite, n, got, want)
		}
		if want {
			yes++
		} else {
			no++
		}
	}
	if yes < 1000 || no < 1000 {
		t.Errorf("%d settled and %d not: too few of one kind to tell", yes, no)
	}
}
