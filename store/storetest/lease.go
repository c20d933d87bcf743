package storetest

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"stolik/store"
)

// RunLeaser checks the leases of a store that keeps them. open returns a
// new, empty store for one test.
func RunLeaser(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(*testing.T, store.Store, store.Leaser)
	}{
		{"OneHolder", testLeaseOneHolder},
		{"Expiry", testLeaseExpiry},
		{"RenewAndRelease", testLeaseRenewAndRelease},
		{"OneWinnerAtOnce", testLeaseOneWinner},
		{"Unowned", testLeaseUnowned},
		{"FencedWrites", testLeaseFencedWrites},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			l, ok := s.(store.Leaser)
			if !ok {
				t.Fatalf("%T keeps no leases", s)
			}
			c.test(t, s, l)
		})
	}
}

func acquire(t *testing.T, l store.Leaser, table, node string, ttl time.Duration) store.Lease {
	t.Helper()
	got, err := l.Acquire(ctx, table, node, ttl)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// A live lease has one holder: another node is told who holds it and for
// how long; the holder taking it again renews it.
func testLeaseOneHolder(t *testing.T, _ store.Store, l store.Leaser) {
	if got := acquire(t, l, "t1", "a", time.Minute); got.Node != "a" || got.Left <= 0 || got.Left > time.Minute {
		t.Fatalf("a free table: %+v", got)
	}
	if got := acquire(t, l, "t1", "b", time.Minute); got.Node != "a" || got.Left <= 0 {
		t.Fatalf("another node asking: %+v, want a's lease", got)
	}
	if got := acquire(t, l, "t1", "a", time.Hour); got.Node != "a" || got.Left <= time.Minute {
		t.Fatalf("the holder asking again: %+v, want its lease renewed for an hour", got)
	}
	if got, err := l.Owner(ctx, "t1"); err != nil || got.Node != "a" {
		t.Fatalf("owner: %+v, %v", got, err)
	}
	if got, err := l.Owner(ctx, "t2"); err != nil || got.Node != "" {
		t.Fatalf("owner of a table nobody holds: %+v, %v", got, err)
	}
	if _, err := l.Acquire(ctx, "t3", "", time.Minute); err == nil {
		t.Fatal("a lease for no node was taken")
	}
}

// waitExpired polls until table's lease has run out, for at most bound.
func waitExpired(t *testing.T, l store.Leaser, table string, bound time.Duration) {
	t.Helper()
	for end := time.Now().Add(bound); ; {
		got, err := l.Owner(ctx, table)
		if err != nil {
			t.Fatal(err)
		}
		if got.Node == "" {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the lease of %s is live after %v: %+v", table, bound, got)
		}
		time.Sleep(10 * time.Millisecond) // polling, bounded above
	}
}

// A lease that runs out may be taken by another node, and the old holder
// can no longer renew it.
func testLeaseExpiry(t *testing.T, _ store.Store, l store.Leaser) {
	acquire(t, l, "t1", "a", 100*time.Millisecond)
	waitExpired(t, l, "t1", 10*time.Second)
	if got := acquire(t, l, "t1", "b", time.Minute); got.Node != "b" {
		t.Fatalf("an expired lease: %+v, want b to take it", got)
	}
	kept, err := l.Renew(ctx, "a", []string{"t1"}, time.Minute)
	if err != nil || len(kept) != 0 {
		t.Fatalf("the old holder renewed %v (%v)", kept, err)
	}
	if got, _ := l.Owner(ctx, "t1"); got.Node != "b" {
		t.Fatalf("owner %+v, want b", got)
	}
}

// Renew extends the holder's live leases only; Release frees the holder's
// leases only.
func testLeaseRenewAndRelease(t *testing.T, _ store.Store, l store.Leaser) {
	acquire(t, l, "t1", "a", time.Minute)
	acquire(t, l, "t2", "a", time.Minute)
	acquire(t, l, "t3", "b", time.Minute)
	kept, err := l.Renew(ctx, "a", []string{"t1", "t2", "t3", "t4"}, time.Hour)
	slices.Sort(kept)
	if err != nil || !slices.Equal(kept, []string{"t1", "t2"}) {
		t.Fatalf("renewed %v (%v), want t1 t2", kept, err)
	}
	if got, _ := l.Owner(ctx, "t1"); got.Left <= time.Minute {
		t.Fatalf("renewed lease: %+v", got)
	}
	if kept, err := l.Renew(ctx, "a", nil, time.Hour); err != nil || len(kept) != 0 {
		t.Fatalf("renewing nothing: %v, %v", kept, err)
	}
	if err := l.Release(ctx, "a", "t3"); err != nil {
		t.Fatal(err)
	}
	if got, _ := l.Owner(ctx, "t3"); got.Node != "b" {
		t.Fatalf("another node released b's lease: %+v", got)
	}
	if err := l.Release(ctx, "a", "t1", "t2"); err != nil {
		t.Fatal(err)
	}
	if got := acquire(t, l, "t1", "c", time.Minute); got.Node != "c" {
		t.Fatalf("a released lease: %+v, want c to take it", got)
	}
}

// Nodes asking for one table at once: exactly one gets it, and all are
// told the same holder.
func testLeaseOneWinner(t *testing.T, _ store.Store, l store.Leaser) {
	nodes := []string{"n1", "n2", "n3", "n4", "n5", "n6"}
	for round := range 5 {
		table := "race" + string(rune('a'+round))
		got := make([]store.Lease, len(nodes))
		errs := make([]error, len(nodes))
		var wg sync.WaitGroup
		for i, n := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i], errs[i] = l.Acquire(ctx, table, n, time.Minute)
			}()
		}
		wg.Wait()
		winners := 0
		for i, g := range got {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			if g.Node == nodes[i] {
				winners++
			}
			if g.Node != got[0].Node {
				t.Fatalf("round %d: nodes were told different holders: %+v", round, got)
			}
		}
		if winners != 1 {
			t.Fatalf("round %d: %d nodes took the lease", round, winners)
		}
	}
}

// Unowned lists the tables in play that nobody holds.
func testLeaseUnowned(t *testing.T, s store.Store, l store.Leaser) {
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, id := range []string{"u1", "u2", "u3", "u4", "u5"} {
		create(t, s, store.Table{ID: id, Game: "g", Options: []byte(`{}`), Seats: []store.Seat{{Kind: "human"}},
			Created: base.Add(time.Duration(i) * time.Second)})
	}
	if err := s.Finish(ctx, "u4", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Abandon(ctx, "u5"); err != nil {
		t.Fatal(err)
	}
	acquire(t, l, "u2", "a", time.Minute)
	acquire(t, l, "u3", "a", 100*time.Millisecond)
	waitExpired(t, l, "u3", 10*time.Second)
	ids, err := l.Unowned(ctx, 10)
	if err != nil || !slices.Equal(ids, []string{"u1", "u3"}) {
		t.Fatalf("unowned %v (%v), want u1 u3", ids, err)
	}
	if ids, err := l.Unowned(ctx, 1); err != nil || !slices.Equal(ids, []string{"u1"}) {
		t.Fatalf("unowned, at most 1: %v (%v)", ids, err)
	}
}

// fencedWrites tries every write a fenced store refuses without a live
// lease; the errors come back by the write's name.
func fencedWrites(s store.Store, table string, n int) map[string]error {
	w := map[string]error{
		"AppendMove":  s.AppendMove(ctx, table, store.Move{N: n, Move: "m"}),
		"UpdateSeats": s.UpdateSeats(ctx, table, []store.Seat{{Kind: "human", Name: "x"}}),
		"Finish":      s.Finish(ctx, table, []byte(`{}`)),
		"SetRematch":  s.SetRematch(ctx, table, "next"),
		"Abandon":     s.Abandon(ctx, table),
	}
	// A chat message is the table's too: its node writes it under the
	// lease.
	if c, ok := s.(store.Chats); ok {
		w["AppendChat"] = c.AppendChat(ctx, store.ChatMessage{Table: table, N: 0, Text: "hi"})
	}
	// So is its clock, which a timeout changes as a move does.
	if c, ok := s.(store.Clocks); ok {
		w["SetClock"] = c.SetClock(ctx, table, []byte(`{}`))
	}
	if c, ok := s.(store.ClockedMoves); ok {
		w["AppendMoveClock"] = c.AppendMoveClock(ctx, table, store.Move{N: n, Move: "m"}, []byte(`{}`))
	}
	return w
}

// A node writes the plays of a table (moves, seats, the end, the
// rematch's link, an abandonment, a chat message, the clock) only while it holds the table's live
// lease: a node whose lease ran out, or that another node holds, is
// refused with ErrLeaseLost and stores nothing; the holder's writes go
// through.
func testLeaseFencedWrites(t *testing.T, s store.Store, l store.Leaser) {
	create(t, s, store.Table{ID: "t1", Game: "g", Options: []byte(`{}`), Seats: []store.Seat{{Kind: "human"}}})
	a, b := l.Fenced("a"), l.Fenced("b")
	acquire(t, l, "t1", "a", time.Minute)
	if err := a.AppendMove(ctx, "t1", store.Move{N: 0, Move: "a0"}); err != nil {
		t.Fatalf("the holder's move: %v", err)
	}
	for op, err := range fencedWrites(b, "t1", 1) {
		if !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("%s by a node that does not hold the lease: %v, want ErrLeaseLost", op, err)
		}
	}
	// a's lease runs out, and nobody has taken it yet.
	acquire(t, l, "t1", "a", 100*time.Millisecond)
	waitExpired(t, l, "t1", 10*time.Second)
	for op, err := range fencedWrites(a, "t1", 1) {
		if !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("%s by a node whose lease ran out: %v, want ErrLeaseLost", op, err)
		}
	}
	// b takes it over: its writes go through, a's do not.
	acquire(t, l, "t1", "b", time.Minute)
	if err := b.AppendMove(ctx, "t1", store.Move{N: 1, Move: "b1"}); err != nil {
		t.Fatalf("the new holder's move: %v", err)
	}
	if err := b.UpdateSeats(ctx, "t1", []store.Seat{{Kind: "human", Name: "b"}}); err != nil {
		t.Fatalf("the new holder's seats: %v", err)
	}
	for op, err := range fencedWrites(a, "t1", 2) {
		if !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("%s by a node whose lease another took: %v, want ErrLeaseLost", op, err)
		}
	}
	if err := b.Finish(ctx, "t1", []byte(`{"b":1}`)); err != nil {
		t.Fatalf("the new holder's finish: %v", err)
	}
	rec, moves, err := s.Load(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 2 || moves[0].Move != "a0" || moves[1].Move != "b1" {
		t.Errorf("stored moves %+v, want a0 then b1", moves)
	}
	if !rec.Finished || string(rec.Outcome) != `{"b":1}` || rec.Abandoned || rec.Rematch != "" || rec.Seats[0].Name != "b" {
		t.Errorf("stored table %+v: only b's writes may be in it", rec)
	}
	// A table that is not there, under a live lease, is still not found.
	acquire(t, l, "none", "b", time.Minute)
	if err := b.UpdateSeats(ctx, "none", nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("seats of a table not stored: %v, want ErrNotFound", err)
	}
	if err := b.AppendMove(ctx, "none", store.Move{N: 0, Move: "m"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a move of a table not stored: %v, want ErrNotFound", err)
	}
}
