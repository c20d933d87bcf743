package asterix

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

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
	dst = a.appendPrint(dst)
	if a.Threshold != 0 {
		dst = engine.AppendJSONInt(dst, "threshold", int64(a.Threshold))
	}
	if len(a.Halves) > 0 {
		dst = engine.AppendJSONList(engine.AppendJSONKey(dst, "halves"), a.Halves)
	}
	return append(dst, '}')
}

// appendPrint appends what the Album's card prints, from id to text.
func (a *AlbumView) appendPrint(dst []byte) []byte {
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
	return dst
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

// encode makes what the views print of the cards, once: each card's
// fields, each Character's texts and their entry among the view's
// characters, each Album's print and cover.
func (p *Pack) encode() {
	p.texts = make([][3]engine.Text, len(p.Characters))
	p.textsJSON = make([][]byte, len(p.Characters))
	p.byID = make([]uint8, len(p.Characters))
	for ci := range p.Characters {
		c := &p.Characters[ci]
		p.texts[ci] = [3]engine.Text{c.AbilityText(), c.RequirementText(), c.PassiveText()}
		p.textsJSON[ci] = p.characterText(ci).AppendJSON(append(engine.AppendJSONString(nil, c.ID), ':'))
		p.byID[ci] = uint8(ci)
	}
	// As encoding/json orders a map's keys.
	slices.SortFunc(p.byID, func(a, b uint8) int { return strings.Compare(p.Characters[a].ID, p.Characters[b].ID) })
	p.cardJSON = make([][]byte, len(p.Instances))
	for i := range p.Instances {
		cv := p.cardView(uint8(i))
		p.cardJSON[i] = cv.appendFields(nil)
	}
	p.albumJSON, p.coverJSON = make([][]byte, len(p.Albums)), make([][]byte, len(p.Albums))
	for k := range p.Albums {
		a := &p.Albums[k]
		av := albumPrint(a)
		// After the place: with its comma.
		p.albumJSON[k] = av.appendPrint([]byte{'x'})[1:]
		p.coverJSON[k] = AlbumCover{Title: a.Title, Number: a.Number}.AppendJSON(nil)
	}
}

// AppendView writes View(viewer)'s JSON without building it
// (engine.ViewAppender): the cards, the Albums and the Characters' texts
// as the pack has them written.
func (s *State) AppendView(dst []byte, viewer engine.Seat) []byte {
	p := s.pack
	var shown instSet // the Characters (by index) whose texts the view gives
	dst = engine.AppendJSONField(append(dst, '{'), "game", "asterix")
	dst = engine.AppendJSONInt(dst, "viewer", int64(viewer))
	dst = engine.AppendJSONInt(dst, "turn", int64(s.turns))
	dst = engine.AppendJSONInt(dst, "active", int64(s.active))
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "pending"), pendingInts(s.Pending()))

	dst = engine.AppendJSONField(append(engine.AppendJSONKey(dst, "decision"), '{'), "phase", phaseNames[s.phase])
	dst = engine.AppendJSONInt(dst, "seat", int64(s.decider))
	place, left, who := int64(-1), int64(0), int64(-1)
	switch s.phase {
	case phCostDiscard, phCostHelmet, phAbility, phAbilityDiscard, phOppDiscard:
		i := s.ctx.inst
		shown.set(p.Instances[i])
		dst = append(append(append(engine.AppendJSONKey(dst, "card"), '{'), p.cardJSON[i]...), '}')
		place, left, who = int64(s.ctx.slot), int64(s.ctx.left), int64(s.ctx.who)
		if s.phase == phCostHelmet {
			left = int64(s.ctx.payLeft)
		}
	case phTake, phOrient:
		place = int64(s.capSlot)
	}
	dst = engine.AppendJSONInt(dst, "place", place)
	if left != 0 {
		dst = engine.AppendJSONInt(dst, "left", left)
	}
	dst = append(engine.AppendJSONInt(dst, "who", who), '}')

	dst = append(engine.AppendJSONKey(dst, "albums"), '[')
	for slot := range int(s.nslots) {
		if slot > 0 {
			dst = append(dst, ',')
		}
		dst = s.appendAlbum(dst, slot, &shown)
	}
	dst = append(dst, ']')

	dst = append(engine.AppendJSONKey(dst, "players"), '[')
	for q := range engine.Seat(s.seats) {
		if q > 0 {
			dst = append(dst, ',')
		}
		dst = s.appendPlayer(dst, q, viewer, &shown)
	}
	dst = append(dst, ']')

	dst = append(engine.AppendJSONKey(dst, "supply"), '{')
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "tokens"), s.supplyT[:])
	dst = append(engine.AppendJSONInts(engine.AppendJSONKey(dst, "helmets"), s.supplyH[:]), '}')
	dst = engine.AppendJSONInt(dst, "deck_count", int64(s.deckN))
	if s.rules.backsColour && s.deckN > 0 {
		dst = engine.AppendJSONField(dst, "deck_top_colour", p.iCol[s.deck[s.deckN-1]].String())
	}
	dst = append(engine.AppendJSONKey(dst, "discard"), '[')
	for k, i := range s.discard[:s.discardN] {
		if k > 0 {
			dst = append(dst, ',')
		}
		shown.set(p.Instances[i])
		dst = append(append(append(dst, '{'), p.cardJSON[i]...), '}')
	}
	dst = append(dst, ']')
	dst = engine.AppendJSONInt(dst, "album_deck_count", int64(s.albumsN))
	if s.albumsN > 0 {
		dst = append(engine.AppendJSONKey(dst, "album_deck_top"), p.coverJSON[s.albums[s.albumsN-1]]...)
	}
	dst = engine.AppendJSONInt(dst, "cards_in_pack", int64(len(p.Instances)))
	if s.winners != 0 {
		dst = append(engine.AppendJSONKey(dst, "winners"), '[')
		first := true
		for q := range int(s.seats) {
			if s.winners&(1<<uint(q)) != 0 {
				if !first {
					dst = append(dst, ',')
				}
				dst, first = strconv.AppendInt(dst, int64(q), 10), false
			}
		}
		dst = append(dst, ']')
	}
	if !shown.empty() {
		dst = append(engine.AppendJSONKey(dst, "characters"), '{')
		first := true
		for _, ci := range p.byID {
			if shown.has(ci) {
				if !first {
					dst = append(dst, ',')
				}
				dst, first = append(dst, p.textsJSON[ci]...), false
			}
		}
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

// pendingInts is the pending seats as the view lists them.
func pendingInts(p []engine.Seat) []engine.Seat {
	if p == nil {
		return []engine.Seat{} // [], as View.Pending
	}
	return p
}

// appendAlbum writes the AlbumView of slot, marking the Characters on it
// in shown.
func (s *State) appendAlbum(dst []byte, slot int, shown *instSet) []byte {
	p := s.pack
	dst = engine.AppendJSONInt(append(dst, '{'), "place", int64(slot))
	if s.slotAlbum[slot] < 0 {
		return append(engine.AppendJSONBool(dst, "empty", true), '}')
	}
	dst = append(dst, p.albumJSON[s.slotAlbum[slot]]...)
	if t := s.threshold(slot); t != 0 {
		dst = engine.AppendJSONInt(dst, "threshold", int64(t))
	}
	orienting := s.phase == phOrient && int(s.capSlot) == slot
	dst = append(engine.AppendJSONKey(dst, "halves"), '[')
	for side := range 2 {
		if side > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(s.slotSeat[slot][side]))
		colour := s.colour[slot][side].String()
		if orienting {
			colour = ""
		}
		dst = engine.AppendJSONField(dst, "colour", colour)
		dst = engine.AppendJSONInt(dst, "total", int64(s.total(slot, side)))
		dst = append(engine.AppendJSONKey(dst, "cards"), '[')
		last := s.lastPlaced(slot, side)
		h := &s.halves[slot][side]
		for k, x := range h.cards[:h.n] {
			if k > 0 {
				dst = append(dst, ',')
			}
			shown.set(p.Instances[x])
			ko := s.ko.has(x)
			dst = append(append(dst, '{'), p.cardJSON[x]...)
			dst = engine.AppendJSONInt(dst, "current", int64(s.strength(x, slot)))
			dst = engine.AppendJSONBool(dst, "counts", !ko && s.counts(x, slot, side))
			if s.potion.has(x) {
				dst = engine.AppendJSONBool(dst, "potion", true)
			}
			if ko {
				dst = engine.AppendJSONBool(dst, "knocked_out", true)
			}
			if int(x) == last {
				dst = engine.AppendJSONBool(dst, "last", true)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']', '}')
	}
	return append(dst, ']', '}')
}

// appendPlayer writes the PlayerView of seat q as viewer sees it, marking
// the Characters of the cards shown in shown.
func (s *State) appendPlayer(dst []byte, q, viewer engine.Seat, shown *instSet) []byte {
	p := s.pack
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(q))
	dst = engine.AppendJSONInt(dst, "sestertii", int64(s.score(q)))
	dst = engine.AppendJSONInt(dst, "albums", int64(s.won[q]))
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "tokens"), s.tokens[q][:])
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "helmets"), s.helmets[q][:])
	dst = engine.AppendJSONInt(dst, "hand_count", int64(s.hands[q].count()))
	dst = append(engine.AppendJSONKey(dst, "hand"), '[')
	var hidden [3]int // by Colour
	first := true
	for k, w := range s.hands[q] {
		for w != 0 {
			i := uint8(k*64 + bits.TrailingZeros64(w))
			w &= w - 1
			switch {
			case q == viewer || s.known[q].has(i):
				if !first {
					dst = append(dst, ',')
				}
				first = false
				shown.set(p.Instances[i])
				dst = append(append(append(dst, '{'), p.cardJSON[i]...), '}')
			case s.rules.backsColour:
				hidden[p.iCol[i]]++
			}
		}
	}
	dst = append(dst, ']')
	if hidden != [3]int{} {
		dst = append(engine.AppendJSONKey(dst, "hidden_colours"), '{')
		for _, c := range [...]Colour{Blue, Purple, Red} { // the names' order
			if hidden[c] > 0 {
				dst = engine.AppendJSONInt(dst, c.String(), int64(hidden[c]))
			}
		}
		dst = append(dst, '}')
	}
	var buf [MaxPlayers]threat
	if ts := s.threats(int(q), buf[:0]); len(ts) > 0 {
		dst = append(engine.AppendJSONKey(dst, "warnings"), '[')
		for k, t := range ts {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = t.appendJSON(dst)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}
