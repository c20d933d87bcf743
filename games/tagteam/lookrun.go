package tagteam

// lookRun is run for the look ahead's turns: the same ops in the same
// order and to the same effect, with an action's amount read without
// building an op for it, a heal, damage or power change on the acting
// fighter made without listing targets, an attacker's board read from
// the turn's lookFight, and an if's branch run by lookRun again. The
// unique effects and what they run go through the rules' own code.
// TestLookTurnPlaysAsPlayTurn checks it with the rest of lookTurn.
func (s *State) lookRun(c *fightCtx, p, self int, ops []Op) {
	for i := range ops {
		op := &ops[i]
		switch op.Kind {
		case OpAttack:
			if op.To == Opp && op.By == Self {
				// The most common: one attack on the active opponent.
				s.lookAttackOpp(c, p, self, self, op)
				break
			}
			s.lookAttacks(c, p, self, op)
		case OpHeal, OpDamage, OpPower:
			v := int(op.N)
			if op.Amount != Fixed {
				v = s.amount(self, op)
			}
			if op.To == Self {
				collect(c, op.Kind, self, v)
				break
			}
			ts, n := s.targets(self, op.To, op.What)
			for _, t := range ts[:n] {
				collect(c, op.Kind, t, v)
			}
		case OpTransfer:
			s.transferOp(c, self, op)
		case OpTrack:
			v := int(op.N)
			if op.Amount != Fixed {
				v = s.amount(self, op)
			}
			s.lookAdvanceTrack(c, self, v)
		case OpToken:
			ts, n := s.targets(self, op.To, op.What)
			if n > 0 {
				s.giveToken(op.What, self, ts[0])
			}
		case OpIf:
			if k := op.Cond.Kind; (k == CondNoOppAttack || k == CondAttacked || k == CondBlocked) && s.holdBack(p, self, op) {
				break // only these are held back (holdBack)
			}
			if s.cond(p, self, &op.Cond) {
				s.lookRun(c, p, self, op.Do)
			} else if len(op.Else) > 0 {
				s.lookRun(c, p, self, op.Else)
			}
		case OpUnique:
			if op.Unique == UUnleashScheme {
				s.lookUnleash(c, p, self)
				break
			}
			s.unique(p, self, op.Unique)
		}
	}
}

// lookUnleash is unleash, the scheme's ops run by lookRun.
func (s *State) lookUnleash(c *fightCtx, p, self int) {
	if ops, ok := s.nextScheme(p, self); ok {
		s.lookRun(c, p, self, ops)
	}
}

// lookBlockBonuses is blockBonuses, the bonuses run by lookRun and
// landed by lookLand.
func (s *State) lookBlockBonuses(c *fightCtx) {
	fired := false
	c.inBonus = true
	for p := 0; p < 2; p++ {
		if c.blocking[p] && !c.bonusDone[p] && c.cancelsBy[p] > 0 {
			c.bonusDone[p] = true
			fired = true
			s.emit(evBlockSuccess, p, int(c.card[p]), c.cancelsBy[p], 0)
			s.lookRun(c, p, s.activeSlot(p), c.blockOps[p])
		}
	}
	c.inBonus = false
	if fired {
		s.lookLand(c)
		if c.nTransfers != 0 || c.loss != [4]int8{} || c.gain != [4]int8{} {
			s.lookApplyCubes(c)
		}
	}
}

// lookLateBlocks is lateBlocks, the block bonuses fired by
// lookBlockBonuses.
func (s *State) lookLateBlocks(c *fightCtx) {
	s.lookBlockBonuses(c)
	for p := 0; p < 2; p++ {
		if c.mine[p] && c.turnedUpTo[p] < c.nAttacks {
			s.redirect(p)
			s.lookLand(c)
		}
	}
}

// lookAttacks makes the attacks of attack op for p's fighter self, as
// run does.
func (s *State) lookAttacks(c *fightCtx, p, self int, op *Op) {
	by := self
	if op.By == Partner {
		by = self ^ 1
	}
	if op.To == Opp {
		// The most common: one attack on the active opponent.
		s.lookAttackOpp(c, p, self, by, op)
		return
	}
	var ts [4]int
	var n int
	switch op.To {
	case AllOthers:
		ts, n = s.targets(by, op.To, 0)
	default:
		ts, n = s.targets(self, op.To, 0)
	}
	bonus := op.Bonus
	if op.BonusAmount != Fixed {
		bonus = int8(s.amount(self, &Op{N: op.Bonus, Amount: op.BonusAmount}))
	}
	g := c.nGroups
	c.nGroups++
	flame := op.Flame || c.lookFight.f[by].Rules&RIncineration != 0
	for k, t := range ts[:n] {
		str := c.power[by] + bonus
		if op.PowerOf == Opp {
			str = c.power[t] + bonus
		}
		if flame {
			str += c.lookFight.fs[t].tok[Aflame]
		}
		a := s.recordAttack(c, p, by, t, str)
		if a != nil {
			a.group, a.self = g, uint8(self)
			if k == 0 {
				a.success = op.Success
			}
		}
	}
}

// lookAttackOpp is lookAttacks for an attack op on the active opponent
// (op.To Opp), made by slot by for p's fighter self.
func (s *State) lookAttackOpp(c *fightCtx, p, self, by int, op *Op) {
	t := s.activeSlot(1 - self>>1)
	bonus := op.Bonus
	if op.BonusAmount != Fixed {
		bonus = int8(s.amount(self, &Op{N: op.Bonus, Amount: op.BonusAmount}))
	}
	str := c.power[by] + bonus
	if op.PowerOf == Opp {
		str = c.power[t] + bonus
	}
	if op.Flame || c.lookFight.f[by].Rules&RIncineration != 0 {
		str += c.lookFight.fs[t].tok[Aflame]
	}
	g := c.nGroups
	c.nGroups++
	if a := s.recordAttack(c, p, by, t, str); a != nil {
		a.group, a.self, a.success = g, uint8(self), op.Success
	}
}

// recordAttack is attack once the Aflame! tokens are counted in str.
func (s *State) recordAttack(c *fightCtx, p, by, t int, str int8) *atkRec {
	str = max(str, 0)
	c.attacked[t] = true
	if !c.inBonus {
		c.made[p] = true
	}
	if c.nAttacks >= len(c.attacks) {
		return nil
	}
	a := &c.attacks[c.nAttacks]
	c.nAttacks++
	*a = atkRec{p: uint8(p), from: uint8(by), to: uint8(t), self: uint8(by), group: 255, str: str}
	if c.blocking[1-p] && !c.cancelled[1-p] {
		a.blocked = true
		c.cancelsBy[1-p]++
		c.wasBlock[p] = true
		s.emit(evBlocked, p, -1, by, t)
	}
	return a
}

// collect collects a heal, damage or power change of v for slot t, as
// run does.
func collect(c *fightCtx, k OpKind, t, v int) {
	switch k {
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

// lookApplyCubes is applyCubes, the fighters read from the turn's
// lookFight and no event made on a quiet state.
func (s *State) lookApplyCubes(c *fightCtx) {
	fs := &c.lookFight.fs
	if c.loss != [4]int8{} || c.gain != [4]int8{} {
		for sl := 0; sl < 4; sl++ {
			if l := c.loss[sl]; l > 0 {
				fs[sl].power = max(0, fs[sl].power-l)
				if !s.quiet {
					s.emit(evPower, sl>>1, -1, sl&1, -int(l))
				}
			}
			if g := c.gain[sl]; g > 0 {
				fs[sl].power = min(99, fs[sl].power+g)
				if !s.quiet {
					s.emit(evPower, sl>>1, -1, sl&1, int(g))
				}
			}
		}
	}
	for _, t := range c.transfers[:c.nTransfers] {
		from, to := fs[t.from], fs[t.to]
		n := min(int8(t.n), from.power)
		if s.rules.transferFromStart {
			n = min(n, c.power0[t.from])
		}
		from.power -= n
		to.power += n
		if n > 0 && !s.quiet {
			s.emit(evTransfer, int(t.from>>1), -1, int(t.from), int(t.to)<<8|int(n))
		}
	}
	c.loss, c.gain, c.nTransfers = [4]int8{}, [4]int8{}, 0
}

// lookAdvanceTrack is advanceTrack, read from the turn's lookFight, for
// a track with no symbols (the ships, the Wild Bunch's steps: the marker
// goes up n spaces, no further than the track's last) and for a cycling
// dial (Joan's: the marker goes round spaces 1 to the last, and only the
// space it lands on fires). A track with symbols that does not cycle
// (Bödvar's rage, on whose last space he transforms) and a move back go
// through advanceTrack itself.
func (s *State) lookAdvanceTrack(c *fightCtx, self, n int) {
	f := c.lookFight.f[self]
	tr := f.Track
	if tr == nil || n == 0 {
		return
	}
	fs := c.lookFight.fs[self]
	if tr.Cycle && n > 0 && tr.Max > 0 && fs.track >= 0 && fs.track <= tr.Max && f.Rules&RBodvarBear == 0 {
		s.lookTurnDial(self, fs, tr, n)
		return
	}
	if n < 0 || tr.Cycle || tr.iconAt != 0 || f.Rules&RBodvarBear != 0 {
		s.advanceTrack(self, n)
		return
	}
	if fs.flags&ffBear != 0 {
		return
	}
	if fs.track < tr.Max {
		fs.track = int8(min(int(fs.track)+n, int(tr.Max)))
	}
	s.emit(evTrack, self>>1, -1, self&1, int(fs.track))
}

// lookTurnDial moves fighter self's cycling dial tr n > 0 spaces at once,
// as advanceTrack steps it: from the start space 0 to 1, then round 1 to
// the last; the symbol of the space it lands on is queued.
func (s *State) lookTurnDial(self int, fs *fighterState, tr *Track, n int) {
	if fs.flags&ffBear != 0 {
		return
	}
	t := int(fs.track)
	if t == 0 {
		t, n = 1, n-1
	}
	fs.track = int8((t-1+n)%int(tr.Max) + 1)
	if hasIcon(tr.iconAt, fs.track) {
		s.pushIcon(self, true, fs.track)
	}
	s.emit(evTrack, self>>1, -1, self&1, int(fs.track))
}
