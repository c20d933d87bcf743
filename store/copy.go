package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Record is a table whole, as a store keeps it: the table (Active left
// out), its moves, and when each move was stored.
type Record struct {
	Table Table
	Moves []Move
	// At is when each move was stored, one for each of Moves; zero where
	// the store does not know (files of earlier versions).
	At []time.Time
}

// ErrExists: a table with that id is already stored.
var ErrExists = errors.New("store: a table with that id is already stored")

// Archive is a store whose tables can be read and written whole, as
// copying a store to another needs. Both stores are archives.
type Archive interface {
	Store
	// TableIDs lists every table, oldest first (damaged and finished ones
	// too).
	TableIDs(ctx context.Context) ([]string, error)
	// Export reads a table whole.
	Export(ctx context.Context, tableID string) (Record, error)
	// Import stores a table whole, in one transaction: all of it or, on an
	// error, nothing; ErrExists when the id is taken.
	Import(ctx context.Context, r Record) error
}

// ErrUnreadable: a stored table's record does not read: a column holds a
// value of the wrong type (SQLite keeps any type in any column), text that
// is not the JSON it should be, or a time out of range, or a move is
// missing. The error names the column, never its value.
var ErrUnreadable = errors.New("store: the table's record does not read")

// unreadable marks err as ErrUnreadable, keeping its message.
func unreadable(err error) error { return unreadableError{err} }

type unreadableError struct{ err error }

func (e unreadableError) Error() string   { return e.err.Error() }
func (e unreadableError) Unwrap() []error { return []error{ErrUnreadable, e.err} }

// CopyOptions say how Copy works.
type CopyOptions struct {
	// Merge copies into a store that already holds tables, leaving out the
	// tables whose id it holds; without it such a store is refused.
	Merge bool
	// Progress, when set, is called after each table with the number of
	// tables done and the number in all.
	Progress func(done, total int)
}

// CopyResult is what a copy did.
type CopyResult struct {
	Tables int // tables copied
	Moves  int // moves copied with them
	// Existing is the number of tables left out because the destination
	// held their id (with Merge).
	Existing int
	// Unreadable lists the tables left out because their record does not
	// read, each as "ID: why".
	Unreadable []string
}

// ErrNotEmpty: the destination of a copy holds tables and Merge was not
// asked for.
var ErrNotEmpty = errors.New("store: the destination already holds tables")

// Copy copies every table of from, with its moves, to to. A table is
// copied whole or not at all; a copy interrupted (ctx) can be finished by
// running it again with Merge.
func Copy(ctx context.Context, from, to Archive, o CopyOptions) (CopyResult, error) {
	var res CopyResult
	have, err := to.TableIDs(ctx)
	if err != nil {
		return res, err
	}
	if len(have) > 0 && !o.Merge {
		return res, fmt.Errorf("%w (%d)", ErrNotEmpty, len(have))
	}
	ids, err := from.TableIDs(ctx)
	if err != nil {
		return res, err
	}
	held := make(map[string]bool, len(have))
	for _, id := range have {
		held[id] = true
	}
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if held[id] {
			res.Existing++
		} else if err := copyTable(ctx, from, to, id, &res); err != nil {
			return res, err
		}
		if o.Progress != nil {
			o.Progress(i+1, len(ids))
		}
	}
	return res, nil
}

// copyTable copies one table; a table that does not read is counted, not
// an error.
func copyTable(ctx context.Context, from, to Archive, id string, res *CopyResult) error {
	r, err := from.Export(ctx, id)
	if err != nil {
		if !errors.Is(err, ErrUnreadable) {
			return err
		}
		res.Unreadable = append(res.Unreadable, fmt.Sprintf("%s: %v", id, err))
		return nil
	}
	switch err := to.Import(ctx, r); {
	case errors.Is(err, ErrExists):
		res.Existing++
	case err != nil:
		return fmt.Errorf("store: copying table %s: %w", id, err)
	default:
		res.Tables++
		res.Moves += len(r.Moves)
		return copyClock(ctx, from, to, id)
	}
	return nil
}

// copyClock copies a timed table's clock, where both stores keep clocks.
func copyClock(ctx context.Context, from, to Archive, id string) error {
	src, ok1 := from.(Clocks)
	dst, ok2 := to.(Clocks)
	if !ok1 || !ok2 {
		return nil
	}
	clock, err := src.Clock(ctx, id)
	if err != nil || clock == nil {
		return err
	}
	if err := dst.SetClock(ctx, id, clock); err != nil {
		return fmt.Errorf("store: copying the clock of table %s: %w", id, err)
	}
	return nil
}
