package tagteam

// The fight phase: one turn per card of the fight deck, resolved without
// decisions (B3, B5). A turn snapshots power (T0), reveals both top cards
// (T1), sets the active fighters (T2), resolves both cards stage by stage
// (T3: cubes and tokens change at once, HP changes are collected), moves
// every health marker once by its net change (T4), fires the symbols passed
// or landed on (T5, repeated while they move markers), and ends (T6).

// atkRec is one attack of the turn.
type atkRec struct {
	p, from, to uint8
	str         int8
	blocked     bool
}

// transfer is a queued cube transfer.
type transfer struct{ from, to, n uint8 }

// icon is a symbol waiting to fire at T5.
type icon struct {
	slot  uint8
	track bool // a special-track symbol, not a health-track one
	at    int8
}

// fightCtx is the scratch of one turn.
type fightCtx struct {
	power0    [4]int8
	spirits0  [4]int8
	allSpirit [4]bool
	card      [2]uint8
	stages    [2][][]Op
	cancelled [2]bool
	blocking  [2]bool
	blockOps  [2][]Op
	starting  [2]bool
	reanimate [2]bool

	attacks   [16]atkRec
	nAttacks  int
	attacked  [4]bool // targeted by an attack, before blocks
	made      [2]bool // p's card made an attack of its own
	cancelsBy [2]int  // attacks p's block cancelled
	wasBlock  [2]bool // an attack of p's was blocked
	inBonus   bool    // running a block's success bonus

	heal, atk, dmg [4]int16
	setTo1         [4]bool
	loss, gain     [4]int8
	transfers      [8]transfer
	nTransfers     int
	power          [4]int8 // the power that "power" reads (T0, or after a first Reanimation pass)

	icons      [48]icon
	nIcons     int
	schemes    [NumScheme]uint8 // schemes unleashed from the health track, waiting for T5
	poison     [2]int8
	drag       [2]bool
	legends    [2]bool
	immuneCard [2]bool // Crippling Touch removed the Fey Folk's own KO card
	transform  [4]bool
	stolen     [2]bool
	mine       [2]bool
}

// runRound plays fight turns until the round ends, the game ends, or a
// decision is needed (a Fey Folk character).
func (s *State) runFight() {
	for s.over == 0 && s.phase != phSpirit {
		if s.players[0].next >= s.players[0].deckN && s.players[1].next >= s.players[1].deckN {
			s.endRound()
			return
		}
		s.playTurn()
	}
}

func (s *State) activeSlot(p int) int { return p*2 + int(s.players[p].active) }

// playTurn is one turn, T0 to T6.
func (s *State) playTurn() {
	c := &s.fight
	*c = fightCtx{}
	s.turn++
	s.turns++
	// T0.
	for sl := 0; sl < 4; sl++ {
		fs := s.slot(sl>>1, sl&1)
		c.power0[sl] = fs.power
		c.spirits0[sl] = fs.spirits
		c.allSpirit[sl] = fs.charHP[0] <= 0 && fs.charHP[1] <= 0 && fs.charHP[2] <= 0 && s.fighterOf(sl).Rules&RFeyFolk != 0
	}
	c.power = c.power0
	// T1, T2.
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
		if card.Front != nil {
			c.stages[p] = card.Front
			if bitHas(pl.flipped[:], ci) {
				c.stages[p] = card.Back
			}
		}
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
	if !s.rules.cancelledActive {
		// The option off (B8 #8): a cancelled card does not set its
		// owner's active fighter.
		for p := 0; p < 2; p++ {
			if c.cancelled[p] {
				s.players[p].active = prevActive[p]
			}
		}
	}
	for p := 0; p < 2; p++ {
		if c.card[p] == none || c.cancelled[p] || !s.pack.Card(c.card[p]).Blocks {
			continue
		}
		for _, st := range c.stages[p] {
			walk(st, true, func(op *Op) {
				if op.Kind == OpBlock {
					c.blocking[p] = true
					if c.blockOps[p] == nil {
						c.blockOps[p] = op.Success
					}
				}
			})
		}
	}
	// T3: stages, with a reactive card after the other within a stage.
	first := 0
	if c.card[0] != none && s.pack.Card(c.card[0]).Reactive && (c.card[1] == none || !s.pack.Card(c.card[1]).Reactive) {
		first = 1
	}
	s.resolveCards(first, false)
	for p := 0; p < 2; p++ {
		if c.reanimate[p] && !c.cancelled[p] {
			// The Golem's Reanimation: the card resolves again, reading
			// the pools as the first resolution left them.
			for sl := p * 2; sl < p*2+2; sl++ {
				c.power[sl] = s.slot(sl>>1, sl&1).power
			}
			s.emit(evReanimated, p, int(c.card[p]), 0, 0)
			s.resolveStages(p, c.stages[p])
		}
	}
	for p := 0; p < 2; p++ {
		if c.card[p] != none && !c.cancelled[p] && s.pack.Card(c.card[p]).Deferred {
			s.resolveStages(p, c.stages[p])
		}
	}
	// Block bonuses: once, if the block cancelled at least one attack.
	c.inBonus = true
	for p := 0; p < 2; p++ {
		if c.blocking[p] && c.cancelsBy[p] > 0 {
			s.emit(evBlockSuccess, p, int(c.card[p]), c.cancelsBy[p], 0)
			s.run(p, s.activeSlot(p), c.blockOps[p])
			s.applyCubes()
		}
	}
	c.inBonus = false
	s.steal()
	// T4, T5.
	s.settle()
	s.endTurn()
}

func (s *State) cardCancels(p int) bool {
	c := &s.fight
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

// resolveCards runs the non-deferred cards stage by stage.
func (s *State) resolveCards(first int, _ bool) {
	c := &s.fight
	n := max(len(c.stages[0]), len(c.stages[1]))
	for st := 0; st < n; st++ {
		for k := 0; k < 2; k++ {
			p := first ^ k
			if c.card[p] == none || c.cancelled[p] || s.pack.Card(c.card[p]).Deferred || st >= len(c.stages[p]) {
				continue
			}
			s.run(p, s.activeSlot(p), c.stages[p][st])
		}
		s.applyCubes()
	}
}

func (s *State) resolveStages(p int, stages [][]Op) {
	for _, st := range stages {
		s.run(p, s.activeSlot(p), st)
		s.applyCubes()
	}
}

// applyCubes applies a stage's cube changes: losses, gains, then transfers
// capped by what the giver holds (B5.3).
func (s *State) applyCubes() {
	c := &s.fight
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
	c := &s.fight
	switch op.Amount {
	case OwnPower:
		return int(c.power[self])
	case OppPower:
		return int(c.power[s.activeSlot(1-self>>1)])
	case Spirits:
		return int(op.N) * int(c.spirits0[self])
	case HalfOppHP:
		return int(s.slot(1-self>>1, int(s.players[1-self>>1].active)).hp) / 2
	}
	return int(op.N)
}

// run performs ops for player p with self as the acting fighter.
func (s *State) run(p, self int, ops []Op) {
	c := &s.fight
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
			hit := false
			bonus := int8(s.amount(self, &Op{N: op.Bonus, Amount: op.BonusAmount}))
			for _, t := range ts[:n] {
				str := c.power[by] + bonus
				if op.PowerOf == Opp {
					str = c.power[t] + bonus
				}
				if hit2 := s.attack(p, by, t, str, op.Flame); hit2 {
					hit = true
				}
			}
			if hit && len(op.Success) > 0 {
				s.run(p, self, op.Success)
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
			v := s.amount(self, op)
			fs, fn := s.targets(self, op.From, op.What)
			ts, tn := s.targets(self, op.To, op.What)
			if fn == 0 || tn == 0 {
				break
			}
			if op.What == NoToken {
				if c.nTransfers < len(c.transfers) {
					c.transfers[c.nTransfers] = transfer{uint8(fs[0]), uint8(ts[0]), uint8(v)}
					c.nTransfers++
				}
			} else {
				s.moveToken(op.What, fs[0], ts[0], v)
			}
		case OpCancel:
		case OpTrack:
			s.advanceTrack(self, int(s.amount(self, op)))
		case OpToken:
			ts, n := s.targets(self, op.To, op.What)
			if n > 0 {
				s.giveToken(op.What, self, ts[0])
			}
		case OpIf:
			if s.cond(p, self, &op.Cond) {
				s.run(p, self, op.Do)
			} else {
				s.run(p, self, op.Else)
			}
		case OpUnique:
			s.unique(p, self, op.Unique)
		}
	}
}

// attack makes one attack of strength str by slot by on slot t; it
// reports whether the attack lands.
func (s *State) attack(p, by, t int, str int8, flame bool) bool {
	c := &s.fight
	if flame || s.fighterOf(by).Rules&RIncineration != 0 {
		str += s.slot(t>>1, t&1).tok[Aflame]
	}
	str = max(str, 0)
	c.attacked[t] = true
	if !c.inBonus {
		c.made[p] = true
	}
	rec := atkRec{p: uint8(p), from: uint8(by), to: uint8(t), str: str}
	ft := s.slot(t>>1, t&1)
	switch {
	case c.blocking[1-p] && !c.cancelled[1-p]:
		rec.blocked = true
		c.cancelsBy[1-p]++
		c.wasBlock[p] = true
		s.emit(evBlocked, p, -1, by, t)
	case ft.tok[Presence] > 0 && s.fighterOf(t).Rules&RGolemPresence == 0:
		// The Golem's presence shields its holder once, then goes home.
		rec.blocked = true
		c.wasBlock[p] = true
		for g := 0; g < 4; g++ {
			if s.fighterOf(g).Rules&RGolemPresence != 0 {
				s.moveToken(Presence, t, g, 1)
			}
		}
		s.emit(evShielded, t>>1, -1, t&1, 0)
	default:
		c.atk[t] += int16(str)
		s.emit(evAttack, p, -1, by, t<<8|int(str))
	}
	if c.nAttacks < len(c.attacks) {
		c.attacks[c.nAttacks] = rec
		c.nAttacks++
	}
	return !rec.blocked
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
	for _, sl := range [4]int{self, self ^ 1, (self + 2) & 3, (self + 3) & 3} {
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
		s.fight.transform[self] = true
	}
}

func (s *State) queueIcon(sl int, track bool, at int8) {
	c := &s.fight
	f := s.fighterOf(sl)
	icons := f.Icons
	if track {
		icons = f.Track.Icons
	}
	if _, ok := icons[at]; !ok || c.nIcons >= len(c.icons) {
		return
	}
	c.icons[c.nIcons] = icon{slot: uint8(sl), track: track, at: at}
	c.nIcons++
}

func (s *State) cond(p, self int, cd *Cond) bool {
	c := &s.fight
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
