package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Clocks keeps each timed table's clock: its settings and where every
// seat's time stands, as one JSON value the server writes after every
// move (and when a bot takes a seat or gives it back). Both stores offer
// it; a store that does not (a test's) leaves clocks in memory.
type Clocks interface {
	// SetClock records a table's clock in place of the one before.
	// ErrNotFound when the table is not stored; a fenced store refuses
	// it with ErrLeaseLost, as it does a move.
	SetClock(ctx context.Context, table string, clock json.RawMessage) error
	// Clock is a table's clock, nil when none was recorded (an untimed
	// table).
	Clock(ctx context.Context, table string) (json.RawMessage, error)
}

// ClockedMoves stores a move of a timed table and the table's clock
// after it in one write (one transaction), so that a stop between the two
// never leaves the clock behind its move. Errors as AppendMove's; on any
// error neither is stored.
type ClockedMoves interface {
	AppendMoveClock(ctx context.Context, tableID string, m Move, clock json.RawMessage) error
}

var (
	_ Clocks       = (*SQLite)(nil)
	_ Clocks       = (*Postgres)(nil)
	_ ClockedMoves = (*SQLite)(nil)
	_ ClockedMoves = (*Postgres)(nil)
)

// AppendMoveClock commits the move and the clock with whatever else the
// writer commits together, both or (a savepoint undoing the one that went
// in) neither.
func (s *SQLite) AppendMoveClock(ctx context.Context, tableID string, m Move, clock json.RawMessage) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `SAVEPOINT move_clock`); err != nil {
			return fmt.Errorf("store: appending move %d to table %s: %w", m.N, tableID, err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO moves (table_id, n, seat, move, at) VALUES (?, ?, ?, ?, ?)`,
			tableID, m.N, m.Seat, m.Move, time.Now().UnixMilli())
		err = moveError(err, tableID, m.N)
		if err == nil {
			_, err = tx.ExecContext(ctx, `INSERT INTO clocks (table_id, clock) VALUES (?, ?)
				ON CONFLICT (table_id) DO UPDATE SET clock = excluded.clock`, tableID, string(clock))
			if err != nil {
				err = fmt.Errorf("store: storing the clock of table %s: %w", tableID, err)
			}
		}
		if err != nil {
			tx.ExecContext(ctx, `ROLLBACK TO move_clock`) //nolint:errcheck // the release below ends it either way
		}
		tx.ExecContext(ctx, `RELEASE move_clock`) //nolint:errcheck // a savepoint left open ends with the commit
		return err
	})
}

// AppendMoveClock stores both in one transaction; on a fenced view the
// move is stored only while the node holds the table's live lease, as
// AppendMove's is, and the clock with it.
func (p *Postgres) AppendMoveClock(ctx context.Context, tableID string, m Move, clock json.RawMessage) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return ErrClosed
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), appendTimeout)
	defer cancel()
	return pgx.BeginFunc(wctx, p.pool, func(tx pgx.Tx) error {
		if err := p.insertMove(wctx, tx, tableID, m); err != nil {
			return err
		}
		if _, err := tx.Exec(wctx, `INSERT INTO clocks (table_id, clock) VALUES ($1, $2)
			ON CONFLICT (table_id) DO UPDATE SET clock = excluded.clock`, tableID, string(clock)); err != nil {
			return fmt.Errorf("store: storing the clock of table %s: %w", tableID, err)
		}
		return nil
	})
}

func (s *SQLite) SetClock(ctx context.Context, table string, clock json.RawMessage) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO clocks (table_id, clock) VALUES (?, ?)
			ON CONFLICT (table_id) DO UPDATE SET clock = excluded.clock`, table, string(clock))
		if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: storing the clock of table %s: %w", table, err)
		}
		return nil
	})
}

func (s *SQLite) Clock(ctx context.Context, table string) (json.RawMessage, error) {
	var clock string
	err := s.db.QueryRowContext(ctx, `SELECT clock FROM clocks WHERE table_id = ?`, table).Scan(&clock)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: reading the clock of table %s: %w", table, err)
	}
	return json.RawMessage(clock), nil
}

// SetClock on a fenced view stores the clock only while the node holds
// the table's live lease, in the same statement, as a move is.
func (p *Postgres) SetClock(ctx context.Context, table string, clock json.RawMessage) error {
	q := `INSERT INTO clocks (table_id, clock) SELECT $1, $2`
	args := []any{table, string(clock)}
	if p.node != "" {
		q += ` WHERE EXISTS (` + leaseHeld("$3") + `)`
		args = append(args, p.node)
	}
	q += ` ON CONFLICT (table_id) DO UPDATE SET clock = excluded.clock`
	tag, err := p.pool.Exec(ctx, q, args...)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23503" {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: storing the clock of table %s: %w", table, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrLeaseLost
	}
	return nil
}

func (p *Postgres) Clock(ctx context.Context, table string) (json.RawMessage, error) {
	var clock string
	err := p.pool.QueryRow(ctx, `SELECT clock FROM clocks WHERE table_id = $1`, table).Scan(&clock)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: reading the clock of table %s: %w", table, err)
	}
	return json.RawMessage(clock), nil
}

// sqliteClocksStep adds each timed table's clock (Clocks).
func sqliteClocksStep(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, `
CREATE TABLE IF NOT EXISTS clocks (
	table_id TEXT PRIMARY KEY REFERENCES tables(id),
	clock    TEXT NOT NULL
);
`)
	return err
}

// postgresClocksStep adds each timed table's clock, as sqliteClocksStep
// does.
func postgresClocksStep(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `
CREATE TABLE clocks (
	table_id TEXT COLLATE "C" PRIMARY KEY REFERENCES tables(id),
	clock    TEXT NOT NULL
);
`)
	return err
}
