package asterix

import "stolik/engine"

// captureOrder lists the slots in the order captures resolve after p's
// action (AX-A6): p's left Album, p's right Album, then the rest clockwise.
func (s *State) captureOrder(p engine.Seat) (order [maxSlots]int8, n int) {
	var seen [maxSlots]bool
	add := func(slot int) {
		slot = (slot%int(s.nslots) + int(s.nslots)) % int(s.nslots)
		if !seen[slot] {
			seen[slot] = true
			order[n] = int8(slot)
			n++
		}
	}
	if s.seats == 2 {
		// Place p lies on p's left (place 0 is seat 0's left, place 1
		// seat 1's: the two players face each other).
		add(int(p))
		add(int(p) + 1)
		return
	}
	add(int(p))     // between p and the left neighbour
	add(int(p) - 1) // between the right neighbour and p
	for k := 1; k < int(s.nslots); k++ {
		add(int(p) + k)
	}
	return
}

// captureSide says which half of slot captures it, or -1 (AX-A4 when both
// reach the threshold: the higher total; on equality the active player's
// half, else the half of the player first clockwise from the active player).
func (s *State) captureSide(slot int) int {
	if s.slotAlbum[slot] < 0 {
		return -1
	}
	t := s.threshold(slot)
	a, b := s.total(slot, 0), s.total(slot, 1)
	switch {
	case a < t && b < t:
		return -1
	case a >= t && b < t:
		return 0
	case b >= t && a < t:
		return 1
	case a > b:
		return 0
	case b > a:
		return 1
	}
	if side := s.sideOf(slot, s.active); side >= 0 {
		return side
	}
	n := int(s.seats)
	d0 := (int(s.slotSeat[slot][0]) - int(s.active) + n) % n
	d1 := (int(s.slotSeat[slot][1]) - int(s.active) + n) % n
	if d0 <= d1 {
		return 0
	}
	return 1
}

// findCaptures queues every Album captured after the action.
func (s *State) findCaptures() {
	s.capN = 0
	any := false
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] >= 0 && int(max(s.tot[slot][0], s.tot[slot][1])) >= s.threshold(slot) {
			any = true
		}
	}
	if !any {
		return
	}
	order, n := s.captureOrder(s.active)
	for _, slot := range order[:n] {
		if side := s.captureSide(int(slot)); side >= 0 {
			s.capQ[s.capN] = slot
			s.capSide[s.capN] = int8(side)
			s.capN++
		}
	}
}

// nextCapture resolves the next queued capture, or starts the next turn to
// the left of the last winner.
func (s *State) nextCapture() {
	if s.phase == phOver {
		return
	}
	s.capI++
	if s.capI >= s.capN {
		s.capN, s.capI = 0, 0
		s.startTurn(s.lastWinner + 1)
		return
	}
	slot, side := int(s.capQ[s.capI]), int(s.capSide[s.capI])
	winner, loser := s.slotSeat[slot][side], s.slotSeat[slot][1-side]
	s.capSlot, s.capWinner, s.capLoser, s.lastWinner = int8(slot), winner, loser, winner
	al := s.album(slot)
	// Helmets are given and cards discarded in the order the cards
	// arrived, both halves together (AX-A23): the same whichever seat
	// holds which half.
	var buf [2 * maxHalf]uint8
	cards := s.byArrival(slot, buf[:0])
	// Step 1: the Album and a helmet per visible soldier (AX-A11).
	s.won[winner]++
	s.emit(engine.Event{Kind: EvCaptured, Seat: winner, Card: -1, A: int32(slot), B: int32(s.slotAlbum[slot])})
	for _, x := range cards {
		if s.ko.has(x) || (s.rules.defeatedOnly && s.on[slot][side].has(x)) {
			continue
		}
		switch s.char(x).Type {
		case Legionary:
			s.gainHelmet(winner, LegionaryHelmet)
		case Centurion:
			s.gainHelmet(winner, CenturionHelmet)
		}
	}
	if al.Rule == RuleBonusHelmet {
		s.gainHelmet(winner, al.Helmet)
	}
	// Step 2: 50 sestertii wins at once.
	if s.checkWin(winner) {
		return
	}
	// Step 3: knocked-out Characters go back to their owners' hands, the
	// rest to the discard pile in placement order (AX-A23).
	var owner [2 * maxHalf]engine.Seat
	for k, x := range cards {
		owner[k] = s.slotSeat[slot][0]
		if s.on[slot][1].has(x) {
			owner[k] = s.slotSeat[slot][1]
		}
	}
	for h := 0; h < 2; h++ {
		s.halves[slot][h].n = 0
		s.on[slot][h] = instSet{}
	}
	for k, x := range cards {
		if s.ko.has(x) {
			s.ko.clear(x)
			o := owner[k]
			s.hands[o].set(x)
			s.known[o].set(x)
			s.emit(engine.Event{Kind: EvReturned, Seat: o, Card: int16(x)})
			continue
		}
		s.toDiscard(x)
	}
	s.setAlbum(slot, -1)
	s.retotal(slot)
	// Step 4: the defeated player's consolation token.
	if _, k := s.takeable(loser); k > 0 {
		s.phase, s.decider, s.ctx.take = phTake, loser, takeConsolation
		return
	}
	s.replace()
}

// byArrival appends the cards on slot's Album to dst in the order they
// arrived, both halves together.
func (s *State) byArrival(slot int, dst []uint8) []uint8 {
	for h := 0; h < 2; h++ {
		half := &s.halves[slot][h]
		dst = append(dst, half.cards[:half.n]...)
	}
	for i := 1; i < len(dst); i++ { // insertion sort: a few cards
		for j := i; j > 0 && s.placed[dst[j]] < s.placed[dst[j-1]]; j-- {
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// replace is step 5: the defeated player draws the next Album and turns it
// (AX-A20: with none left the place stays empty, and with no Album in play
// the game ends by ranking).
func (s *State) replace() {
	if s.albumsN == 0 {
		for slot := 0; slot < int(s.nslots); slot++ {
			if s.slotAlbum[slot] >= 0 {
				s.nextCapture()
				return
			}
		}
		s.finishByRanking()
		return
	}
	s.albumsN--
	s.setAlbum(int(s.capSlot), int8(s.albums[s.albumsN]))
	s.phase, s.decider = phOrient, s.capLoser
}

// orient places the new Album with colour c toward the defeated player,
// then resolves the Album's arrival effect.
func (s *State) orient(c Colour) {
	slot := int(s.capSlot)
	side := s.sideOf(slot, s.capLoser)
	s.colour[slot][side] = c
	s.colour[slot][1-side] = Blue + Red - c
	s.emit(engine.Event{Kind: EvNewAlbum, Seat: s.capLoser, Card: int16(c), A: int32(slot), B: int32(s.slotAlbum[slot])})
	al := s.album(slot)
	switch al.Rule {
	case RuleArrivalDraw:
		s.draw(s.capLoser, int(al.N))
	case RuleArrivalToken:
		if _, k := s.takeable(s.capLoser); k > 0 {
			s.phase, s.ctx.take = phTake, takeArrival
			return
		}
	}
	s.nextCapture()
}
