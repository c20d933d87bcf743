package frontline

import (
	"strconv"

	"stolik/engine"
)

// HiddenFacts are the cards viewer may not know, as the JSON of a view
// names them: the cards in other players' hands, packs and face-down
// cards, and both decks. A card viewer passed on in the current draft may
// be named (it is in viewer's own history), and so may a card that was
// face up once (a discard pile reshuffled into a deck is public as a set).
//
// The conformance kit and the server's wire tests search what a seat is
// sent for these; finding one is a leak.
func HiddenFacts(st engine.State, viewer engine.Seat) []string {
	s := st.(*State)
	var facts []string
	var seen cardSet
	if viewer >= 0 {
		seen = s.seats[viewer].passed
		seen.or(s.seats[viewer].hand)
		seen.or(s.seats[viewer].pack)
	}
	card := func(i uint8) {
		if !seen.has(i) && !s.faceUp.has(i) {
			facts = append(facts, strconv.Quote(s.pack.ActionName(i)))
		}
	}
	for q := 0; q < int(s.n); q++ {
		if engine.Seat(q) == viewer {
			continue
		}
		st := &s.seats[q]
		st.hand.each(card)
		st.pack.each(card)
		if st.is(fCommitted) {
			card(st.committed)
		}
	}
	for _, c := range s.deck[:s.deckN] {
		card(c)
	}
	for _, c := range s.adeck[:s.adeckN] {
		if s.faceUpA&(1<<c) == 0 {
			facts = append(facts, strconv.Quote(s.pack.AttackName(c)))
		}
	}
	return facts
}
