package server

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
	"stolik/store/pgtest"
)

// spoiling is one way a stored row goes bad: the value (an SQL literal)
// written into a column of the tables table, or of the first move in
// moves. Where stores is "sqlite" the value only fits a store that keeps
// any type in any column; "postgres" keeps a column to its declared type.
type spoiling struct {
	table, column, value string
	stores               string // "" for both
	// loaded: only loading the table (its moves whole) or replaying it
	// shows what is wrong, so a finished table (not loaded until someone
	// asks for it) stays in the lobby until then; the lobby reads the
	// moves' numbers only.
	loaded bool
}

// Every column of both tables, spoiled each way its store allows.
var spoilings = []spoiling{
	// PostgreSQL keeps the moves to their table's id.
	{table: "tables", column: "id", value: `'not-an-id'`, stores: "sqlite"},
	{table: "tables", column: "game", value: `X'00ff'`, stores: "sqlite"},
	{table: "tables", column: "game", value: `'chess'`},
	{table: "tables", column: "options", value: `'not json'`},
	{table: "tables", column: "options", value: `'[1, 2]'`},
	{table: "tables", column: "options", value: `X'7b7d'`, stores: "sqlite"},
	{table: "tables", column: "setup", value: `'not json'`},
	{table: "tables", column: "seed", value: `'x'`, stores: "sqlite"},
	{table: "tables", column: "seed", value: `1.5`, stores: "sqlite"},
	{table: "tables", column: "seats", value: `'not json'`},
	{table: "tables", column: "seats", value: `'{"kind":"human"}'`},
	{table: "tables", column: "seats", value: `'[{"kind":5},{"kind":"human"}]'`},
	{table: "tables", column: "created", value: `'x'`, stores: "sqlite"},
	{table: "tables", column: "created", value: `1.5`, stores: "sqlite"},
	{table: "tables", column: "created", value: `9223372036854775807`},
	{table: "tables", column: "created", value: `-9223372036854775807`},
	{table: "tables", column: "finished", value: `'x'`, stores: "sqlite"},
	{table: "tables", column: "finished", value: `7`, stores: "sqlite"},
	{table: "tables", column: "outcome", value: `'not json'`},
	{table: "tables", column: "open", value: `'x'`, stores: "sqlite"},
	{table: "tables", column: "open", value: `7`, stores: "sqlite"},
	{table: "tables", column: "rematch", value: `X'00'`, stores: "sqlite"},
	{table: "tables", column: "watch", value: `X'00'`, stores: "sqlite"},
	{table: "tables", column: "owner", value: `X'00'`, stores: "sqlite"},
	{table: "tables", column: "abandoned", value: `'x'`, stores: "sqlite"},
	{table: "tables", column: "abandoned", value: `7`, stores: "sqlite"},
	{table: "tables", column: "damaged", value: `X'00'`, stores: "sqlite"},
	{table: "tables", column: "damaged", value: `''`},
	{table: "moves", column: "table_id", value: `X'00'`, stores: "sqlite"},
	{table: "moves", column: "n", value: `'x'`, stores: "sqlite"},
	{table: "moves", column: "n", value: `1000`},
	{table: "moves", column: "seat", value: `'x'`, stores: "sqlite", loaded: true},
	{table: "moves", column: "seat", value: `99`, loaded: true},
	{table: "moves", column: "move", value: `X'00'`, stores: "sqlite", loaded: true},
	{table: "moves", column: "move", value: `'no-such-move'`, loaded: true},
	{table: "moves", column: "at", value: `'x'`, stores: "sqlite", loaded: true},
	{table: "moves", column: "at", value: `9223372036854775807`, loaded: true},
}

// rowsDB is a kind of database the test spoils rows of: how to make a
// new one (on the server at base, for PostgreSQL), open it as a store, and
// run raw SQL on it (with ? for its one parameter).
type rowsDB struct {
	name string
	make func(t *testing.T, base string) string
	open func(t *testing.T, dsn string) store.Store
	exec func(t *testing.T, dsn, query string, arg any) int64 // rows affected
}

var rowsDBs = []rowsDB{
	{
		name: "sqlite",
		make: func(t *testing.T, _ string) string { return filepath.Join(t.TempDir(), "rows.db") },
		open: func(t *testing.T, dsn string) store.Store {
			st, err := store.OpenSQLite(dsn)
			if err != nil {
				t.Fatal(err)
			}
			return st
		},
		exec: func(t *testing.T, dsn, query string, arg any) int64 {
			db, err := sql.Open("sqlite", dsn) // foreign keys off, as a hand edit
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			res, err := db.Exec(query, arg)
			if err != nil {
				t.Fatalf("%s: %v", query, err)
			}
			n, _ := res.RowsAffected()
			return n
		},
	},
	{
		name: "postgres",
		make: newPostgresDB,
		open: func(t *testing.T, dsn string) store.Store {
			st, err := store.OpenPostgres(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			return st
		},
		exec: func(t *testing.T, dsn, query string, arg any) int64 {
			conn, err := pgx.Connect(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(context.Background())
			tag, err := conn.Exec(context.Background(), strings.Replace(query, "?", "$1", 1), arg)
			if err != nil {
				t.Fatalf("%s: %v", query, err)
			}
			return tag.RowsAffected()
		},
	},
}

var pgDatabases atomic.Int64

// newPostgresDB makes a new database on the server of base, and returns
// its URL.
func newPostgresDB(t *testing.T, base string) string {
	conn, err := pgx.Connect(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	name := fmt.Sprintf("rows_%d", pgDatabases.Add(1))
	if _, err := conn.Exec(context.Background(), "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// A stored row that does not read, whatever column is wrong, keeps
// nobody else from playing: the lobby answers without it, asking for it
// gets the answer of a damaged table, it is marked damaged (and logged
// once), and a server started on the database starts and serves the
// other tables. The table spoiled is in play (rebuilt at the start) or
// finished (met first by the lobby).
func TestUnreadableRowLeftOut(t *testing.T) {
	t.Parallel()
	for _, db := range rowsDBs {
		t.Run(db.name, func(t *testing.T) {
			var base string
			if db.name == "postgres" {
				if testing.Short() {
					t.Skip("starts PostgreSQL and a database for every column (about 20 s); skipped under -short")
				}
				base = pgtest.Start(t)
			}
			for _, sp := range spoilings {
				if sp.stores != "" && sp.stores != db.name {
					continue
				}
				for _, finished := range []bool{false, true} {
					if finished && sp.loaded {
						continue
					}
					name := fmt.Sprintf("%s.%s=%s", sp.table, sp.column, sp.value)
					if finished {
						name += "/finished"
					}
					t.Run(name, func(t *testing.T) {
						t.Parallel() // each on a database of its own, mostly waiting on it
						checkSpoiledRow(t, db, db.make(t, base), sp, finished)
					})
				}
			}
		})
	}
}

func checkSpoiledRow(t *testing.T, db rowsDB, dsn string, sp spoiling, finished bool) {
	st := db.open(t, dsn)
	s, err := New(Config{Store: st, Games: all.Games(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	spec := Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 3, Open: true}
	good := mustCreate(t, s, spec)
	playSome(t, good, engine.NewRand(1), 3)
	done := mustCreate(t, s, spec)
	playSome(t, done, engine.NewRand(2), 100_000)
	bad := mustCreate(t, s, spec)
	if finished {
		playSome(t, bad, engine.NewRand(3), 100_000)
	} else {
		playSome(t, bad, engine.NewRand(3), 3)
	}
	if _, over := done.Outcome(); !over {
		t.Fatal("the game did not end")
	}
	s.Close()
	st.Close()

	query := fmt.Sprintf(`UPDATE tables SET %s = %s WHERE id = ?`, sp.column, sp.value)
	if sp.table == "moves" {
		query = fmt.Sprintf(`UPDATE moves SET %s = %s WHERE n = 0 AND table_id = ?`, sp.column, sp.value)
	}
	if n := db.exec(t, dsn, query, bad.ID()); n != 1 {
		t.Fatalf("%s: %d rows changed", query, n)
	}

	logs := &lockedBuffer{}
	st = db.open(t, dsn)
	s, err = New(Config{Store: st, Games: all.Games(), Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		st.Close()
		t.Fatalf("a server on the database does not start: %v", err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close(); st.Close() })
	for range 2 {
		var l []TableEntry
		code := call(t, "GET", hs.URL+"/api/tables", "", &l)
		var ids []string
		for _, e := range l {
			ids = append(ids, e.ID)
		}
		if want := fmt.Sprint([]string{done.ID(), good.ID()}); code != 200 || fmt.Sprint(ids) != want && fmt.Sprint(ids) != "["+good.ID()+" "+done.ID()+"]" {
			t.Fatalf("the lobby: %d %v, want 200 and %s (without %s)", code, ids, want, bad.ID())
		}
	}
	var e apiError
	code := call(t, "GET", hs.URL+"/api/tables/"+bad.ID(), "", &e)
	if sp.column == "id" {
		if code != 404 {
			t.Errorf("the table under its old id: %d %+v, want 404", code, e)
		}
	} else if code != 500 || e.Code != "internal" || e.Request == "" {
		t.Errorf("the spoiled table: %d %+v, want the answer of a damaged table", code, e)
	}
	for _, tab := range []*Table{good, done} {
		if code := call(t, "GET", hs.URL+"/api/tables/"+tab.ID(), "", nil); code != 200 {
			t.Errorf("table %s: %d", tab.ID(), code)
		}
	}
	if n := db.exec(t, dsn, `UPDATE tables SET game = game WHERE damaged IS NULL AND id <> ?`, ""); n != 2 {
		t.Errorf("%d tables are not marked damaged, want the 2 others", n)
	}
	want := 1
	if sp.column == "damaged" {
		want = 0 // marked already
	}
	if n := strings.Count(logs.String(), `it is marked damaged"`); n != want {
		t.Errorf("the table was logged as marked damaged %d times, want %d:\n%s", n, want, logs)
	}
	if !s.InMemory(good.ID()) {
		t.Error("the table in play was not rebuilt")
	}
	if s.InMemory(bad.ID()) {
		t.Error("the spoiled table is held")
	}
}
