package frontline

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"stolik/engine"
)

// The views write their JSON themselves (engine.JSONAppender), byte for
// byte as encoding/json writes the same values: the server sends one to
// every seat after every move. The event data holds only strings,
// integers and booleans, which engine.AppendJSON writes itself.

// AppendJSON appends the view as encoding/json writes it.
func (v View) AppendJSON(dst []byte) []byte {
	return append(v.appendFields(append(dst, '{')), '}')
}

// appendFields appends the view's fields without the braces, so that a
// struct embedding View writes them flattened.
func (v *View) appendFields(dst []byte) []byte {
	dst = engine.AppendJSONInt(dst, "viewer", int64(v.Viewer))
	dst = engine.AppendJSONInt(dst, "turn", int64(v.Turn))
	dst = engine.AppendJSONField(dst, "phase", v.Phase)
	if v.Window != "" {
		dst = engine.AppendJSONField(dst, "window", v.Window)
	}
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "pending"), v.Pending)
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "line"), v.Line)
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "seats"), v.Seats)
	dst = engine.AppendJSONInt(dst, "initiative", int64(v.Initiative))
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "roulettes"), v.Roulettes)
	if v.Attack != nil {
		dst = v.Attack.AppendJSON(engine.AppendJSONKey(dst, "attack"))
	}
	dst = engine.AppendJSONBool(dst, "stoj", v.Stoj)
	dst = engine.AppendJSONInt(dst, "deck", int64(v.Deck))
	dst = engine.AppendJSONInt(dst, "attack_deck", int64(v.AttackDeck))
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "discard"), v.Discard)
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "attack_discard"), v.AttackDisc)
	if len(v.Stack) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "stack"), v.Stack)
	}
	if v.Question != nil {
		dst = v.Question.AppendJSON(engine.AppendJSONKey(dst, "question"))
	}
	if len(v.Hand) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "hand"), v.Hand)
	}
	if v.Committed != "" {
		dst = engine.AppendJSONField(dst, "committed", v.Committed)
	}
	if len(v.Pack) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "pack"), v.Pack)
	}
	if len(v.Passed) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "passed"), v.Passed)
	}
	dst = engine.AppendJSONBool(dst, "over", v.Over)
	dst = engine.AppendJSONInt(dst, "winner", int64(v.Winner))
	if len(v.Cards) > 0 {
		dst = engine.AppendJSONMap(engine.AppendJSONKey(dst, "cards"), v.Cards)
	}
	return dst
}

// AppendJSON appends the card face as encoding/json writes it.
func (c CardFace) AppendJSON(dst []byte) []byte {
	dst = c.Name.AppendJSON(engine.AppendJSONKey(append(dst, '{'), "name"))
	dst = engine.AppendJSONField(dst, "kind", c.Kind)
	dst = c.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	if c.Durability != 0 {
		dst = engine.AppendJSONInt(dst, "durability", int64(c.Durability))
	}
	return append(dst, '}')
}

// AppendJSON appends the slot as encoding/json writes it.
func (sv SlotView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "piece", sv.Piece)
	dst = engine.AppendJSONInt(dst, "seat", int64(sv.Seat))
	dst = engine.AppendJSONInt(dst, "mines", int64(sv.Mines))
	if len(sv.Wire) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "wire"), sv.Wire)
	}
	if len(sv.Targets) > 0 {
		dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "targets"), sv.Targets)
	}
	return append(dst, '}')
}

// AppendJSON appends the seat as encoding/json writes it.
func (sv SeatView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(sv.Seat))
	dst = engine.AppendJSONField(dst, "comrade", sv.Comrade)
	dst = sv.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = sv.Ability.AppendJSON(engine.AppendJSONKey(dst, "ability"))
	dst = engine.AppendJSONInt(dst, "hp", int64(sv.HP))
	dst = engine.AppendJSONInt(dst, "max_hp", int64(sv.MaxHP))
	dst = engine.AppendJSONBool(dst, "dead", sv.Dead)
	dst = engine.AppendJSONBool(dst, "gassed", sv.Gassed)
	dst = engine.AppendJSONInt(dst, "hand_count", int64(sv.HandCount))
	dst = engine.AppendJSONBool(dst, "committed", sv.Committed)
	dst = engine.AppendJSONBool(dst, "event_used", sv.EventUsed)
	dst = engine.AppendJSONBool(dst, "done", sv.Done)
	dst = engine.AppendJSONBool(dst, "dodge", sv.Dodge)
	dst = engine.AppendJSONBool(dst, "duck", sv.Duck)
	dst = engine.AppendJSONBool(dst, "fubar", sv.Fubar)
	dst = engine.AppendJSONBool(dst, "cover", sv.Cover)
	dst = engine.AppendJSONBool(dst, "ability_used", sv.AbilityUsed)
	dst = engine.AppendJSONBool(dst, "tank", sv.Tank)
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "equipment"), sv.Equipment)
	if len(sv.Warnings) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "warnings"), sv.Warnings)
	}
	return append(dst, '}')
}

// AppendJSON appends the piece of Equipment as encoding/json writes it.
func (e EquipView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "card", e.Card)
	dst = engine.AppendJSONInt(dst, "durability", int64(e.Durability))
	return append(dst, '}')
}

// AppendJSON appends the Attack card as encoding/json writes it.
func (a AttackView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "card", a.Card)
	dst = engine.AppendJSONField(dst, "type", a.Type)
	dst = engine.AppendJSONInt(dst, "damage", int64(a.Damage))
	if a.Indirect != 0 {
		dst = engine.AppendJSONInt(dst, "indirect", int64(a.Indirect))
	}
	if a.Effect != "" {
		dst = engine.AppendJSONField(dst, "effect", a.Effect)
	}
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "targets"), a.Targets)
	return append(dst, '}')
}

// AppendJSON appends the stacked Event as encoding/json writes it.
func (sv StackView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(sv.Seat))
	dst = engine.AppendJSONField(dst, "card", sv.Card)
	dst = engine.AppendJSONInt(dst, "a", int64(sv.A))
	dst = engine.AppendJSONInt(dst, "b", int64(sv.B))
	return append(dst, '}')
}

// AppendJSON appends the question as encoding/json writes it.
func (q Question) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(q.Seat))
	dst = engine.AppendJSONField(dst, "card", q.Card)
	dst = engine.AppendJSONField(dst, "kind", q.Kind)
	return append(dst, '}')
}

// AppendJSON appends the warning as encoding/json writes it.
func (w Warning) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "kind", w.Kind)
	dst = w.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

// AppendJSON appends the whole state as encoding/json writes it: the
// view's fields flattened, then the hidden ones. (Without it the method
// promoted from the embedded View would leave the hidden fields out.)
func (sn Snapshot) AppendJSON(dst []byte) []byte {
	dst = sn.View.appendFields(append(dst, '{'))
	dst = appendStringLists(engine.AppendJSONKey(dst, "hands"), sn.Hands)
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "committed_cards"), sn.Committed)
	dst = appendStringLists(engine.AppendJSONKey(dst, "packs"), sn.Packs)
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "deck_order"), sn.DeckOrder)
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "attack_deck_order"), sn.AttackDeck)
	dst = engine.AppendJSONField(dst, "rng", sn.RNG)
	return append(dst, '}')
}

// appendStringLists appends a list of lists of card names, null when nil.
func appendStringLists(dst []byte, v [][]string) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, l := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendJSONStrings(dst, l)
	}
	return append(dst, ']')
}

// faceTable is what the views show of a pack's cards, made when the pack
// loads and only read after: every card's face and its JSON, every
// Comrade's fields, and the cards' names in the order View.Cards lists
// them.
type faceTable struct {
	action, attack         []CardFace // by card (Pack.Actions, Pack.Attacks)
	actionJSON, attackJSON [][]byte
	comrade                [][]byte // "comrade":…,"name":…,"ability":… by Comrade
	names                  []faceName
}

// faceName is a card name as a key of View.Cards, with the instances of
// that name.
type faceName struct {
	name   string
	key    []byte // the name as a JSON key, its colon included
	action int    // -1: no Action card of that name
	attack int    // -1: no Attack card of that name
}

func newFaceTable(p *Pack) faceTable {
	var f faceTable
	for i := range p.Actions {
		a := &p.Actions[i]
		face := CardFace{Name: a.Name, Kind: a.Kind.String(), Text: a.ActionText(), Durability: int(a.Durability)}
		f.action = append(f.action, face)
		f.actionJSON = append(f.actionJSON, face.AppendJSON(nil))
	}
	for i := range p.Attacks {
		a := &p.Attacks[i]
		face := CardFace{Name: a.Name, Kind: a.Type.String(), Text: a.AttackText()}
		f.attack = append(f.attack, face)
		f.attackJSON = append(f.attackJSON, face.AppendJSON(nil))
	}
	for i := range p.Comrades {
		c := &p.Comrades[i]
		b := engine.AppendJSONField([]byte{'{'}, "comrade", c.ID)
		b = c.Name.AppendJSON(engine.AppendJSONKey(b, "name"))
		b = c.Text.AppendJSON(engine.AppendJSONKey(b, "ability"))
		f.comrade = append(f.comrade, b[1:])
	}
	at := map[string]int{}
	for i, name := range p.actionName {
		at[name] = len(f.names)
		f.names = append(f.names, faceName{name: name, action: i, attack: -1})
	}
	for i, name := range p.attackName {
		if k, ok := at[name]; ok {
			f.names[k].attack = i
			continue
		}
		f.names = append(f.names, faceName{name: name, action: -1, attack: i})
	}
	slices.SortFunc(f.names, func(a, b faceName) int { return strings.Compare(a.name, b.name) })
	for i := range f.names {
		f.names[i].key = append(engine.AppendJSONString(nil, f.names[i].name), ':')
	}
	return f
}

// appendActionNames appends the names of the cards in c, a list.
func (s *State) appendActionNames(dst []byte, c cardSet) []byte {
	dst = append(dst, '[')
	first := true
	for w, x := range c {
		for ; x != 0; x &= x - 1 {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = engine.AppendJSONString(dst, s.pack.ActionName(uint8(w*64+bits.TrailingZeros64(x))))
		}
	}
	return append(dst, ']')
}

// appendAttackNames appends the names of the Attack cards in x, a list.
func (s *State) appendAttackNames(dst []byte, x uint64) []byte {
	dst = append(dst, '[')
	for first := true; x != 0; x &= x - 1 {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = engine.AppendJSONString(dst, s.pack.AttackName(uint8(bits.TrailingZeros64(x))))
	}
	return append(dst, ']')
}

// AppendView writes View(viewer)'s JSON without building it
// (engine.ViewAppender): the cards' faces and the Comrades as the pack has
// them written.
func (s *State) AppendView(dst []byte, viewer engine.Seat) []byte {
	var actions cardSet // the Action and Attack cards the view names, for its faces
	var attacks uint64
	dst = engine.AppendJSONInt(append(dst, '{'), "viewer", int64(viewer))
	dst = engine.AppendJSONInt(dst, "turn", int64(s.turn))
	dst = engine.AppendJSONField(dst, "phase", phaseNames[s.phase])
	winner := int64(s.winner)
	if !s.over {
		winner = -1
		if s.phase == phWindow || s.phase == phAnswer {
			if w := windowNames[s.window]; w != "" {
				dst = engine.AppendJSONField(dst, "window", w)
			}
		}
	}
	dst = append(engine.AppendJSONKey(dst, "pending"), '[')
	for i, p := range s.Pending() {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(p), 10)
	}
	dst = append(dst, ']')
	dst = s.appendViewLine(dst, &attacks)
	dst = s.appendViewSeats(dst, &actions)
	dst = engine.AppendJSONInt(dst, "initiative", int64(s.initiative))
	dst = s.appendAttackNames(engine.AppendJSONKey(dst, "roulettes"), s.roulette)
	attacks |= s.roulette
	dst = s.appendViewAttack(dst, &attacks)
	dst = engine.AppendJSONBool(dst, "stoj", s.stoj)
	dst = engine.AppendJSONInt(dst, "deck", int64(s.deckN))
	dst = engine.AppendJSONInt(dst, "attack_deck", int64(s.adeckN))
	dst = s.appendViewDiscards(dst, &actions, &attacks)
	dst = s.appendViewStack(dst, &actions)
	switch s.phase {
	case phChoice:
		dst = s.appendQuestion(dst, s.choice, s.choiceC, "maneuver")
		actions.set(s.choiceC)
	case phEquip:
		dst = s.appendQuestion(dst, s.query, s.queryC, "equipment")
		actions.set(s.queryC)
	}
	if viewer >= 0 && int(viewer) < int(s.n) {
		dst = s.appendViewHand(dst, &s.seats[viewer], &actions)
	}
	dst = engine.AppendJSONBool(dst, "over", s.over)
	dst = engine.AppendJSONInt(dst, "winner", winner)
	dst = s.appendViewFaces(dst, &actions, attacks)
	return append(dst, '}')
}

// appendViewLine appends the line, front to back: what stands in each slot,
// its mines, wire and Targets; attacks gains the wire's cards.
func (s *State) appendViewLine(dst []byte, attacks *uint64) []byte {
	dst = engine.AppendJSONKey(dst, "line")
	if s.line.N == 0 {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i := 0; i < int(s.line.N); i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		pc := s.line.Slot[i]
		piece, seat := "empty", -1
		switch {
		case pc == Commissar:
			piece = "commissar"
		case pc.IsComrade():
			piece, seat = "comrade", pc.Seat()
		}
		dst = engine.AppendJSONField(append(dst, '{'), "piece", piece)
		dst = engine.AppendJSONInt(dst, "seat", int64(seat))
		mines := 0
		if s.minesN > 0 && int(s.mineSlot) == i {
			mines = int(s.minesN)
		}
		dst = engine.AppendJSONInt(dst, "mines", int64(mines))
		if w := s.wire[i]; w != 0 {
			dst = s.appendAttackNames(engine.AppendJSONKey(dst, "wire"), w)
			*attacks |= w
		}
		first := true
		for t := 0; t < int(s.nTargets); t++ {
			if int(s.targets[t]) == i {
				if first {
					dst = append(engine.AppendJSONKey(dst, "targets"), '[')
				} else {
					dst = append(dst, ',')
				}
				dst, first = strconv.AppendInt(dst, int64(t), 10), false
			}
		}
		if !first {
			dst = append(dst, ']')
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

// appendViewSeats appends what everyone sees of each seat; actions gains
// the Equipment on the table.
func (s *State) appendViewSeats(dst []byte, actions *cardSet) []byte {
	n := int(s.n)
	dst = engine.AppendJSONKey(dst, "seats")
	if n == 0 {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for p := 0; p < n; p++ {
		if p > 0 {
			dst = append(dst, ',')
		}
		dst = s.appendViewSeat(dst, p, actions)
	}
	return append(dst, ']')
}

// appendViewSeat appends one seat: its Comrade, health, flags, Equipment
// and the warning of a hit that would knock it out.
func (s *State) appendViewSeat(dst []byte, p int, actions *cardSet) []byte {
	st := &s.seats[p]
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(p))
	dst = append(append(dst, ','), s.pack.faces.comrade[st.comrade]...)
	dst = engine.AppendJSONInt(dst, "hp", int64(max(st.hp, 0)))
	dst = engine.AppendJSONInt(dst, "max_hp", int64(st.maxHP))
	dst = engine.AppendJSONBool(dst, "dead", st.is(fDead))
	dst = engine.AppendJSONBool(dst, "gassed", st.is(fGassed))
	dst = engine.AppendJSONInt(dst, "hand_count", int64(st.hand.count()))
	dst = engine.AppendJSONBool(dst, "committed", st.is(fCommitted))
	dst = engine.AppendJSONBool(dst, "event_used", st.is(fEventUsed))
	dst = engine.AppendJSONBool(dst, "done", st.is(fDone))
	dst = engine.AppendJSONBool(dst, "dodge", st.is(fDodge))
	dst = engine.AppendJSONBool(dst, "duck", st.is(fDuck))
	dst = engine.AppendJSONBool(dst, "fubar", st.is(fFubar))
	dst = engine.AppendJSONBool(dst, "cover", st.is(fCover))
	dst = engine.AppendJSONBool(dst, "ability_used", st.is(fAbilityUsed))
	dst = engine.AppendJSONBool(dst, "tank", int(s.tank) == p)
	dst = append(engine.AppendJSONKey(dst, "equipment"), '[')
	first := true
	for w, x := range st.equip {
		for ; x != 0; x &= x - 1 {
			e := uint8(w*64 + bits.TrailingZeros64(x))
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = engine.AppendJSONField(append(dst, '{'), "card", s.pack.ActionName(e))
			dst = append(engine.AppendJSONInt(dst, "durability", int64(s.dur[e])), '}')
		}
	}
	dst = append(dst, ']')
	actions.or(st.equip)
	if hp, blow, extra, ok := s.warning(p); ok {
		var buf [256]byte
		dst = engine.AppendJSONField(append(engine.AppendJSONKey(dst, "warnings"), '[', '{'), "kind", "hit")
		dst = append(engine.AppendJSONKey(dst, "text"), `{"pl":`...)
		dst = engine.AppendJSONBytes(dst, appendWarning(buf[:0], engine.PL, hp, blow, extra))
		dst = append(dst, `,"en":`...)
		dst = engine.AppendJSONBytes(dst, appendWarning(buf[:0], engine.EN, hp, blow, extra))
		dst = append(dst, "}}]"...)
	}
	return append(dst, '}')
}

// appendViewAttack appends the revealed Attack card, if any, with its Targets.
func (s *State) appendViewAttack(dst []byte, attacks *uint64) []byte {
	if s.attack < 0 {
		return dst
	}
	a := s.pack.Attack(uint8(s.attack))
	*attacks |= 1 << uint8(s.attack)
	dst = engine.AppendJSONField(append(engine.AppendJSONKey(dst, "attack"), '{'), "card", s.pack.AttackName(uint8(s.attack)))
	dst = engine.AppendJSONField(dst, "type", a.Type.String())
	dst = engine.AppendJSONInt(dst, "damage", int64(a.Damage))
	if a.Indirect != 0 {
		dst = engine.AppendJSONInt(dst, "indirect", int64(a.Indirect))
	}
	if fx := attackEffectNames[a.Effect]; fx != "" {
		dst = engine.AppendJSONField(dst, "effect", fx)
	}
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "targets"), s.targets[:s.nTargets])
	return append(dst, '}')
}

// appendViewDiscards appends both discard piles.
func (s *State) appendViewDiscards(dst []byte, actions *cardSet, attacks *uint64) []byte {
	dst = append(engine.AppendJSONKey(dst, "discard"), '[')
	for i, c := range s.discard[:s.discardN] {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendJSONString(dst, s.pack.ActionName(c))
		actions.set(c)
	}
	dst = append(dst, ']')
	dst = append(engine.AppendJSONKey(dst, "attack_discard"), '[')
	for i, c := range s.adiscard[:s.adiscardN] {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendJSONString(dst, s.pack.AttackName(c))
		*attacks |= 1 << c
	}
	return append(dst, ']')
}

// appendViewStack appends the cards and abilities waiting to resolve, if any.
func (s *State) appendViewStack(dst []byte, actions *cardSet) []byte {
	if s.stackN == 0 {
		return dst
	}
	dst = append(engine.AppendJSONKey(dst, "stack"), '[')
	for i, it := range s.stack[:s.stackN] {
		if i > 0 {
			dst = append(dst, ',')
		}
		card := ""
		if it.card != abilityCard {
			card = s.pack.ActionName(it.card)
			actions.set(it.card)
		}
		dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(it.seat))
		dst = engine.AppendJSONField(dst, "card", card)
		dst = engine.AppendJSONInt(dst, "a", int64(it.a))
		dst = append(engine.AppendJSONInt(dst, "b", int64(it.b)), '}')
	}
	return append(dst, ']')
}

// appendViewHand appends what only the viewer's own seat knows: its hand,
// its committed card, and the cards it drafts from and has passed.
func (s *State) appendViewHand(dst []byte, st *seatState, actions *cardSet) []byte {
	if !st.hand.empty() {
		dst = s.appendActionNames(engine.AppendJSONKey(dst, "hand"), st.hand)
		actions.or(st.hand)
	}
	if st.is(fCommitted) {
		dst = engine.AppendJSONField(dst, "committed", s.pack.ActionName(st.committed))
		actions.set(st.committed)
	}
	if !st.pack.empty() {
		dst = s.appendActionNames(engine.AppendJSONKey(dst, "pack"), st.pack)
		actions.or(st.pack)
	}
	if !st.passed.empty() {
		dst = s.appendActionNames(engine.AppendJSONKey(dst, "passed"), st.passed)
		actions.or(st.passed)
	}
	return dst
}

// appendViewFaces appends the faces of the cards the view names, in the
// pack's order of names.
func (s *State) appendViewFaces(dst []byte, actions *cardSet, attacks uint64) []byte {
	f := &s.pack.faces
	first := true
	for i := range f.names {
		fn := &f.names[i]
		var face []byte
		switch {
		case fn.attack >= 0 && attacks&(1<<uint(fn.attack)) != 0:
			face = f.attackJSON[s.pack.attackOf[fn.attack]]
		case fn.action >= 0 && actions.has(uint8(fn.action)):
			face = f.actionJSON[s.pack.actionOf[fn.action]]
		default:
			continue
		}
		if first {
			dst = append(engine.AppendJSONKey(dst, "cards"), '{')
			first = false
		} else {
			dst = append(dst, ',')
		}
		dst = append(append(dst, fn.key...), face...)
	}
	if !first {
		dst = append(dst, '}')
	}
	return dst
}

// appendQuestion appends the question to seat about card.
func (s *State) appendQuestion(dst []byte, seat int8, card uint8, kind string) []byte {
	dst = engine.AppendJSONInt(append(engine.AppendJSONKey(dst, "question"), '{'), "seat", int64(seat))
	dst = engine.AppendJSONField(dst, "card", s.pack.ActionName(card))
	return append(engine.AppendJSONField(dst, "kind", kind), '}')
}
