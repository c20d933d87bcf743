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
	dst, err := engine.AppendJSON(engine.AppendJSONKey(dst, "view"), m.View)
	if err != nil {
		return dst, err
	}
	dst = engine.AppendJSONKey(dst, "legal")
	if m.Legal == nil {
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
			dst = append(engine.AppendJSONBool(dst, "taken", p.Taken), '}')
		}
		dst = append(dst, ']')
	}
	if m.Rematch != "" {
		dst = engine.AppendJSONField(dst, "rematch", m.Rematch)
	}
	if m.Abandoned {
		dst = engine.AppendJSONBool(dst, "abandoned", true)
	}
	dst = engine.AppendJSONInt(dst, "made", int64(m.Made))
	dst = engine.AppendJSONKey(dst, "events")
	if m.Events == nil {
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
	return append(engine.AppendJSONField(dst, "text", e.Text), '}'), nil
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
