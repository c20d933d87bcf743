package cardline

import "stolik/engine"

// Rule errors of Cardline, with the rule they cite.
var (
	errNotation = engine.Rule{Code: "bad_notation",
		PL: "Nie rozumiem ruchu %q: ruch to karta@miejsce, np. hulk@2 (nie ma pasowania: zawsze zagrywasz kartę).",
		EN: "Cannot read the move %q: a move is card@gap, e.g. hulk@2 (there is no pass: you always play a card)."}
	errNotationGap = engine.Rule{Code: "bad_notation",
		PL: "Nie rozumiem ruchu %q: miejsce to liczba 0..n, gdzie n to liczba kart w szeregu.",
		EN: "Cannot read the move %q: the gap is a number 0..n, n being the number of cards in the line."}
	errNoSuchCard = engine.Rule{Code: "no_such_card",
		PL: "Ruch %d nie oznacza żadnej karty.",
		EN: "Move %d names no card."}
	errUnknownCard = engine.Rule{Code: "unknown_card",
		PL: "Nie ma karty %q w tej talii.",
		EN: "There is no card %q in this deck."}
	errCardNotInHand = engine.Rule{Code: "card_not_in_hand",
		PL: "Karty %[1]s nie ma wśród twoich kart: zagrywasz jedną ze swoich kart (zasady: Opis rozgrywki).",
		EN: "%[2]s is not one of your cards: you play one of your own cards (rules: How to play)."}
	errNoSuchGap = engine.Rule{Code: "no_such_gap",
		PL: "Nie ma miejsca %d: szereg liczy %s, więc miejsca to 0..%d.",
		EN: "There is no gap %d: the line has %s, so the gaps are 0..%d."}
)

// Event kinds; their names (the "kind" of an event's JSON) are kindNames.
const (
	EvPlaced     engine.EventKind = iota // Seat placed Card in gap A; B = 1 correct, 0 failed (the card went to the box)
	EvDrew                               // Seat drew Card (its front; its traits stay hidden)
	EvNoDraw                             // Seat could not draw: no card left in the deck (nor the box)
	EvReshuffled                         // the box, A cards, became the new deck
	EvRoundEnd                           // round A ended
	EvEliminated                         // Seat was eliminated in round A
	EvWon                                // Seat won in round A; B says how (WonAlone, WonFirst, WonShared)
	EvNoWinner                           // nobody can play any more and nobody placed their last card correctly (round A)
)

var kindNames = [...]string{
	EvPlaced: "placed", EvDrew: "drew", EvNoDraw: "no_draw", EvReshuffled: "reshuffled",
	EvRoundEnd: "round_end", EvEliminated: "eliminated", EvWon: "won", EvNoWinner: "no_winner",
}

// KindName is the stable name of an event kind.
func KindName(k engine.EventKind) string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}
