package cardline

import (
	"fmt"

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
	sn.Options = map[string]any{"empty_deck_skip": s.rules.emptyDeckSkip, "finish_immediate": s.rules.immediate, "eliminated_to_box": s.rules.eliminatedToBox}
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
	ev := engine.EventView{Kind: KindName(e.Kind), Seat: int(e.Seat), Data: map[string]any{}}
	pl := lang != engine.EN
	name := ""
	if e.Card >= 0 && int(e.Card) < len(s.pack.Cards) {
		name = s.pack.Cards[e.Card].Name.In(lang)
	}
	who := engine.SeatName(e.Seat).In(lang)
	switch e.Kind {
	case EvPlaced:
		c := s.revealedCard(uint8(e.Card))
		ev.Data["card"] = c
		ev.Data["gap"] = e.A
		ev.Data["correct"] = e.B == 1
		val := valueText(&s.pack.Cards[e.Card], s.trait)
		tr := traitText[s.trait].In(lang)
		// People count the line's cards from 1: gap g makes the card the
		// line's (g+1)th (the notation's gap numbers start at 0).
		at := e.A + 1
		switch {
		case e.B == 1 && pl:
			ev.Text = fmt.Sprintf("%s kładzie %s jako %d. kartę szeregu: %s %s — dobrze!", who, name, at, tr, val)
		case e.B == 1:
			ev.Text = fmt.Sprintf("%s places %s as card %d of the line: %s %s — correct!", who, name, at, tr, val)
		case pl:
			ev.Text = fmt.Sprintf("%s kładzie %s jako %d. kartę szeregu: %s %s — źle, karta idzie do pudełka.", who, name, at, tr, val)
		default:
			ev.Text = fmt.Sprintf("%s places %s as card %d of the line: %s %s — wrong, the card goes to the box.", who, name, at, tr, val)
		}
	case EvDrew:
		ev.Data["card"] = s.front(uint8(e.Card))
		ev.Text = pick(pl, fmt.Sprintf("%s dobiera kartę: %s.", who, name), fmt.Sprintf("%s draws a card: %s.", who, name))
	case EvNoDraw:
		ev.Text = pick(pl, fmt.Sprintf("%s nie ma czego dobrać: talia i pudełko są puste.", who), fmt.Sprintf("%s cannot draw: the deck and the box are empty.", who))
	case EvReshuffled:
		ev.Data["count"] = e.A
		n := engine.Count(int(e.A), "karta|karty|kart", "card|cards")
		ev.Text = pick(pl, fmt.Sprintf("Talia się skończyła: pudełko staje się nową talią (%s).", n.PL), fmt.Sprintf("The deck ran out: the box becomes the new deck (%s).", n.EN))
	case EvRoundEnd:
		ev.Data["round"] = e.A
		ev.Text = pick(pl, fmt.Sprintf("Koniec rundy %d.", e.A), fmt.Sprintf("End of round %d.", e.A))
	case EvEliminated:
		ev.Data["round"] = e.A
		ev.Text = pick(pl, fmt.Sprintf("%s odpada z gry.", who), fmt.Sprintf("%s is eliminated.", who))
	case EvWon:
		ev.Data["round"] = e.A
		ev.Text = pick(pl, fmt.Sprintf("%s wygrywa!", who), fmt.Sprintf("%s wins!", who))
	default:
		return engine.EventView{}, false
	}
	return ev, true
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
