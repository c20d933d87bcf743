package tagteam

import (
	"math/rand/v2"
	"slices"

	"stolik/engine"
)

// View is what one seat may know (B10).
type View struct {
	Viewer  int          `json:"viewer"`
	Phase   string       `json:"phase"`
	Round   int          `json:"round"`
	Turn    int          `json:"turn"`
	Pending []int        `json:"pending"`
	Players []PlayerView `json:"players"`
	Schemes int          `json:"schemes"` // Milady's supply
	Planted int          `json:"planted"` // schemes planted, face down
	Over    bool         `json:"over"`
	Winner  int          `json:"winner"` // -1 not over, -2 draw
	// The viewer's own hidden facts.
	Draft     []string `json:"draft,omitempty"`     // draft cards in hand
	Discarded string   `json:"discarded,omitempty"` // the tactical-draft discard
	Deck      []string `json:"deck,omitempty"`      // the own fight deck in play order
	NewCard   string   `json:"new_card,omitempty"`  // the card added last, in Deck
	Offer     []string `json:"offer,omitempty"`     // the three cards drawn
	Bottom    []string `json:"bottom,omitempty"`    // the build deck's bottom cards placed by the viewer, top first
	Plans     []int    `json:"plans,omitempty"`     // Milady's planted schemes (her owner only)
	// Cards is the printed face of every fight card this view names, by
	// its notation name; Fighters names every fighter it names by id. A
	// card's print is public; only cards already in sight are listed.
	Cards    map[string]CardFace    `json:"cards,omitempty"`
	Fighters map[string]engine.Text `json:"fighters,omitempty"`
	// Boards are the printed boards of the fighters the draft shows (the
	// viewer's draft cards, the picks and cards passed, or every fighter
	// in a free choice), by id.
	Boards map[string]BoardFace `json:"boards,omitempty"`
	// End says why the game ended.
	End *EndView `json:"end,omitempty"`
}

// BoardFace is a fighter's board as the draft shows it: health, base
// power, the printed tracks, special rules and the starting card.
type BoardFace struct {
	Name     engine.Text   `json:"name"`
	HP       int           `json:"hp"`
	Power    int           `json:"power"`
	Health   HealthTrack   `json:"health"`
	Special  *SpecialTrack `json:"special,omitempty"`
	Rules    []engine.Text `json:"rules,omitempty"`
	Starting []CardFace    `json:"starting"`
	Text     engine.Text   `json:"text"` // the board in one line
}

// CardFace is what a fight card says: its name, its fighter, whether it
// is a starting card, and what it does in a few words (both languages).
type CardFace struct {
	Name     engine.Text `json:"name"`
	Fighter  string      `json:"fighter"`
	Starting bool        `json:"starting,omitempty"`
	Text     engine.Text `json:"text"`
}

// PlayerView is one player as everyone sees them.
type PlayerView struct {
	Seat      int           `json:"seat"`
	Fighters  []FighterView `json:"fighters"`
	Active    int           `json:"active"`
	DeckCount int           `json:"deck_count"`
	Next      int           `json:"next"`     // cards already revealed this round
	Revealed  []string      `json:"revealed"` // this round's reveals, in order
	History   []string      `json:"history"`  // the last complete round's order (public from its reveals)
	Build     int           `json:"build_count"`
	Decided   bool          `json:"decided"`
	Picks     []string      `json:"picks,omitempty"` // draft picks shown
	Passed    []string      `json:"passed,omitempty"`
}

// FighterView is one fighter in play.
type FighterView struct {
	ID      string         `json:"id"`
	Name    engine.Text    `json:"name"`
	HP      int            `json:"hp"`
	MaxHP   int            `json:"max_hp"`
	Power   int            `json:"power"`
	Track   int            `json:"track"`
	Tokens  map[string]int `json:"tokens"`
	Bear    bool           `json:"bear,omitempty"`
	Serpent string         `json:"serpent,omitempty"`
	Char    string         `json:"character,omitempty"`
	CharHP  []int          `json:"character_hp,omitempty"`
	Spirits int            `json:"spirits,omitempty"`
	// The printed board with the markers, in words: the health track
	// (the Bear's once Bödvar has turned, the active Fey Folk
	// character's), the special track, the tokens held, the special rules.
	Health     HealthTrack     `json:"health"`
	Special    *SpecialTrack   `json:"special,omitempty"`
	Held       []TokenView     `json:"held,omitempty"`
	Rules      []engine.Text   `json:"rules,omitempty"`
	Characters []CharacterView `json:"characters,omitempty"` // the Fey Folk
	// Warnings: one token or one hit from losing (end.go).
	Warnings []Warning `json:"warnings,omitempty"`
}

// CharacterView is one of the Fey Folk's three characters.
type CharacterView struct {
	ID     string      `json:"id"`
	Name   engine.Text `json:"name"`
	HP     int         `json:"hp"`
	Max    int         `json:"max"`
	Spirit bool        `json:"spirit,omitempty"`
	Active bool        `json:"active,omitempty"`
}

func (s *State) names(cs []uint8) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, s.pack.InstanceName(c))
	}
	return out
}

// View is everything seat viewer may know.
func (s *State) View(viewer engine.Seat) any { return s.view(viewer) }

func (s *State) view(viewer engine.Seat) View {
	v := View{Viewer: int(viewer), Phase: phaseNames[s.phase], Round: int(s.round), Turn: int(s.turn), Pending: []int{},
		Schemes: int(s.schemeN), Planted: int(s.plantedN), Over: s.over != 0, Winner: -1}
	if s.over != 0 {
		v.Winner = int(s.winner)
		v.End = s.ending()
	}
	for _, p := range s.Pending() {
		v.Pending = append(v.Pending, int(p))
	}
	teams := s.phase != phPick && s.phase != phPick2 && s.phase != phTeam
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pv := PlayerView{Seat: p, Active: int(pl.active), DeckCount: int(pl.deckN), Next: int(pl.next), Build: int(pl.buildN),
			Decided: pl.decided != 0, Revealed: s.names(pl.deck[:pl.next]), History: s.names(pl.played[:pl.playedN]), Fighters: []FighterView{}}
		if s.phase == phPick2 {
			pv.Picks = []string{s.fighterName(pl.choice[2])}
			pv.Passed = []string{}
			for _, f := range pl.passed[:pl.passedN] {
				pv.Passed = append(pv.Passed, s.fighterName(f))
			}
		}
		if teams {
			for i := 0; i < 2; i++ {
				fs := &pl.fighters[i]
				f := &s.pack.Fighters[fs.f]
				fv := FighterView{ID: f.ID, Name: f.Name, HP: int(fs.hp), MaxHP: int(s.maxHP(p*2 + i)), Power: int(fs.power),
					Track: int(fs.track), Tokens: map[string]int{}, Bear: fs.flags&ffBear != 0}
				for t := Token(1); t < numTokens; t++ {
					if fs.tok[t] > 0 {
						fv.Tokens[tokenNames[t]] = int(fs.tok[t])
					}
				}
				if f.Rules&RSerpent != 0 {
					fv.Serpent = []string{"black", "white"}[fs.serpent]
				}
				s.boardView(&fv, p*2+i)
				if f.Rules&RFeyFolk != 0 {
					fv.Char = charNames[fs.char]
					fv.CharHP = []int{int(fs.charHP[0]), int(fs.charHP[1]), int(fs.charHP[2])}
					fv.Spirits = int(fs.spirits)
					for k := 0; k < 3; k++ {
						top, name, _ := s.character(int(fs.f), k)
						fv.Characters = append(fv.Characters, CharacterView{ID: charNames[k], Name: name, HP: max(int(fs.charHP[k]), 0),
							Max: top, Spirit: fs.charHP[k] <= 0, Active: k == int(fs.char)})
					}
				}
				pv.Fighters = append(pv.Fighters, fv)
			}
		}
		v.Players = append(v.Players, pv)
	}
	if viewer < 0 || viewer > 1 {
		s.faces(&v)
		return v
	}
	pl := &s.players[viewer]
	for _, f := range pl.draft[:pl.draftN] {
		v.Draft = append(v.Draft, s.fighterName(f))
	}
	if pl.discard != none {
		v.Discarded = s.fighterName(pl.discard)
	}
	if teams {
		v.Deck = s.names(pl.deck[:pl.deckN])
		if pl.newCard != none {
			v.NewCard = s.pack.InstanceName(pl.newCard)
		}
		v.Offer = s.names(pl.offer[:pl.offerN])
		v.Bottom = s.names(pl.build[pl.buildN-pl.known : pl.buildN])
	}
	if s.milady >= 0 && int(s.milady>>1) == int(viewer) {
		for _, k := range s.planted[:s.plantedN] {
			v.Plans = append(v.Plans, int(schemeKinds[k]))
		}
	}
	s.faces(&v)
	return v
}

// faces fills v.Cards and v.Fighters for the cards and fighters v names.
func (s *State) faces(v *View) {
	cards := map[string]CardFace{}
	card := func(name string) {
		i, ok := s.pack.instIx[name]
		if !ok {
			return
		}
		c := s.pack.Card(i)
		cards[name] = CardFace{Name: c.Name, Fighter: s.pack.Fighters[c.Fighter].ID, Starting: c.Starting, Text: s.cardWords(i)}
	}
	fighters := map[string]engine.Text{}
	fighter := func(id string) {
		if i, ok := s.pack.fighterIx[id]; ok {
			fighters[id] = s.pack.Fighters[i].Name
		}
	}
	for _, p := range v.Players {
		for _, list := range [][]string{p.Revealed, p.History} {
			for _, c := range list {
				card(c)
			}
		}
		for _, list := range [][]string{p.Picks, p.Passed} {
			for _, f := range list {
				fighter(f)
			}
		}
		for _, f := range p.Fighters {
			fighter(f.ID)
		}
	}
	for _, list := range [][]string{v.Deck, v.Offer, v.Bottom} {
		for _, c := range list {
			card(c)
		}
	}
	for _, f := range v.Draft {
		fighter(f)
	}
	if v.Discarded != "" {
		fighter(v.Discarded)
	}
	if len(cards) > 0 {
		v.Cards = cards
	}
	if s.phase == phTeam {
		// A free choice: every fighter is a candidate.
		for i := range s.pack.Fighters {
			fighter(s.pack.Fighters[i].ID)
		}
	}
	if len(fighters) > 0 {
		v.Fighters = fighters
	}
	if s.phase == phPick || s.phase == phPick2 || s.phase == phTeam {
		v.Boards = map[string]BoardFace{}
		for id := range fighters {
			v.Boards[id] = s.boardFace(s.pack.fighterIx[id])
		}
	}
}

// Snapshot is the full state, hidden facts included.
type Snapshot struct {
	View    View       `json:"view"`
	Decks   [][]string `json:"decks"`
	Builds  [][]string `json:"builds"`
	Offers  [][]string `json:"offers"`
	Schemes []int      `json:"schemes"`
	Planted []int      `json:"planted"`
	RNG     string     `json:"rng"`
}

func (s *State) Snapshot() any {
	sn := Snapshot{View: s.view(engine.Spectator), RNG: s.rng.String()}
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		sn.Decks = append(sn.Decks, s.names(pl.deck[:pl.deckN]))
		sn.Builds = append(sn.Builds, s.names(pl.build[:pl.buildN]))
		sn.Offers = append(sn.Offers, s.names(pl.offer[:pl.offerN]))
	}
	for _, k := range s.schemes[:s.schemeN] {
		sn.Schemes = append(sn.Schemes, int(schemeKinds[k]))
	}
	for _, k := range s.planted[:s.plantedN] {
		sn.Planted = append(sn.Planted, int(schemeKinds[k]))
	}
	return sn
}

// Determinize resamples what observer cannot know: the order of every
// build deck (the bottom cards observer placed stay), the opponent's
// offer, new card and its place, the starting order before the first
// reveal, the draft cards still hidden, Milady's schemes, and the game's
// own generator.
func (s *State) Determinize(observer engine.Seat, r *rand.Rand) {
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		if engine.Seat(p) == observer {
			shuffleInsts(r, pl.build[:pl.buildN-pl.known])
			continue
		}
		s.determinizeOpponentDecks(p, r)
	}
	if observer >= 0 && observer <= 1 {
		if s.phase == phPick {
			s.determinizeDraft(observer, r)
		}
		if s.phase == phPick2 && s.players[1-observer].discard != none {
			s.determinizeDiscard(observer, r)
		}
		if s.phase == phPick2 || s.phase == phTeam {
			s.determinizeChoices(observer, r)
		}
	}
	if s.milady >= 0 {
		s.determinizeSchemes(observer, r)
	}
	// The game's own randomness after this point is unknown too (the build
	// decks' order, the Serpent's side and Milady's supply when the teams
	// are formed).
	s.rng = engine.NewRNG(r.Uint64())
}

// shuffleInsts shuffles cards or fighters in place with r.
func shuffleInsts(r *rand.Rand, b []uint8) {
	r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
}

// determinizeOpponentDecks deals seat p's unknown cards anew: its offer
// and build deck are one unknown pool, and so is a new card it placed out
// of sight; its secret build choice and the order of its two starting
// cards are guessed too.
func (s *State) determinizeOpponentDecks(p int, r *rand.Rand) {
	pl := &s.players[p]
	var pool [MaxBuild + 4]uint8
	n := copy(pool[:], pl.build[:pl.buildN])
	n += copy(pool[n:], pl.offer[:pl.offerN])
	hiddenNew := pl.newCard != none && s.phase != phBuild && s.newCardHidden(p)
	if hiddenNew {
		pool[n] = pl.newCard
		n++
	}
	shuffleInsts(r, pool[:n])
	k := copy(pl.offer[:pl.offerN], pool[:pl.offerN])
	k += copy(pl.build[:pl.buildN], pool[k:])
	if hiddenNew {
		c := pool[k]
		// Its place: anywhere among the cards not yet revealed.
		i := s.indexInDeck(p, pl.newCard)
		copy(pl.deck[i:], pl.deck[i+1:pl.deckN])
		pl.deckN--
		at := int(pl.next) + r.IntN(int(pl.deckN-pl.next)+1)
		copy(pl.deck[at+1:], pl.deck[at:pl.deckN])
		pl.deck[at] = c
		pl.deckN++
		pl.newCard = c
	}
	if s.phase == phBuild && pl.decided != 0 && pl.offerN == 3 {
		// The opponent's secret choice: a card of the offer, a place, the one under.
		i, j := r.IntN(3), r.IntN(2)
		if j >= i {
			j++
		}
		pl.choice = [4]uint8{pl.offer[i], uint8(r.IntN(int(pl.deckN) + 1)), pl.offer[j], 0}
	}
	if s.round <= 1 && pl.next == 0 && pl.playedN == 0 && pl.deckN == 2 && r.IntN(2) == 0 {
		pl.deck[0], pl.deck[1] = pl.deck[1], pl.deck[0]
	}
}

// determinizeDraft deals the draft hands observer has not seen (a tactical
// discard, the opponent's first hand).
func (s *State) determinizeDraft(observer engine.Seat, r *rand.Rand) {
	o := &s.players[1-observer]
	var pool [MaxDraft]uint8
	n := 0
	seen := map[uint8]bool{}
	for _, f := range s.players[observer].draft[:s.players[observer].draftN] {
		seen[f] = true
	}
	for f := 0; f < len(s.pack.Fighters); f++ {
		if !seen[uint8(f)] && n < MaxDraft {
			pool[n] = uint8(f)
			n++
		}
	}
	shuffleInsts(r, pool[:n])
	o.draftN = uint8(copy(o.draft[:o.draftN], pool[:n]))
	if o.decided != 0 && o.draftN >= 2 {
		o.choice[0], o.choice[1] = o.draft[0], 0
		if s.draftKind == draftTactical {
			o.choice[1] = o.draft[1] + 1
		}
	}
}

// determinizeDiscard picks the opponent's discard among the fighters
// observer never saw.
func (s *State) determinizeDiscard(observer engine.Seat, r *rand.Rand) {
	o := &s.players[1-observer]
	var seen [64]bool
	for _, f := range s.players[observer].draft[:s.players[observer].draftN] {
		seen[f] = true
	}
	for _, f := range s.players[observer].passed[:s.players[observer].passedN] {
		seen[f] = true
	}
	seen[s.players[observer].choice[2]], seen[o.choice[2]] = true, true
	if s.players[observer].discard != none {
		seen[s.players[observer].discard] = true
	}
	for _, f := range o.draft[:o.draftN] {
		seen[f] = true
	}
	var pool []uint8
	for f := 0; f < len(s.pack.Fighters); f++ {
		if !seen[f] {
			pool = append(pool, uint8(f))
		}
	}
	if len(pool) > 0 {
		o.discard = pool[r.IntN(len(pool))]
	}
}

// determinizeChoices guesses the opponent's secret pick or team.
func (s *State) determinizeChoices(observer engine.Seat, r *rand.Rand) {
	o := &s.players[1-observer]
	if o.decided == 0 {
		return
	}
	if s.phase == phPick2 && o.draftN > 0 {
		o.choice[0] = o.draft[r.IntN(int(o.draftN))]
	}
	if s.phase == phTeam {
		a := r.IntN(len(s.pack.Fighters))
		b := (a + 1 + r.IntN(len(s.pack.Fighters)-1)) % len(s.pack.Fighters)
		o.choice[0], o.choice[1] = uint8(min(a, b)), uint8(max(a, b))
	}
}

// determinizeSchemes shuffles Milady's supply, and the planted schemes
// too unless observer owns her.
func (s *State) determinizeSchemes(observer engine.Seat, r *rand.Rand) {
	var pool [2 * NumScheme]uint8
	n := copy(pool[:], s.schemes[:s.schemeN])
	mine := int(s.milady>>1) == int(observer)
	if !mine {
		n += copy(pool[n:], s.planted[:s.plantedN])
	}
	shuffleInsts(r, pool[:n])
	k := copy(s.schemes[:s.schemeN], pool[:n])
	if !mine {
		copy(s.planted[:s.plantedN], pool[k:n])
	}
}

// newCardHidden: the opponent has not seen p's new card revealed yet.
func (s *State) newCardHidden(p int) bool {
	i := s.indexInDeck(p, s.players[p].newCard)
	return i >= int(s.players[p].next) && i < int(s.players[p].deckN)
}

func (s *State) indexInDeck(p int, c uint8) int {
	pl := &s.players[p]
	for i := 0; i < int(pl.deckN); i++ {
		if pl.deck[i] == c {
			return i
		}
	}
	return int(pl.deckN)
}

// SeatLabel names a seat's team (simulations report results by team).
func (s *State) SeatLabel(p engine.Seat) string {
	if p < 0 || p > 1 || s.phase == phPick || s.phase == phPick2 || s.phase == phTeam {
		return ""
	}
	a, b := s.fighterName(s.players[p].fighters[0].f), s.fighterName(s.players[p].fighters[1].f)
	if a > b {
		a, b = b, a
	}
	return a + "+" + b
}

// boardView fills in the printed board of the fighter in slot sl.
func (s *State) boardView(fv *FighterView, sl int) {
	fs := s.slot(sl>>1, sl&1)
	fi := int(fs.f)
	fv.Health = s.healthTrack(fi, fs)
	if fs.flags&ffBear == 0 {
		fv.Special = s.specialTrack(fi, int(fs.track))
	}
	fv.Held = tokensHeld(fs.tok, fs.serpent)
	fv.Rules = s.ruleTexts(fi)
	fv.Warnings = s.warnings(sl)
}

// boardFace is fighter fi's board as the draft shows it.
func (s *State) boardFace(fi int) BoardFace {
	if w := s.fighterWords(fi); w != nil {
		b := w.board
		b.Health = b.Health.clone()
		if b.Special != nil {
			sp := *b.Special
			sp.Spaces = slices.Clone(sp.Spaces)
			b.Special = &sp
		}
		b.Rules, b.Starting = slices.Clone(b.Rules), slices.Clone(b.Starting)
		return b
	}
	return s.buildBoardFace(fi)
}

// buildBoardFace writes fighter fi's board out.
func (s *State) buildBoardFace(fi int) BoardFace {
	f := &s.pack.Fighters[fi]
	b := BoardFace{Name: f.Name, HP: int(f.HP), Power: int(f.Power), Health: s.healthTrack(fi, nil), Rules: s.ruleTexts(fi), Starting: []CardFace{}}
	if f.Track != nil {
		b.Special = s.specialTrack(fi, int(f.Track.Start))
	}
	d := s.describerFor(fi)
	var starting []engine.Text
	for _, ci := range f.Cards {
		if c := &s.pack.Cards[ci]; c.Starting {
			b.Starting = append(b.Starting, CardFace{Name: c.Name, Fighter: f.ID, Starting: true, Text: d.card(c, false)})
			starting = append(starting, c.Name)
		}
	}
	hp := both("%d PZ", "%d HP", f.HP)
	if f.Rules&RFeyFolk != 0 {
		var cs []engine.Text
		for k := 0; k < 3; k++ {
			top, name, _ := s.character(fi, k)
			cs = append(cs, both("%s %d", "%s %d", name, top))
		}
		hp = both("PZ: %s", "HP: %s", join(cs, ", ", ", "))
	}
	b.Text = both("%s · moc %d · karta startowa: %s", "%s · power %d · starting card: %s", hp, f.Power, join(starting, ", ", ", "))
	return b
}
