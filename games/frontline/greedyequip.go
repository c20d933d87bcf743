package frontline

import "math/bits"

// equipInPlace is p's survival score once p uses the Equipment c it is
// asked about (do's mUse: useOn, and the attack goes on), worked out on s
// and put back instead of on a copy. Another question waiting leaves the
// attack where it is, and using c changes nothing a survival score reads
// but what it records in eqUse: p scores the position's own. Where none
// waits, the hits are dealt (applyHits) with the use recorded and p's score
// read with the window back, as a copy's is once the attack resolved (a
// look-ahead copy's turn does not end). ok is false, and s is as it was,
// for a Car Door's question (the strike goes on), for a piece whose use
// records nothing, and where the hits could kill (hitsCannotKill) or a
// death or a Commissar's advance already waits: collectDead would change
// more.
func (s *State) equipInPlace(p int, c uint8, now *survivalNow) (v int, ok bool) {
	flag := useFlag(s.pack.aEffect[c])
	if s.phase != phEquip || s.scan.door || s.scan.target < s.nTargets || flag == 0 || s.attack < 0 || s.over {
		return 0, false
	}
	used := s.eqUse[p]
	s.eqUse[p] |= flag
	if s.questionWaits() {
		s.eqUse[p] = used
		return now.get(), true
	}
	if !now.movable() {
		s.eqUse[p] = used
		return 0, false
	}
	a := s.pack.Attack(uint8(s.attack))
	if !s.hitsCannotKill(a) {
		s.eqUse[p] = used
		return 0, false
	}
	var f firing
	f.save(s)
	phase, probing := s.phase, s.probing
	s.phase, s.probing = phWindow, true // it tells no events
	s.applyHits(a)                      // no one dies, and nothing waits: collectDead changes nothing
	v = s.survival(p)
	s.phase, s.probing, s.eqUse[p] = phase, probing, used
	f.putBack(s)
	return v, true
}

// hitsCannotKill reports whether applyHits of Attack a would leave every
// living Comrade with hit points: each has more than all its hits would
// deal it, with no Equipment used, each blow with the Roulettes' extra.
func (s *State) hitsCannotKill(a *Attack) bool {
	var worst [MaxSeats]int
	extra := s.roulettes() * int(s.rules.rouletteExtra)
	for _, h := range s.hits[:s.hitN] {
		d := int(h.dmg)
		if h.main {
			d = max(d, int(a.Indirect)) // Dig In turns a main hit into an indirect one
		}
		if d > 0 {
			worst[h.seat] += d + extra
		}
	}
	for q := range int(s.n) {
		if s.alive(q) && int(s.seats[q].hp) <= worst[q] {
			return false
		}
	}
	return true
}

// useFlag is what useOn records in eqUse for a piece of Equipment with
// effect e: nothing for the pieces that are not asked about.
func useFlag(e ActionEffect) uint8 {
	switch e {
	case HelmetFx:
		return useHelmet
	case VestFx:
		return useVest
	case GasMaskFx:
		return useMask
	case DigInFx:
		return useDigIn
	}
	return 0
}

// questionWaits reports whether nextQuery would ask a seat about a piece
// of Equipment: one not asked about yet that can change the attack's
// damage to its holder (applicable), which only a piece whose use records
// something, not recorded yet, can do for a seat hit for damage. It
// changes nothing.
func (s *State) questionWaits() bool {
	var hit uint16 // the seats hit for damage
	for _, h := range s.hits[:s.hitN] {
		if h.dmg > 0 {
			hit |= 1 << uint(h.seat)
		}
	}
	hit &= s.live
	for ; hit != 0; hit &= hit - 1 {
		q := bits.TrailingZeros16(hit)
		for w, x := range s.seats[q].equip {
			for x &^= s.asked[w]; x != 0; x &= x - 1 {
				c := uint8(w*64 + bits.TrailingZeros64(x))
				if f := useFlag(s.pack.aEffect[c]); f != 0 && s.eqUse[q]&f == 0 && s.applicable(q, c) {
					return true
				}
			}
		}
	}
	return false
}
