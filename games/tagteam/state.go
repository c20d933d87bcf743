package tagteam

import (
	"unsafe"

	"stolik/engine"
)

// Sizes of the fixed arrays.
const (
	MaxDeck   = 32 // a fight deck: 2 starting cards + one a round, rounds are capped by the build deck
	MaxBuild  = 24 // a build deck: 18 cards
	MaxDraft  = 12
	NumScheme = 11
)

// Phases.
const (
	phPick   uint8 = iota // simultaneous: a draft pick (tactical: with a discard)
	phPick2               // simultaneous: the second pick from the received cards
	phTeam                // simultaneous: free choice of a team
	phOrder               // simultaneous: which starting card is on top
	phBuild               // simultaneous: add one of three cards
	phSpirit              // the Fey Folk's owner picks the next character
	phOver
)

var phaseNames = [...]string{"pick", "pick2", "team", "order", "build", "spirit", "over"}

// Fighter flags.
const (
	ffBear      uint8 = 1 << iota // Bödvar on his Bear side
	ffImmune                      // ignores every HP change this turn
	ffReviveUse                   // Maman Brijit reached her revive space this turn
	ffSpirit                      // the Fey Folk's active character is on the Spirit space
)

// fighterState is one fighter in play; every field is one byte, so a
// state's core has no padding and hashes as plain bytes.
type fighterState struct {
	f       uint8 // the pack's fighter index
	hp      int8
	power   int8 // cubes in the pool
	track   int8
	tok     [numTokens]int8 // tokens this fighter holds
	flags   uint8
	serpent uint8 // Mephisto's Serpent face: 0 black, 1 white
	char    uint8 // the Fey Folk's active character (0 Fairy, 1 Gnome, 2 Elf)
	charHP  [3]int8
	spirits int8
}

// playerState is one player: a team, a fight deck and a build deck.
type playerState struct {
	fighters [2]fighterState
	deck     [MaxDeck]uint8 // the fight deck in play order
	deckN    uint8
	next     uint8           // the next card to reveal this round
	newCard  uint8           // the card added at the last build (MaxInstances+: none)
	newPos   uint8           // where it went
	build    [MaxBuild]uint8 // top first
	buildN   uint8
	known    uint8 // how many cards at the bottom of the build deck the owner placed (and knows)
	offer    [3]uint8
	offerN   uint8
	active   uint8 // 0 or 1: the active fighter
	decided  uint8 // 1: has made this simultaneous decision
	choice   [4]uint8
	draft    [MaxDraft]uint8 // draft cards (fighter indices) in hand
	draftN   uint8
	passed   [MaxDraft]uint8 // draft cards passed on (known to both)
	passedN  uint8
	discard  uint8 // the tactical-draft discard (MaxInstances+: none)
	reanim   uint8 // the next Golem card resolves twice
	mine     uint8 // You Are Mine is in force this turn
	stolen   uint8
	lost     uint8                     // flags of how this player's team fares at the end of a turn
	flipped  [MaxInstances/8 + 1]uint8 // Summoning cards turned to their back
	removed  [MaxInstances/8 + 1]uint8 // cards removed from the game
	played   [MaxDeck]uint8            // the cards revealed in earlier rounds, in order (public history)
	playedN  uint8
}

// core is the whole position except the RNG and buffers.
type core struct {
	players   [2]playerState
	phase     uint8
	round     uint8
	turn      uint8 // turns in this round
	turns     uint8 // turns played in the game
	draftKind uint8
	winner    int8 // -1 none, -2 draw
	over      uint8
	schemes   [NumScheme]uint8 // Milady's supply, top first
	schemeN   uint8
	planted   [NumScheme]uint8
	plantedN  uint8
	milady    int8     // Milady's slot (p*2+i), -1 none
	spiritP   int8     // the seat choosing a Fey Folk character
	lastCard  [2]uint8 // the cards revealed in the last turn
	pad       uint8
}

// State is a game of Tag Team in progress.
type State struct {
	core
	pack   *Pack
	rules  rules
	rng    engine.RNG
	events []engine.Event
	pend   [2]engine.Seat
	// fight is the scratch of the turn being played, valid only within
	// one Apply: Clone and CopyFrom leave it out, so a copy costs the
	// position alone.
	fight *fightCtx
	// look is the playout policy's scratch state (search.go), kept out of
	// copies like fight.
	look *State
	// quiet states record no events: the scratch states that bots play
	// ahead on, which read only the position. A copy into one stays quiet.
	quiet bool
	// lean states play their fight turns with lookTurn: the greedy bot's
	// look-ahead states. A copy into one stays lean.
	lean bool
	// haltAt, when not 0, halts the fight before the round's turn haltAt,
	// and halted says it did (runFight): the greedy bot's candidates share
	// the turns before their new card. Never copied.
	haltAt uint8
	halted bool
}

// scratch is the turn's scratch, made on a state's first fight.
func (s *State) scratch() *fightCtx {
	if s.fight == nil {
		s.fight = new(fightCtx)
	}
	return s.fight
}

const none = 255

func (s *State) bytes() []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&s.core)), unsafe.Sizeof(s.core))
}

func (s *State) slot(p, i int) *fighterState { return &s.players[p].fighters[i] }

func (s *State) fighterOf(sl int) *Fighter {
	return &s.pack.Fighters[s.players[sl>>1].fighters[sl&1].f]
}

func (s *State) emit(kind evKind, seat int, card int, a, b int) {
	if s.quiet {
		return
	}
	s.events = append(s.events, engine.Event{Kind: engine.EventKind(kind), Seat: engine.Seat(seat), Card: int16(card), A: int32(a), B: int32(b)})
}

func bitHas(b []uint8, i uint8) bool { return b[i>>3]&(1<<(i&7)) != 0 }
func bitSet(b []uint8, i uint8)      { b[i>>3] |= 1 << (i & 7) }
func bitFlip(b []uint8, i uint8)     { b[i>>3] ^= 1 << (i & 7) }

// Seats is 2.
func (s *State) Seats() int { return 2 }

// Turns counts the fight turns played.
func (s *State) Turns() int { return int(s.turns) }

// Pending lists the seats that owe a decision.
func (s *State) Pending() []engine.Seat {
	n := 0
	switch s.phase {
	case phOver:
	case phSpirit:
		s.pend[0] = engine.Seat(s.spiritP)
		n = 1
	default:
		for p := 0; p < 2; p++ {
			if s.players[p].decided == 0 {
				s.pend[n] = engine.Seat(p)
				n++
			}
		}
	}
	return s.pend[:n]
}

// Clone returns a deep copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.events = make([]engine.Event, 0, 32)
	c.fight, c.look, c.quiet, c.lean = nil, nil, false, false
	c.haltAt, c.halted = 0, false
	return &c
}

// CopyFrom makes s a copy of src (a Tag Team state) in place, keeping its
// own event buffer and turn scratch: once s has held a state, it allocates
// nothing.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	if o == s {
		return
	}
	events, fight, look, quiet, lean := s.events, s.fight, s.look, s.quiet, s.lean
	*s = *o
	s.events, s.fight, s.look, s.quiet, s.lean = events[:0], fight, look, quiet, lean
	s.haltAt, s.halted = 0, false
}

// Outcome reports the result.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.over == 0 {
		return engine.Outcome{}, false
	}
	switch s.winner {
	case -2:
		return engine.Outcome{Winners: []engine.Seat{0, 1}, Ranks: []int{1, 1}, Draw: true}, true
	case 0:
		return engine.Outcome{Winners: []engine.Seat{0}, Ranks: []int{1, 2}}, true
	}
	return engine.Outcome{Winners: []engine.Seat{1}, Ranks: []int{2, 1}}, true
}

// Hash is equal for equal states.
func (s *State) Hash() uint64 {
	h := engine.NewHasher("tagteam")
	h.Bytes(s.bytes())
	h.U64(s.rules.bits())
	h.String(s.rng.String())
	return h.Sum()
}
