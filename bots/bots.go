// Package bots holds the game-agnostic bots and the way every bot is chosen
// and asked for a move. Bots see a game only through the engine contract.
package bots

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"stolik/engine"
)

// Random plays a uniformly random legal move.
type Random struct{ buf []engine.Move }

// LegalOnly marks that Random looks at nothing but the seat's legal moves.
func (*Random) LegalOnly() {}

// Choose picks one of the seat's legal moves at random.
func (b *Random) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	b.buf = st.Legal(seat, b.buf[:0])
	legal := b.buf
	if len(legal) == 0 {
		return 0, fmt.Errorf("random bot: seat %d has no legal move", seat)
	}
	return legal[r.IntN(len(legal))], nil
}

// The errors of a bot's spec, in both languages.
var (
	ErrNoBot = engine.Rule{Code: "no_bot", PL: "nie ma bota %q w grze %s (boty: %s)", EN: "no bot %q for %s (bots: %s)"}
	// ErrBadBotSpec is a spec whose level or settings cannot be read.
	ErrBadBotSpec = engine.Rule{Code: "bad_bot", PL: "%s", EN: "%s"}
)

// Specs lists the bots available for g: the generic ones, then the game's own.
func Specs(g engine.Game) []engine.BotSpec {
	specs := []engine.BotSpec{{
		Name:  "random",
		Title: engine.Text{PL: "Losowy", EN: "Random"},
		Help:  engine.Text{PL: "Losowy legalny ruch.", EN: "A random legal move."},
		New:   func(string) (engine.Bot, error) { return &Random{}, nil },
	}}
	if p, ok := g.(engine.BotProvider); ok {
		specs = append(specs, p.Bots()...)
	}
	return append(specs, mctsSpec(g))
}

// New makes a bot from a spec such as "random" or "fan:expert",
// "exec:COMMAND" for an external program (docs/bot-protocol.md), or
// "ismcts:N", the plain reference search with N playouts (ISMCTS), which
// is for measuring the other bots and is not offered to players.
func New(g engine.Game, spec string) (engine.Bot, error) {
	if IsExternal(spec) {
		return newExec(g, strings.TrimPrefix(spec, execPrefix), Table{})
	}
	name, level, _ := strings.Cut(spec, ":")
	if isISMCTS(spec) {
		return NewISMCTS(level)
	}
	var names []string
	for _, s := range Specs(g) {
		names = append(names, s.Name)
		if s.Name == name {
			return s.New(level)
		}
	}
	return nil, ErrNoBot.Err(name, g.Name(), strings.Join(names, ", "))
}

// clock is the time a decision is measured by; tests replace it with a
// clock of their own.
var clock = time.Now

// Decide asks bot b for seat's move. Unless the bot only reads legal moves,
// it gets its own copy of the game, determinized for seat, so it can never
// see a fact that seat may not know (a bot that says its choice on the
// position depends on nothing seat does not know, engine.PublicChoiceBot,
// gets a copy that is not determinized). A bot with a time budget is given a
// deadline that far from now, before the copy is made, so the copy and its
// determinization count against the budget.
func Decide(b engine.Bot, st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return DecideWith(b, st, seat, r, r)
}

// DecideWith is Decide with the determinization drawn from det and the
// bot's own choices from r, so that a bot's choice on a position can be
// checked apart from how the copy it is handed was drawn. A bot that
// determinizes its own copy (engine.SamplingBot) is handed the position
// and det.
func DecideWith(b engine.Bot, st engine.State, seat engine.Seat, det, r *rand.Rand) (engine.Move, error) {
	if seesOnlyItsSeat(b) {
		return b.Choose(st, seat, r)
	}
	if f, ok := b.(engine.ForcedMoveBot); ok {
		k := f.Kept()
		if k.Moves = st.Legal(seat, k.Moves[:0]); len(k.Moves) == 1 {
			return k.Moves[0], nil
		}
		k.Listed = true
	}
	if sb, ok := b.(engine.SamplingBot); ok {
		return sb.ChooseSampling(st, seat, det, r)
	}
	if d, ok := b.(engine.DeadlineBot); ok {
		if deadline := budgetDeadline(b, time.Time{}); !deadline.IsZero() {
			return d.ChooseBy(determinizedFor(b, st, seat, det), seat, r, deadline)
		}
	}
	return b.Choose(determinizedFor(b, st, seat, det), seat, r)
}

// determinizedFor is b's copy of st, determinized for seat with det
// unless b says its choice on st depends on nothing seat does not know;
// then, for a bot that leaves the position as it was, st itself.
func determinizedFor(b engine.Bot, st engine.State, seat engine.Seat, det *rand.Rand) engine.State {
	p, public := b.(engine.PublicChoiceBot)
	public = public && p.PublicChoice(st, seat)
	if _, ok := b.(engine.InPlaceBot); ok && public {
		return st
	}
	c := copyFor(b, st)
	if !public {
		c.Determinize(seat, det)
	}
	return c
}

// copyFor is a copy of st for bot b: into the state b keeps, when it keeps
// one and the game can copy in place, else a clone.
func copyFor(b engine.Bot, st engine.State) engine.State {
	k, ok := b.(engine.CopyKeeper)
	if !ok {
		return st.Clone()
	}
	kept := k.Kept()
	if c, ok := kept.Copy.(engine.Copier); ok {
		c.CopyFrom(st)
		return kept.Copy
	}
	kept.Copy = st.Clone()
	return kept.Copy
}

// seesOnlyItsSeat reports whether b reads nothing but what its seat
// knows (its legal moves, its view), so it may be handed the true state.
func seesOnlyItsSeat(b engine.Bot) bool {
	switch b.(type) {
	case engine.LegalOnlyBot, engine.ViewOnlyBot:
		return true
	}
	return false
}

// DecideBy is Decide with a deadline: a bot that can be told when it must
// answer (engine.DeadlineBot) gets it, or the end of its own budget from
// now if that comes first; any other bot decides as in Decide.
func DecideBy(b engine.Bot, st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	d, ok := b.(engine.DeadlineBot)
	if !ok || deadline.IsZero() {
		return Decide(b, st, seat, r)
	}
	if seesOnlyItsSeat(b) {
		return d.ChooseBy(st, seat, r, deadline)
	}
	deadline = budgetDeadline(b, deadline)
	return d.ChooseBy(determinizedFor(b, st, seat, r), seat, r, deadline)
}

// budgetDeadline is the earlier of deadline (zero: none) and the end of
// b's time budget from now, if b has one.
func budgetDeadline(b engine.Bot, deadline time.Time) time.Time {
	if bb, ok := b.(engine.Budgeted); ok && bb.Budget() > 0 {
		if own := clock().Add(bb.Budget()); deadline.IsZero() || own.Before(deadline) {
			return own
		}
	}
	return deadline
}
