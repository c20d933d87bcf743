// Package asterix plays Asterix & Co (Asteriks i spółka): players place
// Gauls and Romans on the Albums between them and capture an Album when
// their side reaches 15; the first to 50 sestertii wins. The rules follow
// shared/rules/asterix.md; every proposal there (AX-A*) is the default of
// an option where players might disagree.
package asterix

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"stolik/engine"
)

// rules are the options that change the rules, resolved once.
type rules struct {
	leftRed       bool // AX-A1 mirror reading: the Album on your left shows its red half to you
	startingOut   bool // AX-A2: unused starting Albums stay out
	instantCheck  bool // AX-A3 variant: check captures right after placement
	neutralsCount bool // AX-A5
	drawOnlyB     bool // AX-A9 variant: option B without a usable token just draws
	adjacentReach bool // AX-A10 variant: potion, fish and revive only on your Albums
	defeatedOnly  bool // AX-A11 variant: helmets only for soldiers on the defeated half
	reviveAny     bool // AX-A13 variant: revive on any half
	backsColour   bool // AX-A30: card backs show the colour class
	turnCap       int16
}

// Game is Asterix & Co with one content pack.
type Game struct{ pack *Pack }

// New returns the game with the project's own deck.
func New() *Game { return &Game{pack: DefaultPack()} }

// WithPack returns the game played with another pack.
func WithPack(p *Pack) *Game { return &Game{pack: p} }

// Pack is the game's content.
func (g *Game) Pack() *Pack { return g.pack }

// CardCount is the number of Character cards in the pack.
func (g *Game) CardCount() int { return len(g.pack.Instances) }

func (g *Game) Name() string { return "asterix" }

func (g *Game) Title() engine.Text { return engine.Text{PL: "Asteriks i spółka", EN: "Asterix & Co"} }

// BoxMinutes: the box promises 35 minutes a game (spec AX, box).
func (g *Game) BoxMinutes() int { return 35 }

var seatValues, seatTexts = engine.SeatValues(MaxPlayers)

func (g *Game) Options() []engine.OptionSpec {
	t := func(pl, en string) engine.Text { return engine.Text{PL: pl, EN: en} }
	return []engine.OptionSpec{
		{Name: "players", Kind: engine.IntOption, Default: 2, Min: MinPlayers, Max: MaxPlayers, Help: t("Liczba graczy (2–4).", "Number of players (2–4).")},
		{Name: "first", Kind: engine.EnumOption, Default: "random", Values: seatValues, ValueTexts: seatTexts, Help: t("Pierwszy gracz (AX-A29).", "First player (AX-A29).")},
		{Name: "orientation", Kind: engine.EnumOption, Default: "left_blue", Values: []string{"left_blue", "left_red"},
			ValueTexts: map[string]engine.Text{"left_blue": t("po lewej strona niebieska", "blue half on your left"), "left_red": t("po lewej strona czerwona", "red half on your left")},
			Help:       t("Album po twojej lewej zwraca do ciebie stronę niebieską albo czerwoną (AX-A1).", "The Album on your left shows you its blue half or its red half (AX-A1).")},
		{Name: "unused_starting", Kind: engine.EnumOption, Default: "shuffle", Values: []string{"shuffle", "out"},
			ValueTexts: map[string]engine.Text{"shuffle": t("do talii Albumów", "into the Album deck"), "out": t("odpadają", "out of the game")},
			Help:       t("Niewykorzystane Albumy początkowe trafiają do talii Albumów albo odpadają (AX-A2).", "Unused starting Albums go into the Album deck, or out (AX-A2).")},
		{Name: "capture_check", Kind: engine.EnumOption, Default: "action", Values: []string{"action", "placement"},
			ValueTexts: map[string]engine.Text{"action": t("po całej akcji", "after the whole action"), "placement": t("zaraz po położeniu karty", "right after placement")},
			Help:       t("Przejęcie sprawdzane po całej akcji albo zaraz po położeniu karty (AX-A3).", "Captures checked after the whole action, or right after placement (AX-A3).")},
		{Name: "neutrals_count", Kind: engine.BoolOption, Default: true,
			Help: t("Postacie neutralne liczą się do 15 (AX-A5).", "Neutral Characters count toward 15 (AX-A5).")},
		{Name: "option_b", Kind: engine.EnumOption, Default: "token_required", Values: []string{"token_required", "draw_only"},
			ValueTexts: map[string]engine.Text{"token_required": t("wymaga żetonu", "needs a usable token"), "draw_only": t("wystarczy dobrać", "may just draw")},
			Help:       t("Akcja B wymaga żetonu, którego można użyć, albo pozwala tylko dobrać (AX-A9).", "Option B needs a usable token, or may just draw (AX-A9).")},
		{Name: "token_reach", Kind: engine.EnumOption, Default: "anywhere", Values: []string{"anywhere", "adjacent"},
			ValueTexts: map[string]engine.Text{"anywhere": t("na dowolnym Albumie", "on any Album"), "adjacent": t("tylko na twoich Albumach", "only on your Albums")},
			Help:       t("Napój, ryba i cucenie na dowolnym Albumie albo tylko na twoich (AX-A10).", "Potion, fish and revive on any Album, or only on yours (AX-A10).")},
		{Name: "helmets_from", Kind: engine.EnumOption, Default: "both", Values: []string{"both", "defeated"},
			ValueTexts: map[string]engine.Text{"both": t("z obu stron", "both halves"), "defeated": t("ze strony pokonanego", "the defeated half")},
			Help:       t("Hełmy za żołnierzy z obu stron Albumu albo tylko ze strony pokonanego (AX-A11).", "Helmets for soldiers on both halves, or on the defeated half only (AX-A11).")},
		{Name: "revive_reach", Kind: engine.EnumOption, Default: "own", Values: []string{"own", "anywhere"},
			ValueTexts: map[string]engine.Text{"own": t("tylko na twoich stronach", "on your halves only"), "anywhere": t("wszędzie", "anywhere")},
			Help:       t("Dzik cuci tylko Postacie na twoich stronach albo dowolne (AX-A13).", "A boar revives Characters on your halves only, or anywhere (AX-A13).")},
		// Stored 0: no cap, which tables made before the cap was required
		// keep; a new game always has a finite end.
		{Name: "turn_cap", Kind: engine.IntOption, Default: 500, Min: 1, Max: 10000, Stored: []int{0},
			Help: t("Po tylu turach gra kończy się rankingiem (AX-A21).", "After this many turns the game ends by ranking (AX-A21).")},
		{Name: "backs_show_colour", Kind: engine.BoolOption, Default: false,
			Help: t("Rewersy kart pokazują kolor (niebieski, czerwony, fioletowy) (AX-A30).", "Card backs show the colour class (blue, red, purple) (AX-A30).")},
		{Name: "supply_potion", Kind: engine.IntOption, Default: 12, Min: 0, Max: 99, Help: t("Żetony napoju w pudełku; z nich pochodzą też żetony startowe (AX-A28).", "Potion tokens in the box; the starting ones come from them (AX-A28).")},
		{Name: "supply_fish", Kind: engine.IntOption, Default: 12, Min: 0, Max: 99, Help: t("Żetony ryb w pudełku (z nich też startowe).", "Fish tokens in the box (the starting ones included).")},
		{Name: "supply_boar", Kind: engine.IntOption, Default: 12, Min: 0, Max: 99, Help: t("Żetony dzików w pudełku (z nich też startowe).", "Boar tokens in the box (the starting ones included).")},
		{Name: "supply_legionary", Kind: engine.IntOption, Default: 30, Min: 0, Max: 99, Help: t("Hełmy legionistów w pudełku (z nich też startowe).", "Legionary helmets in the box (the starting ones included).")},
		{Name: "supply_centurion", Kind: engine.IntOption, Default: 12, Min: 0, Max: 99, Help: t("Hełmy centurionów w pudełku.", "Centurion helmets in the box.")},
	}
}

// setupSpec is the record's "setup" object (docs/games/asterix.md).
type setupSpec struct {
	Hands  [][]string `json:"hands"`
	Albums []struct {
		Album  string     `json:"album"`
		Blue   int        `json:"blue"` // the seat facing the blue half
		Cards  [][]string `json:"cards"`
		KO     []string   `json:"knocked_out"`
		Potion []string   `json:"potions"`
	} `json:"albums"`
	Decks struct {
		Draw    *[]string `json:"draw"`
		Discard []string  `json:"discard"`
		Albums  *[]string `json:"albums"`
	} `json:"decks"`
	// Arrival is every card on the Albums in the order they arrived,
	// oldest first; without it, the order the albums' cards are read in.
	Arrival []string `json:"arrival"`
	Tokens  [][3]int `json:"tokens"`
	Helmets [][2]int `json:"helmets"`
	Won     []int    `json:"albums_won"`
}

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
	s := &State{pack: g.pack, seats: int8(n), rng: engine.NewRNG(seed), events: make([]engine.Event, 0, 32)}
	s.rules = rules{
		leftRed:       opts.String("orientation") == "left_red",
		startingOut:   opts.String("unused_starting") == "out",
		instantCheck:  opts.String("capture_check") == "placement",
		neutralsCount: opts.Bool("neutrals_count"),
		drawOnlyB:     opts.String("option_b") == "draw_only",
		adjacentReach: opts.String("token_reach") == "adjacent",
		defeatedOnly:  opts.String("helmets_from") == "defeated",
		reviveAny:     opts.String("revive_reach") == "anywhere",
		backsColour:   opts.Bool("backs_show_colour"),
		turnCap:       int16(opts.Int("turn_cap")),
	}
	s.supplyT = [3]int8{int8(opts.Int("supply_potion")), int8(opts.Int("supply_fish")), int8(opts.Int("supply_boar"))}
	s.supplyH = [2]int8{int8(opts.Int("supply_legionary")), int8(opts.Int("supply_centurion"))}
	if f := opts.String("first"); f == "" || f == "random" {
		s.active = engine.Seat(s.rng.IntN(n))
	} else {
		v, _ := strconv.Atoi(f)
		if v >= n {
			return nil, fmt.Errorf("first player %d is not a seat of a %d-player game", v, n)
		}
		s.active = engine.Seat(v)
	}
	var sp setupSpec
	if t := bytes.TrimSpace(setup); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		dec := json.NewDecoder(bytes.NewReader(setup))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sp); err != nil {
			return nil, fmt.Errorf("setup: %v", err)
		}
	}
	if err := s.deal(sp); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	s.decider = s.active
	s.phase = phAction
	s.turns = 1
	s.lastWinner = engine.NoSeat
	return s, nil
}

// seatsOfSlot is who sits at slot i: with 3–4 players slot i lies between
// seat i and the seat on its left (i+1); with 2 players both slots lie
// between seats 0 and 1.
func seatsOfSlot(n, i int) [2]engine.Seat {
	if n == 2 {
		return [2]engine.Seat{0, 1}
	}
	return [2]engine.Seat{engine.Seat(i), engine.Seat((i + 1) % n)}
}

// deal sets the table up: tokens, hands, starting Albums and decks.
func (s *State) deal(sp setupSpec) error {
	s.dealStartingTokens()
	d := dealer{s: s}
	if err := d.albums(&sp); err != nil {
		return err
	}
	if err := s.setArrival(sp.Arrival); err != nil {
		return err
	}
	if err := d.hands(&sp); err != nil {
		return err
	}
	if err := d.drawDecks(&sp); err != nil {
		return err
	}
	if err := d.albumDeck(&sp); err != nil {
		return err
	}
	if err := s.setHoldings(&sp); err != nil {
		return err
	}
	s.retotalAll()
	return nil
}

// dealStartingTokens hands out the starting tokens and helmet: they come
// from the box, as far as it lasts, handed round in turn order from the
// first player (not from seat 0: seat order never matters).
func (s *State) dealStartingTokens() {
	n := int(s.seats)
	for k := range n {
		q := (int(s.active) + k) % n
		for t := range 3 {
			if s.supplyT[t] > 0 {
				s.tokens[q][t]++
				s.supplyT[t]--
			}
		}
		if s.supplyH[LegionaryHelmet] > 0 {
			s.helmets[q][LegionaryHelmet]++
			s.supplyH[LegionaryHelmet]--
		}
	}
}

// dealer places the setup's cards and Albums, each at most once.
type dealer struct {
	s         *State
	used      instSet
	albumUsed [maxAlbums]bool
}

// take finds the card called name for the setup's key where and marks it used.
func (d *dealer) take(where, name string) (uint8, error) {
	i, ok := d.s.pack.LookupInstance(name)
	if !ok {
		return 0, fmt.Errorf("%s: unknown card %q", where, name)
	}
	if d.used.has(i) {
		return 0, fmt.Errorf("%s: card %q is used twice", where, name)
	}
	d.used.set(i)
	return i, nil
}

// albums lays out the Albums between the players: the setup's "albums",
// or starting Albums at random.
func (d *dealer) albums(sp *setupSpec) error {
	s, p, n := d.s, d.s.pack, int(d.s.seats)
	s.nslots = int8(n)
	if n == 2 {
		s.nslots = 2
	}
	if sp.Albums != nil && len(sp.Albums) != int(s.nslots) {
		return fmt.Errorf("albums: %d given for %d places", len(sp.Albums), s.nslots)
	}
	var starting []int
	for i, a := range p.Albums {
		if a.Starting {
			starting = append(starting, i)
		}
	}
	if sp.Albums == nil {
		engine.Shuffle(&s.rng, starting)
	}
	for slot := 0; slot < int(s.nslots); slot++ {
		s.slotSeat[slot] = seatsOfSlot(n, slot)
		// AX-A1: side 0's player has this Album on their left, so it shows
		// them its blue half (or red under the mirror reading).
		s.colour[slot] = [2]Colour{Blue, Red}
		if n == 2 && slot == 1 {
			s.colour[slot] = [2]Colour{Red, Blue}
		}
		if s.rules.leftRed {
			s.colour[slot][0], s.colour[slot][1] = s.colour[slot][1], s.colour[slot][0]
		}
		if sp.Albums == nil {
			s.setAlbum(slot, int8(starting[slot]))
			d.albumUsed[starting[slot]] = true
			continue
		}
		if err := d.album(sp, slot); err != nil {
			return err
		}
	}
	return nil
}

// album places the setup's Album in slot, its cards, knock-outs and potions.
func (d *dealer) album(sp *setupSpec, slot int) error {
	s, p := d.s, d.s.pack
	sa := sp.Albums[slot]
	ai, ok := p.LookupAlbum(sa.Album)
	if !ok || d.albumUsed[ai] {
		return fmt.Errorf("albums[%d]: unknown or repeated album %q", slot, sa.Album)
	}
	d.albumUsed[ai] = true
	s.setAlbum(slot, int8(ai))
	if sa.Blue != int(s.slotSeat[slot][0]) && sa.Blue != int(s.slotSeat[slot][1]) {
		return fmt.Errorf("albums[%d]: blue: seat %d does not sit at this Album", slot, sa.Blue)
	}
	if engine.Seat(sa.Blue) == s.slotSeat[slot][0] {
		s.colour[slot] = [2]Colour{Blue, Red}
	} else {
		s.colour[slot] = [2]Colour{Red, Blue}
	}
	if len(sa.Cards) > 2 {
		return fmt.Errorf("albums[%d].cards: two halves at most", slot)
	}
	for side, names := range sa.Cards {
		for _, name := range names {
			i, err := d.take(fmt.Sprintf("albums[%d].cards[%d]", slot, side), name)
			if err != nil {
				return err
			}
			if s.halves[slot][side].n == maxHalf {
				return fmt.Errorf("albums[%d].cards[%d]: more than %d cards", slot, side, maxHalf)
			}
			s.put(i, slot, side)
		}
	}
	if err := s.markOnAlbum(slot, sa.KO, &s.ko, "knocked_out"); err != nil {
		return err
	}
	if err := s.markOnAlbum(slot, sa.Potion, &s.potion, "potions"); err != nil {
		return err
	}
	s.supplyT[Potion] = max(0, s.supplyT[Potion]-int8(len(sa.Potion)))
	return nil
}

// markOnAlbum adds the cards called names, which must lie on the Album in
// slot, to set (the setup's key what of that Album).
func (s *State) markOnAlbum(slot int, names []string, set *instSet, what string) error {
	for _, name := range names {
		i, ok := s.pack.LookupInstance(name)
		if !ok {
			return fmt.Errorf("albums[%d].%s: unknown card %q", slot, what, name)
		}
		if sl, _, on := s.locate(i); !on || sl != slot {
			return fmt.Errorf("albums[%d].%s: %q is not on this Album", slot, what, name)
		}
		set.set(i)
	}
	return nil
}

// hands puts the setup's "hands" into the players' hands.
func (d *dealer) hands(sp *setupSpec) error {
	n := int(d.s.seats)
	if sp.Hands != nil && len(sp.Hands) != n {
		return fmt.Errorf("hands: %d hands given for %d players", len(sp.Hands), n)
	}
	for q, names := range sp.Hands {
		for _, name := range names {
			i, err := d.take(fmt.Sprintf("hands[%d]", q), name)
			if err != nil {
				return err
			}
			d.s.hands[q].set(i)
		}
	}
	return nil
}

// drawDecks builds the discard pile and the draw deck (the setup's or the
// cards left, shuffled) and, without set hands, deals them.
func (d *dealer) drawDecks(sp *setupSpec) error {
	s, p, n := d.s, d.s.pack, int(d.s.seats)
	for _, name := range sp.Decks.Discard {
		i, err := d.take("decks.discard", name)
		if err != nil {
			return err
		}
		s.discard[s.discardN] = i
		s.discardN++
	}
	if sp.Decks.Draw != nil {
		deck := *sp.Decks.Draw
		for k := len(deck) - 1; k >= 0; k-- {
			i, err := d.take("decks.draw", deck[k])
			if err != nil {
				return err
			}
			s.deck[s.deckN] = i
			s.deckN++
		}
	} else {
		for i := range p.Instances {
			if !d.used.has(uint8(i)) {
				s.deck[s.deckN] = uint8(i)
				s.deckN++
			}
		}
		engine.Shuffle(&s.rng, s.deck[:s.deckN])
	}
	if sp.Hands == nil {
		for q := range n {
			if s.draw(engine.Seat(q), handTarget) < handTarget {
				return fmt.Errorf("the deck has too few cards to deal %d hands of %d", n, handTarget)
			}
		}
		s.events = s.events[:0]
	}
	return nil
}

// albumDeck builds the Album deck: the setup's, or the Albums left, shuffled.
func (d *dealer) albumDeck(sp *setupSpec) error {
	s, p := d.s, d.s.pack
	if sp.Decks.Albums != nil {
		deck := *sp.Decks.Albums
		for k := len(deck) - 1; k >= 0; k-- {
			ai, ok := p.LookupAlbum(deck[k])
			if !ok || d.albumUsed[ai] {
				return fmt.Errorf("decks.albums: unknown or repeated album %q", deck[k])
			}
			d.albumUsed[ai] = true
			s.albums[s.albumsN] = uint8(ai)
			s.albumsN++
		}
		return nil
	}
	for i, a := range p.Albums {
		if d.albumUsed[i] || (a.Starting && s.rules.startingOut) || int(s.albumsN) == maxAlbums {
			continue
		}
		s.albums[s.albumsN] = uint8(i)
		s.albumsN++
	}
	engine.Shuffle(&s.rng, s.albums[:s.albumsN])
	return nil
}

// setHoldings sets the setup's explicit tokens, helmets and captured
// Albums, taking tokens and helmets from the box or returning them.
func (s *State) setHoldings(sp *setupSpec) error {
	n := int(s.seats)
	for q, t := range sp.Tokens {
		if q >= n {
			return fmt.Errorf("tokens: %d entries for %d players", len(sp.Tokens), n)
		}
		for k, v := range t {
			if v < 0 || v > capTokens {
				return fmt.Errorf("tokens[%d]: %d is not 0..2", q, v)
			}
			s.supplyT[k] += s.tokens[q][k] - int8(v)
			s.tokens[q][k] = int8(v)
		}
	}
	for q, h := range sp.Helmets {
		if q >= n {
			return fmt.Errorf("helmets: %d entries for %d players", len(sp.Helmets), n)
		}
		for k, v := range h {
			if v < 0 || v > 99 {
				return fmt.Errorf("helmets[%d]: %d is not 0..99", q, v)
			}
			s.supplyH[k] += s.helmets[q][k] - int8(v)
			s.helmets[q][k] = int8(v)
		}
	}
	for q, w := range sp.Won {
		if q >= n || w < 0 || w > 3 {
			return fmt.Errorf("albums_won: want one count 0..3 per player")
		}
		s.won[q] = int8(w)
	}
	for t := range s.supplyT {
		s.supplyT[t] = max(0, s.supplyT[t])
	}
	for h := range s.supplyH {
		s.supplyH[h] = max(0, s.supplyH[h])
	}
	return nil
}

// setArrival sets the order the cards on the Albums arrived in (the setup's
// "arrival" key): it decides which card a boar activates and the order a
// capture discards in (AX-A14, AX-A23), across both halves of an Album,
// which the albums' card lists alone cannot say for every position.
func (s *State) setArrival(names []string) error {
	if names == nil {
		return nil
	}
	board := s.board()
	var seen instSet
	for k, name := range names {
		i, ok := s.pack.LookupInstance(name)
		if !ok || !board.has(i) || seen.has(i) {
			return fmt.Errorf("arrival: %q is not a card on an Album, or is named twice", name)
		}
		seen.set(i)
		s.placed[i] = uint16(k + 1)
	}
	if seen != board {
		return fmt.Errorf("arrival: %d cards named, the Albums hold %d", len(names), board.count())
	}
	s.clock = uint16(len(names))
	for slot := 0; slot < int(s.nslots); slot++ {
		for side := 0; side < 2; side++ {
			h := &s.halves[slot][side]
			for k := 1; k < int(h.n); k++ {
				if s.placed[h.cards[k]] < s.placed[h.cards[k-1]] {
					return fmt.Errorf("arrival: %q comes before %q, but albums[%d].cards[%d] lists it after", s.pack.InstanceName(h.cards[k]), s.pack.InstanceName(h.cards[k-1]), slot, side)
				}
			}
		}
	}
	return nil
}
