package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
)

// AccountTables finds tables by the accounts at their seats: an account's
// own tables for its "my games" page. Both stores keep an index of the
// accounts each table's seats name (held, Seat.Account, or invited to,
// Seat.Invited), written with the seats in one transaction, so that the
// list never reads every table; in a cluster the index is in the shared
// database, and every node lists the same.
type AccountTables interface {
	// AccountTables lists the tables whose seats name account, held or
	// invited to: every one not finished (nor abandoned), then the newest
	// ended ones, at most ended; newest first (by creation, then id)
	// within each. Damaged tables are left out; Setup and Moves are not
	// filled. A row that does not read is listed with only its ID and
	// Damaged saying why.
	AccountTables(ctx context.Context, account string, ended int) ([]Table, error)
}

var (
	_ AccountTables = (*SQLite)(nil)
	_ AccountTables = (*Postgres)(nil)
)

// seatAccounts are the accounts seats name, held or invited to, each
// once, in seat order.
func seatAccounts(seats []Seat) []string {
	var out []string
	add := func(a string) {
		if a != "" && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	for _, s := range seats {
		add(s.Account)
		add(s.Invited)
	}
	return out
}

// indexSeats writes the index of the accounts the seats of table id name
// (the table is stored already), inside the transaction r runs in.
func indexSeats(ctx context.Context, r runner, id string, seats []Seat) error {
	if _, err := r.exec(ctx, `DELETE FROM seat_accounts WHERE table_id = ?`, id); err != nil {
		return fmt.Errorf("store: indexing the seats of table %s: %w", id, err)
	}
	for _, a := range seatAccounts(seats) {
		if _, err := r.exec(ctx, `INSERT INTO seat_accounts (account, table_id, created, ended)
			SELECT ?, id, created, finished FROM tables WHERE id = ?`, a, id); err != nil {
			return fmt.Errorf("store: indexing the seats of table %s: %w", id, err)
		}
	}
	return nil
}

// seatTableColumns are tableColumns of the tables t.
const seatTableColumns = `t.id, t.game, t.options, t.setup, t.seed, t.seats, t.created, t.finished, t.outcome, t.open, t.rematch, t.watch,
	t.owner, t.abandoned, t.damaged`

// accountTables lists the tables of account on r (AccountTables).
func accountTables(ctx context.Context, r runner, account string, ended int) ([]Table, error) {
	// The index gives the account's rows, ended or not, in order; each
	// table is then read by its key.
	const pick = `SELECT ` + seatTableColumns + ` FROM seat_accounts a JOIN tables t ON t.id = a.table_id
		WHERE a.account = ? AND a.ended = ? AND t.damaged IS NULL ORDER BY a.created DESC, a.table_id`
	var out []Table
	each := func(scan func(...any) error) error {
		v := make([]any, 15)
		if err := scan(scanTargets(v)...); err != nil {
			return err
		}
		var rr rowReader
		t := rr.table(v)
		if rr.bad != "" {
			id, _ := v[0].(string)
			t = Table{ID: id, Damaged: "the row does not read (" + rr.bad + ")"}
		}
		t.Setup = nil
		out = append(out, t)
		return nil
	}
	if err := r.query(ctx, pick, each, account, false); err != nil {
		return nil, fmt.Errorf("store: listing an account's tables: %w", err)
	}
	if ended <= 0 {
		return out, nil
	}
	if err := r.query(ctx, pick+` LIMIT ?`, each, account, true, ended); err != nil {
		return nil, fmt.Errorf("store: listing an account's tables: %w", err)
	}
	return out, nil
}

// markEnded records in the index that table id has ended, inside the
// transaction r runs in.
func markEnded(ctx context.Context, r runner, id string) error {
	if _, err := r.exec(ctx, `UPDATE seat_accounts SET ended = ? WHERE table_id = ?`, true, id); err != nil {
		return fmt.Errorf("store: indexing the end of table %s: %w", id, err)
	}
	return nil
}

func (s *SQLite) AccountTables(ctx context.Context, account string, ended int) ([]Table, error) {
	return accountTables(ctx, sqliteRunner{s}, account, ended)
}

func (p *Postgres) AccountTables(ctx context.Context, account string, ended int) ([]Table, error) {
	return accountTables(ctx, pgRunner{p}, account, ended)
}

// sqliteSeatAccounts and postgresSeatAccounts are the index's step of
// each store: a row per table and account its seats name, with the
// table's creation time and whether it has ended (both copied from the
// table's row, ended as the table ends), found by the account in the
// order My games lists (ended or not, newest first) and by the table (to
// write a table's rows anew). Shipped: never edit them.
const (
	sqliteSeatAccounts = `
CREATE TABLE IF NOT EXISTS seat_accounts (
	account  TEXT NOT NULL,
	table_id TEXT NOT NULL REFERENCES tables(id),
	created  INTEGER NOT NULL,
	ended    INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (account, table_id)
);
CREATE INDEX IF NOT EXISTS seat_accounts_list ON seat_accounts(account, ended, created DESC, table_id);
CREATE INDEX IF NOT EXISTS seat_accounts_table ON seat_accounts(table_id);
`
	postgresSeatAccounts = `
CREATE TABLE seat_accounts (
	account  TEXT NOT NULL,
	table_id TEXT COLLATE "C" NOT NULL REFERENCES tables(id),
	created  BIGINT NOT NULL,
	ended    BOOLEAN NOT NULL DEFAULT FALSE,
	PRIMARY KEY (account, table_id)
);
CREATE INDEX seat_accounts_list ON seat_accounts(account, ended, created DESC, table_id);
CREATE INDEX seat_accounts_table ON seat_accounts(table_id);
`
)

// stepSeatAccounts are the accounts a stored seats column names, as the
// index's step reads the tables stored before it: a column that does not
// read names none. The step's own reading, never edited once shipped.
func stepSeatAccounts(raw string) []string {
	var seats []struct {
		Account string `json:"account"`
	}
	if json.Unmarshal([]byte(raw), &seats) != nil {
		return nil
	}
	var out []string
	for _, s := range seats {
		if s.Account != "" && !slices.Contains(out, s.Account) {
			out = append(out, s.Account)
		}
	}
	return out
}

// sqliteSeatAccountsStep adds the index of the accounts at tables' seats
// (sqliteSeatAccounts) and fills it from the tables stored.
func sqliteSeatAccountsStep(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, sqliteSeatAccounts); err != nil {
		return err
	}
	rows, err := conn.QueryContext(ctx, `SELECT id, seats FROM tables`)
	if err != nil {
		return err
	}
	type row struct{ id, seats any }
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.seats); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range all {
		id, ok1 := r.id.(string)
		seats, ok2 := r.seats.(string)
		if !ok1 || !ok2 {
			continue // a row that does not read: it is listed nowhere
		}
		for _, a := range stepSeatAccounts(seats) {
			if _, err := conn.ExecContext(ctx, `INSERT INTO seat_accounts (account, table_id, created, ended)
				SELECT ?, id, created, finished FROM tables WHERE id = ? AND typeof(created) = 'integer'`, a, id); err != nil {
				return err
			}
		}
	}
	return nil
}

// postgresSeatAccountsStep adds the index, as sqliteSeatAccountsStep does.
func postgresSeatAccountsStep(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, postgresSeatAccounts); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT id, seats FROM tables`)
	if err != nil {
		return err
	}
	type row struct{ id, seats string }
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.id, &x.seats)
		return x, err
	})
	if err != nil {
		return err
	}
	for _, r := range all {
		for _, a := range stepSeatAccounts(r.seats) {
			if _, err := tx.Exec(ctx, `INSERT INTO seat_accounts (account, table_id, created, ended)
				SELECT $1, id, created, finished FROM tables WHERE id = $2`, a, r.id); err != nil {
				return err
			}
		}
	}
	return nil
}
