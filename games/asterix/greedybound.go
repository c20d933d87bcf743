package asterix

import (
	"math"
	"math/bits"

	"stolik/engine"
)

// changeBound is a score option C cannot beat from s, where the bot is
// to choose its action and knows its whole hand: every plan leaves the
// table as s has it (t, the table's part of s's score, is every plan's),
// keeps some of the hand's cards and draws unseen ones up to five, so a
// plan scores at most the table's part, the most its hand can be worth,
// and each Album's part with the likeliest capture its hand could hold.
// It reports false where a plan could draw from the generator (the deck
// runs short: ChooseSampling must see the reshuffle) or end the game (the
// turn cap), or the hand is too large to list.
func (b *GreedyBot) changeBound(s *State, t *tableScore) (float64, bool) {
	me := b.me
	if int(s.deckN) < handTarget || (s.rules.turnCap > 0 && s.turns >= s.rules.turnCap) {
		return 0, false
	}
	var w [maxLetGo]float64
	var card [maxLetGo]uint8
	n := 0
	pk := s.pack
	for k, bits64 := range s.hands[me] {
		for ; bits64 != 0; bits64 &= bits64 - 1 {
			if n == maxLetGo {
				return 0, false
			}
			i := uint8(k*64 + bits.TrailingZeros64(bits64))
			card[n], w[n] = i, idleCard
			if t.takes[pk.iCol[i]] {
				w[n] = knownWorth(pk, i)
			}
			n++
		}
	}
	// The hand: a plan keeping kept cards keeps at most the kept most
	// worth, and draws the rest up to five.
	sorted := w
	for a := 1; a < n; a++ {
		for c := a; c > 0 && sorted[c] > sorted[c-1]; c-- {
			sorted[c], sorted[c-1] = sorted[c-1], sorted[c]
		}
	}
	most, sum := math.Inf(-1), 0.0
	for kept := 0; kept <= n; kept++ {
		if kept > 0 {
			sum += sorted[kept-1]
		}
		most = max(most, unknownCard*float64(max(handTarget-kept, 0))+sum)
	}
	v := t.v + most
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] < 0 {
			continue
		}
		if side := s.sideOf(slot, me); side >= 0 {
			v += b.ownAlbumBound(s, slot, side, t, card[:n], w[:n])
			continue
		}
		v -= t.wq * albumValue * 0.4 * t.albums[slot].threat
	}
	return v, true
}

// ownAlbumBound is the most ownAlbum can give an Album of the bot's on a
// plan's end, whose known cards are some of cards (worth w).
func (b *GreedyBot) ownAlbumBound(s *State, slot, side int, t *tableScore, cards []uint8, w []float64) float64 {
	a, wq, kr := &t.albums[slot], t.wq, t.kr
	mine, theirs, prize, pOpp := a.mine, a.theirs, a.prize, a.threat
	lose := -wq*prize - mine + wq*theirs
	win := prize - mine + wq*theirs // before what the capture uses up
	tk := &s.tokens[b.me]
	var best float64 // the most ready's chance times what the capture wins
	switch {
	case a.gap <= 0:
		best = win
	case a.potion:
		best = win - tokenWorth[Potion][min(tk[Potion], 2)-1]
	default:
		best = 0 // no unseen card closes the gap
		for k, i := range cards {
			// A card with a requirement may be playable on a smaller hand.
			if a.ad.adds(s.pack, i) >= a.gap && (s.pack.iReq.has(i) || s.playable(b.me, i, slot, side) == legal) {
				best = max(best, win-w[k])
			}
		}
		if a.revive {
			best = max(best, 0.9*(win-tokenWorth[Boar][min(tk[Boar], 2)-1]))
		}
		// handChance grows with the unseen cards, five at most.
		best = max(best, b.handChance(s, slot, side, handTarget, a.gap)*(win-unknownCard))
	}
	return mine - wq*theirs + pOpp*lose + (1-pOpp)*kr*best
}

// plainPlay reports whether the play m, made on c from the top's position
// s, changed nothing the table's part of a score reads but its own Album:
// no requirement was paid, no ability offered, nothing captured, the game
// goes on with the next turn, and the card is no hero with other copies
// (whether a knocked-out copy elsewhere can be revived reads it).
func (b *GreedyBot) plainPlay(s, c *State, m engine.Move) bool {
	_, i, _ := unmv(m)
	if c.phase != phAction || c.decider == b.me || c.capN != 0 || s.capN > s.capI+1 || s.pack.iReq.has(i) {
		return false
	}
	if _, n := s.pack.copies(i); s.pack.iType[i] == Hero && n > 1 {
		return false
	}
	return true
}

// scorePlay scores c, the position a plain play m left (plainPlay): the
// table's part is the top position's (baseTable) with the part of the
// Album played on worked out again; every other part reads what it read
// there (TestGreedyScoresPlainPlaysAsWhole).
func (b *GreedyBot) scorePlay(s, c *State, m engine.Move) float64 {
	_, _, slot := unmv(m)
	t := *b.baseTable(s)
	b.albumPart(c, int(slot), &t)
	return b.withHand(c, &t)
}

// baseTable is the table's part of the score of the top's position s,
// worked out once a decision.
func (b *GreedyBot) baseTable(s *State) *tableScore {
	if !b.based {
		b.base = tableScore{}
		b.table(s, &b.base)
		b.based = true
	}
	return &b.base
}
