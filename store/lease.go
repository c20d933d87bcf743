package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Leaser keeps the leases of servers that share one database: each table
// in play is held by one server (a node) at a time, for as long as its
// lease lasts; the node renews it well before it runs out, and a node that
// cannot must stop running the table before it does. Times are the
// database's own, so the nodes' clocks never matter. PostgreSQL offers it;
// SQLite, one server's own file, does not.
type Leaser interface {
	// Acquire takes the lease of table for node for ttl, unless another
	// node holds a live one; a node that holds it already has it renewed.
	// The lease as it stands afterwards comes back: node's if it was
	// taken.
	Acquire(ctx context.Context, table, node string, ttl time.Duration) (Lease, error)
	// Renew extends by ttl the live leases of node among tables, and lists
	// those it extended: a table left out has been lost.
	Renew(ctx context.Context, node string, tables []string, ttl time.Duration) ([]string, error)
	// Release gives up node's leases of tables, so that another node may
	// take them at once.
	Release(ctx context.Context, node string, tables ...string) error
	// Owner is the live lease of table (Node empty when there is none).
	Owner(ctx context.Context, table string) (Lease, error)
	// Unowned lists tables in play (not finished, abandoned or damaged)
	// that nobody holds a live lease of, oldest first, at most limit.
	Unowned(ctx context.Context, limit int) ([]string, error)
	// Fenced is the store as node writes to it: a move, a change of
	// seats, a finish, a rematch's link or an abandonment is stored only
	// while node holds the table's live lease, checked in the same
	// statement as the write, and is otherwise refused with ErrLeaseLost.
	Fenced(node string) Store
}

// Lease is who holds a table, and for how much longer.
type Lease struct {
	Table string
	Node  string        // empty: nobody holds a live lease
	Left  time.Duration // until the lease runs out, as the database counts
}

var _ Leaser = (*Postgres)(nil)

func ttlMillis(d time.Duration) int64 { return max(1, d.Milliseconds()) }

// Acquire takes or renews the lease in one statement: the database decides
// between nodes that ask at once.
func (p *Postgres) Acquire(ctx context.Context, table, node string, ttl time.Duration) (Lease, error) {
	if node == "" {
		return Lease{}, errors.New("store: a lease needs a node")
	}
	var left float64
	err := p.pool.QueryRow(ctx, `INSERT INTO leases (table_id, node, expires) VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond')
		ON CONFLICT (table_id) DO UPDATE SET node = EXCLUDED.node, expires = EXCLUDED.expires,
			taken = leases.taken + CASE WHEN leases.node = EXCLUDED.node THEN 0 ELSE 1 END
		WHERE leases.expires <= now() OR leases.node = EXCLUDED.node
		RETURNING EXTRACT(EPOCH FROM (expires - now()))::float8`, table, node, ttlMillis(ttl)).Scan(&left)
	if errors.Is(err, pgx.ErrNoRows) {
		return p.Owner(ctx, table)
	}
	if err != nil {
		return Lease{}, fmt.Errorf("store: taking the lease of table %s: %w", table, err)
	}
	return Lease{Table: table, Node: node, Left: seconds(left)}, nil
}

func (p *Postgres) Renew(ctx context.Context, node string, tables []string, ttl time.Duration) ([]string, error) {
	if len(tables) == 0 {
		return nil, nil
	}
	rows, err := p.pool.Query(ctx, `UPDATE leases SET expires = now() + $3::bigint * interval '1 millisecond'
		WHERE node = $1 AND table_id = ANY($2) AND expires > now() RETURNING table_id`, node, tables, ttlMillis(ttl))
	if err != nil {
		return nil, fmt.Errorf("store: renewing leases: %w", err)
	}
	kept, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: renewing leases: %w", err)
	}
	return kept, nil
}

func (p *Postgres) Release(ctx context.Context, node string, tables ...string) error {
	if len(tables) == 0 {
		return nil
	}
	if _, err := p.pool.Exec(ctx, `DELETE FROM leases WHERE node = $1 AND table_id = ANY($2)`, node, tables); err != nil {
		return fmt.Errorf("store: releasing leases: %w", err)
	}
	return nil
}

func (p *Postgres) Owner(ctx context.Context, table string) (Lease, error) {
	l := Lease{Table: table}
	var left float64
	err := p.pool.QueryRow(ctx, `SELECT node, EXTRACT(EPOCH FROM (expires - now()))::float8 FROM leases
		WHERE table_id = $1 AND expires > now()`, table).Scan(&l.Node, &left)
	if errors.Is(err, pgx.ErrNoRows) {
		return l, nil
	}
	if err != nil {
		return Lease{}, fmt.Errorf("store: reading the lease of table %s: %w", table, err)
	}
	l.Left = seconds(left)
	return l, nil
}

func (p *Postgres) Unowned(ctx context.Context, limit int) ([]string, error) {
	rows, err := p.pool.Query(ctx, `SELECT id FROM tables WHERE NOT finished AND damaged IS NULL
		AND NOT EXISTS (SELECT 1 FROM leases WHERE leases.table_id = tables.id AND leases.expires > now())
		ORDER BY created, id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: listing tables nobody holds: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: listing tables nobody holds: %w", err)
	}
	return ids, nil
}

// Fenced is a view of the database that writes for node: every play's
// write holds the node's lease row (FOR SHARE) from its check to its
// commit, so that the lease cannot pass to another node in between, and
// a node taking the table over replays every move stored under the lease
// before it.
func (p *Postgres) Fenced(node string) Store { return &Postgres{pgConns: p.pgConns, node: node} }

// leaseHeld is a query of one row while the node given as the statement's
// parameter param holds the live lease of table $1; the row is locked
// until the statement's transaction ends, so that the lease cannot change
// hands under a write that found it held.
func leaseHeld(param string) string {
	return `SELECT 1 FROM leases WHERE table_id = $1 AND node = ` + param + ` AND expires > now() FOR SHARE`
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
