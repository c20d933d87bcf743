// Package cardline plays Cardline: Marvel: players place their cards, trait
// side down, into a line ordered by one trait, and the first to place all
// their cards correctly wins. The rules follow shared/rules/cardline.md;
// every proposal of that spec (CL-A*) is the default of an option.
package cardline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"stolik/engine"
)

// Limits of the game (spec CL-A1, CL-A4).
const (
	MinPlayers = 2
	MaxPlayers = 8
	MinHand    = 4
	MaxHand    = 8
)

// Game is Cardline: Marvel with one content pack.
type Game struct {
	pack *Pack
}

// New returns the game with the project's own deck.
func New() *Game { return &Game{pack: DefaultPack()} }

// WithPack returns the game played with another pack (an owner's transcription).
func WithPack(p *Pack) *Game { return &Game{pack: p} }

// Pack is the game's content.
func (g *Game) Pack() *Pack { return g.pack }

func (g *Game) Name() string { return "cardline" }

func (g *Game) Title() engine.Text {
	return engine.Text{PL: "Cardline: Marvel", EN: "Cardline: Marvel"}
}

var seatValues, seatTexts = engine.SeatValues(MaxPlayers)

func (g *Game) Options() []engine.OptionSpec {
	t := func(pl, en string) engine.Text { return engine.Text{PL: pl, EN: en} }
	return []engine.OptionSpec{
		{Name: "players", Kind: engine.IntOption, Default: 4, Min: MinPlayers, Max: MaxPlayers,
			Help: engine.Text{PL: "Liczba graczy (2–8, CL-A1).", EN: "Number of players (2–8, CL-A1)."}},
		{Name: "trait", Kind: engine.EnumOption, Default: "random", Values: []string{"random", "strength", "iq", "combat"},
			ValueTexts: map[string]engine.Text{"random": t("losowo", "at random"), "strength": traitText[Strength], "iq": traitText[IQ], "combat": traitText[Combat]},
			Help:       engine.Text{PL: "Cecha porównywana w całej grze, wybrana albo losowana (CL-A3).", EN: "The trait compared all game, chosen or drawn (CL-A3)."}},
		{Name: "hand", Kind: engine.IntOption, Default: 4, Min: MinHand, Max: MaxHand,
			Help: engine.Text{PL: "Liczba kart rozdawanych każdemu graczowi (CL-A4).", EN: "Cards dealt to each player (CL-A4)."}},
		{Name: "first", Kind: engine.EnumOption, Default: "random", Values: seatValues, ValueTexts: seatTexts,
			Help: engine.Text{PL: "Pierwszy gracz: wybrane miejsce albo losowo (CL-A2).", EN: "First player: a chosen seat, or at random (CL-A2)."}},
		{Name: "empty_deck", Kind: engine.EnumOption, Default: "reshuffle", Values: []string{"reshuffle", "skip"},
			ValueTexts: map[string]engine.Text{"reshuffle": t("nowa talia z pudełka", "a new deck from the box"), "skip": t("bez dobierania", "no draw")},
			Help:       engine.Text{PL: "Pusta talia: przetasuj karty z pudełka w nową talię, albo pomiń dobieranie (CL-A5).", EN: "Empty deck: shuffle the box into a new deck, or skip the draw (CL-A5)."}},
		{Name: "finish", Kind: engine.EnumOption, Default: "round", Values: []string{"round", "immediate"},
			ValueTexts: map[string]engine.Text{"round": t("na koniec rundy", "at the end of the round"), "immediate": t("od razu", "at once")},
			Help:       engine.Text{PL: "Zwycięstwo sprawdzane na koniec rundy, albo od razu po ostatniej karcie (CL-A6).", EN: "Victory checked at the end of the round, or at once on the last card (CL-A6)."}},
		{Name: "tie_no_cards", Kind: engine.EnumOption, Default: "first", Values: []string{"first", "share"},
			ValueTexts: map[string]engine.Text{"first": t("wygrywa pierwszy", "the first wins"), "share": t("wspólne zwycięstwo", "a shared win")},
			Help: engine.Text{PL: "Dogrywka, w której nie ma już kart do zagrania: wygrywa ten, kto pierwszy prawidłowo zagrał ostatnią kartę, albo zwycięstwo jest wspólne.",
				EN: "A tie-break with no card left to play: the first to place their last card correctly wins, or the finishers share the win."}},
		{Name: "eliminated_cards", Kind: engine.EnumOption, Default: "out", Values: []string{"out", "box"},
			ValueTexts: map[string]engine.Text{"out": t("poza grą", "out of play"), "box": t("do pudełka", "into the box")},
			Help:       engine.Text{PL: "Karty wyeliminowanych graczy: poza grą, albo do pudełka (CL-A16).", EN: "Eliminated players' cards: out of play, or into the box (CL-A16)."}},
	}
}

// setupSpec is the record's "setup" object (docs/games/cardline.md).
type setupSpec struct {
	Hands     [][]string `json:"hands"`
	HandSizes []int      `json:"hand_sizes"`
	Line      []string   `json:"line"`
	Decks     struct {
		Draw *[]string `json:"draw"`
		Box  []string  `json:"box"`
	} `json:"decks"`
}

// New sets a game up: trait, first player, the shuffle and the deal, or the
// explicit cards of setup.
func (g *Game) New(opts engine.Options, setup json.RawMessage, seed uint64) (engine.State, error) {
	s, err := g.newState(opts, setup, seed)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (g *Game) newState(opts engine.Options, setup json.RawMessage, seed uint64) (*State, error) {
	if opts == nil {
		var err error
		if opts, err = engine.ResolveOptions(g.Options(), nil); err != nil {
			return nil, err
		}
	}
	n := opts.Int("players")
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("players must be %d..%d, not %d", MinPlayers, MaxPlayers, n)
	}
	hand := opts.Int("hand")
	if hand == 0 {
		hand = MinHand
	}
	s := &State{
		pack:   g.pack,
		seats:  int8(n),
		rng:    engine.NewRNG(seed),
		events: make([]engine.Event, 0, eventsCap),
	}
	s.rules.emptyDeckSkip = opts.String("empty_deck") == "skip"
	s.rules.immediate = opts.String("finish") == "immediate"
	s.rules.eliminatedToBox = opts.String("eliminated_cards") == "box"
	s.rules.tieShare = opts.String("tie_no_cards") == "share"
	switch t := opts.String("trait"); t {
	case "strength":
		s.trait = Strength
	case "iq":
		s.trait = IQ
	case "combat":
		s.trait = Combat
	default:
		s.trait = Trait(s.rng.IntN(3))
	}
	s.vals = g.pack.values[s.trait]
	if f := opts.String("first"); f == "" || f == "random" {
		s.first = engine.Seat(s.rng.IntN(n))
	} else {
		v, _ := strconv.Atoi(f)
		if v >= n {
			return nil, fmt.Errorf("first player %d is not a seat of a %d-player game", v, n)
		}
		s.first = engine.Seat(v)
	}
	var sp setupSpec
	if len(bytes.TrimSpace(setup)) > 0 && !bytes.Equal(bytes.TrimSpace(setup), []byte("null")) {
		dec := json.NewDecoder(bytes.NewReader(setup))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sp); err != nil {
			return nil, fmt.Errorf("setup: %v", err)
		}
	}
	if err := s.deal(sp, hand); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	s.active = uint8(1<<n - 1)
	s.round = 1
	s.turn = s.roundStart()
	s.winner = engine.NoSeat
	return s, nil
}

// deal places the cards: the setup's explicit cards first, the rest shuffled.
func (s *State) deal(sp setupSpec, hand int) error {
	sizes, err := s.handSizes(sp, hand)
	if err != nil {
		return err
	}
	var used cardSet
	if err := s.placeHands(sp, sizes, &used); err != nil {
		return err
	}
	if err := s.placeLine(sp, &used); err != nil {
		return err
	}
	if err := s.placeBox(sp, &used); err != nil {
		return err
	}
	if err := s.fillDeck(sp, &used); err != nil {
		return err
	}
	return s.dealRest(sp, sizes, hand)
}

// handSizes is how many cards each seat is dealt: hand, or the setup's sizes.
func (s *State) handSizes(sp setupSpec, hand int) ([]int, error) {
	n := int(s.seats)
	if sp.Hands != nil && len(sp.Hands) != n {
		return nil, fmt.Errorf("hands: %d hands given for %d players", len(sp.Hands), n)
	}
	if sp.HandSizes != nil && len(sp.HandSizes) != n {
		return nil, fmt.Errorf("hand_sizes: %d sizes given for %d players", len(sp.HandSizes), n)
	}
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = hand
		if sp.HandSizes != nil {
			if sp.HandSizes[i] < 1 || sp.HandSizes[i] > MaxHand {
				return nil, fmt.Errorf("hand_sizes[%d]: %d is not 1..%d", i, sp.HandSizes[i], MaxHand)
			}
			sizes[i] = sp.HandSizes[i]
		}
	}
	return sizes, nil
}

// takeCard is the card the setup names id at where, each card at most once.
func (s *State) takeCard(used *cardSet, where, id string) (uint8, error) {
	i, ok := s.pack.Lookup(id)
	if !ok {
		return 0, fmt.Errorf("%s: unknown card %q", where, id)
	}
	if used.has(uint8(i)) {
		return 0, fmt.Errorf("%s: card %q is used twice", where, id)
	}
	used.set(uint8(i))
	return uint8(i), nil
}

// placeHands gives each seat the hand the setup names, if it names them.
func (s *State) placeHands(sp setupSpec, sizes []int, used *cardSet) error {
	for i, h := range sp.Hands {
		if len(h) > MaxHand {
			return fmt.Errorf("hands[%d]: %d cards, at most %d", i, len(h), MaxHand)
		}
		sizes[i] = len(h)
		for _, id := range h {
			c, err := s.takeCard(used, fmt.Sprintf("hands[%d]", i), id)
			if err != nil {
				return err
			}
			s.hands[i][s.handLen[i]] = c
			s.handLen[i]++
		}
	}
	return nil
}

// placeLine lays out the line the setup names, which must be in order.
func (s *State) placeLine(sp setupSpec, used *cardSet) error {
	for _, id := range sp.Line {
		c, err := s.takeCard(used, "line", id)
		if err != nil {
			return err
		}
		s.line[s.lineLen] = c
		s.lineLen++
		s.revealed.set(c)
	}
	for i := 1; i < int(s.lineLen); i++ {
		if s.value(s.line[i-1]) > s.value(s.line[i]) {
			return fmt.Errorf("line: %q and %q are out of order for %s", s.pack.Cards[s.line[i-1]].ID, s.pack.Cards[s.line[i]].ID, s.trait)
		}
	}
	return nil
}

// placeBox puts the cards the setup names in the box.
func (s *State) placeBox(sp setupSpec, used *cardSet) error {
	for _, id := range sp.Decks.Box {
		c, err := s.takeCard(used, "decks.box", id)
		if err != nil {
			return err
		}
		s.box[s.boxLen] = c
		s.boxLen++
		s.revealed.set(c)
	}
	return nil
}

// fillDeck makes the draw deck: the setup's, or every card not yet placed, shuffled.
func (s *State) fillDeck(sp setupSpec, used *cardSet) error {
	if sp.Decks.Draw == nil {
		for i := range s.pack.Cards {
			if !used.has(uint8(i)) {
				s.deck[s.deckLen] = uint8(i)
				s.deckLen++
			}
		}
		engine.Shuffle(&s.rng, s.deck[:s.deckLen])
		return nil
	}
	// The deck is exactly the given cards, top first; unnamed cards stay
	// out of play, so small situations can be set up exactly.
	d := *sp.Decks.Draw
	for k := len(d) - 1; k >= 0; k-- {
		c, err := s.takeCard(used, "decks.draw", d[k])
		if err != nil {
			return err
		}
		s.deck[s.deckLen] = c
		s.deckLen++
	}
	return nil
}

// dealRest deals from the deck the hands and the line's first card the
// setup does not name.
func (s *State) dealRest(sp setupSpec, sizes []int, hand int) error {
	n := int(s.seats)
	need := 0
	for i := range n {
		if sp.Hands == nil {
			need += sizes[i]
		}
	}
	if sp.Line == nil {
		need++
	}
	if need > int(s.deckLen) {
		return fmt.Errorf("%d players with %d cards each need %d cards, the deck has %d (spec CL-A1: N·H + 1 ≤ %d)", n, hand, need, s.deckLen, len(s.pack.Cards))
	}
	if sp.Hands == nil {
		for i := range n {
			for range sizes[i] {
				s.hands[i][s.handLen[i]] = s.pop()
				s.handLen[i]++
			}
		}
	}
	if sp.Line == nil {
		c := s.pop()
		s.line[0] = c
		s.lineLen = 1
		s.revealed.set(c)
	}
	if s.lineLen == 0 {
		return fmt.Errorf("line: the line needs a starting card")
	}
	return nil
}

// CardCount is the number of cards in the game's pack.
func (g *Game) CardCount() int { return len(g.pack.Cards) }
