package frontline

import "math/bits"

// strikeDamage is strikeNow(p) without changing s: the damage the current
// Attack would deal p if it struck now from its first Target, with no
// Equipment asked about. ok is false, in the rare strike that wears more
// pieces of Equipment than it keeps count of (strike).
func (s *State) strikeDamage(p int) (d int, ok bool) {
	if !s.attackPending() {
		return 0, true
	}
	a := s.pack.Attack(uint8(s.attack))
	if d, ok = s.plainDamage(a, p); !ok {
		if d, ok = s.wearingDamage(a, p); !ok {
			return 0, false
		}
	}
	if s.seats[p].is(fCover) {
		d -= 2
	}
	if p == int(s.initiative) && d > 0 {
		d += s.roulettes() * int(s.rules.rouletteExtra)
	}
	return max(d, 0), true
}

// tally adds up the hits of a strike on seat p.
type tally struct {
	p, d int
	hitN int // the hits so far, of any seat: the state keeps len(State.hits)
}

// hit is addHit.
func (t *tally) hit(q int, dmg int8) {
	if t.hitN < len(State{}.hits) {
		t.hitN++
		if q == t.p {
			t.d += int(dmg)
		}
	}
}

// plainDamage is the hits on p of Attack a where it wears nothing; ok is
// false where it would (it reaches the Tank, or a Car Door on its way).
func (s *State) plainDamage(a *Attack, p int) (int, bool) {
	t, last := tally{p: p}, int(s.line.N)-1
	for k := range int(s.nTargets) {
		slot := int(s.targets[k])
		if slot < 0 || slot >= last {
			continue
		}
		switch {
		case a.Type == Linear:
			dir, left := 1, int(a.Hits)
			if a.TowardFront {
				dir = -1
			}
			for pos := slot; left > 0 && pos >= 0 && pos < last; pos += dir {
				pc := s.line.Slot[pos]
				if !pc.IsComrade() || !s.alive(pc.Seat()) {
					continue
				}
				q := pc.Seat()
				if int(s.tank) == q {
					return 0, false
				}
				if s.seats[q].is(fDodge) {
					continue
				}
				if !s.seats[q].equip.and(s.pack.carDoors).empty() {
					return 0, false
				}
				t.hit(q, a.Damage)
				left--
			}
		case a.Type == Splash:
			s.splashHits(a, slot, &t)
		case a.Effect == LaserFx:
			for i := slot; i < last; i++ {
				if pc := s.line.Slot[i]; pc.IsComrade() {
					if int(s.tank) == pc.Seat() {
						return 0, false
					}
					t.hit(pc.Seat(), a.Damage)
				}
			}
		case a.Effect == BarbedWire:
			if pc := s.line.Slot[slot]; pc.IsComrade() {
				if int(s.tank) == pc.Seat() {
					return 0, false
				}
				if s.comradeAbility(pc.Seat()) != MineImmune {
					t.hit(pc.Seat(), a.Damage)
				}
			}
		}
	}
	return t.d, true
}

// splashHits is splash's hits: it wears nothing.
func (s *State) splashHits(a *Attack, slot int, t *tally) {
	main := s.line.Slot[slot]
	if main.IsComrade() {
		if q := main.Seat(); !s.seats[q].is(fDuck) {
			t.hit(q, a.Damage)
		}
	} else if !s.rules.splashEmptyNeighbours {
		return
	}
	for _, i := range [2]int{slot - 1, slot + 1} {
		if i < 0 || i >= int(s.line.N)-1 || !s.line.Slot[i].IsComrade() {
			continue
		}
		q := s.line.Slot[i].Seat()
		if !s.seats[q].is(fDuck) && s.comradeAbility(q) != NoIndirect {
			t.hit(q, a.Indirect)
		}
	}
}

// strike is a strike that wears a Tank or Car Doors (useEquip), worked out
// on the side: what wears is counted apart, not on the position.
type strike struct {
	tally
	s    *State
	a    *Attack
	tank int     // the seat riding the Tank, -1 once it is worn out
	gone cardSet // the pieces of Equipment worn out
	worn [8]struct {
		c uint8
		n int8
	}
	wornN int
	ok    bool // false once more pieces wear than worn keeps
}

// wearingDamage is the hits on p of Attack a where a Tank or Car Door may
// wear.
func (s *State) wearingDamage(a *Attack, p int) (int, bool) {
	k := strike{tally: tally{p: p}, s: s, a: a, tank: int(s.tank), ok: true}
	for t := range int(s.nTargets) {
		slot := int(s.targets[t])
		if slot < 0 || slot >= int(s.line.N)-1 {
			continue
		}
		switch {
		case a.Type == Linear:
			k.linear(slot)
		case a.Type == Splash:
			s.splashHits(a, slot, &k.tally)
		case a.Effect == LaserFx:
			k.laser(slot)
		case a.Effect == BarbedWire:
			k.wire(slot)
		}
	}
	return k.d, k.ok
}

// use is useEquip of q's card c: a point of Durability spent, and at 0
// the card gone (and the Tank, if it was the Tank's).
func (k *strike) use(q int, c uint8) {
	i := 0
	for i < k.wornN && k.worn[i].c != c {
		i++
	}
	if i == k.wornN {
		if i == len(k.worn) {
			k.ok = false
			return
		}
		k.worn[i].c, k.worn[i].n = c, 0
		k.wornN++
	}
	k.worn[i].n++
	if k.s.dur[c]-k.worn[i].n <= 0 {
		k.gone.set(c)
		if k.s.pack.aEffect[c] == TankFx && k.tank == q {
			k.tank = -1
		}
	}
}

// useTank is the Tank stopping the attack: its card wears.
func (k *strike) useTank() { k.use(k.tank, k.s.tankCard()) }

// door is equipWith(q, CarDoorFx) among the cards not worn out.
func (k *strike) door(q int) (uint8, bool) {
	eq := k.s.seats[q].equip
	if eq.and(k.s.pack.carDoors).empty() {
		return 0, false
	}
	eq[0] &^= k.gone[0]
	eq[1] &^= k.gone[1]
	for w, x := range eq {
		for ; x != 0; x &= x - 1 {
			c := uint8(w*64 + bits.TrailingZeros64(x))
			if k.s.pack.aEffect[c] == CarDoorFx {
				return c, true
			}
		}
	}
	return 0, false
}

// linear is scanLinear from the Target at slot, to its end.
func (k *strike) linear(slot int) {
	s, a := k.s, k.a
	pos, dir, left, skip := slot, 1, int(a.Hits), -1
	if a.TowardFront {
		dir = -1
	}
	last := int(s.line.N) - 1
	for left > 0 && pos >= 0 && pos < last {
		pc := s.line.Slot[pos]
		if !pc.IsComrade() || pc.Seat() == skip || !s.alive(pc.Seat()) {
			pos += dir
			continue
		}
		q := pc.Seat()
		if k.tank == q {
			// FAQ: a linear attack stops at the Tank.
			k.useTank()
			return
		}
		if s.seats[q].is(fDodge) {
			pos += dir
			continue
		}
		if door, ok := k.door(q); ok {
			// reflect
			k.use(q, door)
			dir = -dir
			skip = q
			pos = s.line.Pos(ComradeOf(q)) + dir
			continue
		}
		k.hit(q, a.Damage)
		left--
		pos += dir
	}
}

// laser is laser: the Tank stops it.
func (k *strike) laser(slot int) {
	s := k.s
	for i := slot; i < int(s.line.N)-1; i++ {
		pc := s.line.Slot[i]
		if !pc.IsComrade() {
			continue
		}
		q := pc.Seat()
		if k.tank == q {
			k.useTank()
			return
		}
		k.hit(q, k.a.Damage)
	}
}

// wire is layWire's hit: the Tank crushes the wire instead.
func (k *strike) wire(slot int) {
	s := k.s
	pc := s.line.Slot[slot]
	if !pc.IsComrade() {
		return
	}
	if q := pc.Seat(); k.tank == q {
		k.useTank()
	} else if s.comradeAbility(q) != MineImmune {
		k.hit(q, k.a.Damage)
	}
}
