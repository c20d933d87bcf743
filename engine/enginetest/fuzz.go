package enginetest

import (
	"testing"

	"stolik/engine"
)

// FuzzMoves is the body of a game's FuzzMove target. Each input plays up to
// depth random legal moves into a fresh game (so that every decision phase
// comes up), then feeds text, seat and raw move to it: nothing panics, a
// legal move is never refused, and anything rejected is a rule error that
// leaves the state as it was. texts seed the corpus with notation to try.
//
//	func FuzzMove(f *testing.F) { enginetest.FuzzMoves(f, New(), opts, "pass", "keep 3") }
func FuzzMoves(f *testing.F, g engine.Game, opts engine.Options, texts ...string) {
	for _, s := range append(texts, "") {
		f.Add(s, int8(0), uint64(0), uint8(0))
	}
	f.Add("", int8(1), uint64(0x0203), uint8(40))
	f.Add("", int8(2), uint64(0x010101), uint8(200))
	f.Fuzz(func(t *testing.T, text string, seat int8, raw uint64, depth uint8) {
		st, err := g.New(opts, nil, raw%97)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		r := engine.NewRand(raw)
		var buf []engine.Move
		for range int(depth) {
			p := st.Pending()
			if len(p) == 0 {
				break
			}
			s := p[r.IntN(len(p))]
			buf = st.Legal(s, buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seat %d is pending with no legal move", s)
			}
			if _, err := st.Apply(s, buf[r.IntN(len(buf))]); err != nil {
				t.Fatalf("a legal move was refused: %v", err)
			}
		}
		before := st.Hash()
		m, err := st.Parse(text)
		if err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				t.Fatalf("Parse(%q): %v is not a rule error", text, err)
			}
			m = engine.Move(raw)
		}
		if _, err := st.Apply(engine.Seat(seat), m); err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				t.Fatalf("Apply: %v is not a rule error", err)
			}
			if st.Hash() != before {
				t.Fatalf("a rejected move changed the state")
			}
		}
		if a, ok := st.(engine.Asker); ok {
			a.Ask(engine.Seat(seat), []string{text, text}, engine.EN)
		}
		if rd, ok := st.(engine.Renderer); ok {
			rd.Render(engine.Seat(seat), engine.PL)
		}
		if int(seat) >= -1 && int(seat) < st.Seats() {
			st.View(engine.Seat(seat))
		}
	})
}
