package server

import (
	"encoding/json"
	"fmt"
	"time"

	"stolik/engine"
)

// Clock tells the time that tables' clocks count in and sets their
// timers: the real clock in a server, a fake one in tests, which move it
// forward by hand and never sleep.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f on a goroutine of its own once d has passed.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a call AfterFunc set; Stop cancels it if it has not run.
type Timer interface {
	Stop() bool
}

// realClock is the time of the machine.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// The clock modes a table may be created with.
const (
	ClockNone = "none" // friendly: nobody's time runs
	ClockBank = "bank" // real time: a bank per player, an increment per move (Fischer)
	ClockMove = "move" // real time: a fixed time for every move
	ClockTurn = "turn" // turn-based: a time per move of hours or days, and a bank of extra days
)

// What happens to a seat whose time runs out.
const (
	TimeoutBot  = "bot"  // the stand-in bot plays its move (the default)
	TimeoutDrop = "drop" // the seat leaves the game, where its rules allow; otherwise the bot plays
)

// DefaultTakeover is how many timeouts in a row hand a seat to the bot
// for the rest of the game, unless the table says otherwise.
const DefaultTakeover = 3

// The bounds of a clock's settings, in seconds (extra time in days).
const (
	minBank, maxBank         = 60, 3 * 3600
	maxIncrement             = 300
	minMoveTime, maxMoveTime = 5, 3600
	minTurnTime, maxTurnTime = 3600, 3 * 24 * 3600
	maxExtraDays             = 14
	minTakeover, maxTakeover = 1, 10
	day                      = 24 * time.Hour
	millisInSec              = 1000
)

// ClockSpec is a table's clock as chosen at its creation; times are whole
// seconds on the wire.
type ClockSpec struct {
	Mode string `json:"mode"`
	// Bank and Increment (ClockBank): each player's starting time, and
	// what each of their moves adds to it.
	Bank      int `json:"bank,omitempty"`
	Increment int `json:"increment,omitempty"`
	// PerMove (ClockMove, ClockTurn): the time every move has.
	PerMove int `json:"per_move,omitempty"`
	// ExtraDays (ClockTurn): a bank of whole days each player may spend
	// over the time per move, in all.
	ExtraDays int `json:"extra_days,omitempty"`
	// OnTimeout is TimeoutBot ("" too) or TimeoutDrop.
	OnTimeout string `json:"on_timeout,omitempty"`
	// Takeover is how many timeouts in a row hand the seat to the bot for
	// the rest of the game (DefaultTakeover if 0).
	Takeover int `json:"takeover,omitempty"`
}

// Errors of a clock's settings.
var (
	errClockMode     = engine.Rule{Code: "clock_mode", PL: "Nie ma zegara %q (do wyboru: none, bank, move, turn).", EN: "There is no clock %q (choose none, bank, move or turn)."}
	errClockRange    = engine.Rule{Code: "clock_range", PL: "Zegar: %s musi być od %d do %d.", EN: "Clock: %s must be from %d to %d."}
	errClockField    = engine.Rule{Code: "clock_field", PL: "Zegar %s nie ma ustawienia %s.", EN: "The %s clock has no setting %s."}
	errClockTimeout  = engine.Rule{Code: "clock_timeout", PL: "Po upływie czasu: %q to ani bot, ani drop.", EN: "When time runs out: %q is neither bot nor drop."}
	errStandIn       = engine.Rule{Code: "stand_in", PL: "Za to miejsce gra teraz bot; najpierw je odbierz.", EN: "A bot plays this seat now; take it back first."}
	errNotStandIn    = engine.Rule{Code: "not_stand_in", PL: "Za to miejsce nie gra bot.", EN: "No bot plays this seat."}
	errTimeoutPassed = engine.Rule{Code: "timeout_passed", PL: "Czas tego ruchu już minął.", EN: "The time for this move has passed."}
)

// normalized is the spec with its defaults filled in ("" mode is none),
// or the rule it breaks.
func (c ClockSpec) normalized() (ClockSpec, error) {
	if c.Mode == "" {
		c.Mode = ClockNone
	}
	if c.OnTimeout == "" {
		c.OnTimeout = TimeoutBot
	}
	if c.Takeover == 0 {
		c.Takeover = DefaultTakeover
	}
	in := func(name string, v, lo, hi int) error {
		if v < lo || v > hi {
			return errClockRange.Err(name, lo, hi)
		}
		return nil
	}
	unused := func(name string, v int) error {
		if v != 0 {
			return errClockField.Err(c.Mode, name)
		}
		return nil
	}
	var errs []error
	switch c.Mode {
	case ClockNone:
		return ClockSpec{Mode: ClockNone}, firstErr(unused("bank", c.Bank), unused("increment", c.Increment),
			unused("per_move", c.PerMove), unused("extra_days", c.ExtraDays))
	case ClockBank:
		errs = append(errs, in("bank", c.Bank, minBank, maxBank), in("increment", c.Increment, 0, maxIncrement),
			unused("per_move", c.PerMove), unused("extra_days", c.ExtraDays))
	case ClockMove:
		errs = append(errs, in("per_move", c.PerMove, minMoveTime, maxMoveTime), unused("bank", c.Bank),
			unused("increment", c.Increment), unused("extra_days", c.ExtraDays))
	case ClockTurn:
		errs = append(errs, in("per_move", c.PerMove, minTurnTime, maxTurnTime), in("extra_days", c.ExtraDays, 0, maxExtraDays),
			unused("bank", c.Bank), unused("increment", c.Increment))
	default:
		return c, errClockMode.Err(c.Mode)
	}
	if c.OnTimeout != TimeoutBot && c.OnTimeout != TimeoutDrop {
		errs = append(errs, errClockTimeout.Err(c.OnTimeout))
	}
	errs = append(errs, in("takeover", c.Takeover, minTakeover, maxTakeover))
	return c, firstErr(errs...)
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func seconds(n int) time.Duration { return time.Duration(n) * time.Second }

// start is what each seat's clock holds at the start: the bank, or the
// extra days.
func (c ClockSpec) start() time.Duration {
	switch c.Mode {
	case ClockBank:
		return seconds(c.Bank)
	case ClockTurn:
		return time.Duration(c.ExtraDays) * day
	}
	return 0
}

// grace is the least a bank holds after it ran out, or when its player
// takes the seat back from the bot: the increment, or a tenth of the
// starting bank if more, so that a player who comes back can move.
func (c ClockSpec) grace() time.Duration {
	if c.Mode != ClockBank {
		return 0
	}
	return max(seconds(c.Increment), seconds(c.Bank)/10)
}

// tableClock is a timed table's clock as it is stored: its spec and where
// every seat's time stands. Only human seats are timed.
type tableClock struct {
	Spec ClockSpec `json:"spec"`
	// Moves is how many of the table's moves the clock has counted.
	Moves int         `json:"moves"`
	Seats []seatClock `json:"seats"`
	// BotMoves are the numbers of the moves a bot played for a person: at
	// a timeout, or standing in for them.
	BotMoves []int `json:"bot_moves,omitempty"`
}

// seatClock is one seat's time.
type seatClock struct {
	// Left is the bank (ClockBank) or the extra time (ClockTurn) left.
	Left time.Duration `json:"left"`
	// Since is when the seat's turn began; zero while it is not running.
	Since time.Time `json:"since,omitzero"`
	// Timeouts counts the seat's timeouts in a row.
	Timeouts int `json:"timeouts,omitempty"`
	// Bot: after Spec.Takeover timeouts in a row, the bot plays the seat
	// until its player takes it back.
	Bot   bool `json:"bot,omitempty"`
	Human bool `json:"human,omitempty"`
}

// newTableClock is the clock of a new table of the given seats' kinds;
// nil for an untimed table.
func newTableClock(spec ClockSpec, seats []string) *tableClock {
	if spec.Mode == ClockNone || spec.Mode == "" {
		return nil
	}
	c := &tableClock{Spec: spec, Seats: make([]seatClock, len(seats))}
	for i, k := range seats {
		c.Seats[i] = seatClock{Left: spec.start(), Human: k == "human"}
	}
	return c
}

func (c *tableClock) clone() *tableClock {
	out := *c
	out.Seats = append([]seatClock(nil), c.Seats...)
	out.BotMoves = append([]int(nil), c.BotMoves...)
	return &out
}

// deadline is when seat's time runs out, while its turn runs.
func (c *tableClock) deadline(seat int) (time.Time, bool) {
	sc := c.Seats[seat]
	if sc.Since.IsZero() {
		return time.Time{}, false
	}
	switch c.Spec.Mode {
	case ClockBank:
		return sc.Since.Add(sc.Left), true
	case ClockMove:
		return sc.Since.Add(seconds(c.Spec.PerMove)), true
	default:
		return sc.Since.Add(seconds(c.Spec.PerMove) + sc.Left), true
	}
}

// stop ends seat's turn at now, charging the time it took; a mover's bank
// gains the increment.
func (c *tableClock) stop(seat int, now time.Time, moved bool) {
	sc := &c.Seats[seat]
	if sc.Since.IsZero() {
		return
	}
	spent := max(now.Sub(sc.Since), 0)
	switch c.Spec.Mode {
	case ClockBank:
		sc.Left = max(sc.Left-spent, 0)
		if moved {
			sc.Left += seconds(c.Spec.Increment)
		}
	case ClockTurn:
		sc.Left = max(sc.Left-max(spent-seconds(c.Spec.PerMove), 0), 0)
	}
	sc.Since = time.Time{}
}

// sync starts the turns of the timed seats that are pending and stops
// those of the seats that are not, as of now; running says whether any
// time runs at all (not while gathering or once over). It returns the
// seats whose turn began.
func (c *tableClock) sync(pending []engine.Seat, running bool, now time.Time) []engine.Seat {
	var began []engine.Seat
	for i := range c.Seats {
		sc := &c.Seats[i]
		due := running && sc.Human && !sc.Bot && isPending(pending, i)
		switch {
		case !due && !sc.Since.IsZero():
			c.stop(i, now, false)
		case due && sc.Since.IsZero():
			sc.Since = now
			began = append(began, engine.Seat(i))
		}
	}
	return began
}

func isPending(pending []engine.Seat, seat int) bool {
	for _, p := range pending {
		if int(p) == seat {
			return true
		}
	}
	return false
}

// moved counts seat's move number n, made at now: by a person, by the bot
// standing in, or at a timeout. It says whether the bot takes the seat
// now.
func (c *tableClock) moved(seat engine.Seat, n int, now time.Time, by mover) (tookOver bool) {
	c.Moves = n + 1
	if seat < 0 || int(seat) >= len(c.Seats) || !c.Seats[seat].Human {
		return false
	}
	c.stop(int(seat), now, true)
	sc := &c.Seats[seat]
	switch by {
	case byPerson:
		sc.Timeouts = 0
		return false
	case byStandIn:
		c.BotMoves = append(c.BotMoves, n)
		return false
	}
	c.BotMoves = append(c.BotMoves, n)
	switch c.Spec.Mode {
	case ClockBank:
		sc.Left = max(sc.Left, c.Spec.grace())
	case ClockTurn:
		sc.Left = 0
	}
	sc.Timeouts++
	if sc.Timeouts >= c.Spec.Takeover && !sc.Bot {
		sc.Bot = true
		return true
	}
	return false
}

// takeBack gives seat back to its player: the bot stops, the count of
// timeouts starts again, and an empty bank gets its grace.
func (c *tableClock) takeBack(seat int) {
	sc := &c.Seats[seat]
	sc.Bot, sc.Timeouts = false, 0
	if c.Spec.Mode == ClockBank {
		sc.Left = max(sc.Left, c.Spec.grace())
	}
}

// mover is who made a move.
type mover int8

const (
	byPerson  mover = iota
	byStandIn       // the bot playing a seat it took over
	byTimeout       // the bot playing the move of a seat whose time ran out
)

// ClockView is a table's clock as everyone at it and watching sees it:
// the clock is public.
type ClockView struct {
	ClockSpec
	// Now is the server's time as the view was made (milliseconds since
	// 1970), so that a client counts down from its own clock's offset.
	Now   int64           `json:"now"`
	Seats []SeatClockView `json:"seats"`
	// BotMoves are the moves (numbered from 0) a bot played for a person.
	BotMoves []int `json:"bot_moves,omitempty"`
}

// SeatClockView is one seat's time: its deadline while its turn runs
// (milliseconds since 1970), and what it has for its next move otherwise.
type SeatClockView struct {
	Seat     int   `json:"seat"`
	Timed    bool  `json:"timed"`
	Deadline int64 `json:"deadline,omitempty"`
	Left     int64 `json:"left"` // milliseconds
	Timeouts int   `json:"timeouts,omitempty"`
	Bot      bool  `json:"bot,omitempty"`
}

// view is the clock as seen at now.
func (c *tableClock) view(now time.Time) *ClockView {
	v := &ClockView{ClockSpec: c.Spec, Now: now.UnixMilli(), Seats: make([]SeatClockView, len(c.Seats)),
		BotMoves: append([]int(nil), c.BotMoves...)}
	for i, sc := range c.Seats {
		sv := SeatClockView{Seat: i, Timed: sc.Human, Timeouts: sc.Timeouts, Bot: sc.Bot}
		switch c.Spec.Mode {
		case ClockBank:
			sv.Left = sc.Left.Milliseconds()
		case ClockMove:
			sv.Left = int64(c.Spec.PerMove) * millisInSec
		case ClockTurn:
			sv.Left = int64(c.Spec.PerMove)*millisInSec + sc.Left.Milliseconds()
		}
		if d, ok := c.deadline(i); ok {
			sv.Deadline = d.UnixMilli()
			sv.Left = max(d.Sub(now), 0).Milliseconds()
		}
		v.Seats[i] = sv
	}
	return v
}

// decodeClock reads a stored clock for a table of seats seats.
func decodeClock(raw json.RawMessage, seats int) (*tableClock, error) {
	var c tableClock
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("clock: %w", err)
	}
	if len(c.Seats) != seats {
		return nil, fmt.Errorf("clock: %d seats for a table of %d", len(c.Seats), seats)
	}
	spec, err := c.Spec.normalized()
	if err != nil {
		return nil, fmt.Errorf("clock: %v", err)
	}
	c.Spec = spec
	return &c, nil
}
