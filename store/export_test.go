package store

import "context"

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
