package storetest

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"stolik/store"
)

// accountTableIDs lists the tables of account as AccountTables gives
// them, by id.
func accountTableIDs(t *testing.T, s store.Store, account string, ended int) string {
	t.Helper()
	at, ok := s.(store.AccountTables)
	if !ok {
		t.Fatalf("%T lists no tables by account", s)
	}
	tabs, err := at.AccountTables(ctx, account, ended)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tab := range tabs {
		ids = append(ids, tab.ID)
	}
	return strings.Join(ids, " ")
}

// An account's tables are those whose seats it holds or is invited to,
// as the seats stand after every change: the ones in play first, then
// the newest ended ones up to the limit, each newest first; a damaged
// table is left out. A finished one comes with its outcome and seats.
func testAccountTables(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	at := func(i int) time.Time { return time.UnixMilli(1_700_000_000_000 + int64(i)*1000) }
	held := store.Seat{Kind: "human", Taken: true, TokenHash: "h", Account: "ala", AccountName: "Ala"}
	invited := store.Seat{Kind: "human", Invited: "ala", InvitedName: "Ala"}
	create(t, s,
		store.Table{ID: "old", Game: "g", Created: at(1), Seats: []store.Seat{held, {Kind: "bot:fan"}}},
		store.Table{ID: "invite", Game: "g", Created: at(2), Seats: []store.Seat{{Kind: "human", Account: "bob"}, invited}},
		store.Table{ID: "play", Game: "g", Created: at(3), Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}},
		store.Table{ID: "gone", Game: "g", Created: at(4), Seats: []store.Seat{held}},
		store.Table{ID: "bad", Game: "g", Created: at(5), Seats: []store.Seat{held}},
		store.Table{ID: "new", Game: "g", Created: at(6), Seats: []store.Seat{{Kind: "human"}, held}},
		store.Table{ID: "none", Game: "g", Created: at(7), Seats: []store.Seat{{Kind: "human", Account: "bob"}}},
	)
	if got := accountTableIDs(t, s, "ala", 10); got != "new bad gone invite old" {
		t.Errorf("ala's tables as created: %q", got)
	}
	// Seats change: ala sits at play, leaves new.
	if err := s.UpdateSeats(ctx, "play", []store.Seat{{Kind: "human"}, held}); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSeats(ctx, "new", []store.Seat{{Kind: "human"}, {Kind: "human"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, "old", json.RawMessage(`{"winners":[0]}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Abandon(ctx, "gone"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkDamaged(ctx, "bad", "a test"); err != nil {
		t.Fatal(err)
	}
	if got := accountTableIDs(t, s, "ala", 10); got != "play invite gone old" {
		t.Errorf("ala's tables after the changes: %q, want play invite gone old", got)
	}
	if got := accountTableIDs(t, s, "ala", 1); got != "play invite gone" {
		t.Errorf("ala's tables with one ended: %q", got)
	}
	if got := accountTableIDs(t, s, "ala", 0); got != "play invite" {
		t.Errorf("ala's tables in play: %q", got)
	}
	if got := accountTableIDs(t, s, "bob", 10); got != "none invite" {
		t.Errorf("bob's tables: %q", got)
	}
	if got := accountTableIDs(t, s, "nobody", 10); got != "" {
		t.Errorf("an account with no tables has %q", got)
	}
	tabs, _ := s.(store.AccountTables).AccountTables(ctx, "ala", 10)
	if len(tabs) == 0 {
		t.Fatal("ala has no tables")
	}
	if last := tabs[len(tabs)-1]; last.ID != "old" || !last.Finished || string(last.Outcome) != `{"winners":[0]}` || len(last.Seats) != 2 || last.Seats[0].Account != "ala" {
		t.Errorf("a finished table listed as %+v", last)
	}
	// A copy keeps the index.
	dst := open(t)
	r, err := archive(t, s).Export(ctx, "play")
	if err != nil {
		t.Fatal(err)
	}
	if err := archive(t, dst).Import(ctx, r); err != nil {
		t.Fatal(err)
	}
	if got := accountTableIDs(t, dst, "ala", 10); got != "play" {
		t.Errorf("ala's tables in a copy: %q", got)
	}
}
