package store

import (
	"context"
	"strings"
)

// CorruptSeats writes seats that are not JSON, for storetest.Run.
func (s *SQLite) CorruptSeats(ctx context.Context, tableID string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tables SET seats = 'not json' WHERE id = ?`, tableID)
	return err
}

// CorruptSeats writes seats that are not JSON, for storetest.Run.
func (p *Postgres) CorruptSeats(ctx context.Context, tableID string) error {
	_, err := p.pool.Exec(ctx, `UPDATE tables SET seats = 'not json' WHERE id = $1`, tableID)
	return err
}

// Spoil runs query (an UPDATE with ? for the table's id), for storetest.Run.
func (s *SQLite) Spoil(ctx context.Context, query, tableID string) error {
	_, err := s.db.ExecContext(ctx, query, tableID)
	return err
}

// Spoil runs query (an UPDATE with ? for the table's id), for storetest.Run.
func (p *Postgres) Spoil(ctx context.Context, query, tableID string) error {
	_, err := p.pool.Exec(ctx, strings.Replace(query, "?", "$1", 1), tableID)
	return err
}
