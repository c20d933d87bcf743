package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"stolik/store"
)

// RunClocks checks a store's clocks (store.Clocks): none for an untimed
// table, the last one set for a timed one, kept per table, and refused
// for a table that is not stored. open gives an empty store that offers
// store.Clocks.
func RunClocks(t *testing.T, open func(t *testing.T) store.Store) {
	s := open(t)
	c, ok := s.(store.Clocks)
	if !ok {
		t.Fatalf("%T does not offer store.Clocks", s)
	}
	create(t, s, store.Table{ID: "a", Game: "g"}, store.Table{ID: "b", Game: "g"})
	if got, err := c.Clock(ctx, "a"); err != nil || got != nil {
		t.Fatalf("the clock of an untimed table: %s, %v; want none", got, err)
	}
	first, second := json.RawMessage(`{"spec":{"mode":"bank","bank":600},"moves":0}`), json.RawMessage(`{"spec":{"mode":"bank","bank":600},"moves":1}`)
	for _, clock := range []json.RawMessage{first, second} {
		if err := c.SetClock(ctx, "a", clock); err != nil {
			t.Fatalf("SetClock: %v", err)
		}
	}
	if err := c.SetClock(ctx, "b", first); err != nil {
		t.Fatalf("SetClock b: %v", err)
	}
	if got, err := c.Clock(ctx, "a"); err != nil || string(got) != string(second) {
		t.Errorf("the clock of a: %s, %v; want the last one set, %s", got, err, second)
	}
	if got, err := c.Clock(ctx, "b"); err != nil || string(got) != string(first) {
		t.Errorf("the clock of b: %s, %v; want %s", got, err, first)
	}
	if err := c.SetClock(ctx, "none", first); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the clock of a table not stored: %v, want ErrNotFound", err)
	}
	testMoveWithClock(t, s)
}

// A move and the clock after it are stored in one write: both, or (a
// move number taken, a table not stored) neither.
func testMoveWithClock(t *testing.T, s store.Store) {
	mc, ok := s.(store.ClockedMoves)
	if !ok {
		t.Fatalf("%T does not offer store.ClockedMoves", s)
	}
	c := s.(store.Clocks)
	create(t, s, store.Table{ID: "m", Game: "g"})
	after := func(n int) json.RawMessage { return json.RawMessage(fmt.Sprintf(`{"moves":%d}`, n)) }
	for n := range 2 {
		if err := mc.AppendMoveClock(ctx, "m", store.Move{N: n, Seat: n % 2, Move: fmt.Sprint("m", n)}, after(n+1)); err != nil {
			t.Fatalf("move %d with its clock: %v", n, err)
		}
	}
	if err := mc.AppendMoveClock(ctx, "m", store.Move{N: 1, Move: "again"}, after(9)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a move number taken: %v, want ErrConflict", err)
	}
	if err := mc.AppendMoveClock(ctx, "none", store.Move{N: 0, Move: "x"}, after(1)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a table not stored: %v, want ErrNotFound", err)
	}
	_, moves, err := s.Load(ctx, "m")
	if err != nil || len(moves) != 2 || moves[1].Move != "m1" {
		t.Errorf("the moves stored: %+v, %v", moves, err)
	}
	if got, err := c.Clock(ctx, "m"); err != nil || string(got) != string(after(2)) {
		t.Errorf("the clock stored with the moves: %s, %v; want %s", got, err, after(2))
	}
}
