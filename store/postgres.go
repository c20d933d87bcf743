package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the store for servers that share one database: a pool of
// connections to PostgreSQL. It keeps the same tables as SQLite and
// behaves the same way; moves of different tables are committed in
// parallel, each by its own transaction, and PostgreSQL's own group
// commit shares a sync between the ones that meet.
type Postgres struct {
	*pgConns
	// node, when set, is the node of a cluster this view writes for: its
	// plays are fenced by the node's leases (Fenced).
	node string
}

// pgConns are a database's connections, shared by its fenced views.
type pgConns struct {
	pool   *pgxpool.Pool
	mu     sync.RWMutex // closed; held for reading while a move is written
	closed bool
}

// OpenPostgres connects to the database at url (postgres://...) with Full
// durability and brings its schema up to date. The URL takes libpq's
// parameters and pgxpool's (pool_max_conns=N).
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	return OpenPostgresWith(ctx, url, Full)
}

// OpenPostgresWith connects with the durability d: Full commits with
// synchronous_commit on (the commit is on the server's disk before it is
// acknowledged), Normal with it off (the server may lose the last commits
// if it crashes, never corrupting the database).
func OpenPostgresWith(ctx context.Context, url string, d Durability) (*Postgres, error) {
	if _, err := ParseDurability(string(d)); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	where := redact(url)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", where, err)
	}
	commit := "on"
	if d == Normal {
		commit = "off"
	}
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = commit
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: connecting to %s: %w", where, err)
	}
	if err := migratePostgres(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: preparing the schema in %s: %w", where, err)
	}
	return &Postgres{pgConns: &pgConns{pool: pool}}, nil
}

func (p *Postgres) CreateTable(ctx context.Context, t Table) error {
	seats, err := json.Marshal(t.Seats)
	if err != nil {
		return err
	}
	if t.Created.IsZero() {
		t.Created = time.Now()
	}
	var setup *string
	if len(t.Setup) > 0 {
		s := string(t.Setup)
		setup = &s
	}
	opts := string(t.Options)
	if opts == "" {
		opts = "{}"
	}
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO tables (id, game, options, setup, seed, seats, created, open, watch, owner) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			t.ID, t.Game, opts, setup, int64(t.Seed), string(seats), t.Created.UnixMilli(), t.Open, nullable(t.Watch), nullable(t.Owner))
		if err != nil {
			return err
		}
		return indexSeats(ctx, pgTxRunner{tx}, t.ID, t.Seats)
	})
	if err != nil {
		return fmt.Errorf("store: creating table %s: %w", t.ID, err)
	}
	return nil
}

// appendTimeout bounds the writing of one move, so that a database that
// stopped answering fails the move (a storage fault) rather than holding
// its table, and the server's shutdown, for ever.
const appendTimeout = time.Minute

// AppendMove stores a move in its own transaction. Once begun, the write
// goes on whatever becomes of ctx (up to appendTimeout), so that a caller
// never gives up on a move that is then stored.
func (p *Postgres) AppendMove(ctx context.Context, tableID string, m Move) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return ErrClosed
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), appendTimeout)
	defer cancel()
	return p.insertMove(wctx, p.pool, tableID, m)
}

// insertMove inserts move m on db (the pool, or a transaction), fenced by
// the lease on a node's view.
func (p *Postgres) insertMove(ctx context.Context, db interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
}, tableID string, m Move) error {
	var tag pgconn.CommandTag
	var err error
	if p.node == "" {
		tag, err = db.Exec(ctx, `INSERT INTO moves (table_id, n, seat, move, at) VALUES ($1, $2, $3, $4, $5)`,
			tableID, m.N, m.Seat, m.Move, time.Now().UnixMilli())
	} else {
		tag, err = db.Exec(ctx, `WITH lease AS (`+leaseHeld("$6")+`)
			INSERT INTO moves (table_id, n, seat, move, at) SELECT $1, $2, $3, $4, $5 FROM lease`,
			tableID, m.N, m.Seat, m.Move, time.Now().UnixMilli(), p.node)
		if err == nil && tag.RowsAffected() == 0 {
			return ErrLeaseLost
		}
	}
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
		return fmt.Errorf("store: appending move %d to table %s: %w", m.N, tableID, err)
	}
	return nil
}

func (p *Postgres) Finish(ctx context.Context, tableID string, outcome json.RawMessage) error {
	return p.end(ctx, tableID, `UPDATE tables SET finished = TRUE, outcome = $2 WHERE id = $1`, string(outcome))
}

// end ends a table (a play: fenced in a node's view) with query, and
// marks it ended in the index of the accounts at its seats, in one
// transaction.
func (p *Postgres) end(ctx context.Context, tableID, query string, value any) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if err := p.updateOn(ctx, tx, tableID, query, value, true); err != nil {
			return err
		}
		return markEnded(ctx, pgTxRunner{tx}, tableID)
	})
}

func (p *Postgres) UpdateSeats(ctx context.Context, tableID string, seats []Seat) error {
	raw, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if err := p.updateOn(ctx, tx, tableID, `UPDATE tables SET seats = $2 WHERE id = $1`, string(raw), true); err != nil {
			return err
		}
		return indexSeats(ctx, pgTxRunner{tx}, tableID, seats)
	})
}

func (p *Postgres) SetRematch(ctx context.Context, tableID, rematch string) error {
	return p.update(ctx, tableID, `UPDATE tables SET rematch = $2 WHERE id = $1`, rematch, true)
}

func (p *Postgres) Abandon(ctx context.Context, tableID string) error {
	return p.end(ctx, tableID, `UPDATE tables SET finished = TRUE, abandoned = $2 WHERE id = $1`, true)
}

func (p *Postgres) MarkDamaged(ctx context.Context, tableID, reason string) error {
	return p.update(ctx, tableID, `UPDATE tables SET damaged = $2 WHERE id = $1`, reason, false)
}

// update runs query, an UPDATE of the row of tableID ($1) setting value
// ($2). A play (a change of the table's game, not of its bookkeeping) in
// a fenced view updates the row only under the node's live lease, held
// from its check to the commit.
func (p *Postgres) update(ctx context.Context, tableID, query string, value any, play bool) error {
	return p.updateOn(ctx, p.pool, tableID, query, value, play)
}

// pgQuerier runs statements: the pool, or a transaction.
type pgQuerier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// updateOn is update on q: inside a transaction, the lease found held
// stays locked until it commits.
func (p *Postgres) updateOn(ctx context.Context, q pgQuerier, tableID, query string, value any, play bool) error {
	if play && p.node != "" {
		var leased, updated bool
		err := q.QueryRow(ctx, `WITH lease AS (`+leaseHeld("$3")+`),
			updated AS (`+query+` AND EXISTS (SELECT 1 FROM lease) RETURNING 1)
			SELECT EXISTS (SELECT 1 FROM lease), EXISTS (SELECT 1 FROM updated)`, tableID, value, p.node).Scan(&leased, &updated)
		switch {
		case err != nil:
			return fmt.Errorf("store: updating table %s: %w", tableID, err)
		case !leased:
			return ErrLeaseLost
		case !updated:
			return ErrNotFound
		}
		return nil
	}
	tag, err := q.Exec(ctx, query, tableID, value)
	if err != nil {
		return fmt.Errorf("store: updating table %s: %w", tableID, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

func (p *Postgres) Load(ctx context.Context, tableID string) (Table, []Move, error) {
	r, err := p.load(ctx, tableID, false)
	return r.Table, r.Moves, err
}

// Export reads a table whole, with the time of every move.
func (p *Postgres) Export(ctx context.Context, tableID string) (Record, error) {
	r, err := p.load(ctx, tableID, true)
	r.Table.Active = time.Time{}
	return r, err
}

// load reads a table and its moves, and with at when each move was
// stored, in one snapshot. A row that does not read, whatever its column,
// is ErrUnreadable.
func (p *Postgres) load(ctx context.Context, tableID string, at bool) (Record, error) {
	tx, err := p.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return Record{}, fmt.Errorf("store: loading table %s: %w", tableID, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	v := make([]any, 16)
	err = tx.QueryRow(ctx, `SELECT `+tableColumns+`, (SELECT MAX(at) FROM moves WHERE moves.table_id = tables.id)
		FROM tables WHERE id = $1`, tableID).Scan(scanTargets(v)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, ErrNotFound
	}
	if err != nil {
		return Record{}, fmt.Errorf("store: loading table %s: %w", tableID, err)
	}
	var r rowReader
	t := r.table(v)
	t.Active = t.Created
	if active := r.optMillis("moves.at", v[15]); active.After(t.Created) {
		t.Active = active
	}
	if err := r.err(tableID); err != nil {
		return Record{}, err
	}
	rows, err := tx.Query(ctx, `SELECT `+moveColumns+` FROM moves WHERE table_id = $1 ORDER BY n`, tableID)
	if err != nil {
		return Record{}, fmt.Errorf("store: loading the moves of table %s: %w", tableID, err)
	}
	defer rows.Close()
	return r.allMoves(rows, Record{Table: t}, tableID, at)
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// Recent reads the page of tables, each with a summary of its moves from
// their index (their number, the least and the greatest number), so that
// a listed table is known to have none missing. Every row is read on its
// own: one that does not read is listed with its id and why.
func (p *Postgres) Recent(ctx context.Context, limit int) ([]Table, error) {
	var lim *int
	if limit >= 0 {
		lim = &limit // a negative limit is none, as in SQLite
	}
	rows, err := p.pool.Query(ctx, `WITH page AS (SELECT `+tableColumns+` FROM tables
			WHERE damaged IS NULL ORDER BY created DESC, id LIMIT $1)
		SELECT page.*, m.* FROM page LEFT JOIN LATERAL (
			SELECT COUNT(*), MIN(n), MAX(n) FROM moves WHERE moves.table_id = page.id) m ON TRUE
		ORDER BY page.created DESC, page.id`, lim)
	if err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	defer rows.Close()
	var out []Table
	v := make([]any, 15+movesSummary)
	for rows.Next() {
		if err := rows.Scan(scanTargets(v)...); err != nil {
			return nil, fmt.Errorf("store: listing tables: %w", err)
		}
		out = append(out, recentRow(v))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	return out, nil
}

func (p *Postgres) Unfinished(ctx context.Context) ([]string, error) {
	return p.ids(ctx, `SELECT id FROM tables WHERE NOT finished AND damaged IS NULL ORDER BY created, id`)
}

// TableIDs lists every table, oldest first.
func (p *Postgres) TableIDs(ctx context.Context) ([]string, error) {
	return p.ids(ctx, `SELECT id FROM tables ORDER BY created, id`)
}

func (p *Postgres) ids(ctx context.Context, query string) ([]string, error) {
	rows, err := p.pool.Query(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	return ids, nil
}

// Import stores a table whole in one transaction.
func (p *Postgres) Import(ctx context.Context, r Record) error {
	t := r.Table
	seats, err := json.Marshal(t.Seats)
	if err != nil {
		return err
	}
	if len(r.At) != 0 && len(r.At) != len(r.Moves) {
		return fmt.Errorf("store: importing table %s: %d moves, %d times", t.ID, len(r.Moves), len(r.At))
	}
	var setup, outcome *string
	if t.Setup != nil {
		s := string(t.Setup)
		setup = &s
	}
	if t.Outcome != nil {
		s := string(t.Outcome)
		outcome = &s
	}
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: importing table %s: %w", t.ID, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	tag, err := tx.Exec(ctx, `INSERT INTO tables (id, game, options, setup, seed, seats, created, finished, outcome, open, rematch,
		watch, owner, abandoned, damaged) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (id) DO NOTHING`,
		t.ID, t.Game, string(t.Options), setup, int64(t.Seed), string(seats), t.Created.UnixMilli(), t.Finished, outcome, t.Open,
		nullable(t.Rematch), nullable(t.Watch), nullable(t.Owner), t.Abandoned, nullable(t.Damaged))
	if err != nil {
		return fmt.Errorf("store: importing table %s: %w", t.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrExists
	}
	if len(r.Moves) > 0 {
		rows := make([][]any, len(r.Moves))
		for i, m := range r.Moves {
			var at any
			if len(r.At) > 0 {
				at = millis(r.At[i])
			}
			rows[i] = []any{t.ID, m.N, m.Seat, m.Move, at}
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"moves"}, []string{"table_id", "n", "seat", "move", "at"}, pgx.CopyFromRows(rows)); err != nil {
			return fmt.Errorf("store: importing the moves of table %s: %w", t.ID, err)
		}
	}
	if err := indexSeats(ctx, pgTxRunner{tx}, t.ID, t.Seats); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("store: importing table %s: %w", t.ID, err)
	}
	return nil
}

// Close waits for the moves being written, then closes the connections.
func (p *Postgres) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		p.pool.Close()
	}
	return nil
}
