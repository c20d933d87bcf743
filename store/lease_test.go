package store

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"stolik/store/pgtest"
)

// A database of schema version 1, with a table in play, gains the leases
// when a newer program opens it, and keeps its table.
func TestPostgresUpgradeAddsLeases(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Start(t)
	all := postgresSteps
	postgresSteps = all[:1]
	old, err := OpenPostgres(ctx, url)
	postgresSteps = all
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.pool.Exec(ctx, `INSERT INTO tables (id, game, options, seed, seats, created) VALUES ('t1', 'g', '{}', 0, '[]', 0)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	p := openPostgres(t, url, Full)
	var v int
	if err := p.pool.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(postgresSteps) {
		t.Fatalf("schema version %d (%v), want %d", v, err, len(postgresSteps))
	}
	if ids, err := p.Unowned(ctx, 10); err != nil || len(ids) != 1 || ids[0] != "t1" {
		t.Fatalf("unowned after the upgrade: %v, %v", ids, err)
	}
	if l, err := p.Acquire(ctx, "t1", "n", time.Minute); err != nil || l.Node != "n" {
		t.Fatalf("a lease after the upgrade: %+v, %v", l, err)
	}
}

// A database of schema version 2 (leases, no accounts), with a table in
// play, gains the accounts when a newer program opens it, and keeps its
// table.
func TestPostgresUpgradeAddsAccounts(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Start(t)
	all := postgresSteps
	postgresSteps = all[:2]
	old, err := OpenPostgres(ctx, url)
	postgresSteps = all
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.pool.Exec(ctx, `INSERT INTO tables (id, game, options, seed, seats, created)
		VALUES ('t1', 'g', '{}', 0, '[{"kind":"human","taken":true,"token_hash":"h"}]', 0)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	p := openPostgres(t, url, Full)
	if got, _, err := p.Load(ctx, "t1"); err != nil || got.Seats[0].TokenHash != "h" || got.Seats[0].Account != "" {
		t.Fatalf("the table after the upgrade: %+v, %v", got, err)
	}
	if err := p.CreateAccount(ctx, Account{ID: "a1", Name: "Ala", Key: "ala", Display: "Ala", Lang: "pl"}); err != nil {
		t.Fatalf("an account after the upgrade: %v", err)
	}
	if a, err := p.AccountByKey(ctx, "ala"); err != nil || a.ID != "a1" {
		t.Fatalf("the account read back: %+v, %v", a, err)
	}
}

// A database of the version before the index of the accounts at seats
// gains it, filled from the tables stored: an account's tables are
// listed after the upgrade as before it.
func TestPostgresUpgradeIndexesSeatAccounts(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Start(t)
	all := postgresSteps
	postgresSteps = all[:slices.IndexFunc(all, func(s postgresStep) bool { return strings.Contains(s.about, "accounts at tables' seats") })]
	old, err := OpenPostgres(ctx, url)
	postgresSteps = all
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.pool.Exec(ctx, `INSERT INTO tables (id, game, options, seed, seats, created) VALUES
		('t1', 'g', '{}', 0, '[{"kind":"human","taken":true,"account":"a1"},{"kind":"human","account":"a2"}]', 1),
		('t2', 'g', '{}', 0, '[{"kind":"human"}]', 2)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	p := openPostgres(t, url, Full)
	for _, a := range []string{"a1", "a2"} {
		if got, err := p.AccountTables(ctx, a, 10); err != nil || len(got) != 1 || got[0].ID != "t1" {
			t.Errorf("%s's tables after the upgrade: %+v, %v", a, got, err)
		}
	}
}
