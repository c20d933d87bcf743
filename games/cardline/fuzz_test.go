package cardline

import (
	"testing"

	"stolik/engine"
)

// FuzzMove feeds any text, seat and raw move to a game in progress: no
// panic, and anything rejected is a rule error that leaves the state as it was.
func FuzzMove(f *testing.F) {
	for _, s := range []string{"hulk@0", "thor@1", "@", "pass", "ant-man@-1", "x@99999", "loki@1@2", ""} {
		f.Add(s, int8(0), uint64(0))
	}
	f.Add("", int8(3), uint64(0x0203))
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 3, "first": "0"})
	f.Fuzz(func(t *testing.T, text string, seat int8, raw uint64) {
		st, _ := g.New(opts, nil, 1)
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
	})
}
