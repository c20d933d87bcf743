package asterix

import (
	"fmt"
	"math/rand/v2"

	"stolik/engine"
)

// CardView is a Character card as it may be shown.
type CardView struct {
	Card     string      `json:"card"` // instance name, the notation's card
	ID       string      `json:"id"`
	Name     engine.Text `json:"name"`
	Colour   string      `json:"colour"`
	Type     string      `json:"type"`
	Strength int         `json:"strength"`
}

// BoardCard is a Character on an Album. A knocked-out card lies face
// down, but everybody saw it before (spec section 9: public memory).
type BoardCard struct {
	CardView
	Current    int  `json:"current"` // current strength: doubled by a potion, 0 knocked out
	Counts     bool `json:"counts"`  // it adds to the half's total (not under faction_only, or a neutral with neutrals_count off)
	Potion     bool `json:"potion,omitempty"`
	KnockedOut bool `json:"knocked_out,omitempty"`
	Last       bool `json:"last,omitempty"` // the visible card placed last on this half (a boar activates it)
}

// HalfView is one player's half of an Album, cards in arrival order.
type HalfView struct {
	Seat   int         `json:"seat"`
	Colour string      `json:"colour"`
	Total  int         `json:"total"`
	Cards  []BoardCard `json:"cards"`
}

// AlbumView is an Album in play on a place.
type AlbumView struct {
	Place     int          `json:"place"`
	Empty     bool         `json:"empty,omitempty"` // no Album left to replace a captured one (AX-A20)
	ID        string       `json:"id,omitempty"`
	Title     *engine.Text `json:"title,omitempty"`
	Number    int          `json:"number,omitempty"`
	Rule      string       `json:"rule,omitempty"`
	Text      *engine.Text `json:"text,omitempty"`
	Threshold int          `json:"threshold,omitempty"`
	Halves    []HalfView   `json:"halves,omitempty"`
}

// PlayerView is one player as the viewer sees them.
type PlayerView struct {
	Seat      int        `json:"seat"`
	Sestertii int        `json:"sestertii"`
	Albums    int        `json:"albums"`
	Tokens    [3]int     `json:"tokens"`  // potion, fish, boar
	Helmets   [2]int     `json:"helmets"` // legionary, centurion
	HandCount int        `json:"hand_count"`
	Hand      []CardView `json:"hand"` // the viewer's own hand; of others only the cards everybody saw arrive
	// HiddenColours counts the colours on the backs of the cards not shown
	// (only with backs_show_colour, AX-A30).
	HiddenColours map[string]int `json:"hidden_colours,omitempty"`
	// Warnings: rivals one capture from winning (warn.go).
	Warnings []Warning `json:"warnings,omitempty"`
}

// Decision is the decision in progress when it is not a plain turn.
type Decision struct {
	Phase string     `json:"phase"`
	Seat  int        `json:"seat"`
	Card  *CardView  `json:"card,omitempty"` // the card being played or activated
	Place int        `json:"place"`
	Left  int        `json:"left,omitempty"` // cards or helmets still to give
	Who   int        `json:"who"`
	Extra *AlbumView `json:"-"`
}

// AlbumCover is the face-up cover of the Album deck's top card (AX-A31).
type AlbumCover struct {
	Title  engine.Text `json:"title"`
	Number int         `json:"number"`
}

// View is what one seat may know (spec section 9).
type View struct {
	Game        string       `json:"game"`
	Viewer      int          `json:"viewer"`
	Turn        int          `json:"turn"`
	Active      int          `json:"active"`
	Pending     []int        `json:"pending"`
	Decision    Decision     `json:"decision"`
	Albums      []AlbumView  `json:"albums"`
	Players     []PlayerView `json:"players"`
	Supply      Supply       `json:"supply"`
	DeckCount   int          `json:"deck_count"`
	DeckTop     string       `json:"deck_top_colour,omitempty"` // backs_show_colour only
	Discard     []CardView   `json:"discard"`                   // bottom first, all face up
	AlbumDeck   int          `json:"album_deck_count"`
	AlbumCover  *AlbumCover  `json:"album_deck_top,omitempty"`
	CardsInPlay int          `json:"cards_in_pack"`
	Winners     []int        `json:"winners,omitempty"`
	// Characters gives the printed texts of every Character this view
	// shows, by Character id, so that a table can show what a card does.
	// A card's print is public; only cards already in sight are listed.
	Characters map[string]CharacterText `json:"characters,omitempty"`
}

// CharacterText is what a Character card prints besides its name and
// strength: its special ability (yellow), its requirement (orange) and
// what always holds for it, each in words; absent when the card has none.
type CharacterText struct {
	Ability     *engine.Text `json:"ability,omitempty"`
	Requirement *engine.Text `json:"requirement,omitempty"`
	Passive     *engine.Text `json:"passive,omitempty"`
}

// Supply is the general supply's tokens and helmets.
type Supply struct {
	Tokens  [3]int `json:"tokens"`
	Helmets [2]int `json:"helmets"`
}

var phaseNames = [...]string{phAction: "action", phToken: "token", phChange: "change", phCostDiscard: "cost_discard",
	phCostHelmet: "cost_helmet", phAbility: "ability", phAbilityDiscard: "ability_discard", phOppDiscard: "opponent_discard",
	phTake: "take", phOrient: "orient", phOver: "over"}

func (s *State) cardView(i uint8) CardView {
	c := s.char(i)
	return CardView{Card: s.pack.InstanceName(i), ID: c.ID, Name: c.Name, Colour: c.Colour.String(), Type: c.Type.String(), Strength: int(c.Strength)}
}

func (s *State) albumView(slot int) AlbumView {
	av := AlbumView{Place: slot}
	if s.slotAlbum[slot] < 0 {
		av.Empty = true
		return av
	}
	a := s.album(slot)
	title := a.Title
	av.ID, av.Title, av.Number, av.Rule, av.Threshold = a.ID, &title, a.Number, ruleNames[a.Rule], s.threshold(slot)
	if a.Text.EN != "" {
		text := a.Text
		av.Text = &text
	}
	orienting := s.phase == phOrient && int(s.capSlot) == slot
	for side := 0; side < 2; side++ {
		hv := HalfView{Seat: int(s.slotSeat[slot][side]), Colour: s.colour[slot][side].String(), Cards: []BoardCard{}}
		if orienting {
			hv.Colour = ""
		}
		last := s.lastPlaced(slot, side)
		h := &s.halves[slot][side]
		for _, x := range h.cards[:h.n] {
			hv.Cards = append(hv.Cards, BoardCard{CardView: s.cardView(x), Current: s.strength(x, slot), Counts: !s.ko.has(x) && s.counts(x, slot, side),
				Potion: s.potion.has(x), KnockedOut: s.ko.has(x), Last: int(x) == last})
		}
		hv.Total = s.total(slot, side)
		av.Halves = append(av.Halves, hv)
	}
	return av
}

// view builds the view of viewer; all shows every hidden fact (Snapshot).
func (s *State) view(viewer engine.Seat, all bool) View {
	v := View{Game: "asterix", Viewer: int(viewer), Turn: int(s.turns), Active: int(s.active), Pending: []int{},
		Albums: []AlbumView{}, Discard: []CardView{}, DeckCount: int(s.deckN), AlbumDeck: int(s.albumsN),
		CardsInPlay: len(s.pack.Instances),
		Supply:      Supply{Tokens: [3]int{int(s.supplyT[0]), int(s.supplyT[1]), int(s.supplyT[2])}, Helmets: [2]int{int(s.supplyH[0]), int(s.supplyH[1])}}}
	for _, p := range s.Pending() {
		v.Pending = append(v.Pending, int(p))
	}
	v.Decision = Decision{Phase: phaseNames[s.phase], Seat: int(s.decider), Place: -1, Who: -1}
	switch s.phase {
	case phCostDiscard, phCostHelmet, phAbility, phAbilityDiscard, phOppDiscard:
		cv := s.cardView(s.ctx.inst)
		v.Decision.Card, v.Decision.Place, v.Decision.Who = &cv, int(s.ctx.slot), int(s.ctx.who)
		v.Decision.Left = int(s.ctx.left)
		if s.phase == phCostHelmet {
			v.Decision.Left = int(s.ctx.payLeft)
		}
	case phTake, phOrient:
		v.Decision.Place = int(s.capSlot)
	}
	for slot := 0; slot < int(s.nslots); slot++ {
		v.Albums = append(v.Albums, s.albumView(slot))
	}
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		pv := PlayerView{Seat: int(q), Sestertii: s.score(q), Albums: int(s.won[q]), HandCount: s.hands[q].count(), Hand: []CardView{},
			Tokens:  [3]int{int(s.tokens[q][0]), int(s.tokens[q][1]), int(s.tokens[q][2])},
			Helmets: [2]int{int(s.helmets[q][0]), int(s.helmets[q][1])}, Warnings: s.warnings(int(q))}
		s.hands[q].each(func(i uint8) {
			switch {
			case all || q == viewer || s.known[q].has(i):
				pv.Hand = append(pv.Hand, s.cardView(i))
			case s.rules.backsColour:
				if pv.HiddenColours == nil {
					pv.HiddenColours = map[string]int{}
				}
				pv.HiddenColours[s.char(i).Colour.String()]++
			}
		})
		v.Players = append(v.Players, pv)
	}
	if s.rules.backsColour && s.deckN > 0 {
		v.DeckTop = s.char(s.deck[s.deckN-1]).Colour.String()
	}
	for _, c := range s.discard[:s.discardN] {
		v.Discard = append(v.Discard, s.cardView(c))
	}
	if s.albumsN > 0 {
		a := &s.pack.Albums[s.albums[s.albumsN-1]]
		v.AlbumCover = &AlbumCover{Title: a.Title, Number: a.Number}
	}
	for p := range int(s.seats) {
		if s.winners&(1<<uint(p)) != 0 {
			v.Winners = append(v.Winners, p)
		}
	}
	v.Characters = s.characterTexts(&v)
	return v
}

// characterTexts lists the printed texts of the Characters v shows.
func (s *State) characterTexts(v *View) map[string]CharacterText {
	texts := map[string]CharacterText{}
	add := func(cv CardView) {
		if _, done := texts[cv.ID]; done {
			return
		}
		i, ok := s.pack.LookupInstance(cv.Card)
		if !ok {
			return
		}
		c := s.char(i)
		var ct CharacterText
		opt := func(t engine.Text) *engine.Text {
			if t.PL == "" && t.EN == "" {
				return nil
			}
			return &t
		}
		ct.Ability, ct.Requirement, ct.Passive = opt(c.AbilityText()), opt(c.RequirementText()), opt(c.PassiveText())
		texts[cv.ID] = ct
	}
	for _, a := range v.Albums {
		for _, h := range a.Halves {
			for _, c := range h.Cards {
				add(c.CardView)
			}
		}
	}
	for _, p := range v.Players {
		for _, c := range p.Hand {
			add(c)
		}
	}
	for _, c := range v.Discard {
		add(c)
	}
	if v.Decision.Card != nil {
		add(*v.Decision.Card)
	}
	if len(texts) == 0 {
		return nil
	}
	return texts
}

// View is what seat viewer may know; engine.Spectator sees public facts only.
func (s *State) View(viewer engine.Seat) any { return s.view(viewer, false) }

// Snapshot is the whole state, hidden facts included (for debugging and replays).
type Snapshot struct {
	View
	Deck      []string       `json:"deck"`       // top first
	AlbumDeck []string       `json:"album_deck"` // top first
	Known     [][]string     `json:"known_in_hand"`
	Options   map[string]any `json:"rules"`
	RNG       string         `json:"rng"`
}

func (s *State) Snapshot() any {
	sn := Snapshot{View: s.view(engine.Spectator, true), Deck: []string{}, AlbumDeck: []string{}, RNG: s.rng.String()}
	for k := int(s.deckN) - 1; k >= 0; k-- {
		sn.Deck = append(sn.Deck, s.pack.InstanceName(s.deck[k]))
	}
	for k := int(s.albumsN) - 1; k >= 0; k-- {
		sn.AlbumDeck = append(sn.AlbumDeck, s.pack.Albums[s.albums[k]].ID)
	}
	for q := range int(s.seats) {
		k := []string{}
		s.known[q].each(func(i uint8) { k = append(k, s.pack.InstanceName(i)) })
		sn.Known = append(sn.Known, k)
	}
	r := s.rules
	sn.Options = map[string]any{"left_red": r.leftRed, "starting_out": r.startingOut, "instant_check": r.instantCheck,
		"neutrals_count": r.neutralsCount, "draw_only_b": r.drawOnlyB, "adjacent_reach": r.adjacentReach,
		"defeated_only": r.defeatedOnly, "revive_any": r.reviveAny, "turn_cap": r.turnCap, "backs_show_colour": r.backsColour}
	return sn
}

// Clone copies the state: one flat copy, the pack is shared (it never changes).
func (s *State) Clone() engine.State {
	c := *s
	c.events = nil
	return &c
}

// Determinize resamples what observer cannot know: the identities of the
// other players' hand cards nobody saw arrive, the Character deck, and the
// Album deck below its top. A card only trades places with a card of the
// same deck epoch: after a reshuffle everybody knows which cards formed the
// new deck (they lay face up on the discard pile), so a card drawn from it
// can only be one of those, and a card drawn before it none of them. With
// backs_show_colour the colours on the backs are kept too. The game's own
// generator is reseeded from r, so later reshuffles are drawn fresh.
func (s *State) Determinize(observer engine.Seat, r *rand.Rand) {
	s.playsOK = 0 // the decider's hand may change
	var pool [MaxInstances]uint8
	n := 0
	var hidden [MaxPlayers]instSet
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		if q == observer {
			continue
		}
		hidden[q] = s.hands[q]
		hidden[q].andNot(&s.known[q])
		n = len(hidden[q].list(pool[:n]))
	}
	n += copy(pool[n:], s.deck[:s.deckN])
	cards := pool[:n]
	r.Shuffle(n, func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	var used instSet
	// take removes from the shuffled pool the first unused card that may
	// stand where i is: same epoch, and same colour when backs show it.
	take := func(i uint8, colour bool) uint8 {
		for _, c := range cards {
			if !used.has(c) && s.epoch[c] == s.epoch[i] && (!colour || s.pack.iCol[c] == s.pack.iCol[i]) {
				used.set(c)
				return c
			}
		}
		return i // unreachable: the pool holds i itself
	}
	backs := s.rules.backsColour
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		var fresh instSet
		hidden[q].each(func(i uint8) { fresh.set(take(i, backs)) })
		s.hands[q].andNot(&hidden[q])
		s.hands[q].or(&fresh)
	}
	if s.deckN > 0 {
		// The deck's top shows its back; the cards below show nothing.
		top := s.deck[s.deckN-1]
		newTop := take(top, backs)
		for k := 0; k < int(s.deckN)-1; k++ {
			s.deck[k] = take(top, false)
		}
		s.deck[s.deckN-1] = newTop
	}
	if s.albumsN > 2 {
		below := s.albums[:s.albumsN-1]
		r.Shuffle(len(below), func(i, j int) { below[i], below[j] = below[j], below[i] })
	}
	// The game's own randomness after this point is unknown too: a deck
	// rebuilt from the discard pile must not come out as the true one.
	s.rng = engine.NewRNG(r.Uint64())
}

// Hash identifies the whole state, on every machine alike.
func (s *State) Hash() uint64 {
	h := engine.NewHasher("asterix")
	r := s.rules
	flags := uint64(0)
	for k, b := range []bool{r.leftRed, r.startingOut, r.instantCheck, r.neutralsCount, r.drawOnlyB, r.adjacentReach, r.defeatedOnly, r.reviveAny, r.backsColour} {
		if b {
			flags |= 1 << uint(k)
		}
	}
	h.U64(flags | uint64(uint16(r.turnCap))<<16 | uint64(s.seats)<<32 | uint64(uint8(s.active))<<40 | uint64(uint8(s.decider))<<48 | uint64(s.phase)<<56)
	h.U64(uint64(uint16(s.turns)) | uint64(s.winners)<<16 | uint64(uint8(s.lastWinner))<<24 | uint64(s.clock)<<32)
	c := &s.ctx
	h.U64(uint64(c.inst) | uint64(uint8(c.slot))<<8 | uint64(uint8(c.side))<<16 | uint64(uint8(c.left))<<24 |
		uint64(uint8(c.then))<<32 | uint64(c.take)<<40 | uint64(uint8(c.who))<<48 | uint64(uint8(c.payLeft))<<56)
	h.U64(uint64(uint8(s.capN)) | uint64(uint8(s.capI))<<8 | uint64(uint8(s.capSlot))<<16 | uint64(uint8(s.capWinner))<<24 | uint64(uint8(s.capLoser))<<32)
	for k := 0; k < maxSlots; k++ {
		h.U64(uint64(uint8(s.capQ[k])) | uint64(uint8(s.capSide[k]))<<8)
	}
	for slot := 0; slot < int(s.nslots); slot++ {
		h.U64(uint64(uint8(s.slotAlbum[slot])) | uint64(s.colour[slot][0])<<8 | uint64(s.colour[slot][1])<<16 |
			uint64(uint8(s.slotSeat[slot][0]))<<24 | uint64(uint8(s.slotSeat[slot][1]))<<32)
		for side := 0; side < 2; side++ {
			hh := &s.halves[slot][side]
			h.Bytes(hh.cards[:hh.n])
			for _, x := range hh.cards[:hh.n] {
				h.Int(int(s.placed[x]))
			}
		}
	}
	for _, set := range []*instSet{&s.ko, &s.potion} {
		for _, w := range set {
			h.U64(w)
		}
	}
	for q := range int(s.seats) {
		for _, w := range s.hands[q] {
			h.U64(w)
		}
		for _, w := range s.known[q] {
			h.U64(w)
		}
		h.U64(uint64(uint8(s.tokens[q][0])) | uint64(uint8(s.tokens[q][1]))<<8 | uint64(uint8(s.tokens[q][2]))<<16 |
			uint64(uint8(s.helmets[q][0]))<<24 | uint64(uint8(s.helmets[q][1]))<<32 | uint64(uint8(s.won[q]))<<40)
	}
	h.U64(uint64(uint8(s.supplyT[0])) | uint64(uint8(s.supplyT[1]))<<8 | uint64(uint8(s.supplyT[2]))<<16 |
		uint64(uint8(s.supplyH[0]))<<24 | uint64(uint8(s.supplyH[1]))<<32)
	h.Bytes(s.deck[:s.deckN])
	h.Int(-1)
	h.Bytes(s.epoch[:len(s.pack.Instances)])
	h.Int(int(s.epochN))
	h.Bytes(s.discard[:s.discardN])
	h.Int(-1)
	h.Bytes(s.albums[:s.albumsN])
	h.U64(s.rng.Peek())
	return h.Sum()
}

// RedactEvent renders an event for viewer: another player's drawn card is
// shown as a card back.
func (s *State) RedactEvent(e engine.Event, viewer engine.Seat, lang engine.Lang) (engine.EventView, bool) {
	if int(e.Kind) >= len(kindNames) {
		return engine.EventView{}, false
	}
	ev := engine.EventView{Kind: KindName(e.Kind), Seat: int(e.Seat), Data: map[string]any{}}
	pl := lang != engine.EN
	tr := func(plText, enText string, args ...any) {
		if pl {
			ev.Text = fmt.Sprintf(plText, args...)
		} else {
			ev.Text = fmt.Sprintf(enText, args...)
		}
	}
	who := engine.SeatName(e.Seat).In(lang)
	card := func(i int32) string {
		if i < 0 || int(i) >= len(s.pack.Instances) {
			return "?"
		}
		ev.Data["card"] = s.pack.InstanceName(uint8(i))
		return s.char(uint8(i)).Name.In(lang)
	}
	albumTitle := func(a int32) string {
		if a < 0 || int(a) >= len(s.pack.Albums) {
			return "?"
		}
		ev.Data["album"] = s.pack.Albums[a].ID
		return s.pack.Albums[a].Title.In(lang)
	}
	tok := func(t int32) (string, string) {
		if t < 0 || t > 2 {
			return "?", "?"
		}
		ev.Data["token"] = tokenNames[t]
		return tokenText[t].PL, tokenText[t].EN
	}
	switch e.Kind {
	case EvPlayed:
		n := card(int32(e.Card))
		ev.Data["place"], ev.Data["side"] = e.A, e.B
		tr("%s zagrywa: %s (Album %d).", "%s plays %s (Album %d).", who, n, e.A+1)
	case EvDrew:
		if viewer == e.Seat {
			n := card(int32(e.Card))
			tr("%s dobiera: %s.", "%s draws %s.", who, n)
		} else {
			if s.rules.backsColour && e.Card >= 0 && int(e.Card) < len(s.pack.Instances) {
				ev.Data["back"] = s.char(uint8(e.Card)).Colour.String()
			}
			tr("%s dobiera kartę.", "%s draws a card.", who)
		}
	case EvReshuffled:
		ev.Data["count"] = e.A
		n := engine.Count(int(e.A), "karta|karty|kart", "card|cards")
		tr("Talia się skończyła: stos odrzuconych staje się nową talią (%s).", "The deck ran out: the discard pile becomes the new deck (%s).", n.In(lang))
	case EvDiscarded:
		n := card(int32(e.Card))
		tr("%s odrzuca: %s.", "%s discards %s.", who, n)
	case EvKnockedOut, EvRevived, EvEliminated, EvPotion:
		n := card(int32(e.Card))
		if e.A >= 0 && int(e.A) < len(s.pack.Instances) {
			ev.Data["by"] = s.pack.InstanceName(uint8(e.A))
		}
		switch e.Kind {
		case EvKnockedOut:
			tr("%s nokautuje: %s.", "%s knocks out %s.", who, n)
		case EvRevived:
			tr("%s cuci: %s.", "%s revives %s.", who, n)
		case EvEliminated:
			tr("%s eliminuje: %s.", "%s eliminates %s.", who, n)
		default:
			tr("%s daje magiczny napój: %s.", "%s gives a magic potion to %s.", who, n)
		}
	case EvSummoned:
		n := card(int32(e.Card))
		ev.Data["place"] = e.A
		tr("%s wzywa: %s (Album %d).", "%s summons %s (Album %d).", who, n, e.A+1)
	case EvGainedToken:
		p, en := tok(e.A)
		ev.Text = pick(pl, fmt.Sprintf("%s bierze żeton: %s.", who, p), fmt.Sprintf("%s takes a %s token.", who, en))
	case EvUsedToken:
		p, en := tok(e.A)
		n := card(int32(e.Card))
		if e.B == 1 {
			ev.Text = pick(pl, fmt.Sprintf("%s używa żetonu (%s), by aktywować: %s.", who, p, n), fmt.Sprintf("%s uses a %s token to activate %s.", who, en, n))
		} else {
			ev.Text = pick(pl, fmt.Sprintf("%s używa żetonu (%s) na: %s.", who, p, n), fmt.Sprintf("%s uses a %s token on %s.", who, en, n))
		}
	case EvGainedHelmet, EvLostHelmet:
		if e.A < 0 || e.A > 1 {
			return engine.EventView{}, false
		}
		ev.Data["helmet"] = helmetNames[e.A]
		hp := [2]string{"legionisty", "centuriona"}[e.A]
		if e.Kind == EvGainedHelmet {
			ev.Text = pick(pl, fmt.Sprintf("%s zdobywa hełm %s.", who, hp), fmt.Sprintf("%s gains a %s helmet.", who, helmetNames[e.A]))
		} else {
			ev.Text = pick(pl, fmt.Sprintf("%s oddaje hełm %s.", who, hp), fmt.Sprintf("%s returns a %s helmet.", who, helmetNames[e.A]))
		}
	case EvCaptured:
		t := albumTitle(e.B)
		ev.Data["place"] = e.A
		tr("%s przejmuje Album %s!", "%s captures the Album %s!", who, t)
	case EvReturned:
		n := card(int32(e.Card))
		ev.Text = pick(pl, fmt.Sprintf("%s: karta wraca na rękę — %s.", who, n), fmt.Sprintf("%s goes back to %s's hand.", n, who))
	case EvNewAlbum:
		t := albumTitle(e.B)
		ev.Data["place"] = e.A
		if e.Card < 0 || e.Card > 1 {
			return engine.EventView{}, false
		}
		ev.Data["colour"] = colourNames[e.Card]
		ev.Text = pick(pl, fmt.Sprintf("%s kładzie nowy Album %s, stroną %s do siebie.", who, t, [2]string{"niebieską", "czerwoną"}[e.Card]),
			fmt.Sprintf("%s places the new Album %s with its %s half toward them.", who, t, colourNames[e.Card]))
	case EvTookDiscardTop:
		n := card(int32(e.Card))
		tr("%s bierze ze stosu odrzuconych: %s.", "%s takes %s from the discard pile.", who, n)
	case EvTurn:
		ev.Data["turn"] = e.A
		tr("Tura %d: %s.", "Turn %d: %s.", e.A, who)
	case EvWon:
		ev.Data["sestertii"] = e.A
		tr("%s wygrywa (%s)!", "%s wins (%s)!", who, sestertii.Count(int(e.A)).In(lang))
	case EvAbilitySkipped:
		n := card(int32(e.Card))
		tr("%s nie używa zdolności: %s.", "%s does not use the ability of %s.", who, n)
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
