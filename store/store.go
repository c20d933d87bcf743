// Package store keeps tables and their moves: event-sourced, so a table is
// its set-up (game, options, seed, setup, seats) plus the moves accepted,
// in order. The server appends every accepted move before it acknowledges
// or broadcasts it, and rebuilds unfinished tables on start-up by replaying
// them. SQLite (pure Go, modernc.org/sqlite) is the embedded default;
// PostgreSQL (pgx) holds the same tables for servers that share a
// database. Both pass one suite of tests, storetest.Run; Open picks one by
// the name of the database, Copy moves tables from one to the other.
package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"
)

// Seat is one seat of a table: who plays it and the hashes of the secrets
// that act for it. The store never holds a token or an invitation code
// itself, only its SHA-256 (HashSecret), so a copy of the database lets
// nobody play a seat.
type Seat struct {
	Kind string `json:"kind"` // "human" or "bot:NAME[:LEVEL]"
	// TokenHash is the hash of the token that acts for a human seat, empty
	// while the seat is free. Bot seats have none: the server plays them.
	TokenHash string `json:"token_hash,omitempty"`
	// Devices are the hashes of further tokens of the same seat, each
	// made for the account that holds it when it opened the table on
	// another device (a phone beside a desktop); each acts for the seat
	// as TokenHash does, until the seat is left or taken anew.
	Devices []string `json:"devices,omitempty"`
	// InviteHash is the hash of the one-time invitation code to the seat,
	// while there is one.
	InviteHash string `json:"invite_hash,omitempty"`
	// Reserved: the seat of a rematch kept for whoever held it at the table
	// before; only that player's token claims it.
	Reserved bool `json:"reserved,omitempty"`
	// Creator marks the seat of whoever made the table (the creator's, or
	// at a rematch the first asker's): only its token makes invitations.
	// Leaving the seat gives the mark up.
	Creator bool   `json:"creator,omitempty"`
	Name    string `json:"name,omitempty"`
	// Taken: a person holds the seat's token. A free human seat of an open
	// table can be joined from the lobby.
	Taken bool `json:"taken,omitempty"`
	// Gathering: the table waits for its people before its first move. It
	// is set on every seat of a table made with a free human seat, and
	// cleared on all of them once every seat is taken or the creator
	// starts the table with bots in the seats still free.
	Gathering bool `json:"gathering,omitempty"`
	// Account is the id of the account of whoever holds the seat, when
	// they were signed in as they took it (or linked it since), and
	// AccountName that account's user name, the only part of it shown.
	// A seat is still played with its token alone.
	Account     string `json:"account,omitempty"`
	AccountName string `json:"account_name,omitempty"`
	// Invited is the id of the account the table's creator invited to
	// the free seat by its user name, InvitedName that name: the account
	// may take the seat (or decline) while it is free. Nobody else is
	// shown it; taking or freeing the seat ends it.
	Invited     string `json:"invited,omitempty"`
	InvitedName string `json:"invited_name,omitempty"`
	// Token is how files of earlier versions kept a seat's token in the
	// clear; Load and Recent turn it into TokenHash.
	Token string `json:"token,omitempty"`
}

// HashSecret is what the store keeps of a token or a code.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// upgradeSeats turns the clear tokens of earlier versions into hashes; a
// human seat that had a token but was never claimed stays free.
func upgradeSeats(seats []Seat) {
	for i := range seats {
		s := &seats[i]
		if s.Token == "" {
			continue
		}
		if s.Kind == "human" && s.Taken && s.TokenHash == "" {
			s.TokenHash = HashSecret(s.Token)
		}
		s.Token = ""
	}
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
	// Watch is the hash of the code that lets spectators watch a private
	// table (empty for an open one).
	Watch string `json:"watch,omitempty"`
	// Owner is the address (or address block) the table was created from,
	// for the limit on unfinished tables per address.
	Owner string `json:"owner,omitempty"`
	// Abandoned: the table ended without an outcome, idle too long.
	Abandoned bool `json:"abandoned,omitempty"`
	// Damaged, when set, says why the stored record does not load; such a
	// table is neither listed nor rebuilt.
	Damaged string `json:"damaged,omitempty"`
	// Active is when the table was created or last had a move stored
	// (filled by Load).
	Active time.Time `json:"active,omitzero"`
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

// ErrLeaseLost: a node of a cluster tried to store a play of a table
// whose lease it no longer holds (it ran out, or another node took it);
// nothing was stored (Leaser.Fenced).
var ErrLeaseLost = errors.New("store: this node no longer holds the table's lease")

// Store is where tables live.
type Store interface {
	// CreateTable stores a new table.
	CreateTable(ctx context.Context, t Table) error
	// AppendMove stores the table's next move; m.N must be the number of
	// moves already stored.
	AppendMove(ctx context.Context, tableID string, m Move) error
	// Finish marks a table finished with its outcome (JSON).
	Finish(ctx context.Context, tableID string, outcome json.RawMessage) error
	// Load returns a table and its moves in order; ErrUnreadable if a
	// column of the table or of a move does not read.
	Load(ctx context.Context, tableID string) (Table, []Move, error)
	// UpdateSeats replaces a table's seats (a seat joined or left).
	UpdateSeats(ctx context.Context, tableID string, seats []Seat) error
	// SetRematch records the table that replays this one.
	SetRematch(ctx context.Context, tableID, rematch string) error
	// Abandon ends a table without an outcome (idle too long).
	Abandon(ctx context.Context, tableID string) error
	// MarkDamaged records that a table's record does not load, and why.
	MarkDamaged(ctx context.Context, tableID, reason string) error
	// Recent lists the newest tables (at most limit), newest first, with
	// their number of moves in Table.Moves; Setup and Outcome are left out,
	// and so are tables marked damaged. Each row is read on its own, and
	// its moves checked as far as that needs no replay (numbered from 0
	// with none missing, each column of its type): a row that does not
	// read is listed with only its ID and Damaged saying why.
	Recent(ctx context.Context, limit int) ([]Table, error)
	// Unfinished lists the ids of the tables still in play (not finished,
	// abandoned or damaged).
	Unfinished(ctx context.Context) ([]string, error)
	// Close releases the store.
	Close() error
}
