package store

import (
	"context"
	"errors"
	"time"
)

// Ratings keeps the players' ratings per game, the history of every rated
// table and the finished tables each account played. Both stores offer
// it; the server computes the numbers (package rating), the store only
// keeps them, so that it stays free of the method.
//
// A rated table is applied once: its history holds one row per (table,
// account), so a second ApplyRating of the same table changes nothing
// (ErrRated), whichever node of a cluster tries it. Ratings are replaced
// only from what they were read as (ErrStale otherwise), so two tables
// sharing a player and finishing at once on two nodes never lose one
// update: the second reads again and computes again.
type Ratings interface {
	// SetUnrated records that the creator of a table chose to leave it
	// unrated; Unrated says whether they did.
	SetUnrated(ctx context.Context, tableID string) error
	Unrated(ctx context.Context, tableID string) (bool, error)

	// Ratings are the current ratings of accounts in game, one per
	// account in the order given; an account that has none yet has a
	// zero PlayerRating (Games 0) with its Account and Game set.
	Ratings(ctx context.Context, game string, accounts []string) ([]PlayerRating, error)
	// ApplyRating stores a rated table's update at once: a history row
	// per player and each player's new rating. ErrRated if the table has
	// history already, ErrStale if a player's rating is no longer
	// u.Before (nothing is stored in either case).
	ApplyRating(ctx context.Context, u RatingUpdate) error
	// RecordPlayed records that accounts held seats of a finished table;
	// a row stored already is kept.
	RecordPlayed(ctx context.Context, p Played) error

	// GameRatings lists the ratings of game of the accounts that played
	// it and are not banned, with their user names, in no set order.
	GameRatings(ctx context.Context, game string) ([]PlayerRating, error)
	// AccountRatings lists an account's ratings, by game.
	AccountRatings(ctx context.Context, account string) ([]PlayerRating, error)
	// RatingHistory lists an account's history rows, oldest first (by
	// time, then table id).
	RatingHistory(ctx context.Context, account string) ([]RatingEntry, error)
	// PlayedTables lists the finished tables an account held a seat of,
	// newest first, at most limit.
	PlayedTables(ctx context.Context, account string, limit int) ([]Played, error)

	// FinishedTables lists every table in the played rows once, with
	// the time it was recorded at and its accounts, in that order (ties
	// by id, bytewise).
	FinishedTables(ctx context.Context) ([]Played, error)
	// AllRatings lists every rating (by account, then game) and
	// AllHistory every history row (by time, table id, account), for a
	// rebuild to compare with.
	AllRatings(ctx context.Context) ([]PlayerRating, error)
	AllHistory(ctx context.Context) ([]RatingEntry, error)
	// ReplaceRatings replaces every rating and history row by these, in
	// one transaction (a rebuild).
	ReplaceRatings(ctx context.Context, ratings []PlayerRating, history []RatingEntry) error
}

// PlayerRating is an account's rating in one game: the belief about
// their skill (Mu, Sigma), the rated tables played and won (placed first).
type PlayerRating struct {
	Account, Game string
	// Name is the account's user name (filled by GameRatings only).
	Name        string
	Mu, Sigma   float64
	Games, Wins int
}

// RatingEntry is one player's row of a rated table's history: when the
// table finished, the player's place (1 the best) and team, their rating
// before and after.
type RatingEntry struct {
	Table, Account, Game  string
	At                    time.Time
	Place, Team           int
	MuBefore, SigmaBefore float64
	MuAfter, SigmaAfter   float64
}

// RatingUpdate is what one rated table changes: its history rows, and for
// each player the rating read before (Before, by the same index) and the
// one to store.
type RatingUpdate struct {
	Entries []RatingEntry
	Before  []PlayerRating
	After   []PlayerRating
}

// Played is a finished table that accounts held seats of.
type Played struct {
	Table, Game string
	At          time.Time
	Accounts    []string
	// Account is the account a PlayedTables row is listed for.
	Account string
}

// ErrRated: the table's rating has been applied already.
var ErrRated = errors.New("store: the table is rated already")

// ErrStale: a rating changed since it was read.
var ErrStale = errors.New("store: a rating changed since it was read")
