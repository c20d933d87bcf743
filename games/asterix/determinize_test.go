package asterix

import (
	"testing"

	"stolik/engine"
)

// TestDeterminizeEpochs: after a reshuffle the new deck is public as a set.
// Resampling for seat 0 may swap seat 1's cards drawn from it with deck
// cards, but never brings a card from before the reshuffle into the deck.
func TestDeterminizeEpochs(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2, "first": "1"})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 1 holds two old cards; the deck has one card, the discard pile
	// six: seat 1's option C (discard nothing... draws to 5) reshuffles.
	setup := `{"hands": [["asterix/1"], ["obelix/1", "getafix/1"]],
		"decks": {"draw": ["village-warrior/1"], "discard": ["village-warrior/2", "village-warrior/3", "village-warrior/4",
			"recruit-of-compendium/1", "recruit-of-compendium/2", "recruit-of-compendium/3"], "albums": []}}`
	st, err := g.New(opts, []byte(setup), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"change", "done"} {
		if _, err := engine.ApplyText(st, 1, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	s := st.(*State)
	if s.epochN != 1 || s.hands[1].count() != 5 || s.deckN != 4 {
		t.Fatalf("want a reshuffle, 5 cards in hand and 4 in the deck; epoch %d, hand %d, deck %d", s.epochN, s.hands[1].count(), s.deckN)
	}
	deckSet := func(x *State) (d instSet) {
		for _, c := range x.deck[:x.deckN] {
			d.set(c)
		}
		return
	}
	orig := deckSet(s)
	old := []string{"obelix/1", "getafix/1", "village-warrior/1"}
	r := engine.NewRand(3)
	changed := false
	for range 200 {
		c := s.Clone().(*State)
		c.Determinize(0, r)
		d := deckSet(c)
		for _, name := range old {
			i, _ := c.pack.LookupInstance(name)
			if d.has(i) || !c.hands[1].has(i) {
				t.Fatalf("%s, from before the reshuffle, left seat 1's hand", name)
			}
		}
		changed = changed || d != orig
		if c.hands[1].count() != 5 || c.deckN != 4 {
			t.Fatal("resampling changed the counts")
		}
	}
	if !changed {
		t.Fatal("the cards seat 1 drew from the new deck never traded places with the deck")
	}
}
