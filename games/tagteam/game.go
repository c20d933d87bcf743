// Package tagteam plays Tag Team: two players, two fighters each, fight
// decks that are never shuffled and resolve on their own, and a build phase
// where each player adds one card a round. The rules follow
// shared/rules/tagteam.md; every proposal there ([P]) is the default, an
// option where players might disagree.
package tagteam

import (
	"bytes"
	"encoding/json"
	"fmt"

	"stolik/engine"
)

// rules are the options that change the rules, resolved once.
type rules struct {
	reviveSpace       bool // Maman Brijit's revive space below her two KO spaces
	cancelledActive   bool // B8 #8: a cancelled card still sets its owner's active fighter
	feyChooseOpening  bool // the Fey Folk's player chooses the opening character (else the Elf)
	hpCheckAfterHeal  bool // "if you have N HP" counts the turn's changes collected before it
	unleashFromSupply bool // Milady with nothing planted unleashes the top of the supply
	presenceIsBlock   bool // an attack the Presence token stops counts as blocked
	presenceZero      bool // an attack of 0 uses up the Presence token
	reanimationTwice  bool // Reanimation's second pass moves the markers on its own
	transferFromStart bool // a transfer is capped by the giver's cubes at the start of the turn
	aflameJumps       bool // igniting a fighter with no Aflame! token first sends its partner's back to Shango
	siphonCombined    bool // Soul Siphon heals the combined power of every opponent whose attack it cancelled
	reviveAtOnce      bool // Maman Brijit comes back on 4 as soon as her marker stops on the revive space
}

// bits are the options as one number, for the state's hash.
func (r rules) bits() uint64 {
	var out uint64
	for k, b := range []bool{r.reviveSpace, r.cancelledActive, r.feyChooseOpening, r.hpCheckAfterHeal, r.unleashFromSupply,
		r.presenceIsBlock, r.presenceZero, r.reanimationTwice, r.transferFromStart, r.aflameJumps, r.siphonCombined, r.reviveAtOnce} {
		if b {
			out |= 1 << k
		}
	}
	return out
}

// ruleOptions are the options of the rulings (docs/games/tagteam.md), with
// the field each sets.
var ruleOptions = []struct {
	name string
	def  bool
	help engine.Text
	set  func(r *rules, v bool)
}{
	{"fey_folk_choose_opening", false, helpFeyFolkChooseOpening, func(r *rules, v bool) { r.feyChooseOpening = v }},
	{"hp_check_after_heal", true, helpHPCheckAfterHeal, func(r *rules, v bool) { r.hpCheckAfterHeal = v }},
	{"unleash_from_supply", false, helpUnleashFromSupply, func(r *rules, v bool) { r.unleashFromSupply = v }},
	{"presence_is_block", true, helpPresenceIsBlock, func(r *rules, v bool) { r.presenceIsBlock = v }},
	{"presence_spent_by_zero", true, helpPresenceSpentByZero, func(r *rules, v bool) { r.presenceZero = v }},
	{"reanimation_moves_twice", false, helpReanimationMovesTwice, func(r *rules, v bool) { r.reanimationTwice = v }},
	{"transfer_from_start", false, helpTransferFromStart, func(r *rules, v bool) { r.transferFromStart = v }},
	{"aflame_jumps", false, helpAflameJumps, func(r *rules, v bool) { r.aflameJumps = v }},
	{"soul_siphon_combined", false, helpSoulSiphonCombined, func(r *rules, v bool) { r.siphonCombined = v }},
	{"revive_at_once", false, helpReviveAtOnce, func(r *rules, v bool) { r.reviveAtOnce = v }},
}

// Draft kinds.
const (
	draftStandard uint8 = iota
	draftTactical
	draftFree
	draftFirstGame
	draftRandom
)

var draftNames = []string{"standard", "tactical", "free", "first_game", "random"}

var draftTexts = map[string]engine.Text{
	"standard":   {PL: "draft standardowy", EN: "standard draft"},
	"tactical":   {PL: "draft taktyczny", EN: "tactical draft"},
	"free":       {PL: "wolny wybór", EN: "free choice"},
	"first_game": {PL: "pierwsza rozgrywka", EN: "first game"},
	"random":     {PL: "losowe drużyny", EN: "random teams"},
}

// Game is Tag Team with one content pack.
type Game struct{ pack *Pack }

// New returns the game with the project's content.
func New() *Game { return &Game{pack: DefaultPack()} }

// WithPack returns the game played with another pack.
func WithPack(p *Pack) *Game { return &Game{pack: p} }

// CardCount is the number of printed cards in the pack: the fighters' cards, every copy.
func (g *Game) CardCount() int { return len(g.pack.instCard) }

// Pack is the game's content.
func (g *Game) Pack() *Pack { return g.pack }

func (g *Game) Name() string { return "tagteam" }

func (g *Game) Title() engine.Text { return engine.Text{PL: "Tag Team", EN: "Tag Team"} }

func (g *Game) Options() []engine.OptionSpec {
	t := func(pl, en string) engine.Text { return engine.Text{PL: pl, EN: en} }
	specs := []engine.OptionSpec{
		{Name: "players", Kind: engine.IntOption, Default: 2, Min: 2, Max: 2, Help: t("Zawsze 2 graczy.", "Always 2 players.")},
		{Name: "draft", Kind: engine.EnumOption, Default: "standard", Values: draftNames, ValueTexts: draftTexts,
			Help: t("Wybór drużyn: draft standardowy, taktyczny, wolny wybór (przy sporze: draft standardowy), pierwsza rozgrywka (Joanna i Ching Shih przeciw Bödvarowi i Wongowi) albo losowe drużyny (do badań balansu).",
				"Team choice: standard draft, tactical draft, free choice (a contested fighter falls back to the standard draft), the first game (Joan and Ching Shih against Bödvar and Wong) or random teams (for balance studies).")},
		{Name: "cancelled_sets_active", Kind: engine.BoolOption, Default: true,
			Help: t("Anulowana karta nadal wyznacza aktywnego zawodnika (B8 #8).", "A cancelled card still sets its owner's active fighter (B8 #8).")},
		{Name: "revive_space", Kind: engine.BoolOption, Default: true,
			Help: t("Maman Brijit ma pole wskrzeszenia pod dwoma polami nokautu.", "Maman Brijit has a revive space below her two KO spaces.")},
	}
	for _, o := range ruleOptions {
		specs = append(specs, engine.OptionSpec{Name: o.name, Kind: engine.BoolOption, Default: o.def, Help: o.help})
	}
	return specs
}

// setupSpec is the record's "setup" object (docs/games/tagteam.md).
type setupSpec struct {
	Teams  [][]string `json:"teams"` // per seat, two fighters; skips the draft
	Fight  [][]string `json:"fight"` // per seat, the fight deck in play order; skips the starting order
	Build  [][]string `json:"build"` // per seat, the build deck top first (the rest follows shuffled)
	HP     [][]int    `json:"hp"`    // per seat, per fighter
	Power  [][]int    `json:"power"` // per seat, per fighter: cubes
	Track  [][]int    `json:"track"` // per seat, per fighter: the special track
	Tokens []struct {
		Seat    int    `json:"seat"`
		Fighter int    `json:"fighter"`
		Token   string `json:"token"`
		N       int    `json:"n"`
	} `json:"tokens"` // tokens held (replacing the count at setup)
	Serpent string   `json:"serpent"` // black or white
	Bear    []int    `json:"bear"`    // seats whose Bödvar starts on his Bear side
	Schemes []int    `json:"schemes"` // Milady's scheme supply, top first (effects 0..8)
	Planted []int    `json:"planted"` // Milady's planted schemes, the next unleashed first (effects 0..8)
	Fey     *feySpec `json:"fey"`     // the Fey Folk's characters
	Round   int      `json:"round"`   // the round number to start in
}

// feySpec places the Fey Folk: each character's HP (0: a spirit), the
// active one, and the spirits counted.
type feySpec struct {
	Character string `json:"character"` // fairy, gnome or elf: the active character
	HP        []int  `json:"hp"`        // Fairy, Gnome, Elf (default: each on its top space)
	Spirits   int    `json:"spirits"`   // 1..4 (default: 1 and one for each character on 0)
}

// New sets a game up; nil options are the defaults.
func (g *Game) New(opts engine.Options, setup json.RawMessage, seed uint64) (engine.State, error) {
	if opts == nil {
		opts, _ = engine.ResolveOptions(g.Options(), nil)
	}
	if n := opts.Int("players"); n != 2 {
		return nil, fmt.Errorf("Tag Team is for 2 players, not %d", n)
	}
	// The state and its turn scratch in one allocation.
	both := &struct {
		s State
		f fightCtx
	}{}
	s := &both.s
	s.pack, s.rng, s.events, s.fight = g.pack, engine.NewRNG(seed), make([]engine.Event, 0, 64), &both.f
	s.rules = rules{reviveSpace: opts.Bool("revive_space"), cancelledActive: opts.Bool("cancelled_sets_active")}
	for _, o := range ruleOptions {
		o.set(&s.rules, opts.Bool(o.name))
	}
	s.winner, s.milady, s.spiritP = -1, -1, -1
	s.draftKind = uint8(engine.IndexOf(draftNames, opts.String("draft")))
	for p := range s.players {
		s.players[p].newCard, s.players[p].discard = none, none
	}
	var sp setupSpec
	if t := bytes.TrimSpace(setup); len(t) > 0 && string(t) != "null" {
		dec := json.NewDecoder(bytes.NewReader(setup))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sp); err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
	}
	if err := s.setUp(&sp); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	return s, nil
}

func (s *State) fighterID(id string) (uint8, error) {
	i, ok := s.pack.fighterIx[id]
	if !ok {
		return 0, fmt.Errorf("unknown fighter %q", id)
	}
	return uint8(i), nil
}

func (s *State) instance(name string) (uint8, error) {
	i, ok := s.pack.instIx[name]
	if !ok {
		return 0, fmt.Errorf("unknown card %q", name)
	}
	return i, nil
}

func (s *State) setUp(sp *setupSpec) error {
	if sp.Teams != nil {
		if len(sp.Teams) != 2 || len(sp.Teams[0]) != 2 || len(sp.Teams[1]) != 2 {
			return fmt.Errorf("teams: want two fighters for each of the 2 seats")
		}
		var f [2][2]uint8
		used := map[uint8]bool{}
		for p := 0; p < 2; p++ {
			for i := 0; i < 2; i++ {
				k, err := s.fighterID(sp.Teams[p][i])
				if err != nil || used[k] {
					return fmt.Errorf("teams: %q is unknown or taken twice", sp.Teams[p][i])
				}
				used[k] = true
				f[p][i] = k
			}
		}
		s.formTeams(f)
		return s.setUpPosition(sp)
	}
	if s.draftKind == draftFirstGame {
		var f [2][2]uint8
		for p, team := range [2][2]string{{"joan", "ching-shih"}, {"bodvar", "wong-fei-hung"}} {
			for i, id := range team {
				k, err := s.fighterID(id)
				if err != nil {
					return fmt.Errorf("draft first_game: %w", err)
				}
				f[p][i] = k
			}
		}
		s.formTeams(f)
		return s.setUpPosition(sp)
	}
	if sp.Fight != nil || sp.Build != nil || sp.HP != nil || sp.Power != nil || sp.Track != nil || sp.Tokens != nil ||
		sp.Serpent != "" || sp.Bear != nil || sp.Schemes != nil || sp.Planted != nil || sp.Fey != nil {
		return fmt.Errorf("fight, build, hp, power, track, tokens, serpent, bear, schemes, planted and fey need teams")
	}
	if s.draftKind == draftRandom {
		perm := make([]uint8, len(s.pack.Fighters))
		for i := range perm {
			perm[i] = uint8(i)
		}
		engine.Shuffle(&s.rng, perm)
		s.formTeams([2][2]uint8{{perm[0], perm[1]}, {perm[2], perm[3]}})
		return nil
	}
	if s.draftKind == draftFree {
		s.phase = phTeam
		return nil
	}
	s.deal()
	return nil
}

// deal shuffles the draft cards and deals each player half (B2).
func (s *State) deal() {
	n := len(s.pack.Fighters)
	var all [64]uint8
	for i := 0; i < n; i++ {
		all[i] = uint8(i)
	}
	engine.Shuffle(&s.rng, all[:n])
	half := min(n/2, MaxDraft)
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.draftN = uint8(copy(pl.draft[:half], all[p*half:(p+1)*half]))
		pl.decided = 0
	}
	s.phase = phPick
}

// formTeams seats the fighters and prepares the decks (B2 steps 2–8).
func (s *State) formTeams(f [2][2]uint8) {
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.draftN, pl.passedN = 0, 0
		pl.buildN, pl.deckN = 0, 0
		for i := 0; i < 2; i++ {
			fd := &s.pack.Fighters[f[p][i]]
			fs := &pl.fighters[i]
			*fs = fighterState{f: f[p][i], hp: fd.Start, power: fd.Power, tok: fd.Tokens}
			if fd.Track != nil {
				fs.track = fd.Track.Start
			}
			if fd.Rules&RFeyFolk != 0 {
				for k, ch := range fd.Characters {
					fs.charHP[k] = ch.HP
				}
				fs.spirits = 1
				fs.char = 2 // [P] the Elf opens, unless the player chooses (fey_folk_choose_opening)
				fs.hp = fs.charHP[2]
			}
			if fd.Rules&RSerpent != 0 {
				fs.serpent = uint8(s.rng.IntN(2))
			}
			if fd.Rules&RMiladySchemes != 0 {
				s.milady = int8(p*2 + i)
				fs.tok[Scheme] = 0 // the tokens are the scheme supply below
				s.schemeN = NumScheme
				for k := 0; k < NumScheme; k++ {
					s.schemes[k] = uint8(k)
				}
				engine.Shuffle(&s.rng, s.schemes[:])
			}
		}
		for i := 0; i < 2; i++ {
			pl.fighters[1-i].power += s.pack.Fighters[f[p][i]].PartnerPower
		}

		// The starting cards go aside (one copy); the rest is the build deck.
		for i := 0; i < 2; i++ {
			start := s.pack.startInst[f[p][i]]
			pl.deck[pl.deckN] = start
			pl.deckN++
			for _, ci := range s.pack.fightInsts[f[p][i]] {
				if ci != start {
					pl.build[pl.buildN] = ci
					pl.buildN++
				}
			}
		}
		engine.Shuffle(&s.rng, pl.build[:pl.buildN])
		pl.decided = 0
	}
	s.phase = phOrder
	s.emit(evTeams, -1, -1, int(f[0][0])|int(f[0][1])<<8, int(f[1][0])|int(f[1][1])<<8)
	for sl := 0; sl < 4; sl++ {
		if s.fighterOf(sl).Rules&RFeyFolk == 0 {
			continue
		}
		if s.rules.feyChooseOpening {
			// The Fey Folk's opening character, before the starting cards.
			s.slot(sl>>1, sl&1).flags |= ffSpirit
			s.spiritP = int8(sl >> 1)
			s.phase = phSpirit
		} else {
			s.enterCharacter(sl)
		}
	}
}

// setUpPosition applies the setup keys that fix a position, one function
// per key (or group of keys).
func (s *State) setUpPosition(sp *setupSpec) error {
	for _, step := range []func(*setupSpec) error{
		s.setUpBear, s.setUpBoards, s.setUpTokens, s.setUpSerpent, s.setUpSchemes, s.setUpFey, s.setUpDecks,
	} {
		if err := step(sp); err != nil {
			return err
		}
	}
	return nil
}

// perSeat applies v (per seat, per fighter) with apply.
func (s *State) perSeat(name string, v [][]int, apply func(fs *fighterState, x int) error) error {
	if v == nil {
		return nil
	}
	if len(v) != 2 || len(v[0]) != 2 || len(v[1]) != 2 {
		return fmt.Errorf("%s: want two values for each seat", name)
	}
	for p := 0; p < 2; p++ {
		for i := 0; i < 2; i++ {
			if err := apply(s.slot(p, i), v[p][i]); err != nil {
				return fmt.Errorf("%s[%d][%d]: %w", name, p, i, err)
			}
		}
	}
	return nil
}

// setUpBear turns Bödvar to his Bear side (before hp, which the Bear's
// track bounds).
func (s *State) setUpBear(sp *setupSpec) error {
	for _, p := range sp.Bear {
		if p < 0 || p > 1 {
			return fmt.Errorf("bear: seat %d", p)
		}
		for i := 0; i < 2; i++ {
			if fs := s.slot(p, i); s.pack.Fighters[fs.f].Rules&RBodvarBear != 0 {
				fs.flags |= ffBear
				fs.hp = min(fs.hp, 15)
			}
		}
	}
	return nil
}

// setUpBoards applies hp, power and track.
func (s *State) setUpBoards(sp *setupSpec) error {
	if err := s.perSeat("hp", sp.HP, func(fs *fighterState, x int) error {
		top := int(s.pack.Fighters[fs.f].HP)
		if fs.flags&ffBear != 0 {
			top = 15
		}
		if x < -2 || x > top {
			return fmt.Errorf("%d is off the track", x)
		}
		fs.hp = int8(x)
		if s.pack.Fighters[fs.f].Rules&RFeyFolk != 0 {
			fs.charHP[fs.char] = int8(x)
		}
		return nil
	}); err != nil {
		return err
	}
	if err := s.perSeat("power", sp.Power, func(fs *fighterState, x int) error {
		if x < 0 || x > 99 {
			return fmt.Errorf("%d is not 0..99", x)
		}
		fs.power = int8(x)
		return nil
	}); err != nil {
		return err
	}
	return s.perSeat("track", sp.Track, func(fs *fighterState, x int) error {
		tr := s.pack.Fighters[fs.f].Track
		if x != 0 && (tr == nil || x < 0 || x > int(tr.Max)) {
			return fmt.Errorf("%d is off the special track", x)
		}
		fs.track = int8(x)
		return nil
	})
}

// setUpTokens applies tokens.
func (s *State) setUpTokens(sp *setupSpec) error {
	for _, t := range sp.Tokens {
		k := engine.IndexOf(tokenNames[:], t.Token)
		if t.Seat < 0 || t.Seat > 1 || t.Fighter < 0 || t.Fighter > 1 || k < 1 || t.N < 0 || t.N > 20 {
			return fmt.Errorf("tokens: %+v is not a seat, a fighter (0 or 1), a token and a count", t)
		}
		s.slot(t.Seat, t.Fighter).tok[k] = int8(t.N)
	}
	return nil
}

// setUpSerpent applies serpent.
func (s *State) setUpSerpent(sp *setupSpec) error {
	face := map[string]uint8{"black": 0, "white": 1}
	f, ok := face[sp.Serpent]
	switch {
	case sp.Serpent == "":
		return nil
	case !ok:
		return fmt.Errorf("serpent: %q is not black or white", sp.Serpent)
	}
	for sl := 0; sl < 4; sl++ {
		if s.fighterOf(sl).Rules&RSerpent != 0 {
			s.slot(sl>>1, sl&1).serpent = f
		}
	}
	return nil
}

// setUpSchemes applies planted and schemes: each names scheme effects, and
// takes a token of that effect not yet taken. Without schemes, the supply
// is the tokens left, in their shuffled order.
func (s *State) setUpSchemes(sp *setupSpec) error {
	if sp.Schemes == nil && sp.Planted == nil {
		return nil
	}
	if s.milady < 0 {
		return fmt.Errorf("schemes and planted need Milady in a team")
	}
	var taken [NumScheme]bool
	take := func(name string, effects []int, dst []uint8) (int, error) {
		if len(effects) > NumScheme {
			return 0, fmt.Errorf("%s: more than %d", name, NumScheme)
		}
		for k, v := range effects {
			if v < 0 || v >= len(schemeOps) {
				return 0, fmt.Errorf("%s[%d]: %d is not 0..%d", name, k, v, len(schemeOps)-1)
			}
			tk := 0
			for tk < NumScheme && (taken[tk] || int(schemeKinds[tk]) != v) {
				tk++
			}
			if tk == NumScheme {
				return 0, fmt.Errorf("%s[%d]: no token of effect %d is left", name, k, v)
			}
			taken[tk] = true
			dst[k] = uint8(tk)
		}
		return len(effects), nil
	}
	n, err := take("planted", sp.Planted, s.planted[:])
	if err != nil {
		return err
	}
	s.plantedN = uint8(n)
	if sp.Schemes != nil {
		n, err := take("schemes", sp.Schemes, s.schemes[:])
		if err != nil {
			return err
		}
		s.schemeN = uint8(n)
		return nil
	}
	left := s.schemes[:0]
	for _, tk := range s.schemes[:s.schemeN] {
		if !taken[tk] {
			left = append(left, tk)
		}
	}
	s.schemeN = uint8(len(left))
	return nil
}

// setUpFey applies fey: the Fey Folk's characters' HP, the active one and
// the spirits. A character on 0 is a spirit; with all three on 0 the
// active one stands on the Spirit space.
func (s *State) setUpFey(sp *setupSpec) error {
	if sp.Fey == nil {
		return nil
	}
	var fs *fighterState
	var fd *Fighter
	for sl := 0; sl < 4; sl++ {
		if f := s.fighterOf(sl); f.Rules&RFeyFolk != 0 {
			fs, fd = s.slot(sl>>1, sl&1), f
		}
	}
	if fs == nil {
		return fmt.Errorf("fey: no Fey Folk in the teams")
	}
	fy := sp.Fey
	hp := fs.charHP
	if fy.HP != nil {
		if len(fy.HP) != len(fd.Characters) {
			return fmt.Errorf("fey: hp needs %d values (Fairy, Gnome, Elf)", len(fd.Characters))
		}
		for k, x := range fy.HP {
			if x < 0 || x > int(fd.Characters[k].HP) {
				return fmt.Errorf("fey: hp[%d]: %d is off the %s's track", k, x, fd.Characters[k].ID)
			}
			hp[k] = int8(x)
		}
	}
	ch := engine.IndexOf(charNames[:], fy.Character)
	if fy.Character == "" {
		ch = int(fs.char)
	}
	spirits := 1
	for _, h := range hp {
		if h <= 0 {
			spirits++
		}
	}
	if fy.Spirits != 0 {
		spirits = fy.Spirits
	}
	switch {
	case ch < 0:
		return fmt.Errorf("fey: character %q is not fairy, gnome or elf", fy.Character)
	case hp[ch] <= 0 && spirits < 4:
		return fmt.Errorf("fey: the active %s has no HP, and not all three are spirits", charNames[ch])
	case spirits < 1 || spirits > 4:
		return fmt.Errorf("fey: spirits %d is not 1..4", spirits)
	}
	fs.charHP, fs.char, fs.hp, fs.spirits = hp, uint8(ch), hp[ch], int8(spirits)
	fs.flags &^= ffSpirit
	if hp[ch] <= 0 {
		fs.flags |= ffSpirit
	}
	if s.phase == phSpirit {
		s.phase, s.spiritP = phOrder, -1 // the position names the opening character
	}
	return nil
}

// openFeyFolk brings the Elf in when the opening character is still to be
// chosen but the setup plays the first round at once.
func (s *State) openFeyFolk() {
	if s.phase != phSpirit {
		return
	}
	for sl := 0; sl < 4; sl++ {
		if fs := s.slot(sl>>1, sl&1); s.fighterOf(sl).Rules&RFeyFolk != 0 && fs.flags&ffSpirit != 0 {
			fs.flags &^= ffSpirit
			s.enterCharacter(sl)
		}
	}
	s.phase, s.spiritP = phOrder, -1
}

// setUpDecks applies round, fight and build.
func (s *State) setUpDecks(sp *setupSpec) error {
	if sp.Fight != nil {
		s.openFeyFolk()
	}
	if sp.Round > 0 {
		s.round = uint8(min(sp.Round, 200) - 1)
	}
	// Decks.
	owned := func(p int, ci uint8) bool {
		f := s.pack.Card(ci).Fighter
		return int(s.players[p].fighters[0].f) == f || int(s.players[p].fighters[1].f) == f
	}
	var used [2][MaxInstances]bool
	if sp.Fight != nil {
		if len(sp.Fight) != 2 {
			return fmt.Errorf("fight: want a deck for each of the 2 seats")
		}
		for p := 0; p < 2; p++ {
			pl := &s.players[p]
			if len(sp.Fight[p]) == 0 || len(sp.Fight[p]) > MaxDeck {
				return fmt.Errorf("fight[%d]: 1..%d cards", p, MaxDeck)
			}
			pl.deckN = 0
			for _, name := range sp.Fight[p] {
				ci, err := s.instance(name)
				if err != nil || !owned(p, ci) || used[p][ci] {
					return fmt.Errorf("fight[%d]: %q is unknown, not this team's or repeated", p, name)
				}
				used[p][ci] = true
				pl.deck[pl.deckN] = ci
				pl.deckN++
			}
			pl.decided = 1
		}
	}
	if sp.Build != nil {
		if len(sp.Build) != 2 {
			return fmt.Errorf("build: want a list for each of the 2 seats")
		}
	}
	for p := 0; p < 2; p++ {
		if sp.Fight == nil && sp.Build == nil {
			break
		}
		pl := &s.players[p]
		var top []uint8
		if sp.Build != nil {
			for _, name := range sp.Build[p] {
				ci, err := s.instance(name)
				if err != nil || !owned(p, ci) || used[p][ci] {
					return fmt.Errorf("build[%d]: %q is unknown, not this team's or used twice", p, name)
				}
				used[p][ci] = true
				top = append(top, ci)
			}
		}
		// The rest of the team's cards, shuffled, under the given top.
		var rest []uint8
		for i := 0; i < 2; i++ {
			for _, ci := range s.pack.fightInsts[pl.fighters[i].f] {
				if !used[p][ci] && (sp.Fight != nil || ci != s.pack.startInst[pl.fighters[i].f]) {
					rest = append(rest, ci)
				}
			}
		}
		if sp.Fight == nil {
			// Starting cards stay in the fight deck.
			rest = rest[:0]
			for i := 0; i < 2; i++ {
				for _, ci := range s.pack.fightInsts[pl.fighters[i].f] {
					if !used[p][ci] && ci != s.pack.startInst[pl.fighters[i].f] {
						rest = append(rest, ci)
					}
				}
			}
		}
		engine.Shuffle(&s.rng, rest)
		all := append(top, rest...)
		if len(all) > MaxBuild {
			all = all[:MaxBuild]
		}
		pl.buildN = uint8(copy(pl.build[:], all))
	}
	if sp.Fight != nil {
		s.startRound()
	}
	return nil
}
