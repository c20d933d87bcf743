package frontline

import (
	"math/rand/v2"
	"slices"
	"testing"

	"stolik/engine"
)

// afterDraft starts a game of n players and plays the starting draft at
// random; kept[p] are the cards seat p kept in the last draft played, in
// order: the last is the one-card pack passed to it by the seat on its
// right.
func afterDraft(t *testing.T, n int, seed uint64) (s *State, kept [MaxSeats][]uint8) {
	t.Helper()
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": n})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	s = st.(*State)
	r := rand.New(rand.NewPCG(seed, 5))
	var buf []engine.Move
	for s.phase == phDraft {
		seat := s.Pending()[0]
		buf = s.Legal(seat, buf[:0])
		evs, err := s.Apply(seat, buf[r.IntN(len(buf))])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			switch evKind(e.Kind) {
			case evDraft: // a TOWARZYSZE! Attack card can start another at once
				kept = [MaxSeats][]uint8{}
			case evKept:
				kept[e.Seat] = append(kept[e.Seat], uint8(e.Card))
			}
		}
	}
	return s, kept
}

// passedPacks are the packs observer passed on in the starting draft as
// what they tell it: the cards the others kept from each, one each, before
// it came back or ran out. In round t the seat j places to the left of
// observer keeps from the pack observer passed in round t-j.
func passedPacks(s *State, observer int, kept [MaxSeats][]uint8) []draftRecord {
	n := int(s.n)
	var out []draftRecord
	for t := 0; t+1 < len(kept[observer]); t++ {
		var d draftRecord
		for j := 1; j < n && t+j < len(kept[observer]); j++ {
			q := (observer + j) % n
			d.cards.set(kept[q][t+j])
			d.keepers |= 1 << uint(q)
		}
		out = append(out, d)
	}
	return out
}

// heldBy reports whether seat q holds card c, in its hand or face down.
func heldBy(s *State, q int, c uint8) bool {
	st := &s.seats[q]
	return st.hand.has(c) || (st.is(fCommitted) && st.committed == c)
}

// After a Dominika exchange both players know the other's hand: it is the
// one they held. Every determinization for either of them deals the other
// exactly the cards it gave away (Determinize, spec A10).
func TestDeterminizeRemembersAnExchangedHand(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 8; seed++ {
		s, _ := afterDraft(t, 2, seed)
		gave := [2]cardSet{s.seats[0].hand, s.seats[1].hand}
		s.resolveItem(stackItem{seat: 0, card: abilityCard, a: 1})
		r := rand.New(rand.NewPCG(seed, 7))
		for observer := range 2 {
			other := 1 - observer
			for range 30 {
				c := s.Clone().(*State)
				c.Determinize(engine.Seat(observer), r)
				gave[observer].each(func(x uint8) {
					if !heldBy(c, other, x) {
						t.Fatalf("seed %d: seat %d gave %s to seat %d in an exchange, and a determinization dealt it elsewhere",
							seed, observer, s.pack.ActionName(x), other)
					}
					checked++
				})
			}
		}
	}
	if checked == 0 {
		t.Fatal("no card was exchanged")
	}
}

// What others' moves imply: the last card of a draft goes to the seat on
// the left and is kept by force, so its passer knows who has it; when that
// seat then trades its whole hand with Dominika in front of everyone, the
// passer knows the card went with the hand. Every determinization for the
// passer deals it to the new holder.
func TestDeterminizeFollowsACardThroughAnExchange(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 8; seed++ {
		s, kept := afterDraft(t, 3, seed)
		r := rand.New(rand.NewPCG(seed, 7))
		for passer := range 3 {
			left := s.nextAlive(passer)
			q := 3 - passer - left // the third seat
			c := kept[left][len(kept[left])-1]
			if !s.seats[left].hand.has(c) {
				t.Fatalf("seed %d: seat %d's last kept card is not in its hand", seed, left)
			}
			x := s.Clone().(*State)
			x.resolveItem(stackItem{seat: int8(left), card: abilityCard, a: uint8(q)})
			for range 30 {
				d := x.Clone().(*State)
				d.Determinize(engine.Seat(passer), r)
				if !heldBy(d, q, c) {
					t.Fatalf("seed %d: seat %d passed %s to seat %d, which traded its hand with seat %d; a determinization for seat %d dealt the card elsewhere",
						seed, passer, s.pack.ActionName(c), left, q, passer)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// Determinize reads nothing the observer cannot know: two states that
// differ only in where two cards unknown to the observer lie (in other
// players' hands, packs, face-down cards or the deck) and in the order of
// the Attack deck give, from the same random stream, the same worlds.
func TestDeterminizeSeesOnlyWhatTheSeatKnows(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 11))
			var buf []engine.Move
			for n := 0; n < 300 && len(s.Pending()) > 0; n++ {
				if n%7 == 0 {
					for observer := range players {
						if twin, ok := swapUnknown(s, observer, r); ok {
							seed2 := r.Uint64()
							a, b := s.Clone().(*State), twin
							a.Determinize(engine.Seat(observer), rand.New(rand.NewPCG(seed2, 1)))
							b.Determinize(engine.Seat(observer), rand.New(rand.NewPCG(seed2, 1)))
							if a.Hash() != b.Hash() {
								t.Fatalf("seed %d, %d players, move %d: seat %d's determinizations differ between states it cannot tell apart",
									seed, players, n, observer)
							}
							checked++
						}
					}
				}
				checkKnowsHeld(t, s)
				seat := s.Pending()[0]
				buf = s.Legal(seat, buf[:0])
				if _, err := s.Apply(seat, buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d pairs of states checked", checked)
	}
}

// swapUnknown returns a copy of s in which two cards whose places observer
// cannot know have traded places, or false when there are no two such.
func swapUnknown(s *State, observer int, r *rand.Rand) (*State, bool) {
	type place struct {
		set  *cardSet // a hand or pack; nil for the deck or a face-down card
		slot *uint8
		card uint8
	}
	c := s.Clone().(*State)
	known := c.seats[observer].passed
	known.or(c.seats[observer].knows)
	var places []place
	for q := 0; q < int(c.n); q++ {
		if q == observer {
			continue
		}
		st := &c.seats[q]
		for _, set := range []*cardSet{&st.hand, &st.pack} {
			set.each(func(x uint8) {
				if !known.has(x) {
					places = append(places, place{set: set, card: x})
				}
			})
		}
		if st.is(fCommitted) && !known.has(st.committed) {
			places = append(places, place{slot: &st.committed, card: st.committed})
		}
	}
	for k := range c.deck[:c.deckN] {
		if !known.has(c.deck[k]) {
			places = append(places, place{slot: &c.deck[k], card: c.deck[k]})
		}
	}
	if len(places) < 2 {
		return nil, false
	}
	i := r.IntN(len(places))
	j := (i + 1 + r.IntN(len(places)-1)) % len(places)
	put := func(p place, x uint8) {
		if p.set != nil {
			p.set.clear(p.card)
			p.set.set(x)
		} else {
			*p.slot = x
		}
	}
	a, b := places[i], places[j]
	if a.set != nil && a.set == b.set {
		return nil, false // the same hand: nothing changes
	}
	put(a, b.card)
	put(b, a.card)
	// The Attack deck's order is hidden from everyone.
	slices.Reverse(c.adeck[:c.adeckN])
	return c, true
}

// checkKnowsHeld fails when a seat's record of where cards are names a card
// no player holds: one in the deck, the discard pile or in play.
func checkKnowsHeld(t *testing.T, s *State) {
	t.Helper()
	// Every card a seat knows or a record holds is tracked, so that a
	// card shown or discarded that is not passes the records by.
	for q := 0; q < int(s.n); q++ {
		st := &s.seats[q]
		if x := st.knows.minus(s.tracked); !x.empty() {
			t.Fatalf("seat %d knows the holders of %v, which are not tracked", q, x)
		}
		for k := range int(st.draftN) {
			if x := st.draft(k).cards.minus(s.tracked); !x.empty() {
				t.Fatalf("seat %d's pack record holds %v, which are not tracked", q, x)
			}
		}
	}
	var held cardSet
	for q := 0; q < int(s.n); q++ {
		st := &s.seats[q]
		held.or(st.hand)
		held.or(st.pack)
		if st.is(fCommitted) {
			held.set(st.committed)
		}
	}
	for p := 0; p < int(s.n); p++ {
		s.seats[p].knows.each(func(c uint8) {
			if !held.has(c) {
				t.Fatalf("seat %d believes it knows who holds %s, which nobody holds", p, s.pack.ActionName(c))
			}
		})
		for k := range int(s.seats[p].draftN) {
			d := s.seats[p].draft(k)
			if !d.open && !keptOneEach(s, d) {
				t.Fatalf("seat %d's record of a pack, %v kept one each by seats %b, is not so", p, s.actionNames(d.cards), d.keepers)
			}
		}
	}
}

// keptOneEach reports whether each keeper of a closed record holds exactly
// one of its cards, in its hand or face down, and nobody else any.
func keptOneEach(s *State, d draftRecord) bool {
	for q := 0; q < int(s.n); q++ {
		n := 0
		d.cards.each(func(c uint8) {
			if heldBy(s, q, c) {
				n++
			}
		})
		if want := int(d.keepers >> uint(q) & 1); n != want {
			return false
		}
	}
	return true
}

// What the others' keeps imply: when a pack a seat passed on comes back,
// or the draft ends, each player who took the pack in turn kept exactly
// one of the cards missing from it. Every determinization for the passer
// deals those cards one to each of them (in a game of four, each seat
// passes packs of four, three, two and one cards: the first comes back
// with one card, the others never).
func TestDeterminizeDealsAPackOneCardToEachKeeper(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, players := range []int{3, 4} {
			s, kept := afterDraft(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 9))
			for observer := range players {
				packs := passedPacks(s, observer, kept)
				for range 20 {
					c := s.Clone().(*State)
					c.Determinize(engine.Seat(observer), r)
					for _, pk := range packs {
						if !keptOneEach(c, pk) {
							t.Fatalf("seed %d, %d players: seat %d passed %v on, kept one each by seats %b; a determinization dealt them otherwise",
								seed, players, observer, s.actionNames(pk.cards), pk.keepers)
						}
						checked++
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no pack checked")
	}
}

// shownPlain and forgetPlain are shown and forgetCard as first written,
// a loop over the records for each fact: the reference the one-pass
// version must match.
func (s *State) shownPlain(p int, c uint8) {
	if !s.tracked.has(c) {
		return
	}
	for o := 0; o < int(s.n); o++ {
		st := &s.seats[o]
		for k := range st.draftN {
			if st.draftCards[k].has(c) {
				st.draftCards[k].clear(c)
				st.draftKeepers[k] &^= 1 << uint(p)
			}
		}
	}
	s.forgetPlain(c)
}

func (s *State) forgetPlain(c uint8) {
	if !s.tracked.has(c) {
		return
	}
	for p := 0; p < int(s.n); p++ {
		st := &s.seats[p]
		st.knows.clear(c)
		for k := range st.draftN {
			st.draftCards[k].clear(c)
		}
	}
	s.tracked.clear(c)
}

// TestShownKeepsTheRecordsAsThePlainLoops shows and forgets, in random
// games at 2 to 4 players, every card of every position by every seat,
// and checks that what each seat knows and its pack records come out as
// the plain loops leave them.
func TestShownKeepsTheRecordsAsThePlainLoops(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 3; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 12))
			var buf []engine.Move
			for n := 0; n < 200 && len(s.Pending()) > 0; n++ {
				seats, tracked := s.seats, s.tracked
				for c := range uint8(2 * 64) {
					if !s.tracked.has(c) && c%5 != 0 {
						continue
					}
					for p := -1; p < players; p++ {
						if p < 0 {
							s.forgetCard(c)
						} else {
							s.shown(p, c)
						}
						gotSeats, gotTracked := s.seats, s.tracked
						s.seats, s.tracked = seats, tracked
						if p < 0 {
							s.forgetPlain(c)
						} else {
							s.shownPlain(p, c)
						}
						if gotSeats != s.seats || gotTracked != s.tracked {
							t.Fatalf("seed %d, %d players, move %d: card %d shown by %d (-1: forgotten) leaves other records than the plain loops",
								seed, players, n, c, p)
						}
						s.seats, s.tracked = seats, tracked
						checked++
					}
				}
				seat := s.Pending()[0]
				buf = s.Legal(seat, buf[:0])
				if _, err := s.Apply(seat, buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d cards checked", checked)
	}
}
