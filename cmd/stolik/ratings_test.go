package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stolik/store"
)

// ratings rebuild rates a stored finished table between two accounts, and
// a second rebuild finds nothing to change; ratings show lists the
// winner first.
func TestRatingsCommands(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "ratings.db")
	cmd := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := run(append(args, "--db", db, "--lang", "en"), strings.NewReader(""), &out, &errOut); err != nil {
			t.Fatalf("stolik %s: %v (%s)", strings.Join(args, " "), err, errOut.String())
		}
		return out.String()
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db, store.Full)
	if err != nil {
		t.Fatal(err)
	}
	a, r := st.(store.Accounts), st.(store.Ratings)
	for _, n := range []string{"Ala", "Bob"} {
		if err := a.CreateAccount(ctx, store.Account{ID: "id-" + n, Name: n, Key: strings.ToLower(n), Display: n, Lang: "pl"}); err != nil {
			t.Fatal(err)
		}
	}
	seats := []store.Seat{{Kind: "human", Taken: true, Account: "id-Bob", AccountName: "Bob"}, {Kind: "human", Taken: true, Account: "id-Ala", AccountName: "Ala"}}
	if err := st.CreateTable(ctx, store.Table{ID: "t1", Game: "cardline", Options: []byte(`{"players":2}`), Seats: seats}); err != nil {
		t.Fatal(err)
	}
	if err := st.Finish(ctx, "t1", []byte(`{"winners":[1],"ranks":[2,1],"draw":false}`)); err != nil {
		t.Fatal(err)
	}
	if err := r.RecordPlayed(ctx, store.Played{Table: "t1", Game: "cardline", At: time.Now(), Accounts: []string{"id-Ala", "id-Bob"}}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if out := cmd("ratings", "rebuild"); !strings.Contains(out, "rated tables: 1, unrated: 0; ratings: 2, of which differ from those stored: 2") {
		t.Errorf("first rebuild: %s", out)
	}
	if out := cmd("ratings", "rebuild"); !strings.Contains(out, "differ from those stored: 0") {
		t.Errorf("second rebuild: %s", out)
	}
	out := cmd("ratings", "show", "cardline")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], "Ala") || !strings.Contains(lines[1], "27.6") || !strings.Contains(lines[2], "Bob") {
		t.Errorf("show:\n%s", out)
	}
}
