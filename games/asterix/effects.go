package asterix

import (
	"math/bits"

	"stolik/engine"
)

// The ability in progress belongs to ctx.inst, lying on ctx.slot/ctx.side,
// used by ctx.who.

func (s *State) ability() *Ability { return &s.char(s.ctx.inst).Ability }

// inScope reports whether a half is within an ability's reach.
func (s *State) inScope(w Where, slot, side int) bool {
	here, own := int(s.ctx.slot), int(s.ctx.side)
	switch w {
	case ThisAlbum:
		return slot == here
	case OppositeHalf:
		return slot == here && side != own
	case OwnHalf:
		return slot == here && side == own
	case Adjacent:
		return s.sideOf(slot, s.ctx.who) >= 0
	case OwnHalves:
		return s.slotSeat[slot][side] == s.ctx.who
	}
	return true
}

// candidate: a card the ability's selector points at, before protection.
func (s *State) candidate(ab *Ability, i uint8, slot, side int) bool {
	if i == s.ctx.inst || !s.inScope(ab.Sel.Where, slot, side) || !s.matches(&ab.Sel, i) {
		return false
	}
	return s.ko.has(i) == (ab.Effect == Revive)
}

// eachCandidate calls f for every candidate of the ability, in card
// order, until f returns false.
func (s *State) eachCandidate(ab *Ability, f func(i uint8, slot, side int) bool) {
	var t instSet
	here, own := int(s.ctx.slot), int(s.ctx.side)
	switch ab.Sel.Where {
	case ThisAlbum:
		t = s.on[here][0]
		t.or(&s.on[here][1])
	case OppositeHalf:
		t = s.on[here][1-own]
	case OwnHalf:
		t = s.on[here][own]
	case Anywhere:
		t = s.board()
	default: // Adjacent, OwnHalves
		for slot := 0; slot < int(s.nslots); slot++ {
			side := s.sideOf(slot, s.ctx.who)
			switch {
			case side < 0:
			case ab.Sel.Where == Adjacent:
				t.or(&s.on[slot][0])
				t.or(&s.on[slot][1])
			default:
				t.or(&s.on[slot][side])
			}
		}
	}
	if ab.Effect == Revive {
		t.and(&s.ko)
	} else {
		t.andNot(&s.ko)
	}
	t.clear(s.ctx.inst)
	if ab.Sel.Colours != 0 || ab.Sel.Types != 0 {
		t.and(s.pack.selector(s.ctx.inst))
	}
	for k, w := range t {
		for ; w != 0; w &= w - 1 {
			i := uint8(k*64 + bits.TrailingZeros64(w))
			var slot, side int
			switch ab.Sel.Where {
			case ThisAlbum:
				slot, side = here, 0
				if !s.on[here][0].has(i) {
					side = 1
				}
			case OppositeHalf:
				slot, side = here, 1-own
			case OwnHalf:
				slot, side = here, own
			default:
				slot, side, _ = s.locate(i)
			}
			if !f(i, slot, side) {
				return
			}
		}
	}
}

// affects: the ability may act on candidate i.
func (s *State) affects(ab *Ability, i uint8, slot, side int) bool {
	switch ab.Effect {
	case KnockOut:
		return s.knockable(i, slot)
	case Eliminate:
		return true
	case Summon:
		to, toSide := int(s.ctx.slot), int(s.ctx.side)
		return !s.potion.has(i) && (slot != to || side != toSide) && s.admits(to, toSide, i) == legal
	case Revive:
		return s.char(i).Type != Hero || !s.otherCopyVisible(i)
	case GivePotion:
		return !s.potion.has(i) && s.char(i).Passive&PassiveNoPotion == 0 && s.rule(slot) != RuleNoPotion && s.supplyT[Potion] > 0
	}
	return false
}

// extreme is the strength a "strongest"/"weakest" pick must have (AX-A24):
// the extreme among all candidates, protected ones included.
func (s *State) extreme(ab *Ability) (int, bool) {
	best, found := 0, false
	s.eachCandidate(ab, func(i uint8, slot, side int) bool {
		v := s.strength(i, slot)
		if !found || (ab.Sel.Pick == PickStrongest && v > best) || (ab.Sel.Pick == PickWeakest && v < best) {
			best, found = v, true
		}
		return true
	})
	return best, found
}

func targeted(e Effect) bool {
	return e == KnockOut || e == Eliminate || e == Summon || e == Revive || e == GivePotion
}

// isTarget reports whether the ability in progress may be used on card i.
func (s *State) isTarget(i uint8) bool {
	ab := s.ability()
	slot, side, ok := s.locate(i)
	if !ok || !s.candidate(ab, i, slot, side) || !s.affects(ab, i, slot, side) {
		return false
	}
	if ab.Sel.Pick != PickAny {
		v, _ := s.extreme(ab)
		return s.strength(i, slot) == v
	}
	return true
}

// opponent is the other player of the Album the ability's card lies on.
func (s *State) opponent() engine.Seat {
	return s.slotSeat[s.ctx.slot][1-s.ctx.side]
}

// abilityMoves lists the ways to use the ability in progress (skip not included).
func (s *State) abilityMoves(dst []engine.Move) []engine.Move { return s.abilityMovesUpTo(dst, 1<<30) }

// abilityUsable reports whether the ability in progress can do anything.
func (s *State) abilityUsable() bool {
	var buf [4]engine.Move
	return len(s.abilityMovesUpTo(buf[:0], 1)) > 0
}

func (s *State) abilityMovesUpTo(dst []engine.Move, limit int) []engine.Move {
	ab := s.ability()
	p := s.ctx.who
	switch ab.Effect {
	case KnockOut, Eliminate, Summon, Revive, GivePotion:
		ext := 0
		if ab.Sel.Pick != PickAny {
			ext, _ = s.extreme(ab)
		}
		s.eachCandidate(ab, func(i uint8, slot, side int) bool {
			if s.affects(ab, i, slot, side) &&
				(ab.Sel.Pick == PickAny || s.strength(i, slot) == ext) {
				dst = append(dst, mv(mTarget, i, 0))
			}
			return len(dst) < limit
		})
	case GainToken:
		kinds, _ := s.takeable(p)
		for t, ok := range kinds {
			if ok && (ab.Token == TokenChoice || ab.Token == Token(t)) {
				if ab.Token == TokenChoice {
					dst = append(dst, mv(mTake, 0, uint8(t)))
				} else {
					dst = append(dst, mv(mUse, 0, 0))
				}
			}
		}
	case GainHelmet:
		if s.supplyH[ab.Helmet] > 0 {
			dst = append(dst, mv(mUse, 0, 0))
		}
	case Draw:
		if s.deckN+s.discardN > 0 {
			dst = append(dst, mv(mUse, 0, 0))
		}
	case DrawDiscardTop:
		if s.discardN > 0 {
			dst = append(dst, mv(mUse, 0, 0))
		}
	case Discard:
		if s.hands[p].count() > 0 || (ab.M > 0 && s.deckN+s.discardN > 0) {
			dst = append(dst, mv(mUse, 0, 0))
		}
	case OpponentDiscards:
		if s.hands[s.opponent()].count() > 0 {
			dst = append(dst, mv(mUse, 0, 0))
		}
	}
	return dst
}

// abilityAllows checks one use of the ability in progress.
func (s *State) abilityAllows(k, a, b uint8) bool {
	ab := s.ability()
	switch {
	case k == mTarget:
		return targeted(ab.Effect) && int(a) < len(s.pack.Instances) && s.isTarget(a)
	case k == mTake:
		if ab.Effect != GainToken || ab.Token != TokenChoice || b > 2 {
			return false
		}
		kinds, _ := s.takeable(s.ctx.who)
		return kinds[b]
	case k == mUse && !targeted(ab.Effect) && !(ab.Effect == GainToken && ab.Token == TokenChoice):
		return s.abilityUsable()
	}
	return false
}

// useAbility carries the ability out (on target a when it takes one).
func (s *State) useAbility(a uint8) {
	ab := s.ability()
	p := s.ctx.who
	from := int(s.ctx.slot) // the target's Album, before it moves
	if targeted(ab.Effect) {
		from, _, _ = s.locate(a)
	}
	ev := func(k engine.EventKind) {
		s.emit(engine.Event{Kind: k, Seat: p, Card: int16(a), A: int32(s.ctx.inst)})
	}
	switch ab.Effect {
	case KnockOut:
		s.ko.set(a)
		ev(EvKnockedOut)
	case Eliminate:
		slot, side, _ := s.locate(a)
		s.lift(a, slot, side)
		s.toDiscard(a)
		ev(EvEliminated)
	case Summon:
		slot, side, _ := s.locate(a)
		s.lift(a, slot, side)
		s.put(a, int(s.ctx.slot), int(s.ctx.side))
		s.emit(engine.Event{Kind: EvSummoned, Seat: p, Card: int16(a), A: int32(s.ctx.slot), B: int32(s.ctx.side)})
	case Revive:
		s.ko.clear(a)
		ev(EvRevived)
	case GivePotion:
		s.potion.set(a)
		s.supplyT[Potion]--
		ev(EvPotion)
	}
	if targeted(ab.Effect) {
		s.retotal(from)
		s.retotal(int(s.ctx.slot))
	}
	switch ab.Effect {
	case GainToken:
		s.gainToken(p, ab.Token)
	case GainHelmet:
		s.gainHelmet(p, ab.Helmet)
		if s.checkWin(p) {
			return
		}
	case Draw:
		s.draw(p, int(ab.N))
	case DrawDiscardTop:
		s.discardN--
		c := s.discard[s.discardN]
		s.hands[p].set(c)
		s.known[p].set(c)
		s.emit(engine.Event{Kind: EvTookDiscardTop, Seat: p, Card: int16(c)})
	case Discard:
		s.ctx.left = int8(min(int(ab.N), s.hands[p].count()))
		s.ctx.then = ab.M
		if s.ctx.left > 0 {
			s.phase = phAbilityDiscard
			return
		}
		s.draw(p, int(ab.M))
	case OpponentDiscards:
		o := s.opponent()
		s.ctx.left = int8(min(int(ab.N), s.hands[o].count()))
		s.ctx.then = 0
		s.phase = phOppDiscard
		s.decider = o
		return
	}
	s.afterAction()
}
