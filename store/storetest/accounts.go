package storetest

import (
	"errors"
	"testing"
	"time"

	"stolik/store"
)

// RunAccounts checks the accounts of a store that keeps them. open
// returns a new, empty store for one test.
func RunAccounts(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(*testing.T, store.Accounts)
	}{
		{"AccountsReadBack", testAccountsReadBack},
		{"OneAccountPerKey", testOneAccountPerKey},
		{"ProfilePasswordBan", testProfilePasswordBan},
		{"Sessions", testSessions},
		{"Failures", testFailures},
		{"Passkeys", testPasskeys},
		{"Ceremonies", testCeremonies},
		{"SeatKeepsAccount", func(t *testing.T, a store.Accounts) { testSeatKeepsAccount(t, a.(store.Store)) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			a, ok := s.(store.Accounts)
			if !ok {
				t.Fatalf("%T keeps no accounts", s)
			}
			c.test(t, a)
		})
	}
}

// ms is t to the millisecond, as the stores keep times.
func ms(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }

func newAccount(t *testing.T, a store.Accounts, id, name, key string) store.Account {
	t.Helper()
	acc := store.Account{ID: id, Name: name, Key: key, Display: name + " (display)", Lang: "pl",
		PasswordHash: "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", Created: ms(time.Now())}
	if err := a.CreateAccount(ctx, acc); err != nil {
		t.Fatal(err)
	}
	return acc
}

// An account reads back as written, by id and by key; an unknown one is
// ErrNoAccount; the list holds every account, by key.
func testAccountsReadBack(t *testing.T, a store.Accounts) {
	ala := newAccount(t, a, "a1", "Ala", "ala")
	zosia := newAccount(t, a, "a2", "Żośka", "żośka")
	bob := newAccount(t, a, "a3", "Bob", "bob")
	for _, want := range []store.Account{ala, zosia, bob} {
		got, err := a.Account(ctx, want.ID)
		if err != nil || !got.Created.Equal(want.Created) {
			t.Fatalf("account %s: %+v, %v", want.ID, got, err)
		}
		got.Created = want.Created
		if got != want {
			t.Errorf("account %s read back as %+v, want %+v", want.ID, got, want)
		}
		if byKey, err := a.AccountByKey(ctx, want.Key); err != nil || byKey.ID != want.ID {
			t.Errorf("account by key %q: %+v, %v", want.Key, byKey, err)
		}
	}
	if _, err := a.Account(ctx, "nobody"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("an unknown id: %v, want ErrNoAccount", err)
	}
	if _, err := a.AccountByKey(ctx, "ALA"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("a key not stored (the store folds nothing itself): %v, want ErrNoAccount", err)
	}
	list, err := a.ListAccounts(ctx)
	if err != nil || len(list) != 3 || list[0].Key != "ala" || list[1].Key != "bob" || list[2].Key != "żośka" {
		t.Errorf("the list: %+v, %v; want ala, bob, żośka", list, err)
	}
}

// Two accounts never share a key: the second is ErrNameTaken and not
// stored, also when many ask at once.
func testOneAccountPerKey(t *testing.T, a store.Accounts) {
	newAccount(t, a, "a1", "Ala", "ala")
	err := a.CreateAccount(ctx, store.Account{ID: "a2", Name: "ALA", Key: "ala", Display: "x", Lang: "en"})
	if !errors.Is(err, store.ErrNameTaken) {
		t.Fatalf("a second account of key ala: %v, want ErrNameTaken", err)
	}
	if _, err := a.Account(ctx, "a2"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("the refused account was stored: %v", err)
	}
	errs := make(chan error, 8)
	for i := range 8 {
		go func() {
			errs <- a.CreateAccount(ctx, store.Account{ID: "b" + string(rune('0'+i)), Name: "Bob", Key: "bob", Display: "Bob", Lang: "pl"})
		}()
	}
	won := 0
	for range 8 {
		switch err := <-errs; {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrNameTaken):
			t.Errorf("creating at once: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d accounts of key bob created at once, want 1", won)
	}
}

// The profile, the password and the ban change as asked; lifting a ban
// drops its reason; an unknown account is ErrNoAccount.
func testProfilePasswordBan(t *testing.T, a store.Accounts) {
	newAccount(t, a, "a1", "Ala", "ala")
	if err := a.UpdateProfile(ctx, "a1", "Ala K.", "en"); err != nil {
		t.Fatal(err)
	}
	if err := a.SetPassword(ctx, "a1", ""); err != nil {
		t.Fatal(err)
	}
	if err := a.SetBanned(ctx, "a1", true, "spam"); err != nil {
		t.Fatal(err)
	}
	got, err := a.Account(ctx, "a1")
	if err != nil || got.Display != "Ala K." || got.Lang != "en" || got.PasswordHash != "" || !got.Banned || got.BanReason != "spam" {
		t.Fatalf("after the changes: %+v, %v", got, err)
	}
	if err := a.SetBanned(ctx, "a1", false, "ignored"); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.Account(ctx, "a1"); got.Banned || got.BanReason != "" {
		t.Errorf("after the ban is lifted: %+v", got)
	}
	for what, err := range map[string]error{
		"profile":  a.UpdateProfile(ctx, "nobody", "x", "pl"),
		"password": a.SetPassword(ctx, "nobody", "x"),
		"ban":      a.SetBanned(ctx, "nobody", true, "x"),
	} {
		if !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("the %s of an unknown account: %v, want ErrNoAccount", what, err)
		}
	}
}

// Sessions are found by their hash, listed last used first, touched,
// ended one by one (only by their own account), all at once, and when
// idle.
func testSessions(t *testing.T, a store.Accounts) {
	newAccount(t, a, "a1", "Ala", "ala")
	newAccount(t, a, "a2", "Bob", "bob")
	t0 := ms(time.Now().Add(-time.Hour))
	for i, s := range []store.Session{
		{ID: "s1", Hash: store.HashSecret("one"), Account: "a1", Created: t0, Used: t0, Device: "Firefox on Linux"},
		{ID: "s2", Hash: store.HashSecret("two"), Account: "a1", Created: t0, Used: t0.Add(time.Minute), Device: "Safari on iOS"},
		{ID: "s3", Hash: store.HashSecret("three"), Account: "a2", Created: t0, Used: t0, Device: ""},
	} {
		if err := a.CreateSession(ctx, s); err != nil {
			t.Fatalf("session %d: %v", i, err)
		}
	}
	got, err := a.SessionByHash(ctx, store.HashSecret("one"))
	if err != nil || got.ID != "s1" || got.Account != "a1" || got.Device != "Firefox on Linux" || !got.Used.Equal(t0) {
		t.Fatalf("by hash: %+v, %v", got, err)
	}
	if _, err := a.SessionByHash(ctx, store.HashSecret("nope")); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("an unknown hash: %v, want ErrNoSession", err)
	}
	if list, err := a.Sessions(ctx, "a1"); err != nil || len(list) != 2 || list[0].ID != "s2" {
		t.Errorf("a1's sessions: %+v, %v; want s2, s1", list, err)
	}
	if err := a.TouchSession(ctx, "s1", t0.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if list, _ := a.Sessions(ctx, "a1"); len(list) != 2 || list[0].ID != "s1" || !list[0].Used.Equal(t0.Add(2*time.Minute)) {
		t.Errorf("after s1 was used: %+v", list)
	}
	if err := a.DeleteSession(ctx, "a2", "s1"); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("another account ends s1: %v, want ErrNoSession", err)
	}
	if err := a.DeleteSession(ctx, "a1", "s1"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.SessionByHash(ctx, store.HashSecret("one")); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("an ended session is still found: %v", err)
	}
	if n, err := a.DeleteIdleSessions(ctx, t0.Add(30*time.Second)); err != nil || n != 1 {
		t.Errorf("idle sessions ended: %d, %v; want 1 (s3)", n, err)
	}
	if n, err := a.DeleteSessions(ctx, "a1"); err != nil || n != 1 {
		t.Errorf("a1's sessions ended: %d, %v; want 1", n, err)
	}
	if list, err := a.Sessions(ctx, "a1"); err != nil || len(list) != 0 {
		t.Errorf("a1's sessions after ending them all: %+v, %v", list, err)
	}
}

// Failed sign-ins are counted per key within the window, with the oldest
// one's time; cleared per key; pruned by age.
func testFailures(t *testing.T, a store.Accounts) {
	t0 := ms(time.Now().Add(-time.Hour))
	for i := range 3 {
		if err := a.RecordFailure(ctx, t0.Add(time.Duration(i)*time.Minute), "name:ala", "addr:10.0.0.1"); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.RecordFailure(ctx, t0, "name:bob"); err != nil {
		t.Fatal(err)
	}
	n, oldest, err := a.Failures(ctx, "name:ala", t0.Add(30*time.Second))
	if err != nil || n != 2 || !oldest.Equal(t0.Add(time.Minute)) {
		t.Errorf("ala's failures in the window: %d since %v (%v); want 2 since %v", n, oldest, err, t0.Add(time.Minute))
	}
	if n, oldest, err := a.Failures(ctx, "name:nobody", t0); err != nil || n != 0 || !oldest.IsZero() {
		t.Errorf("a key without failures: %d, %v, %v", n, oldest, err)
	}
	if err := a.ClearFailures(ctx, "name:ala"); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := a.Failures(ctx, "name:ala", t0); n != 0 {
		t.Errorf("after clearing: %d failures", n)
	}
	if n, _, _ := a.Failures(ctx, "addr:10.0.0.1", t0); n != 3 {
		t.Errorf("clearing a name cleared the address: %d failures left, want 3", n)
	}
	if err := a.PruneFailures(ctx, t0.Add(90*time.Second)); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := a.Failures(ctx, "addr:10.0.0.1", t0); n != 1 {
		t.Errorf("after pruning: %d failures, want 1", n)
	}
	if n, _, _ := a.Failures(ctx, "name:bob", t0); n != 0 {
		t.Errorf("bob's old failure survived pruning: %d", n)
	}
}

// A seat's account is kept with the seats.
func testSeatKeepsAccount(t *testing.T, s store.Store) {
	create(t, s, store.Table{ID: "t1", Game: "g", Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}})
	seats := []store.Seat{{Kind: "human", Taken: true, TokenHash: "h", Account: "a1", AccountName: "Ala"}, {Kind: "human"}}
	if err := s.UpdateSeats(ctx, "t1", seats); err != nil {
		t.Fatal(err)
	}
	got, _, err := s.Load(ctx, "t1")
	if err != nil || got.Seats[0].Account != "a1" || got.Seats[0].AccountName != "Ala" || got.Seats[1].Account != "" {
		t.Fatalf("seats read back as %+v, %v", got.Seats, err)
	}
}
