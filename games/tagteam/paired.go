package tagteam

import (
	"errors"
	"fmt"
	"math/rand/v2"
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
	legal   []engine.Move
	halving engine.Halving // the playouts per decision, shared among the moves
	batch   pairedBatch
}

// pairedBatch is the search's side of a decision's halving: the position
// and the moves, a batch of samples (their determinizations and playout
// seeds, drawn in order from the bot's stream) and the workers' scratch.
type pairedBatch struct {
	root  *State
	seat  engine.Seat
	r     *rand.Rand
	legal []engine.Move
	dets  []*State
	seeds []uint64
	crew  []*pairedWorker
}

// pairedWorker is one goroutine's scratch: the state a playout runs on.
type pairedWorker struct {
	cur    State
	reward []float64
}

// Settled is whether the last decision stopped early, its move settled
// (engine.Halving's Bounded).
func (b *PairedSearch) Settled() bool { return b.halving.Settled() }

// SetWorkers lets the search share each decision's playouts among n
// goroutines; n ≤ 1 plays them all on the caller's. The samples are drawn
// in order on the caller's goroutine and every playout's reward is added
// in the samples' order, so the sums and the move do not depend on n or
// on the scheduling, only on the bot's stream (and a deadline).
func (b *PairedSearch) SetWorkers(n int) { b.halving.Workers = n }

// NewSearch is the search the generic search bot (mcts) plays Tag Team
// with: a PairedSearch of the level's playouts.
func (g *Game) NewSearch(playouts int) engine.DeadlineBot {
	return &PairedSearch{halving: engine.Halving{Playouts: playouts, Batch: batchPlayouts, Bounded: true}}
}

var errNotTagTeamState = errors.New("tagteam: the search was given another game's state")

// Choose picks seat's move.
func (b *PairedSearch) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return b.ChooseBy(st, seat, r, time.Time{})
}

// LastSearch is the number of playouts the last decision played and
// whether its deadline ended it.
func (b *PairedSearch) LastSearch() (playouts int, timedOut bool) { return b.halving.LastSearch() }

// ChooseBy picks seat's move, by deadline at the latest. The draft is the
// greedy bot's strength table's (PolicyDecides); every other decision is
// searched among its distinct moves (candidates).
func (b *PairedSearch) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, errNotTagTeamState
	}
	b.halving.Reset()
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

// halve shares the playouts among b.legal by sequential halving
// (engine.Halving) and returns the move of the best mean among the last
// ones left.
func (b *PairedSearch) halve(s *State, seat engine.Seat, r *rand.Rand, deadline time.Time) engine.Move {
	p := &b.batch
	p.root, p.seat, p.r, p.legal = s, seat, r, b.legal
	i := b.halving.Run(p, len(b.legal), deadline)
	p.root, p.r = nil, nil
	return b.legal[i]
}

// batchPlayouts is about how many playouts a batch of samples holds.
const batchPlayouts = 128

// Hire readies n workers' scratch for a decision.
func (p *pairedBatch) Hire(n int) {
	for len(p.crew) < n {
		w := &pairedWorker{}
		w.cur.quiet = true
		p.crew = append(p.crew, w)
	}
}

// Sample draws k samples from the bot's stream, in order: each a
// determinization of the position and its playouts' seed.
func (p *pairedBatch) Sample(k int) {
	for len(p.dets) < k {
		p.dets = append(p.dets, &State{quiet: true})
	}
	p.seeds = p.seeds[:0]
	for _, d := range p.dets[:k] {
		d.CopyFrom(p.root)
		d.Determinize(p.seat, p.r)
		p.seeds = append(p.seeds, p.r.Uint64())
	}
}

// Play has worker w play move i on the batch's sample s and returns the
// seat's reward.
func (p *pairedBatch) Play(w, s, i int) float64 {
	wk := p.crew[w]
	wk.cur.CopyFrom(p.dets[s])
	return wk.playout(p.seat, p.legal[i], p.seeds[s])
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
	// Within [0, 1], as the halving's early stop counts on: the HP share
	// leaves it only by a hair, where a fighter below zero (Maman
	// Brijit's revive space) meets a team at full HP.
	return min(max(w.reward[seat], 0), 1)
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
