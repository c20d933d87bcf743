package frontline

import (
	"math/bits"
	"math/rand/v2"
)

// What a seat knows of where hidden cards are, beyond its own cards and
// the cards it passed on in a draft (seatState.passed): the record
// Determinize keeps to. A card is in a seat's knows set while the seat
// knows which other player holds it, and whether in the hand (the face-down
// card counts as the hand) or in the draft pack:
//
//   - A Dominika exchange (spec A10: the cards exchanged are known to both
//     participants): each of the two knows the other now holds the hand it
//     gave away. Everyone who knew where a card of either hand was follows
//     it to its new holder, since the exchange is public.
//   - A draft pass: the passer knows its pack is with the seat on its left
//     until that seat keeps a card from it. A one-card pack is kept by
//     force, so its passer goes on knowing where that card is; from a
//     larger pack nobody else learns which card was kept, and every card of
//     it is forgotten.
//   - A card that is played, revealed or discarded is face up, and may
//     later come back in a new deck: it is forgotten by everybody.
//
// Nothing else moves a card out of a hand, a pack or a face-down place
// without showing it, so the record never names a holder the seat could
// not know.

// minus is the set c without the members of o.
func (c cardSet) minus(o cardSet) cardSet {
	return cardSet{c[0] &^ o[0], c[1] &^ o[1]}
}

// forget drops the cards of c from what every seat knows. A seat knows
// only tracked cards, so the others need no loop.
func (s *State) forget(c cardSet) {
	if c = c.and(s.tracked); c.empty() {
		return
	}
	for p := 0; p < int(s.n); p++ {
		k := &s.seats[p].knows
		k[0] &^= c[0]
		k[1] &^= c[1]
	}
}

// passing records that seat p passes its pack on in a draft: only p knows
// where those cards are now.
func (s *State) passing(p int) {
	pack := s.seats[p].pack
	s.forget(pack)
	s.seats[p].knows.or(pack)
	s.tracked.or(pack)
}

// exchanged records the Dominika exchange of p's and q's hands before it
// happens: each learns where its old hand goes.
func (s *State) exchanged(p, q int) {
	s.seats[p].knows.or(s.seats[p].hand)
	s.seats[q].knows.or(s.seats[q].hand)
	s.tracked.or(s.seats[p].hand)
	s.tracked.or(s.seats[q].hand)
	s.swapKeepers(p, q)
}

// maxDraftRecords is the most packs a seat passes on in one draft that it
// remembers: a hand holds at most five cards, so a pack, once a card is
// kept from it, four, and a seat passes on at most four packs that are not
// empty. A pack beyond them is not remembered.
const maxDraftRecords = 4

// draftOpen marks, in seatState.draftKeepers, a record whose pack may
// still be going round (seats take the bits below it).
const draftOpen = 1 << 15

// A draftRecord is what a seat learned of a pack it passed on in a draft
// (spec A2.7: keep one, pass the rest to the left): each seat in keepers,
// the living seats that took the pack in turn, kept exactly one of cards.
// While open the pack may still be going round; it closes when it comes
// back (what comes back is taken out of cards: the others kept the rest)
// or when the draft ends. A seat keeps its records in two arrays
// (draftCards, draftKeepers), which copy in fewer bytes than records.
type draftRecord struct {
	cards   cardSet
	keepers uint16 // a bit per seat
	open    bool
}

func (st *seatState) draft(k int) draftRecord {
	w := st.draftKeepers[k]
	return draftRecord{cards: st.draftCards[k], keepers: w &^ draftOpen, open: w&draftOpen != 0}
}

func (st *seatState) setDraft(k int, d draftRecord) {
	st.draftCards[k], st.draftKeepers[k] = d.cards, d.keepers
	if d.open {
		st.draftKeepers[k] |= draftOpen
	}
}

// shown records that card c left seat p's hand or face-down place face up:
// nobody need remember where it is, and a pack record that held it learns
// that p was the keeper who took it.
func (s *State) shown(p int, c uint8) {
	if s.tracked.has(c) {
		s.drop(c, 1<<uint(p))
	}
}

// forgetCard drops c from what every seat knows. A pack record that still
// held it (a card seen face up that no hand was seen to give) can no
// longer match its cards to its keepers, and is left unused.
func (s *State) forgetCard(c uint8) {
	if s.tracked.has(c) {
		s.drop(c, 0)
	}
}

// drop takes the tracked card c out of every seat's knows set and pack
// records, and the seats of keeper out of the keepers of each record
// that held it, in one pass over the records.
func (s *State) drop(c uint8, keeper uint16) {
	i, b := c>>6, uint64(1)<<(c&63)
	for o := range s.seats[:s.n] {
		st := &s.seats[o]
		st.knows[i] &^= b
		for k := range st.draftCards[:st.draftN] {
			if st.draftCards[k][i]&b != 0 {
				st.draftCards[k][i] &^= b
				st.draftKeepers[k] &^= keeper
			}
		}
	}
	s.tracked[i] &^= b
}

// recordPass opens a record of the pack seat p passes on: the next living
// seats to its left keep one card each, as many of them as the pack has
// cards, up to every other living seat (then the rest comes back).
func (s *State) recordPass(p int) {
	st := &s.seats[p]
	pack := st.pack
	if pack.empty() || int(st.draftN) == maxDraftRecords {
		return
	}
	var keepers uint16
	q := p
	for range pack.count() {
		q = s.nextAlive(q)
		if q == p {
			break
		}
		keepers |= 1 << uint(q)
	}
	st.setDraft(int(st.draftN), draftRecord{cards: pack, keepers: keepers, open: true})
	s.tracked.or(pack)
	st.draftN++
}

// received closes the record of the pack that came back to seat p: the
// cards missing from it were kept, one each, by the others.
func (s *State) received(p int) {
	st := &s.seats[p]
	if st.pack.empty() {
		return
	}
	for k := range st.draftCards[:st.draftN] {
		if st.draftKeepers[k]&draftOpen != 0 && !st.draftCards[k].and(st.pack).empty() {
			st.draftCards[k] = st.draftCards[k].minus(st.pack)
			st.draftKeepers[k] &^= draftOpen
		}
	}
}

// closeDraftRecords closes every record at the end of a draft: every pack
// is empty, each of its cards kept by one of its keepers.
func (s *State) closeDraftRecords() {
	for p := 0; p < int(s.n); p++ {
		st := &s.seats[p]
		for k := range st.draftN {
			st.draftKeepers[k] &^= draftOpen
		}
	}
}

// swapKeepers follows a Dominika exchange of p's and q's hands: the card
// p kept from a pack is q's now, and the other way round.
func (s *State) swapKeepers(p, q int) {
	bp, bq := uint16(1)<<uint(p), uint16(1)<<uint(q)
	for o := 0; o < int(s.n); o++ {
		st := &s.seats[o]
		for k := range st.draftN {
			w := &st.draftKeepers[k]
			if (*w&bp != 0) != (*w&bq != 0) {
				*w ^= bp | bq
			}
		}
	}
}

// dealRecords deals, for Determinize, the cards of observer's closed pack
// records into the hands of their keepers in d, one card of a record to
// each, at random; the cards leave d.free and the keepers' counts of hand
// places dealt again (d.handN) go down. Before it d's hands hold only the
// cards whose holder observer knows. A card of a record that
// observer holds or knows the holder of takes that keeper out of the
// record; a record that then no longer pairs its cards with its keepers
// (a card went where observer cannot follow) is not used. It returns how
// many cards it dealt.
func (s *State) dealRecords(observer int, d *deal, r *rand.Rand) int {
	me := &s.seats[observer]
	mine := me.hand
	if me.is(fCommitted) {
		mine.set(me.committed)
	}
	dealt := 0
	for k := range int(me.draftN) {
		rec := me.draft(k)
		if rec.open {
			continue
		}
		cards, keepers, ok := rec.cards, rec.keepers, true
		for q := 0; q < int(s.n) && ok; q++ {
			held := mine
			if q != observer {
				held = d.hand[q]
				held.or(d.pack[q])
			}
			switch x := cards.and(held).count(); {
			case x == 1 && keepers&(1<<uint(q)) != 0:
				cards, keepers = cards.minus(held), keepers&^(1<<uint(q))
			case x > 0:
				ok = false
			}
		}
		if !ok || cards.empty() || cards.count() != bits.OnesCount16(keepers) || cards.minus(d.free) != (cardSet{}) {
			continue
		}
		var fits = true
		for q := 0; q < int(s.n); q++ {
			if keepers&(1<<uint(q)) != 0 && d.handN[q] < 1 {
				fits = false
			}
		}
		if !fits {
			continue
		}
		var list [MaxSeats]uint8
		n := cards.appendTo(list[:], 0)
		shuffle(r, list[:n])
		k := 0
		for q := 0; q < int(s.n); q++ {
			if keepers&(1<<uint(q)) != 0 {
				d.hand[q].set(list[k])
				d.free.clear(list[k])
				d.handN[q]--
				k++
			}
		}
		dealt += n
	}
	return dealt
}
