package cardline

import "stolik/engine"

// The views and event data write their JSON themselves (engine.JSONAppender),
// as encoding/json would: the server sends them after every move.

func (c CardFront) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "id", c.ID)
	dst = c.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONField(dst, "colour", c.Colour)
	return append(dst, '}')
}

func (t Traits) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "strength", t.Strength)
	dst = engine.AppendJSONInt(dst, "strength_kg", t.StrengthKG)
	dst = engine.AppendJSONInt(dst, "iq", t.IQ)
	dst = engine.AppendJSONInt(dst, "combat", t.Combat)
	return append(dst, '}')
}

func (c RevealedCard) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "id", c.ID)
	dst = c.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONField(dst, "colour", c.Colour)
	dst = c.Traits.AppendJSON(engine.AppendJSONKey(dst, "traits"))
	return append(dst, '}')
}

func (w Warning) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "kind", w.Kind)
	dst = engine.AppendJSONInt(dst, "rival", int64(w.Rival))
	dst = w.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

func (p PlayerView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(p.Seat))
	dst = engine.AppendJSONBool(dst, "active", p.Active)
	if p.Eliminated != 0 {
		dst = engine.AppendJSONInt(dst, "eliminated_in_round", int64(p.Eliminated))
	}
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "cards"), p.Cards)
	if len(p.Warnings) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "warnings"), p.Warnings)
	}
	return append(dst, '}')
}

func (v View) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "game", v.Game)
	dst = engine.AppendJSONInt(dst, "viewer", int64(v.Viewer))
	dst = engine.AppendJSONField(dst, "trait", v.Trait)
	dst = engine.AppendJSONInt(dst, "round", int64(v.Round))
	dst = engine.AppendJSONInt(dst, "turn", int64(v.Turn))
	dst = engine.AppendJSONInt(dst, "first", int64(v.First))
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "line"), v.Line)
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "players"), v.Players)
	dst = engine.AppendJSONInt(dst, "deck_count", int64(v.DeckCount))
	if v.DeckTop != nil {
		dst = v.DeckTop.AppendJSON(engine.AppendJSONKey(dst, "deck_top"))
	}
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "box"), v.Box)
	dst = engine.AppendJSONInt(dst, "out_count", int64(v.OutCount))
	if len(v.Winners) > 0 {
		dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "winners"), v.Winners)
	}
	return append(dst, '}')
}
