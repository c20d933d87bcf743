package tagteam

import "math/bits"

// The greedy bot's look ahead plays hundreds of fight turns for each
// turn of the game. lookTurn is playTurn for it: the same steps on the
// same position, but a step with nothing to do this turn is not called
// (no block, no condition held back, no heal to steal, no symbol queued,
// no attack or cube change waiting), and the steps of the board rules
// of fighters not in play are left out (which fighters are in play never
// changes in a fight); the cards and the board symbols are read from
// tables the pack makes when it loads. TestLookTurnPlaysAsPlayTurn checks
// it against playTurn, turn by turn, on the positions of random and
// greedy games.

// lookCard is what a look ahead's turn reads of a card instance, by
// face (its stages, its front, its back), in one place.
type lookCard struct {
	faces    [3]lookFace
	fighter  uint8
	twoFaces bool // Summoning: Front and Back
	starting bool
	deferred bool
	readsHP  bool
}

// lookFace is one face of a card: its stages, and its block and cancel.
type lookFace struct {
	stages  [][]Op
	bonus   []Op // the block's success bonus (nil for a card that does not block)
	blocks  bool // Blocks and the face blocks
	cancels bool // Cancels and a stage of the face has a cancel (cardCancels)
}

// markLookCards fills the pack's lookCards (markFightFacts).
func (p *Pack) markLookCards() {
	p.lookCards = make([]lookCard, len(p.instCard))
	for i, ci := range p.instCard {
		c := &p.Cards[ci]
		lc := &p.lookCards[i]
		lc.fighter, lc.twoFaces = uint8(c.Fighter), c.Front != nil
		lc.starting, lc.deferred, lc.readsHP = c.Starting, c.Deferred, c.readsHP
		for k, stages := range [3][][]Op{c.Stages, c.Front, c.Back} {
			fc := &lc.faces[k]
			fc.stages = stages
			if c.Blocks {
				fc.blocks, fc.bonus = c.faceBlocks[k], c.faceBonus[k]
			}
			for _, st := range stages {
				for j := range st {
					fc.cancels = fc.cancels || (c.Cancels && st[j].Kind == OpCancel)
				}
			}
		}
	}
}

// lookCancelsBlocks is the end of reveal for the turn's faces fc (nil:
// none): the cancels, with the active fighters before the reveal prev0
// and prev1, and the blocks not cancelled.
func (s *State) lookCancelsBlocks(c *fightCtx, fc [2]*lookFace, prev0, prev1 uint8) {
	if fc[0] != nil && fc[1] != nil && (fc[0].cancels || fc[1].cancels) {
		for p := 0; p < 2; p++ {
			if fc[p].cancels {
				c.cancelled[1-p] = true
				s.emit(evCancelled, 1-p, int(c.card[1-p]), 0, 0)
			}
		}
		if !s.rules.cancelledActive && s.turns > 1 {
			if c.cancelled[0] {
				s.players[0].active = prev0
			}
			if c.cancelled[1] {
				s.players[1].active = prev1
			}
		}
	}
	s.lookBlocking(c, fc)
}

// lookBlocking marks the blocks of the turn's faces fc that are not
// cancelled.
func (s *State) lookBlocking(c *fightCtx, fc [2]*lookFace) {
	for p := 0; p < 2; p++ {
		if fc[p] != nil && fc[p].blocks && !c.cancelled[p] {
			c.blocking[p], c.blockOps[p] = true, fc[p].bonus
		}
	}
}

// lookReanimate is reveal's reanimation for p (lookTurn), whose face fc
// shows: a card reanimated by the Golem's token plays its stages again.
func (s *State) lookReanimate(c *fightCtx, lf *lookFight, p int, fc *lookFace) {
	if lf.f[s.activeSlot(p)].Rules&RGolemPresence != 0 {
		s.players[p].reanim = 0
		c.reanimate[p] = true
		c.stages[p] = fc.stages // reanimate reads them
	}
}

// iconTable is a track's symbols by space (the space h at h+8, as
// iconAt's bits): the look ahead's turns read them without a map lookup.
type iconTable [64][]Op

func newIconTable(icons map[int8][]Op) *iconTable {
	t := new(iconTable)
	for h, ops := range icons {
		if h >= -8 && h < 56 {
			t[h+8] = ops
		}
	}
	return t
}

// lookFireIcons is fireIcons, reading the symbols from the icon tables.
func (s *State) lookFireIcons(c *fightCtx) {
	q := &c.lookFight.icons // the symbols fired push more into c.icons
	n := copy(q[:], c.icons[:c.nIcons])
	c.nIcons = 0
	for _, ic := range q[:n] {
		fs := &s.players[ic.slot>>1].fighters[ic.slot&1]
		f := &s.pack.Fighters[fs.f]
		t := f.iconOps
		switch {
		case ic.track:
			t = f.Track.iconOps
		case f.Rules&RFeyFolk != 0 && int(fs.char) < len(f.Characters):
			t = f.Characters[fs.char].iconOps
		}
		var ops []Op
		if ic.at >= -8 && ic.at < 56 {
			ops = t[ic.at+8]
		}
		if !s.quiet {
			s.emit(evIcon, int(ic.slot>>1), -1, int(ic.slot&1), int(ic.at))
		}
		if len(ops) > 0 {
			s.lookRun(c, int(ic.slot>>1), int(ic.slot), ops)
		}
	}
}

// lookFight is what a look ahead's turns read of the fighters in play,
// made once for them (which fighters are in play never changes in a
// fight) and kept in the state's scratch: their boards, their board rules
// together, and whether a board asks hp_is.
type lookFight struct {
	pack    *Pack
	st      *State   // the state whose scratch holds it
	key     [4]uint8 // the fighters' pack indices, by slot
	f       [4]*Fighter
	fs      [4]*fighterState // the fighters in st, by slot
	has     Rule
	readsHP bool
	icons   [48]icon // fightCtx.icons: the symbols lookFireIcons fires, taken off the queue
}

// lookFighters is the state's lookFight, made on its first look-ahead
// turn (apart from the turn's scratch, which every state allocates), and
// again when the fighters in play are not the ones it was made for.
func (s *State) lookFighters(c *fightCtx) *lookFight {
	lf := c.lookFight
	if lf == nil {
		lf = new(lookFight)
		c.lookFight = lf
	}
	key := [4]uint8{s.players[0].fighters[0].f, s.players[0].fighters[1].f, s.players[1].fighters[0].f, s.players[1].fighters[1].f}
	if lf.pack == s.pack && lf.st == s && lf.key == key {
		return lf
	}
	*lf = lookFight{pack: s.pack, st: s, key: key}
	for sl, fi := range key {
		f := &s.pack.Fighters[fi]
		lf.f[sl], lf.fs[sl] = f, &s.players[sl>>1].fighters[sl&1]
		lf.has |= f.Rules
		lf.readsHP = lf.readsHP || f.readsHP
	}
	return lf
}

// lookTurn is one turn, T0 to T6, as playTurn plays it, for the
// fighters in play lf (lookFighters: made once a fight).
func (s *State) lookTurn(lf *lookFight) {
	c := s.scratch()
	// turnOps are not cleared: the reveal sets the ones read this turn
	// (a block's bonus, a reanimated card's stages).
	c.turnFacts = turnFacts{}
	s.turn++
	s.turns++
	// T0.
	a0, a1 := &s.players[0].fighters, &s.players[1].fighters
	c.power0 = [4]int8{a0[0].power, a0[1].power, a1[0].power, a1[1].power}
	c.power = c.power0
	if lf.has&RFeyFolk != 0 {
		// Only the Fey Folk count spirits.
		for sl := 0; sl < 4; sl++ {
			fs := &s.players[sl>>1].fighters[sl&1]
			c.spirits0[sl] = fs.spirits
			c.allSpirit[sl] = lf.f[sl].Rules&RFeyFolk != 0 && fs.charHP[0] <= 0 && fs.charHP[1] <= 0 && fs.charHP[2] <= 0
		}
	}
	c.projects = lf.readsHP
	// T1, T2: both top cards, read from the pack's lookCards in one loop
	// body, not a call a seat (the turn's most called step): the face
	// each shows (nil: none left) and whether it resolves later; then the
	// cancels and blocks where a face has one (or a seat has no card).
	var fc [2]*lookFace
	var later [2]bool
	prev0, prev1 := s.players[0].active, s.players[1].active
	cards := s.pack.lookCards
	for p := range 2 {
		pl := &s.players[p]
		if pl.next >= pl.deckN {
			c.card[p] = none
			continue
		}
		ci := pl.deck[pl.next]
		pl.next++
		c.card[p] = ci
		lc := &cards[ci]
		if pl.fighters[0].f == lc.fighter {
			pl.active = 0
		}
		if pl.fighters[1].f == lc.fighter {
			pl.active = 1
		}
		c.starting[p] = lc.starting
		f := &lc.faces[0]
		if lc.twoFaces {
			c.face[p] = 1
			if bitHas(pl.flipped[:], ci) {
				c.face[p] = 2
			}
			f = &lc.faces[c.face[p]]
		}
		c.projects = c.projects || lc.readsHP
		if pl.reanim != 0 {
			s.lookReanimate(c, lf, p, f)
		}
		if !s.quiet {
			s.emit(evReveal, p, int(ci), 0, 0)
		}
		fc[p], later[p] = f, lc.deferred
	}
	s.lastCard = c.card
	if fc[0] == nil || fc[1] == nil || fc[0].blocks || fc[1].blocks || fc[0].cancels || fc[1].cancels {
		s.lookCancelsBlocks(c, fc, prev0, prev1)
	}
	c.projects = c.projects && s.rules.hpCheckAfterHeal
	if c.projects {
		c.projHP = [4]int8{a0[0].hp, a0[1].hp, a1[0].hp, a1[1].hp}
	}
	s.lookResolveCards(c, fc, later)
	if c.blocking[0] || c.blocking[1] {
		s.lookBlockBonuses(c)
	}
	if c.nIfAttacked > 0 {
		s.answerIfAttacked()
	}
	if c.stolen[0] || c.stolen[1] {
		s.steal()
	}
	// T4, T5.
	s.lookSettle(c, lf.has)
	// T6.
	f0, f1, f2, f3 := lf.fs[0], lf.fs[1], lf.fs[2], lf.fs[3]
	f0.flags &^= ffImmune
	f1.flags &^= ffImmune
	f2.flags &^= ffImmune
	f3.flags &^= ffImmune
	if f0.hp > 0 && f1.hp > 0 && f2.hp > 0 && f3.hp > 0 &&
		f0.tok[Aflame] < 5 && f1.tok[Aflame] < 5 && f2.tok[Aflame] < 5 && f3.tok[Aflame] < 5 &&
		c.legends == [2]bool{} {
		// The usual turn: all four standing, none incinerated.
		if lf.has&RFeyFolk != 0 {
			s.spirits()
		}
		return
	}
	s.lookEndTurn(c, lf)
}

// lookSettle is settle, calling only the steps with something to do.
func (s *State) lookSettle(c *fightCtx, has Rule) {
	revive := s.rules.reviveAtOnce && has&RMamanBrijitRevive != 0
	for round := 0; round < 10+NumScheme; round++ {
		if c.heal != [4]int16{} || c.atk != [4]int16{} || c.dmg != [4]int16{} || c.setTo1 != [4]bool{} {
			s.lookMoves(c)
			c.heal, c.atk, c.dmg = [4]int16{}, [4]int16{}, [4]int16{} // revive reads none of them
		}
		if revive {
			s.revive()
		}
		if c.nIcons > 0 {
			s.lookFireIcons(c)
		}
		if c.nLanded < c.nAttacks {
			s.lookLand(c)
		}
		if c.nTransfers != 0 || c.loss != [4]int8{} || c.gain != [4]int8{} {
			s.lookApplyCubes(c)
		}
		if c.blocking[0] || c.blocking[1] || c.mine[0] || c.mine[1] {
			s.lookLateBlocks(c)
		}
		if c.heal != [4]int16{} || c.atk != [4]int16{} || c.dmg != [4]int16{} || c.nIcons > 0 {
			continue
		}
		if c.again[0] != [4]int16{} || c.again[1] != [4]int16{} || c.again[2] != [4]int16{} {
			c.heal, c.atk, c.dmg = c.again[0], c.again[1], c.again[2]
			c.again = [3][4]int16{}
			continue
		}
		if c.poison == [2]int8{} || !s.poisonOnce() {
			break
		}
	}
	if has&RBodvarBear != 0 {
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
}

// lookMoves moves each marker with a change to make (lookMove; the
// others stay, as move leaves them). A move changes no other slot's
// collected changes, so they are all read first.
func (s *State) lookMoves(c *fightCtx) {
	h, a, d, one := &c.heal, &c.atk, &c.dmg, c.setTo1
	m0 := one[0] || int(h[0]) != int(a[0])+int(d[0])
	m1 := one[1] || int(h[1]) != int(a[1])+int(d[1])
	m2 := one[2] || int(h[2]) != int(a[2])+int(d[2])
	m3 := one[3] || int(h[3]) != int(a[3])+int(d[3])
	if m0 {
		s.lookMove(c, 0, false)
	}
	if m1 {
		s.lookMove(c, 1, false)
	}
	if m2 {
		s.lookMove(c, 2, false)
	}
	if m3 {
		s.lookMove(c, 3, false)
	}
}

// lookEndTurn is endTurn where a fighter is down, incinerated or taken
// by the legends (lookTurn ends the usual turn itself, and clears the
// immunities first), each fighter's board read from lf, and the Fey
// Folk's spirits looked for only where they are in play.
func (s *State) lookEndTurn(c *fightCtx, lf *lookFight) {
	var lose, incinerated [2]bool
	for sl := range lf.fs {
		fs := lf.fs[sl]
		if fs.tok[Aflame] >= 5 && lf.f[sl].Rules&RIncineration == 0 {
			incinerated[sl>>1] = true
		}
		if fs.hp > 0 {
			continue // standing (a Fey Folk character above the Spirit space too)
		}
		switch f := lf.f[sl]; {
		case f.Rules&RFeyFolk != 0:
			fs.charHP[fs.char] = 0
		case f.Rules&RMamanBrijitRevive != 0 && s.rules.reviveSpace && fs.hp <= -2: // onRevive
			s.reviveSlot(sl)
		default:
			lose[sl>>1] = true
		}
	}
	if c.legends != [2]bool{} {
		for p := 0; p < 2; p++ {
			if c.legends[p] && !c.immuneCard[p] {
				lose[p] = true
			}
		}
	}
	if incinerated != [2]bool{} {
		lose = incinerated
	}
	if lose == [2]bool{} {
		if lf.has&RFeyFolk != 0 {
			s.spirits()
		}
		return
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
	case lose[0]:
		s.finish(1)
	default: // lose[1] alone: a turn that loses a team leaves one losing after Drag You to Hell
		s.finish(0)
	}
}

// lookResolveCards is resolveCards, for the faces the reveal found
// (lookTurn): those not cancelled resolve now, side by side, or later,
// after the other card.
func (s *State) lookResolveCards(c *fightCtx, fc [2]*lookFace, later [2]bool) {
	if c.cancelled[0] {
		fc[0] = nil
	}
	if c.cancelled[1] {
		fc[1] = nil
	}
	var now0, now1 [][]Op
	if fc[0] != nil && !later[0] {
		now0 = fc[0].stages
	}
	if fc[1] != nil && !later[1] {
		now1 = fc[1].stages
	}
	for st := 0; st < len(now0) || st < len(now1); st++ {
		if st < len(now0) {
			s.lookRun(c, 0, s.activeSlot(0), now0[st])
		}
		if st < len(now1) {
			s.lookRun(c, 1, s.activeSlot(1), now1[st])
		}
		s.lookEndStage(c)
	}
	if c.reanimate != [2]bool{} {
		for p := 0; p < 2; p++ {
			if c.reanimate[p] && fc[p] != nil {
				s.reanimate(p)
			}
		}
	}
	if later == [2]bool{} {
		return
	}
	for p := 0; p < 2; p++ {
		if fc[p] != nil && later[p] {
			for _, st := range fc[p].stages {
				s.lookRun(c, p, s.activeSlot(p), st)
				s.lookEndStage(c)
			}
		}
	}
}

// lookEndStage is endStage, calling only the steps with something to do.
func (s *State) lookEndStage(c *fightCtx) {
	if c.nIfNoAttack > 0 {
		q := c.ifNoAttack
		n := c.nIfNoAttack
		c.nIfNoAttack = 0
		s.answer(q[:n], layerIfNoAttack)
	}
	if c.nLanded < c.nAttacks {
		s.lookLand(c)
	}
	if c.nTransfers != 0 || c.loss != [4]int8{} || c.gain != [4]int8{} {
		s.lookApplyCubes(c)
	}
	if c.projects {
		for sl := 0; sl < 4; sl++ {
			c.projHP[sl] = s.lookMove(c, sl, true)
		}
	}
}

// lookLand is land, looking for a shield only on the slots an attack
// that is not blocked aims at (the others' shield leaves everything as
// it is), held by a fighter other than the Golem, and for the success
// bonuses only in a batch that has one.
func (s *State) lookLand(c *fightCtx) {
	lf := c.lookFight
	for guard := 0; c.nLanded < c.nAttacks && guard < 8; guard++ {
		from, to := c.nLanded, c.nAttacks
		c.nLanded = to
		batch := c.attacks[from:to]
		var aimed uint // bit t: an attack of batch that is not blocked aims at slot t
		bonus := false
		for i := range batch {
			if a := &batch[i]; !a.blocked {
				aimed |= 1 << (a.to & 3)
			}
			bonus = bonus || len(batch[i].success) > 0
		}
		// In slot order, as land: a shield only marks the attacks on its
		// holder and sends the token to the Golem.
		for ; aimed != 0; aimed &= aimed - 1 {
			t := bits.TrailingZeros(aimed)
			// The Golem's token on the Golem himself shields nobody (shield).
			if lf.fs[t].tok[Presence] != 0 && lf.f[t].Rules&RGolemPresence == 0 {
				s.shield(t, batch)
			}
		}
		for i := range batch {
			a := &batch[i]
			if a.blocked || a.shielded {
				continue
			}
			c.atk[a.to] += int16(a.str)
			s.emit(evAttack, int(a.p), -1, int(a.from), int(a.to)<<8|int(a.str))
		}
		if !bonus {
			continue
		}
		for i := range batch {
			a := &batch[i]
			if len(a.success) > 0 && s.groupHit(a.group, from) {
				s.lookRun(c, int(a.p), int(a.self), a.success)
			}
		}
	}
}

// lookMove is move for slot sl's marker, its fighter's board read from
// the turn's lookFight, the walk in the same body (the spaces entered
// are found as bits of the track's masks: a stop space, the symbols to
// queue in the order they are entered, instead of space by space). With
// project it is projectHP instead: where the marker would go, nothing
// moved or queued.
func (s *State) lookMove(c *fightCtx, sl int, project bool) int8 {
	fs, f := c.lookFight.fs[sl], c.lookFight.f[sl]
	from := fs.hp
	net := int(c.heal[sl]) - int(c.atk[sl]) - int(c.dmg[sl])
	setTo1 := c.setTo1[sl]
	if setTo1 {
		net = -max(int(from)-1, 0)
	}
	end := int(from)
	// No healing from KO, nor from the Spirit space (walk).
	if net != 0 && fs.flags&ffImmune == 0 && (from > 0 || net < 0) {
		var icons, stops uint64 // none on the Bear side, no symbols queued in a projection
		if fs.flags&ffBear == 0 {
			stops = f.Stops
			if !project {
				icons = f.iconAt
				if f.Rules&RFeyFolk != 0 && int(fs.char) < len(f.Characters) {
					icons = f.Characters[fs.char].iconAt
				}
			}
		}
		top := int(trackTop(fs, f))
		if net > 0 {
			end = min(end+net, top)
			if end <= int(from) {
				end = int(from)
			} else {
				span := spaces(int(from)+1, end)
				if st := stops & span; st != 0 {
					end = bits.TrailingZeros64(st) - 8 // the first stop space on the way up
					span = spaces(int(from)+1, end)
				}
				for m := icons & span; m != 0; m &= m - 1 {
					s.pushIcon(sl, false, int8(bits.TrailingZeros64(m)-8))
				}
			}
		} else {
			lo := 0
			if f.Rules&RMamanBrijitRevive != 0 && s.rules.reviveSpace {
				lo = -2
			}
			end = max(end+net, lo)
			if end >= int(from) || int(from)-1 > top {
				end = int(from)
			} else {
				span := spaces(end, int(from)-1)
				if st := stops & span; st != 0 {
					end = 63 - bits.LeadingZeros64(st) - 8 // the first stop space on the way down
					span = spaces(end, int(from)-1)
				}
				for m := icons & span; m != 0; {
					h := 63 - bits.LeadingZeros64(m)
					m &^= 1 << h
					s.pushIcon(sl, false, int8(h-8))
				}
			}
		}
	}
	pos := int8(end)
	if project {
		return pos
	}
	if setTo1 {
		// Every other HP change of the turn is ignored.
		c.setTo1[sl] = false
		fs.flags |= ffImmune
	}
	if pos == from {
		return pos
	}
	fs.hp = pos
	if f.Rules&RFeyFolk != 0 {
		fs.charHP[fs.char] = max(pos, 0)
	}
	if !s.quiet {
		s.emit(evHP, sl>>1, -1, sl&1, int(pos))
	}
	return pos
}

// spaces is the bits (h+8, as Fighter.Stops and iconAt) of the spaces
// from a to b, -8 <= a <= b < 56.
func spaces(a, b int) uint64 {
	return (1<<(b-a+1) - 1) << (a + 8)
}

// lookEndRound is endRound for the look ahead's states: the same
// position, the decks copied as blocks, and the events told only by a
// state that tells them.
func (s *State) lookEndRound() {
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.playedN = pl.deckN
		copy(pl.played[:], pl.deck[:pl.deckN])
		pl.newCard = none
	}
	if s.players[0].buildN < 3 || s.players[1].buildN < 3 {
		s.emit(evExhausted, -1, -1, int(s.round), 0)
		s.finish(-2)
		return
	}
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.offerN = 3
		copy(pl.offer[:], pl.build[:3])
		copy(pl.build[:], pl.build[3:pl.buildN])
		pl.buildN -= 3
		pl.known = min(pl.known, pl.buildN)
		pl.decided = 0
		if !s.quiet {
			for _, ci := range pl.offer[:3] {
				s.emit(evDrawn, p, int(ci), 0, 0)
			}
		}
	}
	s.phase = phBuild
}

// scoreEndRound ends a round as endRound does, as far as the greedy
// bot reads the position after it (playAhead, teamScore): the game is
// drawn if a build deck cannot give 3 (B5.10), else the build phase
// begins with both players owing a decision. The played cards, the new
// offers and the build decks are left as they were: nothing reads them
// before the state is copied over again. Only states whose scratch says
// so (fightCtx.scoreEnd) end their rounds so;
// TestGreedyPlacesShareTheirTurns compares their scores with the rules'
// round.
func (s *State) scoreEndRound() {
	if s.players[0].buildN < 3 || s.players[1].buildN < 3 {
		s.finish(-2)
		return
	}
	s.players[0].decided, s.players[1].decided = 0, 0
	s.phase = phBuild
}
