package asterix

import (
	"stolik/engine"
)

// The views write their JSON themselves (engine.JSONAppender), byte for
// byte as encoding/json writes them: the server sends one to every seat
// after every move. The event data holds only strings and integers,
// which engine.AppendJSON writes itself.

// appendFields appends the card's fields, without braces (BoardCard
// embeds them).
func (c *CardView) appendFields(dst []byte) []byte {
	dst = engine.AppendJSONField(dst, "card", c.Card)
	dst = engine.AppendJSONField(dst, "id", c.ID)
	dst = c.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONField(dst, "colour", c.Colour)
	dst = engine.AppendJSONField(dst, "type", c.Type)
	return engine.AppendJSONInt(dst, "strength", int64(c.Strength))
}

func (c CardView) AppendJSON(dst []byte) []byte {
	return append(c.appendFields(append(dst, '{')), '}')
}

func (c BoardCard) AppendJSON(dst []byte) []byte {
	dst = c.CardView.appendFields(append(dst, '{'))
	dst = engine.AppendJSONInt(dst, "current", int64(c.Current))
	dst = engine.AppendJSONBool(dst, "counts", c.Counts)
	if c.Potion {
		dst = engine.AppendJSONBool(dst, "potion", true)
	}
	if c.KnockedOut {
		dst = engine.AppendJSONBool(dst, "knocked_out", true)
	}
	if c.Last {
		dst = engine.AppendJSONBool(dst, "last", true)
	}
	return append(dst, '}')
}

func (h HalfView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(h.Seat))
	dst = engine.AppendJSONField(dst, "colour", h.Colour)
	dst = engine.AppendJSONInt(dst, "total", int64(h.Total))
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "cards"), h.Cards)
	return append(dst, '}')
}

func (a AlbumView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "place", int64(a.Place))
	if a.Empty {
		dst = engine.AppendJSONBool(dst, "empty", true)
	}
	if a.ID != "" {
		dst = engine.AppendJSONField(dst, "id", a.ID)
	}
	if a.Title != nil {
		dst = a.Title.AppendJSON(engine.AppendJSONKey(dst, "title"))
	}
	if a.Number != 0 {
		dst = engine.AppendJSONInt(dst, "number", int64(a.Number))
	}
	if a.Rule != "" {
		dst = engine.AppendJSONField(dst, "rule", a.Rule)
	}
	if a.Text != nil {
		dst = a.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	}
	if a.Threshold != 0 {
		dst = engine.AppendJSONInt(dst, "threshold", int64(a.Threshold))
	}
	if len(a.Halves) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "halves"), a.Halves)
	}
	return append(dst, '}')
}

func (w Warning) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "kind", w.Kind)
	dst = engine.AppendJSONInt(dst, "rival", int64(w.Rival))
	dst = engine.AppendJSONInt(dst, "sestertii", int64(w.Sestertii))
	dst = engine.AppendJSONInt(dst, "gain", int64(w.Gain))
	dst = w.Text.AppendJSON(engine.AppendJSONKey(dst, "text"))
	return append(dst, '}')
}

func (p PlayerView) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(p.Seat))
	dst = engine.AppendJSONInt(dst, "sestertii", int64(p.Sestertii))
	dst = engine.AppendJSONInt(dst, "albums", int64(p.Albums))
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "tokens"), p.Tokens[:])
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "helmets"), p.Helmets[:])
	dst = engine.AppendJSONInt(dst, "hand_count", int64(p.HandCount))
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "hand"), p.Hand)
	if len(p.HiddenColours) > 0 {
		dst = engine.AppendJSONIntMap(engine.AppendJSONKey(dst, "hidden_colours"), p.HiddenColours)
	}
	if len(p.Warnings) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "warnings"), p.Warnings)
	}
	return append(dst, '}')
}

func (d Decision) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "phase", d.Phase)
	dst = engine.AppendJSONInt(dst, "seat", int64(d.Seat))
	if d.Card != nil {
		dst = d.Card.AppendJSON(engine.AppendJSONKey(dst, "card"))
	}
	dst = engine.AppendJSONInt(dst, "place", int64(d.Place))
	if d.Left != 0 {
		dst = engine.AppendJSONInt(dst, "left", int64(d.Left))
	}
	dst = engine.AppendJSONInt(dst, "who", int64(d.Who))
	return append(dst, '}') // Extra is json:"-"
}

func (c AlbumCover) AppendJSON(dst []byte) []byte {
	dst = c.Title.AppendJSON(engine.AppendJSONKey(append(dst, '{'), "title"))
	dst = engine.AppendJSONInt(dst, "number", int64(c.Number))
	return append(dst, '}')
}

func (c CharacterText) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	if c.Ability != nil {
		dst = c.Ability.AppendJSON(engine.AppendJSONKey(dst, "ability"))
	}
	if c.Requirement != nil {
		dst = c.Requirement.AppendJSON(engine.AppendJSONKey(dst, "requirement"))
	}
	if c.Passive != nil {
		dst = c.Passive.AppendJSON(engine.AppendJSONKey(dst, "passive"))
	}
	return append(dst, '}')
}

func (s Supply) AppendJSON(dst []byte) []byte {
	dst = engine.AppendJSONInts(engine.AppendJSONKey(append(dst, '{'), "tokens"), s.Tokens[:])
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "helmets"), s.Helmets[:])
	return append(dst, '}')
}

// appendFields appends the view's fields, without braces (Snapshot
// embeds them).
func (v *View) appendFields(dst []byte) []byte {
	dst = engine.AppendJSONField(dst, "game", v.Game)
	dst = engine.AppendJSONInt(dst, "viewer", int64(v.Viewer))
	dst = engine.AppendJSONInt(dst, "turn", int64(v.Turn))
	dst = engine.AppendJSONInt(dst, "active", int64(v.Active))
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "pending"), v.Pending)
	dst = v.Decision.AppendJSON(engine.AppendJSONKey(dst, "decision"))
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "albums"), v.Albums)
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "players"), v.Players)
	dst = v.Supply.AppendJSON(engine.AppendJSONKey(dst, "supply"))
	dst = engine.AppendJSONInt(dst, "deck_count", int64(v.DeckCount))
	if v.DeckTop != "" {
		dst = engine.AppendJSONField(dst, "deck_top_colour", v.DeckTop)
	}
	dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "discard"), v.Discard)
	dst = engine.AppendJSONInt(dst, "album_deck_count", int64(v.AlbumDeck))
	if v.AlbumCover != nil {
		dst = v.AlbumCover.AppendJSON(engine.AppendJSONKey(dst, "album_deck_top"))
	}
	dst = engine.AppendJSONInt(dst, "cards_in_pack", int64(v.CardsInPlay))
	if len(v.Winners) > 0 {
		dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "winners"), v.Winners)
	}
	if len(v.Characters) > 0 {
		dst = engine.AppendJSONMap(engine.AppendJSONKey(dst, "characters"), v.Characters)
	}
	return dst
}

func (v View) AppendJSON(dst []byte) []byte {
	return append(v.appendFields(append(dst, '{')), '}')
}

// AppendJSON writes the whole snapshot, the embedded View's fields and
// the hidden facts after them (without it, View's method would be
// promoted and write the View alone). Its rules go through
// engine.AppendJSON: booleans and integers, written without reflection.
func (sn Snapshot) AppendJSON(dst []byte) []byte {
	dst = sn.View.appendFields(append(dst, '{'))
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "deck"), sn.Deck)
	dst = engine.AppendJSONStrings(engine.AppendJSONKey(dst, "album_deck"), sn.AlbumDeck)
	dst = engine.AppendJSONKey(dst, "known_in_hand")
	if sn.Known == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, k := range sn.Known {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = engine.AppendJSONStrings(dst, k)
		}
		dst = append(dst, ']')
	}
	dst = engine.AppendJSONKey(dst, "rules")
	var err error
	if dst, err = engine.AppendJSON(dst, sn.Options); err != nil {
		// The rules are booleans and integers; encoding/json cannot fail
		// on them.
		panic(err)
	}
	dst = engine.AppendJSONField(dst, "rng", sn.RNG)
	return append(dst, '}')
}
