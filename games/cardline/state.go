package cardline

import (
	"iter"
	"math/bits"
	"math/rand/v2"
	"slices"

	"stolik/engine"
)

// cardSet is a bitset over card indices.
type cardSet [(MaxCards + 63) / 64]uint64

func (b *cardSet) set(c uint8)      { b[c>>6] |= 1 << (c & 63) }
func (b *cardSet) has(c uint8) bool { return b[c>>6]&(1<<(c&63)) != 0 }

// State is a game in progress. It is a flat value: Clone is one copy.
type State struct {
	pack  *Pack   // immutable, shared
	vals  []int64 // pack.values[trait], or a search copy's beliefs (belief.vals)
	rules struct {
		emptyDeckSkip, immediate, eliminatedToBox bool
		// tieShare: finishers left without a card to play share the win
		// (option tie_no_cards=share) instead of the first of them winning.
		tieShare bool
	}
	trait Trait
	seats int8
	first engine.Seat // the first player's seat; rounds start here (CL-A8)
	turn  engine.Seat // whose turn it is; NoSeat once the game is over

	round  int16
	active uint8 // bit per seat: not eliminated
	// eliminatedIn is the round a seat was eliminated in (0: never).
	eliminatedIn [MaxPlayers]int16

	hands   [MaxPlayers][MaxHand]uint8
	handLen [MaxPlayers]uint8
	line    [MaxCards]uint8 // left (lowest) to right
	lineLen uint8
	deck    [MaxCards]uint8 // deck[deckLen-1] is the top
	deckLen uint8
	box     [MaxCards]uint8 // failed cards, in the order they failed
	boxLen  uint8
	out     uint8 // cards of eliminated players, out of play (CL-A16)

	// revealed marks cards whose trait side everyone has seen (line, box,
	// and any card once checked).
	revealed cardSet

	// done is a bit per seat that placed its last card correctly and has
	// drawn no card since; doneIn, those that did so in the current round.
	done, doneIn uint8

	winner  engine.Seat
	winners uint8 // bit per seat when several share a win (no card left to draw)
	rng     engine.RNG

	pend   [1]engine.Seat
	events []engine.Event // reused by every Apply; a clone starts its own

	// What a search's copy knows of the values nobody has seen (search.go).
	know   knowledge
	belief *belief // this copy's buffers; vals points at belief.vals once drawn
}

// eventsCap holds the events of any turn: a placement, a draw (after a
// reshuffle), the end of a round, eliminations, tie-break draws and wins.
const eventsCap = 4 + 3*MaxPlayers

func (s *State) value(c uint8) int64 { return s.vals[c] }

func (s *State) pop() uint8 {
	s.deckLen--
	return s.deck[s.deckLen]
}

func (s *State) isActive(p engine.Seat) bool { return s.active&(1<<uint(p)) != 0 }

// Trait is the trait compared this game.
func (s *State) Trait() Trait { return s.trait }

func (s *State) Seats() int { return int(s.seats) }

func (s *State) Pending() []engine.Seat {
	if s.turn == engine.NoSeat {
		return nil
	}
	s.pend[0] = s.turn
	return s.pend[:]
}

// Move encoding: card index in the low byte, gap in the next byte.
func encode(card uint8, gap uint8) engine.Move { return engine.Move(card) | engine.Move(gap)<<8 }

func decode(m engine.Move) (card, gap int, ok bool) {
	if m>>16 != 0 {
		return 0, 0, false
	}
	return int(m & 0xff), int(m >> 8 & 0xff), true
}

func (s *State) Legal(p engine.Seat, dst []engine.Move) []engine.Move {
	if p != s.turn || s.turn == engine.NoSeat {
		return dst
	}
	for _, c := range s.hands[p][:s.handLen[p]] {
		for g := 0; g <= int(s.lineLen); g++ {
			dst = append(dst, encode(c, uint8(g)))
		}
	}
	return dst
}

// correct is the placement test (rulebook "Sytuacja wyjątkowa", spec CL-A9):
// the left neighbour is not higher and the right neighbour is not lower.
func (s *State) correct(c uint8, gap int) bool {
	v := s.value(c)
	if gap > 0 && s.value(s.line[gap-1]) > v {
		return false
	}
	if gap < int(s.lineLen) && v > s.value(s.line[gap]) {
		return false
	}
	return true
}

func (s *State) handIndex(p engine.Seat, c uint8) int {
	for i, h := range s.hands[p][:s.handLen[p]] {
		if h == c {
			return i
		}
	}
	return -1
}

func (s *State) emit(e engine.Event) { s.events = append(s.events, e) }

// Apply places one of the seat's cards in a gap, reveals it and checks it.
func (s *State) Apply(p engine.Seat, m engine.Move) ([]engine.Event, error) {
	if err := engine.CheckSeat(p, int(s.seats), s.Pending()); err != nil {
		return nil, err
	}
	card, gap, ok := decode(m)
	if !ok || card >= len(s.pack.Cards) {
		return nil, errNoSuchCard.Err(uint64(m))
	}
	c := uint8(card)
	hi := s.handIndex(p, c)
	if hi < 0 {
		return nil, errCardNotInHand.Err(s.pack.Cards[c].Name.PL, s.pack.Cards[c].Name.EN)
	}
	if gap > int(s.lineLen) {
		return nil, errNoSuchGap.Err(gap, engine.Count(int(s.lineLen), "kartę|karty|kart", "card|cards"), s.lineLen)
	}
	// Legal: from here on the state changes.
	if s.events == nil {
		s.events = make([]engine.Event, 0, eventsCap)
	}
	s.events = s.events[:0]
	h := &s.hands[p]
	copy(h[hi:], h[hi+1:s.handLen[p]])
	s.handLen[p]--
	s.revealed.set(c)
	ok = s.correct(c, gap)
	if ok {
		copy(s.line[gap+1:s.lineLen+1], s.line[gap:s.lineLen])
		s.line[gap] = c
		s.lineLen++
		s.emit(engine.Event{Kind: EvPlaced, Seat: p, Card: int16(c), A: int32(gap), B: 1})
	} else {
		// Rulebook: a failed card goes to the box; the player draws the deck's top card.
		s.box[s.boxLen] = c
		s.boxLen++
		s.emit(engine.Event{Kind: EvPlaced, Seat: p, Card: int16(c), A: int32(gap), B: 0})
		s.draw(p)
	}
	if ok && s.handLen[p] == 0 {
		s.done |= 1 << uint(p)
		s.doneIn |= 1 << uint(p)
		if s.rules.immediate {
			s.finish(p, WonAlone)
			return s.events, nil
		}
	}
	s.advance()
	return s.events, nil
}

// draw gives seat p the deck's top card. An empty deck is rebuilt from the
// box (spec CL-A5) unless the empty_deck option says to skip the draw; with
// no card anywhere the draw is skipped. It reports whether a card was drawn.
func (s *State) draw(p engine.Seat) bool {
	if s.deckLen == 0 && !s.rules.emptyDeckSkip && s.boxLen > 0 {
		copy(s.deck[:s.boxLen], s.box[:s.boxLen])
		s.deckLen = s.boxLen
		s.boxLen = 0
		engine.Shuffle(&s.rng, s.deck[:s.deckLen])
		s.emit(engine.Event{Kind: EvReshuffled, Seat: engine.NoSeat, Card: -1, A: int32(s.deckLen)})
	}
	if s.deckLen == 0 {
		s.emit(engine.Event{Kind: EvNoDraw, Seat: p, Card: -1})
		return false
	}
	c := s.pop()
	s.hands[p][s.handLen[p]] = c
	s.handLen[p]++
	s.done &^= 1 << uint(p)
	s.doneIn &^= 1 << uint(p)
	s.emit(engine.Event{Kind: EvDrew, Seat: p, Card: int16(c)})
	return true
}

// next returns the next active seat clockwise after p.
func (s *State) next(p engine.Seat) engine.Seat {
	for i := 1; i <= int(s.seats); i++ {
		q := engine.Seat((int(p) + i) % int(s.seats))
		if s.isActive(q) {
			return q
		}
	}
	return p
}

// turnOrder yields every seat once, clockwise from the first player's:
// what happens to several players at once happens in this order, never in
// the order of seat numbers.
func (s *State) turnOrder() iter.Seq[engine.Seat] {
	return func(yield func(engine.Seat) bool) {
		for k := range int(s.seats) {
			if !yield(engine.Seat((int(s.first) + k) % int(s.seats))) {
				return
			}
		}
	}
}

// roundStart is the first player's seat, or the next active seat clockwise
// from it when the first player is eliminated (spec CL-A8).
func (s *State) roundStart() engine.Seat {
	if s.isActive(s.first) {
		return s.first
	}
	return s.next(s.first)
}

// advance passes the turn clockwise; after the round's last active seat it
// ends the round. Seats with no card left sit the rest of the round out.
func (s *State) advance() {
	start := s.roundStart()
	p := s.turn
	for {
		p = s.next(p)
		if p == start {
			s.endRound()
			return
		}
		if s.handLen[p] > 0 {
			s.turn = p
			return
		}
	}
}

// endRound applies the end-of-round test (spec section 4, CL-A6, CL-A7).
// The round's finishers are the seats that placed their last card
// correctly in it (rulebook: the tie-break goes on "do momentu, w którym
// tylko 1 gracz w rundzie zagra swoją kartę prawidłowo"), not every seat
// that holds no card: a finisher the tie-break draw left without a card, or
// a player who failed and could not draw (empty_deck=skip), did not play
// correctly this round.
func (s *State) endRound() {
	s.emit(engine.Event{Kind: EvRoundEnd, Seat: engine.NoSeat, Card: -1, A: int32(s.round)})
	w := s.doneIn & s.active
	s.doneIn = 0
	switch bits.OnesCount8(w) {
	case 0:
		if !s.anyCards() {
			s.endWithoutCards()
			return
		}
	case 1:
		s.finish(engine.Seat(bits.TrailingZeros8(w)), WonAlone)
		return
	default:
		// Rulebook: the others are eliminated; those who finished draw one
		// card each. The eliminations happen together; they are carried
		// out in turn order from the first player, so that the box's order
		// (eliminated_cards=box) does not depend on seat numbers.
		for p := range s.turnOrder() {
			if s.isActive(p) && w&(1<<uint(p)) == 0 {
				s.eliminate(p)
			}
		}
		start := s.roundStart() // after the eliminations (CL-A8)
		drew := false
		p := start
		for {
			if s.draw(p) {
				drew = true
			}
			p = s.next(p)
			if p == start {
				break
			}
		}
		if !drew {
			s.finishFirst(w)
			return
		}
	}
	s.round++
	s.turn = s.roundStart()
	if s.handLen[s.turn] == 0 {
		s.advanceFrom(s.turn)
	}
}

// anyCards reports whether a seat still in the game holds a card.
func (s *State) anyCards() bool {
	for p := engine.Seat(0); p < engine.Seat(s.seats); p++ {
		if s.isActive(p) && s.handLen[p] > 0 {
			return true
		}
	}
	return false
}

// endWithoutCards ends a game in which nobody can play any more: the
// finishers the tie-break draw left without a card decide it as when no
// card is left for the tie-break (finishFirst); if nobody has placed their
// last card correctly (every hand was emptied by failing with
// empty_deck=skip), nobody wins.
func (s *State) endWithoutCards() {
	if w := s.done & s.active; w != 0 {
		s.finishFirst(w)
		return
	}
	s.winner = engine.NoSeat
	s.winners = 0
	s.turn = engine.NoSeat
	s.emit(engine.Event{Kind: EvNoWinner, Seat: engine.NoSeat, Card: -1, A: int32(s.round)})
}

// finishFirst ends a tie-break that no card is left to play: the rulebook
// names one winner, "Pierwszy gracz, któremu uda się prawidłowo zagrać swoją
// ostatnią kartę", so the first of the finishers w to have placed their
// last card wins. They all did so in the same round, so the first is the
// first of them in turn order. Option tie_no_cards=share: they share the
// win.
func (s *State) finishFirst(w uint8) {
	if s.rules.tieShare {
		s.winners = w
		s.finish(engine.NoSeat, WonShared)
		return
	}
	for p := range s.turnOrder() {
		if w&(1<<uint(p)) != 0 {
			s.finish(p, WonFirst)
			return
		}
	}
}

// advanceFrom finds the first seat from p on (p included) that can play this round.
func (s *State) advanceFrom(p engine.Seat) {
	if s.handLen[p] > 0 {
		s.turn = p
		return
	}
	s.turn = p
	s.advance()
}

func (s *State) eliminate(p engine.Seat) {
	s.active &^= 1 << uint(p)
	s.eliminatedIn[p] = s.round
	if s.rules.eliminatedToBox {
		for _, c := range s.hands[p][:s.handLen[p]] {
			s.box[s.boxLen] = c
			s.boxLen++
			s.revealed.set(c)
		}
	} else {
		s.out += s.handLen[p]
	}
	s.handLen[p] = 0
	s.emit(engine.Event{Kind: EvEliminated, Seat: p, Card: -1, A: int32(s.round)})
}

// How a game was won, the B of an EvWon event.
const (
	WonAlone  = 0 // the only player to place their last card correctly in the round
	WonFirst  = 1 // no card left to play: the first of the round's finishers
	WonShared = 2 // no card left to play: the finishers share the win (tie_no_cards=share)
)

// finish ends the game won by p, or, with p NoSeat, shared by s.winners.
func (s *State) finish(p engine.Seat, how int32) {
	s.winner = p
	if p != engine.NoSeat {
		s.winners = 1 << uint(p)
	}
	s.turn = engine.NoSeat
	for q := range s.turnOrder() {
		if s.winners&(1<<uint(q)) != 0 {
			s.emit(engine.Event{Kind: EvWon, Seat: q, Card: -1, A: int32(s.round), B: how})
		}
	}
}

// Outcome ranks the winner first, then players still in the game by the
// fewest cards left, then eliminated players, the later eliminated first.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.turn != engine.NoSeat {
		return engine.Outcome{}, false
	}
	n := int(s.seats)
	key := func(p int) int {
		switch {
		case s.winners&(1<<uint(p)) != 0:
			return 0
		case s.isActive(engine.Seat(p)):
			return 1 + int(s.handLen[p])
		}
		return 1000 + (32767 - int(s.eliminatedIn[p]))
	}
	out := engine.Outcome{Ranks: make([]int, n)}
	for p := range n {
		r := 1
		for q := range n {
			if key(q) < key(p) {
				r++
			}
		}
		out.Ranks[p] = r
		if s.winners&(1<<uint(p)) != 0 {
			out.Winners = append(out.Winners, engine.Seat(p))
		}
	}
	out.AllLost = len(out.Winners) == 0
	return out, true
}

// Clone copies the state; the pack is shared because it never changes.
func (s *State) Clone() engine.State {
	c := *s
	c.events = nil
	c.belief = nil
	if s.believing() {
		c.belief = &belief{vals: slices.Clone(s.belief.vals)}
		c.vals = c.belief.vals
	}
	return &c
}

// Determinize resamples what no player knows: the order of the deck below
// its top card, and the values of every card whose trait side nobody has
// seen (the hands, the holder's own included, and the deck; CL-A12). Card
// identities are public (the fronts are visible), but knowing a
// character's values is the skill the game tests, so the values are drawn
// from the belief of a player of the search's level (Know; search.go), not
// read from the card. The game's own generator is reseeded from r too: the
// order of a deck rebuilt from the box later is unknown as well.
func (s *State) Determinize(observer engine.Seat, r *rand.Rand) {
	if s.deckLen >= 3 {
		below := s.deck[:s.deckLen-1]
		r.Shuffle(len(below), func(i, j int) { below[i], below[j] = below[j], below[i] })
	}
	s.rng = engine.NewRNG(r.Uint64())
	s.believe(r)
}

func (s *State) Hash() uint64 {
	h := engine.NewHasher("cardline")
	h.U64(uint64(s.trait) | uint64(s.seats)<<8 | uint64(uint8(s.first))<<16 | uint64(uint8(s.turn))<<24 |
		uint64(uint16(s.round))<<32 | uint64(s.active)<<48 | uint64(s.winners)<<56)
	var flags uint64
	if s.rules.emptyDeckSkip {
		flags |= 1
	}
	if s.rules.immediate {
		flags |= 2
	}
	if s.rules.eliminatedToBox {
		flags |= 4
	}
	if s.rules.tieShare {
		flags |= 8
	}
	flags |= uint64(s.done)<<32 | uint64(s.doneIn)<<40
	h.U64(flags | uint64(s.out)<<8 | uint64(uint8(s.winner))<<16)
	for p := range int(s.seats) {
		h.Int(int(s.eliminatedIn[p]))
		h.Bytes(s.hands[p][:s.handLen[p]])
	}
	h.Bytes(s.line[:s.lineLen])
	h.Bytes(s.deck[:s.deckLen])
	h.Bytes(s.box[:s.boxLen])
	for _, w := range s.revealed {
		h.U64(w)
	}
	h.U64(s.rng.Peek())
	if s.believing() {
		for c, v := range s.vals {
			if !s.revealed.has(uint8(c)) {
				h.U64(uint64(v))
			}
		}
	}
	return h.Sum()
}
