package asterix

import (
	"math/bits"
	"math/rand/v2"
	"strconv"

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

func (s *State) cardView(i uint8) CardView { return s.pack.cardView(i) }

// cardView is instance i as it may be shown.
func (p *Pack) cardView(i uint8) CardView {
	c := &p.Characters[p.Instances[i]]
	return CardView{Card: p.names[i], ID: c.ID, Name: c.Name, Colour: c.Colour.String(), Type: c.Type.String(), Strength: int(c.Strength)}
}

// albumPrint is what Album a prints, as its AlbumView shows it.
func albumPrint(a *Album) AlbumView {
	title := a.Title
	av := AlbumView{ID: a.ID, Title: &title, Number: a.Number, Rule: ruleNames[a.Rule]}
	if a.Text.EN != "" {
		text := a.Text
		av.Text = &text
	}
	return av
}

func (s *State) albumView(slot int) AlbumView {
	if s.slotAlbum[slot] < 0 {
		return AlbumView{Place: slot, Empty: true}
	}
	av := albumPrint(s.album(slot))
	av.Place, av.Threshold = slot, s.threshold(slot)
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
		texts[cv.ID] = s.pack.characterText(int(s.pack.Instances[i]))
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

// characterText is what Character ci prints besides its name and
// strength, from the texts the pack made when it loaded.
func (p *Pack) characterText(ci int) CharacterText {
	opt := func(t engine.Text) *engine.Text {
		if t.PL == "" && t.EN == "" {
			return nil
		}
		return &t
	}
	t := &p.texts[ci]
	return CharacterText{Ability: opt(t[0]), Requirement: opt(t[1]), Passive: opt(t[2])}
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
	c.events, c.quiet = nil, false
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
	// Fisher–Yates as rand.Rand.Shuffle draws it, without the call per swap.
	for i := n - 1; i > 0; i-- {
		j := int(r.Uint64N(uint64(i + 1)))
		cards[i], cards[j] = cards[j], cards[i]
	}
	d := resampler{s: s, cards: cards}
	backs := s.rules.backsColour
	for q := engine.Seat(0); q < engine.Seat(s.seats); q++ {
		var fresh instSet
		for k, w := range hidden[q] {
			for w != 0 {
				fresh.set(d.take(uint8(k*64+bits.TrailingZeros64(w)), backs))
				w &= w - 1
			}
		}
		s.hands[q].andNot(&hidden[q])
		s.hands[q].or(&fresh)
	}
	if s.deckN > 0 {
		// The deck's top shows its back; the cards below show nothing.
		top := s.deck[s.deckN-1]
		newTop := d.take(top, backs)
		for k := 0; k < int(s.deckN)-1; k++ {
			s.deck[k] = d.take(top, false)
		}
		s.deck[s.deckN-1] = newTop
	}
	if s.albumsN > 2 {
		below := s.albums[:s.albumsN-1]
		for i := len(below) - 1; i > 0; i-- {
			j := int(r.Uint64N(uint64(i + 1)))
			below[i], below[j] = below[j], below[i]
		}
	}
	// The game's own randomness after this point is unknown too: a deck
	// rebuilt from the discard pile must not come out as the true one.
	s.rng = engine.NewRNG(r.Uint64())
}

// resampler hands out the shuffled pool of Determinize: take gives, for the
// card at i, the first card of the pool not given yet that may stand
// there (the same epoch, and the same colour when backs show it). The
// pool always holds i itself. A cursor per epoch and colour remembers
// where its search stopped: every card before it is given or does not
// fit, and stays so, so the pool is read about once per cursor, not once
// per card.
type resampler struct {
	s     *State
	cards []uint8
	used  instSet
	// cur[k][c] is where the search for a card of epoch ep[k] and colour
	// c-1 (c == 0: any colour) goes on, for the first epochs met; cards of
	// further epochs (rare: a hand kept across reshuffles) are searched
	// for from the start.
	cur  [4][4]uint16
	ep   [4]uint8
	neps int
}

func (d *resampler) take(i uint8, colour bool) uint8 {
	s := d.s
	e := s.epoch[i]
	k := 0
	for k < d.neps && d.ep[k] != e {
		k++
	}
	if k == d.neps {
		if k == len(d.ep) {
			return d.scan(i, colour)
		}
		d.ep[k], d.neps = e, d.neps+1
	}
	c := 0
	if colour {
		c = 1 + int(s.pack.iCol[i])
	}
	cur := &d.cur[k][c]
	for p := int(*cur); p < len(d.cards); p++ {
		x := d.cards[p]
		if !d.used.has(x) && s.epoch[x] == e && (!colour || s.pack.iCol[x] == s.pack.iCol[i]) {
			d.used.set(x)
			*cur = uint16(p + 1)
			return x
		}
	}
	return i // unreachable: the pool holds i itself
}

// scan is take without a cursor, for an epoch beyond those tracked.
func (d *resampler) scan(i uint8, colour bool) uint8 {
	s := d.s
	for _, x := range d.cards {
		if !d.used.has(x) && s.epoch[x] == s.epoch[i] && (!colour || s.pack.iCol[x] == s.pack.iCol[i]) {
			d.used.set(x)
			return x
		}
	}
	return i
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
	var buf [256]byte
	var d eventData
	text, ok := s.eventText(buf[:0], e, viewer, lang, &d)
	if !ok {
		return engine.EventView{}, false
	}
	ev := engine.EventView{Kind: KindName(e.Kind), Seat: int(e.Seat), Data: make(map[string]any, d.n), Text: string(text)}
	for _, f := range d.f[:d.n] {
		if f.isNum {
			ev.Data[f.key] = f.num
		} else {
			ev.Data[f.key] = f.str
		}
	}
	return ev, true
}

// AppendEvent writes RedactEvent's view of the event as JSON without
// building it (engine.EventAppender).
func (s *State) AppendEvent(dst []byte, e engine.Event, viewer engine.Seat, lang engine.Lang) ([]byte, bool) {
	var buf [256]byte
	var d eventData
	text, ok := s.eventText(buf[:0], e, viewer, lang, &d)
	if !ok {
		return dst, false
	}
	dst = engine.AppendJSONField(append(dst, '{'), "kind", KindName(e.Kind))
	dst = engine.AppendJSONInt(dst, "seat", int64(e.Seat))
	if d.n > 0 {
		dst = d.appendJSON(engine.AppendJSONKey(dst, "data"))
	}
	return append(engine.AppendJSONBytes(engine.AppendJSONKey(dst, "text"), text), '}'), true
}

// eventData is an event's data: a few strings and numbers by key.
type eventData struct {
	f [4]struct {
		key, str string
		num      int32
		isNum    bool
	}
	n int
}

func (d *eventData) set(key, str string, num int32, isNum bool) {
	k := 0
	for k < d.n && d.f[k].key != key {
		k++
	}
	if k == d.n {
		d.n++
	}
	f := &d.f[k]
	f.key, f.str, f.num, f.isNum = key, str, num, isNum
}

func (d *eventData) str(key, v string)       { d.set(key, v, 0, false) }
func (d *eventData) num(key string, v int32) { d.set(key, "", v, true) }

// appendJSON writes the data as encoding/json writes its map: keys sorted.
func (d *eventData) appendJSON(dst []byte) []byte {
	var order [len(eventData{}.f)]int
	for k := range d.n {
		j := k
		for ; j > 0 && d.f[order[j-1]].key > d.f[k].key; j-- {
			order[j] = order[j-1]
		}
		order[j] = k
	}
	dst = append(dst, '{')
	for k, o := range order[:d.n] {
		if k > 0 {
			dst = append(dst, ',')
		}
		f := &d.f[o]
		dst = append(engine.AppendJSONString(dst, f.key), ':')
		if f.isNum {
			dst = strconv.AppendInt(dst, int64(f.num), 10)
		} else {
			dst = engine.AppendJSONString(dst, f.str)
		}
	}
	return append(dst, '}')
}

// cardsNom is a number of cards, in the nominative.
var cardsNom = engine.N("karta|karty|kart", "card|cards")

// eventText appends the text of an event as viewer sees it in lang, and
// puts its data in d; false for an event that is not shown.
func (s *State) eventText(dst []byte, e engine.Event, viewer engine.Seat, lang engine.Lang, d *eventData) ([]byte, bool) {
	if int(e.Kind) >= len(kindNames) {
		return dst, false
	}
	l := eventLine{s: s, p: s.pack, e: e, viewer: viewer, lang: lang, pl: lang != engine.EN, d: d}
	switch e.Kind {
	case EvPlayed, EvSummoned, EvDrew, EvReshuffled, EvDiscarded, EvReturned, EvTookDiscardTop, EvAbilitySkipped:
		return l.cardText(dst)
	case EvKnockedOut, EvRevived, EvEliminated, EvPotion:
		return l.characterText(dst)
	case EvGainedToken, EvUsedToken, EvGainedHelmet, EvLostHelmet:
		return l.tokenText(dst)
	case EvCaptured, EvNewAlbum, EvTurn, EvWon:
		return l.albumText(dst)
	}
	return dst, false
}

// eventLine is one event being written, with what every kind's text needs.
type eventLine struct {
	s      *State
	p      *Pack
	e      engine.Event
	viewer engine.Seat
	lang   engine.Lang
	pl     bool
	d      *eventData
}

func (l *eventLine) who(dst []byte) []byte { return appendSeat(dst, l.e.Seat, l.lang) }

// card names instance i and records it in the event's data.
func (l *eventLine) card(i int32) string {
	if i < 0 || int(i) >= len(l.p.Instances) {
		return "?"
	}
	l.d.str("card", l.p.names[i])
	return l.p.Characters[l.p.Instances[i]].Name.In(l.lang)
}

// albumTitle names Album a and records it in the event's data.
func (l *eventLine) albumTitle(a int32) string {
	if a < 0 || int(a) >= len(l.p.Albums) {
		return "?"
	}
	l.d.str("album", l.p.Albums[a].ID)
	return l.p.Albums[a].Title.In(l.lang)
}

// tok names token t in Polish and English and records it in the event's data.
func (l *eventLine) tok(t int32) (string, string) {
	if t < 0 || t > 2 {
		return "?", "?"
	}
	l.d.str("token", tokenNames[t])
	return tokenText[t].PL, tokenText[t].EN
}

// sentence appends who, then mid, then what, then end.
func (l *eventLine) sentence(dst []byte, mid, what, end string) []byte {
	return append(append(append(l.who(dst), mid...), what...), end...)
}

// cardText appends the text of an event about a card that moves between the deck, the hands, the Albums and the discard pile.
func (l *eventLine) cardText(dst []byte) ([]byte, bool) {
	switch l.e.Kind {
	case EvPlayed, EvSummoned:
		n := l.card(int32(l.e.Card))
		l.d.num("place", l.e.A)
		if l.e.Kind == EvPlayed {
			l.d.num("side", l.e.B)
			dst = l.sentence(dst, pick(l.pl, " zagrywa: ", " plays "), n, " (Album ")
		} else {
			dst = l.sentence(dst, pick(l.pl, " wzywa: ", " summons "), n, " (Album ")
		}
		dst = append(strconv.AppendInt(dst, int64(l.e.A+1), 10), ")."...)
	case EvDrew:
		if l.viewer == l.e.Seat {
			n := l.card(int32(l.e.Card))
			dst = l.sentence(dst, pick(l.pl, " dobiera: ", " draws "), n, ".")
		} else {
			if l.s.rules.backsColour && l.e.Card >= 0 && int(l.e.Card) < len(l.p.Instances) {
				l.d.str("back", l.p.iCol[l.e.Card].String())
			}
			dst = append(l.who(dst), pick(l.pl, " dobiera kartę.", " draws a card.")...)
		}
	case EvReshuffled:
		l.d.num("count", l.e.A)
		dst = append(dst, pick(l.pl, "Talia się skończyła: stos odrzuconych staje się nową talią (", "The deck ran out: the discard pile becomes the new deck (")...)
		dst = append(appendCount(dst, cardsNom, int(l.e.A), l.lang), ")."...)
	case EvDiscarded:
		n := l.card(int32(l.e.Card))
		dst = l.sentence(dst, pick(l.pl, " odrzuca: ", " discards "), n, ".")
	case EvReturned:
		n := l.card(int32(l.e.Card))
		if l.pl {
			dst = l.sentence(dst, ": karta wraca na rękę — ", n, ".")
		} else {
			dst = append(l.who(append(append(dst, n...), " goes back to "...)), "'s hand."...)
		}
	case EvTookDiscardTop:
		n := l.card(int32(l.e.Card))
		if l.pl {
			dst = l.sentence(dst, " bierze ze stosu odrzuconych: ", n, ".")
		} else {
			dst = l.sentence(dst, " takes ", n, " from the discard pile.")
		}
	case EvAbilitySkipped:
		n := l.card(int32(l.e.Card))
		dst = l.sentence(dst, pick(l.pl, " nie używa zdolności: ", " does not use the ability of "), n, ".")
	}
	return dst, true
}

// characterText appends the text of an event about a Character knocked out, revived, eliminated or given a potion.
func (l *eventLine) characterText(dst []byte) ([]byte, bool) {
	switch l.e.Kind {
	case EvKnockedOut, EvRevived, EvEliminated, EvPotion:
		n := l.card(int32(l.e.Card))
		if l.e.A >= 0 && int(l.e.A) < len(l.p.Instances) {
			l.d.str("by", l.p.names[l.e.A])
		}
		var mid string
		switch l.e.Kind {
		case EvKnockedOut:
			mid = pick(l.pl, " nokautuje: ", " knocks out ")
		case EvRevived:
			mid = pick(l.pl, " cuci: ", " revives ")
		case EvEliminated:
			mid = pick(l.pl, " eliminuje: ", " eliminates ")
		default:
			mid = pick(l.pl, " daje magiczny napój: ", " gives a magic potion to ")
		}
		dst = l.sentence(dst, mid, n, ".")
	}
	return dst, true
}

// tokenText appends the text of an event about a token or a helmet gained, used or returned.
func (l *eventLine) tokenText(dst []byte) ([]byte, bool) {
	switch l.e.Kind {
	case EvGainedToken:
		tp, ten := l.tok(l.e.A)
		if l.pl {
			dst = l.sentence(dst, " bierze żeton: ", tp, ".")
		} else {
			dst = l.sentence(dst, " takes a ", ten, " token.")
		}
	case EvUsedToken:
		tp, ten := l.tok(l.e.A)
		n := l.card(int32(l.e.Card))
		switch {
		case l.pl && l.e.B == 1:
			dst = append(l.sentence(dst, " używa żetonu (", tp, "), by aktywować: "), n...)
		case l.pl:
			dst = append(l.sentence(dst, " używa żetonu (", tp, ") na: "), n...)
		case l.e.B == 1:
			dst = append(l.sentence(dst, " uses a ", ten, " token to activate "), n...)
		default:
			dst = append(l.sentence(dst, " uses a ", ten, " token on "), n...)
		}
		dst = append(dst, '.')
	case EvGainedHelmet, EvLostHelmet:
		if l.e.A < 0 || l.e.A > 1 {
			return dst, false
		}
		l.d.str("helmet", helmetNames[l.e.A])
		hp := [2]string{"legionisty", "centuriona"}[l.e.A]
		switch {
		case l.pl && l.e.Kind == EvGainedHelmet:
			dst = l.sentence(dst, " zdobywa hełm ", hp, ".")
		case l.pl:
			dst = l.sentence(dst, " oddaje hełm ", hp, ".")
		case l.e.Kind == EvGainedHelmet:
			dst = l.sentence(dst, " gains a ", helmetNames[l.e.A], " helmet.")
		default:
			dst = l.sentence(dst, " returns a ", helmetNames[l.e.A], " helmet.")
		}
	}
	return dst, true
}

// albumText appends the text of an event about Albums captured and placed, turns and the winner.
func (l *eventLine) albumText(dst []byte) ([]byte, bool) {
	switch l.e.Kind {
	case EvCaptured:
		t := l.albumTitle(l.e.B)
		l.d.num("place", l.e.A)
		dst = l.sentence(dst, pick(l.pl, " przejmuje Album ", " captures the Album "), t, "!")
	case EvNewAlbum:
		t := l.albumTitle(l.e.B)
		l.d.num("place", l.e.A)
		if l.e.Card < 0 || l.e.Card > 1 {
			return dst, false
		}
		l.d.str("colour", colourNames[l.e.Card])
		if l.pl {
			dst = l.sentence(dst, " kładzie nowy Album ", t, ", stroną ")
			dst = append(append(dst, [2]string{"niebieską", "czerwoną"}[l.e.Card]...), " do siebie."...)
		} else {
			dst = l.sentence(dst, " places the new Album ", t, " with its ")
			dst = append(append(dst, colourNames[l.e.Card]...), " half toward them."...)
		}
	case EvTurn:
		l.d.num("turn", l.e.A)
		dst = strconv.AppendInt(append(dst, pick(l.pl, "Tura ", "Turn ")...), int64(l.e.A), 10)
		dst = append(l.who(append(dst, ": "...)), '.')
	case EvWon:
		l.d.num("sestertii", l.e.A)
		dst = append(l.who(dst), pick(l.pl, " wygrywa (", " wins (")...)
		dst = append(appendCount(dst, sestertii, int(l.e.A), l.lang), ")!"...)
	}
	return dst, true
}

// seatNames are the seats' names, made once.
var seatNames = func() (t [MaxPlayers]engine.Text) {
	for q := range t {
		t[q] = engine.SeatName(engine.Seat(q))
	}
	return t
}()

// appendSeat appends the name of seat q in lang (engine.SeatName).
func appendSeat(dst []byte, q engine.Seat, lang engine.Lang) []byte {
	if q >= 0 && int(q) < len(seatNames) {
		return append(dst, seatNames[q].In(lang)...)
	}
	return append(dst, engine.SeatName(q).In(lang)...)
}

// appendCount appends n and noun w in the form n needs, in lang
// (engine.Noun.Count).
func appendCount(dst []byte, w engine.Noun, n int, lang engine.Lang) []byte {
	return append(append(strconv.AppendInt(dst, int64(n), 10), ' '), w.Form(n).In(lang)...)
}

func pick(pl bool, a, b string) string {
	if pl {
		return a
	}
	return b
}
