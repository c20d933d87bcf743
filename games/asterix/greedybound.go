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

// scoreTokenUse scores c, the position a potion, fish or boar of the bot
// left where the turn passed with nothing captured, from base, the
// table's part of a position that differs from c's before the token only
// in the bot's hand and the deck (the top's, or, below option B, the
// position before the card drawn), which the table's part does not read.
// The token changes the players' part and its card's Album; the bot's
// other Albums read its tokens only as whether it holds a potion or a
// boar: where it used its last, no potion (or revived card) of its can
// close their gaps. It reports false where a hero with other copies is
// knocked out or revived (whether another copy can be revived reads it)
// (TestGreedyScoresTokenUsesAsWhole).
func (b *GreedyBot) scoreTokenUse(c *State, m engine.Move, base *tableScore) (float64, bool) {
	k, a, _ := unmv(m)
	if k != mPotion && k != mFish && k != mRevive {
		return 0, false
	}
	if c.phase != phAction || c.decider == b.me || c.capN != 0 {
		return 0, false
	}
	if _, n := c.pack.copies(a); k != mPotion && c.pack.iType[a] == Hero && n > 1 {
		return 0, false
	}
	slot, _, ok := c.locate(a)
	if !ok {
		return 0, false
	}
	t := *base
	b.tableV(c, &t)
	b.albumPart(c, slot, &t)
	tk := &c.tokens[b.me]
	lastPotion, lastBoar := k == mPotion && tk[Potion] == 0, k == mRevive && tk[Boar] == 0
	if lastPotion || lastBoar {
		for o := 0; o < int(c.nslots); o++ {
			if o == slot || c.sideOf(o, b.me) < 0 {
				continue
			}
			if lastPotion {
				t.albums[o].potion = false
			} else {
				t.albums[o].revive = false
			}
		}
	}
	return b.withHand(c, &t), true
}
