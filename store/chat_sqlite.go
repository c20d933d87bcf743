package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The chat of the SQLite store: writes go through the writer, as moves
// do, so that a message shares its commit with what arrives with it.

func (s *SQLite) AppendChat(ctx context.Context, m ChatMessage) error {
	at := m.At
	if at.IsZero() {
		at = time.Now()
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var next int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM chat WHERE table_id = ?`, m.Table).Scan(&next); err != nil {
			return fmt.Errorf("store: appending to the chat of table %s: %w", m.Table, err)
		}
		if m.N != next {
			return ErrConflict
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO chat (table_id, n, at, seat, name, text, phrase) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			m.Table, m.N, at.UnixMilli(), m.Seat, m.Name, m.Text, m.Phrase)
		if err != nil {
			if e := moveError(err, m.Table, m.N); errors.Is(e, ErrConflict) || errors.Is(e, ErrNotFound) {
				return e
			}
			return fmt.Errorf("store: appending to the chat of table %s: %w", m.Table, err)
		}
		return nil
	})
}

func (s *SQLite) ChatTail(ctx context.Context, table string, limit int) ([]ChatMessage, error) {
	return chatTail(ctx, sqliteRunner{s}, table, limit)
}

func (s *SQLite) DeleteChat(ctx context.Context, table string, n int, by string) (ChatMessage, error) {
	var m ChatMessage
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE chat SET text = '', phrase = '', deleted_by = ? WHERE table_id = ? AND n = ?`, by, table, n)
		if err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); k == 0 {
			return ErrNoMessage
		}
		m, err = scanChat(tx.QueryRowContext(ctx, `SELECT `+chatColumns+` FROM chat WHERE table_id = ? AND n = ?`, table, n))
		return err
	})
	if err != nil && !errors.Is(err, ErrNoMessage) {
		err = fmt.Errorf("store: deleting message %d of table %s: %w", n, table, err)
	}
	return m, err
}

func (s *SQLite) SetChatMode(ctx context.Context, table, mode string) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO chat_modes (table_id, mode) VALUES (?, ?) ON CONFLICT (table_id) DO UPDATE SET mode = excluded.mode`, table, mode)
		if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
			return ErrNotFound
		}
		return err
	})
}

func (s *SQLite) ChatMode(ctx context.Context, table string) (string, error) {
	var mode string
	err := s.db.QueryRowContext(ctx, `SELECT mode FROM chat_modes WHERE table_id = ?`, table).Scan(&mode)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return mode, err
}

func (s *SQLite) AddReport(ctx context.Context, r Report) (int64, error) {
	at := r.At
	if at.IsZero() {
		at = time.Now()
	}
	var id int64
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var k int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM chat WHERE table_id = ? AND n = ?`, r.Table, r.N).Scan(&k); err != nil {
			return err
		}
		if k == 0 {
			return ErrNoMessage
		}
		return tx.QueryRowContext(ctx, `INSERT INTO chat_reports (table_id, n, reporter, reason, at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
			r.Table, r.N, r.Reporter, r.Reason, at.UnixMilli()).Scan(&id)
	})
	if err != nil && !errors.Is(err, ErrNoMessage) {
		err = fmt.Errorf("store: reporting message %d of table %s: %w", r.N, r.Table, err)
	}
	return id, err
}

func (s *SQLite) Reports(ctx context.Context) ([]Report, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.id, r.reporter, r.reason, r.at, `+prefixed("c.", chatColumns)+`
		FROM chat_reports r JOIN chat c ON c.table_id = r.table_id AND c.n = r.n WHERE r.closed = 0 ORDER BY r.id`)
	if err != nil {
		return nil, fmt.Errorf("store: listing reports: %w", err)
	}
	defer rows.Close()
	return readReports(rows)
}

func (s *SQLite) CloseReport(ctx context.Context, id int64) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE chat_reports SET closed = 1 WHERE id = ?`, id)
		if err != nil {
			return fmt.Errorf("store: closing report %d: %w", id, err)
		}
		if k, _ := res.RowsAffected(); k == 0 {
			return ErrNoReport
		}
		return nil
	})
}

// prefixed is a list of columns each with prefix.
func prefixed(prefix, columns string) string {
	return prefix + strings.ReplaceAll(columns, ", ", ", "+prefix)
}

// reportRows are the rows of a query of reports, in either store.
type reportRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// readReports reads rows of a report's id, reporter, reason and time,
// then its message (chatColumns).
func readReports(rows reportRows) ([]Report, error) {
	out := []Report{}
	for rows.Next() {
		var r Report
		var at int64
		m, err := scanChat(rows, &r.ID, &r.Reporter, &r.Reason, &at)
		if err != nil {
			return nil, fmt.Errorf("store: listing reports: %w", err)
		}
		r.At, r.Table, r.N, r.Message = time.UnixMilli(at), m.Table, m.N, m
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing reports: %w", err)
	}
	return out, nil
}
