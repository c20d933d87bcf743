package storetest

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"stolik/store"
)

// RunRatings checks the ratings of a store that keeps them. open returns
// a new, empty store for one test.
func RunRatings(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(*testing.T, store.Store, store.Ratings)
	}{
		{"ApplyOnce", testRatingAppliedOnce},
		{"StaleRefused", testRatingStaleRefused},
		{"BitsKept", testRatingBitsKept},
		{"GameRatingsLeaveOutBanned", testGameRatingsLeaveOutBanned},
		{"PlayedAndUnrated", testPlayedAndUnrated},
		{"Replace", testRatingsReplace},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			r, ok := s.(store.Ratings)
			if !ok {
				t.Fatalf("%T keeps no ratings", s)
			}
			c.test(t, s, r)
		})
	}
}

// update is the update of a table tableID
// that the first of before won, from their ratings before (made up).
func update(tableID string, before []store.PlayerRating, at time.Time) store.RatingUpdate {
	u := store.RatingUpdate{Before: before}
	for i, b := range before {
		after := b
		after.Mu, after.Sigma, after.Games = b.Mu+1-2*float64(i), b.Sigma*0.9+1e-13, b.Games+1
		if i == 0 {
			after.Wins++
		}
		if b.Games == 0 {
			after.Mu, after.Sigma = 25+1-2*float64(i), 25.0/3*0.9
		}
		u.After = append(u.After, after)
		u.Entries = append(u.Entries, store.RatingEntry{Table: tableID, Account: b.Account, Game: b.Game, At: ms(at), Place: i + 1, Team: i,
			MuBefore: b.Mu, SigmaBefore: b.Sigma, MuAfter: after.Mu, SigmaAfter: after.Sigma})
	}
	return u
}

func twoAccounts(t *testing.T, s store.Store) {
	t.Helper()
	a := s.(store.Accounts)
	newAccount(t, a, "a1", "Ala", "ala")
	newAccount(t, a, "a2", "Bob", "bob")
}

func ratingsOf(t *testing.T, r store.Ratings, game string, accounts ...string) []store.PlayerRating {
	t.Helper()
	got, err := r.Ratings(ctx, game, accounts)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// A table's update is stored once: a second is ErrRated and changes
// nothing; an account with no rating reads as none.
func testRatingAppliedOnce(t *testing.T, s store.Store, r store.Ratings) {
	twoAccounts(t, s)
	before := ratingsOf(t, r, "cardline", "a1", "a2")
	if before[0] != (store.PlayerRating{Account: "a1", Game: "cardline"}) || before[1].Games != 0 {
		t.Fatalf("before any game: %+v", before)
	}
	u := update("t1", before, time.Now())
	if err := r.ApplyRating(ctx, u); err != nil {
		t.Fatal(err)
	}
	after := ratingsOf(t, r, "cardline", "a1", "a2")
	if !slices.Equal(after, u.After) {
		t.Fatalf("after: %+v, want %+v", after, u.After)
	}
	again := update("t1", after, time.Now())
	if err := r.ApplyRating(ctx, again); !errors.Is(err, store.ErrRated) {
		t.Fatalf("the same table again: %v, want ErrRated", err)
	}
	if got := ratingsOf(t, r, "cardline", "a1", "a2"); !slices.Equal(got, u.After) {
		t.Fatalf("after a repeat: %+v, want %+v", got, u.After)
	}
	h, err := r.RatingHistory(ctx, "a1")
	if err != nil || len(h) != 1 || h[0] != u.Entries[0] {
		t.Fatalf("history: %+v, %v; want %+v", h, err, u.Entries[0])
	}
}

// An update computed from ratings that changed since is ErrStale and
// stores nothing, not even its history.
func testRatingStaleRefused(t *testing.T, s store.Store, r store.Ratings) {
	twoAccounts(t, s)
	before := ratingsOf(t, r, "cardline", "a1", "a2")
	if err := r.ApplyRating(ctx, update("t1", before, time.Now())); err != nil {
		t.Fatal(err)
	}
	if err := r.ApplyRating(ctx, update("t2", before, time.Now())); !errors.Is(err, store.ErrStale) {
		t.Fatalf("an update from old ratings: %v, want ErrStale", err)
	}
	if h, _ := r.RatingHistory(ctx, "a1"); len(h) != 1 {
		t.Fatalf("history after a stale update: %+v", h)
	}
	cur := ratingsOf(t, r, "cardline", "a1", "a2")
	if err := r.ApplyRating(ctx, update("t2", cur, time.Now())); err != nil {
		t.Fatalf("read again: %v", err)
	}
}

// Ratings and history read back to the last bit.
func testRatingBitsKept(t *testing.T, s store.Store, r store.Ratings) {
	twoAccounts(t, s)
	odd := []float64{math.Nextafter(25, 26), 1.0 / 3, math.SmallestNonzeroFloat64, -math.MaxFloat64 / 3}
	var rs []store.PlayerRating
	for i, v := range odd {
		rs = append(rs, store.PlayerRating{Account: []string{"a1", "a2"}[i/2], Game: []string{"g1", "g2"}[i%2], Mu: v, Sigma: math.Nextafter(v, 0) + 1, Games: i + 1, Wins: i})
	}
	h := []store.RatingEntry{{Table: "t", Account: "a1", Game: "g1", At: ms(time.Now()), Place: 2, Team: 1, MuBefore: odd[0], SigmaBefore: odd[1], MuAfter: odd[2], SigmaAfter: odd[3]}}
	if err := r.ReplaceRatings(ctx, rs, h); err != nil {
		t.Fatal(err)
	}
	all, err := r.AllRatings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range all {
		if math.Float64bits(p.Mu) != math.Float64bits(rs[i].Mu) || math.Float64bits(p.Sigma) != math.Float64bits(rs[i].Sigma) || p != rs[i] {
			t.Fatalf("rating %d: %+v, want %+v", i, p, rs[i])
		}
	}
	gotH, err := r.AllHistory(ctx)
	if err != nil || !slices.Equal(gotH, h) {
		t.Fatalf("history: %+v, %v; want %+v", gotH, err, h)
	}
}

// The ratings of a game list the accounts that played it, with their
// names, and leave the banned out.
func testGameRatingsLeaveOutBanned(t *testing.T, s store.Store, r store.Ratings) {
	twoAccounts(t, s)
	newAccount(t, s.(store.Accounts), "a3", "Cyd", "cyd")
	if err := r.ApplyRating(ctx, update("t1", ratingsOf(t, r, "cardline", "a1", "a2"), time.Now())); err != nil {
		t.Fatal(err)
	}
	if err := r.ApplyRating(ctx, update("t2", ratingsOf(t, r, "asterix", "a3", "a1"), time.Now())); err != nil {
		t.Fatal(err)
	}
	names := func() []string {
		list, err := r.GameRatings(ctx, "cardline")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range list {
			out = append(out, p.Name)
		}
		slices.Sort(out)
		return out
	}
	if got := names(); !slices.Equal(got, []string{"Ala", "Bob"}) {
		t.Fatalf("cardline: %v", got)
	}
	if err := s.(store.Accounts).SetBanned(ctx, "a2", true, "cheating"); err != nil {
		t.Fatal(err)
	}
	if got := names(); !slices.Equal(got, []string{"Ala"}) {
		t.Fatalf("cardline with Bob banned: %v", got)
	}
	mine, err := r.AccountRatings(ctx, "a1")
	if err != nil || len(mine) != 2 || mine[0].Game != "asterix" || mine[1].Game != "cardline" {
		t.Fatalf("Ala's ratings: %+v, %v", mine, err)
	}
}

// The tables an account played list newest first, each once; every table
// played lists once, oldest first, with its accounts; a table's unrated
// mark reads back.
func testPlayedAndUnrated(t *testing.T, s store.Store, r store.Ratings) {
	twoAccounts(t, s)
	now := ms(time.Now())
	for i, id := range []string{"t1", "t2", "t3"} {
		p := store.Played{Table: id, Game: "cardline", At: now.Add(time.Duration(i) * time.Second), Accounts: []string{"a1", "a2"}}
		if err := r.RecordPlayed(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := r.RecordPlayed(ctx, p); err != nil {
			t.Fatalf("recorded again: %v", err)
		}
	}
	got, err := r.PlayedTables(ctx, "a2", 2)
	if err != nil || len(got) != 2 || got[0].Table != "t3" || got[1].Table != "t2" || !got[0].At.Equal(now.Add(2*time.Second)) {
		t.Fatalf("played: %+v, %v", got, err)
	}
	all, err := r.FinishedTables(ctx)
	if err != nil || len(all) != 3 || all[0].Table != "t1" || all[2].Table != "t3" || !slices.Equal(all[1].Accounts, []string{"a1", "a2"}) {
		t.Fatalf("finished tables: %+v, %v", all, err)
	}
	if u, err := r.Unrated(ctx, "t1"); err != nil || u {
		t.Fatalf("unrated before marking: %v, %v", u, err)
	}
	for range 2 {
		if err := r.SetUnrated(ctx, "t1"); err != nil {
			t.Fatal(err)
		}
	}
	if u, err := r.Unrated(ctx, "t1"); err != nil || !u {
		t.Fatalf("unrated after marking: %v, %v", u, err)
	}
}

// Replacing the ratings leaves only the new ones, history included.
func testRatingsReplace(t *testing.T, s store.Store, r store.Ratings) {
	twoAccounts(t, s)
	if err := r.ApplyRating(ctx, update("t1", ratingsOf(t, r, "cardline", "a1", "a2"), time.Now())); err != nil {
		t.Fatal(err)
	}
	if err := r.ReplaceRatings(ctx, nil, nil); err != nil {
		t.Fatal(err)
	}
	all, err1 := r.AllRatings(ctx)
	h, err2 := r.AllHistory(ctx)
	if len(all) != 0 || len(h) != 0 || err1 != nil || err2 != nil {
		t.Fatalf("after replacing by nothing: %+v %+v %v %v", all, h, err1, err2)
	}
	if err := r.ApplyRating(ctx, update("t1", ratingsOf(t, r, "cardline", "a1", "a2"), time.Now())); err != nil {
		t.Fatalf("the table again after the replace: %v", err)
	}
}
