package frontline

import (
	"math/bits"
	"math/rand/v2"

	"stolik/engine"
)

// View is what one seat may know (A10): the public state plus its own
// hand, its face-down card, its draft pack and the cards it passed on.
type View struct {
	Viewer     int         `json:"viewer"` // -1 for a spectator
	Turn       int         `json:"turn"`
	Phase      string      `json:"phase"`
	Window     string      `json:"window,omitempty"` // the open Event window
	Pending    []int       `json:"pending"`
	Line       []SlotView  `json:"line"`
	Seats      []SeatView  `json:"seats"`
	Initiative int         `json:"initiative"`
	Roulettes  []string    `json:"roulettes"`
	Attack     *AttackView `json:"attack,omitempty"`
	Stoj       bool        `json:"stoj"`
	Deck       int         `json:"deck"`
	AttackDeck int         `json:"attack_deck"`
	Discard    []string    `json:"discard"`
	AttackDisc []string    `json:"attack_discard"`
	Stack      []StackView `json:"stack,omitempty"`    // Events waiting for answers, bottom first
	Question   *Question   `json:"question,omitempty"` // a Maneuver choice or an Equipment question
	Hand       []string    `json:"hand,omitempty"`
	Committed  string      `json:"committed,omitempty"`
	Pack       []string    `json:"pack,omitempty"`
	Passed     []string    `json:"passed,omitempty"`
	Over       bool        `json:"over"`
	Winner     int         `json:"winner"` // -1 nobody (or not over), -2 the turn cap
	// Cards is the printed face of every card this view names (hand, pack,
	// Equipment, piles, the Attack, Roulettes, wire), by its notation
	// name, so that a table can show what a card is and does. A card's
	// face is public; only where it lies is hidden, and only cards already
	// in sight are listed.
	Cards map[string]CardFace `json:"cards,omitempty"`
}

// CardFace is what a card says: its name, its kind (maneuver, event,
// equipment; linear, splash, special for an Attack), its effect in a few
// words and, for Equipment, its printed durability.
type CardFace struct {
	Name       engine.Text `json:"name"`
	Kind       string      `json:"kind"`
	Text       engine.Text `json:"text"`
	Durability int         `json:"durability,omitempty"`
}

// SlotView is one slot of the front line.
type SlotView struct {
	Piece   string   `json:"piece"`          // "comrade", "empty", "commissar"
	Seat    int      `json:"seat"`           // the Comrade's seat, -1 otherwise
	Mines   int      `json:"mines"`          // Mines lying on the slot
	Wire    []string `json:"wire,omitempty"` // Barbed Wire cards on the slot
	Targets []int    `json:"targets,omitempty"`
}

// SeatView is one player as everyone sees them.
type SeatView struct {
	Seat        int         `json:"seat"`
	Comrade     string      `json:"comrade"`
	Name        engine.Text `json:"name"`
	Ability     engine.Text `json:"ability"`
	HP          int         `json:"hp"`
	MaxHP       int         `json:"max_hp"`
	Dead        bool        `json:"dead"`
	Gassed      bool        `json:"gassed"`
	HandCount   int         `json:"hand_count"`
	Committed   bool        `json:"committed"`
	EventUsed   bool        `json:"event_used"`
	Done        bool        `json:"done"`
	Dodge       bool        `json:"dodge"`
	Duck        bool        `json:"duck"`
	Fubar       bool        `json:"fubar"`
	Cover       bool        `json:"cover"`
	AbilityUsed bool        `json:"ability_used"`
	Tank        bool        `json:"tank"`
	Equipment   []EquipView `json:"equipment"`
	// Warnings: one hit from death (warn.go).
	Warnings []Warning `json:"warnings,omitempty"`
}

// EquipView is a piece of Equipment in play.
type EquipView struct {
	Card       string `json:"card"`
	Durability int    `json:"durability"`
}

// AttackView is the revealed Attack card.
type AttackView struct {
	Card     string `json:"card"`
	Type     string `json:"type"`
	Damage   int    `json:"damage"`
	Indirect int    `json:"indirect,omitempty"`
	Effect   string `json:"effect,omitempty"`
	Targets  []int  `json:"targets"` // slots, -1 off the line
}

// StackView is an Event waiting to resolve.
type StackView struct {
	Seat int    `json:"seat"`
	Card string `json:"card"` // "" for Dominika's ability
	A    int    `json:"a"`
	B    int    `json:"b"`
}

// Question is the decision a single seat is asked outside the windows.
type Question struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
	Kind string `json:"kind"` // "maneuver", "equipment"
}

func (s *State) actionNames(c cardSet) []string {
	out := []string{}
	c.each(func(i uint8) { out = append(out, s.pack.ActionName(i)) })
	return out
}

func (s *State) view(viewer engine.Seat, all bool) View {
	n := int(s.n)
	v := View{Viewer: int(viewer), Turn: int(s.turn), Phase: phaseNames[s.phase], Initiative: int(s.initiative),
		Stoj: s.stoj, Deck: int(s.deckN), AttackDeck: int(s.adeckN), Over: s.over, Winner: int(s.winner),
		Pending: []int{}, Roulettes: []string{}}
	if !s.over {
		v.Winner = -1
		if s.phase == phWindow || s.phase == phAnswer {
			v.Window = windowNames[s.window]
		}
	} else if s.winner == -2 {
		v.Winner = -2
	}
	for _, p := range s.Pending() {
		v.Pending = append(v.Pending, int(p))
	}
	for i := 0; i < int(s.line.N); i++ {
		pc := s.line.Slot[i]
		sv := SlotView{Piece: "empty", Seat: -1}
		switch {
		case pc == Commissar:
			sv.Piece = "commissar"
		case pc.IsComrade():
			sv.Piece, sv.Seat = "comrade", pc.Seat()
		}
		if s.minesN > 0 && int(s.mineSlot) == i {
			sv.Mines = int(s.minesN)
		}
		for w := s.wire[i]; w != 0; w &= w - 1 {
			sv.Wire = append(sv.Wire, s.pack.AttackName(uint8(bits.TrailingZeros64(w))))
		}
		for t := 0; t < int(s.nTargets); t++ {
			if int(s.targets[t]) == i {
				sv.Targets = append(sv.Targets, t)
			}
		}
		v.Line = append(v.Line, sv)
	}
	for p := 0; p < n; p++ {
		st := &s.seats[p]
		c := &s.pack.Comrades[st.comrade]
		sv := SeatView{Seat: p, Comrade: c.ID, Name: c.Name, Ability: c.Text, HP: int(max(st.hp, 0)), MaxHP: int(st.maxHP),
			Dead: st.is(fDead), Gassed: st.is(fGassed), HandCount: st.hand.count(), Committed: st.is(fCommitted),
			EventUsed: st.is(fEventUsed), Done: st.is(fDone), Dodge: st.is(fDodge), Duck: st.is(fDuck), Fubar: st.is(fFubar),
			Cover: st.is(fCover), AbilityUsed: st.is(fAbilityUsed), Tank: int(s.tank) == p, Equipment: []EquipView{}}
		st.equip.each(func(e uint8) {
			sv.Equipment = append(sv.Equipment, EquipView{Card: s.pack.ActionName(e), Durability: int(s.dur[e])})
		})
		sv.Warnings = s.warnings(p)
		v.Seats = append(v.Seats, sv)
	}
	for x := s.roulette; x != 0; x &= x - 1 {
		v.Roulettes = append(v.Roulettes, s.pack.AttackName(uint8(bits.TrailingZeros64(x))))
	}
	if s.attack >= 0 {
		a := s.pack.Attack(uint8(s.attack))
		av := &AttackView{Card: s.pack.AttackName(uint8(s.attack)), Type: a.Type.String(), Damage: int(a.Damage),
			Indirect: int(a.Indirect), Effect: attackEffectNames[a.Effect], Targets: []int{}}
		for t := 0; t < int(s.nTargets); t++ {
			av.Targets = append(av.Targets, int(s.targets[t]))
		}
		v.Attack = av
	}
	v.Discard = []string{}
	for _, c := range s.discard[:s.discardN] {
		v.Discard = append(v.Discard, s.pack.ActionName(c))
	}
	v.AttackDisc = []string{}
	for _, c := range s.adiscard[:s.adiscardN] {
		v.AttackDisc = append(v.AttackDisc, s.pack.AttackName(c))
	}
	for _, it := range s.stack[:s.stackN] {
		sv := StackView{Seat: int(it.seat), A: int(it.a), B: int(it.b)}
		if it.card != abilityCard {
			sv.Card = s.pack.ActionName(it.card)
		}
		v.Stack = append(v.Stack, sv)
	}
	switch s.phase {
	case phChoice:
		v.Question = &Question{Seat: int(s.choice), Card: s.pack.ActionName(s.choiceC), Kind: "maneuver"}
	case phEquip:
		v.Question = &Question{Seat: int(s.query), Card: s.pack.ActionName(s.queryC), Kind: "equipment"}
	}
	if viewer >= 0 && int(viewer) < n && !all {
		st := &s.seats[viewer]
		v.Hand = s.actionNames(st.hand)
		if st.is(fCommitted) {
			v.Committed = s.pack.ActionName(st.committed)
		}
		v.Pack = s.actionNames(st.pack)
		v.Passed = s.actionNames(st.passed)
	}
	v.Cards = s.cardFaces(&v)
	return v
}

// cardFaces lists the face of every card v names, as the pack has them.
func (s *State) cardFaces(v *View) map[string]CardFace {
	faces := map[string]CardFace{}
	action := func(name string) {
		i, ok := s.pack.actionIx[name]
		if !ok || name == "" {
			return
		}
		faces[name] = s.pack.faces.action[s.pack.actionOf[i]]
	}
	attack := func(name string) {
		i, ok := s.pack.attackIx[name]
		if !ok || name == "" {
			return
		}
		faces[name] = s.pack.faces.attack[s.pack.attackOf[i]]
	}
	for _, list := range [][]string{v.Hand, v.Pack, v.Passed, v.Discard, {v.Committed}} {
		for _, c := range list {
			action(c)
		}
	}
	for _, sv := range v.Seats {
		for _, e := range sv.Equipment {
			action(e.Card)
		}
	}
	for _, it := range v.Stack {
		action(it.Card)
	}
	if v.Question != nil {
		action(v.Question.Card)
	}
	if v.Attack != nil {
		attack(v.Attack.Card)
	}
	for _, list := range [][]string{v.Roulettes, v.AttackDisc} {
		for _, c := range list {
			attack(c)
		}
	}
	for _, sl := range v.Line {
		for _, c := range sl.Wire {
			attack(c)
		}
	}
	if len(faces) == 0 {
		return nil
	}
	return faces
}

// View is everything seat viewer may know.
func (s *State) View(viewer engine.Seat) any { return s.view(viewer, false) }

// Snapshot is the whole state, hidden facts included.
type Snapshot struct {
	View
	Hands      [][]string `json:"hands"`
	Committed  []string   `json:"committed_cards"`
	Packs      [][]string `json:"packs"`
	DeckOrder  []string   `json:"deck_order"` // top first
	AttackDeck []string   `json:"attack_deck_order"`
	RNG        string     `json:"rng"`
}

func (s *State) Snapshot() any {
	sn := Snapshot{View: s.view(engine.Spectator, true), RNG: s.rng.String()}
	for p := 0; p < int(s.n); p++ {
		st := &s.seats[p]
		sn.Hands = append(sn.Hands, s.actionNames(st.hand))
		sn.Packs = append(sn.Packs, s.actionNames(st.pack))
		c := ""
		if st.is(fCommitted) {
			c = s.pack.ActionName(st.committed)
		}
		sn.Committed = append(sn.Committed, c)
	}
	for k := int(s.deckN) - 1; k >= 0; k-- {
		sn.DeckOrder = append(sn.DeckOrder, s.pack.ActionName(s.deck[k]))
	}
	for k := int(s.adeckN) - 1; k >= 0; k-- {
		sn.AttackDeck = append(sn.AttackDeck, s.pack.AttackName(s.adeck[k]))
	}
	return sn
}

// Hash is equal for equal states.
func (s *State) Hash() uint64 {
	h := engine.NewHasher("frontline")
	h.Int(int(s.n))
	h.U64(s.rules.bits())
	for p := 0; p < int(s.n); p++ {
		st := &s.seats[p]
		h.U64(uint64(uint8(st.hp)) | uint64(uint8(st.maxHP))<<8 | uint64(st.comrade)<<16 | uint64(st.flags)<<24 | uint64(st.committed)<<40 | uint64(uint16(st.died))<<48)
		for _, set := range [...]cardSet{st.hand, st.pack, st.passed, st.equip, st.knows} {
			h.U64(set[0])
			h.U64(set[1])
		}
		for k := range st.draftN {
			h.U64(st.draftCards[k][0])
			h.U64(st.draftCards[k][1])
			h.U64(uint64(st.draftKeepers[k]))
		}
	}
	h.U64(uint64(s.line.N))
	for _, pc := range s.line.Slot[:s.line.N] {
		h.U64(uint64(pc))
	}
	h.Bytes(s.deck[:s.deckN])
	h.Int(-1)
	h.Bytes(s.discard[:s.discardN])
	h.Int(-2)
	h.Bytes(s.adeck[:s.adeckN])
	h.Int(-3)
	h.Bytes(s.adiscard[:s.adiscardN])
	h.Int(-4)
	for c := 0; c < s.pack.NumActions(); c++ {
		h.Int(int(s.dur[c]))
	}
	h.Bytes(s.mines[:s.minesN])
	h.Int(int(s.mineSlot))
	for _, w := range s.wire {
		h.U64(w)
	}
	h.U64(s.roulette)
	h.U64(uint64(uint8(s.attack)) | uint64(uint8(s.nTargets))<<8 | uint64(uint8(s.initiative))<<16 | uint64(uint8(s.tank))<<24 |
		uint64(uint8(s.advances))<<32 | uint64(uint16(s.turn))<<40)
	for t := 0; t < int(s.nTargets); t++ {
		h.Int(int(s.targets[t]))
	}
	var b2u = func(b bool) uint64 {
		if b {
			return 1
		}
		return 0
	}
	h.U64(uint64(s.phase) | uint64(s.step)<<8 | uint64(s.window)<<16 | uint64(uint8(s.cursor))<<24 | uint64(uint8(s.reveal))<<32 |
		b2u(s.stoj)<<40 | b2u(s.over)<<41 | uint64(uint8(s.winner))<<48)
	for _, it := range s.stack[:s.stackN] {
		h.U64(uint64(uint8(it.seat)) | uint64(it.card)<<8 | uint64(it.a)<<16 | uint64(it.b)<<24)
	}
	h.U64(uint64(uint8(s.answerK)) | uint64(uint8(s.choice))<<8 | uint64(s.choiceC)<<16 | uint64(uint8(s.query))<<24 | uint64(s.queryC)<<32)
	for _, x := range s.hits[:s.hitN] {
		h.U64(uint64(uint8(x.seat)) | uint64(uint8(x.dmg))<<8 | b2u(x.main)<<16 | b2u(x.indirect)<<17)
	}
	for p := 0; p < int(s.n); p++ {
		h.Int(int(s.eqUse[p]))
	}
	h.U64(s.asked[0])
	h.U64(s.asked[1])
	sc := s.scan
	h.U64(uint64(uint8(sc.target)) | uint64(uint8(sc.pos))<<8 | uint64(uint8(sc.dir))<<16 | uint64(uint8(sc.left))<<24 |
		uint64(uint8(sc.skip))<<32 | b2u(sc.active)<<40 | b2u(sc.door)<<41)
	h.U64(s.rng.Peek())
	return h.Sum()
}

// Determinize resamples what observer cannot know: the order of both
// decks, the other players' hands, face-down cards and draft packs (the
// cards in them are dealt again from the same pool, sizes kept). A card
// whose holder observer knows (belief.go: given away in a Dominika
// exchange, passed as the last card of a pack, or followed through an
// exchange) stays with that holder, in the hand or the pack it knows; which
// card of a hand lies face down is drawn again. A card the observer passed
// on in this draft and has not seen since (back in its hands or face up)
// is with the other players, never in the deck: it is dealt to them first.
// The pool is dealt in card order, not in the order the cards lie in, so
// two states that differ only in what observer cannot know give the same
// worlds from the same random stream.
func (s *State) Determinize(observer engine.Seat, r *rand.Rand) {
	var d deal
	s.planDeal(observer, &d, r)
	for p := 0; p < int(s.n); p++ {
		if p != int(observer) {
			s.seats[p].hand, s.seats[p].pack = d.hand[p], d.pack[p]
		}
	}
	var pool [MaxActions]uint8
	n := d.free.appendTo(pool[:], 0)
	shuffle(r, pool[:n])
	s.passedToPlayers(observer, pool[:n], d.held, r)
	k := 0
	for p := 0; p < int(s.n); p++ {
		if p == int(observer) {
			continue
		}
		st := &s.seats[p]
		known := !st.hand.empty()
		for _, c := range pool[k : k+d.handN[p]] {
			st.hand.set(c)
		}
		k += d.handN[p]
		for _, c := range pool[k : k+d.packN[p]] {
			st.pack.set(c)
		}
		k += d.packN[p]
		if st.is(fCommitted) {
			// The face-down card is any card of the hand: a fresh one
			// when none is known, else one drawn from the whole hand.
			var c uint8
			if known {
				c = st.hand.nth(int(uint64N(r, uint64(st.hand.count()))))
			} else {
				c = pool[k-d.packN[p]-1]
			}
			st.committed = c
			st.hand.clear(c)
		}
	}
	s.deckN = uint8(copy(s.deck[:], pool[k:n]))
	// The Attack deck too is shuffled from card order.
	var attacks uint64
	for _, c := range s.adeck[:s.adeckN] {
		attacks |= 1 << c
	}
	for k := 0; attacks != 0; attacks &= attacks - 1 {
		s.adeck[k] = uint8(bits.TrailingZeros64(attacks))
		k++
	}
	shuffle(r, s.adeck[:s.adeckN])
	// The game's own randomness after this point is unknown too.
	s.rng = engine.NewRNG(r.Uint64())
}

// deal is what Determinize deals again, worked out from what observer
// knows alone (planDeal): the other players' hands and packs as far as
// observer knows them, how many places of each are dealt again (a hand's
// count takes in its face-down card), the cards dealt again and how many
// of them go to the other players.
type deal struct {
	hand, pack   [MaxSeats]cardSet
	handN, packN [MaxSeats]int
	free         cardSet
	held         int
}

// planDeal works d out for Determinize(observer, r), dealing the cards
// of observer's pack records (dealRecords) with their draws from r.
func (s *State) planDeal(observer engine.Seat, d *deal, r *rand.Rand) {
	var knows cardSet
	if observer >= 0 && int(observer) < int(s.n) {
		knows = s.seats[observer].knows
	}
	for _, c := range s.deck[:s.deckN] {
		d.free.set(c)
	}
	for p := 0; p < int(s.n); p++ {
		if p == int(observer) {
			continue
		}
		st := &s.seats[p]
		hand := st.hand
		if st.is(fCommitted) {
			hand.set(st.committed)
		}
		d.handN[p] = hand.count() - hand.and(knows).count()
		d.packN[p] = st.pack.count() - st.pack.and(knows).count()
		d.free.or(hand.minus(knows))
		d.free.or(st.pack.minus(knows))
		d.hand[p], d.pack[p] = hand.and(knows), st.pack.and(knows)
		d.held += d.handN[p] + d.packN[p]
	}
	if observer >= 0 && int(observer) < int(s.n) {
		d.held -= s.dealRecords(int(observer), d, r)
	}
}

// shuffle is r.Shuffle of a, the same draws giving the same order,
// without a call per swap.
func shuffle(r *rand.Rand, a []uint8) {
	for i := len(a) - 1; i > 0; i-- {
		// uint64N, written out: the call costs as much as the draw.
		n := uint64(i + 1)
		var j uint64
		if n&(n-1) == 0 {
			j = r.Uint64() & (n - 1)
		} else {
			hi, lo := bits.Mul64(r.Uint64(), n)
			if lo < n {
				hi = redraw(r, n, hi, lo)
			}
			j = hi
		}
		a[i], a[j] = a[j], a[i]
	}
}

// uint64N is r.Uint64N(n) for n > 0: the same draws giving the same
// number, computed as math/rand/v2 does (Lemire's multiply and reject).
func uint64N(r *rand.Rand, n uint64) uint64 {
	if n&(n-1) == 0 {
		return r.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		hi = redraw(r, n, hi, lo)
	}
	return hi
}

// redraw is the rare end of uint64N, where the product's low half may
// fall in the biased range: it draws again while it does.
func redraw(r *rand.Rand, n, hi, lo uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(r.Uint64(), n)
	}
	return hi
}

// passedToPlayers moves the cards of the shuffled pool that observer
// passed on and cannot have seen leave the players (neither in its own
// cards nor ever face up) into the pool's first held places, the ones
// dealt to the other players, and shuffles those places, so that every
// way of dealing consistent with what observer saw stays equally likely.
func (s *State) passedToPlayers(observer engine.Seat, pool []uint8, held int, r *rand.Rand) {
	if observer < 0 || int(observer) >= int(s.n) {
		return
	}
	// Where every card passed on has been face up since, nothing moves
	// and nothing is drawn.
	unseen := s.seats[observer].passed
	unseen[0] &^= s.faceUp[0]
	unseen[1] &^= s.faceUp[1]
	if unseen.empty() {
		return
	}
	front := 0
	for i, c := range pool {
		if front < held && unseen.has(c) {
			pool[i], pool[front] = pool[front], pool[i]
			front++
		}
	}
	if front > 0 {
		shuffle(r, pool[:held])
	}
}
