package asterix

import (
	"math"

	"stolik/engine"
)

// follow is what a decision worked out of the bot's next ones. Looking
// ahead at option C, the bot scores every plan of letting its worst cards
// go one by one; when it then takes option C, each step of it reads those
// same plans (the table, the deck and the cards it knows are the same:
// the cards it lets go leave its hand, and no plan recorded drew from the
// generator). Where the position asked about is the one the last step
// left (samePosition), the step is read from the plans instead of being
// worked out again.
//
// Playing a card whose ability the bot then decides on is the same: the
// look-ahead chose the ability's use on the position the play leaves,
// with the same moves and the same scores, where it neither stopped at
// greedyDepth (the top looks one step further) nor drew from the
// generator, and no card the play took from the hand came back to it
// (the bot then knows the hand it holds, not the one it held).
type follow struct {
	ok      bool // next holds the position the last choice left
	planned bool // plans hold this decision's option C, recorded whole
	seat    engine.Seat
	at      int // the cards let go since option C was taken
	plans   planChain
	use     engine.Move // where next is a play's: its ability's use
}

// planChain is option C's plans as change scores them below the top: v[k]
// is the score of ending after letting k cards go (ok[k]: ending there is
// legal), let[k] the card let go before plan k.
type planChain struct {
	n   int // -1: nothing recorded, or more plans than it holds
	v   [maxLetGo + 1]float64
	ok  [maxLetGo + 1]bool
	let [maxLetGo + 1]uint8
}

// add records the next plan's score; on a nil chain it does nothing.
func (p *planChain) add(v float64, ok bool) {
	if p == nil || p.n < 0 {
		return
	}
	if p.n == len(p.v) {
		p.n = -1
		return
	}
	p.v[p.n], p.ok[p.n] = v, ok
	p.n++
}

// letGo records the card let go before the next plan.
func (p *planChain) letGo(i uint8) {
	if p != nil && p.n >= 0 && p.n < len(p.let) {
		p.let[p.n] = i
	}
}

// evalChange scores option C on c, a copy of the position s (eval), and
// records its plans for follow: the plans are recorded whole only where
// none of them drew from the generator. Where option C cannot beat the
// best move so far (changeBound), it is not played out: a score below
// the best, which came first, changes neither the choice nor the draws.
func (b *GreedyBot) evalChange(s, c *State) float64 {
	if ub, ok := b.changeBound(s, b.baseTable(s)); ok && ub+boundSlack < b.bar {
		b.follow.planned = false
		return math.Inf(-1)
	}
	peeked := b.peeked
	b.peeked = false
	b.follow.plans.n = 0
	b.chain = &b.follow.plans
	c.apply(b.me, mv(mChange, 0, 0))
	v := b.settle(c, 0)
	b.chain = nil
	b.peeked = b.peeked || c.rng != b.rng
	b.follow.planned = !b.peeked && b.follow.plans.n > 0
	b.peeked = b.peeked || peeked
	return v
}

// evalAbility scores a play on c, after which the bot decides on the
// card's ability, and records the use it chose for follow.
func (b *GreedyBot) evalAbility(c *State, m engine.Move) float64 {
	peeked := b.peeked
	b.watch = b.root
	b.watch.andNot(&c.hands[b.me])
	b.peeked, b.cut, b.seen, b.watching = false, false, false, true
	b.sub, b.subMove = true, 0
	v := b.settle(c, 0)
	b.sub, b.watching = false, false
	b.peeked = b.peeked || c.rng != b.rng
	if use := b.subMove; !b.peeked && !b.cut && !b.seen && use != 0 {
		b.plays = append(b.plays, m)
		b.uses = append(b.uses, use)
	}
	b.peeked = b.peeked || peeked
	return v
}

// followUp keeps, after the bot chose m on s at the top, the position m
// leaves where the bot's next steps can be read from the plans.
func (b *GreedyBot) followUp(s *State, m engine.Move) {
	f := &b.follow
	f.ok, f.use = false, 0
	if s.phase != phAction {
		return
	}
	if uint8(m) == mPlay {
		for k, p := range b.plays {
			if p == m {
				f.use = b.uses[k]
			}
		}
	}
	if f.use == 0 && (m != mv(mChange, 0, 0) || !f.planned) {
		return
	}
	n := &b.next
	*n = *s
	n.events, n.quiet = nil, true
	n.apply(b.me, m)
	f.ok, f.seat, f.at = true, b.me, 0
}

// followed is change's step at the top read from the plans, where s is
// the position the last step left and seat the same seat.
func (b *GreedyBot) followed(s *State, seat engine.Seat) (engine.Move, bool) {
	f := &b.follow
	if !f.ok {
		return 0, false
	}
	f.ok = false
	if seat != f.seat || !samePosition(s, &b.next) {
		return 0, false
	}
	if f.use != 0 { // (s.phase is phAbility: next is a play's)
		return f.use, true
	}
	// As change decides at the top: the first plan is stopping now; a
	// later one that scores more makes letting the worst card go the step.
	p, j := &f.plans, f.at
	best, bestV := mv(mDone, 0, 0), math.Inf(-1)
	for k := j; k < p.n; k++ {
		if p.ok[k] && p.v[k] > bestV {
			bestV = p.v[k]
			if k > j {
				best = mv(mDiscard, p.let[j+1], 0)
			}
		}
	}
	if best != mv(mDone, 0, 0) {
		b.next.apply(seat, best)
		f.at++
		f.ok = true
	}
	return best, true
}

// samePosition reports whether a and b are the same position: every
// field but the events, whether they are kept, what Legal left for Apply
// (bCache, playsOK, plays) and what Pending last answered (pend), which
// are no part of it.
func samePosition(a, b *State) bool {
	return a.pack == b.pack && a.rules == b.rules && a.seats == b.seats &&
		a.active == b.active && a.decider == b.decider && a.phase == b.phase && a.turns == b.turns &&
		a.slotAlbum == b.slotAlbum && a.slotRule == b.slotRule && a.slotThr == b.slotThr &&
		a.slotSeat == b.slotSeat && a.colour == b.colour && a.halves == b.halves && a.tot == b.tot &&
		a.on == b.on && a.nslots == b.nslots && a.ko == b.ko && a.potion == b.potion &&
		a.placed == b.placed && a.clock == b.clock && a.hands == b.hands && a.known == b.known &&
		a.deck == b.deck && a.deckN == b.deckN && a.epoch == b.epoch && a.epochN == b.epochN &&
		a.discard == b.discard && a.discardN == b.discardN && a.albums == b.albums && a.albumsN == b.albumsN &&
		a.tokens == b.tokens && a.helmets == b.helmets && a.won == b.won && a.supplyT == b.supplyT &&
		a.supplyH == b.supplyH && a.ctx == b.ctx && a.capQ == b.capQ && a.capSide == b.capSide &&
		a.capN == b.capN && a.capI == b.capI && a.capWinner == b.capWinner && a.capLoser == b.capLoser &&
		a.capSlot == b.capSlot && a.lastWinner == b.lastWinner && a.winners == b.winners && a.rng == b.rng
}

// boundSlack is more than the rounding of a score's sums can make of it.
const boundSlack = 1e-6
