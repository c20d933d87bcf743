package engine

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
)

// Halving shares a decision's playouts among a seat's moves by sequential
// halving, for a game's own flat search: all moves get the first round,
// the better half the next, and so on, and the move of the best mean
// among the last ones left is played. Every move left in a round is tried
// on the same samples, drawn by the game in batches, and a batch's
// playouts are shared among the workers: each takes the next playout
// nobody has taken. The samples are drawn in order on the caller's
// goroutine and the rewards are added up in the samples' order, so the
// sums and the move do not depend on the number of workers or their
// scheduling, only on the game's samples (and a deadline).
//
// The zero value plays with one worker; set Playouts and Batch before
// Run. A Halving keeps its memory from one decision to the next.
type Halving struct {
	Playouts int // per decision, shared among the moves
	Batch    int // about how many playouts a batch of samples holds
	Workers  int // goroutines the playouts are shared among; 0 or 1: the caller's alone
	// Bounded says every reward lies in [0, 1]. The last round then stops
	// once the move it will play is settled: the playouts left could not
	// change it whatever they returned. The samples those playouts would
	// have used are still drawn, so the game's stream, and with it every
	// later decision, is the same as if they had been played.
	Bounded bool
	// Prior is a head start of as many virtual wins (rewards of 1) that
	// move Favourite's mean starts from, for a game that trusts its quick
	// bot's move: a move the few first playouts happen to favour does not
	// oust it, and the head start counts for less as the playouts add up.
	// Zero: none. Favourite counts in the moves Run is given; one
	// outside them gets no head start.
	Prior     float64
	Favourite int

	order    []int // the moves, the ones still in first, best first after a round
	sum      []float64
	cnt      []int
	spent    int
	timedOut bool
	settled  bool

	// A batch: each playout's reward (sample-major) and whether it was
	// played, added up in order once the batch is played.
	rewards []float64
	done    []bool
	crew    []halvingWorker
	played  []int // playouts each worker played in the last decision
}

// HalvingGame is a game's side of Halving: its samples and its playouts.
type HalvingGame interface {
	// Hire readies the scratch of workers 0 to n-1 for a decision.
	Hire(n int)
	// Sample draws a batch of k samples, in order, on the caller's
	// goroutine; they are numbered from 0 until the next batch.
	Sample(k int)
	// Play has worker w make move i (counted in the moves Run was given)
	// on sample s of the batch, play on and return the reward. Workers
	// play on goroutines of their own, at once: each must touch only its
	// own scratch and read the samples.
	Play(w, s, i int) float64
}

// halvingWorker is what the driver keeps of one worker for a decision.
type halvingWorker struct {
	played   int
	timedOut bool
}

// Run shares the playouts among moves 0 to moves-1 of g by sequential
// halving, by deadline at the latest (zero: none), and returns the move
// played. A deadline that has passed still gets one playout.
func (h *Halving) Run(g HalvingGame, moves int, deadline time.Time) int {
	h.order = h.order[:0]
	for i := range moves {
		h.order = append(h.order, i)
	}
	h.sum = append(h.sum[:0], make([]float64, moves)...)
	h.cnt = append(h.cnt[:0], make([]int, moves)...)
	h.spent, h.timedOut, h.settled = 0, false, false
	h.hire(g)
	rounds := bits.Len(uint(moves - 1))
	left := moves
	for round := 0; left > 1; round++ {
		per := max(h.Playouts/(rounds*left), 1)
		last := round == rounds-1 || left == 2
		if last {
			per = max((h.Playouts-h.spent+left-1)/left, 1)
		}
		for per > 0 {
			if h.spent > 0 && !deadline.IsZero() && time.Now().After(deadline) {
				h.timedOut = true
			}
			if h.timedOut {
				return h.best(left)
			}
			// A batch of samples big enough to keep the workers busy.
			k := min(per, max(h.Batch/left, 1))
			g.Sample(k)
			if h.settled {
				per -= k // drawn for the stream's sake, not played
				continue
			}
			h.play(g, k, left, deadline)
			per -= k
			h.settled = last && h.Bounded && per > 0 && h.settle(left, per)
		}
		if h.spent >= h.Playouts {
			break
		}
		// The better half goes first.
		h.sort(left)
		left = (left + 1) / 2
	}
	return h.best(left)
}

// Reset forgets the last decision's playouts, for a decision the game
// makes without Run (a single move).
func (h *Halving) Reset() {
	h.spent, h.timedOut, h.settled = 0, false, false
	h.played = h.played[:0]
}

// LastSearch is the number of playouts the last decision played and
// whether its deadline ended it.
func (h *Halving) LastSearch() (playouts int, timedOut bool) { return h.spent, h.timedOut }

// Settled is whether the last decision stopped playing early, its move
// settled (Bounded).
func (h *Halving) Settled() bool { return h.settled }

// Sums is each move's sum of rewards in the last decision, by the moves'
// numbers. The slice is the driver's own, valid until the next Run.
func (h *Halving) Sums() []float64 { return h.sum }

// Counts is each move's number of playouts in the last decision, by the
// moves' numbers. The slice is the driver's own, valid until the next Run.
func (h *Halving) Counts() []int { return h.cnt }

// Played is the number of playouts each worker played in the last
// decision. The slice is the driver's own, valid until the next Run.
func (h *Halving) Played() []int { return h.played }

// hire readies the workers for a decision, the driver's side and the
// game's.
func (h *Halving) hire(g HalvingGame) {
	n := max(h.Workers, 1)
	h.crew = append(h.crew[:0], make([]halvingWorker, n)...)
	h.played = h.played[:0]
	g.Hire(n)
}

// play plays each of the first left moves on each of the batch's k
// samples, the playouts shared among the workers, and adds the rewards up
// in the samples' order. Worker w plays playout w first, and then each
// worker takes the next playout nobody has taken, so a worker the machine
// keeps waiting holds the others up by one playout at most.
func (h *Halving) play(g HalvingGame, k, left int, deadline time.Time) {
	jobs := k * left
	h.rewards = append(h.rewards[:0], make([]float64, jobs)...)
	h.done = append(h.done[:0], make([]bool, jobs)...)
	// Only the first worker plays before a deadline that has passed, so
	// a decision makes one playout at least.
	first := h.spent == 0
	next := atomic.Int64{}
	next.Store(int64(len(h.crew)))
	if len(h.crew) == 1 {
		h.work(g, 0, &next, left, deadline, first)
	} else {
		var wg sync.WaitGroup
		for w := 1; w < len(h.crew); w++ {
			wg.Go(func() { h.work(g, w, &next, left, deadline, false) })
		}
		h.work(g, 0, &next, left, deadline, first)
		wg.Wait()
	}
	for j := range jobs {
		if h.done[j] {
			i := h.order[j%left]
			h.sum[i] += h.rewards[j]
			h.cnt[i]++
			h.spent++
		}
	}
	h.played = h.played[:0]
	for _, w := range h.crew {
		h.played = append(h.played, w.played)
		h.timedOut = h.timedOut || w.timedOut
	}
}

// work has worker w play the batch's playout w and then those it takes
// from next, until the batch or the time ends. A worker that must play
// first plays its first playout whatever the time.
func (h *Halving) work(g HalvingGame, w int, next *atomic.Int64, left int, deadline time.Time, first bool) {
	me := &h.crew[w]
	for j := w; j < len(h.done); j = int(next.Add(1) - 1) {
		if !first && !deadline.IsZero() && time.Now().After(deadline) {
			me.timedOut = true
			return
		}
		first = false
		h.rewards[j] = g.Play(w, j/left, h.order[j%left])
		h.done[j] = true
		me.played++
	}
}

// best is the move of the highest mean among the first left, the first
// of them on a tie.
func (h *Halving) best(left int) int {
	best := 0
	for k := range left {
		if h.mean(h.order[k]) > h.mean(h.order[best]) {
			best = k
		}
	}
	return h.order[best]
}

func (h *Halving) mean(i int) float64 { return h.meanAfter(i, 0, 0) }

// meanAfter is move i's mean after n more playouts that return won in
// all, the head start counted (Prior).
func (h *Halving) meanAfter(i int, won float64, n int) float64 {
	if h.Prior > 0 && i == h.Favourite {
		return (h.sum[i] + won + h.Prior) / (float64(h.cnt[i]+n) + h.Prior)
	}
	return (h.sum[i] + won) / float64(max(h.cnt[i]+n, 1))
}

// settle is whether the move best would play among the first left stays
// the one it plays after each of them gets n more playouts, rewards in
// [0, 1]: its mean with n losses still beats every other's with n wins,
// head starts counted (ties go to the first in order, as in best).
func (h *Halving) settle(left, n int) bool {
	b := h.best(left)
	low := h.meanAfter(b, 0, n)
	before := true // o comes before b in the order
	for _, o := range h.order[:left] {
		if o == b {
			before = false
			continue
		}
		high := h.meanAfter(o, float64(n), n)
		if high > low || (before && high == low) {
			return false
		}
	}
	return true
}

// sort orders the first left moves by mean, best first; moves of equal
// means keep their order.
func (h *Halving) sort(left int) {
	o := h.order
	for i := 1; i < left; i++ {
		for j := i; j > 0 && h.mean(o[j]) > h.mean(o[j-1]); j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
}
