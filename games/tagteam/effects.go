package tagteam

// Effects that are Go code (FORMAT.md, "Unique effects"), health movement
// (T4), symbols (T5) and the end of a turn (T6).

// schemeOps are Milady's nine scheme effects; schemeKinds lists the eleven
// tokens: every effect once, and poison three times (the two duplicated
// tokens are both poison, as Board Game Arena's token ids show).
var schemeOps = [...][]Op{
	{{Kind: OpAttack, To: Opp}, {Kind: OpUnique, Unique: UUnleashScheme}},
	{{Kind: OpAttack, To: Opps}},
	{{Kind: OpHeal, N: 6, To: Partner}},
	{{Kind: OpDamage, N: 1, To: All}},
	{{Kind: OpPower, N: 2, To: Self}},
	{{Kind: OpPower, N: 2, To: Partner}},
	{{Kind: OpUnique, Unique: UUnleashScheme}, {Kind: OpPower, N: 1, To: Partner}},
	{{Kind: OpPower, N: 1, To: Team}},
	nil, // poison: half the opponent's HP as direct damage, never a KO, after every other scheme
}

const schemePoison = 8

var schemeKinds = [NumScheme]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8}

func (s *State) unique(p, self int, u Unique) {
	c := s.scratch()
	pl := &s.players[p]
	fs := s.slot(self>>1, self&1)
	switch u {
	case UReanimation:
		pl.reanim = 1
	case UDragToHell:
		c.drag[p] = true
	case UExecution:
		s.execution(p, self)
	case UCripplingTouch:
		s.cripplingTouch(p, self)
	case UHarderTheyFall:
		s.harderTheyFall(p, self)
	case UTerrorOfTheSeas:
		s.terrorOfTheSeas(p, self)
	case UEternalYouth:
		c.stolen[p] = true
	case UYouAreMine:
		c.mine[p] = true
		s.redirect(p)
	case UCorruptedLawman:
		s.corruptedLawman(p, self)
	case UKeysToTheArmory:
		s.keysToTheArmory(p, self)
	case UProtectTheInnocent:
		s.protectTheInnocent(p, self)
	case USummoning:
		if ci := c.card[p]; ci != none {
			bitFlip(pl.flipped[:], ci)
			s.emit(evFlipped, p, int(ci), 0, 0)
		}
	case ULegendsMustPass:
		if c.allSpirit[self] {
			c.legends[p] = true
		}
	case UPlantScheme:
		s.plantScheme(p, self)
	case UUnleashScheme:
		s.unleash(p, self)
	case UIgnite:
		s.ignite(p, self)
	case UGingBalance:
		fs.power = s.slot(self>>1, (self^1)&1).power
		s.emit(evPower, p, -1, self&1, 0)
	case UFlipSerpent:
		s.flipSerpent(p, self)
	}
}

// execution (Execution) finishes off an opponent left with 1 to 4 HP: it
// reads the HP the marker will stand on after the turn's changes collected
// so far (the top of the track and stop spaces included), and its direct
// damage nets those changes down to KO, since the marker moves once a turn
// (a stop space on the way down still halts it).
func (s *State) execution(p, self int) {
	c := s.scratch()
	opp := s.activeSlot(1 - p)
	left := int(s.projectHP(opp))
	if left > 0 && left <= 4 {
		raw := int(s.slot(opp>>1, opp&1).hp) + s.net(opp)
		c.dmg[opp] += int16(max(raw, left))
	}
}

// cripplingTouch (Crippling Touch) takes both revealed cards out of the game.
func (s *State) cripplingTouch(p, self int) {
	c := s.scratch()
	if ci := c.card[1-p]; ci != none {
		s.removeCard(1-p, ci)
		if s.pack.Card(ci).Stages != nil && s.isLegendsCard(ci) {
			c.immuneCard[1-p] = true
		}
	}
	if ci := c.card[p]; ci != none {
		s.removeCard(p, ci)
	}
}

// harderTheyFall (The Harder They Fall): an opponent with a Concentration
// token is attacked with its own power and loses the token; otherwise the
// token goes over to it.
func (s *State) harderTheyFall(p, self int) {
	c := s.scratch()
	opp := s.activeSlot(1 - p)
	o := s.slot(opp>>1, opp&1)
	if o.tok[Concentration] > 0 {
		s.attack(p, self, opp, c.power[opp], false)
		s.moveToken(Concentration, opp, self, 1)
	} else {
		s.moveToken(Concentration, self, opp, 1)
	}
}

// terrorOfTheSeas (Terror of the Seas) does what the space the track has
// reached says.
func (s *State) terrorOfTheSeas(p, self int) {
	c := s.scratch()
	fs := s.slot(self>>1, self&1)
	opp := s.activeSlot(1 - p)
	switch t := fs.track; {
	case t <= 7:
		s.attack(p, self, opp, c.power[self], false)
	case t <= 15:
		c.heal[self] += 2
	case t < 20:
	default:
		for _, o := range [2]int{opp, opp ^ 1} {
			c.setTo1[o] = true
		}
		fs.track = 0
		s.emit(evBroadside, p, -1, self&1, 0)
	}
}

// corruptedLawman (Corrupted Lawman) hands the Sheriff token over with an
// attack, or takes it back with power for both.
func (s *State) corruptedLawman(p, self int) {
	c := s.scratch()
	fs := s.slot(self>>1, self&1)
	opp := s.activeSlot(1 - p)
	switch {
	case fs.tok[Sheriff] > 0:
		s.moveToken(Sheriff, self, opp, 1)
		s.attack(p, self, opp, c.power[self], false)
	default:
		for _, o := range [2]int{opp, opp ^ 1} {
			if s.slot(o>>1, o&1).tok[Sheriff] > 0 {
				c.gain[o]++
				s.moveToken(Sheriff, o, self, 1)
				c.gain[self]++
			}
		}
	}
}

// keysToTheArmory (Keys to the Armory) sends the first Sheriff token found
// to the opponent, for 2 power to its holder.
func (s *State) keysToTheArmory(p, self int) {
	c := s.scratch()
	opp := s.activeSlot(1 - p)
	for sl := 0; sl < 4; sl++ {
		if s.slot(sl>>1, sl&1).tok[Sheriff] > 0 {
			c.gain[sl] += 2
			s.moveToken(Sheriff, sl, opp, 1)
			break
		}
	}
}

// protectTheInnocent (Protect the Innocent) attacks when the partner has
// the Presence token; otherwise the token comes to the partner for 3 damage.
func (s *State) protectTheInnocent(p, self int) {
	c := s.scratch()
	opp := s.activeSlot(1 - p)
	if s.slot(self>>1, (self^1)&1).tok[Presence] > 0 {
		s.attack(p, self, opp, c.power[self], false)
	} else {
		for sl := 0; sl < 4; sl++ {
			if s.slot(sl>>1, sl&1).tok[Presence] > 0 {
				s.moveToken(Presence, sl, self^1, 1)
			}
		}
		c.dmg[self] += 3
	}
}

// plantScheme plants the top scheme of the supply.
func (s *State) plantScheme(p, self int) {

	if s.schemeN > 0 && s.plantedN < NumScheme {
		s.planted[s.plantedN] = s.schemes[0]
		s.plantedN++
		copy(s.schemes[:], s.schemes[1:s.schemeN])
		s.schemeN--
		s.emit(evPlanted, p, -1, 0, 0)
	}
}

// ignite (Ignite) sends an Aflame! token from Shango's own supply (on his
// board) to the opponent. With the option aflame_jumps, an opponent with
// no Aflame! token first sends its partner's back to the supply.
func (s *State) ignite(p, self int) {
	opp := s.activeSlot(1 - p)
	for sl := p * 2; sl < p*2+2; sl++ {
		if s.fighterOf(sl).Rules&RIncineration == 0 {
			continue
		}
		if s.rules.aflameJumps && s.slot(opp>>1, opp&1).tok[Aflame] == 0 {
			s.moveToken(Aflame, opp^1, sl, int(s.slot(opp>>1, (opp^1)&1).tok[Aflame]))
		}
		s.moveToken(Aflame, sl, opp, 1)
	}
}

// flipSerpent turns over the Serpent token on either of p's fighters.
func (s *State) flipSerpent(p, self int) {

	for i := 0; i < 2; i++ {
		if f := s.slot(p, i); f.tok[Serpent] > 0 {
			f.serpent ^= 1
			s.emit(evSerpent, p, -1, i, int(f.serpent))
		}
	}
}

func (s *State) isLegendsCard(ci uint8) bool {
	found := false
	for _, st := range s.pack.Card(ci).Stages {
		walk(st, true, func(op *Op) {
			if op.Kind == OpUnique && op.Unique == ULegendsMustPass {
				found = true
			}
		})
	}
	return found
}

// removeCard takes a card out of p's fight deck for the rest of the game.
func (s *State) removeCard(p int, ci uint8) {
	pl := &s.players[p]
	for i := 0; i < int(pl.deckN); i++ {
		if pl.deck[i] == ci {
			copy(pl.deck[i:], pl.deck[i+1:pl.deckN])
			pl.deckN--
			if i < int(pl.next) {
				pl.next--
			}
			bitSet(pl.removed[:], ci)
			s.emit(evRemoved, p, int(ci), 0, 0)
			return
		}
	}
}

// redirect: You Are Mine turns the attacks p's block cancelled that were
// aimed at her or her partner onto the attacking team's partner, with
// their strength ("every attack aimed at her or her partner"): a cancelled
// attack on the attacking team's own fighter stays cancelled, not turned.
// They land with the block bonus's other effects (the Presence token
// shields that partner). Called again for the attacks cancelled later in
// the turn (a health-track symbol's), it turns only those.
func (s *State) redirect(p int) {
	c := s.scratch()
	target := s.activeSlot(1-p) ^ 1
	n := c.nAttacks
	for i := c.turnedUpTo[p]; i < n && c.nAttacks < len(c.attacks); i++ {
		if a := c.attacks[i]; int(a.p) == 1-p && a.blocked && int(a.to>>1) == p {
			c.attacked[target] = true
			c.attacks[c.nAttacks] = atkRec{p: a.p, from: a.from, to: uint8(target), self: a.self, group: 255, str: a.str}
			c.nAttacks++
		}
	}
	c.turnedUpTo[p] = c.nAttacks
}

// unleash reveals Milady's next planted scheme (with the option
// unleash_from_supply and none planted: the top of the supply); it leaves
// the game.
func (s *State) unleash(p, self int) {
	if ops, ok := s.nextScheme(p, self); ok {
		s.run(p, self, ops)
	}
}

// nextScheme takes the scheme unleash reveals out of the game and tells
// it; a poison is counted at once, and any other scheme's ops are
// returned to be run (ok), by the rules' run or the look ahead's.
func (s *State) nextScheme(p, self int) (ops []Op, ok bool) {
	var k uint8
	switch {
	case s.plantedN > 0:
		k = s.planted[0]
		copy(s.planted[:], s.planted[1:s.plantedN])
		s.plantedN--
	case s.schemeN > 0 && s.rules.unleashFromSupply:
		k = s.schemes[0]
		copy(s.schemes[:], s.schemes[1:s.schemeN])
		s.schemeN--
	default:
		return nil, false
	}
	kind := schemeKinds[k]
	s.emit(evScheme, p, int(kind), self&1, 0)
	if kind == schemePoison {
		s.scratch().poison[p]++
		return nil, false
	}
	return schemeOps[kind], true
}

// steal: Eternal Youth takes the opponents' heals of this turn.
func (s *State) steal() {
	c := s.scratch()
	for p := 0; p < 2; p++ {
		if !c.stolen[p] {
			continue
		}
		self := s.activeSlot(p)
		total := int16(0)
		for _, o := range [2]int{(1 - p) * 2, (1-p)*2 + 1} {
			total += c.heal[o]
			c.heal[o] = 0
		}
		if total > 0 {
			// The 2 power only if the heal she took moves her marker up
			// from where the turn's other changes leave it.
			without := s.projectHP(self)
			c.heal[self] += total
			gained := 0
			if s.projectHP(self) > without {
				s.slot(p, self&1).power += 2
				gained = 1
			}
			s.emit(evStolen, p, -1, self&1, int(total)|gained<<8)
		}
	}
}

// floor is the lowest space of a fighter's track: KO (0), or Maman
// Brijit's revive space below her two KO spaces.
func (s *State) floor(sl int) int8 {
	if s.fighterOf(sl).Rules&RMamanBrijitRevive != 0 && s.rules.reviveSpace {
		return -2
	}
	return 0
}

// maxHP is the top of the fighter's track now.
func (s *State) maxHP(sl int) int8 { return trackTop(s.slot(sl>>1, sl&1), s.fighterOf(sl)) }

// trackTop is the top of the track of fighter f in play as fs.
func trackTop(fs *fighterState, f *Fighter) int8 {
	switch {
	case fs.flags&ffBear != 0:
		return 15
	case f.Rules&RFeyFolk != 0 && int(fs.char) < len(f.Characters):
		return f.Characters[fs.char].HP
	}
	return f.HP
}

// hpIcons are the symbols of the health track slot sl is on now: a Fey
// Folk character's own.
func (s *State) hpIcons(sl int) map[int8][]Op {
	f := s.fighterOf(sl)
	if f.Rules&RFeyFolk != 0 {
		if k := int(s.slot(sl>>1, sl&1).char); k < len(f.Characters) {
			return f.Characters[k].Icons
		}
	}
	return f.Icons
}

// hpIconMask is hpIcons' spaces as bits (Fighter.iconAt).
func (s *State) hpIconMask(sl int) uint64 {
	f := s.fighterOf(sl)
	if f.Rules&RFeyFolk != 0 {
		if k := int(s.slot(sl>>1, sl&1).char); k < len(f.Characters) {
			return f.Characters[k].iconAt
		}
	}
	return f.iconAt
}

// enterCharacter puts the Fey Folk's active character on its top space
// and applies that space's symbol (at the start of the game and whenever
// a character enters).
func (s *State) enterCharacter(sl int) {
	fs := s.slot(sl>>1, sl&1)
	f := s.fighterOf(sl)
	if int(fs.char) >= len(f.Characters) {
		return
	}
	top := f.Characters[fs.char].HP
	fs.hp = fs.charHP[fs.char]
	if fs.hp != top {
		return
	}
	if ops := f.Characters[fs.char].Icons[top]; len(ops) > 0 {
		// The symbol fires on its own, outside the turn's collected
		// changes, which are kept for after it.
		c := s.scratch()
		saved := *c
		c.clearTurn()
		s.emit(evIcon, sl>>1, -1, sl&1, int(top))
		s.run(sl>>1, sl, ops)
		s.applyCubes()
		*c = saved
	}
}

// settle is T4 and T5: every marker moves once by its net change, then the
// symbols passed or landed on fire together; repeated while they move
// markers, at most 10 times (B8 #13). Milady's poisons come last, one at a
// time, each reading the HP the changes before it have left; then the
// Golem's second Reanimation pass, if it moves on its own.
func (s *State) settle() {
	c := s.scratch()
	for round := 0; round < 10+NumScheme; round++ {
		// With no change collected and none set to 1, no marker moves.
		if c.heal != [4]int16{} || c.atk != [4]int16{} || c.dmg != [4]int16{} || c.setTo1 != [4]bool{} {
			for sl := 0; sl < 4; sl++ {
				s.move(sl)
			}
		}
		if s.rules.reviveAtOnce {
			s.revive()
		}
		c.heal, c.atk, c.dmg = [4]int16{}, [4]int16{}, [4]int16{}
		s.fireIcons()
		s.land()
		s.applyCubes()
		s.lateBlocks()
		if c.heal != [4]int16{} || c.atk != [4]int16{} || c.dmg != [4]int16{} || c.nIcons > 0 {
			continue
		}
		if c.again != [3][4]int16{} {
			c.heal, c.atk, c.dmg = c.again[0], c.again[1], c.again[2]
			c.again = [3][4]int16{}
			continue
		}
		if !s.poisonOnce() {
			break
		}
	}
	for sl := 0; sl < 4; sl++ {
		if c.transform[sl] {
			fs := s.slot(sl>>1, sl&1)
			fs.flags |= ffBear | ffImmune
			fs.hp = min(fs.power, 15)
			fs.track = 0
			s.emit(evTransform, sl>>1, -1, sl&1, int(fs.hp))
		}
	}
}

// poisonOnce resolves one pending poison: direct damage of half the
// opponent's HP now, rounded down, never the last one. It reports whether
// there was one.
func (s *State) poisonOnce() bool {
	c := s.scratch()
	if c.poison == [2]int8{} {
		return false
	}
	for p := 0; p < 2; p++ {
		if c.poison[p] == 0 {
			continue
		}
		c.poison[p]--
		o := s.activeSlot(1 - p)
		if h := s.slot(o>>1, o&1).hp; h > 1 {
			c.dmg[o] += int16(min(h/2, h-1))
		}
		return true
	}
	return false
}

// net is the change collected for slot sl: heals minus attacks and direct
// damage (B5.6); Terror of the Seas at 20 ships replaces it with direct
// damage down to 1.
func (s *State) net(sl int) int {
	c := s.scratch()
	if c.setTo1[sl] {
		return -max(int(s.slot(sl>>1, sl&1).hp)-1, 0)
	}
	return int(c.heal[sl]) - int(c.atk[sl]) - int(c.dmg[sl])
}

// walk moves slot sl's marker net spaces on paper: it stops at the top,
// at the floor and on entering a stop space (B5.7, B5.8), never heals
// from KO, and with queue set queues the symbol of every space entered
// (none on the Bear side). It returns where the marker ends.
func (s *State) walk(sl, net int, queue bool) int8 {
	fs := s.slot(sl>>1, sl&1)
	pos := fs.hp
	if net == 0 || fs.flags&ffImmune != 0 || (fs.hp <= 0 && net > 0) {
		return pos // no healing from KO, nor from the Spirit space
	}
	f := s.fighterOf(sl)
	lo, hi := s.floor(sl), s.maxHP(sl)
	var icons uint64 // the spaces whose symbols queue (none on the Bear side)
	if queue && fs.flags&ffBear == 0 {
		icons = s.hpIconMask(sl)
	}
	dir := int8(1)
	if net < 0 {
		dir, net = -1, -net
	}
	for k := 0; k < net; k++ {
		next := pos + dir
		if next > hi || next < lo {
			break
		}
		pos = next
		if hasIcon(icons, pos) {
			s.pushIcon(sl, false, pos)
		}
		if f.IsStop(int(pos)) && fs.flags&ffBear == 0 {
			break
		}
	}
	return pos
}

// projectHP is where slot sl's marker will stand after the changes
// collected so far.
func (s *State) projectHP(sl int) int8 { return s.walk(sl, s.net(sl), false) }

// move is T4 for one fighter; it reports whether the marker moved.
func (s *State) move(sl int) bool {
	c := s.scratch()
	net := s.net(sl)
	if net == 0 && !c.setTo1[sl] {
		return false // the marker stays, as walk would leave it
	}
	fs := s.slot(sl>>1, sl&1)
	from := fs.hp
	pos := s.walk(sl, net, true)
	if c.setTo1[sl] {
		// Every other HP change of the turn is ignored.
		c.setTo1[sl] = false
		fs.flags |= ffImmune
	}
	if pos == from {
		return false
	}
	fs.hp = pos
	if s.fighterOf(sl).Rules&RFeyFolk != 0 {
		fs.charHP[fs.char] = max(pos, 0)
	}
	s.emit(evHP, sl>>1, -1, sl&1, int(pos))
	return true
}

// fireIcons fires the queued symbols together.
func (s *State) fireIcons() {
	c := s.scratch()
	if c.nIcons == 0 {
		return
	}
	var q [48]icon
	n := copy(q[:], c.icons[:c.nIcons])
	c.nIcons = 0
	for _, ic := range q[:n] {
		f := s.fighterOf(int(ic.slot))
		ops := s.hpIcons(int(ic.slot))[ic.at]
		if ic.track {
			ops = f.Track.Icons[ic.at]
		}
		// A symbol passed on the way to KO fires too (KO is judged at the
		// end of the turn); a heal still never lifts a fighter off KO.
		s.emit(evIcon, int(ic.slot>>1), -1, int(ic.slot&1), int(ic.at))
		s.run(int(ic.slot>>1), int(ic.slot), ops)
	}
}

// endTurn is T6: KO, double KO, Incineration, Drag You to Hell, Maman
// Brijit's revive, the Fey Folk's spirits.
func (s *State) endTurn() {
	c := s.scratch()
	var lose [2]bool
	var incinerated [2]bool
	for sl := 0; sl < 4; sl++ {
		fs := s.slot(sl>>1, sl&1)
		f := s.fighterOf(sl)
		fs.flags &^= ffImmune
		p := sl >> 1
		if fs.tok[Aflame] >= 5 && f.Rules&RIncineration == 0 {
			// Shango's own supply on his board is not a fire.
			incinerated[p] = true
		}
		switch {
		case f.Rules&RFeyFolk != 0:
			if fs.hp <= 0 {
				fs.charHP[fs.char] = 0
			}
		case fs.hp > 0:
		case s.onRevive(sl):
			s.reviveSlot(sl)
		default:
			lose[p] = true
		}
	}
	for p := 0; p < 2; p++ {
		if c.legends[p] && !c.immuneCard[p] {
			lose[p] = true
		}
	}
	switch {
	case incinerated[0] || incinerated[1]:
		lose = incinerated
	}
	for p := 0; p < 2; p++ {
		if lose[p] && c.drag[p] {
			lose[p], lose[1-p] = false, true
			s.emit(evDragged, p, -1, 0, 0)
		}
	}
	switch {
	case lose[0] && lose[1]:
		s.finish(-2)
		return
	case lose[0]:
		s.finish(1)
		return
	case lose[1]:
		s.finish(0)
		return
	}
	s.spirits()
}

// spirits is the end of a turn for the Fey Folk: a character on the
// Spirit space counts a spirit; the owner picks the next one.
func (s *State) spirits() {
	for sl := 0; sl < 4; sl++ {
		fs := s.slot(sl>>1, sl&1)
		if fs.hp > 0 || fs.flags&ffSpirit != 0 || s.fighterOf(sl).Rules&RFeyFolk == 0 {
			continue
		}
		fs.flags |= ffSpirit
		fs.spirits = min(fs.spirits+1, 4)
		s.emit(evSpirit, sl>>1, -1, sl&1, int(fs.spirits))
		left := 0
		for k := 0; k < 3; k++ {
			if fs.charHP[k] > 0 {
				left++
			}
		}
		if left > 0 {
			s.phase = phSpirit
			s.spiritP = int8(sl >> 1)
			return
		}
	}
}

// onRevive reports whether slot sl is Maman Brijit on her revive space.
func (s *State) onRevive(sl int) bool {
	return s.fighterOf(sl).Rules&RMamanBrijitRevive != 0 && s.rules.reviveSpace && s.slot(sl>>1, sl&1).hp <= -2
}

// reviveSlot brings Maman Brijit back from her revive space: 4 HP and 1
// more power.
func (s *State) reviveSlot(sl int) {
	fs := s.slot(sl>>1, sl&1)
	fs.power++
	fs.hp = 4
	s.emit(evRevived, sl>>1, -1, sl&1, 4)
}

// revive, with the option revive_at_once, brings Maman Brijit back as
// soon as her marker stops on the revive space, so that the turn's later
// changes (a health-track symbol's) count from 4.
func (s *State) revive() {
	for sl := 0; sl < 4; sl++ {
		if s.onRevive(sl) {
			s.reviveSlot(sl)
		}
	}
}

// chooseSpirit puts Fey Folk character k on its top space.
func (s *State) chooseSpirit(p int, k uint8) {
	for i := 0; i < 2; i++ {
		fs := s.slot(p, i)
		if s.fighterOf(p*2+i).Rules&RFeyFolk == 0 || fs.flags&ffSpirit == 0 {
			continue
		}
		fs.char = k
		fs.flags &^= ffSpirit
		s.emit(evCharacter, p, -1, i, int(k))
		s.enterCharacter(p*2 + i)
	}
}

func (s *State) finish(winner int8) {
	s.over = 1
	s.phase = phOver
	s.winner = winner
	s.emit(evGameOver, int(winner), -1, 0, 0)
}
