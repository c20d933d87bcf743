package server

import "stolik/engine"

// The messages a client is sent, written without reflection: byte for
// byte what encoding/json writes of them (wire_test.go compares the two
// over random games), with the views and event data writing themselves
// (engine.JSONAppender).

// appendJSON appends m's JSON and a newline.
func (m *StateMessage) appendJSON(dst []byte) ([]byte, error) {
	dst = engine.AppendJSONField(append(dst, '{'), "type", m.Type)
	dst = engine.AppendJSONInt(dst, "version", int64(m.Version))
	dst = engine.AppendJSONField(dst, "table", m.Table)
	dst = engine.AppendJSONField(dst, "game", m.Game)
	dst = engine.AppendJSONInt(dst, "seat", int64(m.Seat))
	dst = engine.AppendJSONInt(dst, "moves", int64(m.Moves))
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "pending"), m.Pending)
	dst = engine.AppendJSONKey(dst, "view")
	var err error
	if m.src != nil && m.src.view != nil {
		dst = m.src.view.AppendView(dst, m.src.seat)
	} else if dst, err = engine.AppendJSON(dst, m.View); err != nil {
		return dst, err
	}
	dst = engine.AppendJSONKey(dst, "legal")
	if m.src != nil && m.src.legal != nil {
		dst = m.src.appendLegal(dst)
	} else if m.Legal == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, l := range m.Legal {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = engine.AppendJSONField(append(dst, '{'), "move", l.Move)
			dst = append(engine.AppendJSONField(dst, "text", l.Text), '}')
		}
		dst = append(dst, ']')
	}
	dst = engine.AppendJSONBool(dst, "over", m.Over)
	if m.Outcome != nil {
		dst = appendOutcome(engine.AppendJSONKey(dst, "outcome"), m.Outcome)
	}
	dst = engine.AppendJSONKey(dst, "players")
	if m.Players == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, p := range m.Players {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(p.Seat))
			dst = engine.AppendJSONField(dst, "kind", p.Kind)
			if p.Name != "" {
				dst = engine.AppendJSONField(dst, "name", p.Name)
			}
			dst = engine.AppendJSONBool(dst, "taken", p.Taken)
			if p.Creator {
				dst = engine.AppendJSONBool(dst, "creator", true)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	if m.Rematch != "" {
		dst = engine.AppendJSONField(dst, "rematch", m.Rematch)
	}
	if m.Abandoned {
		dst = engine.AppendJSONBool(dst, "abandoned", true)
	}
	if m.Gathering {
		dst = engine.AppendJSONBool(dst, "gathering", true)
	}
	if m.Clock != nil {
		if dst, err = engine.AppendJSON(engine.AppendJSONKey(dst, "clock"), m.Clock); err != nil {
			return dst, err
		}
	}
	dst = engine.AppendJSONInt(dst, "made", int64(m.Made))
	dst = engine.AppendJSONKey(dst, "events")
	if m.src != nil && m.src.event != nil {
		dst = m.src.appendEvents(dst)
	} else if m.Events == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range m.Events {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = appendEvent(dst, &m.Events[i]); err != nil {
				return dst, err
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, '}', '\n'), nil
}

func appendEvent(dst []byte, e *engine.EventView) ([]byte, error) {
	dst = engine.AppendJSONField(append(dst, '{'), "kind", e.Kind)
	dst = engine.AppendJSONInt(dst, "seat", int64(e.Seat))
	if len(e.Data) > 0 {
		var err error
		if dst, err = engine.AppendJSON(engine.AppendJSONKey(dst, "data"), e.Data); err != nil {
			return dst, err
		}
	}
	dst = engine.AppendJSONField(dst, "text", e.Text)
	if e.Bot {
		dst = engine.AppendJSONBool(dst, "bot", true)
	}
	return append(dst, '}'), nil
}

func appendOutcome(dst []byte, o *engine.Outcome) []byte {
	dst = engine.AppendJSONInts(engine.AppendJSONKey(append(dst, '{'), "winners"), o.Winners)
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "ranks"), o.Ranks)
	dst = engine.AppendJSONBool(dst, "draw", o.Draw)
	if o.AllLost {
		dst = engine.AppendJSONBool(dst, "all_lost", true)
	}
	return append(dst, '}')
}

// appendJSON appends m's JSON and a newline.
func (m *ErrorMessage) appendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "type", m.Type)
	dst = engine.AppendJSONField(dst, "code", m.Code)
	dst = m.Message.AppendJSON(engine.AppendJSONKey(dst, "message"))
	return append(dst, '}', '\n')
}

// stateSource is a state message's state, for the parts it writes itself.
type stateSource struct {
	st     engine.State
	seat   engine.Seat
	lang   engine.Lang
	view   engine.ViewAppender  // nil: the message's View is written
	legal  engine.MoveAppender  // nil: the message's Legal is written
	moves  []engine.Move        // the seat's legal moves, for legal
	event  engine.EventAppender // nil: the message's Events are written
	events []engine.Event       // the events to redact, for event
	bot    []bool               // marks events of a bot's moves for a person (nil: none)
	// scratch holds one move's text on its way into the message.
	scratch []byte
}

// appendLegal writes the legal moves as []LegalMove would be.
func (s *stateSource) appendLegal(dst []byte) []byte {
	dst = append(dst, '[')
	for i, mv := range s.moves {
		if i > 0 {
			dst = append(dst, ',')
		}
		s.scratch = s.legal.AppendFormat(s.scratch[:0], mv)
		dst = engine.AppendJSONBytes(engine.AppendJSONKey(append(dst, '{'), "move"), s.scratch)
		s.scratch = s.legal.AppendDescribe(s.scratch[:0], mv, s.lang)
		dst = append(engine.AppendJSONBytes(engine.AppendJSONKey(dst, "text"), s.scratch), '}')
	}
	return append(dst, ']')
}

// appendEvents writes the events shown to the seat as []EventView would
// be: always a list, empty when none is shown.
func (s *stateSource) appendEvents(dst []byte) []byte {
	dst = append(dst, '[')
	first := len(dst)
	for i, e := range s.events {
		mark := len(dst)
		if mark > first {
			dst = append(dst, ',')
		}
		var shown bool
		if dst, shown = s.event.AppendEvent(dst, e, s.seat, s.lang); !shown {
			dst = dst[:mark] // nothing of it, not even the comma
		} else if s.bot != nil && s.bot[i] {
			dst = append(engine.AppendJSONBool(dst[:len(dst)-1], "bot", true), '}')
		}
	}
	return append(dst, ']')
}

// wireBuf is a connection's buffers, reused for every message it is
// sent.
type wireBuf struct {
	out   []byte
	v2    []byte // a version 2 message, written from out
	src   stateSource
	state engine.State // the copy of the table's state last sent from
}

// spectated is the state message last written for the table's
// spectators in one language, and what it was written from.
type spectated struct {
	from, moves, changes int
	data                 []byte // never changed once made: shared by every spectator
}

// spectatorMessage is the state message for a spectator who last saw
// move from, in lang, at snapshot sn: made once and shared by all the
// spectators who saw the same, however many they are.
func (t *Table) spectatorMessage(sn snapshot, from int, lang engine.Lang, w *wireBuf) ([]byte, error) {
	t.specMu.Lock()
	defer t.specMu.Unlock()
	c := &t.spec[0]
	if lang == engine.EN {
		c = &t.spec[1]
	}
	if c.data != nil && c.from == from && c.moves == sn.moves && c.changes == sn.changes {
		return c.data, nil
	}
	m := buildState(t, sn, engine.Spectator, lang, w)
	data, err := m.appendJSON(nil)
	if err != nil {
		return nil, err
	}
	*c = spectated{from: from, moves: sn.moves, changes: sn.changes, data: data}
	t.spectatorWrites.Add(1)
	return data, nil
}
