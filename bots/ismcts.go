package bots

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"stolik/engine"
)

// ISMCTS is a plain information-set Monte Carlo tree search, written apart
// from MCTS and kept as simple as the method allows, so that the search
// bot's levels can be measured against an independent search at equal
// playouts: a level that stops gaining from its playouts shows as a score
// that falls towards a half.
//
// Every playout copies the position (Clone), resamples what the seat cannot
// know (Determinize), walks the tree choosing each pending seat's move by
// UCT among the moves legal in that sample (counting each move's
// availability), adds one node, plays uniformly random legal moves to the
// end and credits each seat's moves on the path with its share of the win.
// Seats choosing at once pick independently from their own statistics at
// the node. It uses none of the game's optional search helpers (no
// CopyFrom, no evaluation, no playout policy) and no time limit: its moves
// depend only on the position and its random stream.
type ISMCTS struct {
	playouts int
	legal    []engine.Move
	reward   []float64
}

// ismctsPrefix names the reference search in a bot spec: "ismcts:1000".
const ismctsPrefix = "ismcts"

// ISMCTSPlayouts is the reference search's number of playouts when a spec
// gives none.
const ISMCTSPlayouts = 1000

var errISMCTSPlayouts = engine.Rule{Code: "bad_bot",
	PL: "ismcts: %q: po dwukropku ma stać liczba rozgrywek od 1 do 10000000",
	EN: "ismcts: %q: after the colon comes a number of playouts from 1 to 10000000"}

// isISMCTS reports whether spec names the reference search.
func isISMCTS(spec string) bool {
	name, _, _ := strings.Cut(spec, ":")
	return name == ismctsPrefix
}

// NewISMCTS makes the reference search from the part of its spec after
// the colon: a number of playouts, or nothing for ISMCTSPlayouts.
func NewISMCTS(playouts string) (*ISMCTS, error) {
	if playouts == "" {
		return &ISMCTS{playouts: ISMCTSPlayouts}, nil
	}
	n, err := strconv.Atoi(playouts)
	if err != nil || n < 1 || n > 10_000_000 {
		return nil, errISMCTSPlayouts.Err(playouts)
	}
	return &ISMCTS{playouts: n}, nil
}

type isKey struct {
	seat engine.Seat
	move engine.Move
}

type isEdge struct {
	seat     engine.Seat
	move     engine.Move
	w        float64
	n, avail int
}

type isNode struct {
	edges map[isKey]*isEdge
	kids  map[uint64]*isNode
}

func newISNode() *isNode {
	return &isNode{edges: map[isKey]*isEdge{}, kids: map[uint64]*isNode{}}
}

// isExploration is the UCT constant of the ISMCTS literature (Cowling,
// Powley and Whitehouse 2012) for rewards in [0, 1].
const isExploration = 0.7

// Choose plays the bot's playouts from st and returns seat's most tried
// move at the root.
func (b *ISMCTS) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	legal := st.Legal(seat, nil)
	switch len(legal) {
	case 0:
		return 0, errNoMove
	case 1:
		return legal[0], nil
	}
	root := newISNode()
	for range b.playouts {
		c := st.Clone()
		c.Determinize(seat, r)
		b.iterate(root, c, r)
	}
	best, bestN := legal[0], -1
	for _, m := range legal {
		if e := root.edges[isKey{seat, m}]; e != nil && e.n > bestN {
			best, bestN = m, e.n
		}
	}
	return best, nil
}

// iterate runs one playout on the determinized copy st.
func (b *ISMCTS) iterate(root *isNode, st engine.State, r *rand.Rand) {
	var path []*isEdge
	n := root
	for expanded := false; !expanded; {
		pend := append([]engine.Seat(nil), st.Pending()...)
		if len(pend) == 0 {
			break
		}
		key := uint64(0x9e3779b97f4a7c15)
		var chosen []*isEdge
		for _, p := range pend {
			e, exp := b.pick(n, st, p, r)
			chosen = append(chosen, e)
			expanded = expanded || exp
		}
		for _, e := range chosen {
			if _, err := st.Apply(e.seat, e.move); err != nil {
				// Another seat's simultaneous move changed what this seat
				// may do: a random legal move, outside the tree.
				b.legal = st.Legal(e.seat, b.legal[:0])
				if len(b.legal) > 0 {
					_, _ = st.Apply(e.seat, b.legal[r.IntN(len(b.legal))])
				}
				continue
			}
			path = append(path, e)
			key = jointKey(key, e.seat, e.move)
		}
		next := n.kids[key]
		if next == nil {
			next = newISNode()
			n.kids[key] = next
			expanded = true
		}
		n = next
	}
	b.reward = randomPlayout(st, r, b.legal[:0], b.reward[:0])
	for _, e := range path {
		e.n++
		e.w += b.reward[e.seat]
	}
}

// pick chooses seat p's move at node n: an untried legal move at random
// if there is one, else the legal move of the highest UCT bound.
func (b *ISMCTS) pick(n *isNode, st engine.State, p engine.Seat, r *rand.Rand) (*isEdge, bool) {
	b.legal = st.Legal(p, b.legal[:0])
	var untried []engine.Move
	for _, m := range b.legal {
		if e := n.edges[isKey{p, m}]; e != nil {
			e.avail++
		} else {
			untried = append(untried, m)
		}
	}
	if len(untried) > 0 {
		m := untried[r.IntN(len(untried))]
		e := &isEdge{seat: p, move: m, avail: 1}
		n.edges[isKey{p, m}] = e
		return e, true
	}
	var best *isEdge
	bestV := math.Inf(-1)
	for _, m := range b.legal {
		e := n.edges[isKey{p, m}]
		v := e.w/float64(e.n) + isExploration*math.Sqrt(math.Log(float64(e.avail))/float64(e.n))
		if v > bestV {
			best, bestV = e, v
		}
	}
	return best, false
}

// randomPlayout plays uniformly random legal moves to the end and appends
// each seat's share of the win to dst: 1 split among the winners, 0 to all
// when all lost, equal shares for a game that does not end.
func randomPlayout(st engine.State, r *rand.Rand, buf []engine.Move, dst []float64) []float64 {
	for n := 0; n < 100000; n++ {
		pend := st.Pending()
		if len(pend) == 0 {
			break
		}
		buf = st.Legal(pend[0], buf[:0])
		if len(buf) == 0 {
			break
		}
		if _, err := st.Apply(pend[0], buf[r.IntN(len(buf))]); err != nil {
			break
		}
	}
	seats := st.Seats()
	out, over := st.Outcome()
	for range seats {
		if over {
			dst = append(dst, 0)
		} else {
			dst = append(dst, 1/float64(seats))
		}
	}
	if over && !out.AllLost && len(out.Winners) > 0 {
		for _, s := range out.Winners {
			if int(s) < seats {
				dst[len(dst)-seats+int(s)] = 1 / float64(len(out.Winners))
			}
		}
	}
	return dst
}
