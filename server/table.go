// Package server runs tables for people and bots over the network: a
// table holds a game in play, its seats (claimed with unguessable tokens)
// and its record in the store. Every accepted move is appended to the
// store before it is acknowledged or broadcast; a table is rebuilt on
// start-up by replaying its record.
package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"stolik/engine"
	"stolik/store"
)

// Lookup finds a game by name.
type Lookup func(name string) (engine.Game, error)

// Table is one game in play.
type Table struct {
	mu    sync.Mutex
	rec   store.Table
	game  engine.Game
	opts  engine.Options
	st    engine.State
	moves int
	store store.Store
	// The bot loop (Server.kickBots): running, and asked to look again.
	botsRunning, botsKicked bool
	done                    chan struct{}    // closed when the game is over
	tick                    chan struct{}    // closed and replaced at every accepted move
	log                     [][]engine.Event // the events of each move since the table was opened (first: logFrom)
	logFrom                 int
}

// EventsSince returns the events of moves from..Moves()-1 that this
// table still holds, the state to redact them with (a copy), and the number
// of moves they end at.
func (t *Table) EventsSince(from int) ([]engine.Event, engine.State, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var evs []engine.Event
	for i := max(from, t.logFrom); i < t.moves; i++ {
		evs = append(evs, t.log[i-t.logFrom]...)
	}
	return evs, t.st.Clone(), t.moves
}

// Changed is closed at the next accepted move.
func (t *Table) Changed() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tick
}

func newTable(rec store.Table, g engine.Game, opts engine.Options, st engine.State, moves int, s store.Store) *Table {
	t := &Table{rec: rec, game: g, opts: opts, st: st, moves: moves, store: s, done: make(chan struct{}), tick: make(chan struct{}),
		logFrom: moves}
	if _, over := st.Outcome(); over {
		close(t.done)
	}
	return t
}

// Done is closed once the game is over.
func (t *Table) Done() <-chan struct{} { return t.done }

// ErrBadToken: the token claims no seat of this table.
var ErrBadToken = errors.New("server: that token claims no seat of this table")

// NewToken is 128 random bits in hex, for seats and table ids.
func NewToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b[:])
}

// CreateTable sets a game up, stores it and returns it. seats are "human"
// or "bot:NAME" per seat; each gets a token.
func CreateTable(ctx context.Context, s store.Store, g engine.Game, options map[string]any, seats []string, seed uint64) (*Table, error) {
	opts, err := engine.ResolveOptions(g.Options(), options)
	if err != nil {
		return nil, err
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		return nil, err
	}
	if len(seats) != st.Seats() {
		return nil, fmt.Errorf("%d seats given for a game of %d", len(seats), st.Seats())
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return nil, err
	}
	rec := store.Table{ID: NewToken()[:12], Game: g.Name(), Options: raw, Seed: seed}
	for _, k := range seats {
		rec.Seats = append(rec.Seats, store.Seat{Kind: k, Token: NewToken()})
	}
	if err := s.CreateTable(ctx, rec); err != nil {
		return nil, err
	}
	return newTable(rec, g, opts, st, 0, s), nil
}

// OpenTable rebuilds a stored table by replaying its moves.
func OpenTable(ctx context.Context, s store.Store, lookup Lookup, id string) (*Table, error) {
	rec, moves, err := s.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	g, err := lookup(rec.Game)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", id, err)
	}
	var options map[string]any
	if err := json.Unmarshal(rec.Options, &options); err != nil {
		return nil, fmt.Errorf("table %s: options: %w", id, err)
	}
	r := engine.Record{Format: "stolik-record/1", Game: rec.Game, Options: options, Seed: rec.Seed, Setup: rec.Setup}
	st, opts, err := engine.NewFromRecord(g, r)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", id, err)
	}
	for _, m := range moves {
		if _, re := engine.ApplyText(st, engine.Seat(m.Seat), m.Move); re != nil {
			return nil, fmt.Errorf("table %s: stored move %d (%s) does not replay: %v", id, m.N, m.Move, re)
		}
	}
	return newTable(rec, g, opts, st, len(moves), s), nil
}

// ID is the table's id.
func (t *Table) ID() string { return t.rec.ID }

// Seats are the table's seats with their tokens.
func (t *Table) Seats() []store.Seat { return t.rec.Seats }

// SeatOf is the seat a token claims.
func (t *Table) SeatOf(token string) (engine.Seat, error) {
	for i, s := range t.rec.Seats {
		if token != "" && s.Token == token {
			return engine.Seat(i), nil
		}
	}
	return engine.NoSeat, ErrBadToken
}

// Play makes the seat of token play text. The move is checked on a copy,
// stored, and only then becomes the table's state; the events come back
// for the caller to redact and broadcast.
func (t *Table) Play(ctx context.Context, token, text string) ([]engine.Event, error) {
	seat, err := t.SeatOf(token)
	if err != nil {
		return nil, err
	}
	return t.play(ctx, seat, text)
}

func (t *Table) play(ctx context.Context, seat engine.Seat, text string) ([]engine.Event, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, err := t.st.Parse(text)
	if err != nil {
		return nil, err
	}
	next := t.st.Clone()
	evs, err := next.Apply(seat, m)
	if err != nil {
		return nil, err
	}
	canonical := t.st.Format(m)
	if err := t.store.AppendMove(ctx, t.rec.ID, store.Move{N: t.moves, Seat: int(seat), Move: canonical}); err != nil {
		return nil, fmt.Errorf("table %s: storing move %d: %w", t.rec.ID, t.moves, err)
	}
	t.st = next
	t.moves++
	t.log = append(t.log, append([]engine.Event(nil), evs...))
	close(t.tick)
	t.tick = make(chan struct{})
	if out, over := t.st.Outcome(); over {
		raw, _ := json.Marshal(out)
		if err := t.store.Finish(ctx, t.rec.ID, raw); err != nil {
			return evs, fmt.Errorf("table %s: storing the outcome: %w", t.rec.ID, err)
		}
		t.rec.Finished, t.rec.Outcome = true, raw
		close(t.done)
	}
	return evs, nil
}

// View is what seat may know now, and the moves it may make.
func (t *Table) View(seat engine.Seat) (view any, legal []engine.Move, pending []engine.Seat) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.st.View(seat), t.st.Legal(seat, nil), append([]engine.Seat(nil), t.st.Pending()...)
}

// Moves is the number of moves played.
func (t *Table) Moves() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.moves
}

// Hash is the state's hash (equal tables are in equal positions).
func (t *Table) Hash() uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.st.Hash()
}

// Outcome is the result once the game is over.
func (t *Table) Outcome() (engine.Outcome, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.st.Outcome()
}
