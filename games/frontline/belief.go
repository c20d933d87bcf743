package frontline

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

// forget drops the cards of c from what every seat knows.
func (s *State) forget(c cardSet) {
	for p := 0; p < int(s.n); p++ {
		k := &s.seats[p].knows
		k[0] &^= c[0]
		k[1] &^= c[1]
	}
}

func (s *State) forgetCard(c uint8) {
	for p := 0; p < int(s.n); p++ {
		s.seats[p].knows.clear(c)
	}
}

// passing records that seat p passes its pack on in a draft: only p knows
// where those cards are now.
func (s *State) passing(p int) {
	pack := s.seats[p].pack
	s.forget(pack)
	s.seats[p].knows.or(pack)
}

// exchanged records the Dominika exchange of p's and q's hands before it
// happens: each learns where its old hand goes.
func (s *State) exchanged(p, q int) {
	s.seats[p].knows.or(s.seats[p].hand)
	s.seats[q].knows.or(s.seats[q].hand)
}
