package asterix

import (
	"math/bits"

	"stolik/engine"
)

// Move kinds. A move is kind | a<<8 | b<<16: a is a card instance, b a
// slot, helmet, token or colour.
const (
	mPlay     uint8 = iota + 1 // A) play card a on your half of slot b
	mDraw                      // B) draw a card, then use a token
	mChange                    // C) change cards
	mPotion                    // put a potion on card a
	mFish                      // knock card a out with a fish
	mRevive                    // revive card a with a boar
	mActivate                  // activate with a boar the last card placed on your half of slot b
	mDiscard                   // discard card a from hand
	mDone                      // stop discarding (option C)
	mHelmet                    // return a helmet of kind b (a cost)
	mUse                       // use the ability (no target)
	mTarget                    // use the ability on card a
	mSkip                      // do not use the ability
	mTake                      // take an Advantage token of kind b
	mOrient                    // turn the new Album: colour b faces you
	numMoveKinds
)

func mv(k, a, b uint8) engine.Move {
	return engine.Move(k) | engine.Move(a)<<8 | engine.Move(b)<<16
}

func unmv(m engine.Move) (k, a, b uint8) {
	if m>>24 != 0 {
		return 0, 0, 0
	}
	return uint8(m), uint8(m >> 8), uint8(m >> 16)
}

// why is the reason a move is refused (0: it is legal).
type why uint8

const (
	legal why = iota
	wPhase
	wNotHand
	wNoAlbum
	wNotAdjacent
	wColour
	wHero
	wRequirement
	wForbids
	wHalfFull
	wNoToken
	wTarget
	wBNeedsToken
	wCannotTake
	wNoHelmet
	wIllegal
)

// Legal lists p's legal moves.
func (s *State) Legal(p engine.Seat, dst []engine.Move) []engine.Move {
	if s.phase == phOver || p != s.decider {
		return dst
	}
	switch s.phase {
	case phAction:
		dst = s.playMoves(p, dst)
		if s.optionB(p) {
			dst = append(dst, mv(mDraw, 0, 0))
		}
		dst = append(dst, mv(mChange, 0, 0))
	case phToken:
		dst = s.tokenMoves(p, dst)
	case phChange, phCostDiscard, phAbilityDiscard, phOppDiscard:
		for k, w := range s.hands[p] {
			for ; w != 0; w &= w - 1 {
				dst = append(dst, mv(mDiscard, uint8(k*64+bits.TrailingZeros64(w)), 0))
			}
		}
		if s.phase == phChange {
			dst = append(dst, mv(mDone, 0, 0))
		}
	case phCostHelmet:
		for h := range 2 {
			if s.helmets[p][h] > 0 {
				dst = append(dst, mv(mHelmet, 0, uint8(h)))
			}
		}
	case phAbility:
		dst = s.abilityMoves(dst)
		dst = append(dst, mv(mSkip, 0, 0))
	case phTake:
		kinds, _ := s.takeable(p)
		for t, ok := range kinds {
			if ok {
				dst = append(dst, mv(mTake, 0, uint8(t)))
			}
		}
	case phOrient:
		dst = append(dst, mv(mOrient, 0, uint8(Blue)), mv(mOrient, 0, uint8(Red)))
	}
	return dst
}

// from is the k-th place counted clockwise from p's left Album: moves are
// listed in an order that is the same for every seat, so that a bot's ties
// favour no seat.
func (s *State) from(p engine.Seat, k int) int {
	x := int(p) + k // p and k are below nslots, or p is 1 of 2
	for x >= int(s.nslots) {
		x -= int(s.nslots)
	}
	return x
}

// seatSlots lists the Albums in play beside p, in the order of from, with
// p's side of each: with 2 players both places (p's side is p's number),
// with 3 or 4 the place between p and the left neighbour (side 0) and the
// one between the right neighbour and p (side 1), as seatsOfSlot sets them.
func (s *State) seatSlots(p engine.Seat) (slots, sides [2]int8, n int) {
	a, b := int8(p), int8(p)-1
	sa, sb := int8(0), int8(1)
	if s.seats == 2 {
		b, sa, sb = 1-int8(p), int8(p), int8(p)
	} else if b < 0 {
		b += s.seats
	}
	if s.slotAlbum[a] >= 0 {
		slots[n], sides[n] = a, sa
		n++
	}
	if s.slotAlbum[b] >= 0 {
		slots[n], sides[n] = b, sb
		n++
	}
	return
}

// playMoves lists p's legal plays (action A), Album by Album. It works on
// card sets, so that random hands cost few unpredictable branches.
func (s *State) playMoves(p engine.Seat, dst []engine.Move) []engine.Move {
	pk := s.pack
	hand := s.hands[p]
	// Heroes with another copy face up may not be played.
	heroes := hand
	heroes.and(&pk.iMany)
	heroes.and(&pk.heroes)
	if !heroes.empty() {
		vis := s.board()
		vis.andNot(&s.ko)
		for _, i := range heroes.list(make([]uint8, 0, 8)) {
			first, n := pk.copies(i)
			for c := first; c < first+n; c++ {
				if c != i && vis.has(c) {
					hand.clear(i)
				}
			}
		}
	}
	// Requirements of helmets and discards do not depend on the Album:
	// the cards that cannot pay them leave the hand once.
	req := hand
	req.and(&pk.iReq)
	var needs instSet // cards that also need a Character on the half
	if !req.empty() {
		helmets, handN := int(s.helmets[p][0])+int(s.helmets[p][1]), s.hands[p].count()
		for k, w := range req {
			for ; w != 0; w &= w - 1 {
				i := uint8(k*64 + bits.TrailingZeros64(w))
				r := &s.char(i).Requirement
				switch {
				case int(r.RemoveHelmets) > helmets || int(r.DiscardCards) > handN-1:
					hand.clear(i)
				case r.NeedsOnHalf != nil:
					needs.set(i)
				}
			}
		}
	}
	s.playsOK = 0
	own, sides, n := s.seatSlots(p)
	for k := range n {
		slot, side := int(own[k]), int(sides[k])
		t := hand
		t.and(&pk.colourOK[s.colour[slot][side]])
		s.admitted(slot, side, &t)
		if !needs.empty() {
			n := t
			n.and(&needs)
			for k, w := range n {
				for ; w != 0; w &= w - 1 {
					if i := uint8(k*64 + bits.TrailingZeros64(w)); s.requirementUnmet(p, i, slot, side) {
						t.clear(i)
					}
				}
			}
		}
		s.plays[slot] = t
		s.playsOK |= 1 << slot
		for k, w := range t {
			for ; w != 0; w &= w - 1 {
				dst = append(dst, mv(mPlay, uint8(k*64+bits.TrailingZeros64(w)), uint8(slot)))
			}
		}
	}
	return dst
}

// canPlay checks action A: card i onto p's half of slot.
func (s *State) canPlay(p engine.Seat, i uint8, slot int) why {
	if int(i) >= len(s.pack.Instances) || !s.hands[p].has(i) {
		return wNotHand
	}
	if slot < 0 || slot >= int(s.nslots) || s.slotAlbum[slot] < 0 {
		return wNoAlbum
	}
	side := s.sideOf(slot, p)
	if side < 0 {
		return wNotAdjacent
	}
	return s.playable(p, i, slot, side)
}

// playable checks action A for a card in p's hand onto p's half of slot.
func (s *State) playable(p engine.Seat, i uint8, slot, side int) why {
	if col := s.pack.iCol[i]; col != Purple && col != s.colour[slot][side] {
		return wColour
	}
	if s.pack.iType[i] == Hero && s.otherCopyVisible(i) {
		return wHero
	}
	if w := s.admits(slot, side, i); w != legal {
		return w
	}
	if s.pack.iReq.has(i) && s.requirementUnmet(p, i, slot, side) {
		return wRequirement
	}
	return legal
}

// requirementUnmet: p cannot meet card i's special requirement on that half.
func (s *State) requirementUnmet(p engine.Seat, i uint8, slot, side int) bool {
	r := &s.char(i).Requirement
	if int(r.RemoveHelmets) > int(s.helmets[p][0])+int(s.helmets[p][1]) ||
		int(r.DiscardCards) > s.hands[p].count()-1 {
		return true
	}
	if r.NeedsOnHalf != nil {
		found := false
		h := &s.halves[slot][side]
		for _, x := range h.cards[:h.n] {
			if !s.ko.has(x) && s.matches(r.NeedsOnHalf, x) {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// admitted removes from t the cards admits refuses on a half, set by set.
func (s *State) admitted(slot, side int, t *instSet) {
	h := &s.halves[slot][side]
	if h.n >= maxHalf {
		*t = instSet{}
		return
	}
	r := s.slotRule[slot]
	if r == NoRule {
		return
	}
	a := s.album(slot)
	pk := s.pack
	switch r {
	case RuleNoType:
		if a.Type < numTypes {
			t.andNot(&pk.ofType[a.Type])
		}
	case RuleNoNeutral:
		t.andNot(&pk.neutrals)
	case RuleMaxPerSide:
		if int(h.n) >= int(a.N) {
			*t = instSet{}
		}
	case RuleMaxNeutralPerSide:
		n := 0
		for _, x := range h.cards[:h.n] {
			if pk.iCol[x] == Purple {
				n++
			}
		}
		if n >= int(a.N) {
			t.andNot(&pk.neutrals)
		}
	}
}

// admits checks whether card i may arrive (by play or summon) on a half:
// room and the Album's rule.
func (s *State) admits(slot, side int, i uint8) why {
	h := &s.halves[slot][side]
	if h.n >= maxHalf {
		return wHalfFull
	}
	r := s.slotRule[slot]
	if r == NoRule {
		return legal
	}
	a := s.album(slot)
	switch r {
	case RuleNoType:
		if s.pack.iType[i] == a.Type {
			return wForbids
		}
	case RuleNoNeutral:
		if s.pack.iCol[i] == Purple {
			return wForbids
		}
	case RuleMaxPerSide:
		if int(h.n) >= int(a.N) {
			return wForbids
		}
	case RuleMaxNeutralPerSide:
		if s.pack.iCol[i] == Purple {
			n := 0
			for _, x := range h.cards[:h.n] {
				if s.pack.iCol[x] == Purple {
					n++
				}
			}
			if n >= int(a.N) {
				return wForbids
			}
		}
	}
	return legal
}

// matches reports whether card i satisfies a selector's colour and type.
func (s *State) matches(sel *Selector, i uint8) bool {
	c := s.char(i)
	if sel.Colours != 0 && sel.Colours&(1<<c.Colour) == 0 {
		return false
	}
	if sel.Types != 0 && sel.Types&(1<<c.Type) == 0 {
		return false
	}
	return true
}

// optionB: p holds a token with a legal use (AX-A9), or the variant allows
// drawing only.
func (s *State) optionB(p engine.Seat) bool {
	if s.rules.drawOnlyB {
		return true
	}
	// Cached until the next move: Legal and Apply both ask.
	if s.bCache == 0 {
		s.bCache = 1
		if s.anyTokenUse(p) {
			s.bCache = 2
		}
	}
	return s.bCache == 2
}

func (s *State) anyTokenUse(p engine.Seat) bool {
	tk := &s.tokens[p]
	if *tk == [3]int8{} {
		return false
	}
	pk := s.pack
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] < 0 || !s.reach(p, slot) {
			continue
		}
		on := s.on[slot][0]
		on.or(&s.on[slot][1])
		if on.empty() {
			continue
		}
		r := s.rule(slot)
		up := on // the face-up cards without a potion
		up.andNot(&s.ko)
		up.andNot(&s.potion)
		if tk[Potion] > 0 && r != RuleNoPotion {
			t := up
			t.andNot(&pk.noPotion)
			if !t.empty() {
				return true
			}
		}
		if tk[Fish] > 0 && r != RuleNoFish && r != RuleNoKnockOut {
			t := up
			t.andNot(&pk.noFish)
			if !t.empty() {
				return true
			}
		}
		if tk[Boar] > 0 && r != RuleNoBoar {
			for side := 0; side < 2; side++ {
				if !s.rules.reviveAny && s.slotSeat[slot][side] != p {
					continue
				}
				t := s.on[slot][side]
				t.and(&s.ko)
				for k, w := range t {
					for ; w != 0; w &= w - 1 {
						if i := uint8(k*64 + bits.TrailingZeros64(w)); pk.iType[i] != Hero || !s.otherCopyVisible(i) {
							return true
						}
					}
				}
			}
		}
	}
	if tk[Boar] > 0 {
		own, _, n := s.seatSlots(p)
		for _, slot := range own[:n] {
			if s.canActivate(p, int(slot)) == legal {
				return true
			}
		}
	}
	return false
}

// eachBoard calls f for every card on an Album until f returns false.
func (s *State) eachBoard(f func(i uint8, slot, side int) bool) {
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] < 0 {
			continue
		}
		for side := 0; side < 2; side++ {
			h := &s.halves[slot][side]
			for _, x := range h.cards[:h.n] {
				if !f(x, slot, side) {
					return
				}
			}
		}
	}
}

func (s *State) tokenMoves(p engine.Seat, dst []engine.Move) []engine.Move {
	tk := &s.tokens[p]
	pk := s.pack
	for k := 0; k < int(s.nslots); k++ {
		slot := s.from(p, k)
		if s.slotAlbum[slot] < 0 || !s.reach(p, slot) {
			continue
		}
		r := s.rule(slot)
		for side := 0; side < 2; side++ {
			on := &s.on[slot][side]
			if on.empty() {
				continue
			}
			up := *on // the face-up cards without a potion
			up.andNot(&s.ko)
			up.andNot(&s.potion)
			if tk[Potion] > 0 && r != RuleNoPotion {
				t := up
				t.andNot(&pk.noPotion)
				dst = appendMoves(dst, mPotion, &t)
			}
			if tk[Fish] > 0 && r != RuleNoFish && r != RuleNoKnockOut {
				t := up
				t.andNot(&pk.noFish)
				dst = appendMoves(dst, mFish, &t)
			}
			if tk[Boar] > 0 && r != RuleNoBoar && (s.rules.reviveAny || s.slotSeat[slot][side] == p) {
				t := *on
				t.and(&s.ko)
				for k, w := range t {
					for ; w != 0; w &= w - 1 {
						if i := uint8(k*64 + bits.TrailingZeros64(w)); pk.iType[i] != Hero || !s.otherCopyVisible(i) {
							dst = append(dst, mv(mRevive, i, 0))
						}
					}
				}
			}
		}
	}
	if tk[Boar] > 0 {
		own, _, n := s.seatSlots(p) // a boar activates only on p's own halves
		for _, slot := range own[:n] {
			if s.canActivate(p, int(slot)) == legal {
				dst = append(dst, mv(mActivate, 0, uint8(slot)))
			}
		}
	}
	return dst
}

// appendMoves appends a move of kind k on every card of t, in card order.
func appendMoves(dst []engine.Move, k uint8, t *instSet) []engine.Move {
	for j, w := range t {
		for ; w != 0; w &= w - 1 {
			dst = append(dst, mv(k, uint8(j*64+bits.TrailingZeros64(w)), 0))
		}
	}
	return dst
}

// reach: AX-A10, potion, fish and revive on any Album unless the variant
// limits them to p's Albums.
func (s *State) reach(p engine.Seat, slot int) bool {
	return !s.rules.adjacentReach || s.sideOf(slot, p) >= 0
}

func (s *State) canPotion(p engine.Seat, i uint8, slot int) why {
	if s.tokens[p][Potion] == 0 {
		return wNoToken
	}
	if s.ko.has(i) || s.potion.has(i) || s.char(i).Passive&PassiveNoPotion != 0 || !s.reach(p, slot) {
		return wTarget
	}
	if s.rule(slot) == RuleNoPotion {
		return wForbids
	}
	return legal
}

func (s *State) canFish(p engine.Seat, i uint8, slot int) why {
	if s.tokens[p][Fish] == 0 {
		return wNoToken
	}
	if r := s.rule(slot); (r == RuleNoFish || r == RuleNoKnockOut) && !s.ko.has(i) {
		return wForbids
	}
	if !s.knockable(i, slot) || s.char(i).Passive&PassiveNoFish != 0 || !s.reach(p, slot) {
		return wTarget
	}
	return legal
}

// knockable: a visible Character that may be knocked out.
func (s *State) knockable(i uint8, slot int) bool {
	return !s.ko.has(i) && !s.potion.has(i) && s.char(i).Passive&PassiveNoKnockOut == 0 && s.rule(slot) != RuleNoKnockOut
}

func (s *State) canRevive(p engine.Seat, i uint8, slot, side int) why {
	if s.tokens[p][Boar] == 0 {
		return wNoToken
	}
	if !s.ko.has(i) || !s.reach(p, slot) || (!s.rules.reviveAny && s.slotSeat[slot][side] != p) {
		return wTarget
	}
	if s.char(i).Type == Hero && s.otherCopyVisible(i) {
		return wHero
	}
	if s.rule(slot) == RuleNoBoar {
		return wForbids
	}
	return legal
}

// lastPlaced is the visible Character most recently put on a half (AX-A14), or -1.
func (s *State) lastPlaced(slot, side int) int {
	h := &s.halves[slot][side]
	best, at := -1, uint16(0)
	for _, x := range h.cards[:h.n] {
		if !s.ko.has(x) && (best < 0 || s.placed[x] > at) {
			best, at = int(x), s.placed[x]
		}
	}
	return best
}

func (s *State) canActivate(p engine.Seat, slot int) why {
	if s.tokens[p][Boar] == 0 {
		return wNoToken
	}
	if slot < 0 || slot >= int(s.nslots) || s.slotAlbum[slot] < 0 {
		return wNoAlbum
	}
	side := s.sideOf(slot, p)
	if side < 0 {
		return wNotAdjacent
	}
	if r := s.rule(slot); r == RuleNoBoar || r == RuleNoAbilities {
		return wForbids
	}
	last := s.lastPlaced(slot, side)
	if last < 0 || s.char(uint8(last)).Ability.Effect == NoEffect {
		return wTarget
	}
	return legal
}

// check says why p may not make move m now (legal when it may).
func (s *State) check(p engine.Seat, m engine.Move) why {
	k, a, b := unmv(m)
	if k == 0 || k >= numMoveKinds {
		return wIllegal
	}
	// Only the canonical encoding is a move: no stray card or number.
	usesA := k == mPlay || k == mPotion || k == mFish || k == mRevive || k == mDiscard || k == mTarget
	usesB := k == mPlay || k == mActivate || k == mHelmet || k == mTake || k == mOrient
	if (!usesA && a != 0) || (!usesB && b != 0) {
		return wIllegal
	}
	if int(a) >= len(s.pack.Instances) && (k == mPlay || k == mPotion || k == mFish || k == mRevive || k == mDiscard || k == mTarget) {
		return wNotHand
	}
	onBoard := func() (int, int, bool) {
		slot, side, ok := s.locate(a)
		return slot, side, ok
	}
	switch s.phase {
	case phAction:
		switch k {
		case mPlay:
			if b < maxSlots && s.playsOK&(1<<b) != 0 && s.plays[b].has(a) {
				return legal
			}
			return s.canPlay(p, a, int(b))
		case mDraw:
			if !s.optionB(p) {
				return wBNeedsToken
			}
			return legal
		case mChange:
			return legal
		}
	case phToken:
		switch k {
		case mPotion, mFish, mRevive:
			slot, side, ok := onBoard()
			if !ok {
				return wTarget
			}
			switch k {
			case mPotion:
				return s.canPotion(p, a, slot)
			case mFish:
				return s.canFish(p, a, slot)
			}
			return s.canRevive(p, a, slot, side)
		case mActivate:
			return s.canActivate(p, int(b))
		}
	case phChange, phCostDiscard, phAbilityDiscard, phOppDiscard:
		switch {
		case k == mDiscard && s.hands[p].has(a):
			return legal
		case k == mDiscard:
			return wNotHand
		case k == mDone && s.phase == phChange:
			return legal
		}
	case phCostHelmet:
		if k == mHelmet {
			if b < 2 && s.helmets[p][b] > 0 {
				return legal
			}
			return wNoHelmet
		}
	case phAbility:
		switch k {
		case mSkip:
			return legal
		case mUse, mTarget, mTake:
			if s.abilityAllows(k, a, b) {
				return legal
			}
			if ab := s.ability(); k == mTake && ab.Effect == GainToken && ab.Token == TokenChoice {
				return wCannotTake // a kind held twice or gone from the supply, not a card target
			}
			return wTarget
		}
	case phTake:
		if k == mTake {
			if b < 3 {
				if kinds, _ := s.takeable(p); kinds[b] {
					return legal
				}
			}
			return wCannotTake
		}
	case phOrient:
		if k == mOrient && (b == uint8(Blue) || b == uint8(Red)) {
			return legal
		}
	}
	return wPhase
}

// Apply makes p's move; on a refusal the state is unchanged.
func (s *State) Apply(p engine.Seat, m engine.Move) ([]engine.Event, error) {
	if s.phase == phOver {
		return nil, engine.ErrGameOver.Err()
	}
	if err := engine.CheckSeat(p, int(s.seats), s.Pending()); err != nil {
		return nil, err
	}
	if w := s.check(p, m); w != legal {
		return nil, s.refusal(w, m)
	}
	s.apply(p, m)
	return s.events, nil
}

// apply makes p's move, which check found legal: the greedy bot's
// look-ahead makes the moves Legal lists without asking again.
func (s *State) apply(p engine.Seat, m engine.Move) {
	s.events = s.events[:0]
	s.bCache, s.playsOK = 0, 0
	k, a, b := unmv(m)
	switch k {
	case mPlay:
		s.startPlay(p, a, int(b))
	case mDraw:
		// check found a token use (AX-A9), and a draw changes neither the
		// tokens nor the Albums; only the draw_only variant asks again.
		s.draw(p, 1)
		if !s.rules.drawOnlyB || s.anyTokenUse(p) {
			s.phase = phToken
		} else {
			s.afterAction()
		}
	case mChange:
		s.phase = phChange
	case mPotion, mFish, mRevive, mActivate:
		s.useToken(p, k, a, b)
	case mDiscard:
		s.discardFromHand(p, a)
	case mDone:
		if n := s.hands[p].count(); n < handTarget {
			s.draw(p, handTarget-n)
		}
		s.afterAction()
	case mHelmet:
		s.helmets[p][b]--
		s.supplyH[b]++
		s.emit(engine.Event{Kind: EvLostHelmet, Seat: p, Card: -1, A: int32(b)})
		s.ctx.payLeft--
		s.payNext()
	case mSkip:
		s.emit(engine.Event{Kind: EvAbilitySkipped, Seat: p, Card: int16(s.ctx.inst)})
		s.afterAction()
	case mUse, mTarget:
		s.useAbility(a)
	case mTake:
		s.takeToken(p, Token(b))
	case mOrient:
		s.orient(Colour(b))
	}
}

// useToken spends p's token as move kind k says: a potion on card a, a
// fish knocking a out, a boar reviving a or activating the card placed
// last on p's side of the Album in place b.
func (s *State) useToken(p engine.Seat, k, a, b uint8) {
	switch k {
	case mPotion:
		s.tokens[p][Potion]--
		s.potion.set(a)
		s.emit(engine.Event{Kind: EvUsedToken, Seat: p, Card: int16(a), A: int32(Potion)})
		s.retotalAt(a)
		s.afterAction()
	case mFish:
		s.tokens[p][Fish]--
		s.supplyT[Fish]++
		s.ko.set(a)
		s.emit(engine.Event{Kind: EvUsedToken, Seat: p, Card: int16(a), A: int32(Fish)})
		s.retotalAt(a)
		s.afterAction()
	case mRevive:
		s.tokens[p][Boar]--
		s.supplyT[Boar]++
		s.ko.clear(a)
		s.emit(engine.Event{Kind: EvUsedToken, Seat: p, Card: int16(a), A: int32(Boar)})
		s.retotalAt(a)
		s.afterAction()
	case mActivate:
		s.tokens[p][Boar]--
		s.supplyT[Boar]++
		side := s.sideOf(int(b), p)
		last := uint8(s.lastPlaced(int(b), side))
		s.emit(engine.Event{Kind: EvUsedToken, Seat: p, Card: int16(last), A: int32(Boar), B: 1})
		s.ctx.inst, s.ctx.slot, s.ctx.side, s.ctx.who = last, int8(b), int8(side), p
		s.offerAbility()
	}
}

// discardFromHand discards card a of p's hand, to pay a cost or for an
// ability.
func (s *State) discardFromHand(p engine.Seat, a uint8) {
	s.fromHand(p, a)
	s.discard[s.discardN] = a
	s.discardN++
	s.emit(engine.Event{Kind: EvDiscarded, Seat: p, Card: int16(a)})
	switch s.phase {
	case phCostDiscard:
		s.ctx.left--
		s.payNext()
	case phAbilityDiscard, phOppDiscard:
		s.ctx.left--
		if s.ctx.left == 0 || s.hands[p].count() == 0 {
			s.decider = s.ctx.who
			s.draw(s.ctx.who, int(s.ctx.then))
			s.afterAction()
		}
	}
}

// takeToken gives p the Advantage token t it chose, and the game goes on.
func (s *State) takeToken(p engine.Seat, t Token) {
	s.gainToken(p, t)
	switch {
	case s.phase == phAbility:
		s.afterAction()
	case s.ctx.take == takeConsolation:
		s.replace()
	default:
		s.nextCapture()
	}
}

// refusal turns a reason into a rule error naming the move.
func (s *State) refusal(w why, m engine.Move) *engine.RuleError {
	k, a, b := unmv(m)
	card := engine.Text{PL: "?", EN: "?"}
	if int(a) < len(s.pack.Instances) {
		card = s.char(a).Name
	}
	switch w {
	case wNotHand:
		return errNotInHand.Err(card)
	case wNoAlbum:
		return errNoSuchAlbum.Err(int(b))
	case wNotAdjacent:
		return errNotYourAlbum.Err(int(b))
	case wColour:
		side := s.sideOf(int(b), s.decider)
		return errWrongColour.Err(card, halfText[s.colour[b][side]])
	case wHero:
		return errHeroVisible.Err(card)
	case wRequirement:
		return errRequirement.Err(card)
	case wForbids:
		slot := int(b)
		if k != mPlay && k != mActivate {
			slot, _, _ = s.locate(a)
		}
		if slot >= 0 && slot < int(s.nslots) && s.slotAlbum[slot] >= 0 {
			al := s.album(slot)
			return errAlbumForbids.Err(al.Title, al.Text)
		}
		return errIllegalChoice.Err(s.Format(m))
	case wHalfFull:
		return errHalfFull.Err()
	case wNoToken:
		t := Boar
		switch k {
		case mPotion:
			t = Potion
		case mFish:
			t = Fish
		}
		return errNoToken.Err(tokenText[t])
	case wTarget:
		if k != mPotion && k != mFish && k != mRevive && k != mTarget {
			return errIllegalChoice.Err(s.Format(m))
		}
		return errBadTarget.Err(card)
	case wBNeedsToken:
		return errBNeedsToken.Err()
	case wCannotTake:
		if b > 2 {
			return errIllegalChoice.Err(s.Format(m))
		}
		return errCannotTake.Err(tokenText[b])
	case wNoHelmet:
		if b > 1 {
			return errIllegalChoice.Err(s.Format(m))
		}
		return errNoHelmet.Err(helmetKind[b])
	case wPhase:
		return errWrongPhase.Err(phaseText[s.phase])
	}
	return errIllegalChoice.Err(s.Format(m))
}

var phaseText = [...]engine.Text{
	phAction:         {PL: "wybierz akcję: zagraj kartę, dobierz i użyj żetonu albo wymień karty", EN: "choose an action: play a card, draw and use a token, or change cards"},
	phToken:          {PL: "użyj żetonu Korzyści", EN: "use an Advantage token"},
	phChange:         {PL: "odrzuć karty, potem done", EN: "discard cards, then done"},
	phCostDiscard:    {PL: "odrzuć karty, by spełnić wymaganie", EN: "discard cards to pay the requirement"},
	phCostHelmet:     {PL: "oddaj hełm, by spełnić wymaganie", EN: "return a helmet to pay the requirement"},
	phAbility:        {PL: "użyj zdolności albo ją pomiń", EN: "use the ability or skip it"},
	phAbilityDiscard: {PL: "odrzuć karty dla zdolności", EN: "discard cards for the ability"},
	phOppDiscard:     {PL: "odrzuć karty dla zdolności przeciwnika", EN: "discard cards for the opponent's ability"},
	phTake:           {PL: "weź żeton Korzyści", EN: "take an Advantage token"},
	phOrient:         {PL: "obróć nowy Album", EN: "turn the new Album"},
	phOver:           {PL: "gra jest zakończona", EN: "the game is over"},
}

// halfText names a half by colour, as "on a %s half" needs it.
var halfText = [...]engine.Text{Blue: {PL: "niebieskiej", EN: "blue"}, Red: {PL: "czerwonej", EN: "red"}, Purple: {PL: "fioletowej", EN: "purple"}}

var helmetKind = [...]engine.Text{{PL: "legionisty", EN: "legionary"}, {PL: "centuriona", EN: "centurion"}}

// startPlay begins action A: the card leaves the hand, the requirement is paid.
func (s *State) startPlay(p engine.Seat, i uint8, slot int) {
	s.fromHand(p, i)
	c := s.char(i)
	s.ctx.inst, s.ctx.slot, s.ctx.side, s.ctx.who = i, int8(slot), int8(s.sideOf(slot, p)), p
	s.ctx.left, s.ctx.payLeft = c.Requirement.DiscardCards, c.Requirement.RemoveHelmets
	s.ctx.then = 0
	s.payNext()
}

// payNext asks for the next part of the requirement, or places the card.
func (s *State) payNext() {
	switch {
	case s.ctx.left > 0:
		s.phase = phCostDiscard
	case s.ctx.payLeft > 0:
		s.phase = phCostHelmet
	default:
		s.place()
	}
}

// place puts the card being played on its half and offers its ability.
func (s *State) place() {
	i, slot, side := s.ctx.inst, int(s.ctx.slot), int(s.ctx.side)
	s.put(i, slot, side)
	s.tot[slot][side] += int16(s.addsToHalf(i, slot, side))
	s.emit(engine.Event{Kind: EvPlayed, Seat: s.ctx.who, Card: int16(i), A: int32(slot), B: int32(side)})
	if s.rules.instantCheck {
		t := s.threshold(slot)
		if s.total(slot, 0) >= t || s.total(slot, 1) >= t {
			s.afterAction()
			return
		}
	}
	if s.rule(slot) == RuleNoAbilities {
		s.afterAction()
		return
	}
	s.offerAbility()
}

// offerAbility lets the player use the ability of ctx.inst, when it can do something.
func (s *State) offerAbility() {
	if s.char(s.ctx.inst).Ability.Effect == NoEffect || !s.abilityUsable() {
		s.afterAction()
		return
	}
	s.phase = phAbility
	s.decider = s.ctx.who
}

// afterAction runs the capture check (AX-A3) and passes the turn.
func (s *State) afterAction() {
	if s.phase == phOver {
		return
	}
	s.decider = s.active
	s.findCaptures()
	if s.capN > 0 {
		s.capI = -1
		s.nextCapture()
		return
	}
	s.startTurn(s.active + 1)
}

// startTurn gives the turn to seat p (mod the number of seats).
func (s *State) startTurn(p engine.Seat) {
	p = engine.Seat(int(p) % int(s.seats))
	if s.rules.turnCap > 0 && s.turns >= s.rules.turnCap {
		s.finishByRanking()
		return
	}
	s.turns++
	s.active, s.decider, s.phase = p, p, phAction
	s.emit(engine.Event{Kind: EvTurn, Seat: p, Card: -1, A: int32(s.turns)})
}
