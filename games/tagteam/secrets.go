package tagteam

import (
	"strconv"

	"stolik/engine"
)

// HiddenFacts are the card names viewer may not see: every build deck card
// (but the bottom cards viewer placed), the opponent's offer and the
// opponent's new card until it is revealed.
//
// The conformance kit and the server's wire tests search what a seat is
// sent for these; finding one is a leak.
func HiddenFacts(st engine.State, viewer engine.Seat) []string {
	s := st.(*State)
	var facts []string
	card := func(c uint8) { facts = append(facts, strconv.Quote(s.pack.InstanceName(c))) }
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		n := int(pl.buildN)
		if engine.Seat(p) == viewer {
			n -= int(pl.known)
		} else {
			for _, c := range pl.offer[:pl.offerN] {
				card(c)
			}
			if pl.newCard != none && s.newCardHidden(p) {
				card(pl.newCard)
			}
		}
		for _, c := range pl.build[:n] {
			card(c)
		}
	}
	return facts
}
