package cardline

import (
	"strconv"

	"stolik/engine"
)

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

// encodeCards writes every card's JSON once.
func (p *Pack) encodeCards() {
	p.fronts, p.revealed = make([][]byte, len(p.Cards)), make([][]byte, len(p.Cards))
	for i := range p.Cards {
		k := &p.Cards[i]
		front := CardFront{ID: k.ID, Name: k.Name, Colour: k.Colour}
		p.fronts[i] = front.AppendJSON(nil)
		p.revealed[i] = RevealedCard{CardFront: front, Traits: Traits{k.Strength, k.StrengthKG, k.IQ, k.Combat}}.AppendJSON(nil)
	}
}

// appendCards appends a list of the pack's cards as encoded in enc.
func appendCards(dst []byte, enc [][]byte, cards []uint8) []byte {
	dst = append(dst, '[')
	for i, c := range cards {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, enc[c]...)
	}
	return append(dst, ']')
}

// AppendView writes View(viewer)'s JSON without building it
// (engine.ViewAppender): the cards as the pack has them written.
func (s *State) AppendView(dst []byte, viewer engine.Seat) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "game", "cardline")
	dst = engine.AppendJSONInt(dst, "viewer", int64(viewer))
	dst = engine.AppendJSONField(dst, "trait", s.trait.String())
	dst = engine.AppendJSONInt(dst, "round", int64(s.round))
	dst = engine.AppendJSONInt(dst, "turn", int64(s.turn))
	dst = engine.AppendJSONInt(dst, "first", int64(s.first))
	dst = appendCards(engine.AppendJSONKey(dst, "line"), s.pack.revealed, s.line[:s.lineLen])
	dst = append(engine.AppendJSONKey(dst, "players"), '[')
	winners := false
	for p := range int(s.seats) {
		if p > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(p))
		dst = engine.AppendJSONBool(dst, "active", s.isActive(engine.Seat(p)))
		if e := s.eliminatedIn[p]; e != 0 {
			dst = engine.AppendJSONInt(dst, "eliminated_in_round", int64(e))
		}
		dst = appendCards(engine.AppendJSONKey(dst, "cards"), s.pack.fronts, s.hands[p][:s.handLen[p]])
		first := true
		s.eachWarning(p, func(kind, q int) {
			if first {
				dst, first = append(engine.AppendJSONKey(dst, "warnings"), '['), false
			} else {
				dst = append(dst, ',')
			}
			dst = append(dst, warningJSON[kind][q]...)
		})
		if !first {
			dst = append(dst, ']')
		}
		dst = append(dst, '}')
		winners = winners || s.winners&(1<<uint(p)) != 0
	}
	dst = append(dst, ']')
	dst = engine.AppendJSONInt(dst, "deck_count", int64(s.deckLen))
	if s.deckLen > 0 {
		dst = append(engine.AppendJSONKey(dst, "deck_top"), s.pack.fronts[s.deck[s.deckLen-1]]...)
	}
	dst = appendCards(engine.AppendJSONKey(dst, "box"), s.pack.revealed, s.box[:s.boxLen])
	dst = engine.AppendJSONInt(dst, "out_count", int64(s.out))
	if winners {
		dst = append(engine.AppendJSONKey(dst, "winners"), '[')
		first := true
		for p := range int(s.seats) {
			if s.winners&(1<<uint(p)) != 0 {
				if !first {
					dst = append(dst, ',')
				}
				dst, first = strconv.AppendInt(dst, int64(p), 10), false
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}
