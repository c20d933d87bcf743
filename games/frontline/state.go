package frontline

import (
	"fmt"
	"math/bits"

	"stolik/engine"
)

// Game limits.
const (
	MinPlayers = 2
	MaxPlayers = MaxSeats
	handSize   = 5
	maxMines   = 16
)

// cardSet is a set of Action card instances.
type cardSet [MaxActions / 64]uint64

func (c *cardSet) set(i uint8)      { c[i>>6] |= 1 << (i & 63) }
func (c *cardSet) clear(i uint8)    { c[i>>6] &^= 1 << (i & 63) }
func (c *cardSet) has(i uint8) bool { return c[i>>6]&(1<<(i&63)) != 0 }
func (c cardSet) count() int        { return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) }
func (c cardSet) empty() bool       { return c[0]|c[1] == 0 }
func (c *cardSet) or(o cardSet)     { c[0] |= o[0]; c[1] |= o[1] }
func (c cardSet) and(o cardSet) cardSet {
	return cardSet{c[0] & o[0], c[1] & o[1]}
}

// nth returns the k-th member (0-based) in instance order.
func (c *cardSet) nth(k int) uint8 {
	for w := 0; w < len(c); w++ {
		n := bits.OnesCount64(c[w])
		if k < n {
			x := c[w]
			for ; k > 0; k-- {
				x &= x - 1
			}
			return uint8(w*64 + bits.TrailingZeros64(x))
		}
		k -= n
	}
	return 0
}

// appendTo puts the members in instance order into dst from dst[n] on and
// returns the new length.
func (c *cardSet) appendTo(dst []uint8, n int) int {
	for w, x := range c {
		for ; x != 0; x &= x - 1 {
			dst[n] = uint8(w*64 + bits.TrailingZeros64(x))
			n++
		}
	}
	return n
}

// each calls f for every member in instance order.
func (c cardSet) each(f func(uint8)) {
	for w, x := range c {
		for x != 0 {
			f(uint8(w*64 + bits.TrailingZeros64(x)))
			x &= x - 1
		}
	}
}

// Seat flags.
const (
	fDead        uint16 = 1 << iota
	fGassed             // Tear Gas: no refill until the hand is empty
	fEventUsed          // the one Event of this turn is spent
	fDone               // passes every window and answer for the rest of the turn
	fDodge              // Unik this turn
	fDuck               // Padnij this turn
	fFubar              // F.U.B.A.R. this turn
	fCover              // Osłona this turn
	fHurt               // took damage this turn (Olga)
	fAbilityUsed        // a once-per-game ability is spent (Nikolai, Dominika)
	fCommitted          // has a face-down card this turn
	fKept               // has kept a card this draft round
	fTurnFlags   = fEventUsed | fDone | fDodge | fDuck | fFubar | fCover | fHurt
)

// seatState is one player's part of the state.
type seatState struct {
	hp, maxHP int8
	comrade   uint8
	flags     uint16
	committed uint8 // the face-down card, valid with fCommitted
	died      int16 // the turn the Comrade died, for the ranking
	hand      cardSet
	pack      cardSet // draft: the cards to keep one from
	passed    cardSet // draft: the cards this seat passed on (its private history)
	equip     cardSet // Equipment in play beside the Ability card
	// What the seat knows of where hidden cards are (belief.go), last:
	// the rules read it only where a card is shown, so the fields the
	// rules read at every move stay together.
	knows cardSet // hidden cards whose holder this seat knows
	// draft: the packs this seat passed on, as records
	draftCards   [maxDraftRecords]cardSet
	draftKeepers [maxDraftRecords]uint16
	draftN       uint8
}

func (p *seatState) is(f uint16) bool { return p.flags&f != 0 }

// Phases: what kind of decision is pending.
const (
	phDraft  uint8 = iota // simultaneous: keep one card
	phCommit              // simultaneous: one face-down Action card
	phWindow              // one seat: play an Event or pass
	phAnswer              // one seat: answer the Event on top with Niet! or pass
	phChoice              // the owner of a revealed Maneuver chooses how it acts
	phEquip               // a hit seat decides whether to use a piece of Equipment
	phOver
)

var phaseNames = [...]string{"draft", "commit", "window", "answer", "choice", "equipment", "over"}

// Steps of the turn (A3), where the turn automaton stands.
const (
	stAttack    uint8 = iota // 1: incoming fire
	stCommit                 // 2: commit
	stCommitted              // 3: the window after the commits
	stReveal                 // 4: reveal and resolve, seat by seat
	stDamage                 // 5: the attack
	stEnd                    // 6 and 7
)

// Windows (docs/games/frontline.md): the moments Events may be played.
const (
	wAttackRevealed uint8 = iota
	wCommitted
	wBeforeReveal
	wBeforeDamage
)

var windowNames = [...]string{"attack_revealed", "committed", "before_reveal", "before_damage"}

// stackItem is an Event (or an ability) waiting to resolve, with its answers above it.
type stackItem struct {
	seat int8
	card uint8 // action instance; abilityCard for Dominika's ability
	a, b uint8
}

const abilityCard = 0xFF

// hit is one blow of the current Attack card on one Comrade.
type hit struct {
	seat     int8
	dmg      int8
	indirect bool // splash indirect damage
	main     bool // splash main damage
}

// State is one position of Front Line No Komrades.
type State struct {
	// The pointers come first, so that copying a state (a bot's look-ahead
	// copies many) while the garbage collector runs checks three words,
	// not the whole state.
	pack   *Pack
	events []engine.Event
	look   *State // the scratch state of look-ahead (probe); never shared between states

	board
	// The seats come last, and those past n are always zero, so that a
	// copy takes only the seats in play (copyState).
	seats [MaxSeats]seatState
}

// board is everything in a state but its pointers and its seats: plain
// values, copied in one move.
type board struct {
	rules rules
	n     int8
	live  uint16 // the seats whose Comrade is alive: fDead's complement, kept for speed
	line  Line

	deck, discard   [MaxActions]uint8
	deckN, discardN uint8
	adeck, adiscard [MaxAttacks]uint8
	adeckN          uint8
	adiscardN       uint8
	dur             [MaxActions]int8 // Equipment durability in play
	mines           [maxMines]uint8  // the Mine stack, on the empty space
	minesN          uint8
	mineSlot        int8

	wire     [MaxSlots]uint64 // Barbed Wire cards lying on each slot
	roulette uint64           // Russian Roulettes attached to the Initiative card
	faceUp   cardSet          // Action cards that have been face up at least once
	tracked  cardSet          // holds every card in a seat's knows or pack records (belief.go), and maybe more
	faceUpA  uint64           // Attack cards likewise

	attack     int8 // the revealed Attack card, -1 none
	targets    [MaxTargets]int8
	nTargets   int8
	initiative int8
	tank       int8 // the seat riding the Tank, -1 none
	stoj       bool
	advances   int8 // Commissar advances waiting on a F.U.B.A.R. Comrade
	turn       int16

	phase  uint8
	step   uint8
	window uint8
	cursor int8 // the window's position in initiative order (0..n-1)
	reveal int8 // step 4: the next position in initiative order to reveal

	stack    [MaxSeats + 1]stackItem
	stackN   int8
	answerK  int8 // the answer round's position after the top item's seat
	choice   int8 // phChoice: the seat choosing
	choiceC  uint8
	hits     [4 * MaxSeats]hit
	hitN     int8
	eqUse    [MaxSeats]uint8 // Equipment used against the current attack
	asked    cardSet         // Equipment already offered against it
	query    int8            // phEquip: the seat asked
	queryC   uint8
	scan     scanState
	over     bool
	probing  bool // a bot's look-ahead copy: the turn does not move past the attack, no events are told
	winner   int8
	turnCap  int16
	lastDead int16

	rng   engine.RNG
	pend  [MaxSeats]engine.Seat
	pendN int8
}

// scanState is the progress of a linear attack along the line, kept so that
// a Car Door decision can interrupt it.
type scanState struct {
	target int8 // the Target being resolved
	pos    int8 // the next slot to look at
	dir    int8
	left   int8 // Comrades it may still hit
	skip   int8 // the seat that reflected it
	active bool
	door   bool // a Car Door decision is pending at pos
}

func (s *State) alive(p int) bool { return s.live>>uint(p)&1 != 0 }

func (s *State) aliveCount() int { return bits.OnesCount16(s.live) }

// order returns the seat at position k of the initiative order: from the
// Initiative holder clockwise. Whatever happens to every seat at once (the
// refill, the damage of one attack, deaths, the last cards of a draft) goes
// in this order, never in the order of seat numbers, so that a position
// plays out the same whichever seats its players hold.
func (s *State) order(k int) int {
	if q := int(s.initiative) + k; q < int(s.n) {
		return q
	} else {
		return q - int(s.n)
	}
}

func (s *State) emit(kind evKind, seat int, card int, a, b int) {
	if s.probing {
		return // a look-ahead copy's events are never read
	}
	s.events = append(s.events, engine.Event{Kind: engine.EventKind(kind), Seat: engine.Seat(seat), Card: int16(card), A: int32(a), B: int32(b)})
}

// Seats is the number of players.
func (s *State) Seats() int { return int(s.n) }

// Turns counts the turns begun.
func (s *State) Turns() int { return int(s.turn) }

// Pending lists the seats that owe a decision.
func (s *State) Pending() []engine.Seat {
	n := int8(0)
	switch {
	case s.over:
	case s.phase == phDraft:
		for p := range s.seats[:s.n] {
			if st := &s.seats[p]; st.flags&(fDead|fKept) == 0 && !st.pack.empty() {
				s.pend[n] = engine.Seat(p)
				n++
			}
		}
	case s.phase == phCommit:
		for p := range s.seats[:s.n] {
			if st := &s.seats[p]; st.flags&(fDead|fCommitted) == 0 && !st.hand.empty() {
				s.pend[n] = engine.Seat(p)
				n++
			}
		}
	default:
		if p := s.single(); p >= 0 {
			s.pend[0] = engine.Seat(p)
			n = 1
		}
	}
	s.pendN = n
	return s.pend[:n]
}

// single is the one seat asked in the phases where only one seat decides
// (a window, an answer, a choice, an Equipment question), or -1.
func (s *State) single() int {
	switch s.phase {
	case phWindow:
		return s.order(int(s.cursor))
	case phAnswer:
		return s.answerSeat()
	case phChoice:
		return int(s.choice)
	case phEquip:
		return int(s.query)
	}
	return -1
}

// answerSeat is the seat asked in the answer round: answerK places after
// the seat of the item on top, in seat order.
func (s *State) answerSeat() int {
	if q := int(s.stack[s.stackN-1].seat) + int(s.answerK); q < int(s.n) {
		return q
	} else {
		return q - int(s.n)
	}
}

// Clone returns a deep copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := &State{events: make([]engine.Event, 0, 16)}
	c.copyState(s)
	return c
}

// copyState makes s a copy of o but for its own event buffer and
// look-ahead scratch, which it keeps. Only the seats in play in either
// state are copied: the others are zero in both.
func (s *State) copyState(o *State) {
	n := max(s.n, o.n)
	if s.pack != o.pack { // a pointer written only when it changes needs no write barrier
		s.pack = o.pack
	}
	s.board = o.board
	copy(s.seats[:n], o.seats[:n])
}

// draw takes the top Action card, reshuffling the discard pile into a new
// deck when it is empty (A8.21); ok is false when both are empty.
func (s *State) draw() (uint8, bool) {
	return s.drawPile(s.deck[:], &s.deckN, s.discard[:], &s.discardN, evReshuffle)
}

// drawPile takes the top card of a deck (its last), first shuffling the
// discard pile into it when it is empty; ok is false when both are empty.
func (s *State) drawPile(deck []uint8, deckN *uint8, discard []uint8, discardN *uint8, reshuffled evKind) (uint8, bool) {
	if *deckN == 0 {
		if *discardN == 0 {
			return 0, false
		}
		copy(deck, discard[:*discardN])
		*deckN, *discardN = *discardN, 0
		engine.Shuffle(&s.rng, deck[:*deckN])
		s.emit(reshuffled, -1, -1, int(*deckN), 0)
	}
	*deckN--
	return deck[*deckN], true
}

func (s *State) discardAction(c uint8) {
	s.faceUp.set(c)
	s.forgetCard(c)
	s.discard[s.discardN] = c
	s.discardN++
}

func (s *State) discardAttack(c uint8) {
	s.faceUpA |= 1 << c
	s.adiscard[s.adiscardN] = c
	s.adiscardN++
}

// drawUpTo fills seat p's hand to k cards.
func (s *State) drawUpTo(p, k int) {
	st := &s.seats[p]
	n := 0
	for st.hand.count() < k {
		c, ok := s.draw()
		if !ok {
			break
		}
		st.hand.set(c)
		n++
	}
	if n > 0 {
		s.emit(evDrew, p, -1, n, 0)
	}
}

// replaceSmoke: with two Comrades or fewer alive, a Smoke Screen cannot be
// used; whoever holds one discards it at once and draws a replacement
// (rulebook FAQ, A8.20), in initiative order.
func (s *State) replaceSmoke() {
	if s.aliveCount() > 2 || s.phase == phDraft {
		return
	}
	for k := 0; k < int(s.n); k++ {
		p := s.order(k)
		if !s.alive(p) {
			continue
		}
		st := &s.seats[p]
		for guard := 0; guard < MaxActions; guard++ {
			sm := st.hand.and(s.pack.smokes)
			if sm.empty() {
				break
			}
			c := sm.nth(0)
			st.hand.clear(c)
			s.shown(p, c)
			s.discardAction(c)
			s.emit(evSmokeReplaced, p, int(c), 0, 0)
			if d, ok := s.draw(); ok {
				st.hand.set(d)
			}
		}
	}
}

// SeatLabel names the seat's starting place in the line ("pos 01" is the
// front), set at the start of the game; simulations report survival by it.
func (s *State) SeatLabel(p engine.Seat) string {
	if p < 0 || int(p) >= int(s.n) {
		return ""
	}
	k := s.line.Pos(ComradeOf(int(p))) + 1
	return fmt.Sprintf("pos %02d", k)
}
