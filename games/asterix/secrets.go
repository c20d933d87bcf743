package asterix

import (
	"strconv"

	"stolik/engine"
)

// HiddenFacts are the cards viewer may not know, as the JSON of a view
// names a card: other players' hand cards nobody saw arrive and the whole
// Character deck; and the Albums of the Album deck (only the top cover,
// which names no id, is public).
//
// The conformance kit and the server's wire tests search what a seat is
// sent for these; finding one is a leak.
func HiddenFacts(st engine.State, viewer engine.Seat) []string {
	s := st.(*State)
	var facts []string
	card := func(i uint8) { facts = append(facts, `"card":`+strconv.Quote(s.pack.InstanceName(i))) }
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		if q == viewer {
			continue
		}
		s.hands[q].each(func(i uint8) {
			if !s.known[q].has(i) && s.epoch[i] == 0 {
				card(i)
			}
		})
	}
	for _, c := range s.deck[:s.deckN] {
		if s.epoch[c] == 0 { // never seen: not reshuffled from the discard pile
			card(c)
		}
	}
	for _, a := range s.albums[:s.albumsN] {
		facts = append(facts, `"id":`+strconv.Quote(s.pack.Albums[a].ID), `"album":`+strconv.Quote(s.pack.Albums[a].ID))
	}
	return facts
}
