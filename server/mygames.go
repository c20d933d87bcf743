package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"

	"stolik/engine"
	"stolik/store"
)

// My games: the signed-in account's own tables (GET /api/account/tables,
// docs/accounts.md), found through the stores' index of the accounts at
// seats. The tables of a cluster are in its shared database, so any node
// lists them: a table this node runs is read as it stands; one it does
// not is replayed from the store for the reading alone (never held,
// played or taken over here).

// MyTable is one of an account's tables, as its games list it. It shows
// what anyone who may watch the table may know, and the account's own
// seat; never a token or a code.
type MyTable struct {
	ID      string      `json:"id"`
	Game    string      `json:"game"`
	Title   engine.Text `json:"title"`
	Created time.Time   `json:"created"`
	// Seat is the account's seat: the one it holds, or is invited to.
	Seat    int           `json:"seat"`
	Players []Player      `json:"players"`
	Moves   int           `json:"moves"`
	Pending []engine.Seat `json:"pending"`
	// Deadline is when the account's time to move runs out, at a table
	// with a clock, while it is to move.
	Deadline  *time.Time `json:"deadline,omitempty"`
	Gathering bool       `json:"gathering,omitempty"`
	Finished  bool       `json:"finished,omitempty"`
	Abandoned bool       `json:"abandoned,omitempty"`
	// Outcome and Place (1 the best, 0 for none) once the game is over;
	// Replay is the page that replays it.
	Outcome *engine.Outcome `json:"outcome,omitempty"`
	Place   int             `json:"place,omitempty"`
	Replay  string          `json:"replay,omitempty"`
}

// MyGames are an account's tables: those where it is to move (the
// soonest deadline first), those waiting for others or for their people,
// the invitations to a seat, and the results of the ended ones, newest
// first.
type MyGames struct {
	Turn    []MyTable `json:"turn"`
	Waiting []MyTable `json:"waiting"`
	Invited []MyTable `json:"invited"`
	Results []MyTable `json:"results"`
}

// myResults is the most ended tables My games lists; myInPlay the most
// tables in play it reads (each may be replayed).
const (
	myResults = 20
	myInPlay  = 200
)

// deadline is when seat's time to move at t runs out, and false when it
// has none (an untimed table, or a seat whose turn is not running); t.mu
// is held.
func (t *Table) deadline(seat engine.Seat) (time.Time, bool) {
	if t.testDeadline != nil {
		return t.testDeadline(seat)
	}
	if t.clock == nil || !t.clockRunning() || int(seat) >= len(t.clock.Seats) {
		return time.Time{}, false
	}
	return t.clock.deadline(int(seat))
}

// AccountGames lists the tables of the account.
func (s *Server) AccountGames(ctx context.Context, account string) (MyGames, error) {
	out := MyGames{Turn: []MyTable{}, Waiting: []MyTable{}, Invited: []MyTable{}, Results: []MyTable{}}
	idx, ok := s.cfg.Store.(store.AccountTables)
	if !ok {
		return out, errNoAccounts.Err()
	}
	stored, err := idx.AccountTables(ctx, account, myResults)
	if err != nil {
		return out, err
	}
	inPlay := 0
	for _, rec := range stored {
		if why := unlisted(rec); why != "" {
			s.markDamaged(s.ctx, rec.ID, why)
			continue
		}
		g, err := s.lookup(rec.Game)
		if err != nil {
			continue // a newer node's game
		}
		if rec.Finished {
			if m := endedTable(g, rec, account); m.Seat >= 0 {
				out.Results = append(out.Results, m)
			}
			continue
		}
		if inPlay++; inPlay > myInPlay {
			continue
		}
		t, err := s.readTable(ctx, rec.ID)
		if err != nil {
			if !errors.Is(err, store.ErrNotFound) && !errors.As(err, new(*ErrDamaged)) {
				s.log.Warn("a table of an account could not be read", "table", rec.ID, "err", err)
			}
			continue
		}
		m, list := t.mine(g, account)
		switch list {
		case listTurn:
			out.Turn = append(out.Turn, m)
		case listWaiting:
			out.Waiting = append(out.Waiting, m)
		case listInvited:
			out.Invited = append(out.Invited, m)
		case listResults:
			out.Results = append(out.Results, m)
		}
	}
	// The soonest deadline first; tables without one after, as stored.
	slices.SortStableFunc(out.Turn, func(a, b MyTable) int {
		switch {
		case a.Deadline != nil && b.Deadline != nil:
			return a.Deadline.Compare(*b.Deadline)
		case a.Deadline != nil:
			return -1
		case b.Deadline != nil:
			return 1
		}
		return 0
	})
	return out, nil
}

// readTable is a table in play as it stands: the one this server runs,
// else (in a cluster, where another node may run it) replayed from the
// store for reading alone.
func (s *Server) readTable(ctx context.Context, id string) (*Table, error) {
	if s.cl == nil || s.InMemory(id) {
		return s.Table(id)
	}
	t, err := OpenTable(ctx, s.timed, s.lookup, id)
	if err != nil {
		return nil, err
	}
	// Its clock, read only: the node holding the table runs it.
	if clocks, ok := s.timed.Store.(store.Clocks); ok {
		if raw, err := clocks.Clock(ctx, id); err == nil && raw != nil {
			if c, err := decodeClock(raw, len(t.rec.Seats)); err == nil {
				t.clock = c
			}
		}
	}
	return t, nil
}

// The lists of My games.
const (
	listNone = iota
	listTurn
	listWaiting
	listInvited
	listResults
)

// mine is the table as the account's games list it, and in which list.
func (t *Table) mine(g engine.Game, account string) (MyTable, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m := MyTable{ID: t.rec.ID, Game: t.rec.Game, Title: g.Title(), Created: t.rec.Created, Seat: -1, Players: t.players(), Moves: t.moves,
		Pending: append([]engine.Seat{}, t.st.Pending()...), Gathering: t.gathering(), Abandoned: t.rec.Abandoned}
	if t.rec.Abandoned || m.Gathering {
		m.Pending = []engine.Seat{}
	}
	list := listNone
	if i := slices.IndexFunc(t.rec.Seats, func(st store.Seat) bool { return st.Account == account }); i >= 0 {
		m.Seat, list = i, listWaiting
	} else if seat, ok := t.invitedSeat(account); ok {
		m.Seat, list = int(seat), listInvited
	}
	if list == listNone {
		return m, listNone // the index is ahead of what this node has read
	}
	if out, over := t.st.Outcome(); over || t.rec.Abandoned {
		m.Finished = true
		if over {
			m.Outcome, m.Replay = &out, "/t/"+t.rec.ID+"?replay"
			m.Place = place(out, m.Seat)
		}
		if list == listInvited {
			return m, listNone
		}
		return m, listResults
	}
	if list == listWaiting && slices.Contains(m.Pending, engine.Seat(m.Seat)) {
		list = listTurn
		if at, ok := t.deadline(engine.Seat(m.Seat)); ok {
			m.Deadline = &at
		}
	}
	return m, list
}

// endedTable is a finished table of the store as the account's results
// list it (Seat -1: the account held none of its seats).
func endedTable(g engine.Game, rec store.Table, account string) MyTable {
	m := MyTable{ID: rec.ID, Game: rec.Game, Title: g.Title(), Created: rec.Created, Seat: -1, Players: playersOf(rec.Seats),
		Pending: []engine.Seat{}, Finished: true, Abandoned: rec.Abandoned}
	for i, st := range rec.Seats {
		if st.Account == account {
			m.Seat = i
			break
		}
	}
	var out engine.Outcome
	if !rec.Abandoned && json.Unmarshal(rec.Outcome, &out) == nil {
		m.Outcome, m.Replay = &out, "/t/"+rec.ID+"?replay"
		m.Place = place(out, m.Seat)
	}
	return m
}

// place is seat's place in out (1 the best), 0 when it has none.
func place(out engine.Outcome, seat int) int {
	if seat < 0 || seat >= len(out.Ranks) {
		return 0
	}
	return out.Ranks[seat]
}

func (s *Server) handleMyGames(w http.ResponseWriter, r *http.Request, signed Signed) {
	g, err := s.AccountGames(r.Context(), signed.Account.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, g)
}
