package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"stolik/store"
)

// Corrupter is a store that can spoil a table's stored seats (write text
// that is not JSON there), as a damaged disk or a hand edit would; Run
// checks how such a row is listed on the stores that offer it.
type Corrupter interface {
	CorruptSeats(ctx context.Context, tableID string) error
}

// Spoiler is a store that runs a raw UPDATE on a table's row (query, with
// ? for its id), as a hand edit would; Run checks that a row spoiled in
// any column is read on its own, on the stores that offer it.
type Spoiler interface {
	Spoil(ctx context.Context, query, tableID string) error
}

// Run checks the behaviour every store shares. open returns a new, empty
// store for one test (closed when the test ends; Run may close it first).
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(*testing.T, func(*testing.T) store.Store)
	}{
		{"KeepsTablesAndMoves", testKeepsTablesAndMoves},
		{"OneWinnerPerMoveNumber", testOneWinnerPerMoveNumber},
		{"SeatsAndRematch", testSeatsAndRematch},
		{"RecentNewestFirst", testRecentNewestFirst},
		{"DamagedAndAbandoned", testDamagedAndAbandoned},
		{"UnreadableRow", testUnreadableRow},
		{"UnreadableColumns", testUnreadableColumns},
		{"ClearTokensBecomeHashes", testClearTokensBecomeHashes},
		{"ActiveTime", testActiveTime},
		{"ManyTablesAtOnce", testManyTablesAtOnce},
		{"IDsSortBytewise", testIDsSortBytewise},
		{"ExportImport", testExportImport},
		{"Copy", testCopy},
		{"AccountTables", testAccountTables},
	} {
		t.Run(c.name, func(t *testing.T) { c.test(t, open) })
	}
}

var ctx = context.Background()

func create(t testing.TB, s store.Store, tabs ...store.Table) {
	t.Helper()
	for _, tab := range tabs {
		if err := s.CreateTable(ctx, tab); err != nil {
			t.Fatal(err)
		}
	}
}

func appendMoves(t testing.TB, s store.Store, id string, moves ...string) {
	t.Helper()
	_, have, err := s.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		if err := s.AppendMove(ctx, id, store.Move{N: len(have) + i, Seat: i % 2, Move: m}); err != nil {
			t.Fatal(err)
		}
	}
}

// A table reads back as written, with its moves in order; a taken move
// number, a move for no table and an unknown id are told apart.
func testKeepsTablesAndMoves(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	tab := store.Table{ID: "t1", Game: "cardline", Options: json.RawMessage(`{"players":2,  "b":[1]}`), Seed: 1<<63 + 5,
		Setup: json.RawMessage(`{"deal":"x"}`), Created: time.UnixMilli(1_700_000_000_123),
		Seats: []store.Seat{{Kind: "human", TokenHash: "abc", InviteHash: "ghi", Name: "Żaneta"}, {Kind: "bot:fan"}}, Watch: "w", Owner: "127.0.0.1"}
	create(t, s, tab, store.Table{ID: "t2", Game: "asterix"})
	if err := s.CreateTable(ctx, store.Table{ID: "t1", Game: "asterix"}); err == nil {
		t.Error("a second table with a taken id was created")
	}
	for i, mv := range []string{"hulk@0", "thor@1", "pass"} {
		if err := s.AppendMove(ctx, "t1", store.Move{N: i, Seat: i % 2, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendMove(ctx, "t1", store.Move{N: 1, Seat: 0, Move: "again"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a taken move number: %v, want ErrConflict", err)
	}
	if err := s.AppendMove(ctx, "nope", store.Move{N: 0, Move: "x"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a move for no table: %v, want ErrNotFound", err)
	}
	if err := s.Finish(ctx, "t2", json.RawMessage(`{"winners":[0]}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, "nope", json.RawMessage(`{}`)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("finishing no table: %v, want ErrNotFound", err)
	}
	got, moves, err := s.Load(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	want := tab
	want.Active = got.Active
	if !reflect.DeepEqual(got, want) || !got.Created.Equal(tab.Created) {
		t.Errorf("table read back as\n%+v, want\n%+v", got, want)
	}
	if fmt.Sprint(moves) != "[{0 0 hulk@0} {1 1 thor@1} {2 0 pass}]" {
		t.Errorf("moves read back as %v", moves)
	}
	if t2, moves, _ := s.Load(ctx, "t2"); !t2.Finished || string(t2.Outcome) != `{"winners":[0]}` || t2.Setup != nil ||
		string(t2.Options) != "{}" || len(moves) != 0 || t2.Created.IsZero() {
		t.Errorf("finished table read back as %+v, %d moves", t2, len(moves))
	}
	if ids, err := s.Unfinished(ctx); err != nil || fmt.Sprint(ids) != "[t1]" {
		t.Errorf("unfinished: %v %v, want [t1]", ids, err)
	}
	if _, _, err := s.Load(ctx, "t3"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no table: %v, want ErrNotFound", err)
	}
}

// Writers racing for one table: exactly one gets each move number.
func testOneWinnerPerMoveNumber(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	create(t, s, store.Table{ID: "t", Game: "tagteam"})
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range 20 {
				if err := s.AppendMove(ctx, "t", store.Move{N: n, Seat: w, Move: "m"}); err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				} else if !errors.Is(err, store.ErrConflict) {
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

func testSeatsAndRematch(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	create(t, s, store.Table{ID: "t1", Game: "cardline", Open: true, Seats: []store.Seat{{Kind: "human", InviteHash: "a"}, {Kind: "human", InviteHash: "b"}}})
	seats := []store.Seat{{Kind: "human", TokenHash: "a", Devices: []string{"d1", "d2"}, Name: "Ala", Taken: true}, {Kind: "human", InviteHash: "c", Reserved: true}}
	if err := s.UpdateSeats(ctx, "t1", seats); err != nil {
		t.Fatal(err)
	}
	if err := s.SetRematch(ctx, "t1", "t2"); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSeats(ctx, "nope", seats); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("seats of no table: %v, want ErrNotFound", err)
	}
	if err := s.SetRematch(ctx, "nope", "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("rematch of no table: %v, want ErrNotFound", err)
	}
	got, _, err := s.Load(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Open || got.Rematch != "t2" || !reflect.DeepEqual(got.Seats, seats) {
		t.Errorf("read back as %+v", got)
	}
}

// Recent lists the newest tables first (ties by id), with their number of
// moves and without set-up or outcome; a negative limit is none.
func testRecentNewestFirst(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	create(t, s,
		store.Table{ID: "t0", Game: "asterix", Created: time.UnixMilli(1000)},
		store.Table{ID: "t1", Game: "cardline", Open: true, Created: time.UnixMilli(3000), Setup: json.RawMessage(`{"s":1}`),
			Seats: []store.Seat{{Kind: "human", Name: "Ala", Taken: true, TokenHash: "h"}}, Watch: "w", Owner: "10.0.0.1"},
		store.Table{ID: "t2", Game: "cardline", Created: time.UnixMilli(3000)},
		store.Table{ID: "t3", Game: "cardline", Created: time.UnixMilli(2000)})
	appendMoves(t, s, "t1", "a", "b")
	if err := s.SetRematch(ctx, "t1", "t9"); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, "t3", json.RawMessage(`{"winners":[1]}`)); err != nil {
		t.Fatal(err)
	}
	recent, err := s.Recent(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, r := range recent {
		order = append(order, fmt.Sprint(r.ID, ":", r.Moves))
	}
	if fmt.Sprint(order) != "[t1:2 t2:0 t3:0 t0:0]" {
		t.Errorf("recent: %v, want [t1:2 t2:0 t3:0 t0:0]", order)
	}
	if len(recent) == 4 {
		r := recent[0]
		if !r.Open || r.Rematch != "t9" || r.Watch != "w" || r.Owner != "10.0.0.1" || r.Game != "cardline" || r.Setup != nil ||
			!r.Created.Equal(time.UnixMilli(3000)) || len(r.Seats) != 1 || r.Seats[0].Name != "Ala" {
			t.Errorf("recent[0]: %+v", r)
		}
		if r := recent[2]; !r.Finished || r.Outcome != nil {
			t.Errorf("a finished table in recent: %+v", r)
		}
	}
	if one, _ := s.Recent(ctx, 1); len(one) != 1 || one[0].ID != "t1" {
		t.Errorf("recent with a limit of 1: %+v", one)
	}
	if none, err := s.Recent(ctx, 0); len(none) != 0 || err != nil {
		t.Errorf("recent with a limit of 0: %+v, %v", none, err)
	}
	if all, err := s.Recent(ctx, -1); len(all) != 4 || err != nil {
		t.Errorf("recent with no limit: %d tables, %v", len(all), err)
	}
}

// A table marked damaged is left out of Recent and Unfinished and loads
// with the reason; an abandoned one is ended.
func testDamagedAndAbandoned(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	for i, id := range []string{"b", "c", "d"} {
		create(t, s, store.Table{ID: id, Game: "cardline", Created: time.UnixMilli(int64(i + 1))})
	}
	if err := s.MarkDamaged(ctx, "b", "stored move 3 does not replay"); err != nil {
		t.Fatal(err)
	}
	if err := s.Abandon(ctx, "c"); err != nil {
		t.Fatal(err)
	}
	if err := s.Abandon(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("abandon no table: %v", err)
	}
	if err := s.MarkDamaged(ctx, "nope", "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("mark no table damaged: %v", err)
	}
	recent, err := s.Recent(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(recent) != 2 || recent[0].ID != "d" || recent[1].ID != "c" || !recent[1].Abandoned || !recent[1].Finished || recent[1].Damaged != "" {
		t.Errorf("recent: %+v", recent)
	}
	if ids, _ := s.Unfinished(ctx); fmt.Sprint(ids) != "[d]" {
		t.Errorf("unfinished: %v, want [d]", ids)
	}
	if b, _, err := s.Load(ctx, "b"); err != nil || b.Damaged != "stored move 3 does not replay" {
		t.Errorf("the damaged table loads as %+v, %v", b, err)
	}
	if c, _, err := s.Load(ctx, "c"); err != nil || !c.Abandoned || !c.Finished || c.Outcome != nil {
		t.Errorf("the abandoned table loads as %+v, %v", c, err)
	}
}

// A row that cannot be read keeps nobody from the lobby: Recent lists it
// with only its id and why; Load reports it; it stays unfinished (the
// server marks it damaged when it fails to rebuild it).
func testUnreadableRow(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	c, ok := s.(Corrupter)
	if !ok {
		t.Skipf("%T cannot spoil a row", s)
	}
	create(t, s, store.Table{ID: "a", Game: "cardline", Created: time.UnixMilli(2)}, store.Table{ID: "b", Game: "cardline", Created: time.UnixMilli(1)})
	if err := c.CorruptSeats(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	recent, err := s.Recent(ctx, 10)
	if err != nil {
		t.Fatalf("one bad row: %v", err)
	}
	if len(recent) != 2 || recent[0].ID != "a" || recent[0].Damaged == "" || recent[0].Game != "" || recent[1].ID != "b" || recent[1].Damaged != "" {
		t.Errorf("recent: %+v", recent)
	}
	if _, _, err := s.Load(ctx, "a"); err == nil || errors.Is(err, store.ErrNotFound) {
		t.Errorf("loading the bad row: %v, want an error other than ErrNotFound", err)
	}
	if ids, _ := s.Unfinished(ctx); fmt.Sprint(ids) != "[b a]" {
		t.Errorf("unfinished: %v, want [b a]", ids)
	}
}

// A value that every store can hold but no table has, in any column,
// fails its own row: Recent lists it with its id and the column, Load
// tells ErrUnreadable, and the other rows read. Recent reads only the
// numbers of the moves; the rest of a move is checked by Load.
func testUnreadableColumns(t *testing.T, open func(*testing.T) store.Store) {
	for _, c := range []struct {
		spoil  string
		listed bool // Recent does not read what is spoiled
	}{
		{spoil: `UPDATE tables SET options = 'not json' WHERE id = ?`},
		{spoil: `UPDATE tables SET options = '[1, 2]' WHERE id = ?`},
		{spoil: `UPDATE tables SET setup = 'not json' WHERE id = ?`},
		{spoil: `UPDATE tables SET seats = '{}' WHERE id = ?`},
		{spoil: `UPDATE tables SET created = 9223372036854775807 WHERE id = ?`},
		{spoil: `UPDATE tables SET outcome = '{' WHERE id = ?`},
		{spoil: `UPDATE moves SET n = 7 WHERE n = 0 AND table_id = ?`},
		{spoil: `UPDATE moves SET at = -9223372036854775807 WHERE n = 1 AND table_id = ?`, listed: true},
	} {
		t.Run(c.spoil, func(t *testing.T) {
			s := open(t)
			sp, ok := s.(Spoiler)
			if !ok {
				t.Skipf("%T cannot spoil a row", s)
			}
			create(t, s, store.Table{ID: "a", Game: "cardline", Created: time.UnixMilli(2)}, store.Table{ID: "b", Game: "cardline", Created: time.UnixMilli(1)})
			appendMoves(t, s, "a", "m0", "m1")
			if err := sp.Spoil(ctx, c.spoil, "a"); err != nil {
				t.Fatal(err)
			}
			column := strings.Fields(c.spoil)[3]
			recent, err := s.Recent(ctx, 10)
			if err != nil || len(recent) == 0 {
				t.Fatalf("one bad row: %v", err)
			}
			damaged := recent[0].Damaged
			if len(recent) != 2 || recent[0].ID != "a" || c.listed && damaged != "" || !c.listed && !strings.Contains(damaged, column) ||
				recent[1].ID != "b" || recent[1].Damaged != "" {
				t.Errorf("recent: %+v, want a (damaged: %s, unless listed: %v) and b", recent, column, c.listed)
			}
			if _, _, err := s.Load(ctx, "a"); !errors.Is(err, store.ErrUnreadable) || !strings.Contains(err.Error(), column) {
				t.Errorf("loading the bad row: %v, want ErrUnreadable naming %s", err, column)
			}
			if _, _, err := s.Load(ctx, "b"); err != nil {
				t.Errorf("loading another row: %v", err)
			}
			if ids, err := s.Unfinished(ctx); err != nil || fmt.Sprint(ids) != "[b a]" {
				t.Errorf("unfinished: %v %v, want [b a]", ids, err)
			}
		})
	}
}

// Seats written with a token in the clear (as earlier versions did) are
// read as hashes: a taken seat keeps acting with its token, a free seat's
// old link is dead.
func testClearTokensBecomeHashes(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	create(t, s, store.Table{ID: "t", Game: "cardline", Seats: []store.Seat{
		{Kind: "human", Token: "sekret", Name: "Ala", Taken: true}, {Kind: "human", Token: "link"}, {Kind: "bot:fan", Token: "bot"}}})
	want := []store.Seat{{Kind: "human", TokenHash: store.HashSecret("sekret"), Name: "Ala", Taken: true}, {Kind: "human"}, {Kind: "bot:fan"}}
	got, _, err := s.Load(ctx, "t")
	if err != nil || !reflect.DeepEqual(got.Seats, want) {
		t.Errorf("seats loaded as %+v (%v), want %+v", got.Seats, err, want)
	}
	recent, err := s.Recent(ctx, 1)
	if err != nil || len(recent) != 1 || !reflect.DeepEqual(recent[0].Seats, want) {
		t.Errorf("seats listed as %+v (%v), want %+v", recent, err, want)
	}
}

// Active is when the table was created, or its last move stored if later.
func testActiveTime(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	created := time.UnixMilli(1000)
	future := time.Now().Add(time.Hour).Truncate(time.Millisecond)
	create(t, s, store.Table{ID: "old", Game: "g", Created: created}, store.Table{ID: "future", Game: "g", Created: future})
	if got, _, _ := s.Load(ctx, "old"); !got.Active.Equal(created) {
		t.Errorf("active %v with no moves, want %v", got.Active, created)
	}
	before := time.Now().Truncate(time.Millisecond)
	appendMoves(t, s, "old", "m")
	appendMoves(t, s, "future", "m")
	if got, _, _ := s.Load(ctx, "old"); got.Active.Before(before) || !got.Created.Equal(created) {
		t.Errorf("active %v after a move stored at %v or later", got.Active, before)
	}
	if got, _, _ := s.Load(ctx, "future"); !got.Active.Equal(future) {
		t.Errorf("active %v, want the creation %v, which is later than the move", got.Active, future)
	}
}

// Moves of many tables at once are all stored; a closed store refuses
// more.
func testManyTablesAtOnce(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	const tables, moves = 20, 30
	for i := range tables {
		create(t, s, store.Table{ID: fmt.Sprint("t", i), Game: "g"})
	}
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range moves {
				if err := s.AppendMove(ctx, fmt.Sprint("t", i), store.Move{N: n, Move: fmt.Sprint("m", n)}); err != nil {
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
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendMove(ctx, "t0", store.Move{N: moves}); !errors.Is(err, store.ErrClosed) {
		t.Errorf("a move for a closed store: %v, want ErrClosed", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("closing twice: %v", err)
	}
}

// Tables created at the same time are listed by id, byte by byte,
// whatever the database's language.
func testIDsSortBytewise(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	at := time.UnixMilli(5)
	for _, id := range []string{"b", "a", "B", "_x", "ä"} {
		create(t, s, store.Table{ID: id, Game: "g", Created: at})
	}
	if ids, err := s.Unfinished(ctx); err != nil || fmt.Sprint(ids) != "[B _x a b ä]" {
		t.Errorf("unfinished: %v %v, want [B _x a b ä]", ids, err)
	}
	recent, _ := s.Recent(ctx, -1)
	var ids []string
	for _, r := range recent {
		ids = append(ids, r.ID)
	}
	if fmt.Sprint(ids) != "[B _x a b ä]" {
		t.Errorf("recent: %v, want [B _x a b ä]", ids)
	}
}

func archive(t *testing.T, s store.Store) store.Archive {
	t.Helper()
	a, ok := s.(store.Archive)
	if !ok {
		t.Fatalf("%T is not a store.Archive", s)
	}
	return a
}

// Fill stores tables of every kind: finished, abandoned, damaged, with a
// set-up and a rematch, with and without moves.
func Fill(t testing.TB, s store.Store) {
	t.Helper()
	create(t, s,
		store.Table{ID: "plain", Game: "cardline", Created: time.UnixMilli(1000)},
		store.Table{ID: "full", Game: "asterix", Options: json.RawMessage(`{"a": 1}`), Setup: json.RawMessage(`{"s":[1,2]}`), Seed: 1<<64 - 1,
			Seats:   []store.Seat{{Kind: "human", TokenHash: "t", InviteHash: "i", Reserved: true, Name: "Ola", Taken: true}, {Kind: "bot:fan:expert"}},
			Created: time.UnixMilli(2000), Open: true, Watch: "w", Owner: "::1"},
		store.Table{ID: "done", Game: "tagteam", Created: time.UnixMilli(3000)},
		store.Table{ID: "idle", Game: "tagteam", Created: time.UnixMilli(4000)},
		store.Table{ID: "bad", Game: "tagteam", Created: time.UnixMilli(5000)})
	appendMoves(t, s, "full", "a", "b", "c")
	appendMoves(t, s, "done", "x")
	appendMoves(t, s, "bad", "y", "z")
	for _, err := range []error{
		s.SetRematch(ctx, "full", "done"), s.Finish(ctx, "done", json.RawMessage(`{"winners":[0,1]}`)),
		s.Abandon(ctx, "idle"), s.MarkDamaged(ctx, "bad", "move 1 does not replay"),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// Same checks that two stores hold the same tables, moves and times.
func Same(t testing.TB, a, b store.Archive) {
	t.Helper()
	ids, err := a.TableIDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	other, err := b.TableIDs(ctx)
	if err != nil || fmt.Sprint(ids) != fmt.Sprint(other) {
		t.Fatalf("tables %v and %v (%v)", ids, other, err)
	}
	for _, id := range ids {
		ra, err := a.Export(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.Export(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		ta, _, _ := a.Load(ctx, id)
		tb, _, _ := b.Load(ctx, id)
		if !reflect.DeepEqual(ra, rb) || !ta.Active.Equal(tb.Active) {
			t.Errorf("table %s:\n%+v\n%+v (active %v, %v)", id, ra, rb, ta.Active, tb.Active)
		}
	}
}

// Export reads a table whole, Import writes it whole: the copy is the
// same, moves' times included; an id taken is ErrExists.
func testExportImport(t *testing.T, open func(*testing.T) store.Store) {
	src, dst := archive(t, open(t)), archive(t, open(t))
	Fill(t, src)
	ids, err := src.TableIDs(ctx)
	if err != nil || fmt.Sprint(ids) != "[plain full done idle bad]" {
		t.Fatalf("table ids %v, %v", ids, err)
	}
	for _, id := range ids {
		r, err := src.Export(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.At) != len(r.Moves) || !r.Table.Active.IsZero() {
			t.Errorf("%s exported with %d times for %d moves, active %v", id, len(r.At), len(r.Moves), r.Table.Active)
		}
		if err := dst.Import(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	Same(t, src, dst)
	r, _ := src.Export(ctx, "full")
	if err := dst.Import(ctx, r); !errors.Is(err, store.ErrExists) {
		t.Errorf("importing a taken id: %v, want ErrExists", err)
	}
	if _, err := src.Export(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("exporting no table: %v, want ErrNotFound", err)
	}
	// A move of the copy goes on from the last one imported.
	if err := dst.AppendMove(ctx, "full", store.Move{N: 3, Move: "d"}); err != nil {
		t.Error(err)
	}
	if err := dst.AppendMove(ctx, "full", store.Move{N: 2, Move: "d"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a taken move number after an import: %v", err)
	}
}

// Copy refuses a destination that holds tables, unless merging, which
// leaves out the tables it holds.
func testCopy(t *testing.T, open func(*testing.T) store.Store) {
	src, dst := archive(t, open(t)), archive(t, open(t))
	Fill(t, src)
	var progress []int
	res, err := store.Copy(ctx, src, dst, store.CopyOptions{Progress: func(done, total int) {
		if total != 5 {
			t.Errorf("progress: %d of %d", done, total)
		}
		progress = append(progress, done)
	}})
	if err != nil || res.Tables != 5 || res.Moves != 6 || res.Existing != 0 || len(res.Unreadable) != 0 {
		t.Fatalf("copy: %+v, %v", res, err)
	}
	if fmt.Sprint(progress) != "[1 2 3 4 5]" {
		t.Errorf("progress %v", progress)
	}
	Same(t, src, dst)
	if _, err := store.Copy(ctx, src, dst, store.CopyOptions{}); !errors.Is(err, store.ErrNotEmpty) {
		t.Errorf("a copy into a store with tables: %v, want ErrNotEmpty", err)
	}
	create(t, src, store.Table{ID: "new", Game: "g", Created: time.UnixMilli(9000)})
	appendMoves(t, src, "new", "n")
	res, err = store.Copy(ctx, src, dst, store.CopyOptions{Merge: true})
	if err != nil || res.Tables != 1 || res.Moves != 1 || res.Existing != 5 {
		t.Fatalf("merge: %+v, %v", res, err)
	}
	Same(t, src, dst)
}
