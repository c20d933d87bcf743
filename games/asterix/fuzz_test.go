package asterix

import (
	"testing"
	"testing/fstest"

	"stolik/engine"
)

// FuzzMove plays some random moves into a game (so that every decision
// phase comes up), then feeds any text, seat and raw move: no panic, and
// anything rejected is a rule error that leaves the state as it was.
func FuzzMove(f *testing.F) {
	for _, s := range []string{"play asterix/1 0", "draw", "change", "done", "potion obelix/2", "take fish", "orient red",
		"helmet centurion", "target x", "activate 9", "play", "skip extra", ""} {
		f.Add(s, int8(0), uint64(0), uint8(0))
	}
	f.Add("", int8(1), uint64(0x0203), uint8(40))
	f.Add("use", int8(2), uint64(0x010101), uint8(200))
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 3, "first": "0"})
	f.Fuzz(func(t *testing.T, text string, seat int8, raw uint64, depth uint8) {
		st, _ := g.New(opts, nil, raw%97)
		r := engine.NewRand(raw)
		var buf []engine.Move
		for range int(depth) {
			p := st.Pending()
			if len(p) == 0 {
				break
			}
			buf = st.Legal(p[0], buf[:0])
			if _, err := st.Apply(p[0], buf[r.IntN(len(buf))]); err != nil {
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
	})
}

// FuzzLoadPack: any text as the characters file loads or is refused, never panics.
func FuzzLoadPack(f *testing.F) {
	albums, _ := embedded.ReadFile("content/albums.yaml")
	f.Add("cards:\n  - {id: a, name: {pl: A, en: A}, colour: blue, type: hero, strength: 3, copies: 40}\n")
	f.Add("cards:\n  - {id: a, name: {pl: A, en: A}, colour: red, type: chief, strength: 9, ability: {knock_out: {whom: [roman, x]}}}\n")
	f.Add("cards: [{id: x}]")
	f.Add("- 1\n- 2")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := LoadPack(fstest.MapFS{"characters.yaml": {Data: []byte(s)}, "albums.yaml": {Data: albums}})
		if err == nil && len(p.Instances) < 30 {
			t.Fatalf("accepted a pack of %d cards", len(p.Instances))
		}
	})
}
