package frontline

import (
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
