package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
)

// What follows serves simulations that report on games in detail (`stolik
// sim --report`): which cards decide games, and each game's own figures.
// Both interfaces are optional; a simulation reports seats, lengths and
// labels for every game and adds these where a state implements them.

// CardUse is what an event did with a card, from the point of view of the
// seat it concerns.
type CardUse uint8

const (
	// CardDealt: the card was in the seat's hand or deck at the start.
	CardDealt CardUse = iota + 1
	// CardDrawn: the seat drew or was given the card.
	CardDrawn
	// CardPlayed: the seat played the card.
	CardPlayed
	// CardFailed: the seat played the card and it failed (Cardline: a
	// wrong placement; the card went to the box).
	CardFailed
	// CardDiscarded: the card left the seat's hand without being played.
	CardDiscarded
	// CardCaptured: the seat captured the card (an Album).
	CardCaptured
	// CardHit: the card hit the seat (an Attack card, a Mine).
	CardHit
	// CardLost: the seat lost the card from play (knocked out, eliminated).
	CardLost
	// CardKept: the seat chose the card over others (a draft, a build).
	CardKept
	// NumCardUses bounds the uses.
	NumCardUses
)

// CardUseNames are the uses' stable names, as `stolik sim --json` prints them.
var CardUseNames = [NumCardUses]string{"", "dealt", "drawn", "played", "failed", "discarded", "captured", "hit", "lost", "kept"}

// CardUseTexts name the uses for people: "seats that played it".
var CardUseTexts = [NumCardUses]Text{
	{},
	{PL: "rozdane na start", EN: "dealt at the start"},
	{PL: "dobrane", EN: "drawn"},
	{PL: "zagrane", EN: "played"},
	{PL: "zagrane bez powodzenia", EN: "played and failed"},
	{PL: "odrzucone", EN: "discarded"},
	{PL: "zdobyte", EN: "captured"},
	{PL: "trafiło gracza", EN: "hit the player"},
	{PL: "stracone", EN: "lost"},
	{PL: "wybrane (draft, budowa)", EN: "kept (a draft, a build)"},
}

// CardUsage is one card's part in an event.
type CardUsage struct {
	Seat Seat
	Card int // the card's number, 0 ≤ Card < CardCount()
	Use  CardUse
}

// CardReporter is a state that says which cards its events concern, so
// that a simulation can relate cards to results: how often a card was
// played, drawn or held, and how often the seat that did won.
type CardReporter interface {
	// CardCount is the number of distinct cards the game reports on.
	CardCount() int
	// CardInfo is a card's stable id (the content pack's, shared by packs
	// that have the card) and its name in both languages.
	CardInfo(card int) (id string, name Text)
	// CardsHeld appends the cards seat s holds now; a simulation asks at
	// the start of a game for the cards dealt.
	CardsHeld(s Seat, dst []CardUsage) []CardUsage
	// CardUses appends what events, just returned by Apply on this state,
	// did with cards.
	CardUses(events []Event, dst []CardUsage) []CardUsage
}

// FigureKind says how a simulation sums a figure over games.
type FigureKind uint8

const (
	// FigureRate is a success or a failure (Value 1 or 0): summed as a
	// rate with its interval (a placement that succeeded, a Comrade who
	// survived).
	FigureRate FigureKind = iota + 1
	// FigureCount is a number of things (Value of them) that happened in a
	// game: summed as a mean per game and a histogram of the games' totals
	// (deaths by cause, the Commissar's advances).
	FigureCount
	// FigureSample is one measurement (Value): summed as a histogram and a
	// mean of the samples (each seat's sestertii at the end).
	FigureSample
)

// Figure is one of a game's own figures: a measurement of Name for Key
// (Name "placement_by_length", Key "5"). Names and keys are stable ids;
// FigureText names them for people.
type Figure struct {
	Name  string
	Key   string
	Kind  FigureKind
	Value int
	// BySeatLabel asks the simulation to use the starting label of Seat
	// (SeatLabeler) as the key: "survival by starting place", which a
	// finished state no longer knows.
	BySeatLabel bool
	Seat        Seat
}

// FigureReporter is a state that measures its games in its own terms.
type FigureReporter interface {
	// FigureNames lists the figures the game reports, in the order a
	// report shows them.
	FigureNames() []string
	// EventFigures appends the figures of events just returned by Apply on
	// this state.
	EventFigures(events []Event, dst []Figure) []Figure
	// EndFigures appends the figures of a finished game.
	EndFigures(dst []Figure) []Figure
	// FigureText names a figure (key "") or one of its keys in both
	// languages; an empty Text means the key is shown as it is.
	FigureText(name, key string) Text
}

// LabelTexter is a state whose seat labels (SeatLabeler) are names for
// people to read in a report: Tag Team's teams ("joan+mordred") and their
// fighters ("joan").
type LabelTexter interface {
	// LabelText names a whole label or one of its parts in both
	// languages; an empty Text means it is shown as it is.
	LabelText(label string) Text
	// LabelKinds names what the labels and their parts are, in the
	// plural ("teams", "fighters").
	LabelKinds() (labels, parts Text)
}

// ContentHasher is a game that can name the content pack it plays with by
// a hash of the pack's files (HashFiles); "" when it does not know them.
type ContentHasher interface {
	ContentHash() string
}

// HashFiles is a short hash of the YAML files of a content pack: their
// names and bytes, in the order of their names. Two packs with the same
// files have the same hash.
func HashFiles(fsys fs.FS) (string, error) {
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", n, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}
