package frontline

import "math/bits"

// The turn automaton (A3): the state advances by itself until a seat owes a
// decision or the game is over.

// startTurn is step 1: incoming fire.
func (s *State) startTurn() {
	if s.over {
		return
	}
	s.turn++
	if s.turnCap > 0 && s.turn > s.turnCap {
		s.finishByCap()
		return
	}
	s.emit(evTurn, int(s.initiative), -1, int(s.turn), 0)
	s.step = stAttack
	s.attack = -1
	s.nTargets = 0
	c, ok := s.drawAttack()
	if !ok {
		s.openWindow(wAttackRevealed)
		return
	}
	s.attack = int8(c)
	a := s.pack.Attack(c)
	s.emit(evAttack, -1, int(c), 0, 0)
	for k, t := range a.Targets {
		slot := s.targetSlot(t)
		s.targets[k] = int8(slot)
		s.emit(evTarget, -1, int(c), slot, k)
	}
	s.nTargets = int8(len(a.Targets))
	switch a.Effect {
	case MineFx:
		e := s.line.EmptySpace()
		if e >= 0 && int(s.minesN) < maxMines {
			s.mines[s.minesN] = c
			s.minesN++
			s.mineSlot = int8(e)
			s.emit(evMinePlaced, -1, int(c), e, int(s.minesN))
		} else {
			s.discardAttack(c)
		}
		s.attack = -1
	case Roulette:
		s.roulette |= 1 << c
		s.emit(evRoulette, int(s.initiative), int(c), s.roulettes(), 0)
		s.attack = -1
	case ComradesDraft:
		s.comradesDraft()
		if s.phase == phDraft {
			return
		}
	}
	s.openWindow(wAttackRevealed)
}

func (s *State) roulettes() int {
	n := 0
	for x := s.roulette; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// drawAttack reveals the top Attack card, reshuffling the Attack discard
// pile when the deck is empty (A8.21).
func (s *State) drawAttack() (uint8, bool) {
	return s.drawPile(s.adeck[:], &s.adeckN, s.adiscard[:], &s.adiscardN, evAttackReshuffle)
}

// targetSlot is where a Target card goes (A3 step 1); -1 when it falls off
// the line. From then on the Target marks the slot (A8.8).
func (s *State) targetSlot(t Target) int {
	last := int(s.line.N) - 1 // the Commissar
	switch t.Kind {
	case TargetSlot:
		if k := int(t.N) - 1; k < last {
			return k
		}
	case TargetFromBack:
		if k := last - int(t.N); k >= 0 {
			return k
		}
	case TargetEmpty:
		return s.line.EmptySpace()
	case TargetNth:
		// Rulebook FAQ: for Targets the Tank's riders count as two Comrades.
		k := int(t.N)
		for i := 0; i < last; i++ {
			pc := s.line.Slot[i]
			if !pc.IsComrade() {
				continue
			}
			k--
			if pc.Seat() == int(s.tank) {
				k--
			}
			if k <= 0 {
				return i
			}
		}
	case TargetComrade:
		best, bestHP := -1, 0
		for i := 0; i < last; i++ {
			pc := s.line.Slot[i]
			if !pc.IsComrade() {
				continue
			}
			p := pc.Seat()
			hp := int(s.seats[p].hp)
			switch t.Ref {
			case RefFront:
				return i
			case RefLast:
				best = i
			case RefInitiative:
				if p == int(s.initiative) {
					return i
				}
			case RefMostHP:
				if best < 0 || hp > bestHP {
					best, bestHP = i, hp
				}
			case RefLeastHP:
				if best < 0 || hp < bestHP {
					best, bestHP = i, hp
				}
			}
		}
		return best
	}
	return -1
}

// comradesDraft is TOWARZYSZE!: everyone draws up to a full hand (Tear Gas
// notwithstanding, FAQ; in initiative order), Vasily heals, and a draft
// runs from the hands.
func (s *State) comradesDraft() {
	for k := 0; k < int(s.n); k++ {
		p := s.order(k)
		if !s.alive(p) {
			continue
		}
		s.drawUpTo(p, handSize)
		if s.rules.gasEndsOnComrades {
			s.seats[p].flags &^= fGassed
		}
		if s.comradeAbility(p) == HealOnComrades {
			s.heal(p, 2)
		}
	}
	s.startDraft()
}

// startDraft turns every living hand into a pack (A2.7).
func (s *State) startDraft() {
	any := false
	for p := 0; p < int(s.n); p++ {
		st := &s.seats[p]
		st.passed = cardSet{}
		st.draftN = 0
		if !s.alive(p) {
			continue
		}
		st.pack, st.hand = st.hand, cardSet{}
		st.flags &^= fKept
		if !st.pack.empty() {
			any = true
		}
	}
	s.emit(evDraft, -1, -1, 0, 0)
	s.phase = phDraft
	if !any {
		s.endDraft()
		return
	}
	s.autoKeep()
}

// autoKeep keeps the last card of a one-card pack: no choice to make (in
// initiative order).
func (s *State) autoKeep() {
	for k := 0; k < int(s.n); k++ {
		p := s.order(k)
		st := &s.seats[p]
		if s.alive(p) && !st.is(fKept) && st.pack.count() == 1 {
			c := st.pack.nth(0)
			st.pack.clear(c)
			st.hand.set(c)
			st.flags |= fKept
			s.emit(evKept, p, int(c), 0, 0)
		}
	}
	s.draftProgress()
}

// draftProgress passes the packs to the left once everyone has kept a card.
func (s *State) draftProgress() {
	for p := 0; p < int(s.n); p++ {
		if s.alive(p) && !s.seats[p].is(fKept) && !s.seats[p].pack.empty() {
			return
		}
	}
	var packs [MaxSeats]cardSet
	left := false
	for p := 0; p < int(s.n); p++ {
		if !s.alive(p) {
			continue
		}
		q := s.nextAlive(p)
		packs[q] = s.seats[p].pack
		s.seats[p].passed.or(s.seats[p].pack)
		s.passing(p)
		s.recordPass(p)
		if !s.seats[p].pack.empty() {
			left = true
		}
	}
	for p := 0; p < int(s.n); p++ {
		s.seats[p].pack = packs[p]
		s.seats[p].flags &^= fKept
		s.received(p)
	}
	if !left {
		s.endDraft()
		return
	}
	s.emit(evPassed, -1, -1, 0, 0)
	s.autoKeep()
}

func (s *State) endDraft() {
	s.phase = phWindow
	s.closeDraftRecords()
	s.replaceSmoke()
	if s.step == stAttack && s.turn > 0 {
		s.openWindow(wAttackRevealed)
		return
	}
	s.startTurn()
}

// nextAlive is the next living seat to the left (clockwise) of p.
func (s *State) nextAlive(p int) int {
	for k := 1; k <= int(s.n); k++ {
		q := (p + k) % int(s.n)
		if s.alive(q) {
			return q
		}
	}
	return p
}

// openWindow starts an Event window: each living seat in initiative order
// may play one Event (if it has not this turn) or pass.
func (s *State) openWindow(w uint8) {
	if s.over {
		return
	}
	s.window = w
	s.cursor = 0
	s.phase = phWindow
	s.advanceWindow()
}

func (s *State) canAct(p int) bool {
	return s.alive(p) && s.seats[p].flags&(fEventUsed|fDone) == 0
}

// advanceWindow finds the next seat to ask, or closes the window.
func (s *State) advanceWindow() {
	for ; int(s.cursor) < int(s.n); s.cursor++ {
		if s.canAct(s.order(int(s.cursor))) {
			s.phase = phWindow
			return
		}
	}
	s.closeWindow()
}

func (s *State) closeWindow() {
	switch s.window {
	case wAttackRevealed:
		s.step = stCommit
		s.phase = phCommit
		s.commitProgress()
	case wCommitted:
		s.step = stReveal
		s.reveal = 0
		s.nextReveal()
	case wBeforeReveal:
		if p := s.order(int(s.reveal)); s.alive(p) && s.seats[p].is(fCommitted) {
			s.revealCard(p)
		} else {
			s.afterReveal()
		}
	case wBeforeDamage:
		s.step = stDamage
		s.scan = scanState{}
		s.hitN = 0
		s.eqUse = [MaxSeats]uint8{}
		s.asked = cardSet{}
		s.resolveAttack()
	}
}

// commitProgress moves on once every living seat with cards has committed.
func (s *State) commitProgress() {
	for p := range s.seats[:s.n] {
		if s.owes(p) {
			return
		}
	}
	s.step = stCommitted
	s.openWindow(wCommitted)
}

// nextReveal is step 4: from the Initiative holder clockwise, each seat
// that committed a card gets a window before its reveal, then reveals.
func (s *State) nextReveal() {
	for ; int(s.reveal) < int(s.n); s.reveal++ {
		p := s.order(int(s.reveal))
		if s.alive(p) && s.seats[p].is(fCommitted) {
			s.openWindow(wBeforeReveal)
			return
		}
	}
	s.openWindow(wBeforeDamage)
}

// revealCard reveals and resolves seat p's face-down card.
func (s *State) revealCard(p int) {
	st := &s.seats[p]
	c := st.committed
	st.flags &^= fCommitted
	s.shown(p, c)
	s.emit(evRevealed, p, int(c), 0, 0)
	a := s.pack.Action(c)
	switch a.Kind {
	case Event:
		// Rulebook step 4: an Event committed face down is discarded with no effect.
		s.discardAction(c)
	case Equipment:
		st.equip.set(c)
		s.dur[c] = a.Durability
		if a.Effect == TankFx && s.tank < 0 {
			s.tank = int8(p)
		}
		s.emit(evEquipped, p, int(c), int(a.Durability), 0)
	case Maneuver:
		if s.maneuver(p, c) {
			s.choice, s.choiceC = int8(p), c
			s.phase = phChoice
			return
		}
		s.discardAction(c)
	}
	s.afterReveal()
}

func (s *State) afterReveal() {
	if s.over {
		return
	}
	s.reveal++
	s.nextReveal()
}

// maneuver resolves a revealed Maneuver; true means its owner must choose
// first (a direction, a Comrade to swap with).
func (s *State) maneuver(p int, c uint8) bool {
	a := s.pack.Action(c)
	st := &s.seats[p]
	switch a.Effect {
	case StepFx:
		n := int(a.N)
		if s.comradeAbility(p) == LongStride {
			n++
		}
		switch a.Dir {
		case Forward:
			s.moveSteps(p, -1, n)
		case Back:
			s.moveSteps(p, 1, n)
		case Either:
			return s.stoj == false && !st.is(fFubar)
		}
	case DodgeFx:
		st.flags |= fDodge
	case DuckFx:
		st.flags |= fDuck
	case FubarFx:
		st.flags |= fFubar
		s.emit(evFubar, p, int(c), 0, 0)
	case SwapFx:
		return !s.stoj && !st.is(fFubar) && s.swapPartners(p) != 0
	case SmokeFx:
		// Rulebook FAQ: with only two Comrades left a Smoke Screen cannot be used.
		return !s.stoj && s.aliveCount() > 2 && smokeable(s.swapPartners(p))
	}
	return false
}

// swapPartners is the set of seats p may swap with: living, not p, not F.U.B.A.R.
func (s *State) swapPartners(p int) uint16 {
	var m uint16
	for q := 0; q < int(s.n); q++ {
		if q != p && s.alive(q) && !s.seats[q].is(fFubar) {
			m |= 1 << q
		}
	}
	return m
}

func smokeable(m uint16) bool { return m&(m-1) != 0 }

// fubarMask is the barrier set for the line: F.U.B.A.R. Comrades.
func (s *State) fubarMask() uint16 {
	var m uint16
	for p := 0; p < int(s.n); p++ {
		if s.seats[p].is(fFubar) && s.alive(p) {
			m |= 1 << uint(ComradeOf(p))
		}
	}
	return m
}

// moveSteps moves seat p n steps in direction d, one at a time, firing
// Mines and Barbed Wire on whoever enters their slot; steps that cannot be
// taken are lost (RUCH 4), and so are the rest once p is dead.
func (s *State) moveSteps(p, d, n int) {
	if s.stoj {
		s.emit(evBlocked, p, -1, 0, 0)
		return
	}
	var buf [MaxSlots]Entry
	for k := 0; k < n && s.alive(p) && !s.over; k++ {

		moved, ok := s.line.Step(ComradeOf(p), d, s.fubarMask(), buf[:0])
		if !ok {
			s.emit(evBlocked, p, -1, n-k, 0)
			break
		}
		s.entered(moved)
	}
}

// entered reports the moves to the seats and fires what lies in the slots entered.
func (s *State) entered(moved []Entry) {
	for _, e := range moved {
		if e.Who.IsComrade() {
			s.emit(evMoved, e.Who.Seat(), -1, int(e.Slot), 0)
		}
	}
	for _, e := range moved {
		if !e.Who.IsComrade() || !s.alive(e.Who.Seat()) {
			continue
		}
		p := e.Who.Seat()
		if s.minesN > 0 && int(e.Slot) == int(s.mineSlot) {
			s.fireMines(p)
		}
		if w := s.wire[e.Slot]; w != 0 {
			s.fireWire(p, int(e.Slot))
		}
	}
	s.collectDead()
}

// fireMines: every Mine on the slot fires, each a separate hit; then they
// are discarded (A4.4). The Tank drives over them: destroyed, no damage.
func (s *State) fireMines(p int) {
	n := s.minesN
	s.minesN = 0
	for k := uint8(0); k < n; k++ {
		m := s.mines[k]
		switch {
		case int(s.tank) == p:
			s.useEquip(p, s.tankCard())
			s.emit(evCrushed, p, int(m), 0, 0)
		case s.comradeAbility(p) == MineImmune:
			s.emit(evMineFired, p, int(m), 0, int(s.seats[p].hp))
		default:
			d := s.damage(p, int(s.pack.Attack(m).Damage), true)
			s.emit(evMineFired, p, int(m), d, int(s.seats[p].hp))
		}
		s.discardAttack(m)
	}
}

// fireWire: Barbed Wire hurts whoever enters its slot and stays; the Tank
// drives over it and destroys it.
func (s *State) fireWire(p, slot int) {
	w := s.wire[slot]
	for ; w != 0; w &= w - 1 {
		c := uint8(bits.TrailingZeros64(w))
		switch {
		case int(s.tank) == p:
			s.wire[slot] &^= 1 << c
			s.discardAttack(c)
			s.useEquip(p, s.tankCard())
			s.emit(evCrushed, p, int(c), 0, 0)
		case s.comradeAbility(p) == MineImmune:
		default:
			d := s.damage(p, int(s.pack.Attack(c).Damage), true)
			s.emit(evWireHurt, p, int(c), d, int(s.seats[p].hp))
		}
	}
}

// damage takes hp from p at once (Mines, Barbed Wire): Nikolai's first
// Attack damage is ignored, Russian Roulettes add to the Initiative
// holder's damage. It returns the damage dealt.
func (s *State) damage(p, d int, fromAttack bool) int {
	if d <= 0 {
		return 0
	}
	st := &s.seats[p]
	if fromAttack && s.comradeAbility(p) == FirstHitImmune && !st.is(fAbilityUsed) {
		st.flags |= fAbilityUsed
		s.emit(evNikolai, p, -1, d, 0)
		return 0
	}
	if p == int(s.initiative) && s.comradeAbility(p) != RouletteImmune {
		d += s.roulettes() * int(s.rules.rouletteExtra)
	}
	st.hp -= int8(d)
	st.flags |= fHurt
	return d
}

// collectDead removes every Comrade at 0 hit points (in initiative order:
// their cards go to the discard pile in that order), then lets the
// Commissar advance once per death (A4.4); the game ends when one Comrade
// or none is left.
func (s *State) collectDead() {
	for k := 0; k < int(s.n); k++ {
		p := s.order(k)
		if s.alive(p) && s.seats[p].hp <= 0 {
			s.kill(p)
		}
	}
	s.tryAdvances()
	if !s.over && s.aliveCount() <= 1 {
		s.finish()
	}
}

func (s *State) kill(p int) {
	st := &s.seats[p]
	st.hp = 0
	st.flags |= fDead
	s.live &^= 1 << uint(p)
	st.died = s.turn
	s.lastDead = s.turn
	// A8.22: the dead player's hand, face-down card and Equipment are discarded.
	st.hand.each(func(c uint8) {
		s.shown(p, c)
		s.discardAction(c)
	})
	if st.is(fCommitted) {
		s.shown(p, st.committed)
		s.discardAction(st.committed)
		st.flags &^= fCommitted
	}
	st.equip.each(func(c uint8) { s.discardAction(c) })
	st.hand, st.pack, st.equip = cardSet{}, cardSet{}, cardSet{}
	if int(s.tank) == p {
		s.tank = -1
	}
	s.line.Remove(ComradeOf(p))
	s.advances++
	s.emit(evDied, p, -1, 0, 0)
	s.replaceSmoke()
}

// tryAdvances moves the Commissar forward once per death; a F.U.B.A.R.
// Comrade in his way makes him wait for the end of the turn (A8.19), and so
// does Stój! (our ruling, option stoj_stops_commissar). Rulebook, turn step
// 5: "Przemieść wtedy Komisarza o jedno miejsce do przodu i postępuj
// zgodnie z normalnymi zasadami ruchu"; FAQ: "Karta Stój! uniemożliwia ruch
// po Linii Frontu". The advance is not lost: the line keeps its one empty
// space from the next turn on.
func (s *State) tryAdvances() {
	if s.stoj && s.rules.stojStopsCommissar {
		return
	}
	var buf [MaxSlots]Entry
	for s.advances > 0 {
		moved, ok := s.line.Advance(s.fubarMask(), buf[:0])
		if !ok {
			return
		}
		s.advances--
		k := int(s.line.N) - 1
		s.emit(evCommissar, -1, -1, k, 0)
		// A8.12: Mines under the Commissar are discarded without damage.
		if s.minesN > 0 && int(s.mineSlot) >= k {
			for i := uint8(0); i < s.minesN; i++ {
				s.discardAttack(s.mines[i])
			}
			s.minesN = 0
		}
		for slot := k; slot < MaxSlots; slot++ {
			for w := s.wire[slot]; w != 0; w &= w - 1 {
				s.discardAttack(uint8(bits.TrailingZeros64(w)))
			}
			s.wire[slot] = 0
		}
		if len(moved) > 0 {
			s.entered(moved)
		}
	}
}

// finish ends the game: the last Comrade alive wins; if the attack killed
// everyone, nobody wins (the enemy army did).
func (s *State) finish() {
	s.over = true
	s.phase = phOver
	s.winner = -1
	for p := 0; p < int(s.n); p++ {
		if s.alive(p) {
			s.winner = int8(p)
		}
	}
	s.emit(evGameOver, int(s.winner), -1, 0, 0)
}

// finishByCap ends a game that reached the turn cap: the Comrades alive
// with the most hit points share the win.
func (s *State) finishByCap() {
	s.over = true
	s.phase = phOver
	s.winner = -2
	s.emit(evGameOver, -1, -1, 1, 0)
}

// endTurn is steps 6 and 7.
func (s *State) endTurn() {
	if s.over || s.probing {
		return
	}
	s.step = stEnd
	if s.attack >= 0 {
		c := uint8(s.attack)
		laid := false
		for _, w := range s.wire {
			laid = laid || w&(1<<c) != 0
		}
		if !laid {
			s.discardAttack(c)
		}
		s.attack = -1
	}
	s.nTargets = 0
	// F.U.B.A.R. lasts the turn; a Commissar who waited on it advances now.
	for p := 0; p < int(s.n); p++ {
		s.seats[p].flags &^= fFubar
	}
	s.stoj = false
	s.tryAdvances()
	if s.over {
		return
	}
	for k := 0; k < int(s.n); k++ {
		p := s.order(k)
		if !s.alive(p) {
			continue
		}
		st := &s.seats[p]
		if s.comradeAbility(p) == FieldMedic && !st.is(fHurt) {
			s.heal(p, 1)
		}
		// Step 6, in initiative order, and Tear Gas: no refill until the
		// hand is empty.
		if st.is(fGassed) {
			if !st.hand.empty() {
				continue
			}
			st.flags &^= fGassed
			s.emit(evGasOver, p, -1, 0, 0)
		}
		s.drawUpTo(p, handSize)
	}
	s.replaceSmoke()
	for p := 0; p < int(s.n); p++ {
		s.seats[p].flags &^= fTurnFlags
	}
	// Step 7: the Initiative passes clockwise to the next living seat (A8.28).
	s.initiative = int8(s.nextAlive(int(s.initiative)))
	s.emit(evInitiative, int(s.initiative), -1, s.roulettes(), 0)
	s.startTurn()
}

func (s *State) heal(p, n int) {
	st := &s.seats[p]
	before := st.hp
	st.hp = min(st.maxHP, st.hp+int8(n))
	if st.hp > before {
		s.emit(evHealed, p, -1, int(st.hp-before), int(st.hp))
	}
}

func (s *State) comradeAbility(p int) Ability {
	return s.pack.Comrades[s.seats[p].comrade].Ability
}

func (s *State) tankCard() uint8 {
	c := uint8(0)
	s.seats[s.tank].equip.each(func(x uint8) {
		if s.pack.aEffect[x] == TankFx {
			c = x
		}
	})
	return c
}

// useEquip spends one point of Durability; at 0 the card is discarded.
func (s *State) useEquip(p int, c uint8) {
	s.dur[c]--
	s.emit(evEquipUsed, p, int(c), int(s.dur[c]), 0)
	if s.dur[c] <= 0 {
		s.seats[p].equip.clear(c)
		s.discardAction(c)
		if s.pack.aEffect[c] == TankFx && int(s.tank) == p {
			s.tank = -1
		}
	}
}
