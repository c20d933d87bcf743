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
	"strings"
	"sync"
	"time"
	"unicode"

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
	tick                    chan struct{}    // closed and replaced at every change: a move, a seat joined or left, a rematch
	changes                 int              // counts those changes
	made                    []int            // moves accepted from each seat
	log                     [][]engine.Event // the events of each move since the table was opened (first: logFrom)
	logFrom                 int
}

// snapshot is a table at one moment, for a client of one seat.
type snapshot struct {
	events  []engine.Event // of the moves since the client's last snapshot
	state   engine.State   // a copy
	moves   int
	changes int
	players []Player
	rematch string
	seated  bool // the client's token still claims its seat
	made    int  // moves accepted from the client's seat
}

// since is the table now, with the events of moves from..Moves()-1 that
// this table still holds, for a client holding token (or none).
func (t *Table) since(from int, token string) snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	sn := snapshot{state: t.st.Clone(), moves: t.moves, changes: t.changes, players: t.players(), rematch: t.rec.Rematch, seated: token == ""}
	for i := max(from, t.logFrom); i < t.moves; i++ {
		sn.events = append(sn.events, t.log[i-t.logFrom]...)
	}
	for i, s := range t.rec.Seats {
		if token != "" && s.Token == token {
			sn.seated, sn.made = true, t.made[i]
		}
	}
	return sn
}

// changed marks a change for the clients to pick up; t.mu is held.
func (t *Table) changed() {
	t.changes++
	close(t.tick)
	t.tick = make(chan struct{})
}

// Changed is closed at the next change: a move, a seat joined or left, a
// rematch.
func (t *Table) Changed() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tick
}

// newTable is a table in play after moves (none for a new table).
func newTable(rec store.Table, g engine.Game, opts engine.Options, st engine.State, moves []store.Move, s store.Store) *Table {
	t := &Table{rec: rec, game: g, opts: opts, st: st, moves: len(moves), store: s, done: make(chan struct{}), tick: make(chan struct{}),
		logFrom: len(moves), made: make([]int, len(rec.Seats))}
	for _, m := range moves {
		if m.Seat >= 0 && m.Seat < len(t.made) {
			t.made[m.Seat]++
		}
	}
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

// Spec is a table to set up.
type Spec struct {
	Game    string
	Options map[string]any
	// Seats are "human" or "bot:NAME[:LEVEL]" per seat; each gets a token.
	Seats []string
	Seed  uint64
	// Open lists the table in the lobby, where anyone may join a free
	// seat; otherwise only the seats' tokens (invite links) let people in.
	Open bool
	// Name, when given, takes the first human seat for its creator.
	Name string
}

// CreateTable sets a game up, stores it and returns it.
func CreateTable(ctx context.Context, s store.Store, g engine.Game, spec Spec) (*Table, error) {
	opts, err := engine.ResolveOptions(g.Options(), spec.Options)
	if err != nil {
		return nil, err
	}
	st, err := g.New(opts, nil, spec.Seed)
	if err != nil {
		return nil, err
	}
	if len(spec.Seats) != st.Seats() {
		return nil, fmt.Errorf("%d seats given for a game of %d", len(spec.Seats), st.Seats())
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return nil, err
	}
	rec := store.Table{ID: NewToken()[:12], Game: g.Name(), Options: raw, Seed: spec.Seed, Open: spec.Open, Created: time.Now()}
	name := cleanName(spec.Name)
	for _, k := range spec.Seats {
		seat := store.Seat{Kind: k, Token: NewToken()}
		if k == "human" && name != "" {
			seat.Name, seat.Taken, name = name, true, ""
		}
		rec.Seats = append(rec.Seats, seat)
	}
	if err := s.CreateTable(ctx, rec); err != nil {
		return nil, err
	}
	return newTable(rec, g, opts, st, nil, s), nil
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
	return newTable(rec, g, opts, st, moves, s), nil
}

// ID is the table's id.
func (t *Table) ID() string { return t.rec.ID }

// Seats are the table's seats with their tokens.
func (t *Table) Seats() []store.Seat {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]store.Seat(nil), t.rec.Seats...)
}

// SeatOf is the seat a token claims.
func (t *Table) SeatOf(token string) (engine.Seat, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.seatOf(token)
}

func (t *Table) seatOf(token string) (engine.Seat, error) {
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
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, err := t.seatOf(token)
	if err != nil {
		return nil, err
	}
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
	if !t.rec.Seats[seat].Taken && t.rec.Seats[seat].Kind == "human" {
		// Moving with a seat's token claims it.
		if err := t.setSeat(ctx, seat, func(s *store.Seat) { s.Taken = true }); err != nil {
			return nil, err
		}
	}
	if err := t.store.AppendMove(ctx, t.rec.ID, store.Move{N: t.moves, Seat: int(seat), Move: canonical}); err != nil {
		return nil, fmt.Errorf("table %s: storing move %d: %w", t.rec.ID, t.moves, err)
	}
	t.st = next
	t.moves++
	t.made[seat]++
	t.log = append(t.log, append([]engine.Event(nil), evs...))
	t.changed()
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

// Player is a seat as anyone may see it: who plays it, never its token.
type Player struct {
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Name  string `json:"name,omitempty"`
	Taken bool   `json:"taken"`
}

// Players are the table's seats as anyone may see them.
func (t *Table) Players() []Player {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.players()
}

func (t *Table) players() []Player {
	out := make([]Player, len(t.rec.Seats))
	for i, s := range t.rec.Seats {
		out[i] = Player{Seat: i, Kind: s.Kind, Name: s.Name, Taken: s.Taken || s.Kind != "human"}
	}
	return out
}

// Lobby errors.
var (
	errNoFreeSeat = engine.Rule{Code: "no_free_seat", PL: "Przy tym stoliku nie ma wolnego miejsca.", EN: "This table has no free seat."}
	errSeatTaken  = engine.Rule{Code: "seat_taken", PL: "Miejsce %d jest zajęte albo należy do bota.", EN: "Seat %d is taken or played by a bot."}
	errGameOver   = engine.Rule{Code: "game_over", PL: "Ta gra już się skończyła.", EN: "This game is over."}
	errNotOver    = engine.Rule{Code: "not_over", PL: "Rewanż dopiero po końcu gry.", EN: "A rematch only once the game is over."}
	errNotHuman   = engine.Rule{Code: "not_human", PL: "To miejsce gra bot; nie można go opuścić.", EN: "A bot plays this seat; it cannot be left."}
)

// cleanName is a player's name as shown: printable, trimmed, at most 32
// characters.
func cleanName(s string) string {
	var out []rune
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsPrint(r) && len(out) < 32 {
			out = append(out, r)
		}
	}
	return strings.TrimSpace(string(out))
}

// setSeat changes a seat and stores the seats; on a store error nothing
// changes. t.mu is held.
func (t *Table) setSeat(ctx context.Context, seat engine.Seat, change func(*store.Seat)) error {
	seats := append([]store.Seat(nil), t.rec.Seats...)
	change(&seats[seat])
	if err := t.store.UpdateSeats(ctx, t.rec.ID, seats); err != nil {
		return fmt.Errorf("table %s: storing the seats: %w", t.rec.ID, err)
	}
	t.rec.Seats = seats
	t.changed()
	return nil
}

// Join takes a free human seat for name: seat want, or the first free one
// when want is negative. It returns the seat and its token.
func (t *Table) Join(ctx context.Context, name string, want int) (engine.Seat, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, over := t.st.Outcome(); over {
		return engine.NoSeat, "", errGameOver.Err()
	}
	free := func(i int) bool { return t.rec.Seats[i].Kind == "human" && !t.rec.Seats[i].Taken }
	seat := -1
	switch {
	case want >= len(t.rec.Seats) || (want >= 0 && !free(want)):
		return engine.NoSeat, "", errSeatTaken.Err(want)
	case want >= 0:
		seat = want
	default:
		for i := range t.rec.Seats {
			if free(i) {
				seat = i
				break
			}
		}
	}
	if seat < 0 {
		return engine.NoSeat, "", errNoFreeSeat.Err()
	}
	err := t.setSeat(ctx, engine.Seat(seat), func(s *store.Seat) { s.Taken, s.Name = true, cleanName(name) })
	if err != nil {
		return engine.NoSeat, "", err
	}
	return engine.Seat(seat), t.rec.Seats[seat].Token, nil
}

// Claim marks the seat of token taken (its invite link was opened).
func (t *Table) Claim(ctx context.Context, token string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, err := t.seatOf(token)
	if err != nil {
		return err
	}
	if t.rec.Seats[seat].Taken {
		return nil
	}
	return t.setSeat(ctx, seat, func(s *store.Seat) { s.Taken = true })
}

// Leave frees the seat of token for someone else: the seat gets a new
// token, so the old one (and its invite link) no longer acts.
func (t *Table) Leave(ctx context.Context, token string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, err := t.seatOf(token)
	if err != nil {
		return err
	}
	if t.rec.Seats[seat].Kind != "human" {
		return errNotHuman.Err()
	}
	return t.setSeat(ctx, seat, func(s *store.Seat) { *s = store.Seat{Kind: s.Kind, Token: NewToken()} })
}
