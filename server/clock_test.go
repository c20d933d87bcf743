package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/server/bustest"
	"stolik/store"
	"stolik/store/pgtest"
)

// fakeClock is a Clock the test moves by hand: nothing waits for real
// time, and a timer's call runs on the test's goroutine as Advance passes
// its time.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	c    *fakeClock
	at   time.Time
	f    func()
	done bool
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t
}

func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

// Advance moves the clock on by d, running the calls that fall due on the
// way, earliest first, each to its end.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	target := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		var next *fakeTimer
		for _, t := range c.timers {
			if !t.done && !t.at.After(target) && (next == nil || t.at.Before(next.at)) {
				next = t
			}
		}
		if next == nil {
			c.now = target
			c.mu.Unlock()
			return
		}
		next.done = true
		if next.at.After(c.now) {
			c.now = next.at
		}
		c.mu.Unlock()
		next.f()
	}
}

// timedServer is a server on a SQLite file at path whose tables' clocks
// are clk's.
func timedServer(t *testing.T, path string, clk *fakeClock) (*Server, *store.SQLite) {
	t.Helper()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Store: st, Games: all.Games(), Clock: clk, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s, st
}

// timedTable is a new table of game with two people and clock at a
// server of its own, with their tokens.
func timedTable(t *testing.T, game string, clock ClockSpec) (*Server, *Table, *fakeClock, map[engine.Seat]string) {
	t.Helper()
	clk := newFakeClock()
	s, st := timedServer(t, filepath.Join(t.TempDir(), "clock.db"), clk)
	t.Cleanup(func() { s.Close(); st.Close() })
	tab := mustCreate(t, s, Spec{Game: game, Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 5, Clock: clock})
	return s, tab, clk, tokens(t, tab)
}

// movePerson plays a random legal move for seat through its token, as
// the server takes a client's move.
func movePerson(t *testing.T, s *Server, tab *Table, tok string, seat engine.Seat, r *rand.Rand) {
	t.Helper()
	_, legal, _ := tab.View(seat)
	if len(legal) == 0 {
		t.Fatalf("seat %d has no move", seat)
	}
	tab.mu.Lock()
	text := tab.st.Format(legal[r.IntN(len(legal))])
	tab.mu.Unlock()
	if _, err := s.Play(context.Background(), tab, tok, text); err != nil {
		t.Fatalf("seat %d plays %s: %v", seat, text, err)
	}
}

// pendingOne is the one seat to move at a table where seats take turns.
func pendingOne(t *testing.T, tab *Table) engine.Seat {
	t.Helper()
	_, _, pending := tab.View(engine.Spectator)
	if len(pending) != 1 {
		t.Fatalf("pending %v, want one seat", pending)
	}
	return pending[0]
}

// seatClockOf is seat's clock as the table's public view shows it.
func seatClockOf(t *testing.T, tab *Table, seat engine.Seat) SeatClockView {
	t.Helper()
	v := tab.Public().Clock
	if v == nil {
		t.Fatal("the view shows no clock")
	}
	return v.Seats[seat]
}

// waitUntil waits for cond at each change of the table (the bots play on
// goroutines of their own), failing after a generous bound.
func waitUntil(t *testing.T, tab *Table, what string, cond func() bool) {
	t.Helper()
	bound := time.After(30 * time.Second)
	for {
		changed := tab.Changed()
		if cond() {
			return
		}
		select {
		case <-changed:
		case <-bound:
			t.Fatalf("%s: not within 30 s", what)
		}
	}
}

func TestClockSpecIsChecked(t *testing.T) {
	for _, c := range []struct {
		spec ClockSpec
		code string
	}{
		{ClockSpec{Mode: "blitz"}, "clock_mode"},
		{ClockSpec{Mode: ClockBank, Bank: 30}, "clock_range"},
		{ClockSpec{Mode: ClockBank, Bank: 600, Increment: 301}, "clock_range"},
		{ClockSpec{Mode: ClockBank, Bank: 600, PerMove: 10}, "clock_field"},
		{ClockSpec{Mode: ClockMove, PerMove: 4}, "clock_range"},
		{ClockSpec{Mode: ClockTurn, PerMove: 1800}, "clock_range"},
		{ClockSpec{Mode: ClockTurn, PerMove: 4 * 24 * 3600}, "clock_range"},
		{ClockSpec{Mode: ClockTurn, PerMove: 3600, ExtraDays: 15}, "clock_range"},
		{ClockSpec{Mode: ClockMove, PerMove: 30, OnTimeout: "resign"}, "clock_timeout"},
		{ClockSpec{Mode: ClockMove, PerMove: 30, Takeover: 11}, "clock_range"},
		{ClockSpec{Mode: ClockNone, Bank: 60}, "clock_field"},
	} {
		_, err := c.spec.normalized()
		re, ok := engine.AsRuleError(err)
		if !ok || re.Code != c.code || re.Msg.PL == "" || re.Msg.EN == "" {
			t.Errorf("%+v: %v, want a rule error %s in both languages", c.spec, err, c.code)
		}
	}
	for _, ok := range []ClockSpec{{}, {Mode: ClockBank, Bank: 600, Increment: 5}, {Mode: ClockMove, PerMove: 30, OnTimeout: TimeoutDrop},
		{Mode: ClockTurn, PerMove: 3 * 24 * 3600, ExtraDays: 14, Takeover: 10}} {
		if _, err := ok.normalized(); err != nil {
			t.Errorf("%+v: %v", ok, err)
		}
	}
	// Through the API, a bad clock is a 400 with its code, and makes no
	// table.
	_, hs, _ := newServer(t, filepath.Join(t.TempDir(), "api.db"))
	var answer apiError
	code := call(t, "POST", hs.URL+"/api/tables", `{"game":"asterix","options":{"players":2},"seats":["human","human"],"clock":{"mode":"move","per_move":2}}`, &answer)
	if code != 400 || answer.Code != "clock_range" {
		t.Errorf("a create with a 2 s move: %d %+v, want 400 clock_range", code, answer)
	}
}

// Real time with a bank: a seat's bank runs only on its turn, loses what
// the move took and gains the increment.
func TestClockBankAndIncrement(t *testing.T) {
	s, tab, clk, toks := timedTable(t, "asterix", ClockSpec{Mode: ClockBank, Bank: 60, Increment: 5})
	r := rand.New(rand.NewPCG(1, 2))
	first := pendingOne(t, tab)
	if d := tab.Deadlines(); len(d) != 1 || !d[first].Equal(clk.Now().Add(60*time.Second)) {
		t.Fatalf("deadlines %v, want seat %d's in 60 s", d, first)
	}
	clk.Advance(20 * time.Second)
	if got := seatClockOf(t, tab, first).Left; got != 40_000 {
		t.Errorf("seat %d's time left as the view shows it: %d ms, want 40000", first, got)
	}
	movePerson(t, s, tab, toks[first], first, r)
	for pendingOne(t, tab) == first {
		clk.Advance(time.Second)
		movePerson(t, s, tab, toks[first], first, r)
	}
	c := seatClockOf(t, tab, first)
	if c.Deadline != 0 {
		t.Errorf("seat %d's deadline %d after its turn, want none", first, c.Deadline)
	}
	if c.Left%1000 != 0 || c.Left < 40_000 || c.Left > 60_000 {
		t.Errorf("seat %d's bank %d ms, want 60 s less 20 s and more, plus 5 s per move", first, c.Left)
	}
	other := pendingOne(t, tab)
	if d := tab.Deadlines(); len(d) != 1 || !d[other].Equal(clk.Now().Add(60*time.Second)) {
		t.Errorf("deadlines %v, want seat %d's in 60 s", d, other)
	}
	if tab.Moves() == 0 || len(tab.botMoves()) != 0 {
		t.Errorf("%d moves, %v by the bot; want the people's only", tab.Moves(), tab.botMoves())
	}
}

// A fixed time per move: one second short of it nothing happens; at it,
// the bot plays the move, marked as the bot's.
func TestClockFixedPerMove(t *testing.T) {
	_, tab, clk, _ := timedTable(t, "asterix", ClockSpec{Mode: ClockMove, PerMove: 30})
	seat := pendingOne(t, tab)
	clk.Advance(29 * time.Second)
	if tab.Moves() != 0 {
		t.Fatalf("%d moves before the time ran out", tab.Moves())
	}
	clk.Advance(time.Second)
	if tab.Moves() == 0 {
		t.Fatal("the time ran out and nobody moved")
	}
	v := tab.Public().Clock
	if !slices.Contains(v.BotMoves, 0) || v.Seats[seat].Timeouts != 1 || v.Seats[seat].Bot {
		t.Errorf("clock after the timeout: %+v, want move 0 the bot's, one timeout, the seat still the player's", v)
	}
	for s, d := range tab.Deadlines() {
		if !d.Equal(clk.Now().Add(30 * time.Second)) {
			t.Errorf("seat %d's deadline %v, want 30 s from now", s, d)
		}
	}
}

// Turn-based: the time per move first, then the extra days; what a move
// takes over its time comes out of the seat's extra days.
func TestClockTurnBasedExtraDays(t *testing.T) {
	s, tab, clk, toks := timedTable(t, "asterix", ClockSpec{Mode: ClockTurn, PerMove: 3600, ExtraDays: 1})
	r := rand.New(rand.NewPCG(3, 4))
	seat := pendingOne(t, tab)
	start := clk.Now()
	if d := tab.Deadlines()[seat]; !d.Equal(start.Add(25 * time.Hour)) {
		t.Fatalf("deadline %v, want an hour and a day from the start", d)
	}
	clk.Advance(3 * time.Hour)
	if tab.Moves() != 0 {
		t.Fatal("the bot moved with extra time left")
	}
	movePerson(t, s, tab, toks[seat], seat, r)
	for pendingOne(t, tab) == seat {
		movePerson(t, s, tab, toks[seat], seat, r)
	}
	if got := seatClockOf(t, tab, seat).Left; got != (3600+22*3600)*1000 {
		t.Errorf("seat %d has %d ms for its next move, want its hour and the 22 extra hours left", seat, got)
	}
	other := pendingOne(t, tab)
	clk.Advance(25 * time.Hour)
	if c := seatClockOf(t, tab, other); c.Timeouts != 1 || c.Left != 3600*1000 {
		t.Errorf("seat %d after its hour and day ran out: %+v, want one timeout and its hour alone left", other, c)
	}
}

// Tag Team's build: both seats choose at once, both clocks run, and both
// seats' moves are played by the bot when time runs out.
func TestClockSimultaneousSeats(t *testing.T) {
	_, tab, clk, _ := timedTable(t, "tagteam", ClockSpec{Mode: ClockMove, PerMove: 60, Takeover: 10})
	d := tab.Deadlines()
	if len(d) != 2 || !d[0].Equal(d[1]) {
		t.Fatalf("deadlines %v, want both seats' at once", d)
	}
	clk.Advance(60 * time.Second)
	v := tab.Public().Clock
	if v.Seats[0].Timeouts != 1 || v.Seats[1].Timeouts != 1 {
		t.Fatalf("timeouts %+v, want one for each seat", v.Seats)
	}
	tab.mu.Lock()
	made := slices.Clone(tab.made)
	tab.mu.Unlock()
	if made[0] == 0 || made[1] == 0 || len(v.BotMoves) != made[0]+made[1] {
		t.Errorf("moves by seat %v, by the bot %v: want each seat's move played by the bot", made, v.BotMoves)
	}
}

// Timeouts in a row hand the seat to the bot, which plays it on its own;
// a person's move there is refused until the player takes the seat back
// (through the API), and then their clock runs again.
func TestClockBotTakesSeatAndPlayerTakesItBack(t *testing.T) {
	s, tab, clk, toks := timedTable(t, "asterix", ClockSpec{Mode: ClockMove, PerMove: 10, Takeover: 2})
	hs := newHTTP(t, s)
	r := rand.New(rand.NewPCG(5, 6))
	late := pendingOne(t, tab)
	other := 1 - late
	for n := 1; n <= 2; n++ {
		for pendingOne(t, tab) == other {
			movePerson(t, s, tab, toks[other], other, r)
		}
		clk.Advance(10 * time.Second) // late's moves, the whole turn
		for pendingOne(t, tab) == late {
			clk.Advance(10 * time.Second)
		}
		if c := seatClockOf(t, tab, late); c.Timeouts < n {
			t.Fatalf("after timeout %d: %+v", n, c)
		}
	}
	if c := seatClockOf(t, tab, late); !c.Bot {
		t.Fatalf("after two timeouts in a row: %+v, want the bot in the seat", c)
	}
	if _, ok := tab.Deadlines()[late]; ok {
		t.Error("the bot's seat has a deadline")
	}
	movePerson(t, s, tab, toks[other], other, r)
	for pendingOne(t, tab) == other {
		movePerson(t, s, tab, toks[other], other, r)
	}
	// The bot plays the seat now, without a timeout.
	before := tab.Moves()
	waitUntil(t, tab, "the bot plays the seat it took", func() bool { return tab.Moves() > before && !tab.Ended() && pendingOneQuiet(tab) == other })
	if c := seatClockOf(t, tab, late); c.Timeouts != 2 {
		t.Errorf("the bot's own moves counted as timeouts: %+v", c)
	}
	for pendingOne(t, tab) == other {
		movePerson(t, s, tab, toks[other], other, r)
	}
	// It is late's turn: the bot is at it, or done with it. Take it back.
	if code := call(t, "POST", hs.URL+"/api/tables/"+tab.ID()+"/takeback", fmt.Sprintf(`{"token":%q}`, toks[other]), nil); code != 409 && code != 400 {
		t.Errorf("taking back a seat the bot does not play: %d, want a refusal", code)
	}
	if code := call(t, "POST", hs.URL+"/api/tables/"+tab.ID()+"/takeback", fmt.Sprintf(`{"token":%q}`, toks[late]), nil); code != 200 {
		t.Fatalf("take back: %d", code)
	}
	c := seatClockOf(t, tab, late)
	if c.Bot || c.Timeouts != 0 {
		t.Errorf("after taking it back: %+v", c)
	}
	// The bot's move decided before, if any, is refused now.
	waitUntil(t, tab, "late's turn, or other's", func() bool { p := pendingOneQuiet(tab); return p == late || p == other })
	for pendingOne(t, tab) == other {
		movePerson(t, s, tab, toks[other], other, r)
	}
	if d, ok := tab.Deadlines()[late]; !ok || d.After(clk.Now().Add(10*time.Second)) {
		t.Errorf("the clock does not run for the player again: %v %v", d, ok)
	}
	movePerson(t, s, tab, toks[late], late, r)
}

// pendingOneQuiet is the one seat to move, NoSeat if none or more.
func pendingOneQuiet(tab *Table) engine.Seat {
	_, _, pending := tab.View(engine.Spectator)
	if len(pending) != 1 {
		return engine.NoSeat
	}
	return pending[0]
}

// A clock is stored with its table: a server opened again on the same
// store finds every deadline where it was, and plays the timeout.
func TestClockSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "clock.db")
	clk := newFakeClock()
	s, sta := timedServer(t, path, clk)
	a := s
	tab := mustCreate(t, a, Spec{Game: "asterix", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 9,
		Clock: ClockSpec{Mode: ClockBank, Bank: 120, Increment: 2}})
	toks := tokens(t, tab)
	r := rand.New(rand.NewPCG(7, 8))
	seat := pendingOne(t, tab)
	clk.Advance(30 * time.Second)
	movePerson(t, s, tab, toks[seat], seat, r)
	before, moves := tab.Deadlines(), tab.Moves()
	a.Close()
	sta.Close()

	clk.Advance(10 * time.Second)
	b, stb := timedServer(t, path, clk)
	defer func() { b.Close(); stb.Close() }()
	again, err := b.Table(tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Deadlines(); !mapsEqual(got, before) {
		t.Fatalf("deadlines after the restart %v, want %v", got, before)
	}
	if again.ClockSpec() != (ClockSpec{Mode: ClockBank, Bank: 120, Increment: 2, OnTimeout: TimeoutBot, Takeover: DefaultTakeover}) {
		t.Errorf("clock after the restart: %+v", again.ClockSpec())
	}
	var last time.Time
	for _, d := range before {
		last = d
	}
	clk.Advance(last.Sub(clk.Now()))
	if again.Moves() == moves {
		t.Fatal("the reopened table played no timeout")
	}
}

func mapsEqual(a, b map[engine.Seat]time.Time) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !b[k].Equal(v) {
			return false
		}
	}
	return true
}

// A timeout's move is stored like any move: the record marks it the
// bot's, and replays to the table's position.
func TestClockTimeoutsReplay(t *testing.T) {
	s, tab, clk, toks := timedTable(t, "asterix", ClockSpec{Mode: ClockMove, PerMove: 10, Takeover: 10})
	r := rand.New(rand.NewPCG(9, 10))
	for range 3 {
		clk.Advance(10 * time.Second)
		seat := pendingOne(t, tab)
		movePerson(t, s, tab, toks[seat], seat, r)
	}
	byBot := tab.botMoves()
	if len(byBot) == 0 {
		t.Fatal("no timeouts")
	}
	hash := tab.Hash()
	if err := tab.abandon(context.Background()); err != nil {
		t.Fatal(err)
	}
	rec, err := tab.Record(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rec.Moves {
		if want := slices.Contains(byBot, i); (m.By == engine.ByBot) != want {
			t.Errorf("move %d marked %q, want the bot's: %v", i, m.By, want)
		}
	}
	g, _ := all.Lookup("asterix", "")
	st, _, err := engine.NewFromRecord(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rec.Moves {
		if _, re := engine.ApplyText(st, m.Seat, m.Move); re != nil {
			t.Fatal(re)
		}
	}
	if st.Hash() != hash {
		t.Errorf("the record replays to %016x, the table was at %016x", st.Hash(), hash)
	}
}

// A node that takes a table over takes its clock: the deadlines stand,
// and the new holder, alone, plays the timeout under its lease.
func TestClockAcrossTakeover(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	clk := newFakeClock()
	tune := func(c *Config) { c.Clock = clk }
	a := startNode(t, pg, bus, "a", time.Minute, tune)
	b := startNode(t, pg, bus, "b", time.Minute, tune)
	tab := mustCreate(t, a.s, Spec{Game: "asterix", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 11,
		Clock: ClockSpec{Mode: ClockTurn, PerMove: 3600}})
	toks := tokens(t, tab)
	seat := pendingOne(t, tab)
	clk.Advance(10 * time.Minute)
	movePerson(t, a.s, tab, toks[seat], seat, rand.New(rand.NewPCG(1, 1)))
	before, moves := tab.Deadlines(), tab.Moves()
	a.stop() // lets its leases go
	taken, err := b.s.Table(tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	if got := taken.Deadlines(); !mapsEqual(got, before) {
		t.Fatalf("deadlines at the node that took over: %v, want %v", got, before)
	}
	clk.Advance(time.Hour)
	if taken.Moves() == moves {
		t.Fatal("the new holder played no timeout")
	}
	if tab.Moves() != moves {
		t.Error("the node that let the table go played a timeout")
	}
	_, stored, err := b.st.Load(context.Background(), tab.ID())
	if err != nil || len(stored) != taken.Moves() {
		t.Errorf("%d moves stored (%v), the table has %d", len(stored), err, taken.Moves())
	}
}

// stopsBeforeClock is a store whose server stops, once cut, before it
// stores a clock on its own: a clock written apart from its move is lost.
type stopsBeforeClock struct {
	*store.SQLite
	cut atomic.Bool
}

func (s *stopsBeforeClock) SetClock(ctx context.Context, table string, clock json.RawMessage) error {
	if s.cut.Load() {
		return errors.New("the server stopped")
	}
	return s.SQLite.SetClock(ctx, table, clock)
}

// A move's clock is stored in the same write as the move: a server that
// stops just after storing a move finds, opened again, the turn that
// move began where it began, not begun anew.
func TestClockStoredWithItsMove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "clock.db")
	clk := newFakeClock()
	sq, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	st := &stopsBeforeClock{SQLite: sq}
	a, err := New(Config{Store: st, Games: all.Games(), Clock: clk, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	tab := mustCreate(t, a, Spec{Game: "asterix", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 9,
		Clock: ClockSpec{Mode: ClockBank, Bank: 120, Increment: 2}})
	toks := tokens(t, tab)
	seat := pendingOne(t, tab)
	clk.Advance(30 * time.Second)
	st.cut.Store(true)
	movePerson(t, a, tab, toks[seat], seat, rand.New(rand.NewPCG(7, 8)))
	before := tab.Deadlines()
	a.Close()
	sq.Close()

	clk.Advance(10 * time.Second)
	b, stb := timedServer(t, path, clk)
	defer func() { b.Close(); stb.Close() }()
	again, err := b.Table(tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Deadlines(); len(before) == 0 || !mapsEqual(got, before) {
		t.Errorf("deadlines after the restart %v, want %v", got, before)
	}
}

// The events of a move the bot played for a person whose time ran out
// are marked as the bot's in the state messages (the page's log shows
// it), written from the state or through encoding/json alike, and no
// other move's are.
func TestClockBotMovesMarkedInTheLog(t *testing.T) {
	s, tab, clk, toks := timedTable(t, "asterix", ClockSpec{Mode: ClockMove, PerMove: 10})
	r := rand.New(rand.NewPCG(5, 6))
	late := pendingOne(t, tab)
	clk.Advance(10 * time.Second)
	waitUntil(t, tab, "the bot's move at the timeout", func() bool { return tab.Moves() > 0 })
	timedOut := tab.Moves()
	for pendingOne(t, tab) == late {
		clk.Advance(10 * time.Second)
		timedOut = tab.Moves()
	}
	other := pendingOne(t, tab)
	movePerson(t, s, tab, toks[other], other, r)
	var wb wireBuf
	for seat := engine.Spectator; seat < 2; seat++ {
		person := len(stateFor(tab, tab.since(timedOut, "", nil), seat, engine.EN).Events)
		for from := range tab.Moves() {
			sn := tab.since(from, "", nil)
			m := stateFor(tab, sn, seat, engine.EN)
			var want bytes.Buffer
			if err := json.NewEncoder(&want).Encode(m); err != nil {
				t.Fatal(err)
			}
			lazy := buildState(tab, sn, seat, engine.EN, &wb)
			got, err := lazy.appendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Fatalf("from move %d, seat %d: written from the state:\n%s\nthrough encoding/json:\n%s", from, seat, got, want.Bytes())
			}
			// The moves from..timedOut-1 are the bot's, the last one
			// the other person's.
			for i, e := range m.Events {
				if by := i < len(m.Events)-person; e.Bot != by {
					t.Errorf("from move %d, seat %d: event %d (%s) marked the bot's: %v, want %v", from, seat, i, e.Text, e.Bot, by)
				}
			}
			if from < timedOut && !bytes.Contains(got, []byte(`"bot":true`)) {
				t.Errorf("from move %d, seat %d: no event marked the bot's: %s", from, seat, got)
			}
		}
	}
}
