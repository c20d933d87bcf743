package tagteam

import "stolik/engine"

// The fight phase: one turn per card of the fight deck, resolved without
// decisions (B3, B5). A turn snapshots power (T0), reveals both top cards
// (T1), sets the active fighters (T2), resolves both cards stage by stage
// (T3: tokens and tracks change at once; at the end of each stage the
// attacks land and the cubes change; HP changes are collected), moves
// every health marker once by its net change (T4), fires the symbols passed
// or landed on (T5, repeated while they move markers), and ends (T6).
//
// Nothing in a turn is decided by which seat or slot is looked at first:
// what one card's conditions ask of the other card is answered after both
// have acted (pendingIf), and attacks meet blocks and shields together.

// atkRec is one attack of the turn. An attack is made when its card says
// so; it lands (or is shielded) once both cards' stage has resolved.
type atkRec struct {
	p, from, to uint8
	self        uint8 // the fighter whose card made it (its success bonus acts for it)
	group       uint8 // the attacks of one action share a group and one success bonus
	str         int8
	blocked     bool // cancelled by a block
	shielded    bool // cancelled by the Presence token
	success     []Op // the action's success bonus (on the group's first attack)
}

// transfer is a queued cube transfer.
type transfer struct{ from, to, n uint8 }

// icon is a symbol waiting to fire at T5.
type icon struct {
	slot  uint8
	track bool // a special-track symbol, not a health-track one
	at    int8
}

// pendingIf is a condition on what the other card did, held back until
// that card has done it.
type pendingIf struct {
	p, self uint8
	op      *Op
}

// Layers of a turn: the cards' own actions, then the conditions on whether
// the opponent attacked (at the end of each stage), then, once every
// attack and block bonus of the turn is known, the conditions on being
// attacked or blocked.
const (
	layerMain uint8 = iota
	layerIfNoAttack
	layerIfAttacked
)

// fightCtx is the scratch of one turn: the turn's facts, cleared at its
// start, and lists that only their counts (among the facts) make live, so
// that a turn clears a few hundred bytes, not the lists.
type fightCtx struct {
	turnFacts
	turnOps

	attacks    [24]atkRec
	ifNoAttack [8]pendingIf
	ifAttacked [8]pendingIf
	transfers  [8]transfer
	icons      [48]icon

	// guessed holds the legal moves a look ahead guesses from (playAhead).
	guessed []engine.Move
	// lookFight is what the look ahead's turns read of the fighters in
	// play (lookFighters).
	lookFight *lookFight
	// scoreEnd: the state's round ends as scoreEndRound ends it, because
	// only the team score and the decision owed are read after it (the
	// greedy bot's look-ahead states). Kept by copies into the state, as
	// the scratch is.
	scoreEnd bool
}

// turnOps are the ops of the turn's cards; a turn starts them afresh too
// (clearTurn), but apart from turnFacts, which holds no pointers and so
// clears as plain bytes.
type turnOps struct {
	stages   [2][][]Op
	blockOps [2][]Op
}

// clearTurn starts the turn's facts and ops afresh.
func (c *fightCtx) clearTurn() {
	c.turnFacts = turnFacts{}
	c.turnOps = turnOps{}
}

// turnFacts is what a turn starts afresh.
type turnFacts struct {
	power0    [4]int8
	spirits0  [4]int8
	allSpirit [4]bool
	card      [2]uint8
	cancelled [2]bool
	blocking  [2]bool
	bonusDone [2]bool
	starting  [2]bool
	reanimate [2]bool

	nAttacks  int // live entries of attacks
	nLanded   int
	nGroups   uint8
	attacked  [4]bool // targeted by an attack, before blocks
	made      [2]bool // p's card made an attack of its own
	cancelsBy [2]int  // attacks p's block cancelled
	wasBlock  [2]bool // an attack of p's was blocked
	inBonus   bool    // running a block's success bonus

	layer       uint8
	nIfNoAttack int      // live entries of ifNoAttack
	nIfAttacked int      // live entries of ifAttacked
	projHP      [4]int8  // HP as it will stand after the changes of the stages resolved so far
	projects    bool     // projHP is kept: an op that may run this turn reads it (hp_is, with hp_check_after_heal)
	face        [2]uint8 // the face each card shows: 0 its stages, 1 its front, 2 its back

	heal, atk, dmg [4]int16
	again          [3][4]int16 // Reanimation's second pass, when it moves the markers again: heal, attack, damage
	setTo1         [4]bool
	loss, gain     [4]int8
	nTransfers     int     // live entries of transfers
	power          [4]int8 // the power that "power" reads (T0, or after a first Reanimation pass)

	nIcons     int // live entries of icons
	poison     [2]int8
	drag       [2]bool
	legends    [2]bool
	immuneCard [2]bool // Crippling Touch removed the Fey Folk's own KO card
	transform  [4]bool
	stolen     [2]bool
	mine       [2]bool
	turnedUpTo [2]int // the attacks You Are Mine has looked at (redirect)
}

// runFight plays fight turns until the round ends, the game ends, a
// decision is needed (a Fey Folk character), or a look ahead halts it
// (haltAt).
func (s *State) runFight() {
	var lf *lookFight // a look ahead's fighters in play (lookTurn)
	for s.over == 0 && s.phase != phSpirit {
		if s.players[0].next >= s.players[0].deckN && s.players[1].next >= s.players[1].deckN {
			switch {
			case !s.lean:
				s.endRound()
			case s.fight != nil && s.fight.scoreEnd:
				s.scoreEndRound()
			default:
				s.lookEndRound()
			}
			return
		}
		if s.haltAt != 0 && s.turn+1 >= s.haltAt {
			s.halted = true
			return
		}
		if s.lean {
			if lf == nil {
				lf = s.lookFighters(s.scratch())
			}
			s.lookTurn(lf)
		} else {
			s.playTurn()
		}
	}
}

func (s *State) activeSlot(p int) int { return p*2 + int(s.players[p].active) }

// playTurn is one turn, T0 to T6.
func (s *State) playTurn() {
	c := s.scratch()
	c.clearTurn()
	s.turn++
	s.turns++
	// T0.
	for sl := 0; sl < 4; sl++ {
		fs := s.slot(sl>>1, sl&1)
		f := s.fighterOf(sl)
		c.power0[sl] = fs.power
		c.spirits0[sl] = fs.spirits
		c.allSpirit[sl] = fs.charHP[0] <= 0 && fs.charHP[1] <= 0 && fs.charHP[2] <= 0 && f.Rules&RFeyFolk != 0
		c.projHP[sl] = fs.hp
		c.projects = c.projects || f.readsHP // a board in play asks hp_is
	}
	c.power = c.power0
	s.reveal()
	c.projects = c.projects && s.rules.hpCheckAfterHeal
	s.resolveCards()
	s.blockBonuses()
	s.answerIfAttacked()
	s.steal()
	// T4, T5.
	s.settle()
	s.endTurn()
}

// reveal is T1 and T2: both top cards, the active fighters, the cancels
// and the blocks of the turn.
func (s *State) reveal() {
	c := s.scratch()
	prevActive := [2]uint8{s.players[0].active, s.players[1].active}
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		c.card[p] = none
		if pl.next >= pl.deckN {
			continue
		}
		ci := pl.deck[pl.next]
		pl.next++
		c.card[p] = ci
		card := s.pack.Card(ci)
		for i := 0; i < 2; i++ {
			if int(pl.fighters[i].f) == card.Fighter {
				pl.active = uint8(i)
			}
		}
		c.starting[p] = card.Starting
		c.stages[p] = card.Stages
		c.face[p] = 0
		if card.Front != nil {
			c.stages[p], c.face[p] = card.Front, 1
			if bitHas(pl.flipped[:], ci) {
				c.stages[p], c.face[p] = card.Back, 2
			}
		}
		c.projects = c.projects || card.readsHP
		if pl.reanim != 0 && s.fighterOf(s.activeSlot(p)).Rules&RGolemPresence != 0 {
			pl.reanim = 0
			c.reanimate[p] = true
		}
		s.emit(evReveal, p, int(ci), 0, 0)
	}
	s.lastCard = c.card
	// Cancels: a card with Cancel ignores the opposing card (both: both).
	for p := 0; p < 2; p++ {
		if c.card[p] != none && c.card[1-p] != none && s.cardCancels(p) {
			c.cancelled[1-p] = true
			s.emit(evCancelled, 1-p, int(c.card[1-p]), 0, 0)
		}
	}
	if !s.rules.cancelledActive && s.turns > 1 {
		// The option off (B8 #8): a cancelled card does not set its
		// owner's active fighter. On the game's first turn there is no
		// earlier one to keep, so it does.
		for p := 0; p < 2; p++ {
			if c.cancelled[p] {
				s.players[p].active = prevActive[p]
			}
		}
	}
	for p := 0; p < 2; p++ {
		if !s.resolves(p) {
			continue
		}
		if card := s.pack.Card(c.card[p]); card.Blocks {
			c.blocking[p], c.blockOps[p] = card.faceBlocks[c.face[p]], card.faceBonus[c.face[p]]
		}
	}
}

// resolveCards is T3: both cards stage by stage, then Reanimation's second
// pass, then the cards that resolve after the opponent's.
func (s *State) resolveCards() {
	c := s.scratch()
	// The cards that play now, in stages side by side (not deferred).
	var now [2]bool
	for p := 0; p < 2; p++ {
		now[p] = s.resolves(p) && !s.pack.Card(c.card[p]).Deferred
	}
	n := max(len(c.stages[0]), len(c.stages[1]))
	for st := 0; st < n; st++ {
		for p := 0; p < 2; p++ {
			if now[p] && st < len(c.stages[p]) {
				s.run(p, s.activeSlot(p), c.stages[p][st])
			}
		}
		s.endStage()
	}
	for p := 0; p < 2; p++ {
		if c.reanimate[p] && s.resolves(p) {
			s.reanimate(p)
		}
	}
	for p := 0; p < 2; p++ {
		if s.resolves(p) && s.pack.Card(c.card[p]).Deferred {
			for _, st := range c.stages[p] {
				s.run(p, s.activeSlot(p), st)
				s.endStage()
			}
		}
	}
}

// resolves reports whether p's card of the turn is played and not cancelled.
func (s *State) resolves(p int) bool {
	c := s.scratch()
	return c.card[p] != none && !c.cancelled[p]
}

// reanimate is the Golem's Reanimation: his card resolves again, reading
// the pools as the first resolution left them. With the option
// reanimation_moves_twice, the HP changes of this second pass move the
// markers in a second movement.
func (s *State) reanimate(p int) {
	c := s.scratch()
	for sl := p * 2; sl < p*2+2; sl++ {
		c.power[sl] = s.slot(sl>>1, sl&1).power
	}
	s.emit(evReanimated, p, int(c.card[p]), 0, 0)
	var heal, atk, dmg [4]int16
	if s.rules.reanimationTwice {
		heal, atk, dmg = c.heal, c.atk, c.dmg
		c.heal, c.atk, c.dmg = [4]int16{}, [4]int16{}, [4]int16{}
	}
	for _, st := range c.stages[p] {
		s.run(p, s.activeSlot(p), st)
		s.endStage()
	}
	if s.rules.reanimationTwice {
		for sl := 0; sl < 4; sl++ {
			c.again[0][sl] += c.heal[sl]
			c.again[1][sl] += c.atk[sl]
			c.again[2][sl] += c.dmg[sl]
		}
		c.heal, c.atk, c.dmg = heal, atk, dmg
	}
}

// endStage closes a stage of both cards: the conditions on whether the
// opponent attacked are answered (all from what the cards did before
// them, so neither seat's card decides first), the attacks land, and the
// cubes change.
func (s *State) endStage() {
	c := s.scratch()
	if c.nIfNoAttack > 0 {
		q := c.ifNoAttack
		n := c.nIfNoAttack
		c.nIfNoAttack = 0
		s.answer(q[:n], layerIfNoAttack)
	}
	s.land()
	s.applyCubes()
	if c.projects {
		for sl := 0; sl < 4; sl++ {
			c.projHP[sl] = s.projectHP(sl)
		}
	}
}

// blockBonuses fires each block's success bonus once, if it cancelled at
// least one attack (both together).
func (s *State) blockBonuses() {
	c := s.scratch()
	fired := false
	c.inBonus = true
	for p := 0; p < 2; p++ {
		if c.blocking[p] && !c.bonusDone[p] && c.cancelsBy[p] > 0 {
			c.bonusDone[p] = true
			fired = true
			s.emit(evBlockSuccess, p, int(c.card[p]), c.cancelsBy[p], 0)
			s.run(p, s.activeSlot(p), c.blockOps[p])
		}
	}
	c.inBonus = false
	if fired {
		s.land()
		s.applyCubes()
	}
}

// lateBlocks: an attack a health-track symbol makes after the cards is
// cancelled by a block like any other ("Każdy blok zapewnia akcję
// bonusową, jeśli udało mu się anulować przynajmniej jeden atak"), so a
// block whose bonus has not fired yet fires it now, and You Are Mine,
// in force, turns the newly cancelled attacks too.
func (s *State) lateBlocks() {
	c := s.scratch()
	s.blockBonuses()
	for p := 0; p < 2; p++ {
		if c.mine[p] && c.turnedUpTo[p] < c.nAttacks {
			s.redirect(p)
			s.land()
		}
	}
}

// answerIfAttacked answers the conditions on being attacked or blocked once every
// attack of the turn, the block bonuses' included, is known; what they
// do may make a block succeed, whose bonus then fires.
func (s *State) answerIfAttacked() {
	c := s.scratch()
	for round := 0; round < 4 && c.nIfAttacked > 0; round++ {
		q := c.ifAttacked
		n := c.nIfAttacked
		c.nIfAttacked = 0
		s.answer(q[:n], layerIfAttacked)
		s.land()
		s.applyCubes()
		s.blockBonuses()
	}
}

// answer evaluates every held-back condition of q first, then runs their
// branches in layer: no answer depends on which seat's card comes first.
func (s *State) answer(q []pendingIf, layer uint8) {
	c := s.scratch()
	var v [len(c.ifAttacked)]bool
	for i, pi := range q {
		v[i] = s.cond(int(pi.p), int(pi.self), &pi.op.Cond)
	}
	c.layer = layer
	for i, pi := range q {
		s.branch(int(pi.p), int(pi.self), pi.op, v[i])
	}
	c.layer = layerMain
}

// branch runs an if's do or else.
func (s *State) branch(p, self int, op *Op, yes bool) {
	if yes {
		s.run(p, self, op.Do)
	} else {
		s.run(p, self, op.Else)
	}
}

// land lands the attacks made since the last landing: the Presence token
// shields its holder from all the attacks on them at once, the others
// count towards the net HP change, and each action's success bonus fires
// if one of its attacks landed. A bonus may attack again; those land too.
func (s *State) land() {
	c := s.scratch()
	for guard := 0; c.nLanded < c.nAttacks && guard < 8; guard++ {
		from, to := c.nLanded, c.nAttacks
		c.nLanded = to
		batch := c.attacks[from:to]
		for t := 0; t < 4; t++ {
			s.shield(t, batch)
		}
		for i := range batch {
			a := &batch[i]
			if a.blocked || a.shielded {
				continue
			}
			c.atk[a.to] += int16(a.str)
			s.emit(evAttack, int(a.p), -1, int(a.from), int(a.to)<<8|int(a.str))
		}
		for i := range batch {
			a := &batch[i]
			if len(a.success) > 0 && s.groupHit(a.group, from) {
				s.run(int(a.p), int(a.self), a.success)
			}
		}
	}
}

// groupHit reports whether an attack of group g (made since index from)
// counts as a success: not blocked, and not shielded when the shield
// counts as a block.
func (s *State) groupHit(g uint8, from int) bool {
	c := s.scratch()
	for i := from; i < c.nAttacks; i++ {
		a := &c.attacks[i]
		if a.group == g && !a.blocked && (!a.shielded || !s.rules.presenceIsBlock) {
			return true
		}
	}
	return false
}

// shield: the Presence token held by slot t (not the Golem himself)
// cancels the attacks of batch on t, which count as one attack (B5.5);
// then it goes home to the Golem.
func (s *State) shield(t int, batch []atkRec) {
	c := s.scratch()
	if s.slot(t>>1, t&1).tok[Presence] == 0 || s.fighterOf(t).Rules&RGolemPresence != 0 {
		return
	}
	n, str := 0, 0
	for i := range batch {
		if a := &batch[i]; int(a.to) == t && !a.blocked {
			n++
			str += int(a.str)
		}
	}
	if n == 0 || (str == 0 && !s.rules.presenceZero) {
		return
	}
	for i := range batch {
		if a := &batch[i]; int(a.to) == t && !a.blocked {
			a.shielded = true
			if s.rules.presenceIsBlock {
				c.wasBlock[a.p] = true
			}
		}
	}
	for g := 0; g < 4; g++ {
		if s.fighterOf(g).Rules&RGolemPresence != 0 {
			s.moveToken(Presence, t, g, 1)
		}
	}
	s.emit(evShielded, t>>1, -1, t&1, 0)
}

func (s *State) cardCancels(p int) bool {
	c := s.scratch()
	if !s.pack.Card(c.card[p]).Cancels {
		return false
	}
	found := false
	for _, st := range c.stages[p] {
		for i := range st {
			if st[i].Kind == OpCancel {
				found = true
			}
		}
	}
	return found
}

// applyCubes applies a stage's cube changes: losses, gains, then transfers
// capped by what the giver holds (B5.3).
func (s *State) applyCubes() {
	c := s.scratch()
	if c.nTransfers == 0 && c.loss == [4]int8{} && c.gain == [4]int8{} {
		return
	}
	for sl := 0; sl < 4; sl++ {
		fs := s.slot(sl>>1, sl&1)
		if c.loss[sl] > 0 {
			fs.power = max(0, fs.power-c.loss[sl])
			s.emit(evPower, sl>>1, -1, sl&1, -int(c.loss[sl]))
		}
		if c.gain[sl] > 0 {
			fs.power = min(99, fs.power+c.gain[sl])
			s.emit(evPower, sl>>1, -1, sl&1, int(c.gain[sl]))
		}
	}
	for _, t := range c.transfers[:c.nTransfers] {
		from, to := s.slot(int(t.from>>1), int(t.from&1)), s.slot(int(t.to>>1), int(t.to&1))
		n := min(int8(t.n), from.power)
		if s.rules.transferFromStart {
			n = min(n, c.power0[t.from])
		}
		from.power -= n
		to.power += n
		if n > 0 {
			s.emit(evTransfer, int(t.from>>1), -1, int(t.from), int(t.to)<<8|int(n))
		}
	}
	c.loss, c.gain, c.nTransfers = [4]int8{}, [4]int8{}, 0
}

// targets resolves who relative to self (a slot) into slots.
func (s *State) targets(self int, who Who, tok Token) (out [4]int, n int) {
	p := self >> 1
	opp := s.activeSlot(1 - p)
	add := func(sl int) { out[n] = sl; n++ }
	switch who {
	case Self:
		add(self)
	case Partner:
		add(self ^ 1)
	case Opp:
		add(opp)
	case OppPartner:
		add(opp ^ 1)
	case Team:
		add(self)
		add(self ^ 1)
	case Opps:
		add(opp)
		add(opp ^ 1)
	case All:
		for sl := 0; sl < 4; sl++ {
			add(sl)
		}
	case AllOthers:
		add(opp)
		add(opp ^ 1)
		add(self ^ 1)
	case Holder:
		for sl := 0; sl < 4; sl++ {
			if s.slot(sl>>1, sl&1).tok[tok] > 0 {
				add(sl)
			}
		}
	}
	return
}

func (s *State) amount(self int, op *Op) int {
	c := s.scratch()
	switch op.Amount {
	case OwnPower:
		return int(c.power[self])
	case OppPower:
		if s.rules.siphonCombined && c.inBonus {
			return s.cancelledPower(self >> 1)
		}
		return int(c.power[s.activeSlot(1-self>>1)])
	case Spirits:
		return int(op.N) * int(c.spirits0[self])
	case HalfOppHP:
		return int(s.slot(1-self>>1, int(s.players[1-self>>1].active)).hp) / 2
	}
	return int(op.N)
}

// cancelledPower is, with the option soul_siphon_combined, what Soul
// Siphon's "the attacking opponent's power" reads: the power of every
// opposing fighter whose attack p's block cancelled, each counted once
// ("traktuje się to jako jeden atak o łącznej sile obu zawodników").
func (s *State) cancelledPower(p int) int {
	c := s.scratch()
	var seen [4]bool
	total := 0
	for i := 0; i < c.nAttacks; i++ {
		if a := &c.attacks[i]; int(a.p) == 1-p && a.blocked && !seen[a.from] {
			seen[a.from] = true
			total += int(c.power[a.from])
		}
	}
	return total
}

// run performs ops for player p with self as the acting fighter.
func (s *State) run(p, self int, ops []Op) {
	c := s.scratch()
	for i := range ops {
		op := &ops[i]
		switch op.Kind {
		case OpAttack:
			by := self
			if op.By == Partner {
				by = self ^ 1
			}
			ts, n := s.targets(self, op.To, 0)
			if op.To == AllOthers {
				ts, n = s.targets(by, op.To, 0)
			}
			bonus := int8(s.amount(self, &Op{N: op.Bonus, Amount: op.BonusAmount}))
			g := c.nGroups
			c.nGroups++
			for k, t := range ts[:n] {
				str := c.power[by] + bonus
				if op.PowerOf == Opp {
					str = c.power[t] + bonus
				}
				a := s.attack(p, by, t, str, op.Flame)
				if a != nil {
					a.group, a.self = g, uint8(self)
					if k == 0 {
						a.success = op.Success
					}
				}
			}
		case OpBlock:
			// Blocks were found before the stages (B5.4).
		case OpHeal, OpDamage, OpPower:
			v := s.amount(self, op)
			ts, n := s.targets(self, op.To, op.What)
			for _, t := range ts[:n] {
				switch op.Kind {
				case OpHeal:
					c.heal[t] += int16(v)
				case OpDamage:
					c.dmg[t] += int16(v)
				case OpPower:
					if v >= 0 {
						c.gain[t] += int8(v)
					} else {
						c.loss[t] += int8(-v)
					}
				}
			}
		case OpTransfer:
			s.transferOp(c, self, op)
		case OpCancel:
		case OpTrack:
			s.advanceTrack(self, int(s.amount(self, op)))
		case OpToken:
			ts, n := s.targets(self, op.To, op.What)
			if n > 0 {
				s.giveToken(op.What, self, ts[0])
			}
		case OpIf:
			if s.holdBack(p, self, op) {
				break
			}
			s.branch(p, self, op, s.cond(p, self, &op.Cond))
		case OpUnique:
			s.unique(p, self, op.Unique)
		}
	}
}

// transferOp does a transfer op for slot self, as run and lookRun do: power
// cubes are collected to move at the stage's end; tokens move at once.
func (s *State) transferOp(c *fightCtx, self int, op *Op) {
	v := s.amount(self, op)
	fs, fn := s.targets(self, op.From, op.What)
	ts, tn := s.targets(self, op.To, op.What)
	if fn == 0 || tn == 0 {
		return
	}
	if op.What == NoToken {
		if c.nTransfers < len(c.transfers) {
			c.transfers[c.nTransfers] = transfer{uint8(fs[0]), uint8(ts[0]), uint8(v)}
			c.nTransfers++
		}
		return
	}
	s.moveToken(op.What, fs[0], ts[0], v)
}

// holdBack queues an if whose condition asks what the other card did,
// to be answered once that card has done it (endStage, answerIfAttacked). It
// reports whether it did.
func (s *State) holdBack(p, self int, op *Op) bool {
	c := s.scratch()
	pi := pendingIf{p: uint8(p), self: uint8(self), op: op}
	switch op.Cond.Kind {
	case CondNoOppAttack:
		if c.layer == layerMain && c.nIfNoAttack < len(c.ifNoAttack) {
			c.ifNoAttack[c.nIfNoAttack] = pi
			c.nIfNoAttack++
			return true
		}
	case CondAttacked, CondBlocked:
		if c.layer != layerIfAttacked && c.nIfAttacked < len(c.ifAttacked) {
			c.ifAttacked[c.nIfAttacked] = pi
			c.nIfAttacked++
			return true
		}
	}
	return false
}

// attack makes one attack of strength str by slot by on slot t: a block
// cancels it at once; otherwise it lands with the others at the end of
// the stage (land). It returns the record (nil when the turn has made too
// many to keep).
func (s *State) attack(p, by, t int, str int8, flame bool) *atkRec {
	if flame || s.fighterOf(by).Rules&RIncineration != 0 {
		str += s.slot(t>>1, t&1).tok[Aflame]
	}
	return s.recordAttack(s.scratch(), p, by, t, str)
}

func (s *State) moveToken(t Token, from, to, n int) {
	f, g := s.slot(from>>1, from&1), s.slot(to>>1, to&1)
	k := min(int8(n), f.tok[t])
	if k <= 0 || from == to {
		return
	}
	f.tok[t] -= k
	g.tok[t] += k
	s.emit(evToken, from>>1, int(t), from, to<<8|int(k))
}

// giveToken gives a token of kind t owned by self's team (or held anywhere)
// to slot to.
func (s *State) giveToken(t Token, self, to int) {
	o := (2 - self&2) // the opposing team's first slot
	for _, sl := range [4]int{self, self ^ 1, o, o + 1} {
		if s.slot(sl>>1, sl&1).tok[t] > 0 {
			s.moveToken(t, sl, to, 1)
			return
		}
	}
}

// advanceTrack moves self's special track; its symbols fire at T5 (a
// cycling dial fires on the landing space only).
func (s *State) advanceTrack(self, n int) {
	f := s.fighterOf(self)
	tr := f.Track
	if tr == nil || n == 0 {
		return
	}
	fs := s.slot(self>>1, self&1)
	if fs.flags&ffBear != 0 {
		return
	}
	for k := 0; k < n; k++ {
		switch {
		case fs.track < tr.Max:
			fs.track++
		case tr.Cycle:
			fs.track = 1
		default:
			continue
		}
		if !tr.Cycle || k == n-1 {
			s.queueIcon(self, true, fs.track)
		}
	}
	s.emit(evTrack, self>>1, -1, self&1, int(fs.track))
	if f.Rules&RBodvarBear != 0 && fs.track >= tr.Max {
		// He transforms at the end of the turn and no HP change reaches
		// him this turn: his marker does not move, so it passes no symbol.
		s.scratch().transform[self] = true
		fs.flags |= ffImmune
	}
}

func (s *State) queueIcon(sl int, track bool, at int8) {
	mask := s.hpIconMask(sl)
	if track {
		mask = s.fighterOf(sl).Track.iconAt
	}
	if hasIcon(mask, at) {
		s.pushIcon(sl, track, at)
	}
}

// pushIcon queues the symbol at space at of slot sl's health track (or
// special track), while the queue has room.
func (s *State) pushIcon(sl int, track bool, at int8) {
	c := s.scratch()
	if c.nIcons >= len(c.icons) {
		return
	}
	c.icons[c.nIcons] = icon{slot: uint8(sl), track: track, at: at}
	c.nIcons++
}

func (s *State) cond(p, self int, cd *Cond) bool {
	c := s.scratch()
	fs := s.slot(self>>1, self&1)
	opp := s.activeSlot(1 - p)
	var v bool
	switch cd.Kind {
	case CondPowerAtLeast:
		v = c.power[self] >= cd.N
	case CondHolds:
		v = fs.tok[cd.Token] > 0
	case CondPartnerHolds:
		v = s.slot(self>>1, (self^1)&1).tok[cd.Token] > 0
	case CondOppHolds:
		v = s.slot(1-p, 0).tok[cd.Token] > 0 || s.slot(1-p, 1).tok[cd.Token] > 0
	case CondOppHasToken:
		v = s.slot(opp>>1, opp&1).tok[cd.Token] > 0
	case CondTokenFace:
		for i := 0; i < 2; i++ {
			if f := s.slot(p, i); f.tok[cd.Token] > 0 {
				v = f.serpent == cd.Face
			}
		}
	case CondTrackBetween:
		v = fs.track >= cd.N && fs.track <= cd.Hi
	case CondHPIs:
		v = fs.hp == cd.N
		if s.rules.hpCheckAfterHeal {
			v = c.projHP[self] == cd.N
		}
	case CondNoOppAttack:
		v = !c.made[1-p]
	case CondAttacked:
		v = c.attacked[self]
	case CondBlocked:
		v = c.wasBlock[p]
	case CondOppStarting:
		v = c.card[1-p] != none && c.starting[1-p]
	case CondSide:
		v = (fs.flags&ffBear != 0) == (cd.Face == 1)
	case CondAllSpirits:
		v = c.allSpirit[self]
	}
	return v != cd.Negate
}
