package asterix

import "stolik/engine"

// Event kinds; kindNames are their stable names.
const (
	EvPlayed         engine.EventKind = iota // Seat played Card on slot A, side B
	EvDrew                                   // Seat drew Card (redacted for others)
	EvReshuffled                             // the discard pile (A cards) became the deck
	EvDiscarded                              // Seat discarded Card from hand
	EvKnockedOut                             // Card knocked out
	EvRevived                                // Card revived
	EvEliminated                             // Card eliminated
	EvSummoned                               // Card summoned by Seat to slot A, side B
	EvPotion                                 // a potion was put on Card
	EvGainedToken                            // Seat gained a token of kind A
	EvUsedToken                              // Seat used a token of kind A
	EvGainedHelmet                           // Seat gained a helmet of kind A
	EvLostHelmet                             // Seat returned a helmet of kind A
	EvCaptured                               // Seat captured the Album on slot A (album B)
	EvReturned                               // Card went back to Seat's hand at a capture
	EvNewAlbum                               // Seat placed album B on slot A, blue half toward Seat when Card = 0
	EvTookDiscardTop                         // Seat took Card from the discard pile
	EvTurn                                   // Seat's turn begins (turn A)
	EvWon                                    // Seat won with A sestertii
	EvAbilitySkipped                         // Seat did not use Card's ability
)

var kindNames = [...]string{
	EvPlayed: "played", EvDrew: "drew", EvReshuffled: "reshuffled", EvDiscarded: "discarded",
	EvKnockedOut: "knocked_out", EvRevived: "revived", EvEliminated: "eliminated", EvSummoned: "summoned",
	EvPotion: "potion", EvGainedToken: "gained_token", EvUsedToken: "used_token", EvGainedHelmet: "gained_helmet",
	EvLostHelmet: "lost_helmet", EvCaptured: "captured", EvReturned: "returned", EvNewAlbum: "new_album",
	EvTookDiscardTop: "took_discard_top", EvTurn: "turn", EvWon: "won", EvAbilitySkipped: "ability_skipped",
}

// KindName is the stable name of an event kind.
func KindName(k engine.EventKind) string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}

func rule(code, pl, en string) engine.Rule { return engine.Rule{Code: code, PL: pl, EN: en} }

// Rule errors, citing the rulebook.
var (
	errBadNotation = rule("bad_notation",
		"Nie rozumiem ruchu %q: %s.",
		"Cannot read the move %q: %s.")
	errUnknownCard   = rule("unknown_card", "Nie ma karty %q w tej grze.", "There is no card %q in this game.")
	errNotInHand     = rule("card_not_in_hand", "Karty %s nie masz na ręce.", "%s is not in your hand.")
	errNotYourAlbum  = rule("not_adjacent_album", "Album na miejscu %d nie leży obok ciebie: grasz na jednym z dwóch Albumów obok siebie.", "The Album on place %d is not next to you: you play on one of the two Albums beside you.")
	errWrongColour   = rule("wrong_colour", "%s nie może leżeć na %s stronie: Galowie idą na niebieską, Rzymianie na czerwoną, neutralni na dowolną.", "%s cannot go on a %s half: Gauls go on blue, Romans on red, neutrals on either.")
	errHeroVisible   = rule("hero_visible", "%s: inna karta tego Bohatera jest już widoczna w grze.", "%s: another card of this Hero is already visible in play.")
	errRequirement   = rule("requirement_unmet", "%s: nie możesz spełnić wymagania specjalnego tej karty.", "%s: you cannot meet this card's special requirement.")
	errAlbumForbids  = rule("album_forbids", "Album %s na to nie pozwala: %s", "The Album %s does not allow it: %s")
	errHalfFull      = rule("half_full", "Na tej stronie Albumu nie ma już miejsca.", "This half of the Album has no room left.")
	errNoToken       = rule("no_token", "Nie masz żetonu: %s.", "You have no %s token.")
	errBadTarget     = rule("bad_target", "%s nie jest dozwolonym celem.", "%s is not a legal target.")
	errNoSuchAlbum   = rule("no_such_album", "Na miejscu %d nie leży Album.", "There is no Album on place %d.")
	errWrongPhase    = rule("wrong_decision", "Teraz nie można tego zrobić: %s.", "That cannot be done now: %s.")
	errBNeedsToken   = rule("option_b_needs_token", "Akcja B wymaga żetonu Korzyści, którego możesz teraz użyć (AX-A9).", "Option B needs an Advantage token you can use now (AX-A9).")
	errCannotTake    = rule("cannot_take_token", "Nie możesz wziąć żetonu (%s): masz już 2 albo zasoby są puste.", "You cannot take a %s token: you hold 2 already or the supply is empty.")
	errNoHelmet      = rule("no_helmet", "Nie masz hełmu %s.", "You have no %s helmet.")
	errIllegalChoice = rule("illegal_choice", "Ruch %q jest teraz niedozwolony.", "The move %q is not legal now.")
)
