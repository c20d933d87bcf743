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
		if _, err := r.exec(ctx, `INSERT INTO seat_accounts (account, table_id) VALUES (?, ?)`, a, id); err != nil {
			return fmt.Errorf("store: indexing the seats of table %s: %w", id, err)
		}
	}
	return nil
}

// accountTables lists the tables of account on r (AccountTables).
func accountTables(ctx context.Context, r runner, account string, ended int) ([]Table, error) {
	const pick = `SELECT ` + tableColumns + ` FROM tables WHERE id IN (SELECT table_id FROM seat_accounts WHERE account = ?)
		AND damaged IS NULL AND `
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
	if err := r.query(ctx, pick+`NOT finished ORDER BY created DESC, id`, each, account); err != nil {
		return nil, fmt.Errorf("store: listing an account's tables: %w", err)
	}
	if ended <= 0 {
		return out, nil
	}
	if err := r.query(ctx, pick+`finished ORDER BY created DESC, id LIMIT ?`, each, account, ended); err != nil {
		return nil, fmt.Errorf("store: listing an account's tables: %w", err)
	}
	return out, nil
}

func (s *SQLite) AccountTables(ctx context.Context, account string, ended int) ([]Table, error) {
	return accountTables(ctx, sqliteRunner{s}, account, ended)
}

func (p *Postgres) AccountTables(ctx context.Context, account string, ended int) ([]Table, error) {
	return accountTables(ctx, pgRunner{p}, account, ended)
}

// sqliteSeatAccounts and postgresSeatAccounts are the index's step of
// each store: a row per table and account its seats name, found by the
// account (the key) and by the table (to write a table's rows anew).
// Shipped: never edit them.
const (
	sqliteSeatAccounts = `
CREATE TABLE IF NOT EXISTS seat_accounts (
	account  TEXT NOT NULL,
	table_id TEXT NOT NULL REFERENCES tables(id),
	PRIMARY KEY (account, table_id)
);
CREATE INDEX IF NOT EXISTS seat_accounts_table ON seat_accounts(table_id);
`
	postgresSeatAccounts = `
CREATE TABLE seat_accounts (
	account  TEXT NOT NULL,
	table_id TEXT COLLATE "C" NOT NULL REFERENCES tables(id),
	PRIMARY KEY (account, table_id)
);
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
			if _, err := conn.ExecContext(ctx, `INSERT INTO seat_accounts (account, table_id) VALUES (?, ?)`, a, id); err != nil {
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
			if _, err := tx.Exec(ctx, `INSERT INTO seat_accounts (account, table_id) VALUES ($1, $2)`, a, r.id); err != nil {
				return err
			}
		}
	}
	return nil
}
