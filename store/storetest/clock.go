package storetest

import (
	"encoding/json"
	"errors"
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
}
