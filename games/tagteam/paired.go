package tagteam

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"stolik/engine"
)

// PairedSearch is Tag Team's own search, which the generic search bot
// (mcts) plays with (NewSearch): a flat search over the seat's distinct
// moves (candidates). Each move is tried on the same samples: a sample is
// a determinization of the position and the random stream its playout
// draws from, so on one sample every move meets the same shuffles, the
// same opponent's build and, as far as the games run alike, the same
// later random builds. The samples go to the moves by sequential halving:
// all moves get the first round, the better half the next, and so on, and
// the move of the best mean among the last ones is played.
//
// Why not the generic tree: at a build both seats choose at once and the
// opponent's offer is hidden, so the tree below a build is one node deep
// and the tree is a flat Monte Carlo anyway; its PUCT prior (the greedy
// bot's look-ahead) sent most playouts to the moves the greedy bot
// likes, which are often not the ones the playouts value most, and more
// playouts did not make it stronger. Here every distinct build gets its
// share before the halving, with no prior. The pairing helps a little: two
// builds' playouts on one sample correlate at about 0.2, as the games part
// ways soon after (docs/games/tagteam.md, Search).
type PairedSearch struct {
	iters    int // playouts per decision, shared among the moves
	legal    []engine.Move
	sum      []float64
	cnt      []int
	spent    int
	timedOut bool
	workers  int // goroutines the playouts are shared among (SetWorkers); 0 or 1: one

	// A batch of samples: their determinizations and playout seeds, drawn
	// in order from the bot's stream, and each playout's reward
	// (sample-major), added up in order once the batch is played.
	dets    []*State
	seeds   []uint64
	rewards []float64
	done    []bool
	crew    []*pairedWorker
	played  []int // playouts each worker played in the last decision
}

// pairedWorker is one goroutine's scratch: the state a playout runs on.
type pairedWorker struct {
	cur      State
	reward   []float64
	played   int
	timedOut bool
}

// SetWorkers lets the search share each decision's playouts among n
// goroutines; n ≤ 1 plays them all on the caller's. The samples are drawn
// in order on the caller's goroutine and every playout's reward is added
// in the samples' order, so the sums and the move do not depend on n or
// on the scheduling, only on the bot's stream (and a deadline).
func (b *PairedSearch) SetWorkers(n int) { b.workers = n }

// NewSearch is the search the generic search bot (mcts) plays Tag Team
// with: a PairedSearch of the level's playouts.
func (g *Game) NewSearch(playouts int) engine.DeadlineBot {
	return &PairedSearch{iters: playouts}
}

var errNotTagTeamState = errors.New("tagteam: the search was given another game's state")

// Choose picks seat's move.
func (b *PairedSearch) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return b.ChooseBy(st, seat, r, time.Time{})
}

// LastSearch is the number of playouts the last decision played and
// whether its deadline ended it.
func (b *PairedSearch) LastSearch() (playouts int, timedOut bool) { return b.spent, b.timedOut }

// ChooseBy picks seat's move, by deadline at the latest. The draft is the
// greedy bot's strength table's (PolicyDecides); every other decision is
// searched among its distinct moves (candidates).
func (b *PairedSearch) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, errNotTagTeamState
	}
	b.spent, b.timedOut = 0, false
	b.legal = s.Legal(seat, b.legal[:0])
	switch len(b.legal) {
	case 0:
		return 0, fmt.Errorf("tagteam search: seat %d has no legal move", seat)
	case 1:
		return b.legal[0], nil
	}
	if s.PolicyDecides(seat) {
		if m, ok := s.PlayoutMove(seat, r); ok {
			return m, nil
		}
	}
	b.legal = s.candidates(int(seat), b.legal)
	if len(b.legal) == 1 {
		return b.legal[0], nil
	}
	return b.halve(s, seat, r, deadline), nil
}

// halve shares the playouts among b.legal by sequential halving and
// returns the move of the best mean among the last ones left.
func (b *PairedSearch) halve(s *State, seat engine.Seat, r *rand.Rand, deadline time.Time) engine.Move {
	n := len(b.legal)
	b.sum = append(b.sum[:0], make([]float64, n)...)
	b.cnt = append(b.cnt[:0], make([]int, n)...)
	b.hire()
	rounds := bits.Len(uint(n - 1))
	left := n
	for round := 0; left > 1; round++ {
		per := max(b.iters/(rounds*left), 1)
		if round == rounds-1 || left == 2 {
			per = max((b.iters-b.spent+left-1)/left, 1)
		}
		for per > 0 {
			if b.spent > 0 && !deadline.IsZero() && time.Now().After(deadline) {
				b.timedOut = true
			}
			if b.timedOut {
				return b.legal[b.best(left)]
			}
			// A batch of samples big enough to keep the workers busy.
			k := min(per, max(batchPlayouts/left, 1))
			b.sample(s, seat, r, k)
			b.play(seat, k, left, deadline)
			per -= k
		}
		if b.spent >= b.iters {
			break
		}
		b.order(left)
		left = (left + 1) / 2
	}
	return b.legal[b.best(left)]
}

// batchPlayouts is about how many playouts a batch of samples holds.
const batchPlayouts = 128

// hire readies the workers' scratch for a decision.
func (b *PairedSearch) hire() {
	n := max(b.workers, 1)
	for len(b.crew) < n {
		w := &pairedWorker{}
		w.cur.quiet = true
		b.crew = append(b.crew, w)
	}
	for _, w := range b.crew[:n] {
		w.played, w.timedOut = 0, false
	}
	b.played = b.played[:0]
}

// sample draws k samples from r, in order: each a determinization of s
// and its playouts' seed.
func (b *PairedSearch) sample(s *State, seat engine.Seat, r *rand.Rand, k int) {
	for len(b.dets) < k {
		b.dets = append(b.dets, &State{quiet: true})
	}
	b.seeds = b.seeds[:0]
	for _, d := range b.dets[:k] {
		d.CopyFrom(s)
		d.Determinize(seat, r)
		b.seeds = append(b.seeds, r.Uint64())
	}
}

// play plays each of the first left moves on each of the batch's k
// samples, the playouts shared among the workers, and adds the rewards up
// in the samples' order. Worker i plays playout i first, and then each
// worker takes the next playout nobody has taken, so a worker the machine
// keeps waiting holds the others up by one playout at most.
func (b *PairedSearch) play(seat engine.Seat, k, left int, deadline time.Time) {
	jobs := k * left
	b.rewards = append(b.rewards[:0], make([]float64, jobs)...)
	b.done = append(b.done[:0], make([]bool, jobs)...)
	crew := b.crew[:max(b.workers, 1)]
	// Only the first worker plays before a deadline that has passed, so
	// a decision makes one playout at least.
	first := b.spent == 0
	next := atomic.Int64{}
	next.Store(int64(len(crew)))
	if len(crew) == 1 {
		b.work(crew[0], 0, &next, seat, left, deadline, first)
	} else {
		var wg sync.WaitGroup
		for i, w := range crew[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b.work(w, i+1, &next, seat, left, deadline, false)
			}()
		}
		b.work(crew[0], 0, &next, seat, left, deadline, first)
		wg.Wait()
	}
	for j := range jobs {
		if b.done[j] {
			i := j % left
			b.sum[i] += b.rewards[j]
			b.cnt[i]++
			b.spent++
		}
	}
	b.played = b.played[:0]
	for _, w := range crew {
		b.played = append(b.played, w.played)
		b.timedOut = b.timedOut || w.timedOut
	}
}

// work plays the batch's playout j (the worker's index) and then those it
// takes from next, until the batch or the time ends. A worker that must
// play first plays its first playout whatever the time.
func (b *PairedSearch) work(w *pairedWorker, j int, next *atomic.Int64, seat engine.Seat, left int, deadline time.Time, first bool) {
	for ; j < len(b.done); j = int(next.Add(1) - 1) {
		if !first && !deadline.IsZero() && time.Now().After(deadline) {
			w.timedOut = true
			return
		}
		first = false
		w.cur.CopyFrom(b.dets[j/left])
		b.rewards[j] = w.playout(seat, b.legal[j%left], b.seeds[j/left])
		b.done[j] = true
		w.played++
	}
}

// playout makes m for seat on the worker's state, plays on to the end by
// the playout policy, drawing from a stream seeded by seed, and returns
// seat's reward (ScoreFinal).
func (w *pairedWorker) playout(seat engine.Seat, m engine.Move, seed uint64) float64 {
	c := &w.cur
	if _, err := c.Apply(seat, m); err != nil {
		return 0
	}
	pr := rand.New(rand.NewPCG(seed, engine.SplitMix(seed)))
	// The build deck runs out within 17 rounds; the bound only guards
	// against a bug.
	for range 10000 {
		pend := c.Pending()
		if len(pend) == 0 {
			break
		}
		mv, ok := c.PlayoutMove(pend[0], pr)
		if !ok {
			break
		}
		if _, err := c.Apply(pend[0], mv); err != nil {
			break
		}
	}
	w.reward = c.ScoreFinal(w.reward[:0])
	return w.reward[seat]
}

// best is the move of the highest mean among the first left.
func (b *PairedSearch) best(left int) int {
	best := 0
	for i := range left {
		if b.mean(i) > b.mean(best) {
			best = i
		}
	}
	return best
}

func (b *PairedSearch) mean(i int) float64 { return b.sum[i] / float64(max(b.cnt[i], 1)) }

// order sorts the first left moves by mean, best first.
func (b *PairedSearch) order(left int) {
	for i := 1; i < left; i++ {
		for j := i; j > 0 && b.mean(j) > b.mean(j-1); j-- {
			b.legal[j], b.legal[j-1] = b.legal[j-1], b.legal[j]
			b.sum[j], b.sum[j-1] = b.sum[j-1], b.sum[j]
			b.cnt[j], b.cnt[j-1] = b.cnt[j-1], b.cnt[j]
		}
	}
}

// candidates keeps, of p's legal moves at a build, one of each distinct
// build: the cards that go under in their first order (it does not change
// the next rounds), and an offered card that is a copy of an earlier one
// (copyIn) left out. Other decisions keep every move.
func (s *State) candidates(p int, legal []engine.Move) []engine.Move {
	if s.phase != phBuild {
		return legal
	}
	pl := &s.players[p]
	k := 0
	for _, m := range legal {
		_, a, _, c := unmv(m)
		if c != s.firstOther(p, a) {
			continue
		}
		if i := s.offerIndex(p, a); s.copyIn(p, pl.offer[:i], a) >= 0 {
			continue
		}
		legal[k] = m
		k++
	}
	if k == 0 {
		return legal[:1]
	}
	return legal[:k]
}
