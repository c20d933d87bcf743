package cardline

import (
	"fmt"
	"math/bits"
	"strconv"

	"stolik/engine"
)

// CardFront is what the name side of a card shows: public for every card.
type CardFront struct {
	ID     string      `json:"id"`
	Name   engine.Text `json:"name"`
	Colour string      `json:"colour"`
}

// Traits are the values on a card's back.
type Traits struct {
	Strength   string `json:"strength"`
	StrengthKG int64  `json:"strength_kg"`
	IQ         int64  `json:"iq"`
	Combat     int64  `json:"combat"`
}

// RevealedCard is a card whose trait side lies face up.
type RevealedCard struct {
	CardFront
	Traits Traits `json:"traits"`
}

// PlayerView is one player as everybody sees them.
type PlayerView struct {
	Seat       int         `json:"seat"`
	Active     bool        `json:"active"`
	Eliminated int         `json:"eliminated_in_round,omitempty"`
	Cards      []CardFront `json:"cards"` // fronts only: nobody sees the traits, not even the owner
	// Warnings: rivals one card from winning (warn.go).
	Warnings []Warning `json:"warnings,omitempty"`
}

// View is what a seat may know. In Cardline every player knows the same:
// the view is the public information, whoever asks (spec section 9).
type View struct {
	Game      string         `json:"game"`
	Viewer    int            `json:"viewer"`
	Trait     string         `json:"trait"`
	Round     int            `json:"round"`
	Turn      int            `json:"turn"` // -1 once the game is over
	First     int            `json:"first"`
	Line      []RevealedCard `json:"line"`
	Players   []PlayerView   `json:"players"`
	DeckCount int            `json:"deck_count"`
	DeckTop   *CardFront     `json:"deck_top,omitempty"` // the deck lies trait side down: its top front is visible (CL-A13)
	Box       []RevealedCard `json:"box"`                // every failed card was revealed (CL-A14)
	OutCount  int            `json:"out_count"`
	Winners   []int          `json:"winners,omitempty"`
}

func (s *State) front(c uint8) CardFront {
	k := &s.pack.Cards[c]
	return CardFront{ID: k.ID, Name: k.Name, Colour: k.Colour}
}

func (s *State) revealedCard(c uint8) RevealedCard {
	k := &s.pack.Cards[c]
	return RevealedCard{CardFront: s.front(c), Traits: Traits{k.Strength, k.StrengthKG, k.IQ, k.Combat}}
}

// View builds the public view by copying in what may be known, card by card.
func (s *State) View(viewer engine.Seat) any {
	v := View{
		Game: "cardline", Viewer: int(viewer), Trait: s.trait.String(), Round: int(s.round),
		Turn: int(s.turn), First: int(s.first), DeckCount: int(s.deckLen), OutCount: int(s.out),
		Line: make([]RevealedCard, s.lineLen), Box: make([]RevealedCard, s.boxLen),
	}
	for i, c := range s.line[:s.lineLen] {
		v.Line[i] = s.revealedCard(c)
	}
	for i, c := range s.box[:s.boxLen] {
		v.Box[i] = s.revealedCard(c)
	}
	if s.deckLen > 0 {
		top := s.front(s.deck[s.deckLen-1])
		v.DeckTop = &top
	}
	for p := range int(s.seats) {
		pv := PlayerView{Seat: p, Active: s.isActive(engine.Seat(p)), Eliminated: int(s.eliminatedIn[p]), Cards: []CardFront{}, Warnings: s.warnings(p)}
		for _, c := range s.hands[p][:s.handLen[p]] {
			pv.Cards = append(pv.Cards, s.front(c))
		}
		v.Players = append(v.Players, pv)
		if s.winners&(1<<uint(p)) != 0 {
			v.Winners = append(v.Winners, p)
		}
	}
	return v
}

// Snapshot is the whole state, hidden values included (replay --json).
type Snapshot struct {
	Trait    string           `json:"trait"`
	Players  int              `json:"players"`
	First    int              `json:"first"`
	Round    int              `json:"round"`
	Turn     int              `json:"turn"`
	Active   []bool           `json:"active"`
	Hands    [][]RevealedCard `json:"hands"`
	Line     []RevealedCard   `json:"line"`
	Deck     []RevealedCard   `json:"deck"` // top first
	Box      []RevealedCard   `json:"box"`
	OutCount int              `json:"out_count"`
	Winners  []int            `json:"winners"`
	Options  map[string]any   `json:"rules"`
	RNG      string           `json:"rng"`
}

func (s *State) Snapshot() any {
	sn := Snapshot{Trait: s.trait.String(), Players: int(s.seats), First: int(s.first), Round: int(s.round),
		Turn: int(s.turn), OutCount: int(s.out), RNG: s.rng.String(), Winners: []int{},
		Line: []RevealedCard{}, Deck: []RevealedCard{}, Box: []RevealedCard{}}
	sn.Options = map[string]any{"empty_deck_skip": s.rules.emptyDeckSkip, "finish_immediate": s.rules.immediate, "eliminated_to_box": s.rules.eliminatedToBox, "tie_share": s.rules.tieShare}
	for p := range int(s.seats) {
		sn.Active = append(sn.Active, s.isActive(engine.Seat(p)))
		h := []RevealedCard{}
		for _, c := range s.hands[p][:s.handLen[p]] {
			h = append(h, s.revealedCard(c))
		}
		sn.Hands = append(sn.Hands, h)
		if s.winners&(1<<uint(p)) != 0 {
			sn.Winners = append(sn.Winners, p)
		}
	}
	for _, c := range s.line[:s.lineLen] {
		sn.Line = append(sn.Line, s.revealedCard(c))
	}
	for i := int(s.deckLen) - 1; i >= 0; i-- {
		sn.Deck = append(sn.Deck, s.revealedCard(s.deck[i]))
	}
	for _, c := range s.box[:s.boxLen] {
		sn.Box = append(sn.Box, s.revealedCard(c))
	}
	return sn
}

// RedactEvent renders an event. Nothing in Cardline is private to a seat;
// a drawn card shows its front only, a placed card its revealed traits.
func (s *State) RedactEvent(e engine.Event, viewer engine.Seat, lang engine.Lang) (engine.EventView, bool) {
	var buf [192]byte
	text, ok := s.eventText(buf[:0], e, lang)
	if !ok {
		return engine.EventView{}, false
	}
	ev := engine.EventView{Kind: KindName(e.Kind), Seat: int(e.Seat), Data: map[string]any{}, Text: string(text)}
	switch e.Kind {
	case EvPlaced:
		ev.Data["card"] = s.revealedCard(uint8(e.Card))
		ev.Data["gap"] = e.A
		ev.Data["correct"] = e.B == 1
	case EvDrew:
		ev.Data["card"] = s.front(uint8(e.Card))
	case EvReshuffled:
		ev.Data["count"] = e.A
	case EvRoundEnd, EvEliminated, EvWon, EvNoWinner:
		ev.Data["round"] = e.A
		if e.Kind == EvWon {
			ev.Data["how"] = wonHow(e.B)
		}
	}
	return ev, true
}

// AppendEvent writes RedactEvent's view of the event as JSON without
// building it (engine.EventAppender): the cards as the pack has them
// written.
func (s *State) AppendEvent(dst []byte, e engine.Event, viewer engine.Seat, lang engine.Lang) ([]byte, bool) {
	var buf [192]byte
	text, ok := s.eventText(buf[:0], e, lang)
	if !ok {
		return dst, false
	}
	dst = engine.AppendJSONField(append(dst, '{'), "kind", KindName(e.Kind))
	dst = engine.AppendJSONInt(dst, "seat", int64(e.Seat))
	switch e.Kind {
	case EvPlaced:
		dst = append(engine.AppendJSONKey(dst, "data"), '{')
		dst = append(engine.AppendJSONKey(dst, "card"), s.pack.revealed[e.Card]...)
		dst = engine.AppendJSONBool(dst, "correct", e.B == 1)
		dst = append(engine.AppendJSONInt(dst, "gap", int64(e.A)), '}')
	case EvDrew:
		dst = append(engine.AppendJSONKey(dst, "data"), '{')
		dst = append(append(engine.AppendJSONKey(dst, "card"), s.pack.fronts[e.Card]...), '}')
	case EvReshuffled:
		dst = append(engine.AppendJSONInt(append(engine.AppendJSONKey(dst, "data"), '{'), "count", int64(e.A)), '}')
	case EvWon:
		dst = append(engine.AppendJSONKey(dst, "data"), '{')
		dst = engine.AppendJSONField(dst, "how", wonHow(e.B))
		dst = append(engine.AppendJSONInt(dst, "round", int64(e.A)), '}')
	case EvRoundEnd, EvEliminated, EvNoWinner:
		dst = append(engine.AppendJSONInt(append(engine.AppendJSONKey(dst, "data"), '{'), "round", int64(e.A)), '}')
	}
	return append(engine.AppendJSONBytes(engine.AppendJSONKey(dst, "text"), text), '}'), true
}

// eventText appends the event's text in lang; false for a kind of event
// that is not shown.
func (s *State) eventText(dst []byte, e engine.Event, lang engine.Lang) ([]byte, bool) {
	pl := lang != engine.EN
	name := ""
	if e.Card >= 0 && int(e.Card) < len(s.pack.Cards) {
		name = s.pack.Cards[e.Card].Name.In(lang)
	}
	who := func(dst []byte) []byte {
		return strconv.AppendInt(append(dst, pick(pl, "Gracz ", "Player ")...), int64(e.Seat)+1, 10)
	}
	switch e.Kind {
	case EvPlaced:
		card := &s.pack.Cards[e.Card]
		// People count the line's cards from 1: gap g makes the card the
		// line's (g+1)th (the notation's gap numbers start at 0).
		at := int64(e.A) + 1
		// A card's name is its title, in the nominative: the Polish
		// sentence names the card and quotes its title ("kładzie kartę
		// „Czarna Wdowa”"), which no case table needs.
		if pl {
			dst = append(append(append(who(dst), " kładzie kartę „"...), name...), "”"...)
			dst = append(strconv.AppendInt(append(dst, " na "...), at, 10), ". miejscu szeregu: "...)
		} else {
			dst = append(append(who(dst), " places "...), name...)
			dst = append(strconv.AppendInt(append(dst, " as card "...), at, 10), " of the line: "...)
		}
		dst = append(append(dst, traitText[s.trait].In(lang)...), ' ')
		if s.trait == Strength {
			dst = append(dst, card.Strength...)
		} else {
			dst = strconv.AppendInt(dst, card.Value(s.trait), 10)
		}
		switch {
		case e.B == 1:
			dst = append(dst, pick(pl, " — dobrze!", " — correct!")...)
		default:
			dst = append(dst, pick(pl, " — źle, karta idzie do pudełka.", " — wrong, the card goes to the box.")...)
		}
	case EvDrew:
		dst = append(append(append(who(dst), pick(pl, " dobiera kartę: ", " draws a card: ")...), name...), '.')
	case EvNoDraw:
		dst = append(who(dst), pick(pl, " nie ma czego dobrać: talia i pudełko są puste.", " cannot draw: the deck and the box are empty.")...)
	case EvReshuffled:
		n := engine.Count(int(e.A), "karta|karty|kart", "card|cards").In(lang)
		dst = append(append(append(dst, pick(pl, "Talia się skończyła: pudełko staje się nową talią (", "The deck ran out: the box becomes the new deck (")...), n...), ')', '.')
	case EvRoundEnd:
		dst = append(strconv.AppendInt(append(dst, pick(pl, "Koniec rundy ", "End of round ")...), int64(e.A), 10), '.')
	case EvEliminated:
		dst = append(who(dst), pick(pl, " odpada z gry.", " is eliminated.")...)
	case EvWon:
		// The game is over when a win is told: how (e.B) and the final
		// position say why.
		dst = appendWon(who(dst), s.winReason(e.B), pl)
	case EvNoWinner:
		dst = append(dst, pick(pl, "Nikt nie może już zagrać i nikt nie zagrał prawidłowo ostatniej karty: nikt nie wygrywa.",
			"Nobody can play any more and nobody placed their last card correctly: nobody wins.")...)
	default:
		return dst, false
	}
	return dst, true
}

// wonHow names how a game was won (an EvWon event's B) in the event's data.
func wonHow(b int32) string {
	switch b {
	case WonFirst:
		return "first"
	case WonShared:
		return "shared"
	}
	return "alone"
}

// Why a seat won, as its EvWon event tells it.
const (
	wonLastCard = iota // it placed its last card correctly, alone
	wonTieBreak        // after a tie-break: it placed its tie-break card correctly, alone
	wonShared          // it finished with others and no card was left for a tie-break
	wonFirst           // it finished with others, no card was left, and it finished first
)

// winReason is why the seat the EvWon event of how (WonAlone, WonFirst,
// WonShared) names wins: alone after a tie-break when a seat has been
// eliminated (only a tie-break eliminates).
func (s *State) winReason(how int32) int32 {
	switch {
	case how == WonShared || bits.OnesCount8(s.winners) > 1:
		return wonShared
	case how == WonFirst:
		return wonFirst
	}
	for p := range int(s.seats) {
		if s.eliminatedIn[p] > 0 {
			return wonTieBreak
		}
	}
	return wonLastCard
}

// appendWon appends the words of a win after the seat's name: that it
// wins, and why (the rulebook: the first player to place their last card
// correctly wins).
func appendWon(dst []byte, why int32, pl bool) []byte {
	switch why {
	case wonTieBreak:
		return append(dst, pick(pl, " wygrywa dogrywkę: jako jedyny prawidłowo zagrał kartę dobraną do dogrywki.",
			" wins the tie-break: the only one to place the tie-break card correctly.")...)
	case wonShared:
		return append(dst, pick(pl, " dzieli zwycięstwo: zagrał wszystkie karty, a do dogrywki nie ma już kart.",
			" shares the win: all their cards are placed and no card is left for a tie-break.")...)
	case wonFirst:
		return append(dst, pick(pl, " wygrywa: do dogrywki nie ma już kart, a jako pierwszy prawidłowo zagrał swoją ostatnią kartę.",
			" wins: no card is left for a tie-break, and they were the first to place their last card correctly.")...)
	}
	return append(dst, pick(pl, " wygrywa: jako pierwszy prawidłowo zagrał swoją ostatnią kartę.",
		" wins: the first to place their last card correctly.")...)
}

func pick(pl bool, a, b string) string {
	if pl {
		return a
	}
	return b
}

// valueText prints a card's value of trait t as the card shows it.
func valueText(c *Card, t Trait) string {
	if t == Strength {
		return c.Strength
	}
	return fmt.Sprint(c.Value(t))
}
