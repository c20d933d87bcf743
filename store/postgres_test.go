package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"stolik/store/pgtest"
)

func openPostgres(t *testing.T, url string, d Durability) *Postgres {
	t.Helper()
	p, err := OpenPostgresWith(context.Background(), url, d)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func rawPostgres(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// The database records the schema version; a database of a newer program
// is refused and left as it is; programs opening one new database at
// once all succeed, and the steps run once.
func TestPostgresSchemaVersion(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Start(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := OpenPostgres(ctx, url)
			if err == nil {
				err = p.CreateTable(ctx, Table{ID: fmt.Sprint("t", i), Game: "g"})
				p.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("opening one new database at once: %v", err)
	}
	raw := rawPostgres(t, url)
	var v int
	if err := raw.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(postgresSteps) {
		t.Errorf("schema version %d (%v), want %d", v, err, len(postgresSteps))
	}
	p := openPostgres(t, url, Full)
	if ids, err := p.TableIDs(ctx); err != nil || len(ids) != 4 {
		t.Errorf("reopened: tables %v, %v", ids, err)
	}
	p.Close()
	if _, err := raw.Exec(ctx, `UPDATE schema_version SET version = $1`, len(postgresSteps)+1); err != nil {
		t.Fatal(err)
	}
	if p, err := OpenPostgres(ctx, url); !errors.Is(err, ErrNewerSchema) {
		if err == nil {
			p.Close()
		}
		t.Errorf("a database of a newer program: %v, want ErrNewerSchema", err)
	}
	if err := raw.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(postgresSteps)+1 {
		t.Errorf("the refused database's version became %d (%v)", v, err)
	}
}

// Full durability commits with synchronous_commit on whatever the
// server's default; normal with it off.
func TestPostgresDurability(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Start(t)
	raw := rawPostgres(t, url)
	var name string
	if err := raw.QueryRow(ctx, `SELECT current_database()`).Scan(&name); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(ctx, `ALTER DATABASE `+pgx.Identifier{name}.Sanitize()+` SET synchronous_commit = off`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		d    Durability
		want string
	}{{Full, "on"}, {Normal, "off"}} {
		p := openPostgres(t, url, c.d)
		var got string
		if err := p.pool.QueryRow(ctx, `SHOW synchronous_commit`).Scan(&got); err != nil || got != c.want {
			t.Errorf("%s: synchronous_commit %q (%v), want %q", c.d, got, err, c.want)
		}
	}
	if _, err := OpenPostgresWith(ctx, url, "sometimes"); err == nil {
		t.Error("a durability of sometimes was taken")
	}
}

// A move of one table waiting on its database row does not hold up the
// moves of other tables.
func TestPostgresTablesAppendInParallel(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Start(t)
	p := openPostgres(t, url, Full)
	for _, id := range []string{"a", "b"} {
		if err := p.CreateTable(ctx, Table{ID: id, Game: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	// Another writer holds move 0 of table a, not yet committed.
	raw := rawPostgres(t, url)
	tx, err := raw.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO moves (table_id, n, seat, move) VALUES ('a', 0, 0, 'other')`); err != nil {
		t.Fatal(err)
	}
	aDone := make(chan error, 1)
	go func() { aDone <- p.AppendMove(ctx, "a", Move{N: 0, Move: "mine"}) }()
	waitForLockWait(t, raw)
	bDone := make(chan error, 1)
	go func() { bDone <- p.AppendMove(ctx, "b", Move{N: 0, Move: "m"}) }()
	select {
	case err := <-bDone:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("a move of table b waits for table a")
	}
	select {
	case err := <-aDone:
		t.Fatalf("the move of table a returned (%v) while the other writer held its number", err)
	default:
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-aDone; !errors.Is(err, ErrConflict) {
		t.Errorf("the move of table a after the other writer committed: %v, want ErrConflict", err)
	}
}

// waitForLockWait waits until some session of the database waits for a
// lock (a bounded number of looks).
func waitForLockWait(t *testing.T, raw *pgx.Conn) {
	t.Helper()
	for range 600 {
		var n int
		err := raw.QueryRow(context.Background(), `SELECT COUNT(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the move of table a never waited for the other writer")
}
