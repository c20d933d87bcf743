package asterix

import (
	"math/bits"

	"stolik/engine"
)

// Limits of the engine's compact state.
const (
	MinPlayers = 2
	MaxPlayers = 4
	maxSlots   = 4
	maxHalf    = 24 // Characters on one half; a full half takes no more
	maxAlbums  = 64
	handTarget = 5  // option C draws up to this
	capTokens  = 2  // at most 2 Advantage tokens of each kind per player
	winScore   = 50 // sestertii
	albumValue = 15
)

// instSet is a set of card instances.
type instSet [(MaxInstances + 63) / 64]uint64

func (b *instSet) set(i uint8)      { b[i>>6] |= 1 << (i & 63) }
func (b *instSet) clear(i uint8)    { b[i>>6] &^= 1 << (i & 63) }
func (b *instSet) has(i uint8) bool { return b[i>>6]&(1<<(i&63)) != 0 }

// list appends the members to dst, in instance order.
func (b *instSet) list(dst []uint8) []uint8 {
	for k, w := range b {
		for w != 0 {
			dst = append(dst, uint8(k*64+bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	return dst
}

// The set operations are written out word by word: they run in the
// engine's hottest loops, and the compiler does not unroll loops.
var _ = [1]struct{}{}[len(instSet{})-4] // the code below assumes four words

func (b *instSet) and(o *instSet) {
	b[0] &= o[0]
	b[1] &= o[1]
	b[2] &= o[2]
	b[3] &= o[3]
}
func (b *instSet) or(o *instSet) {
	b[0] |= o[0]
	b[1] |= o[1]
	b[2] |= o[2]
	b[3] |= o[3]
}
func (b *instSet) andNot(o *instSet) {
	b[0] &^= o[0]
	b[1] &^= o[1]
	b[2] &^= o[2]
	b[3] &^= o[3]
}
func (b *instSet) empty() bool { return b[0]|b[1]|b[2]|b[3] == 0 }

func (b *instSet) count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2]) + bits.OnesCount64(b[3])
}

// each calls f for every member, in instance order.
func (b *instSet) each(f func(i uint8)) {
	for k, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			f(uint8(k*64 + t))
			w &= w - 1
		}
	}
}

// half is one player's side of an Album in play: its Characters in the
// order they arrived.
type half struct {
	cards [maxHalf]uint8
	n     uint8
}

// Phases: what the pending seat decides.
const (
	phAction         uint8 = iota // the active player picks A, B or C
	phToken                       // option B: the token to use after the draw
	phChange                      // option C: discard cards one by one, then done
	phCostDiscard                 // a requirement: discard cards
	phCostHelmet                  // a requirement: which helmet to remove
	phAbility                     // use the played (or boar-activated) card's ability, or skip
	phAbilityDiscard              // the ability "discard N, draw M": which cards
	phOppDiscard                  // the opponent discards cards of their choice
	phTake                        // pick an Advantage token kind (ability, consolation, arrival)
	phOrient                      // the defeated player turns the new Album
	phOver
)

// Why a token is being taken (phTake).
const (
	takeAbility uint8 = iota
	takeConsolation
	takeArrival
)

// State is a game in progress: a flat value, so Clone is one copy.
type State struct {
	pack  *Pack
	rules rules
	seats int8

	active  engine.Seat // whose turn it is
	decider engine.Seat // who owes the current decision
	phase   uint8
	bCache  uint8 // option B allowed: 0 not known yet, 1 no, 2 yes (until the next move)
	// plays[slot] are the cards the decider may play there (action A), as
	// Legal found them, for the slots whose bit is set in playsOK: Apply
	// then checks a play at once. Like bCache it is no part of the
	// position (not hashed) and lasts until the next move.
	playsOK uint8
	plays   [maxSlots]instSet
	turns   int16 // turns begun, for the turn cap

	// Albums in play, by slot. Slot i lies between slotSeat[i][0] and
	// slotSeat[i][1]; colour[i][side] is the colour of that side's half.
	slotAlbum [maxSlots]int8 // album index, -1 empty
	slotRule  [maxSlots]Rule // its rule (setAlbum)
	slotThr   [maxSlots]int8 // its capture threshold
	slotSeat  [maxSlots][2]engine.Seat
	colour    [maxSlots][2]Colour
	halves    [maxSlots][2]half
	tot       [maxSlots][2]int16   // side totals (retotal)
	on        [maxSlots][2]instSet // the cards of each half, as a set
	nslots    int8

	ko, potion instSet              // knocked out; carrying a potion
	placed     [MaxInstances]uint16 // when each instance last arrived on a half
	clock      uint16

	hands [MaxPlayers]instSet
	known [MaxPlayers]instSet // hand cards everybody saw arrive (public memory)

	deck  [MaxInstances]uint8 // deck[deckN-1] is the top
	deckN uint8
	// epoch[c] counts the reshuffles before card c last went into the
	// deck: the deck formed at a reshuffle is public as a set (the discard
	// pile lay face up), so cards of different epochs never trade places
	// when hidden facts are resampled.
	epoch    [MaxInstances]uint8
	epochN   uint8
	discard  [MaxInstances]uint8 // discard[discardN-1] is the top
	discardN uint8
	albums   [maxAlbums]uint8 // album deck, albums[albumsN-1] on top
	albumsN  uint8

	tokens  [MaxPlayers][3]int8
	helmets [MaxPlayers][2]int8
	won     [MaxPlayers]int8 // Albums captured
	supplyT [3]int8
	supplyH [2]int8

	// The decision in progress.
	ctx struct {
		inst    uint8 // the card being played or activated
		slot    int8
		side    int8
		left    int8  // cards still to discard
		then    int8  // cards to draw afterwards
		take    uint8 // why a token is being taken (phTake)
		who     engine.Seat
		payLeft int8 // helmets still to remove
	}
	// Captures found after an action, resolved one by one.
	capQ       [maxSlots]int8
	capSide    [maxSlots]int8
	capN, capI int8
	capWinner  engine.Seat
	capLoser   engine.Seat
	capSlot    int8
	lastWinner engine.Seat

	winners uint8 // bit per seat, once the game is over
	rng     engine.RNG
	pend    [1]engine.Seat
	events  []engine.Event
	quiet   bool // keeps no events: a copy the greedy bot looks ahead on
}

func (s *State) char(i uint8) *Character { return &s.pack.Characters[s.pack.Instances[i]] }

func (s *State) score(p engine.Seat) int {
	return albumValue*int(s.won[p]) + 3*int(s.helmets[p][CenturionHelmet]) + int(s.helmets[p][LegionaryHelmet])
}

func (s *State) Seats() int { return int(s.seats) }

// Turns is the number of turns begun (engine.Turner).
func (s *State) Turns() int { return int(s.turns) }

func (s *State) Pending() []engine.Seat {
	if s.phase == phOver {
		return nil
	}
	s.pend[0] = s.decider
	return s.pend[:]
}

func (s *State) emit(e engine.Event) {
	if !s.quiet {
		s.events = append(s.events, e)
	}
}

// sideOf returns p's side of slot, or -1.
func (s *State) sideOf(slot int, p engine.Seat) int {
	if s.slotAlbum[slot] < 0 {
		return -1
	}
	switch p {
	case s.slotSeat[slot][0]:
		return 0
	case s.slotSeat[slot][1]:
		return 1
	}
	return -1
}

func (s *State) album(slot int) *Album { return &s.pack.Albums[s.slotAlbum[slot]] }

// rule is the printed rule of the Album on slot (NoRule for an empty place).
func (s *State) rule(slot int) Rule { return s.slotRule[slot] }

// setAlbum puts Album a (-1: none) on slot.
func (s *State) setAlbum(slot int, a int8) {
	s.slotAlbum[slot] = a
	s.slotRule[slot], s.slotThr[slot] = NoRule, albumValue
	if a >= 0 {
		al := &s.pack.Albums[a]
		s.slotRule[slot] = al.Rule
		if al.Rule == RuleThreshold {
			s.slotThr[slot] = al.N
		}
	}
}

// otherCopyVisible reports whether a copy of c's Character other than c is
// face up on an Album (a Character's copies are consecutive instances).
func (s *State) otherCopyVisible(c uint8) bool {
	first, n := s.pack.copies(c)
	if n < 2 {
		return false
	}
	vis := s.board()
	vis.andNot(&s.ko)
	for k := first; k < first+n; k++ {
		if k != c && vis.has(k) {
			return true
		}
	}
	return false
}

func (s *State) onBoard(i uint8) bool {
	_, _, ok := s.locate(i)
	return ok
}

// strength is the current strength of instance i lying on slot.
func (s *State) strength(i uint8, slot int) int {
	if s.ko.has(i) {
		return 0
	}
	v := int(s.pack.iStr[i])
	if a := s.album(slot); a.Rule == RuleTypeBonus && s.pack.iType[i] == a.Type {
		v += int(a.N)
	}
	if s.potion.has(i) {
		v *= 2
	}
	return max(v, 0)
}

// total is a half's side total, kept up to date by retotal.
func (s *State) total(slot, side int) int { return int(s.tot[slot][side]) }

// retotal recomputes the side totals of slot after its cards changed.
func (s *State) retotal(slot int) {
	if s.slotAlbum[slot] < 0 {
		s.tot[slot] = [2]int16{}
		return
	}
	s.tot[slot] = [2]int16{int16(s.sumHalf(slot, 0)), int16(s.sumHalf(slot, 1))}
}

// retotalAt recomputes the totals of the Album card i lies on.
func (s *State) retotalAt(i uint8) {
	if slot, _, ok := s.locate(i); ok {
		s.retotal(slot)
	}
}

func (s *State) retotalAll() {
	for slot := 0; slot < int(s.nslots); slot++ {
		s.retotal(slot)
	}
}

// sumHalf adds up the current strengths on a half.
func (s *State) sumHalf(slot, side int) int {
	h := &s.halves[slot][side]
	t := 0
	for _, i := range h.cards[:h.n] {
		t += s.addsToHalf(i, slot, side)
	}
	return t
}

// addsToHalf is what card i, lying on a half, adds to its total now.
func (s *State) addsToHalf(i uint8, slot, side int) int {
	if s.ko.has(i) {
		return 0
	}
	a := s.album(slot)
	if col := s.pack.iCol[i]; (a.Rule == RuleFactionOnly && col != s.colour[slot][side]) || (col == Purple && !s.rules.neutralsCount) {
		return 0
	}
	v := int(s.pack.iStr[i])
	if a.Rule == RuleTypeBonus && s.pack.iType[i] == a.Type {
		v += int(a.N)
	}
	if s.potion.has(i) {
		v *= 2
	}
	return max(v, 0)
}

// counts reports whether face-up card i adds to the total of its half:
// not when the Album counts only its colour's faction (faction_only) or
// the neutrals_count option leaves neutrals out. Its strength is still its
// own, e.g. for "the strongest" of an ability.
func (s *State) counts(i uint8, slot, side int) bool {
	col := s.pack.iCol[i]
	return !(col == Purple && !s.rules.neutralsCount) && (s.rule(slot) != RuleFactionOnly || col == s.colour[slot][side])
}

func (s *State) threshold(slot int) int { return int(s.slotThr[slot]) }

// locate finds an instance on an Album.
func (s *State) locate(i uint8) (slot, side int, ok bool) {
	for slot := 0; slot < int(s.nslots); slot++ {
		for side := 0; side < 2; side++ {
			if s.on[slot][side].has(i) {
				return slot, side, true
			}
		}
	}
	return 0, 0, false
}

// lift takes card i off its half.
func (s *State) lift(i uint8, slot, side int) {
	s.halves[slot][side].remove(i)
	s.on[slot][side].clear(i)
}

// board is the set of cards on Albums in play.
func (s *State) board() (b instSet) {
	for slot := 0; slot < int(s.nslots); slot++ {
		b.or(&s.on[slot][0])
		b.or(&s.on[slot][1])
	}
	return
}

func (h *half) remove(i uint8) {
	for k, x := range h.cards[:h.n] {
		if x == i {
			copy(h.cards[k:], h.cards[k+1:h.n])
			h.n--
			return
		}
	}
}

func (s *State) put(i uint8, slot, side int) {
	h := &s.halves[slot][side]
	h.cards[h.n] = i
	h.n++
	s.on[slot][side].set(i)
	s.clock++
	s.placed[i] = s.clock
}

// draw moves up to n cards from the deck to p's hand, shuffling the
// discard pile into a new deck when the deck runs out (AX-A22: as many as
// possible). It returns how many were drawn.
func (s *State) draw(p engine.Seat, n int) int {
	got := 0
	for ; got < n; got++ {
		if s.deckN == 0 {
			if s.discardN == 0 {
				break
			}
			copy(s.deck[:s.discardN], s.discard[:s.discardN])
			s.deckN, s.discardN = s.discardN, 0
			s.epochN = min(s.epochN+1, 255) // (past 255 reshuffles the last epochs merge)
			for _, c := range s.deck[:s.deckN] {
				s.epoch[c] = s.epochN
			}
			engine.Shuffle(&s.rng, s.deck[:s.deckN])
			s.emit(engine.Event{Kind: EvReshuffled, Seat: engine.NoSeat, Card: -1, A: int32(s.deckN)})
		}
		s.deckN--
		c := s.deck[s.deckN]
		s.hands[p].set(c)
		s.emit(engine.Event{Kind: EvDrew, Seat: p, Card: int16(c)})
	}
	return got
}

func (s *State) toDiscard(i uint8) {
	s.discard[s.discardN] = i
	s.discardN++
	if s.potion.has(i) {
		s.potion.clear(i)
		s.supplyT[Potion]++
	}
	s.ko.clear(i)
}

// fromHand removes a card from p's hand.
func (s *State) fromHand(p engine.Seat, i uint8) {
	s.hands[p].clear(i)
	s.known[p].clear(i)
}

func (s *State) gainToken(p engine.Seat, t Token) bool {
	if s.tokens[p][t] >= capTokens || s.supplyT[t] == 0 {
		return false
	}
	s.tokens[p][t]++
	s.supplyT[t]--
	s.emit(engine.Event{Kind: EvGainedToken, Seat: p, Card: -1, A: int32(t)})
	return true
}

// takeable lists the token kinds p may take now.
func (s *State) takeable(p engine.Seat) (kinds [3]bool, n int) {
	for t := Potion; t <= Boar; t++ {
		if s.tokens[p][t] < capTokens && s.supplyT[t] > 0 {
			kinds[t] = true
			n++
		}
	}
	return
}

func (s *State) gainHelmet(p engine.Seat, h Helmet) bool {
	if s.supplyH[h] == 0 {
		return false
	}
	s.supplyH[h]--
	s.helmets[p][h]++
	s.emit(engine.Event{Kind: EvGainedHelmet, Seat: p, Card: -1, A: int32(h)})
	return true
}

// checkWin ends the game when p has 50 sestertii (AX-A12: whenever they rise).
func (s *State) checkWin(p engine.Seat) bool {
	if s.score(p) >= winScore {
		s.finish(1 << uint(p))
		return true
	}
	return false
}

func (s *State) finish(winners uint8) {
	s.winners = winners
	s.phase = phOver
	// Several winners (a ranking) are told in turn order from the player on
	// turn, not in the order of seat numbers.
	for k := range int(s.seats) {
		p := (s.active + engine.Seat(k)) % engine.Seat(s.seats)
		if winners&(1<<uint(p)) != 0 {
			s.emit(engine.Event{Kind: EvWon, Seat: p, Card: -1, A: int32(s.score(p))})
		}
	}
}

// finishByRanking ends the game with no one at 50 (AX-A20, AX-A21): most
// sestertii, then most Albums; equal players share.
func (s *State) finishByRanking() {
	best := -1
	var w uint8
	for p := engine.Seat(0); p < engine.Seat(s.seats); p++ {
		k := s.score(p)*100 + int(s.won[p])
		switch {
		case k > best:
			best, w = k, 1<<uint(p)
		case k == best:
			w |= 1 << uint(p)
		}
	}
	s.finish(w)
}

func (s *State) Outcome() (engine.Outcome, bool) {
	if s.phase != phOver {
		return engine.Outcome{}, false
	}
	n := int(s.seats)
	key := func(p int) int {
		if s.winners&(1<<uint(p)) != 0 {
			return 1 << 30
		}
		return s.score(engine.Seat(p))*100 + int(s.won[p])
	}
	out := engine.Outcome{Ranks: make([]int, n)}
	for p := range n {
		r := 1
		for q := range n {
			if key(q) > key(p) {
				r++
			}
		}
		out.Ranks[p] = r
		if r == 1 {
			out.Winners = append(out.Winners, engine.Seat(p))
		}
	}
	return out, true
}
