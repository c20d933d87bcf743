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
	reviveSpace     bool // Maman Brijit's revive space below her two KO spaces
	cancelledActive bool // B8 #8: a cancelled card still sets its owner's active fighter
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

// Game is Tag Team with one content pack.
type Game struct{ pack *Pack }

// New returns the game with the project's content.
func New() *Game { return &Game{pack: DefaultPack()} }

// WithPack returns the game played with another pack.
func WithPack(p *Pack) *Game { return &Game{pack: p} }

// Pack is the game's content.
func (g *Game) Pack() *Pack { return g.pack }

func (g *Game) Name() string { return "tagteam" }

func (g *Game) Title() engine.Text { return engine.Text{PL: "Tag Team", EN: "Tag Team"} }

func (g *Game) Options() []engine.OptionSpec {
	t := func(pl, en string) engine.Text { return engine.Text{PL: pl, EN: en} }
	return []engine.OptionSpec{
		{Name: "players", Kind: engine.IntOption, Default: 2, Min: 2, Max: 2, Help: t("Zawsze 2 graczy.", "Always 2 players.")},
		{Name: "draft", Kind: engine.EnumOption, Default: "standard", Values: draftNames,
			Help: t("Wybór drużyn: draft standardowy, taktyczny, wolny wybór (przy sporze: draft standardowy), pierwsza rozgrywka (Joanna i Ching Shih przeciw Bödvarowi i Wongowi) albo losowe drużyny (do badań balansu).",
				"Team choice: standard draft, tactical draft, free choice (a contested fighter falls back to the standard draft), the first game (Joan and Ching Shih against Bödvar and Wong) or random teams (for balance studies).")},
		{Name: "cancelled_sets_active", Kind: engine.BoolOption, Default: true,
			Help: t("Anulowana karta nadal wyznacza aktywnego zawodnika (B8 #8).", "A cancelled card still sets its owner's active fighter (B8 #8).")},
		{Name: "revive_space", Kind: engine.BoolOption, Default: true,
			Help: t("Maman Brijit ma pole wskrzeszenia pod dwoma polami nokautu.", "Maman Brijit has a revive space below her two KO spaces.")},
	}
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
	Serpent string `json:"serpent"` // black or white
	Bear    []int  `json:"bear"`    // seats whose Bödvar starts on his Bear side
	Schemes []int  `json:"schemes"` // Milady's scheme supply, top first (effects 0..8)
	Round   int    `json:"round"`   // the round number to start in
}

// New sets a game up; nil options are the defaults.
func (g *Game) New(opts engine.Options, setup json.RawMessage, seed uint64) (engine.State, error) {
	if opts == nil {
		opts, _ = engine.ResolveOptions(g.Options(), nil)
	}
	if n := opts.Int("players"); n != 2 {
		return nil, fmt.Errorf("Tag Team is for 2 players, not %d", n)
	}
	s := &State{pack: g.pack, rng: engine.NewRNG(seed), events: make([]engine.Event, 0, 64)}
	s.rules = rules{reviveSpace: opts.Bool("revive_space"), cancelledActive: opts.Bool("cancelled_sets_active")}
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
	if sp.Fight != nil || sp.Build != nil || sp.HP != nil || sp.Power != nil {
		return fmt.Errorf("fight, build, hp and power need teams")
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
				fs.charHP = feyHP
				fs.char = 2
				fs.hp = feyHP[2]
				fs.spirits = 1
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
}

// setUpPosition applies the setup keys that fix a position.
func (s *State) setUpPosition(sp *setupSpec) error {
	perSeat := func(name string, v [][]int, apply func(fs *fighterState, x int) error) error {
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
	if err := perSeat("hp", sp.HP, func(fs *fighterState, x int) error {
		if x < -2 || x > int(s.pack.Fighters[fs.f].HP) {
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
	if err := perSeat("power", sp.Power, func(fs *fighterState, x int) error {
		if x < 0 || x > 99 {
			return fmt.Errorf("%d is not 0..99", x)
		}
		fs.power = int8(x)
		return nil
	}); err != nil {
		return err
	}
	if err := perSeat("track", sp.Track, func(fs *fighterState, x int) error {
		tr := s.pack.Fighters[fs.f].Track
		if x != 0 && (tr == nil || x < 0 || x > int(tr.Max)) {
			return fmt.Errorf("%d is off the special track", x)
		}
		fs.track = int8(x)
		return nil
	}); err != nil {
		return err
	}
	for _, t := range sp.Tokens {
		k := engine.IndexOf(tokenNames[:], t.Token)
		if t.Seat < 0 || t.Seat > 1 || t.Fighter < 0 || t.Fighter > 1 || k < 0 || t.N < 0 || t.N > 20 {
			return fmt.Errorf("tokens: %+v is not a seat, a fighter (0 or 1), a token and a count", t)
		}
		s.slot(t.Seat, t.Fighter).tok[k] = int8(t.N)
	}
	switch sp.Serpent {
	case "":
	case "black", "white":
		for sl := 0; sl < 4; sl++ {
			if s.fighterOf(sl).Rules&RSerpent != 0 {
				s.slot(sl>>1, sl&1).serpent = map[string]uint8{"black": 0, "white": 1}[sp.Serpent]
			}
		}
	default:
		return fmt.Errorf("serpent: %q is not black or white", sp.Serpent)
	}
	for _, p := range sp.Bear {
		if p < 0 || p > 1 {
			return fmt.Errorf("bear: seat %d", p)
		}
		for i := 0; i < 2; i++ {
			if fs := s.slot(p, i); s.pack.Fighters[fs.f].Rules&RBodvarBear != 0 {
				fs.flags |= ffBear
			}
		}
	}
	if sp.Schemes != nil {
		if len(sp.Schemes) > NumScheme {
			return fmt.Errorf("schemes: more than %d", NumScheme)
		}
		for k, v := range sp.Schemes {
			if v < 0 || v >= len(schemeOps) {
				return fmt.Errorf("schemes[%d]: %d is not 0..%d", k, v, len(schemeOps)-1)
			}
			// A scheme token of that effect.
			for tk := 0; tk < NumScheme; tk++ {
				if int(schemeKinds[tk]) == v {
					s.schemes[k] = uint8(tk)
				}
			}
		}
		s.schemeN = uint8(len(sp.Schemes))
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
