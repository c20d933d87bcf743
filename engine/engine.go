// Package engine is the game-agnostic contract that every Stolik game
// implements and that bots, simulations, the server and the terminal client
// use: games create states, states answer questions and accept moves.
//
// The contract in one paragraph: a State says which seats owe a decision
// (Pending, several at once for simultaneous choices), enumerates every legal
// move of a seat (Legal), and accepts a move (Apply) returning what happened
// as events, or a *RuleError leaving the state untouched. A seat sees the game
// only through View and the events redacted for it (RedactEvent). Chance comes
// from a seeded RNG inside the state, so options + seed + setup + moves always
// give the same Hash. Moves have a text notation (Format and Parse
// round-trip), which records, logs, tests and the terminal use.
package engine

import (
	"encoding/json"
	"math/rand/v2"
)

// Seat numbers a player from 0 in turn order (clockwise).
type Seat int8

// NoSeat stands for "nobody": the observer of a spectator view, or the actor
// of an event that no seat caused.
const NoSeat Seat = -1

// Spectator is the observer that sees only public information.
const Spectator = NoSeat

// Move is a game's compact encoding of one decision. Its meaning belongs to
// the game; outside the game a move travels as notation (State.Format).
type Move uint64

// Game is a rule set: it knows its options and creates states.
type Game interface {
	// Name is the stable identifier used on the command line and in records.
	Name() string
	// Title is the human name in Polish and English.
	Title() Text
	// Options lists every option, including "players".
	Options() []OptionSpec
	// New sets a game up. setup, when not empty, fixes decks and hands as
	// the game documents; unknown keys are an error.
	New(opts Options, setup json.RawMessage, seed uint64) (State, error)
}

// State is one position of a game in progress and the only way to change it.
// A State is not safe for concurrent use; Clone it for another goroutine.
type State interface {
	// Seats is the number of players.
	Seats() int
	// Pending lists the seats that owe a decision now; several seats mean a
	// simultaneous choice. Empty once the game is over. The slice is
	// read-only and valid until the next Apply.
	Pending() []Seat
	// Legal appends every legal move of seat s to dst and returns it. A seat
	// that owes nothing has no legal move.
	Legal(s Seat, dst []Move) []Move
	// Apply makes seat s play m. On success it returns the events, valid
	// until the next Apply; on a rule error it returns a *RuleError and the
	// state is exactly as before.
	Apply(s Seat, m Move) ([]Event, error)
	// Outcome reports the result once the game is over.
	Outcome() (Outcome, bool)
	// View is everything seat s may know, as a JSON-serialisable value.
	// Spectator gets the public view.
	View(s Seat) any
	// RedactEvent renders e for viewer, keeping only what viewer may know;
	// false means viewer learns nothing from it.
	RedactEvent(e Event, viewer Seat, lang Lang) (EventView, bool)
	// Snapshot is the full state as a JSON-serialisable value (hidden facts
	// included), documented per game.
	Snapshot() any
	// Clone returns a deep copy that shares nothing mutable with s.
	Clone() State
	// Determinize resamples, in place and from r, every fact that observer
	// cannot know, keeping everything observer can. The state's own random
	// generator is reseeded from r too, so later shuffles and random
	// choices in the copy are drawn fresh, not the true game's.
	Determinize(observer Seat, r *rand.Rand)
	// Hash is equal for equal states.
	Hash() uint64
	// Format writes m in the game's notation.
	Format(m Move) string
	// Parse reads a move in the game's notation. It checks the text, not
	// the legality of the move; Apply checks that.
	Parse(text string) (Move, error)
	// Describe explains m to a person in lang.
	Describe(m Move, lang Lang) string
}

// Outcome is the result of a finished game.
type Outcome struct {
	// Winners are the seats ranked first.
	Winners []Seat `json:"winners"`
	// Ranks holds each seat's place, 1 for the best; equal places share a rank.
	Ranks []int `json:"ranks"`
	// Draw is true when the game ended even, with no single winner.
	Draw bool `json:"draw"`
	// AllLost is true when nobody won and nobody drew: every seat lost
	// (Front Line, when the last attack kills every Comrade).
	AllLost bool `json:"all_lost,omitempty"`
}

// Event is one thing that happened, in a compact form games fill in without
// allocating: it holds no pointer, so recording it costs a copy. Kind is a
// game-defined code whose stable name RedactEvent gives; Card, A and B are
// kind-specific. Events leave a state only through RedactEvent.
type Event struct {
	Kind EventKind
	Seat Seat
	Card int16
	A, B int32
}

// EventKind is a game's code for a kind of event.
type EventKind uint8

// EventView is an event as one viewer may see it.
type EventView struct {
	Kind string         `json:"kind"`
	Seat int            `json:"seat"` // -1 when no seat acted
	Data map[string]any `json:"data,omitempty"`
	Text string         `json:"text"`
	// Bot: the event is of a move a bot played for a person whose time
	// ran out (set by the server, never by a game).
	Bot bool `json:"bot,omitempty"`
}

// Bot chooses moves. Choose receives the bot's own copy of the game,
// determinized for seat (every fact seat cannot know has been resampled), so
// a bot can look at the copy freely and still never learn a hidden fact.
type Bot interface {
	Choose(st State, seat Seat, r *rand.Rand) (Move, error)
}

// LegalOnlyBot is implemented by bots that look at nothing but
// Legal(seat); they may be handed the true state without a copy.
type LegalOnlyBot interface {
	Bot
	LegalOnly()
}

// ViewOnlyBot is implemented by bots that look at nothing their seat does
// not know: what View(seat) shows and Legal(seat), even where they read
// those facts from the state itself or play on copies of it whose hidden
// cards they count but never look at. Like a LegalOnlyBot they may be
// handed the true state without a copy, and must leave it as it was.
type ViewOnlyBot interface {
	Bot
	ViewOnly()
}

// CopyKeeper is implemented by bots that keep the copy they are handed
// from one decision to the next: bots.Decide copies the position into the
// kept state (Copier.CopyFrom) instead of cloning it, so a bot that decides
// many times in a game allocates no state after its first decision.
type CopyKeeper interface {
	Bot
	Kept() *KeptCopy
}

// KeptCopy is what a CopyKeeper keeps; a bot embeds it.
type KeptCopy struct {
	Copy  State  // the bot's copy, nil before its first decision
	Moves []Move // a buffer for the seat's legal moves
	// Listed: Moves are already the deciding seat's legal moves, listed by
	// bots.Decide on the position (a determinization keeps them); Choose
	// may use them instead of listing them again, and clears Listed.
	Listed bool
}

// Kept returns k.
func (k *KeptCopy) Kept() *KeptCopy { return k }

// ForcedMoveBot is a CopyKeeper that plays a seat's only legal move
// without looking at the position: bots.Decide plays it for the bot, with
// no copy and no determinization.
type ForcedMoveBot interface {
	CopyKeeper
	ForcedMoves()
}

// PublicChoiceBot is a CopyKeeper that can tell, before it decides, that
// its choice on a position depends on nothing its seat does not know:
// where PublicChoice(st, seat) reports so, bots.Decide hands it a copy of
// the position that is not determinized, which saves the determinization.
// PublicChoice reads st and leaves it as it was.
type PublicChoiceBot interface {
	CopyKeeper
	PublicChoice(st State, seat Seat) bool
}

// SamplingBot is a CopyKeeper that determinizes its copy itself:
// bots.Decide hands it the true state and the stream the copy's
// determinization would be drawn from, and it must choose what it would
// choose on the copy determinized from det. It may skip the
// determinization where its choice cannot depend on the facts that would
// be resampled, and must leave st as it was.
type SamplingBot interface {
	CopyKeeper
	ChooseSampling(st State, seat Seat, det, r *rand.Rand) (Move, error)
}

// InPlaceBot is a PublicChoiceBot that leaves the position it decides on
// as it was (it may change it while it decides, on one goroutine, if it
// puts everything back): where PublicChoice reports that its choice
// depends on nothing its seat does not know, bots.Decide hands it the
// position itself, which saves the copy too.
type InPlaceBot interface {
	PublicChoiceBot
	InPlace()
}

// BotSpec describes a bot a game offers.
type BotSpec struct {
	Name   string
	Levels []string // accepted levels, weakest first; empty if none
	// Default is the level used when none is given; empty means the first.
	Default string
	// Title is the bot's plain name for people ("Prosty", "Simple"), and
	// LevelTitles the plain name of each level, in the order of Levels;
	// either may be empty, and then Name and the level are shown.
	Title       Text
	LevelTitles []Text
	Help        Text
	New         func(level string) (Bot, error)
}

// BotProvider is implemented by games that offer bots of their own.
type BotProvider interface {
	Bots() []BotSpec
}

// Renderer is implemented by states that can draw themselves as text for a
// terminal, from viewer's view.
type Renderer interface {
	Render(viewer Seat, lang Lang) string
}

// Asker is implemented by states that ask a person for a move in steps
// ("which card?", "which gap?"). Ask gets the answers given so far; it
// returns the next question, or done with the move. An error means the last
// answer is not acceptable and should be asked again.
type Asker interface {
	Ask(s Seat, answers []string, lang Lang) (question string, m Move, done bool, err error)
}

// SeatLabeler is a state that names a starting property of each seat (Front
// Line: the Comrade's place in the line); simulations report results by
// these labels.
type SeatLabeler interface {
	SeatLabel(s Seat) string
}

// BoxTimer is a game whose box promises how long a game takes; reports
// set the simulated games' length in turns against it.
type BoxTimer interface {
	BoxMinutes() int
}

// Turner is a state that counts the players' turns (a turn may take several
// moves); simulations report game lengths in turns when a game has them.
type Turner interface {
	Turns() int
}
