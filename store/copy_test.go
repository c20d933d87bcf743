package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"stolik/store"
	"stolik/store/pgtest"
	"stolik/store/storetest"
)

func openPostgres(t *testing.T) *store.Postgres {
	t.Helper()
	p, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// SQLite to PostgreSQL and back: every table, move and time survives; a
// table whose row does not read is reported and the others go on.
func TestCopySQLitePostgresSQLite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src, err := store.OpenSQLite(filepath.Join(dir, "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	storetest.Fill(t, src)
	pg := openPostgres(t)
	back, err := store.OpenSQLite(filepath.Join(dir, "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	for _, c := range []struct{ from, to store.Archive }{{src, pg}, {pg, back}} {
		res, err := store.Copy(ctx, c.from, c.to, store.CopyOptions{})
		if err != nil || res.Tables != 5 || res.Moves != 6 || len(res.Unreadable) != 0 {
			t.Fatalf("copy %T to %T: %+v, %v", c.from, c.to, res, err)
		}
	}
	storetest.Same(t, src, pg)
	storetest.Same(t, src, back)

	if err := src.CreateTable(ctx, store.Table{ID: "spoilt", Game: "g"}); err != nil {
		t.Fatal(err)
	}
	if err := src.CorruptSeats(ctx, "spoilt"); err != nil {
		t.Fatal(err)
	}
	res, err := store.Copy(ctx, src, pg, store.CopyOptions{Merge: true})
	if err != nil || res.Tables != 0 || res.Existing != 5 || len(res.Unreadable) != 1 {
		t.Errorf("merging with a spoilt table: %+v, %v", res, err)
	}
}
