package cardline

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"stolik/engine"
	"stolik/sim"
	"stolik/sim/simbench"
)

// probe is Cardline's random play written as plainly and as fast as Go
// allows, apart from the engine: a card and a gap drawn at once (every
// pair is legal, so this is random play), no list of moves, no events,
// no views,
// no options beyond the player count and the hand, buffers kept from game
// to game. It is the yardstick the engine's random game is measured
// against (docs/performance.md), and, playing by the same rules, a check
// on them: its games are as long as the engine's (TestProbePlaysLikeTheEngine).
type probe struct {
	values      *[3][]int64
	deck, box   []uint8
	line        []int64
	hands       [][]uint8
	active, won []bool
}

func newProbe(p *Pack, players int) *probe {
	return &probe{values: &p.values, hands: make([][]uint8, players), active: make([]bool, players), won: make([]bool, players)}
}

// draw gives seat the deck's top card; an empty deck is the box shuffled
// (CL-A5), and with the box empty too there is nothing to draw.
func (q *probe) draw(seat int, r *rand.Rand) {
	if len(q.deck) == 0 {
		q.deck, q.box = q.box, q.deck[:0]
		r.Shuffle(len(q.deck), func(i, j int) { q.deck[i], q.deck[j] = q.deck[j], q.deck[i] })
		if len(q.deck) == 0 {
			return
		}
	}
	c := q.deck[len(q.deck)-1]
	q.deck = q.deck[:len(q.deck)-1]
	q.hands[seat] = append(q.hands[seat], c)
}

// play plays one random game of hand cards a player and returns its
// winner and the number of placements.
func (q *probe) play(hand int, r *rand.Rand) (winner, moves int) {
	vals := q.values[r.IntN(3)]
	players := len(q.hands)
	q.deck = q.deck[:0]
	for c := range vals {
		q.deck = append(q.deck, uint8(c))
	}
	r.Shuffle(len(q.deck), func(i, j int) { q.deck[i], q.deck[j] = q.deck[j], q.deck[i] })
	q.box = q.box[:0]
	for s := range players {
		q.hands[s] = q.hands[s][:0]
		q.active[s] = true
		for range hand {
			q.draw(s, r)
		}
	}
	q.line = append(q.line[:0], vals[q.deck[len(q.deck)-1]])
	q.deck = q.deck[:len(q.deck)-1]
	first := r.IntN(players)
	for moves < 1_000_000 {
		for k := range players {
			s := (first + k) % players
			if !q.active[s] || len(q.hands[s]) == 0 {
				continue
			}
			h := q.hands[s]
			i, g := r.IntN(len(h)), r.IntN(len(q.line)+1)
			c := h[i]
			h[i] = h[len(h)-1]
			q.hands[s] = h[:len(h)-1]
			v := vals[c]
			moves++
			if (g == 0 || q.line[g-1] <= v) && (g == len(q.line) || v <= q.line[g]) {
				q.line = append(q.line, 0)
				copy(q.line[g+1:], q.line[g:])
				q.line[g] = v
			} else {
				q.box = append(q.box, c)
				q.draw(s, r)
			}
		}
		// The end of the round: one player out of cards wins; several
		// play on alone, a card each (section 4, CL-A7).
		n := 0
		for s := range players {
			q.won[s] = q.active[s] && len(q.hands[s]) == 0
			if q.won[s] {
				n, winner = n+1, s
			}
		}
		if n == 1 {
			return winner, moves
		}
		if n > 1 {
			for k := range players {
				s := (first + k) % players
				q.active[s] = q.won[s]
				if q.won[s] {
					q.draw(s, r)
				}
			}
		}
	}
	return -1, moves
}

// BenchmarkRandomGameAgainstProbe plays whole 4-player random games with
// the engine and with the probe by turns, set-up included, so that both
// see the same machine: the custom metrics are each one's games per second
// and the engine's share of the probe's, the figure docs/performance.md
// guards (at least 35%).
func BenchmarkRandomGameAgainstProbe(b *testing.B) {
	g := New()
	opts := simbench.Options(b, g, 4)
	r := engine.NewRand(1)
	q := newProbe(DefaultPack(), 4)
	var buf []engine.Move
	var inEngine, inProbe time.Duration
	b.ReportAllocs()
	// By turns in batches, so that each runs with its own code and data
	// warm in the caches, as it would alone.
	const batch = 500
	for i := 0; i < b.N; i += batch {
		n := min(batch, b.N-i)
		t0 := time.Now()
		for k := range n {
			st, err := g.New(opts, nil, uint64(i+k)+1)
			if err != nil {
				b.Fatal(err)
			}
			if _, buf, err = sim.RandomPlayout(st, r, buf, 1_000_000); err != nil {
				b.Fatal(err)
			}
		}
		t1 := time.Now()
		for range n {
			q.play(4, r)
		}
		inEngine, inProbe = inEngine+t1.Sub(t0), inProbe+time.Since(t1)
	}
	b.ReportMetric(float64(b.N)/inEngine.Seconds(), "engine-games/s")
	b.ReportMetric(float64(b.N)/inProbe.Seconds(), "probe-games/s")
	b.ReportMetric(100*inProbe.Seconds()/inEngine.Seconds(), "%-of-probe")
}

// The probe and the engine play random games of the same length: over
// 2,000 games of each at 2 and at 4 players, their mean placements a game
// differ by less than four standard errors. A rule that made the engine's
// games longer or shorter (a wrong gap test, a lost draw, a round ended
// early) shows here.
func TestProbePlaysLikeTheEngine(t *testing.T) {
	const games = 2000
	for _, players := range []int{2, 4} {
		g := New()
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		if err != nil {
			t.Fatal(err)
		}
		var e, p [2]float64 // sum and sum of squares of placements a game
		r := engine.NewRand(3)
		q := newProbe(DefaultPack(), players)
		for i := range games {
			st, err := g.New(opts, nil, uint64(i)+1)
			if err != nil {
				t.Fatal(err)
			}
			n, _, err := sim.RandomPlayout(st, r, nil, 1_000_000)
			if err != nil {
				t.Fatal(err)
			}
			e[0], e[1] = e[0]+float64(n), e[1]+float64(n*n)
			w, m := q.play(4, r)
			if w < 0 {
				t.Fatalf("a probe game of %d players had no winner after %d placements", players, m)
			}
			p[0], p[1] = p[0]+float64(m), p[1]+float64(m*m)
		}
		me, mp := e[0]/games, p[0]/games
		se := math.Sqrt((e[1]/games-me*me)/games + (p[1]/games-mp*mp)/games)
		t.Logf("%d players: %.2f placements a game in the engine, %.2f in the probe (standard error %.2f)", players, me, mp, se)
		if math.Abs(me-mp) > 4*se {
			t.Errorf("%d players: the engine's random games take %.2f placements, the probe's %.2f (more than four standard errors, %.2f, apart)", players, me, mp, se)
		}
	}
}
