package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// The chat of the PostgreSQL store. A message is not fenced by the
// node's lease: two nodes that both believe they hold a table for a
// moment still cannot store two messages of one number.

func (p *Postgres) AppendChat(ctx context.Context, m ChatMessage) error {
	at := m.At
	if at.IsZero() {
		at = time.Now()
	}
	q := `INSERT INTO chat (table_id, n, at, seat, name, text, phrase)
		SELECT $1, $2::integer, $3, $4, $5, $6, $7 WHERE (SELECT COUNT(*) FROM chat WHERE table_id = $1) = $2::integer`
	args := []any{m.Table, m.N, at.UnixMilli(), m.Seat, m.Name, m.Text, m.Phrase}
	if p.node != "" {
		// Fenced: stored only while this node holds the table's lease.
		q += ` AND EXISTS (` + leaseHeld("$8") + `)`
		args = append(args, p.node)
	}
	tag, err := p.pool.Exec(ctx, q, args...)
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505": // unique_violation
			return ErrConflict
		case "23503": // foreign_key_violation
			return ErrNotFound
		}
	}
	if err != nil {
		return fmt.Errorf("store: appending to the chat of table %s: %w", m.Table, err)
	}
	if tag.RowsAffected() == 0 {
		if p.node != "" {
			var held bool
			if err := p.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM leases WHERE table_id = $1 AND node = $2 AND expires > now())`,
				m.Table, p.node).Scan(&held); err != nil {
				return fmt.Errorf("store: appending to the chat of table %s: %w", m.Table, err)
			}
			if !held {
				return ErrLeaseLost
			}
		}
		return ErrConflict
	}
	return nil
}

func (p *Postgres) ChatTail(ctx context.Context, table string, limit int) ([]ChatMessage, error) {
	return chatTail(ctx, pgRunner{p}, table, limit)
}

func (p *Postgres) DeleteChat(ctx context.Context, table string, n int, by string) (ChatMessage, error) {
	m, err := scanChat(p.pool.QueryRow(ctx, `UPDATE chat SET text = '', phrase = '', deleted_by = $3 WHERE table_id = $1 AND n = $2
		RETURNING `+chatColumns, table, n, by))
	if errors.Is(err, pgx.ErrNoRows) {
		return ChatMessage{}, ErrNoMessage
	}
	if err != nil {
		return ChatMessage{}, fmt.Errorf("store: deleting message %d of table %s: %w", n, table, err)
	}
	return m, nil
}

func (p *Postgres) SetChatMode(ctx context.Context, table, mode string) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO chat_modes (table_id, mode) VALUES ($1, $2) ON CONFLICT (table_id) DO UPDATE SET mode = excluded.mode`, table, mode)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23503" {
		return ErrNotFound
	}
	return err
}

func (p *Postgres) ChatMode(ctx context.Context, table string) (string, error) {
	var mode string
	err := p.pool.QueryRow(ctx, `SELECT mode FROM chat_modes WHERE table_id = $1`, table).Scan(&mode)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return mode, err
}

func (p *Postgres) AddReport(ctx context.Context, r Report) (int64, error) {
	at := r.At
	if at.IsZero() {
		at = time.Now()
	}
	var id int64
	err := p.pool.QueryRow(ctx, `INSERT INTO chat_reports (table_id, n, reporter, reason, at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		r.Table, r.N, r.Reporter, r.Reason, at.UnixMilli()).Scan(&id)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23503" {
		return 0, ErrNoMessage
	}
	if err != nil {
		return 0, fmt.Errorf("store: reporting message %d of table %s: %w", r.N, r.Table, err)
	}
	return id, nil
}

func (p *Postgres) Reports(ctx context.Context) ([]Report, error) {
	rows, err := p.pool.Query(ctx, `SELECT r.id, r.reporter, r.reason, r.at, `+prefixed("c.", chatColumns)+`
		FROM chat_reports r JOIN chat c ON c.table_id = r.table_id AND c.n = r.n WHERE NOT r.closed ORDER BY r.id`)
	if err != nil {
		return nil, fmt.Errorf("store: listing reports: %w", err)
	}
	defer rows.Close()
	return readReports(rows)
}

func (p *Postgres) CloseReport(ctx context.Context, id int64) error {
	tag, err := p.pool.Exec(ctx, `UPDATE chat_reports SET closed = TRUE WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("store: closing report %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNoReport
	}
	return nil
}
