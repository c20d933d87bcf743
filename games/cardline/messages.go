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
		PL: "Nie ma miejsca %d: szereg ma %d kart(y), więc miejsca to 0..%[2]d.",
		EN: "There is no gap %d: the line has %d card(s), so the gaps are 0..%[2]d."}
)

// Event kinds.
const (
	EvPlaced     = "placed"     // Seat placed Card in gap A; B = 1 correct, 0 failed (the card went to the box)
	EvDrew       = "drew"       // Seat drew Card (its front; its traits stay hidden)
	EvNoDraw     = "no_draw"    // Seat could not draw: no card left in the deck (nor the box)
	EvReshuffled = "reshuffled" // the box, A cards, became the new deck
	EvRoundEnd   = "round_end"  // round A ended
	EvEliminated = "eliminated" // Seat was eliminated in round A
	EvWon        = "won"        // Seat won in round A
)
