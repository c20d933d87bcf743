package store

import (
	"context"
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
	if err := old.CreateTable(ctx, Table{ID: "t1", Game: "g"}); err != nil {
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
	if err := old.CreateTable(ctx, Table{ID: "t1", Game: "g", Seats: []Seat{{Kind: "human", Taken: true, TokenHash: "h"}}}); err != nil {
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
