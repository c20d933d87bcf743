package asterix

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"stolik/engine"
)

// What the generic search bot (mcts) uses: CopyFrom, Evaluate and
// PlayoutMove on a state, SearchTuning on the game. Evaluate and
// PlayoutMove run only on a search's determinized copies, so they read
// every hand.

// CopyFrom makes s a copy of src, keeping s's own event buffer
// (engine.Copier): the state is a flat value, so this is one assignment.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	ev := s.events
	*s = *o
	s.events, s.quiet = ev[:0], false
}

// evalScale turns the greedy heuristic's lead, in sestertii, into odds:
// a seat's share of a win is a softmax of its score over evalScale. The
// scale is fitted to positions of greedy-against-greedy games, where it
// gave the likeliest winners (search_test.go measures the fit).
const evalScale = 20.0

// Evaluate appends each seat's estimated share of a win (engine.Evaluator):
// for an unfinished game, a softmax of the greedy bot's score of the
// position for each seat, which sees that seat's whole hand.
func (s *State) Evaluate(dst []float64) []float64 {
	n := int(s.seats)
	if s.phase == phOver {
		w := 0
		for q := range n {
			if s.winners&(1<<uint(q)) != 0 {
				w++
			}
		}
		for q := range n {
			v := 0.0
			if s.winners&(1<<uint(q)) != 0 {
				v = 1 / float64(w)
			}
			dst = append(dst, v)
		}
		return dst
	}
	var v [MaxPlayers]float64
	for q := range n {
		j := judge{me: engine.Seat(q), root: s.hands[q], fit: &s.pack.fit}
		v[q] = j.score(s)
	}
	top := v[0]
	for q := 1; q < n; q++ {
		top = max(top, v[q])
	}
	sum := 0.0
	for q := range n {
		v[q] = math.Exp((v[q] - top) / evalScale)
		sum += v[q]
	}
	for q := range n {
		dst = append(dst, v[q]/sum)
	}
	return dst
}

// PlayoutMove proposes a cheap move for seat p (engine.Playouter): one
// step of rules a quick player follows. A play that captures an Album
// comes first, then a token that does, then the play that adds most to a
// half near its threshold; a token goes on one's own card (potion,
// revive) or an opponent's (fish), the one that changes most; an ability
// hits an opponent's half and helps one's own; cards that fit none of
// one's halves are let go first.
func (s *State) PlayoutMove(p engine.Seat, r *rand.Rand) (engine.Move, bool) {
	if s.phase == phOver || p != s.decider {
		return 0, false
	}
	var buf [64]engine.Move
	var m engine.Move
	switch s.phase {
	case phAction:
		m = s.playoutAction(p, r, buf[:0])
	case phToken:
		m = s.playoutToken(p, r, buf[:0])
	case phChange:
		m = mv(mDone, 0, 0)
		if i, ok := s.idleCard(p); ok {
			m = mv(mDiscard, i, 0)
		}
	case phCostDiscard, phAbilityDiscard, phOppDiscard:
		m = mv(mDiscard, s.weakestCard(p), 0)
	case phCostHelmet:
		m = mv(mHelmet, 0, uint8(LegionaryHelmet))
		if s.helmets[p][LegionaryHelmet] == 0 {
			m = mv(mHelmet, 0, uint8(CenturionHelmet))
		}
	case phAbility:
		m = s.playoutAbility(p, r, buf[:0])
	case phTake:
		kinds, _ := s.takeable(p)
		best := -1
		for t := range 3 {
			if kinds[t] && (best < 0 || s.tokens[p][t] < s.tokens[p][best]) {
				best = t
			}
		}
		m = mv(mTake, 0, uint8(max(best, 0)))
	case phOrient:
		var n [3]int
		s.hands[p].each(func(i uint8) { n[s.pack.iCol[i]]++ })
		c := Blue
		if n[Red] > n[Blue] || (n[Red] == n[Blue] && r.IntN(2) == 0) {
			c = Red
		}
		m = mv(mOrient, 0, uint8(c))
	}
	// The rules above never pick an illegal move; the check keeps that a
	// promise even where a hand or a supply has run out.
	if m == 0 || s.check(p, m) != legal {
		return 0, false
	}
	return m, true
}

// halfValue is what raising a half's total from t to t+d is worth in a
// playout: a capture most, then progress, the last points most.
func (s *State) halfValue(slot, side, d int) float64 {
	t, thr := s.total(slot, side), s.threshold(slot)
	opp := s.total(slot, 1-side)
	if t+d >= thr && (t+d > opp || (t+d == opp && s.sideOf(slot, s.active) == side)) {
		return 100 + float64(s.helmetsAt(slot))
	}
	return progress(t+d, thr) - progress(t, thr)
}

// helmetsAt is the sestertii in helmets a capture of slot would bring.
func (s *State) helmetsAt(slot int) int {
	v := 0
	for side := range 2 {
		h := &s.halves[slot][side]
		for _, x := range h.cards[:h.n] {
			if !s.ko.has(x) {
				switch s.pack.iType[x] {
				case Legionary:
					v++
				case Centurion:
					v += 3
				}
			}
		}
	}
	return v
}

// playoutAction picks action A, B or C.
func (s *State) playoutAction(p engine.Seat, r *rand.Rand, buf []engine.Move) engine.Move {
	legal := s.Legal(p, buf)
	best, bestV, ties := engine.Move(0), math.Inf(-1), 0
	for _, m := range legal {
		k, a, b := unmv(m)
		var v float64
		switch k {
		case mPlay:
			slot := int(b)
			side := s.sideOf(slot, p)
			// The card arrives face up, with no potion.
			d := 0
			if s.counts(a, slot, side) {
				d = int(s.pack.iStr[a])
				if al := s.album(slot); al.Rule == RuleTypeBonus && s.pack.iType[a] == al.Type {
					d += int(al.N)
				}
				d = max(d, 0)
			}
			v = s.halfValue(slot, side, d) + 0.01*float64(d)
		case mDraw:
			v = s.tokenReach(p) - 0.3 // a token is worth keeping for a better use
		case mChange:
			v = -0.5
		}
		switch {
		case v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// tokenReach is the best a token use of p would bring now (halfValue).
func (s *State) tokenReach(p engine.Seat) float64 {
	var buf [64]engine.Move
	best := 0.0
	for _, m := range s.tokenMoves(p, buf[:0]) {
		best = max(best, s.tokenValue(p, m))
	}
	return best
}

// tokenValue rates a token use for p.
func (s *State) tokenValue(p engine.Seat, m engine.Move) float64 {
	k, a, _ := unmv(m)
	if k == mActivate {
		return 0.3
	}
	slot, side, ok := s.locate(a)
	if !ok {
		return 0
	}
	mine := s.slotSeat[slot][side] == p
	switch k {
	case mPotion, mRevive:
		if !mine {
			return -1
		}
		// A potion doubles the card; a revived card counts again.
		d := int(s.pack.iStr[a])
		if k == mPotion {
			d = s.addsToHalf(a, slot, side)
		} else if al := s.album(slot); al.Rule == RuleTypeBonus && s.pack.iType[a] == al.Type {
			d += int(al.N)
		}
		if !s.counts(a, slot, side) {
			d = 0
		}
		return s.halfValue(slot, side, max(d, 0))
	case mFish:
		if mine {
			return -1
		}
		// Knocking out a card of a half near its threshold spoils a capture.
		d := s.addsToHalf(a, slot, side)
		return s.halfValue(slot, side, 0) - s.halfValue(slot, side, -d) + 0.2
	}
	return 0
}

// playoutToken picks the token use after option B.
func (s *State) playoutToken(p engine.Seat, r *rand.Rand, buf []engine.Move) engine.Move {
	legal := s.tokenMoves(p, buf)
	best, bestV, ties := engine.Move(0), math.Inf(-1), 0
	for _, m := range legal {
		v := s.tokenValue(p, m)
		switch {
		case v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// playoutAbility uses the ability in progress on the best target.
func (s *State) playoutAbility(p engine.Seat, r *rand.Rand, buf []engine.Move) engine.Move {
	legal := s.abilityMoves(buf)
	ab := s.ability()
	best, bestV, ties := mv(mSkip, 0, 0), 0.0, 0
	for _, m := range legal {
		k, a, b := unmv(m)
		v := 0.5 // a token, a helmet, cards: worth having
		switch k {
		case mTake:
			v += 0.1 * float64(capTokens-s.tokens[p][b])
		case mTarget:
			slot, side, _ := s.locate(a)
			mine := s.slotSeat[slot][side] == p
			d := s.addsToHalf(a, slot, side)
			switch ab.Effect {
			case KnockOut, Eliminate:
				v = s.halfValue(slot, side, 0) - s.halfValue(slot, side, -d) + 0.1
				if mine {
					v = -v - 0.2
				}
			case Summon:
				to, toSide := int(s.ctx.slot), int(s.ctx.side)
				v = s.halfValue(to, toSide, int(s.pack.iStr[a])) + 0.1
				if !mine {
					v += s.halfValue(slot, side, 0) - s.halfValue(slot, side, -d)
				}
			case Revive, GivePotion:
				v = -0.2
				if mine {
					v = s.halfValue(slot, side, max(int(s.pack.iStr[a]), 0)) + 0.1
				}
			}
		}
		switch {
		case v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// idleCard is a card in p's hand that fits none of p's halves (option C
// lets it go), if there is one.
func (s *State) idleCard(p engine.Seat) (uint8, bool) {
	fits := s.fitting(p)
	idle := s.hands[p]
	idle.andNot(&fits)
	for k, w := range idle {
		if w != 0 {
			return uint8(k*64 + bits.TrailingZeros64(w)), true
		}
	}
	return 0, false
}

// fitting is the set of cards whose colour one of p's halves takes.
func (s *State) fitting(p engine.Seat) (fits instSet) {
	own, sides, n := s.seatSlots(p)
	for k := range n {
		fits.or(&s.pack.colourOK[s.colour[own[k]][sides[k]]])
	}
	return
}

// weakestCard is the card p lets go first: one that fits none of p's
// halves, else the weakest.
func (s *State) weakestCard(p engine.Seat) uint8 {
	if i, ok := s.idleCard(p); ok {
		return i
	}
	best, bestStr := uint8(0), math.MaxInt
	s.hands[p].each(func(i uint8) {
		if v := int(s.pack.iStr[i]); v < bestStr {
			best, bestStr = i, v
		}
	})
	return best
}

// SearchTuning sets the generic search bot up for Asterix & Co
// (engine.SearchTuner). The bot plays with the game's own search
// (NewSearch), so Iterations are its rollouts per decision. With 2
// players (Lookahead) each level plays four times the rollouts of the
// one below, as Front Line's levels do, and expert six times hard's: a
// fourfold step wins clearly below, but expert over hard at fourfold
// (1,000 rollouts) scored only 57% in 300 games; the levels of before
// (60 / 300 / 900 / 2,000 rollouts to the end by the greedy bot) gained
// little at the top, and their ladder at full counts took half an hour
// (docs/bots.md). With 4 players the action tree's rollouts stop after a
// round of turns, and cost about a sixth of one to the end (its normal
// level's median decision 61 ms against 357 ms at 140, on the same busy
// machine), so its levels play four times as many as they did. The
// 3-player counts were not refitted to the shorter rollouts. The other
// fields serve the generic tree, should it be used.
func (g *Game) SearchTuning(opts engine.Options) engine.SearchTuning {
	it := [4]int{120, 560, 1680, 5600}
	switch opts.Int("players") {
	case 2:
		it = [4]int{15, 60, 250, 1600}
	case 3:
		it = [4]int{40, 200, 600, 2000}
	}
	return engine.SearchTuning{
		Iterations:   it,
		PlayoutDepth: 1,
		Exploration:  0.1,
		Policy:       1,
	}
}

// Lookahead is Asterix & Co's own search, which the generic search bot
// (mcts) plays with (NewSearch). It tries each of the seat's legal moves
// on many samples of what the seat cannot see (Determinize): on a sample
// it makes the move, then plays the game to its end with every seat,
// itself included, playing as the greedy bot does, and counts the seat's
// share of the win. Every move is tried on the same samples (the same
// hands and the same future draws), so the comparison between moves is
// not blurred by the luck of the draw. The samples go to the moves by
// sequential halving: all moves get the first round, the better half the
// next, and so on, so most samples decide between the best moves. Moves
// no casual player would consider (a potion on an opponent's card, a fish
// on one's own) are left out, as the greedy bot leaves them out.
//
// A rollout plays the first two rounds of turns as the greedy bot does,
// then the rest of the game by the quick rules of PlayoutMove, which cost
// about a ninth of the greedy bot's look-ahead: the near turns, where the
// move tried still tells, are played well, and the end is still played
// out, at under a third of the time of a rollout played to the end by
// the greedy bot (1,000 such rollouts scored 85% against the greedy bot,
// as 1,500 to the end did; docs/bots.md). A rollout to the end judges
// better than Evaluate: it sees every capture and spoiled capture to
// come. Rollouts cut after two rounds of turns and scored by Evaluate
// lost to the greedy bot itself.
//
// The search starts out trusting the greedy bot's move: before the
// rollouts it counts as having won greedyPrior rollouts more than it
// has played, a head start another move must overcome with its own
// wins. At a few rollouts a move, where a lucky draw or two would oust
// the greedy bot's good move for a worse one, the head start decides,
// and the search plays better than the greedy bot by overruling it only
// where another move wins clearly more; at many rollouts a move it
// counts for little, and the rollouts decide. So normal and the levels
// above beat the greedy bot, and each level's rollouts still tell it
// from the one below; easy, at a rollout or two a move, still loses to
// it (docs/bots.md).
type Lookahead struct {
	pack    *Pack
	greedy  *GreedyBot
	advisor *GreedyBot // picks the move the search starts out trusting; the rollouts' greedy bot keeps no plan of it
	legal   []engine.Move
	halving engine.Halving // the rollouts per decision, shared among the moves
	batch   lookBatch
}

// lookBatch is the search's side of a decision's halving: the position
// and the moves, a batch of samples (determinizations drawn in order from
// the bot's stream) and the workers' scratch.
type lookBatch struct {
	pack   *Pack
	greedy *GreedyBot // the search's own, the first worker's
	root   *State
	seat   engine.Seat
	r      *rand.Rand
	legal  []engine.Move
	dets   []*State
	seeds  []uint64 // each sample's seed for the quick rules' ties
	crew   []*lookWorker
}

// lookWorker is one goroutine's scratch: the state a rollout runs on, the
// greedy bot that plays its first turns and the stream the quick rules
// break ties with.
type lookWorker struct {
	greedy *GreedyBot
	pcg    rand.PCG
	r      *rand.Rand
	cur    State
	evs    []engine.Event
	ev     []float64
}

// greedyPrior is the head start of the greedy bot's move, in virtual
// wins (engine.Halving's Prior): at normal's 60 rollouts it lifted the
// level from 29% to 58% and 61% against the greedy bot (seeds 1 and 2),
// and every step of the level ladder still wins clearly (docs/bots.md).
const greedyPrior = 10

// greedyRounds is how many rounds of turns a rollout plays as the greedy
// bot before the quick rules (PlayoutMove) take over: two rounds won as
// often as four, in three fifths of the time (docs/bots.md).
const greedyRounds = 2

// NewLookahead returns a lookahead search of iters rollouts per decision
// (at least one per move).
func NewLookahead(p *Pack, iters int) *Lookahead {
	greedy := NewGreedyBot(p)
	return &Lookahead{pack: p, greedy: greedy, advisor: NewGreedyBot(p), halving: engine.Halving{Playouts: iters, Batch: batchRollouts, Prior: greedyPrior, Bounded: true},
		batch: lookBatch{pack: p, greedy: greedy}}
}

// SetWorkers lets the search share each decision's rollouts among n
// goroutines; n ≤ 1 plays them all on the caller's. The samples are drawn
// in order on the caller's goroutine and every rollout's reward is added
// in the samples' order, so the sums and the move do not depend on n or
// on the scheduling, only on the bot's stream (and a deadline).
func (b *Lookahead) SetWorkers(n int) { b.halving.Workers = n }

// NewSearch is the search the generic search bot (mcts) plays Asterix & Co
// with: at a table of 3 or 4 an ActionTree of the level's iterations, at a
// table of 2 a Lookahead of as many rollouts, which played better than
// the tree there (docs/games/asterix.md).
func (g *Game) NewSearch(playouts int) engine.DeadlineBot {
	return &bySeats{two: NewLookahead(g.pack, playouts), more: NewActionTree(g.pack, playouts, defaultSlip)}
}

// bySeats searches with one search at a table of two and another at a
// larger one.
type bySeats struct {
	two, more, last engine.DeadlineBot
}

func (b *bySeats) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return b.ChooseBy(st, seat, r, time.Time{})
}

func (b *bySeats) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	b.last = b.more
	if st.Seats() == 2 {
		b.last = b.two
	}
	return b.last.ChooseBy(st, seat, r, deadline)
}

// SetWorkers gives the workers to the search of a table of two, the one
// that can share its rollouts.
func (b *bySeats) SetWorkers(n int) {
	if w, ok := b.two.(interface{ SetWorkers(int) }); ok {
		w.SetWorkers(n)
	}
}

// LastSearch is what the search last used reports.
func (b *bySeats) LastSearch() (playouts int, timedOut bool) {
	if c, ok := b.last.(interface{ LastSearch() (int, bool) }); ok {
		return c.LastSearch()
	}
	return 0, false
}

// Settled is whether the search last used stopped early, its move settled.
func (b *bySeats) Settled() bool {
	c, ok := b.last.(interface{ Settled() bool })
	return ok && c.Settled()
}

// Choose picks seat's move.
func (b *Lookahead) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return b.ChooseBy(st, seat, r, time.Time{})
}

// ChooseBy picks seat's move, by deadline at the latest.
func (b *Lookahead) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok || s.pack != b.pack {
		return 0, errNotAsterix
	}
	b.halving.Reset()
	b.legal = s.Legal(seat, b.legal[:0])
	switch len(b.legal) {
	case 0:
		return 0, fmt.Errorf("lookahead: seat %d has no legal move", seat)
	case 1:
		return b.legal[0], nil
	}
	b.greedy.me = seat
	k := 0
	for _, m := range b.legal {
		if b.greedy.sensible(s, m) {
			b.legal[k] = m
			k++
		}
	}
	if k > 0 {
		b.legal = b.legal[:k]
	} else {
		b.legal = s.Legal(seat, b.legal[:0])
	}
	if len(b.legal) == 1 {
		return b.legal[0], nil
	}
	g, err := b.advisor.ChooseSampling(s, seat, r, r)
	if err != nil {
		return 0, err
	}
	b.halving.Favourite = slices.Index(b.legal, g)
	return b.halve(s, seat, r, deadline), nil
}

// halve shares the rollouts among b.legal by sequential halving
// (engine.Halving): each round plays every move left on the same samples,
// then keeps the better half, until one is left or the rollouts run out.
func (b *Lookahead) halve(s *State, seat engine.Seat, r *rand.Rand, deadline time.Time) engine.Move {
	p := &b.batch
	p.root, p.seat, p.r, p.legal = s, seat, r, b.legal
	i := b.halving.Run(p, len(b.legal), deadline)
	p.root, p.r = nil, nil
	return b.legal[i]
}

// batchRollouts is about how many rollouts a batch of samples holds.
const batchRollouts = 64

// LastSearch is the number of rollouts the last decision played and
// whether its deadline ended it.
func (b *Lookahead) LastSearch() (playouts int, timedOut bool) { return b.halving.LastSearch() }

// Settled is whether the last decision stopped early, its move settled
// (engine.Halving's Bounded).
func (b *Lookahead) Settled() bool { return b.halving.Settled() }

// Hire readies n workers' scratch for a decision; the first worker plays
// with the search's own greedy bot.
func (p *lookBatch) Hire(n int) {
	for len(p.crew) < n {
		w := &lookWorker{greedy: p.greedy}
		w.r = rand.New(&w.pcg)
		if len(p.crew) > 0 {
			w.greedy = NewGreedyBot(p.pack)
		}
		p.crew = append(p.crew, w)
	}
}

// Sample draws k determinizations of the position from the bot's stream,
// in order.
func (p *lookBatch) Sample(k int) {
	for len(p.dets) < k {
		p.dets = append(p.dets, &State{})
	}
	p.seeds = p.seeds[:0]
	for _, d := range p.dets[:k] {
		evs := d.events
		*d = *p.root
		d.events = evs[:0]
		d.Determinize(p.seat, p.r)
		p.seeds = append(p.seeds, p.r.Uint64())
	}
}

// Play has worker w roll move i out on the batch's sample s and returns
// the seat's share of the win.
func (p *lookBatch) Play(w, s, i int) float64 {
	wk := p.crew[w]
	wk.cur = *p.dets[s]
	wk.cur.events = wk.evs[:0]
	// Each move breaks its ties by a stream of its own: one stream for
	// all the moves of a sample lost to the greedy bot (docs/bots.md).
	wk.pcg.Seed(p.seeds[s], uint64(i)+1)
	v := wk.rollout(&wk.cur, p.seat, p.legal[i])
	wk.evs = wk.cur.events[:0]
	return v
}

// rollout makes m for seat on c, plays on to the end, the first rounds
// as the greedy bot does and the rest by the quick rules, and returns
// seat's share of the win.
func (b *lookWorker) rollout(c *State, seat engine.Seat, m engine.Move) float64 {
	if _, err := c.Apply(seat, m); err != nil {
		return 0
	}
	start := c.turns
	// The turn cap ends every game; the bound only guards against a bug.
	for range 100000 {
		if c.phase == phOver {
			break
		}
		p := c.decider
		mv, err := b.next(c, p, start)
		if err != nil {
			break
		}
		if _, err := c.Apply(p, mv); err != nil {
			break
		}
	}
	b.ev = c.Evaluate(b.ev[:0])
	return b.ev[seat]
}

// next is p's move in a rollout that began at turn start: the greedy
// bot's for greedyRounds rounds of turns, then the quick rules' (the
// greedy bot's where they have none).
func (b *lookWorker) next(c *State, p engine.Seat, start int16) (engine.Move, error) {
	if int(c.turns-start) >= greedyRounds*int(c.seats) {
		if m, ok := c.PlayoutMove(p, b.r); ok {
			return m, nil
		}
	}
	return b.greedy.Choose(c, p, nil)
}
