package server

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/store"
)

// The clock's events counted (stolik_clock_events_total{event}).
const (
	clockTurn     = "turn"
	clockTimeout  = "timeout"
	clockTakeover = "takeover"
	clockTakeback = "takeback"
)

var clockEvents = []string{clockTurn, clockTimeout, clockTakeover, clockTakeback}

// errNotOverdue: the seat's time had not run out, or no longer has (its
// player moved meanwhile); the bot's move is dropped.
var errNotOverdue = errors.New("server: the seat's time has not run out")

// standInBot is the bot that plays for a person whose time ran out: the
// search bot at its easy level, or the game's quick bot where it has no
// search.
func standInBot(g engine.Game) string {
	for _, sp := range bots.Specs(g) {
		if sp.Name == "mcts" && slices.Contains(sp.Levels, "easy") {
			return "mcts:easy"
		}
	}
	return bots.Fallback(g)
}

// attachClock gives a table the server's clock, its store of clocks and
// the calls of its timer; the table's clock, if it has one, is read from
// the store (a clock that does not read leaves the table untimed, and is
// logged).
func (s *Server) attachClock(t *Table, load bool) {
	clocks, _ := s.timed.Store.(store.Clocks)
	var loaded *tableClock
	if load && clocks != nil {
		raw, err := clocks.Clock(s.ctx, t.ID())
		if err == nil && raw != nil {
			loaded, err = decodeClock(raw, len(t.rec.Seats))
		}
		if err != nil {
			s.log.Error("a table's clock does not read; the table plays untimed", "table", t.ID(), "err", err)
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.timeSource, t.clocks = s.clock, clocks
	t.timeUp = func() { s.timeUp(t) }
	t.turnsBegan = func(seats []engine.Seat) { s.turnBegan(t, seats) }
	if loaded != nil {
		if loaded.Moves != t.moves {
			// The server stopped between a move and its clock: the turns
			// running then begin again now.
			for i := range loaded.Seats {
				loaded.Seats[i].Since = time.Time{}
			}
			loaded.Moves = t.moves
		}
		t.clock = loaded
	}
}

// startClock gives a new table its clock, and stores it.
func (s *Server) startClock(ctx context.Context, t *Table, spec ClockSpec, seats []string) error {
	c := newTableClock(spec, seats)
	if c == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.clock = c
	t.syncClock()
	return t.saveClock(ctx)
}

// standIn says whether the bot stands in for seat's player; t.mu is held.
func (t *Table) standIn(seat engine.Seat) bool {
	return t.clock != nil && seat >= 0 && int(seat) < len(t.clock.Seats) && t.clock.Seats[seat].Bot
}

// clockRunning says whether time runs at the table: not while it
// gathers, nor once it ended; t.mu is held.
func (t *Table) clockRunning() bool { return !t.ended() && !t.gathering() }

// syncClock starts the turns of the pending seats and stops the others',
// as the table stands; the seats whose turn began are told to turnsBegan.
// t.mu is held.
func (t *Table) syncClock() {
	if t.clock != nil {
		t.syncClockAt(t.timeSource.Now())
	}
}

// syncClockAt is syncClock at now; t.mu is held.
func (t *Table) syncClockAt(now time.Time) {
	if t.clock == nil {
		return
	}
	began := t.clock.sync(t.st.Pending(), t.clockRunning(), now)
	if len(began) > 0 && t.turnsBegan != nil {
		go t.turnsBegan(began)
	}
}

// clockChanged follows a change of the table: turns start and stop, and
// the timer is set for the next deadline. t.mu is held.
func (t *Table) clockChanged() {
	if t.clock == nil {
		return
	}
	t.syncClock()
	t.armClock(0)
}

// armClock sets the timer for the next deadline (no sooner than after
// wait), while the table runs here for a server; t.mu is held.
func (t *Table) armClock(wait time.Duration) {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	if t.clock == nil || t.timeUp == nil || t.elsewhere() || !t.clockRunning() {
		return
	}
	var next time.Time
	for i := range t.clock.Seats {
		if d, ok := t.clock.deadline(i); ok && (next.IsZero() || d.Before(next)) {
			next = d
		}
	}
	if next.IsZero() {
		return
	}
	t.timer = t.timeSource.AfterFunc(max(next.Sub(t.timeSource.Now()), wait), t.timeUp)
}

// stopClock stops the timer: the table has moved to another node, or the
// server is closing. t.mu is held.
func (t *Table) stopClock() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
}

// clockNow is the time by the tables' clock, zero at a table without
// one; t.mu is held.
func (t *Table) clockNow() time.Time {
	if t.clock == nil {
		return time.Time{}
	}
	return t.timeSource.Now()
}

// storeMove stores m, the move that leaves the table at next, made at
// now by by. At a timed table whose store keeps a move and its clock
// together (store.ClockedMoves), the clock as it stands after the move
// goes in the same write, and stored says so. t.mu is held.
func (t *Table) storeMove(ctx context.Context, m store.Move, next engine.State, by mover, now time.Time) (stored bool, err error) {
	cm, ok := t.clocks.(store.ClockedMoves)
	if t.clock == nil || !ok {
		return false, t.store.AppendMove(ctx, t.rec.ID, m)
	}
	// The clock after the move, as clockMoved will make it.
	c := t.clock.clone()
	c.moved(engine.Seat(m.Seat), m.N, now, by)
	_, over := next.Outcome()
	c.sync(next.Pending(), !over && !t.rec.Abandoned && !t.gathering(), now)
	c.Moves = m.N + 1
	raw, err := json.Marshal(c)
	if err != nil {
		return false, err
	}
	start := time.Now()
	err = cm.AppendMoveClock(ctx, t.rec.ID, m, raw)
	if ts, ok := t.store.(*timedStore); ok {
		ts.done(opAppendMove, start, err) //nolint:errcheck // err is returned below
	}
	return true, err
}

// clockMoved counts seat's move, the table's last, made at now, on the
// clock, and stores the clock unless it was stored with the move
// (storeMove). t.mu is held.
func (t *Table) clockMoved(ctx context.Context, seat engine.Seat, by mover, now time.Time, stored bool) {
	if t.clock == nil {
		return
	}
	t.clock.moved(seat, t.moves-1, now, by)
	t.syncClockAt(now)
	t.clock.Moves = t.moves
	if !stored {
		t.saveClock(ctx) //nolint:errcheck // the move stands; a restart finds the clock behind it and starts its turns again
	}
}

// saveClock stores the table's clock, where the store keeps clocks; a
// store that refuses it because the table is another node's lets the
// table go, as a refused move does. t.mu is held.
func (t *Table) saveClock(ctx context.Context) error {
	if t.clock == nil || t.clocks == nil {
		return nil
	}
	t.clock.Moves = t.moves
	raw, err := json.Marshal(t.clock)
	if err != nil {
		return err
	}
	if err := t.clocks.SetClock(ctx, t.rec.ID, raw); err != nil {
		if t.lostTo(err) {
			return errMoved.Err()
		}
		return err
	}
	return nil
}

// Deadlines are when each pending seat's time runs out, for the seats
// whose time runs (none at a table without a clock, while it gathers,
// once it ended, or for a seat the bot plays).
func (t *Table) Deadlines() map[engine.Seat]time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[engine.Seat]time.Time{}
	if t.clock == nil || !t.clockRunning() {
		return out
	}
	for i := range t.clock.Seats {
		if d, ok := t.clock.deadline(i); ok {
			out[engine.Seat(i)] = d
		}
	}
	return out
}

// ClockSpec is the table's clock as chosen at its creation (mode none for
// an untimed table).
func (t *Table) ClockSpec() ClockSpec {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.clock == nil {
		return ClockSpec{Mode: ClockNone}
	}
	return t.clock.Spec
}

// clockView is the clock as everyone sees it now (nil: untimed); t.mu is
// held.
func (t *Table) clockView() *ClockView {
	if t.clock == nil {
		return nil
	}
	return t.clock.view(t.timeSource.Now())
}

// botMoves are the numbers of the moves a bot played for a person.
func (t *Table) botMoves() []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.clock == nil {
		return nil
	}
	return append([]int(nil), t.clock.BotMoves...)
}

// overdue lists the seats whose time has run out, with a copy of the
// state and the number of moves played, for the bot to decide on.
func (t *Table) overdue() ([]engine.Seat, engine.State, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.clock == nil || t.elsewhere() || !t.clockRunning() {
		return nil, nil, 0
	}
	now := t.timeSource.Now()
	var out []engine.Seat
	for i := range t.clock.Seats {
		if d, ok := t.clock.deadline(i); ok && !now.Before(d) {
			out = append(out, engine.Seat(i))
		}
	}
	if len(out) == 0 {
		return nil, nil, 0
	}
	return out, t.st.Clone(), t.moves
}

// playTimeout plays text, the bot's move, for seat whose time has run
// out; it says whether the bot has taken the seat for the rest of the
// game. errNotOverdue if the seat's time no longer runs out (its player
// moved meanwhile).
func (t *Table) playTimeout(ctx context.Context, seat engine.Seat, text string) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.clock == nil {
		return false, errNotOverdue
	}
	if d, ok := t.clock.deadline(int(seat)); !ok || t.timeSource.Now().Before(d) {
		return false, errNotOverdue
	}
	was := t.clock.Seats[seat].Bot
	if _, err := t.play(ctx, seat, text, byTimeout); err != nil {
		return false, err
	}
	return !was && t.clock.Seats[seat].Bot, nil
}

// TakeBack gives the seat of token back to its player after the bot took
// it over: the bot stops and the seat's time runs again.
func (t *Table) TakeBack(ctx context.Context, token string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, err := t.seatOf(token)
	if err != nil {
		return err
	}
	if t.ended() {
		return errGameOver.Err()
	}
	if !t.standIn(seat) {
		return errNotStandIn.Err()
	}
	if err := t.fenced(); err != nil {
		return err
	}
	old := t.clock
	t.clock = old.clone()
	t.clock.takeBack(int(seat))
	t.syncClock()
	if err := t.saveClock(ctx); err != nil {
		t.clock = old
		return err
	}
	t.active = time.Now()
	t.changed()
	return nil
}

// timeUp plays, for every seat whose time has run out, the move the bot
// chooses: the bots decide on one position first and their moves are
// played after, so that seats whose time ran out together are treated
// alike whatever their order. A table whose option is to drop the seat
// is played the same way: none of our games lets a player leave a game in
// play (docs/games/*.md, "Clocks").
func (s *Server) timeUp(t *Table) {
	if !s.enter() {
		return
	}
	defer s.wg.Done()
	defer s.kickBots(t)
	for range 3 {
		seats, st, moves := t.overdue()
		if len(seats) == 0 {
			return
		}
		type choice struct {
			seat engine.Seat
			text string
		}
		var choices []choice
		for _, seat := range seats {
			m, err := s.standInMove(t, seat, st.Clone(), moves)
			if err != nil {
				if s.ctx.Err() == nil {
					s.log.Error("the bot could not choose a timed-out seat's move", "table", t.ID(), "seat", int(seat), "err", err)
				}
				continue
			}
			choices = append(choices, choice{seat, st.Format(m)})
		}
		for _, c := range choices {
			tookOver, err := t.playTimeout(received(s.ctx, new(time.Now())), c.seat, c.text)
			switch _, isRule := engine.AsRuleError(err); {
			case err == nil:
				s.timeoutPlayed(t, c.seat, tookOver)
			case errors.Is(err, errNotOverdue) || isRule:
				// Its player or another seat moved first: look again.
			default:
				s.log.Error("a timed-out seat's move could not be stored", "table", t.ID(), "seat", int(c.seat), "err", err)
			}
		}
	}
	// Still overdue after three rounds: a fault; try again later rather
	// than at once.
	t.mu.Lock()
	t.armClock(s.cfg.RetryMax)
	t.mu.Unlock()
}

// standInMove is the move the stand-in bot chooses for seat on st, a copy
// of the table's state after moves moves; like any bot of the table, its
// choice follows from the secret seed, the position and the seat.
func (s *Server) standInMove(t *Table, seat engine.Seat, st engine.State, moves int) (engine.Move, error) {
	kind := standInBot(t.game)
	bot, err := s.newBot(t.game, t.opts, kind)
	if err != nil {
		return 0, err
	}
	defer bots.Finish([]engine.Bot{bot}, nil)
	r := rand.New(rand.NewPCG(t.rec.Seed^uint64(seat), uint64(moves)))
	asked := time.Now()
	m, err := s.decide(t, seat, bot, st, r)
	s.metrics.botDecided(t.rec.Game, kind, asked, err)
	return m, err
}

// turnBegan is told of the seats whose time began to run at t (a seat of
// a person, at a timed table): the one place that knows a player's turn
// has come.
func (s *Server) turnBegan(t *Table, seats []engine.Seat) {
	s.metrics.clockEvent(clockTurn, len(seats))
	s.log.Debug("turns began", "table", t.ID(), "seats", seats)
}

// timeoutPlayed is told that the bot played seat's move at t because its
// time ran out, and whether it has now taken the seat for the rest of the
// game.
func (s *Server) timeoutPlayed(t *Table, seat engine.Seat, tookOver bool) {
	s.metrics.clockEvent(clockTimeout, 1)
	s.log.Info("time ran out; the bot played the move", "table", t.ID(), "seat", int(seat))
	if tookOver {
		s.metrics.clockEvent(clockTakeover, 1)
		s.log.Info("timeouts in a row; the bot plays the seat until its player takes it back", "table", t.ID(), "seat", int(seat))
	}
}

// TakeBack gives the seat of token back to its player (Table.TakeBack).
func (s *Server) TakeBack(ctx context.Context, t *Table, token string) error {
	if err := t.TakeBack(ctx, token); err != nil {
		return err
	}
	s.metrics.clockEvent(clockTakeback, 1)
	return nil
}

func (s *Server) handleTakeBack(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	t, seat, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	if err := s.TakeBack(r.Context(), t, req.Token); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("seat taken back from the bot", "table", t.ID(), "seat", int(seat))
	writeJSON(w, http.StatusOK, struct{}{})
}
