package asterix

import (
	"math/rand/v2"
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

// TestDeterminizeDealsAsBefore: Determinize draws the same world from the
// same random stream as the plain version it replaced (dealtBefore), so
// the bots' recorded choices and the search's samples stay what they
// were. Positions of random games at every player count, with and
// without coloured backs, many of them after a reshuffle.
func TestDeterminizeDealsAsBefore(t *testing.T) {
	g := New()
	total := 0
	for _, o := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "backs_show_colour": true}, {"players": 2, "backs_show_colour": true}} {
		opts, err := engine.ResolveOptions(g.Options(), o)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(11)
		var legal []engine.Move
		checked, reshuffled := 0, 0
		for seed := uint64(1); seed <= 6; seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			for len(st.Pending()) > 0 {
				s := st.(*State)
				for observer := range engine.Seat(s.seats) {
					a, b := s.Clone().(*State), s.Clone().(*State)
					k := r.Uint64()
					a.Determinize(observer, engine.NewRand(k))
					dealtBefore(b, observer, engine.NewRand(k))
					if a.Hash() != b.Hash() {
						t.Fatalf("%v, seed %d, turn %d, seat %d: Determinize dealt another world", o, seed, s.turns, observer)
					}
					checked++
					if s.epochN > 0 {
						reshuffled++
					}
				}
				p := st.Pending()[0]
				legal = st.Legal(p, legal[:0])
				if _, err := st.Apply(p, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%v: %d positions, %d after a reshuffle", o, checked, reshuffled)
		total += reshuffled
	}
	if total == 0 {
		t.Error("no position after a reshuffle")
	}
}

// dealtBefore is Determinize as it was first written: a linear search of
// the shuffled pool for every card.
func dealtBefore(s *State, observer engine.Seat, r *rand.Rand) {
	s.playsOK = 0
	var pool [MaxInstances]uint8
	n := 0
	var hidden [MaxPlayers]instSet
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		if q == observer {
			continue
		}
		hidden[q] = s.hands[q]
		hidden[q].andNot(&s.known[q])
		n = len(hidden[q].list(pool[:n]))
	}
	n += copy(pool[n:], s.deck[:s.deckN])
	cards := pool[:n]
	r.Shuffle(n, func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	var used instSet
	take := func(i uint8, colour bool) uint8 {
		for _, c := range cards {
			if !used.has(c) && s.epoch[c] == s.epoch[i] && (!colour || s.pack.iCol[c] == s.pack.iCol[i]) {
				used.set(c)
				return c
			}
		}
		return i
	}
	backs := s.rules.backsColour
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		var fresh instSet
		hidden[q].each(func(i uint8) { fresh.set(take(i, backs)) })
		s.hands[q].andNot(&hidden[q])
		s.hands[q].or(&fresh)
	}
	if s.deckN > 0 {
		top := s.deck[s.deckN-1]
		newTop := take(top, backs)
		for k := 0; k < int(s.deckN)-1; k++ {
			s.deck[k] = take(top, false)
		}
		s.deck[s.deckN-1] = newTop
	}
	if s.albumsN > 2 {
		below := s.albums[:s.albumsN-1]
		r.Shuffle(len(below), func(i, j int) { below[i], below[j] = below[j], below[i] })
	}
	s.rng = engine.NewRNG(r.Uint64())
}
