package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"stolik/games/all"
	"stolik/store"
	"stolik/store/pgtest"
	"stolik/store/storetest"
)

// fillFile makes a SQLite file holding tables of every kind.
func fillFile(t *testing.T, path string) {
	t.Helper()
	s, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.Fill(t, s)
}

// same checks that the stores dsns name hold the same tables and moves.
func same(t *testing.T, dsns ...string) {
	t.Helper()
	var stores []store.Archive
	for _, dsn := range dsns {
		s, err := store.Open(context.Background(), dsn, store.Full)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores = append(stores, s.(store.Archive))
	}
	for _, s := range stores[1:] {
		storetest.Same(t, stores[0], s)
	}
}

// SQLite to PostgreSQL and back: every table and move arrives; a
// destination with tables is refused unless merging.
func TestStoreCopyThroughPostgres(t *testing.T) {
	t.Parallel()
	pg := pgtest.Start(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), "sqlite:"+filepath.Join(dir, "b.db")
	fillFile(t, a)
	for i, c := range [][2]string{{a, pg}, {pg, b}} {
		// The summary is in the language chosen, and only in it.
		lang, want, other := "en", "Copied 5 tables (6 moves)", "Skopiowano"
		if i == 1 {
			lang, want, other = "pl", "Skopiowano 5 stołów (6 ruchów)", "Copied"
		}
		out, errOut, code := stolik(t, "", "store", "copy", c[0], c[1], "--lang", lang)
		if code != 0 || !strings.Contains(out, want) || strings.Contains(out, other) {
			t.Fatalf("store copy %s %s: exit %d\n%s%s", c[0], c[1], code, out, errOut)
		}
	}
	same(t, a, pg, b)
	if _, errOut, code := stolik(t, "", "store", "copy", pg, b); code != 1 || !strings.Contains(errOut, "--merge") {
		t.Errorf("a copy into a store with tables: exit %d, %s", code, errOut)
	}
	out, errOut, code := stolik(t, "", "store", "copy", "--merge", pg, b, "--lang", "en")
	if code != 0 || !strings.Contains(out, "Copied 0 tables (0 moves)") || !strings.Contains(out, "left out 5 already there") {
		t.Errorf("a merge: exit %d\n%s%s", code, out, errOut)
	}
}

// The copy's mistakes of use are told apart (exit 2) from a refusal.
func TestStoreCopyUsage(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	fillFile(t, a)
	for _, args := range [][]string{
		{"store"}, {"store", "move", a, b}, {"store", "copy", a}, {"store", "copy", a, a},
		{"store", "copy", filepath.Join(dir, "missing.db"), b}, {"store", "copy", a, "mysql://u:secret@h/db"},
	} {
		if _, errOut, code := stolik(t, "", args...); code != 2 || strings.Contains(errOut, "secret") {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	if out, errOut, code := stolik(t, "", "store", "copy", a, b, "--lang", "en"); code != 0 || !strings.Contains(out, "Copied 5 tables") {
		t.Fatalf("SQLite to SQLite: exit %d\n%s%s", code, out, errOut)
	}
	same(t, a, b)
}

// serve --db postgres://... keeps its tables in PostgreSQL.
func TestServeWithPostgres(t *testing.T) {
	pg := pgtest.Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan string, 1)
	var out bytes.Buffer
	errc := make(chan error, 1)
	go func() {
		errc <- serve(ctx, serveOptions{addr: "127.0.0.1:0", db: pg, games: all.Games()}, &out, func(a string) { addrs <- a })
	}()
	var addr string
	select {
	case addr = <-addrs:
	case err := <-errc:
		t.Fatalf("serve stopped at once: %v", err)
	}
	resp, err := http.Post("http://"+addr+"/api/tables", "application/json", strings.NewReader(`{"game":"cardline","seats":["human","human"],"options":{"players":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Errorf("creating a table: %s %s", resp.Status, body)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatalf("serve: %v", err)
	}
	s, err := store.OpenPostgres(context.Background(), pg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if ids, err := s.TableIDs(context.Background()); err != nil || len(ids) != 1 {
		t.Errorf("tables in PostgreSQL: %v, %v", ids, err)
	}
	if !strings.Contains(out.String(), `"db":"postgres://postgres@127.0.0.1:`) {
		t.Errorf("logs:\n%s", out.String())
	}
}

// TestCopySummaryCounts: the summary of a copy says "1 table", "2
// tables" and, in Polish, "1 stół", "2 stoły", "5 stołów".
func TestCopySummaryCounts(t *testing.T) {
	for _, c := range []struct {
		res    store.CopyResult
		pl, en string
	}{
		{store.CopyResult{Tables: 1, Moves: 1}, "Skopiowano 1 stół (1 ruch) z a.db do b.db", "Copied 1 table (1 move) from a.db to b.db"},
		{store.CopyResult{Tables: 2, Moves: 3}, "Skopiowano 2 stoły (3 ruchy)", "Copied 2 tables (3 moves)"},
		{store.CopyResult{Tables: 5, Moves: 22}, "Skopiowano 5 stołów (22 ruchy)", "Copied 5 tables (22 moves)"},
		{store.CopyResult{Tables: 12, Moves: 0, Existing: 1}, "Skopiowano 12 stołów (0 ruchów)", "Copied 12 tables (0 moves) from a.db to b.db; left out 1 already there"},
	} {
		got := copySummary(c.res, "a.db", "b.db")
		if !strings.Contains(got.PL, c.pl) || !strings.Contains(got.EN, c.en) {
			t.Errorf("%+v: %q / %q, want %q / %q", c.res, got.PL, got.EN, c.pl, c.en)
		}
	}
}
