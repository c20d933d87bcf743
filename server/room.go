package server

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"stolik/engine"
	"stolik/store"
)

// A table made with a free human seat gathers: nobody moves until every
// seat is taken, or until its creator starts it with bots in the seats
// still free. Meanwhile the creator may swap two seats and ask a person
// to leave (kick), which frees the seat and kills its token.

// Waiting-room errors.
var (
	errNotStarted  = engine.Rule{Code: "not_started", PL: "Gra jeszcze się nie zaczęła: stolik czeka na graczy.", EN: "The game has not started: the table is waiting for its players."}
	errStarted     = engine.Rule{Code: "started", PL: "Gra już się zaczęła.", EN: "The game has already started."}
	errOnlyCreator = engine.Rule{Code: "not_creator", PL: "Tylko ten, kto założył stolik, może to zrobić.", EN: "Only the table's creator may do that."}
	errNobodyThere = engine.Rule{Code: "nobody_there", PL: "Na miejscu %d nie siedzi nikt, kogo można wyprosić.", EN: "Nobody who may be asked to leave sits at seat %d."}
	errSameSeat    = engine.Rule{Code: "same_seat", PL: "Zamienić można tylko dwa różne miejsca.", EN: "Only two different seats can be swapped."}
)

// isFree says whether a seat is a human one nobody holds or is kept for.
func isFree(s store.Seat) bool { return s.Kind == "human" && !s.Taken && !s.Reserved }

// setGathering marks every seat as gathering, or none.
func setGathering(seats []store.Seat, on bool) {
	for i := range seats {
		seats[i].Gathering = on
	}
}

// freed is seat s with nobody at it: no token, invitation, name or
// creator's mark; a gathering table keeps gathering.
func freed(s store.Seat) store.Seat { return store.Seat{Kind: s.Kind, Gathering: s.Gathering} }

// gathering says whether the table waits for its people; t.mu is held.
func (t *Table) gathering() bool {
	return slices.ContainsFunc(t.rec.Seats, func(s store.Seat) bool { return s.Gathering })
}

// Gathering says whether the table waits for its people.
func (t *Table) Gathering() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.gathering()
}

// byCreator checks that token is the creator's at a table still
// gathering; t.mu is held.
func (t *Table) byCreator(token string) error {
	from, err := t.seatOf(token)
	if err != nil {
		return err
	}
	if !t.rec.Seats[from].Creator {
		return errOnlyCreator.Err()
	}
	if t.ended() {
		return errGameOver.Err()
	}
	if !t.gathering() {
		return errStarted.Err()
	}
	return nil
}

// Start starts the gathering table for its creator holding token: each
// seat still free is played by kind ("bot:NAME[:LEVEL]") from now on.
func (t *Table) Start(ctx context.Context, token, kind string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.byCreator(token); err != nil {
		return err
	}
	err := t.setSeats(ctx, func(seats []store.Seat) {
		for i, s := range seats {
			if isFree(s) {
				seats[i] = store.Seat{Kind: kind}
			}
		}
		setGathering(seats, false)
	})
	if err == nil {
		t.active = t.changedAt
		// The first turn is told, but to the creator, who started it.
		from, _ := t.seatOf(token)
		t.turnNotices(nil, from)
	}
	return err
}

// Swap exchanges seats a and b of the gathering table, with whoever sits
// there, their tokens and invitations, for its creator holding token.
func (t *Table) Swap(ctx context.Context, token string, a, b int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.byCreator(token); err != nil {
		return err
	}
	if a < 0 || b < 0 || a >= len(t.rec.Seats) || b >= len(t.rec.Seats) {
		return errNoSeat.Err()
	}
	if a == b {
		return errSameSeat.Err()
	}
	err := t.setSeats(ctx, func(seats []store.Seat) { seats[a], seats[b] = seats[b], seats[a] })
	if err == nil {
		t.active = t.changedAt
		// The first turn is told, but to the creator, who started it.
		from, _ := t.seatOf(token)
		t.turnNotices(nil, from)
	}
	return err
}

// Kick frees seat of the gathering table for its creator holding token:
// the person there is asked to leave, and their token acts no more (a
// socket open with it is closed). The creator's own seat is not kicked:
// the creator leaves it.
func (t *Table) Kick(ctx context.Context, token string, seat int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.byCreator(token); err != nil {
		return err
	}
	if seat < 0 || seat >= len(t.rec.Seats) {
		return errNoSeat.Err()
	}
	if s := t.rec.Seats[seat]; s.Kind != "human" || !s.Taken || s.Creator {
		return errNobodyThere.Err(seat + 1)
	}
	err := t.setSeat(ctx, engine.Seat(seat), func(s *store.Seat) { *s = freed(*s) })
	if err == nil {
		t.active = t.changedAt
		// The first turn is told, but to the creator, who started it.
		from, _ := t.seatOf(token)
		t.turnNotices(nil, from)
	}
	return err
}

// Start starts t for its creator holding token, with bot ("NAME[:LEVEL]",
// "" for the game's default bot) in the seats still free, and lets the
// bots move.
func (s *Server) Start(ctx context.Context, t *Table, token, bot string) error {
	bot = strings.TrimPrefix(bot, "bot:")
	if bot == "" {
		bot = defaultBotName(t.game)
	}
	if err := s.checkBot(t.game, bot, max(slices.IndexFunc(t.Seats(), isFree), 0)); err != nil {
		return err
	}
	if err := t.Start(ctx, token, "bot:"+bot); err != nil {
		return err
	}
	s.kickBots(t)
	return nil
}

func (s *Server) handleStart(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
		Bot   string `json:"bot"`
	}
	t, _, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	if err := s.Start(r.Context(), t, req.Token, req.Bot); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("table started", "table", t.ID(), "bot", req.Bot)
	writeJSON(w, http.StatusOK, struct{}{})
}

func (s *Server) handleSwap(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
		A     int    `json:"a"`
		B     int    `json:"b"`
	}
	t, _, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	if err := t.Swap(r.Context(), req.Token, req.A, req.B); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}

func (s *Server) handleKick(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
		Seat  int    `json:"seat"`
	}
	t, _, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	if err := t.Kick(r.Context(), req.Token, req.Seat); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("seat kicked", "table", t.ID(), "seat", req.Seat)
	writeJSON(w, http.StatusOK, struct{}{})
}
