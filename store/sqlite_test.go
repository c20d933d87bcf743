package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func TestSQLiteKeepsTablesAcrossReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "stolik.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	tab := Table{ID: "t1", Game: "cardline", Options: json.RawMessage(`{"players":2}`), Seed: 1 << 63,
		Seats: []Seat{{Kind: "human", TokenHash: "abc", InviteHash: "ghi"}, {Kind: "bot:fan"}}, Watch: "w", Owner: "127.0.0.1"}
	if err := s.CreateTable(ctx, tab); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, Table{ID: "t2", Game: "asterix"}); err != nil {
		t.Fatal(err)
	}
	for i, mv := range []string{"hulk@0", "thor@1", "pass"} {
		if err := s.AppendMove(ctx, "t1", Move{N: i, Seat: i % 2, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendMove(ctx, "t1", Move{N: 1, Seat: 0, Move: "again"}); !errors.Is(err, ErrConflict) {
		t.Errorf("a taken move number: %v, want ErrConflict", err)
	}
	if err := s.AppendMove(ctx, "nope", Move{N: 0, Move: "x"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("a move for no table: %v, want ErrNotFound", err)
	}
	if err := s.Finish(ctx, "t2", json.RawMessage(`{"winners":[0]}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, moves, err := s.Load(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != "cardline" || got.Seed != 1<<63 || string(got.Options) != `{"players":2}` || len(got.Seats) != 2 ||
		got.Seats[0].TokenHash != "abc" || got.Seats[0].InviteHash != "ghi" || got.Watch != "w" || got.Owner != "127.0.0.1" || got.Finished {
		t.Errorf("table read back as %+v", got)
	}
	if fmt.Sprint(moves) != "[{0 0 hulk@0} {1 1 thor@1} {2 0 pass}]" {
		t.Errorf("moves read back as %v", moves)
	}
	ids, err := s.Unfinished(ctx)
	if err != nil || fmt.Sprint(ids) != "[t1]" {
		t.Errorf("unfinished: %v %v, want [t1]", ids, err)
	}
	if t2, _, _ := s.Load(ctx, "t2"); !t2.Finished || string(t2.Outcome) != `{"winners":[0]}` {
		t.Errorf("finished table read back as %+v", t2)
	}
	if _, _, err := s.Load(ctx, "t3"); !errors.Is(err, ErrNotFound) {
		t.Errorf("no table: %v", err)
	}
}

// Writers racing for one table: exactly one gets each move number.
func TestSQLiteOneWinnerPerMoveNumber(t *testing.T) {
	ctx := context.Background()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "race.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateTable(ctx, Table{ID: "t", Game: "tagteam"}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < 20; n++ {
				if err := s.AppendMove(ctx, "t", Move{N: n, Seat: w, Move: "m"}); err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				} else if !errors.Is(err, ErrConflict) {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	_, moves, err := s.Load(ctx, "t")
	if err != nil || wins != 20 || len(moves) != 20 {
		t.Errorf("%d writes won, %d moves stored (%v); want 20 and 20", wins, len(moves), err)
	}
}

func TestSQLiteSeatsAndRematch(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "seats.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	tab := Table{ID: "t1", Game: "cardline", Open: true, Seats: []Seat{{Kind: "human", InviteHash: "a"}, {Kind: "human", InviteHash: "b"}}}
	if err := s.CreateTable(ctx, tab); err != nil {
		t.Fatal(err)
	}
	seats := []Seat{{Kind: "human", TokenHash: "a", Name: "Ala", Taken: true}, {Kind: "human", InviteHash: "c", Reserved: true}}
	if err := s.UpdateSeats(ctx, "t1", seats); err != nil {
		t.Fatal(err)
	}
	if err := s.SetRematch(ctx, "t1", "t2"); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSeats(ctx, "nope", seats); !errors.Is(err, ErrNotFound) {
		t.Errorf("seats of no table: %v, want ErrNotFound", err)
	}
	if err := s.SetRematch(ctx, "nope", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("rematch of no table: %v, want ErrNotFound", err)
	}
	s.Close()
	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, _, err := s.Load(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Open || got.Rematch != "t2" || fmt.Sprint(got.Seats) != fmt.Sprint(seats) {
		t.Errorf("read back as %+v", got)
	}
	if err := s.CreateTable(ctx, Table{ID: "t0", Game: "asterix", Created: time.UnixMilli(1)}); err != nil {
		t.Fatal(err)
	}
	s.AppendMove(ctx, "t1", Move{N: 0, Move: "m"})
	s.AppendMove(ctx, "t1", Move{N: 1, Move: "m"})
	recent, err := s.Recent(ctx, 10)
	if err != nil || len(recent) != 2 || recent[0].ID != "t1" || recent[0].Moves != 2 || recent[0].Rematch != "t2" || !recent[0].Open ||
		recent[1].ID != "t0" || recent[1].Moves != 0 {
		t.Errorf("recent tables: %+v, %v", recent, err)
	}
	if one, _ := s.Recent(ctx, 1); len(one) != 1 {
		t.Errorf("recent with a limit of 1: %d tables", len(one))
	}
}

// A file made before the lobby columns existed opens and keeps its tables.
func TestSQLiteUpgradesAnOlderFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	old := `CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, setup TEXT,
		seed INTEGER NOT NULL, seats TEXT NOT NULL, created INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0, outcome TEXT);
		INSERT INTO tables (id, game, options, seed, seats, created) VALUES ('t1', 'asterix', '{}', 7, '[{"kind":"human","token":"x"}]', 0);`
	if _, err := db.Exec(old); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, _, err := s.Load(ctx, "t1")
	if err != nil || got.Game != "asterix" || got.Seed != 7 || got.Open || got.Rematch != "" {
		t.Fatalf("old table read back as %+v, %v", got, err)
	}
	if err := s.SetRematch(ctx, "t1", "t9"); err != nil {
		t.Fatal(err)
	}
}

// Moves of many tables at once are committed together and all stored; a
// closed store refuses more.
func TestSQLiteGroupCommit(t *testing.T) {
	ctx := context.Background()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "group.db"))
	if err != nil {
		t.Fatal(err)
	}
	const tables, moves = 20, 30
	for i := range tables {
		if err := s.CreateTable(ctx, Table{ID: fmt.Sprint("t", i), Game: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range moves {
				if err := s.AppendMove(ctx, fmt.Sprint("t", i), Move{N: n, Move: fmt.Sprint("m", n)}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for i := range tables {
		if _, ms, err := s.Load(ctx, fmt.Sprint("t", i)); err != nil || len(ms) != moves || ms[moves-1].Move != fmt.Sprint("m", moves-1) {
			t.Fatalf("table %d: %d moves, %v", i, len(ms), err)
		}
	}
	s.Close()
	if err := s.AppendMove(ctx, "t0", Move{N: moves}); !errors.Is(err, ErrClosed) {
		t.Errorf("a move for a closed store: %v", err)
	}
}

// Files of earlier versions kept tokens in the clear: they are read as
// hashes (a taken seat keeps acting with its token; a free seat's old
// link is dead), and the new columns are added.
func TestSQLiteUpgradesClearTokens(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, setup TEXT, seed INTEGER NOT NULL,
			seats TEXT NOT NULL, created INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0, outcome TEXT)`,
		`CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (table_id, n))`,
		`INSERT INTO tables VALUES ('0123456789ab', 'cardline', '{}', NULL, 5,
			'[{"kind":"human","token":"sekret","name":"Ala","taken":true},{"kind":"human","token":"link"},{"kind":"bot:fan","token":"bot"}]', 1, 0, NULL)`,
		`INSERT INTO moves VALUES ('0123456789ab', 0, 0, 'm')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, moves, err := s.Load(ctx, "0123456789ab")
	if err != nil || len(moves) != 1 {
		t.Fatal(err, moves)
	}
	want := []Seat{{Kind: "human", TokenHash: HashSecret("sekret"), Name: "Ala", Taken: true}, {Kind: "human"}, {Kind: "bot:fan"}}
	if fmt.Sprint(got.Seats) != fmt.Sprint(want) || got.Active != got.Created {
		t.Errorf("seats read back as %+v, want %+v (active %v)", got.Seats, want, got.Active)
	}
	if err := s.AppendMove(ctx, "0123456789ab", Move{N: 1, Move: "m"}); err != nil {
		t.Fatal(err)
	}
	if again, _, _ := s.Load(ctx, "0123456789ab"); !again.Active.After(again.Created) {
		t.Errorf("a move stored does not make the table active: %v", again.Active)
	}
}

// A row that cannot be read keeps nobody from the lobby: Recent lists it
// as damaged; a table marked damaged is left out of Recent and Unfinished;
// an abandoned one is ended.
func TestSQLiteDamagedAndAbandoned(t *testing.T) {
	ctx := context.Background()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "d.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, id := range []string{"a", "b", "c", "d"} {
		if err := s.CreateTable(ctx, Table{ID: id, Game: "cardline"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.db.Exec(`UPDATE tables SET seats = 'not json' WHERE id = 'a'`); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkDamaged(ctx, "b", "stored move 3 does not replay"); err != nil {
		t.Fatal(err)
	}
	if err := s.Abandon(ctx, "c"); err != nil {
		t.Fatal(err)
	}
	if err := s.Abandon(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("abandon no table: %v", err)
	}
	recent, err := s.Recent(ctx, 10)
	if err != nil {
		t.Fatalf("one bad row: %v", err)
	}
	byID := map[string]Table{}
	for _, r := range recent {
		byID[r.ID] = r
	}
	if len(recent) != 3 || byID["a"].Damaged == "" || byID["c"].Damaged != "" || !byID["c"].Abandoned || !byID["c"].Finished {
		t.Errorf("recent: %+v", recent)
	}
	if _, ok := byID["b"]; ok {
		t.Error("a table marked damaged is listed")
	}
	if ids, _ := s.Unfinished(ctx); fmt.Sprint(ids) != "[a d]" {
		t.Errorf("unfinished: %v, want [a d]", ids)
	}
	if b, _, err := s.Load(ctx, "b"); err != nil || b.Damaged != "stored move 3 does not replay" {
		t.Errorf("the damaged table loads as %+v, %v", b, err)
	}
}

// Full durability is the default; normal is an opt-in; anything else is
// refused.
func TestSQLiteDurability(t *testing.T) {
	for _, c := range []struct {
		d    Durability
		want int // PRAGMA synchronous: 1 NORMAL, 2 FULL
	}{{Full, 2}, {Normal, 1}} {
		s, err := OpenSQLiteWith(filepath.Join(t.TempDir(), "s.db"), c.d)
		if err != nil {
			t.Fatal(err)
		}
		var got int
		if err := s.db.QueryRow(`PRAGMA synchronous`).Scan(&got); err != nil || got != c.want {
			t.Errorf("%s: synchronous %d (%v), want %d", c.d, got, err, c.want)
		}
		s.Close()
	}
	s, _ := OpenSQLite(filepath.Join(t.TempDir(), "s.db"))
	var got int
	s.db.QueryRow(`PRAGMA synchronous`).Scan(&got)
	s.Close()
	if got != 2 {
		t.Errorf("the default: synchronous %d, want 2 (full)", got)
	}
	if _, err := OpenSQLiteWith(filepath.Join(t.TempDir(), "s.db"), "sometimes"); err == nil {
		t.Error("a durability of sometimes was taken")
	}
}
