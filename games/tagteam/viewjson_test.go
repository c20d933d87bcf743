package tagteam

import (
	"math/rand/v2"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/sim/simbench"
)

// midGameView is seat 0's view after a few fights of a random game.
func midGameView(b *testing.B) View {
	g := New()
	st, err := g.New(simbench.Options(b, g, 2), nil, 7)
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	r := rand.New(rand.NewPCG(7, 7))
	var legal []engine.Move
	for s.Turns() < 6 {
		p := s.Pending()
		if len(p) == 0 {
			break
		}
		legal = s.Legal(p[0], legal[:0])
		if _, err := s.Apply(p[0], legal[r.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	return s.view(0)
}

// BenchmarkViewJSON encodes a mid-game view with encoding/json and by
// AppendJSON into a buffer kept between calls.
func BenchmarkViewJSON(b *testing.B) {
	v := midGameView(b)
	enginetest.BenchJSON(b, v)
}
