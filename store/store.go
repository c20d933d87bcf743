// Package store keeps tables and their moves: event-sourced, so a table is
// its set-up (game, options, seed, setup, seats) plus the moves accepted,
// in order. The server appends every accepted move before it acknowledges
// or broadcasts it, and rebuilds unfinished tables on start-up by replaying
// them. SQLite (pure Go, modernc.org/sqlite) is the embedded default.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Seat is one seat of a table: who plays it and the token that claims it.
type Seat struct {
	Kind  string `json:"kind"` // "human" or "bot:NAME[:LEVEL]"
	Token string `json:"token"`
	Name  string `json:"name,omitempty"`
	// Taken: someone has claimed the seat (joined, or connected with its
	// token). A free human seat can be joined from the lobby.
	Taken bool `json:"taken,omitempty"`
}

// Table is a table's set-up and state of play.
type Table struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Options  json.RawMessage `json:"options"`
	Setup    json.RawMessage `json:"setup,omitempty"`
	Seed     uint64          `json:"seed"`
	Seats    []Seat          `json:"seats"`
	Created  time.Time       `json:"created"`
	Finished bool            `json:"finished"`
	Outcome  json.RawMessage `json:"outcome,omitempty"`
	// Open: listed in the lobby, so that anyone may join a free seat.
	Open bool `json:"open,omitempty"`
	// Rematch is the id of the table that replays this one, once asked for.
	Rematch string `json:"rematch,omitempty"`
	// Moves is the number of moves stored (filled by Recent only).
	Moves int `json:"moves,omitempty"`
}

// Move is one accepted move: its place in the table's sequence (from 0),
// the seat and the move in the game's notation.
type Move struct {
	N    int    `json:"n"`
	Seat int    `json:"seat"`
	Move string `json:"move"`
}

// ErrNotFound: no table with that id.
var ErrNotFound = errors.New("store: no such table")

// ErrClosed: the store is closed.
var ErrClosed = errors.New("store: closed")

// ErrConflict: a move with that sequence number is already stored (two
// writers raced for one table).
var ErrConflict = errors.New("store: that move number is taken")

// Store is where tables live.
type Store interface {
	// CreateTable stores a new table.
	CreateTable(ctx context.Context, t Table) error
	// AppendMove stores the table's next move; m.N must be the number of
	// moves already stored.
	AppendMove(ctx context.Context, tableID string, m Move) error
	// Finish marks a table finished with its outcome (JSON).
	Finish(ctx context.Context, tableID string, outcome json.RawMessage) error
	// Load returns a table and its moves in order.
	Load(ctx context.Context, tableID string) (Table, []Move, error)
	// UpdateSeats replaces a table's seats (a seat joined or left).
	UpdateSeats(ctx context.Context, tableID string, seats []Seat) error
	// SetRematch records the table that replays this one.
	SetRematch(ctx context.Context, tableID, rematch string) error
	// Recent lists the newest tables (at most limit), newest first, with
	// their number of moves in Table.Moves; Setup and Outcome are left out.
	Recent(ctx context.Context, limit int) ([]Table, error)
	// Unfinished lists the ids of the tables still in play.
	Unfinished(ctx context.Context) ([]string, error)
	// Close releases the store.
	Close() error
}
