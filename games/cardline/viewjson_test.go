package cardline

import (
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// late is a 4-player position late in a game, with warnings, a long line
// and a box.
func late(t testing.TB) *State {
	opts, err := engine.ResolveOptions(New().Options(), map[string]any{"players": 4})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 200; seed++ {
		st, err := New().New(opts, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		for len(s.Pending()) > 0 {
			warned := false
			s.eachWarning(int(s.turn), func(int, int) { warned = true })
			if warned && s.lineLen > 8 && s.boxLen > 0 {
				return s
			}
			p := s.Pending()[0]
			l := s.Legal(p, nil)
			if _, err := s.Apply(p, l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no game came to a warning with a long line and a box")
	return nil
}

// A view, a legal move and an event are written into a reused buffer
// without allocating.
func TestAppendersDoNotAllocate(t *testing.T) {
	s := late(t)
	buf := make([]byte, 0, 64<<10)
	p := s.Pending()[0]
	m := s.Legal(p, nil)[0]
	e := engine.Event{Kind: EvPlaced, Seat: p, Card: int16(s.line[0]), A: 0, B: 1}
	if n := testing.AllocsPerRun(100, func() {
		buf = s.AppendView(buf[:0], p)
		buf = s.AppendFormat(buf[:0], m)
		buf = s.AppendDescribe(buf[:0], m, engine.PL)
		buf, _ = s.AppendEvent(buf[:0], e, p, engine.EN)
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// BenchmarkViewJSON writes a late view by reflection and by the state.
func BenchmarkViewJSON(b *testing.B) {
	s := late(b)
	enginetest.BenchJSON(b, s.View(0))
	b.Run("state", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = s.AppendView(buf[:0], 0)
		}
	})
}
