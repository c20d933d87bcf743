package tagteam

import (
	"stolik/engine"
)

// The views write their own JSON, byte for byte what encoding/json makes
// of them: the fields in their order, omitempty as encoding/json reads
// it, nil slices and maps as null, map keys sorted.

// AppendJSON appends the view's JSON.
func (v View) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONInt(dst, "viewer", int64(v.Viewer))
	dst = engine.AppendJSONField(dst, "phase", v.Phase)
	dst = engine.AppendJSONInt(dst, "round", int64(v.Round))
	dst = engine.AppendJSONInt(dst, "turn", int64(v.Turn))
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "pending"), v.Pending)
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "players"), v.Players)
	dst = engine.AppendJSONInt(dst, "schemes", int64(v.Schemes))
	dst = engine.AppendJSONInt(dst, "planted", int64(v.Planted))
	dst = engine.AppendJSONBool(dst, "over", v.Over)
	dst = engine.AppendJSONInt(dst, "winner", int64(v.Winner))
	if len(v.Draft) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "draft"), v.Draft)
	}
	if v.Discarded != "" {
		dst = engine.AppendJSONField(dst, "discarded", v.Discarded)
	}
	if len(v.Deck) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "deck"), v.Deck)
	}
	if v.NewCard != "" {
		dst = engine.AppendJSONField(dst, "new_card", v.NewCard)
	}
	if len(v.Offer) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "offer"), v.Offer)
	}
	if len(v.Bottom) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "bottom"), v.Bottom)
	}
	if len(v.Plans) > 0 {
		dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "plans"), v.Plans)
	}
	if len(v.Cards) > 0 {
		dst = engine.AppendJSONMap(engine.AppendJSONKey(dst, "cards"), v.Cards)
	}
	if len(v.Fighters) > 0 {
		dst = engine.AppendJSONMap(engine.AppendJSONKey(dst, "fighters"), v.Fighters)
	}
	if len(v.Boards) > 0 {
		dst = engine.AppendJSONMap(engine.AppendJSONKey(dst, "boards"), v.Boards)
	}
	if v.End != nil {
		dst = v.End.AppendJSON(engine.AppendJSONKey(dst, "end"))
	}
	return append(dst, '}')
}

// AppendJSON appends the board's JSON.
func (b BoardFace) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = b.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONInt(dst, "hp", int64(b.HP))
	dst = engine.AppendJSONInt(dst, "power", int64(b.Power))
	dst = b.Health.AppendJSON(engine.AppendJSONKey(dst, "health"))
	if b.Special != nil {
		dst = b.Special.AppendJSON(engine.AppendJSONKey(dst, "special"))
	}
	if len(b.Rules) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "rules"), b.Rules)
	}
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "starting"), b.Starting)
	dst = b.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

// AppendJSON appends the card's JSON.
func (c CardFace) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = c.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONField(dst, "fighter", c.Fighter)
	if c.Starting {
		dst = engine.AppendJSONBool(dst, "starting", true)
	}
	dst = c.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

// AppendJSON appends the player's JSON.
func (p PlayerView) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONInt(dst, "seat", int64(p.Seat))
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "fighters"), p.Fighters)
	dst = engine.AppendJSONInt(dst, "active", int64(p.Active))
	dst = engine.AppendJSONInt(dst, "deck_count", int64(p.DeckCount))
	dst = engine.AppendJSONInt(dst, "next", int64(p.Next))
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "revealed"), p.Revealed)
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "history"), p.History)
	dst = engine.AppendJSONInt(dst, "build_count", int64(p.Build))
	dst = engine.AppendJSONBool(dst, "decided", p.Decided)
	if len(p.Picks) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "picks"), p.Picks)
	}
	if len(p.Passed) > 0 {
		dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "passed"), p.Passed)
	}
	return append(dst, '}')
}

// AppendJSON appends the fighter's JSON.
func (f FighterView) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONField(dst, "id", f.ID)
	dst = f.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONInt(dst, "hp", int64(f.HP))
	dst = engine.AppendJSONInt(dst, "max_hp", int64(f.MaxHP))
	dst = engine.AppendJSONInt(dst, "power", int64(f.Power))
	dst = engine.AppendJSONInt(dst, "track", int64(f.Track))
	dst = engine.AppendJSONIntMap(engine.AppendJSONKey(dst, "tokens"), f.Tokens)
	if f.Bear {
		dst = engine.AppendJSONBool(dst, "bear", true)
	}
	if f.Serpent != "" {
		dst = engine.AppendJSONField(dst, "serpent", f.Serpent)
	}
	if f.Char != "" {
		dst = engine.AppendJSONField(dst, "character", f.Char)
	}
	if len(f.CharHP) > 0 {
		dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "character_hp"), f.CharHP)
	}
	if f.Spirits != 0 {
		dst = engine.AppendJSONInt(dst, "spirits", int64(f.Spirits))
	}
	dst = f.Health.AppendJSON(engine.AppendJSONKey(dst, "health"))
	if f.Special != nil {
		dst = f.Special.AppendJSON(engine.AppendJSONKey(dst, "special"))
	}
	if len(f.Held) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "held"), f.Held)
	}
	if len(f.Rules) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "rules"), f.Rules)
	}
	if len(f.Characters) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "characters"), f.Characters)
	}
	if len(f.Warnings) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "warnings"), f.Warnings)
	}
	return append(dst, '}')
}

// AppendJSON appends the character's JSON.
func (c CharacterView) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONField(dst, "id", c.ID)
	dst = c.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONInt(dst, "hp", int64(c.HP))
	dst = engine.AppendJSONInt(dst, "max", int64(c.Max))
	if c.Spirit {
		dst = engine.AppendJSONBool(dst, "spirit", true)
	}
	if c.Active {
		dst = engine.AppendJSONBool(dst, "active", true)
	}
	return append(dst, '}')
}

// AppendJSON appends the space's JSON.
func (sp Space) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONInt(dst, "n", int64(sp.N))
	if sp.Kind != "" {
		dst = engine.AppendJSONField(dst, "kind", sp.Kind)
	}
	if sp.Stop {
		dst = engine.AppendJSONBool(dst, "stop", true)
	}
	if sp.Start {
		dst = engine.AppendJSONBool(dst, "start", true)
	}
	if sp.Symbol != nil {
		dst = sp.Symbol.AppendJSON(engine.AppendJSONKey(dst, "symbol"))
	}
	return append(dst, '}')
}

// AppendJSON appends the track's JSON.
func (h HealthTrack) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	if h.Side != nil {
		dst = h.Side.AppendJSON(engine.AppendJSONKey(dst, "side"))
	}
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "spaces"), h.Spaces)
	dst = engine.AppendJSONInt(dst, "marker", int64(h.Marker))
	dst = h.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

// AppendJSON appends the track's JSON.
func (t SpecialTrack) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = t.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "spaces"), t.Spaces)
	dst = engine.AppendJSONInt(dst, "marker", int64(t.Marker))
	dst = engine.AppendJSONInt(dst, "max", int64(t.Max))
	if t.Cycle {
		dst = engine.AppendJSONBool(dst, "cycle", true)
	}
	dst = t.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

// AppendJSON appends the tokens' JSON.
func (t TokenView) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONField(dst, "id", t.ID)
	dst = engine.AppendJSONInt(dst, "n", int64(t.N))
	dst = t.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

// AppendJSON appends the ending's JSON.
func (e EndView) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONField(dst, "kind", e.Kind)
	dst = e.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

// AppendJSON appends the warning's JSON.
func (w Warning) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = engine.AppendJSONField(dst, "kind", w.Kind)
	dst = w.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}
