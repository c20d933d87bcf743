package frontline

import (
	"math/bits"

	"stolik/engine"
)

// Move kinds; a move packs kind, card, a and b in its low 32 bits.
const (
	mKeep     uint8 = 1 + iota // draft: keep a card
	mCommit                    // step 2: a face-down card
	mPass                      // a window, an answer or an Equipment question: pass
	mDone                      // pass every window and answer for the rest of the turn
	mPlay                      // an Event (or Niet! as an answer), with its arguments
	mExchange                  // Dominika's ability: a = the other seat
	mDir                       // a revealed "either way" Maneuver: a = 0 forward, 1 back
	mSwap                      // a revealed Swap: a = the other seat
	mSmoke                     // a revealed Smoke Screen: a < b, the two seats
	mUse                       // use the Equipment card asked about
	numMoveKinds
)

func mv(k, c, a, b uint8) engine.Move {
	return engine.Move(uint64(k) | uint64(c)<<8 | uint64(a)<<16 | uint64(b)<<24)
}

func unmv(m engine.Move) (k, c, a, b uint8) {
	return uint8(m), uint8(m >> 8), uint8(m >> 16), uint8(m >> 24)
}

// Legal appends every legal move of seat p.
func (s *State) Legal(p engine.Seat, dst []engine.Move) []engine.Move {
	if s.over || p < 0 || int(p) >= int(s.n) || !s.owes(int(p)) {
		return dst
	}
	q := int(p)
	st := &s.seats[q]
	switch s.phase {
	case phDraft:
		st.pack.each(func(c uint8) { dst = append(dst, mv(mKeep, c, 0, 0)) })
	case phCommit:
		st.hand.each(func(c uint8) { dst = append(dst, mv(mCommit, c, 0, 0)) })
	case phWindow:
		dst = append(dst, mv(mPass, 0, 0, 0), mv(mDone, 0, 0, 0))
		dst = s.eventMoves(q, dst)
		if s.comradeAbility(q) == ExchangeHands && !st.is(fAbilityUsed) {
			for o := 0; o < int(s.n); o++ {
				if o != q && s.alive(o) {
					dst = append(dst, mv(mExchange, 0, uint8(o), 0))
				}
			}
		}
	case phAnswer:
		dst = append(dst, mv(mPass, 0, 0, 0), mv(mDone, 0, 0, 0))
		st.hand.and(s.pack.niets).each(func(c uint8) { dst = append(dst, mv(mPlay, c, 0, 0)) })
	case phChoice:
		dst = s.choiceMoves(q, dst)
	case phEquip:
		dst = append(dst, mv(mUse, s.queryC, 0, 0), mv(mPass, 0, 0, 0))
	}
	return dst
}

// owes reports whether seat p is among the pending seats.
func (s *State) owes(p int) bool {
	switch s.phase {
	case phDraft:
		return s.seats[p].flags&(fDead|fKept) == 0 && !s.seats[p].pack.empty()
	case phCommit:
		return s.seats[p].flags&(fDead|fCommitted) == 0 && !s.seats[p].hand.empty()
	}
	return s.single() == p
}

// whenOK: an Event that names a moment is offered only then; Niet! only as an answer.
func (s *State) whenOK(w When) bool {
	switch w {
	case WhenAny:
		return true
	case WhenAttackRevealed:
		return s.window == wAttackRevealed
	case WhenBeforeDamage:
		return s.window == wBeforeDamage
	}
	return false
}

// eventMoves lists seat p's Events playable in the current window, with every argument.
func (s *State) eventMoves(p int, dst []engine.Move) []engine.Move {
	evs := s.seats[p].hand.and(s.pack.events)
	for w, x := range evs {
		for ; x != 0; x &= x - 1 {
			c := uint8(w*64 + bits.TrailingZeros64(x))
			a := s.pack.Action(c)
			if !s.whenOK(a.When) {
				continue
			}
			switch a.Effect {
			case OrderFx, HealFx:
				for q := 0; q < int(s.n); q++ {
					if s.alive(q) {
						dst = append(dst, mv(mPlay, c, uint8(q), 0))
					}
				}
			case DenounceFx:
				for q := 0; q < int(s.n); q++ {
					if q != p && s.alive(q) {
						dst = append(dst, mv(mPlay, c, uint8(q), 0))
					}
				}
			case MoveTargetFx:
				for t := 0; t < int(s.nTargets); t++ {
					for d := uint8(0); d < 2; d++ {
						if s.targetMoveOK(t, d) {
							dst = append(dst, mv(mPlay, c, uint8(t), d))
						}
					}
				}
			case MarchFx:
				dst = append(dst, mv(mPlay, c, 0, 0), mv(mPlay, c, 1, 0))
			default:
				dst = append(dst, mv(mPlay, c, 0, 0))
			}
		}
	}
	return dst
}

func (s *State) targetMoveOK(t int, d uint8) bool {
	if t >= int(s.nTargets) || s.targets[t] < 0 || d > 1 {
		return false
	}
	k := int(s.targets[t]) + 2*int(d) - 1
	return k >= 0 && k < int(s.line.N)-1
}

// choiceMoves lists how the revealed Maneuver may act.
func (s *State) choiceMoves(p int, dst []engine.Move) []engine.Move {
	switch s.pack.aEffect[s.choiceC] {
	case StepFx:
		dst = append(dst, mv(mDir, 0, 0, 0), mv(mDir, 0, 1, 0))
	case SwapFx:
		m := s.swapPartners(p)
		for q := 0; q < int(s.n); q++ {
			if m&(1<<q) != 0 {
				dst = append(dst, mv(mSwap, 0, uint8(q), 0))
			}
		}
	case SmokeFx:
		m := s.swapPartners(p)
		for a := 0; a < int(s.n); a++ {
			for b := a + 1; b < int(s.n); b++ {
				if m&(1<<a) != 0 && m&(1<<b) != 0 {
					dst = append(dst, mv(mSmoke, 0, uint8(a), uint8(b)))
				}
			}
		}
	}
	return dst
}

// Apply makes seat p play m.
func (s *State) Apply(p engine.Seat, m engine.Move) ([]engine.Event, error) {
	if p < 0 || int(p) >= int(s.n) || s.over || !s.owes(int(p)) {
		if re := engine.CheckSeat(p, int(s.n), s.Pending()); re != nil {
			return nil, re
		}
	}
	if re := s.check(int(p), m); re != nil {
		return nil, re
	}
	s.events = s.events[:0]
	s.do(int(p), m)
	return s.events, nil
}

// check says why m is not legal for p now, or nil.
func (s *State) check(p int, m engine.Move) *engine.RuleError {
	k, c, a, b := unmv(m)
	if uint64(m)>>32 != 0 || k == 0 || k >= numMoveKinds {
		return errBadNotation.Err(s.Format(m), engine.Text{PL: "nieznany ruch", EN: "unknown move"})
	}
	st := &s.seats[p]
	switch k {
	case mKeep:
		if s.phase != phDraft {
			return errWrongDecision.Err(s.decisionText())
		}
		if int(c) >= s.pack.NumActions() || !st.pack.has(c) {
			return errNotInPack.Err(s.cardName(c))
		}
		return nil
	case mCommit:
		if s.phase != phCommit {
			return errWrongDecision.Err(s.decisionText())
		}
		if int(c) >= s.pack.NumActions() || !st.hand.has(c) {
			return errNotInHand.Err(s.cardName(c))
		}
		return nil
	case mPass, mDone:
		if c|a|b != 0 || (k == mDone && s.phase != phWindow && s.phase != phAnswer) {
			return errWrongDecision.Err(s.decisionText())
		}
		if s.phase != phWindow && s.phase != phAnswer && s.phase != phEquip {
			return errWrongDecision.Err(s.decisionText())
		}
		return nil
	case mPlay:
		if s.phase != phWindow && s.phase != phAnswer {
			return errNoEventNow.Err()
		}
		if int(c) >= s.pack.NumActions() || !st.hand.has(c) {
			return errNotInHand.Err(s.cardName(c))
		}
		ac := s.pack.Action(c)
		if ac.Kind != Event {
			return errNotEvent.Err(s.cardName(c))
		}
		if s.phase == phAnswer && ac.Effect != NietFx {
			return errOnlyNiet.Err()
		}
		if s.phase == phWindow && !s.whenOK(ac.When) {
			return errWrongMoment.Err(s.cardName(c), whenText[ac.When])
		}
	case mExchange:
		if s.phase != phWindow {
			return errNoEventNow.Err()
		}
		if s.comradeAbility(p) != ExchangeHands || st.is(fAbilityUsed) {
			return errNoAbility.Err()
		}
	case mDir, mSwap, mSmoke:
		if s.phase != phChoice {
			return errWrongDecision.Err(s.decisionText())
		}
	case mUse:
		if s.phase != phEquip {
			return errWrongDecision.Err(s.decisionText())
		}
	}
	if s.argsOK(p, k, c, a, b) {
		return nil
	}
	if k == mPlay || k == mExchange || k == mSwap || k == mSmoke {
		return errBadTarget.Err(s.Format(m))
	}
	return errIllegal.Err(s.Format(m))
}

// argsOK reports whether the arguments of a move of kind k that check has
// found possible now (the phase, the card in hand and its moment) are
// among those Legal lists: eventMoves and choiceMoves say the same thing
// as lists.
func (s *State) argsOK(p int, k, c, a, b uint8) bool {
	seat := func(q uint8) bool { return int(q) < int(s.n) && s.alive(int(q)) }
	switch k {
	case mPlay:
		if s.phase == phAnswer {
			return a|b == 0 && s.pack.aEffect[c] == NietFx
		}
		switch s.pack.aEffect[c] {
		case OrderFx, HealFx:
			return seat(a) && b == 0
		case DenounceFx:
			return seat(a) && int(a) != p && b == 0
		case MoveTargetFx:
			return int(a) < int(s.nTargets) && s.targetMoveOK(int(a), b)
		case MarchFx:
			return a <= 1 && b == 0
		}
		return a|b == 0
	case mExchange:
		return seat(a) && int(a) != p && c|b == 0
	case mDir:
		return s.pack.aEffect[s.choiceC] == StepFx && a <= 1 && c|b == 0
	case mSwap:
		return s.pack.aEffect[s.choiceC] == SwapFx && int(a) < int(s.n) && s.swapPartners(p)&(1<<a) != 0 && c|b == 0
	case mSmoke:
		m := s.swapPartners(p)
		return s.pack.aEffect[s.choiceC] == SmokeFx && a < b && int(b) < int(s.n) && m&(1<<a) != 0 && m&(1<<b) != 0 && c == 0
	case mUse:
		return c == s.queryC && a|b == 0
	}
	return false
}

func (s *State) cardName(c uint8) string {
	if int(c) < s.pack.NumActions() {
		return s.pack.ActionName(c)
	}
	return "?"
}

// do plays a checked move.
func (s *State) do(p int, m engine.Move) {
	k, c, a, b := unmv(m)
	st := &s.seats[p]
	switch k {
	case mKeep:
		if st.pack.count() > 1 {
			// Nobody else knows which card stays and which go on.
			s.forget(st.pack)
		}
		st.pack.clear(c)
		st.hand.set(c)
		st.flags |= fKept
		s.emit(evKept, p, int(c), 0, 0)
		s.autoKeep()
	case mCommit:
		st.hand.clear(c)
		st.committed = c
		st.flags |= fCommitted
		s.emit(evCommitted, p, int(c), 0, 0)
		s.commitProgress()
	case mPass, mDone:
		if k == mDone {
			st.flags |= fDone
			s.emit(evDone, p, -1, 0, 0)
		}
		switch s.phase {
		case phWindow:
			s.cursor++
			s.advanceWindow()
		case phAnswer:
			s.answerK++
			s.advanceAnswer()
		case phEquip:
			if s.scan.door {
				s.doorDecision(false)
			} else {
				s.phase = phWindow
				s.resolveAttack()
			}
		}
	case mPlay:
		st.hand.clear(c)
		s.shown(p, c)
		s.push(p, c, a, b)
	case mExchange:
		st.flags |= fAbilityUsed
		if s.rules.nietAbilities {
			s.push(p, abilityCard, a, 0)
			return
		}
		st.flags |= fEventUsed
		s.emit(evPlayed, p, -1, int(a), 0)
		s.resolveItem(stackItem{seat: int8(p), card: abilityCard, a: a})
		s.backToWindow()
	case mDir, mSwap, mSmoke:
		s.applyChoice(p, m)
		s.endChoice()
	case mUse:
		if s.scan.door {
			s.doorDecision(true)
			return
		}
		s.useOn(p, c)
		s.phase = phWindow
		s.resolveAttack()
	}
}

// applyChoice carries out the choice for a revealed Maneuver: a direction,
// a Comrade to swap with, two Comrades for a Smoke Screen.
func (s *State) applyChoice(p int, m engine.Move) {
	k, _, a, b := unmv(m)
	if k == mDir {
		n := int(s.pack.Action(s.choiceC).N)
		if s.comradeAbility(p) == LongStride {
			n++
		}
		s.moveSteps(p, 2*int(a)-1, n)
		return
	}
	x, y := ComradeOf(p), ComradeOf(int(a))
	if k == mSmoke {
		// The two Comrades trade places together: taken front first, as
		// they stand in the line, not by their seat numbers.
		x, y = ComradeOf(int(a)), ComradeOf(int(b))
		if s.line.Pos(x) > s.line.Pos(y) {
			x, y = y, x
		}
	}
	var buf [4]Entry
	if s.stoj {
		s.emit(evBlocked, p, -1, 0, 0)
	} else if moved, ok := s.line.Swap(x, y, s.fubarMask(), buf[:0]); ok {
		s.entered(moved)
	}
}

func (s *State) endChoice() {
	s.discardAction(s.choiceC)
	s.phase = phWindow
	s.afterReveal()
}

// push puts an Event (or Dominika's ability) on the stack and opens the
// answer round: every other seat that may still play an Event this turn,
// in seat order after the player, may answer with Niet! (A8.4).
func (s *State) push(p int, c, a, b uint8) {
	s.seats[p].flags |= fEventUsed
	s.stack[s.stackN] = stackItem{seat: int8(p), card: c, a: a, b: b}
	s.stackN++
	if c == abilityCard {
		s.emit(evPlayed, p, -1, int(a), int(b))
	} else {
		s.emit(evPlayed, p, int(c), int(a), int(b))
	}
	s.answerK = 1
	s.advanceAnswer()
}

func (s *State) advanceAnswer() {
	top := int(s.stack[s.stackN-1].seat)
	for ; int(s.answerK) < int(s.n); s.answerK++ {
		q := s.answerSeat()
		if q != top && s.canAct(q) {
			s.phase = phAnswer
			return
		}
	}
	s.resolveStack()
}

// resolveStack resolves the stack last in, first out: a Niet! that is not
// itself cancelled cancels the item below it (A8.4); Niet! against an Event
// that affects several players cancels all of it (FAQ).
func (s *State) resolveStack() {
	cancel := false
	for s.stackN > 0 && !s.over {
		s.stackN--
		it := s.stack[s.stackN]
		isNiet := it.card != abilityCard && s.pack.aEffect[it.card] == NietFx
		switch {
		case cancel:
			s.emit(evCancelled, int(it.seat), int(it.card), 0, 0)
			cancel = false
			if it.card != abilityCard {
				s.discardAction(it.card)
			}
		case isNiet:
			s.discardAction(it.card)
			cancel = true
		default:
			s.resolveItem(it)
		}
	}
	s.stackN = 0
	s.backToWindow()
}

func (s *State) backToWindow() {
	if s.over {
		return
	}
	s.phase = phWindow
	s.cursor++
	s.advanceWindow()
}

// resolveItem carries out an Event or Dominika's exchange.
func (s *State) resolveItem(it stackItem) {
	p := int(it.seat)
	if it.card == abilityCard {
		q := int(it.a)
		if s.alive(q) && s.alive(p) {
			s.exchanged(p, q)
			s.seats[p].hand, s.seats[q].hand = s.seats[q].hand, s.seats[p].hand
			s.emit(evExchanged, p, -1, q, 0)
			s.replaceSmoke()
		}
		return
	}
	c := it.card
	s.discardAction(c)
	switch s.pack.aEffect[c] {
	case WsjoRawnoFx:
		// A8.26: Stój! blocks it, since it counts as movement.
		if s.stoj {
			s.emit(evBlocked, p, int(c), 0, 0)
			return
		}
		fixed := s.fubarMask()
		if s.tank >= 0 {
			fixed |= 1 << uint(ComradeOf(int(s.tank)))
		}
		var buf [MaxSlots]Entry
		moved := s.line.Shuffle(fixed, s.rng.IntN, buf[:0])
		s.emit(evShuffled, p, int(c), 0, 0)
		s.entered(moved)
	case StojFx:
		s.stoj = true
		s.emit(evStoj, p, int(c), 0, 0)
	case OrderFx:
		s.order1(int(it.a))
	case MoveTargetFx:
		t := int(it.a)
		if s.targetMoveOK(t, it.b) {
			s.targets[t] += int8(2*int(it.b) - 1)
			s.emit(evTargetMoved, p, int(c), int(s.targets[t]), t)
		}
	case HealFx:
		if s.alive(int(it.a)) {
			s.heal(int(it.a), int(s.pack.Action(c).N))
		}
	case MarchFx:
		if s.alive(p) {
			s.moveSteps(p, 2*int(it.a)-1, 1)
		}
	case CoverFx:
		s.seats[p].flags |= fCover
	case DenounceFx:
		q := int(it.a)
		if h := s.seats[q].hand; s.alive(q) && !h.empty() {
			d := h.nth(s.rng.IntN(h.count()))
			s.seats[q].hand.clear(d)
			s.shown(q, d)
			s.discardAction(d)
			s.emit(evDenounced, q, int(d), p, 0)
		}
	}
}

// order1 is Rozkaz Komisarza: the Comrade goes forward step by step to the
// front, or to the slot right behind the Tank (FAQ).
func (s *State) order1(q int) {
	if !s.alive(q) {
		return
	}
	if s.stoj {
		s.emit(evBlocked, q, -1, 0, 0)
		return
	}
	var buf [MaxSlots]Entry
	for k := 0; k < MaxSlots && s.alive(q) && !s.over; k++ {
		moved, ok := s.orderStep(q, buf[:0])
		if !ok {
			break
		}
		s.entered(moved)
	}
}

// orderStep moves Comrade q one step forward under Rozkaz Komisarza,
// unless the Tank is right in front of it; moved lists what entered a
// slot, in buf.
func (s *State) orderStep(q int, buf []Entry) (moved []Entry, ok bool) {
	pos := s.line.Pos(ComradeOf(q))
	if s.tank >= 0 && pos > 0 && s.line.Slot[pos-1] == ComradeOf(int(s.tank)) {
		return nil, false
	}
	return s.line.Step(ComradeOf(q), -1, s.fubarMask(), buf)
}
