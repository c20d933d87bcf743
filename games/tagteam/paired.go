package tagteam

import (
	"errors"
	"fmt"
	"math/bits"
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
// bot's look-ahead, Rank) sent most playouts to the moves the greedy bot
// likes, which are often not the ones the playouts value most, and more
// playouts did not make it stronger. Here every distinct build gets its
// share before the halving, with no prior. The pairing helps a little: two
// builds' playouts on one sample correlate at about 0.2, as the games part
// ways soon after (docs/games/tagteam.md, Search).
type PairedSearch struct {
	iters    int // playouts per decision, shared among the moves
	det, cur State
	legal    []engine.Move
	sum      []float64
	cnt      []int
	spent    int
	timedOut bool
	reward   []float64
}

// NewSearch is the search the generic search bot (mcts) plays Tag Team
// with: a PairedSearch of the level's playouts.
func (g *Game) NewSearch(playouts int) engine.DeadlineBot {
	b := &PairedSearch{iters: playouts}
	b.det.quiet, b.cur.quiet = true, true
	return b
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
	rounds := bits.Len(uint(n - 1))
	left := n
	for round := 0; left > 1; round++ {
		per := max(b.iters/(rounds*left), 1)
		if round == rounds-1 || left == 2 {
			per = max((b.iters-b.spent+left-1)/left, 1)
		}
		for range per {
			b.det.CopyFrom(s)
			b.det.Determinize(seat, r)
			seed := r.Uint64()
			for i, m := range b.legal[:left] {
				if !deadline.IsZero() && b.spent > 0 && time.Now().After(deadline) {
					b.timedOut = true
					return b.legal[b.best(left)]
				}
				b.cur.CopyFrom(&b.det)
				b.sum[i] += b.playout(&b.cur, seat, m, seed)
				b.cnt[i]++
				b.spent++
			}
		}
		if b.spent >= b.iters {
			break
		}
		b.order(left)
		left = (left + 1) / 2
	}
	return b.legal[b.best(left)]
}

// playout makes m for seat on c, plays on to the end by the playout
// policy, drawing from a stream seeded by seed, and returns seat's reward
// (ScoreFinal).
func (b *PairedSearch) playout(c *State, seat engine.Seat, m engine.Move, seed uint64) float64 {
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
	b.reward = c.ScoreFinal(b.reward[:0])
	return b.reward[seat]
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
