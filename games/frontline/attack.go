package frontline

import "math/bits"

// Step 5: the attack (A5). Hits are worked out against the line as it is
// now, Target by Target; a Car Door decision may interrupt a linear attack
// on its way; then each hit Comrade may use Equipment; then all the damage
// is applied at once and the dead are removed (A8.15).

// Equipment uses that change how the current attack hurts a seat.
const (
	useHelmet uint8 = 1 << iota
	useVest
	useMask
	useDigIn
)

// resolveAttack continues step 5 from where it stands.
func (s *State) resolveAttack() {
	if s.over {
		return
	}
	if s.attack < 0 {
		s.endTurn()
		return
	}
	a := s.pack.Attack(uint8(s.attack))
	if !s.strikeTargets(a) || s.nextQuery() {
		return
	}
	s.applyHits(a)
	s.endTurn()
}

// strikeTargets works out the current attack's hits, Target by Target,
// from where it stands; false means a Car Door decision interrupts it.
func (s *State) strikeTargets(a *Attack) bool {
	c := uint8(s.attack)
	for s.scan.target < s.nTargets {
		slot := int(s.targets[s.scan.target])
		if slot >= 0 && slot < int(s.line.N)-1 {
			switch {
			case a.Type == Linear:
				if !s.scanLinear(a, slot) {
					return false
				}
			case a.Type == Splash:
				s.splash(a, slot)
			case a.Effect == LaserFx:
				s.laser(a, slot)
			case a.Effect == BarbedWire:
				s.layWire(c, a, slot)
			}
		}
		s.scan.target++
		s.scan.active = false
	}
	return true
}

func (s *State) addHit(p int, dmg int8, main, indirect bool) {
	if int(s.hitN) < len(s.hits) {
		s.hits[s.hitN] = hit{seat: int8(p), dmg: dmg, main: main, indirect: indirect}
		s.hitN++
	}
}

// scanLinear moves a linear attack along the line from the Target, toward
// the Commissar unless the card says otherwise, hitting the first available
// Comrades (A5, A8.9: the Target slot itself first; the empty space is
// skipped; past the last slot it misses). false means a seat must decide
// about its Car Door first.
func (s *State) scanLinear(a *Attack, start int) bool {
	sc := &s.scan
	if !sc.active {
		sc.active = true
		sc.pos = int8(start)
		sc.dir = 1
		if a.TowardFront {
			sc.dir = -1
		}
		sc.left = a.Hits
		sc.skip = -1
	}
	last := int8(s.line.N) - 1
	for sc.left > 0 && sc.pos >= 0 && sc.pos < last {
		pc := s.line.Slot[sc.pos]
		if !pc.IsComrade() || int8(pc.Seat()) == sc.skip || !s.alive(pc.Seat()) {
			sc.pos += sc.dir
			continue
		}
		p := pc.Seat()
		if int(s.tank) == p {
			// FAQ: a linear attack stops at the Tank; its riders are protected.
			s.emit(evTankStopped, p, int(s.attack), 0, 0)
			s.useEquip(p, s.tankCard())
			sc.left = 0
			break
		}
		if s.seats[p].is(fDodge) {
			s.emit(evDodged, p, int(s.attack), 0, 0)
			sc.pos += sc.dir
			continue
		}
		if door, ok := s.equipWith(p, CarDoorFx); ok {
			if s.rules.askEquipment {
				s.phase = phEquip
				s.query, s.queryC = int8(p), door
				sc.door = true
				return false
			}
			s.reflect(p, door)
			continue
		}
		s.addHit(p, a.Damage, false, false)
		sc.left--
		sc.pos += sc.dir
	}
	return true
}

// reflect turns a linear attack back at the Car Door holder's slot
// (A8.25): it keeps its type and travels the other way.
func (s *State) reflect(p int, door uint8) {
	sc := &s.scan
	s.emit(evReflected, p, int(door), 0, 0)
	s.useEquip(p, door)
	sc.dir = -sc.dir
	sc.skip = int8(p)
	sc.pos = int8(s.line.Pos(ComradeOf(p))) + sc.dir
}

// doorDecision applies a Car Door answer and lets the attack go on.
func (s *State) doorDecision(use bool) {
	sc := &s.scan
	sc.door = false
	p := int(s.query)
	if use {
		s.reflect(p, s.queryC)
	} else {
		s.addHit(p, s.pack.Attack(uint8(s.attack)).Damage, false, false)
		sc.left--
		sc.pos += sc.dir
	}
	s.phase = phWindow
	s.resolveAttack()
}

// splash: main damage on the hit slot, indirect on the slots directly in
// front and behind (A5); no adjacency across the empty space or the
// Commissar. On the empty space nobody takes main damage and the neighbours
// still take indirect damage (the splash_empty option).
func (s *State) splash(a *Attack, slot int) {
	main := s.line.Slot[slot]
	if main.IsComrade() {
		if p := main.Seat(); !s.seats[p].is(fDuck) {
			s.addHit(p, a.Damage, true, false)
		} else {
			s.emit(evDucked, p, int(s.attack), 0, 0)
		}
	} else if !s.rules.splashEmptyNeighbours {
		return
	}
	for _, q := range [2]int{slot - 1, slot + 1} {
		if q < 0 || q >= int(s.line.N)-1 || !s.line.Slot[q].IsComrade() {
			continue
		}
		p := s.line.Slot[q].Seat()
		switch {
		case s.seats[p].is(fDuck):
			s.emit(evDucked, p, int(s.attack), 0, 0)
		case s.comradeAbility(p) == NoIndirect:
		default:
			s.addHit(p, a.Indirect, false, true)
		}
	}
}

// laser hits every Comrade from the Target toward the Commissar; the Tank
// stops it (FAQ), so its riders and everyone behind are spared.
func (s *State) laser(a *Attack, slot int) {
	for i := slot; i < int(s.line.N)-1; i++ {
		pc := s.line.Slot[i]
		if !pc.IsComrade() {
			continue
		}
		p := pc.Seat()
		if int(s.tank) == p {
			s.emit(evTankStopped, p, int(s.attack), 0, 0)
			s.useEquip(p, s.tankCard())
			return
		}
		s.addHit(p, a.Damage, false, false)
	}
}

// layWire puts Barbed Wire on its slot: whoever stands there is hurt, and
// so is whoever enters it later; the Tank destroys it.
func (s *State) layWire(c uint8, a *Attack, slot int) {
	pc := s.line.Slot[slot]
	if pc.IsComrade() && int(s.tank) == pc.Seat() {
		s.useEquip(pc.Seat(), s.tankCard())
		s.emit(evCrushed, pc.Seat(), int(c), 0, 0)
		s.discardAttack(c)
		s.attack = -1
		return
	}
	s.wire[slot] |= 1 << c
	s.emit(evWireLaid, -1, int(c), slot, 0)
	if pc.IsComrade() && s.comradeAbility(pc.Seat()) != MineImmune {
		s.addHit(pc.Seat(), a.Damage, false, false)
	}
}

// equipWith finds a piece of p's Equipment with effect e.
func (s *State) equipWith(p int, e ActionEffect) (uint8, bool) {
	eq := s.seats[p].equip
	for w, x := range eq {
		for ; x != 0; x &= x - 1 {
			c := uint8(w*64 + bits.TrailingZeros64(x))
			if s.pack.aEffect[c] == e {
				return c, true
			}
		}
	}
	return 0, false
}

// applicable reports whether p's Equipment card c can change the current
// attack's damage to p.
func (s *State) applicable(p int, c uint8) bool {
	e := s.pack.aEffect[c]
	used := s.eqUse[p]
	var any, ind, main bool
	for _, h := range s.hits[:s.hitN] {
		if int(h.seat) == p && h.dmg > 0 {
			any = true
			ind = ind || h.indirect
			main = main || h.main
		}
	}
	switch e {
	case HelmetFx:
		return any && used&useHelmet == 0
	case VestFx:
		return ind && used&useVest == 0
	case GasMaskFx:
		return any && used&useMask == 0 && s.pack.Attack(uint8(s.attack)).Effect == TearGas
	case DigInFx:
		return main && used&useDigIn == 0
	}
	return false
}

// nextQuery asks the next hit seat, in initiative order, about a piece of
// Equipment it could use (A8.24: optional); with the equipment option on
// "auto" every such piece is used without asking.
func (s *State) nextQuery() bool {
	for k := 0; k < int(s.n); k++ {
		p := s.order(k)
		if !s.alive(p) || s.seats[p].equip.empty() {
			continue
		}
		found := false
		s.seats[p].equip.each(func(c uint8) {
			if found || s.asked.has(c) || !s.applicable(p, c) {
				return
			}
			s.asked.set(c)
			if s.rules.askEquipment {
				s.phase = phEquip
				s.query, s.queryC = int8(p), c
				found = true
				return
			}
			s.useOn(p, c)
		})
		if found {
			return true
		}
	}
	return false
}

// useOn records that p uses Equipment c against the current attack.
func (s *State) useOn(p int, c uint8) {
	switch s.pack.aEffect[c] {
	case HelmetFx:
		s.eqUse[p] |= useHelmet
	case VestFx:
		s.eqUse[p] |= useVest
	case GasMaskFx:
		s.eqUse[p] |= useMask
	case DigInFx:
		s.eqUse[p] |= useDigIn
	}
	s.useEquip(p, c)
}

// applyHits applies the attack's damage to every Comrade hit, at once
// (told in initiative order).
func (s *State) applyHits(a *Attack) {
	for k := 0; k < int(s.n); k++ {
		p := s.order(k)
		if !s.alive(p) {
			continue
		}
		total, blows, hitAtAll := 0, 0, false
		used := s.eqUse[p]
		for _, h := range s.hits[:s.hitN] {
			if int(h.seat) != p {
				continue
			}
			hitAtAll = true
			d, indirect := int(h.dmg), h.indirect
			if h.main && used&useDigIn != 0 {
				d, indirect = int(a.Indirect), true
			}
			if indirect && used&useVest != 0 || used&useMask != 0 {
				d = 0
			}
			if d > 0 {
				total += d
				blows++
			}
		}
		if !hitAtAll {
			continue
		}
		st := &s.seats[p]
		if used&useHelmet != 0 {
			total--
		}
		if st.is(fCover) {
			total -= 2
		}
		if total <= 0 {
			s.emit(evDamage, p, int(s.attack), 0, int(st.hp))
			continue
		}
		if s.comradeAbility(p) == FirstHitImmune && !st.is(fAbilityUsed) {
			st.flags |= fAbilityUsed
			s.emit(evNikolai, p, -1, total, 0)
			continue
		}
		// A8.16: each Roulette adds its extra damage to every blow the holder takes.
		if p == int(s.initiative) && s.comradeAbility(p) != RouletteImmune {
			total += blows * s.roulettes() * int(s.rules.rouletteExtra)
		}
		st.hp -= int8(min(total, 127))
		st.flags |= fHurt
		s.emit(evDamage, p, int(s.attack), total, int(max(st.hp, 0)))
		if a.Effect == TearGas && s.comradeAbility(p) != GasImmune {
			st.flags |= fGassed
			s.emit(evGassed, p, -1, 0, 0)
		}
	}
	s.collectDead()
}
