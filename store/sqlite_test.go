package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// What a table becomes stays in the file: a reopened store reads it back.
// (The behaviour shared with PostgreSQL is checked by storetest.Run.)
func TestSQLiteKeepsTablesAcrossReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "stolik.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	tab := Table{ID: "t1", Game: "cardline", Options: json.RawMessage(`{"players":2}`), Seed: 1 << 63, Open: true,
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
	seats := []Seat{{Kind: "human", TokenHash: "a", Name: "Ala", Taken: true}, {Kind: "human", InviteHash: "c", Reserved: true}}
	for _, err := range []error{s.UpdateSeats(ctx, "t1", seats), s.SetRematch(ctx, "t1", "t3"),
		s.Finish(ctx, "t2", json.RawMessage(`{"winners":[0]}`))} {
		if err != nil {
			t.Fatal(err)
		}
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
	if got.Game != "cardline" || got.Seed != 1<<63 || string(got.Options) != `{"players":2}` || fmt.Sprint(got.Seats) != fmt.Sprint(seats) ||
		got.Watch != "w" || got.Owner != "127.0.0.1" || got.Finished || !got.Open || got.Rematch != "t3" {
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
}

// userVersion is the schema version a file records.
func userVersion(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// setUserVersion makes a file record the schema version v.
func setUserVersion(t *testing.T, path string, v int) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, v)); err != nil {
		t.Fatal(err)
	}
}

// A new file records the schema version; a file of a newer program is
// refused and left as it is; a file of the version before schema versions
// (the same tables, user_version 0) is taken over.
func TestSQLiteSchemaVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(context.Background(), Table{ID: "t", Game: "g"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if v := userVersion(t, path); v != len(sqliteSteps) {
		t.Errorf("a new file records version %d, want %d", v, len(sqliteSteps))
	}
	setUserVersion(t, path, len(sqliteSteps)+1)
	if s, err := OpenSQLite(path); !errors.Is(err, ErrNewerSchema) {
		if err == nil {
			s.Close()
		}
		t.Errorf("a file of a newer program: %v, want ErrNewerSchema", err)
	}
	if v := userVersion(t, path); v != len(sqliteSteps)+1 {
		t.Errorf("the refused file's version became %d", v)
	}
	setUserVersion(t, path, 0)
	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, _, err := s.Load(context.Background(), "t"); err != nil {
		t.Error(err)
	}
	if v := userVersion(t, path); v != len(sqliteSteps) {
		t.Errorf("the older file records version %d, want %d", v, len(sqliteSteps))
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
	if err := s.AppendMove(ctx, "t1", Move{N: 0, Move: "m"}); err != nil {
		t.Fatal(err)
	}
	if v := userVersion(t, path); v != len(sqliteSteps) {
		t.Errorf("the upgraded file records version %d, want %d", v, len(sqliteSteps))
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

// Under a stream of moves that never pauses, the log is copied into the
// database beside the writer and written again from its start, so it
// stays short; every move is kept.
func TestSQLiteLogStaysShort(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "log.db")
	defer func(was int) { logSizeLimit = was }(logSizeLimit)
	logSizeLimit = 1 << 20
	s, err := OpenSQLiteWith(path, Normal)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.restartFrames = 64
	const tables = 16
	for i := range tables {
		if err := s.CreateTable(ctx, Table{ID: fmt.Sprint("t", i), Game: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	// Moves until the checkpointer has passed a few times and the writer
	// has restarted the log twice: the test waits for that progress, not
	// for a time.
	var wg sync.WaitGroup
	var made [tables]int
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s.restarts.Load() < 2 || s.checkpoints.Load() < 4 {
				if err := s.AppendMove(ctx, fmt.Sprint("t", i), Move{N: made[i], Move: strings.Repeat("m", 40)}); err != nil {
					t.Error(err)
					return
				}
				made[i]++
			}
		}()
	}
	wg.Wait()
	total := 0
	for i := range tables {
		total += made[i]
		if _, ms, err := s.Load(ctx, fmt.Sprint("t", i)); err != nil || len(ms) != made[i] {
			t.Fatalf("table %d: %d moves of %d (%v)", i, len(ms), made[i], err)
		}
	}
	// Once the writer has finished a checkpoint, its next commit writes
	// the log from its start and cuts the file back.
	s.restartLog()
	if err := s.AppendMove(ctx, "t0", Move{N: made[0], Move: "last"}); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d moves, %d checkpoints, %d restarts; the log's file is %d KiB", total, s.checkpoints.Load(), s.restarts.Load(), st.Size()>>10)
	if limit := int64(logSizeLimit + 64<<10); st.Size() > limit {
		t.Errorf("the log's file is %d bytes after a restart, more than %d", st.Size(), limit)
	}
}

// A commit inserts a run of moves a few statements at a time; a move
// that cannot go in (a number already taken, a table that is not there)
// gets its own error, and every other move of the run is stored.
func TestSQLiteBatchAnswersEachMove(t *testing.T) {
	ctx := context.Background()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "batch.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, id := range []string{"a", "b"} {
		if err := s.CreateTable(ctx, Table{ID: id, Game: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	var batch []appendReq
	add := func(table string, n int) {
		batch = append(batch, appendReq{table: table, move: Move{N: n, Move: fmt.Sprint(table, n)}, done: make(chan error, 1)})
	}
	for n := range 45 { // 32 + 8 + 5 moves: every size of statement
		add("a", n)
	}
	add("b", 0)
	add("a", 7)  // taken
	add("zz", 0) // no such table
	for n := 1; n < 30; n++ {
		add("b", n)
	}
	add("b", 3) // taken, in the last run
	s.commit(batch)
	for i, r := range batch {
		err := <-r.done
		var want error
		switch {
		case r.table == "zz":
			want = ErrNotFound
		case i == 46 || i == len(batch)-1:
			want = ErrConflict
		}
		if !errors.Is(err, want) || (want == nil && err != nil) {
			t.Errorf("move %d (%s %d): %v, want %v", i, r.table, r.move.N, err, want)
		}
	}
	for id, want := range map[string]int{"a": 45, "b": 30} {
		if _, ms, err := s.Load(ctx, id); err != nil || len(ms) != want || ms[want-1].Move != fmt.Sprint(id, want-1) {
			t.Errorf("table %s: %d moves (%v), want %d", id, len(ms), err, want)
		}
	}
}

// A file of schema version 1 (no accounts), with a table in play, gains
// the accounts when a newer program opens it, and keeps its table.
func TestSQLiteUpgradeAddsAccounts(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	all := sqliteSteps
	sqliteSteps = all[:1]
	old, err := OpenSQLite(path)
	sqliteSteps = all
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.db.Exec(`INSERT INTO tables (id, game, options, seed, seats, created)
		VALUES ('t1', 'g', '{}', 0, '[{"kind":"human","taken":true,"token_hash":"h"}]', 0)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	if v := userVersion(t, path); v != 1 {
		t.Fatalf("the old file has version %d, want 1", v)
	}
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, _, err := s.Load(ctx, "t1"); err != nil || got.Seats[0].TokenHash != "h" {
		t.Fatalf("the table after the upgrade: %+v, %v", got, err)
	}
	if err := s.CreateAccount(ctx, Account{ID: "a1", Name: "Ala", Key: "ala", Display: "Ala", Lang: "pl"}); err != nil {
		t.Fatalf("an account after the upgrade: %v", err)
	}
	if v := userVersion(t, path); v != len(sqliteSteps) {
		t.Errorf("the upgraded file records version %d, want %d", v, len(sqliteSteps))
	}
}

// A file of schema version 2 (accounts, no passkeys) gains the passkeys
// when a newer program opens it, and keeps its accounts.
func TestSQLiteUpgradeAddsPasskeys(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v2.db")
	all := sqliteSteps
	sqliteSteps = all[:2]
	old, err := OpenSQLite(path)
	sqliteSteps = all
	if err != nil {
		t.Fatal(err)
	}
	if err := old.CreateAccount(ctx, Account{ID: "a1", Name: "Ala", Key: "ala", Display: "Ala", Lang: "pl"}); err != nil {
		t.Fatal(err)
	}
	old.Close()
	if v := userVersion(t, path); v != 2 {
		t.Fatalf("the old file has version %d, want 2", v)
	}
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.AddPasskey(ctx, Passkey{ID: "p1", Account: "a1", CredentialID: "Y3JlZA", Name: "x", Credential: "{}"}); err != nil {
		t.Fatalf("a passkey of the old account after the upgrade: %v", err)
	}
	if v := userVersion(t, path); v != len(sqliteSteps) {
		t.Errorf("the upgraded file records version %d, want %d", v, len(sqliteSteps))
	}
}

// A file of the version before the chat gains the chat's tables, and
// those of every later step, and keeps its own.
func TestSQLiteUpgradesToChat(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, Table{ID: "t", Game: "g"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(fmt.Sprintf(`DROP TABLE chat_reports; DROP TABLE chat; DROP TABLE chat_modes; DROP TABLE clocks; DROP TABLE IF EXISTS seat_accounts;
		PRAGMA user_version = %d`, stepIndex(t, "chat:"))); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := userVersion(t, path); v != len(sqliteSteps) {
		t.Errorf("the upgraded file records version %d, want %d", v, len(sqliteSteps))
	}
	if _, _, err := s.Load(ctx, "t"); err != nil {
		t.Error(err)
	}
	if err := s.AppendChat(ctx, ChatMessage{Table: "t", N: 0, Text: "hi"}); err != nil {
		t.Errorf("chat in the upgraded file: %v", err)
	}
	if err := s.SetClock(ctx, "t", []byte(`{}`)); err != nil {
		t.Errorf("a clock in the upgraded file: %v", err)
	}
}

// A file of the version before the index of the accounts at seats gains
// it, filled from the tables stored; a row that does not read is left
// out of it and does not stop the upgrade.
func TestSQLiteUpgradeIndexesSeatAccounts(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	all := sqliteSteps
	sqliteSteps = all[:slices.IndexFunc(all, func(s sqliteStep) bool { return strings.Contains(s.about, "accounts at tables' seats") })]
	old, err := OpenSQLite(path)
	sqliteSteps = all
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.db.Exec(`INSERT INTO tables (id, game, options, seed, seats, created) VALUES
		('t1', 'g', '{}', 0, '[{"kind":"human","taken":true,"account":"a1"},{"kind":"human","account":"a2"}]', 1),
		('t2', 'g', '{}', 0, 'not json', 2), ('t3', 'g', '{}', 0, X'00', 3)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, a := range []string{"a1", "a2"} {
		if got, err := s.AccountTables(ctx, a, 10); err != nil || len(got) != 1 || got[0].ID != "t1" {
			t.Errorf("%s's tables after the upgrade: %+v, %v", a, got, err)
		}
	}
}

// BenchmarkAccountTables lists the tables of an account that held a seat
// at 1000 of 5000 tables (50 in play), as My games does.
func BenchmarkAccountTables(b *testing.B) {
	ctx := context.Background()
	s, err := OpenSQLiteWith(filepath.Join(b.TempDir(), "bench.db"), Normal)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for i := range 5000 {
		seat := Seat{Kind: "human", Taken: true, Account: fmt.Sprintf("acc%d", i%5), AccountName: "x"}
		id := fmt.Sprintf("%032x", i)
		if err := s.CreateTable(ctx, Table{ID: id, Game: "g", Seats: []Seat{seat, {Kind: "bot:fan"}}, Created: time.UnixMilli(int64(i))}); err != nil {
			b.Fatal(err)
		}
		if i >= 250 {
			if err := s.Finish(ctx, id, json.RawMessage(`{"winners":[0]}`)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tabs, err := s.AccountTables(ctx, "acc0", 20)
		if err != nil || len(tabs) != 70 {
			b.Fatalf("%d tables, %v", len(tabs), err)
		}
	}
}

// stepIndex is the place in sqliteSteps of the step whose description
// begins with about: a file of that many steps lacks it (and the later
// ones, which only add tables of their own and so run again harmlessly).
func stepIndex(t *testing.T, about string) int {
	t.Helper()
	for i, st := range sqliteSteps {
		if strings.HasPrefix(st.about, about) {
			return i
		}
	}
	t.Fatalf("no schema step %q", about)
	return 0
}

// A file of the version before the notices is brought to the notices'
// tables, its tables and accounts kept.
func TestSQLiteUpgradesToNotices(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAccount(ctx, Account{ID: "a1", Name: "Ala", Key: "ala", Display: "Ala", Lang: "pl"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(fmt.Sprintf(`DROP TABLE notice_settings; DROP TABLE push_subscriptions; DROP TABLE server_keys;
		DROP TABLE notices_sent; DROP TABLE notice_mail; PRAGMA user_version = %d`, stepIndex(t, "notices:"))); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := userVersion(t, path); v != len(sqliteSteps) {
		t.Errorf("the upgraded file records version %d, want %d", v, len(sqliteSteps))
	}
	n := s.Notices()
	if err := n.SetNoticeSettings(ctx, NoticeSettings{Account: "a1", Email: "ala@example.org"}); err != nil {
		t.Errorf("notices in the upgraded file: %v", err)
	}
	if _, err := s.Account(ctx, "a1"); err != nil {
		t.Errorf("the account after the upgrade: %v", err)
	}
}
