// Package frontline plays Front Line No Komrades (Do boju, Towarzysze!):
// Comrades stand in one line under fire with the Commissar behind them,
// commit Action cards face down to move out of the way, play Events at the
// moments the turn opens for them, and the last Comrade alive wins. The
// rules follow shared/rules/frontline.md; every proposal there ([P]) is the
// default of an option where players might disagree.
package frontline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"stolik/engine"
)

// rules are the options that change the rules, resolved once.
type rules struct {
	nietAbilities         bool // A8.3: Niet! may answer a Comrade's ability
	splashEmptyNeighbours bool // A5: a splash on the empty space still hurts the neighbours
	askEquipment          bool // A8.24: Equipment use is a decision
	gasEndsOnComrades     bool // A8.17 variant: the refill before TOWARZYSZE! ends Tear Gas
	rouletteExtra         int8 // A8.16
	stojStopsCommissar    bool // Stój! also stops the Commissar's advance after a death (our ruling)
}

// bits packs the rules into one word for the state's hash: two states
// under different rules are different states.
func (r rules) bits() uint64 {
	var b uint64
	for i, on := range [...]bool{r.nietAbilities, r.splashEmptyNeighbours, r.askEquipment, r.gasEndsOnComrades, r.stojStopsCommissar} {
		if on {
			b |= 1 << uint(i)
		}
	}
	return b | uint64(uint8(r.rouletteExtra))<<8
}

// Game is Front Line No Komrades with one content pack.
type Game struct{ pack *Pack }

// New returns the game with the project's own deck.
func New() *Game { return &Game{pack: DefaultPack()} }

// WithPack returns the game played with another pack.
func WithPack(p *Pack) *Game { return &Game{pack: p} }

// CardCount is the number of printed cards in the pack: Comrades, Attack cards and Action cards.
func (g *Game) CardCount() int {
	return len(g.pack.Comrades) + len(g.pack.attackOf) + len(g.pack.actionOf)
}

// Pack is the game's content.
func (g *Game) Pack() *Pack { return g.pack }

func (g *Game) Name() string { return "frontline" }

func (g *Game) Title() engine.Text {
	return engine.Text{PL: "Do boju, Towarzysze!", EN: "Front Line No Komrades"}
}

func (g *Game) Options() []engine.OptionSpec {
	t := func(pl, en string) engine.Text { return engine.Text{PL: pl, EN: en} }
	return []engine.OptionSpec{
		{Name: "players", Kind: engine.IntOption, Default: 4, Min: MinPlayers, Max: MaxPlayers,
			Help: t("Liczba graczy (2–8; 9–10 to wariant).", "Number of players (2–8; 9–10 is a variant).")},
		{Name: "variant", Kind: engine.EnumOption, Default: "standard", Values: []string{"standard", "long", "short"},
			ValueTexts: map[string]engine.Text{"standard": t("standardowy", "standard"), "long": t("długi", "long"), "short": t("krótki", "short")},
			Help: t("Punkty Życia: standardowo 10 (2–4 graczy) i 5 (5–10); długi: 10 także dla 5–10; krótki: 5 także dla 2–4.",
				"Hit points: standard 10 (2–4 players) and 5 (5–10); long: 10 for 5–10 too; short: 5 for 2–4 too.")},
		{Name: "hit_points", Kind: engine.IntOption, Default: 0, Min: 0, Max: 30,
			Help: t("Punkty Życia na start (0: według wariantu; A8.30: 5 dla 9–10 graczy).", "Starting hit points (0: by the variant; A8.30: 5 for 9–10 players).")},
		{Name: "niet_abilities", Kind: engine.BoolOption, Default: true,
			Help: t("Niet! może anulować zdolność Towarzysza (A8.3).", "Niet! may cancel a Comrade's ability (A8.3).")},
		{Name: "splash_empty", Kind: engine.BoolOption, Default: true,
			Help: t("Atak rozpryskowy na wolne miejsce rani sąsiadów obrażeniami pośrednimi (A5).", "A splash attack on the empty space still deals indirect damage to the neighbours (A5).")},
		{Name: "equipment", Kind: engine.EnumOption, Default: "ask", Values: []string{"ask", "auto"},
			ValueTexts: map[string]engine.Text{"ask": t("decyzja gracza", "the player decides"), "auto": t("zawsze, gdy pomaga", "whenever it helps")},
			Help:       t("Użycie Ekwipunku jest decyzją gracza albo następuje zawsze, gdy pomaga (A8.24).", "Using Equipment is the player's decision, or happens whenever it helps (A8.24).")},
		{Name: "gas_ends_on_comrades", Kind: engine.BoolOption, Default: false,
			Help: t("Dobranie kart przed TOWARZYSZE! kończy Gaz Łzawiący (A8.17).", "The refill before TOWARZYSZE! ends Tear Gas (A8.17).")},
		{Name: "stoj_stops_commissar", Kind: engine.BoolOption, Default: true,
			Help: t("Stój! zatrzymuje też Komisarza po śmierci Towarzysza: rusza on naprzód dopiero na koniec tury.",
				"Halt! also stops the Commissar after a Comrade dies: he advances only at the end of the turn.")},
		{Name: "roulette_extra", Kind: engine.IntOption, Default: 1, Min: 0, Max: 5,
			Help: t("Dodatkowe obrażenia za każdą Rosyjską Ruletkę przy każdym trafieniu (A8.16).", "Extra damage per Russian Roulette for every blow (A8.16).")},
		// Stored 0: no cap, which tables made before the cap was required
		// keep; a new game always has a finite end.
		{Name: "turn_cap", Kind: engine.IntOption, Default: 200, Min: 1, Max: 10000, Stored: []int{0},
			Help: t("Po tylu turach gra się kończy: wygrywają żywi z największą liczbą PŻ.", "After this many turns the game ends: the living with the most HP win.")},
	}
}

// setupSpec is the record's "setup" object (docs/games/frontline.md).
type setupSpec struct {
	Comrades   []string   `json:"comrades"`   // per seat
	Line       string     `json:"line"`       // front to back, "A B _ K": seat 0 is A
	HP         []int      `json:"hp"`         // per seat
	Hands      [][]string `json:"hands"`      // per seat; given hands skip the opening draft
	Packs      [][]string `json:"packs"`      // per seat, the opening draw; the draft runs from them
	Equipment  [][]string `json:"equipment"`  // per seat, in play with full durability
	Initiative *int       `json:"initiative"` // default: the owner of the Comrade in slot 1
	Gassed     []int      `json:"gassed"`
	Roulettes  []string   `json:"roulettes"` // Attack cards attached to the Initiative card
	Mines      []string   `json:"mines"`     // Mine cards on the empty space
	Decks      struct {
		Actions []string `json:"actions"` // the top of the Action deck, top first
		Attacks []string `json:"attacks"` // the top of the Attack deck, top first
	} `json:"decks"`
}

func (g *Game) New(opts engine.Options, setup json.RawMessage, seed uint64) (engine.State, error) {
	s, err := g.newState(opts, setup, seed)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// startHP is the rulebook's hit points for n players (A2.2).
func startHP(n int, variant string) int {
	switch {
	case n <= 4 && variant == "short":
		return 5
	case n <= 4:
		return 10
	case variant == "long":
		return 10
	}
	return 5
}

func (g *Game) newState(opts engine.Options, setup json.RawMessage, seed uint64) (*State, error) {
	if opts == nil {
		var err error
		if opts, err = engine.ResolveOptions(g.Options(), nil); err != nil {
			return nil, err
		}
	}
	n := opts.Int("players")
	if n < MinPlayers || n > MaxPlayers || n > len(g.pack.Comrades) {
		return nil, fmt.Errorf("players must be %d..%d (and no more than the %d Comrades), not %d", MinPlayers, MaxPlayers, len(g.pack.Comrades), n)
	}
	s := &State{pack: g.pack, events: make([]engine.Event, 0, 64), board: board{n: int8(n), live: 1<<uint(n) - 1, rng: engine.NewRNG(seed),
		attack: -1, tank: -1, winner: -1, mineSlot: -1}}
	s.rules = rules{
		nietAbilities:         opts.Bool("niet_abilities"),
		splashEmptyNeighbours: opts.Bool("splash_empty"),
		askEquipment:          opts.String("equipment") != "auto",
		gasEndsOnComrades:     opts.Bool("gas_ends_on_comrades"),
		rouletteExtra:         int8(opts.Int("roulette_extra")),
		stojStopsCommissar:    opts.Bool("stoj_stops_commissar"),
	}
	s.turnCap = int16(opts.Int("turn_cap"))
	var sp setupSpec
	if len(bytes.TrimSpace(setup)) > 0 && string(bytes.TrimSpace(setup)) != "null" {
		dec := json.NewDecoder(bytes.NewReader(setup))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sp); err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
	}
	if err := s.setUp(&sp, opts); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	return s, nil
}

// setUp deals a new game, placing what the setup names and dealing the rest
// at random; the random draws come in the same order whatever the setup names.
func (s *State) setUp(sp *setupSpec, opts engine.Options) error {
	if err := s.setUpComrades(sp, opts); err != nil {
		return err
	}
	if err := s.setUpLine(sp); err != nil {
		return err
	}
	if err := s.setUpInitiative(sp); err != nil {
		return err
	}
	if err := s.setUpAttacks(sp); err != nil {
		return err
	}
	if err := s.setUpActions(sp); err != nil {
		return err
	}
	if sp.Hands != nil {
		s.phase = phWindow // no draft: the given hands are the starting hands
		s.replaceSmoke()
		s.startTurn()
		return nil
	}
	// A2.6–7: everyone draws 5 (unless the setup gives what they drew),
	// then the draft.
	for q := 0; q < int(s.n) && sp.Packs == nil; q++ {
		for k := 0; k < handSize; k++ {
			if c, ok := s.draw(); ok {
				s.seats[q].hand.set(c)
			}
		}
	}
	s.startDraft()
	return nil
}

// setUpComrades gives each seat its Comrade and hit points.
func (s *State) setUpComrades(sp *setupSpec, opts engine.Options) error {
	n := int(s.n)
	p := s.pack
	// Comrades: dealt at random (A8.6) unless the setup names them.
	perm := make([]int, len(p.Comrades))
	for i := range perm {
		perm[i] = i
	}
	engine.Shuffle(&s.rng, perm)
	if sp.Comrades != nil {
		if len(sp.Comrades) != n {
			return fmt.Errorf("comrades: %d entries for %d players", len(sp.Comrades), n)
		}
		used := map[string]bool{}
		for q, id := range sp.Comrades {
			k, ok := p.comradeIx[id]
			if !ok || used[id] {
				return fmt.Errorf("comrades[%d]: unknown or repeated Comrade %q", q, id)
			}
			used[id] = true
			perm[q] = int(k)
		}
	}
	hp := startHP(n, opts.String("variant"))
	if v := opts.Int("hit_points"); v > 0 {
		hp = v
	}
	for q := 0; q < n; q++ {
		st := &s.seats[q]
		st.comrade = uint8(perm[q])
		st.maxHP = int8(hp) + p.Comrades[perm[q]].HPBonus
		st.hp = st.maxHP
	}
	if sp.HP != nil {
		if len(sp.HP) != n {
			return fmt.Errorf("hp: %d entries for %d players", len(sp.HP), n)
		}
		for q, v := range sp.HP {
			if v < 1 || v > int(s.seats[q].maxHP) {
				return fmt.Errorf("hp[%d]: %d is not 1..%d", q, v, s.seats[q].maxHP)
			}
			s.seats[q].hp = int8(v)
		}
	}
	return nil
}

// setUpLine lines up the Comrades in random order, then the empty space
// and the Commissar (A2.4), unless the setup gives the line.
func (s *State) setUpLine(sp *setupSpec) error {
	n := int(s.n)
	if sp.Line == "" {
		order := make([]Piece, n)
		for q := range order {
			order[q] = ComradeOf(q)
		}
		engine.Shuffle(&s.rng, order)
		s.line = NewLine(order)
		return nil
	}
	l, err := ParseLine(sp.Line)
	if err != nil {
		return fmt.Errorf("line: %w", err)
	}
	if err := l.Check(1); err != nil {
		return fmt.Errorf("line %q: %w", sp.Line, err)
	}
	if l.Comrades() != n {
		return fmt.Errorf("line %q: %d Comrades for %d players", sp.Line, l.Comrades(), n)
	}
	for q := 0; q < n; q++ {
		if l.Pos(ComradeOf(q)) < 0 {
			return fmt.Errorf("line %q: no Comrade for seat %d (%c)", sp.Line, q, 'A'+q)
		}
	}
	s.line = l
	return nil
}

// setUpInitiative places the Initiative card and marks the gassed Comrades.
func (s *State) setUpInitiative(sp *setupSpec) error {
	n := int(s.n)
	// A2.5: the Initiative goes to the owner of the Comrade in position 1.
	s.initiative = -1
	for i := 0; i < int(s.line.N); i++ {
		if s.line.Slot[i].IsComrade() {
			s.initiative = int8(s.line.Slot[i].Seat())
			break
		}
	}
	if sp.Initiative != nil {
		if *sp.Initiative < 0 || *sp.Initiative >= n {
			return fmt.Errorf("initiative: no seat %d", *sp.Initiative)
		}
		s.initiative = int8(*sp.Initiative)
	}
	for _, q := range sp.Gassed {
		if q < 0 || q >= n {
			return fmt.Errorf("gassed: no seat %d", q)
		}
		s.seats[q].flags |= fGassed
	}
	return nil
}

// setupCards hands out the cards a setup names, each copy at most once.
type setupCards struct {
	kind string // "Attack" or "Action", for errors
	ix   map[string]uint8
	used []bool
}

// take is the card called name, which field of the setup names.
func (u *setupCards) take(field, name string) (uint8, error) {
	c, ok := u.ix[name]
	if !ok {
		return 0, fmt.Errorf("%s: unknown %s card %q", field, u.kind, name)
	}
	if u.used[c] {
		return 0, fmt.Errorf("%s: %s card %q is used twice", field, u.kind, name)
	}
	u.used[c] = true
	return c, nil
}

// deck is the cards nobody took, shuffled, with top (top first) on top:
// decks are drawn from the end.
func (u *setupCards) deck(rng *engine.RNG, top []uint8) []uint8 {
	var rest []uint8
	for c := range u.used {
		if !u.used[c] {
			rest = append(rest, uint8(c))
		}
	}
	engine.Shuffle(rng, rest)
	for k := len(top) - 1; k >= 0; k-- {
		rest = append(rest, top[k])
	}
	return rest
}

// setUpAttacks places the Russian Roulettes and Mines the setup names, then
// the Attack deck.
func (s *State) setUpAttacks(sp *setupSpec) error {
	p := s.pack
	cards := setupCards{kind: "Attack", ix: p.attackIx, used: make([]bool, p.NumAttacks())}
	for _, name := range sp.Roulettes {
		c, err := cards.take("roulettes", name)
		if err != nil {
			return err
		}
		if p.Attack(c).Effect != Roulette {
			return fmt.Errorf("roulettes: %q is not a Russian Roulette", name)
		}
		s.roulette |= 1 << c
	}
	for _, name := range sp.Mines {
		c, err := cards.take("mines", name)
		if err != nil {
			return err
		}
		if p.Attack(c).Effect != MineFx || int(s.minesN) >= maxMines {
			return fmt.Errorf("mines: %q is not a Mine (or too many)", name)
		}
		s.mines[s.minesN] = c
		s.minesN++
		s.mineSlot = int8(s.line.EmptySpace())
	}
	var top []uint8
	for _, name := range sp.Decks.Attacks {
		c, err := cards.take("decks.attacks", name)
		if err != nil {
			return err
		}
		top = append(top, c)
	}
	s.adeckN = uint8(copy(s.adeck[:], cards.deck(&s.rng, top)))
	return nil
}

// setUpActions places the Equipment and the hands (or opening draws) the
// setup names, then the Action deck.
func (s *State) setUpActions(sp *setupSpec) error {
	n := int(s.n)
	p := s.pack
	cards := setupCards{kind: "Action", ix: p.actionIx, used: make([]bool, p.NumActions())}
	if sp.Equipment != nil && len(sp.Equipment) != n {
		return fmt.Errorf("equipment: %d entries for %d players", len(sp.Equipment), n)
	}
	for q, names := range sp.Equipment {
		for _, name := range names {
			c, err := cards.take(fmt.Sprintf("equipment[%d]", q), name)
			if err != nil {
				return err
			}
			a := p.Action(c)
			if a.Kind != Equipment {
				return fmt.Errorf("equipment[%d]: %q is not Equipment", q, name)
			}
			s.seats[q].equip.set(c)
			s.dur[c] = a.Durability
			if a.Effect == TankFx {
				s.tank = int8(q)
			}
		}
	}
	if sp.Hands != nil && len(sp.Hands) != n {
		return fmt.Errorf("hands: %d entries for %d players", len(sp.Hands), n)
	}
	if sp.Packs != nil && (len(sp.Packs) != n || sp.Hands != nil) {
		return fmt.Errorf("packs: %d entries for %d players (and no hands with them)", len(sp.Packs), n)
	}
	key, given := "hands", sp.Hands
	if sp.Packs != nil {
		key, given = "packs", sp.Packs
	}
	for q, names := range given {
		for _, name := range names {
			c, err := cards.take(fmt.Sprintf("%s[%d]", key, q), name)
			if err != nil {
				return err
			}
			s.seats[q].hand.set(c)
		}
	}
	var top []uint8
	for _, name := range sp.Decks.Actions {
		c, err := cards.take("decks.actions", name)
		if err != nil {
			return err
		}
		top = append(top, c)
	}
	s.deckN = uint8(copy(s.deck[:], cards.deck(&s.rng, top)))
	return nil
}

// Outcome: the last Comrade alive wins; when the last attack kills everyone,
// nobody wins (A8.29). Ranks follow survival: the later a Comrade died, the
// better its rank; Comrades that died together share it.
func (s *State) Outcome() (engine.Outcome, bool) {
	if !s.over {
		return engine.Outcome{}, false
	}
	n := int(s.n)
	out := engine.Outcome{Ranks: make([]int, n)}
	key := func(p int) int {
		if s.alive(p) {
			if s.winner == -2 {
				return 1<<20 + int(s.seats[p].hp)
			}
			return 1 << 21
		}
		return int(s.seats[p].died)
	}
	for p := 0; p < n; p++ {
		r := 1
		for q := 0; q < n; q++ {
			if key(q) > key(p) {
				r++
			}
		}
		out.Ranks[p] = r
	}
	for p := 0; p < n; p++ {
		if s.alive(p) && out.Ranks[p] == 1 {
			out.Winners = append(out.Winners, engine.Seat(p))
		}
	}
	out.Draw = len(out.Winners) > 1
	out.AllLost = len(out.Winners) == 0
	return out, true
}

// String is a short text of the position, for tests and logs.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d %s line %s hp", s.turn, phaseNames[s.phase], s.line.String())
	for p := 0; p < int(s.n); p++ {
		fmt.Fprintf(&b, " %d", s.seats[p].hp)
	}
	return b.String()
}
