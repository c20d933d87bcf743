package asterix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"stolik/engine"
)

// ActionTree is Asterix & Co's search over a whole action. An action is
// several small decisions of one seat in a row (play a card, pay its
// cost, use its ability; or draw, then use a token; or let cards go one
// by one), and a choice early in it is only as good as the best way to
// finish it. The tree's nodes are the seat's partial actions: each
// iteration samples what the seat cannot see (Determinize), walks down
// the seat's own decisions by UCT, counting how often each move was
// available in the sample (information-set MCTS, since a drawn card
// changes what may follow), adds one node and plays on, the seat as the
// greedy bot plays, every other seat as the opponent model (Opponent)
// expects, with the model's slips drawn from the search's own stream:
// at a table of 3 or 4 for a round of turns, after which Evaluate
// scores the position, else to the end. The move played is the root's
// most tried.
//
// Between the small decisions of one action the tree is kept: the next
// decision starts from the node its view leads to, with what the
// earlier iterations learned there.
type ActionTree struct {
	pack  *Pack
	own   *GreedyBot // the seat's own play in a rollout
	opp   *Opponent
	iters int
	c     float64 // UCT exploration

	det       State
	cut       int // turns a rollout plays before Evaluate scores it; 0: to the end
	nodes     []treeNode
	edges     []treeEdge
	root      int32
	path      []int32 // the edges of the current iteration
	legal     []engine.Move
	rootMoves []engine.Move
	evs       []engine.Event
	ev        []float64
	spent     int
	timedOut  bool

	// What the kept tree belongs to: the seat, the turn, and the edge of
	// the move last played from it.
	keptSeat engine.Seat
	keptTurn int16
	keptEdge int32
}

type treeNode struct {
	first int32 // the first edge, -1: none
	n     int32 // iterations through the node
}

type treeEdge struct {
	move   engine.Move
	child  int32 // -1: not expanded
	next   int32
	visits int32
	avail  int32
	sum    float64
}

// The action tree's settings: how often the opponent model slips, the
// exploration constant on a win share, and how many rounds of turns a
// rollout plays with 3 or 4 players before Evaluate scores it. With 4
// players rollouts cut after a round won about twice as often as
// rollouts to the end, and cut after half a round or two rounds less
// (docs/games/asterix.md): to the end, the luck of the three others'
// turns drowns what the seat's move changes. With 2 players rollouts
// go to the end.
const (
	defaultSlip        = 0.1
	defaultExploration = 0.35
	cutRounds          = 1
)

// NewActionTree returns an action tree of iters iterations per decision
// whose opponents slip with chance slip.
func NewActionTree(p *Pack, iters int, slip float64) *ActionTree {
	return &ActionTree{pack: p, own: NewGreedyBot(p), opp: NewOpponent(p, slip), iters: iters, c: defaultExploration, keptEdge: -1}
}

// Choose picks seat's move.
func (t *ActionTree) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return t.ChooseBy(st, seat, r, time.Time{})
}

// LastSearch is the number of iterations the last decision played and
// whether its deadline ended it.
func (t *ActionTree) LastSearch() (playouts int, timedOut bool) { return t.spent, t.timedOut }

// ChooseBy picks seat's move, by deadline at the latest.
func (t *ActionTree) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok || s.pack != t.pack {
		return 0, errNotAsterix
	}
	t.spent, t.timedOut = 0, false
	t.legal = t.sensibleMoves(s, seat, t.legal[:0])
	switch len(t.legal) {
	case 0:
		return 0, fmt.Errorf("action tree: seat %d has no legal move", seat)
	case 1: // a forced step makes no node: the kept tree still fits
		return t.legal[0], nil
	}
	t.rootMoves = append(t.rootMoves[:0], t.legal...)
	t.reroot(s, seat)
	t.cut = 0
	if s.seats > 2 {
		t.cut = int(s.seats) * cutRounds
	}
	iters := max(t.iters, len(t.rootMoves)) // every move tried once at least
	for t.spent < iters {
		if !deadline.IsZero() && t.spent > 0 && time.Now().After(deadline) {
			t.timedOut = true
			break
		}
		t.iterate(s, seat, r)
		t.spent++
	}
	e := t.mostTried(t.root)
	if e < 0 {
		t.keptEdge = -1
		return t.rootMoves[0], nil
	}
	t.keptSeat, t.keptTurn, t.keptEdge = seat, s.turns, e
	return t.edges[e].move, nil
}

// reroot starts the search from the node the last move played leads to,
// when this decision continues that action, else from a fresh tree.
func (t *ActionTree) reroot(s *State, seat engine.Seat) {
	if k := t.keptEdge; k >= 0 && t.keptSeat == seat && t.keptTurn == s.turns {
		if c := t.edges[k].child; c >= 0 {
			t.root = c
			return
		}
	}
	t.nodes, t.edges = t.nodes[:0], t.edges[:0]
	t.root = t.newNode()
}

func (t *ActionTree) newNode() int32 {
	t.nodes = append(t.nodes, treeNode{first: -1})
	return int32(len(t.nodes) - 1)
}

// sensibleMoves lists seat's legal moves in s but those no casual player
// would consider, unless nothing else is legal (as the greedy bot does).
func (t *ActionTree) sensibleMoves(s *State, seat engine.Seat, dst []engine.Move) []engine.Move {
	dst = s.Legal(seat, dst)
	t.own.me = seat
	k := 0
	for _, m := range dst {
		if t.own.sensible(s, m) {
			dst[k] = m
			k++
		}
	}
	if k > 0 {
		return dst[:k]
	}
	return s.Legal(seat, dst[:0])
}

// iterate plays one iteration on a fresh sample of s.
func (t *ActionTree) iterate(s *State, seat engine.Seat, r *rand.Rand) {
	c := &t.det
	*c = *s
	c.events = t.evs[:0]
	c.Determinize(seat, r)
	t.path = t.path[:0]
	node := t.root
	for node >= 0 && c.phase != phOver && c.decider == seat && c.turns == s.turns {
		t.legal = t.sensibleMoves(c, seat, t.legal[:0])
		if len(t.legal) == 0 {
			break
		}
		if len(t.legal) == 1 { // a forced step: no node of its own
			if _, err := c.Apply(seat, t.legal[0]); err != nil {
				break
			}
			continue
		}
		e := t.selectEdge(node, r)
		t.path = append(t.path, e)
		if _, err := c.Apply(seat, t.edges[e].move); err != nil {
			break
		}
		if t.edges[e].visits == 0 {
			break // a new node: a rollout scores it
		}
		if t.edges[e].child < 0 {
			ch := t.newNode()
			t.edges[e].child = ch
		}
		node = t.edges[e].child
	}
	v := t.rollout(c, seat, r)
	t.nodes[t.root].n++
	for _, e := range t.path {
		t.edges[e].visits++
		t.edges[e].sum += v
		if ch := t.edges[e].child; ch >= 0 {
			t.nodes[ch].n++
		}
	}
	t.evs = c.events[:0]
}

// selectEdge picks among the moves listed in t.legal at node: one not yet
// tried first (at random), else the highest UCT bound, counting each
// move's availability.
func (t *ActionTree) selectEdge(node int32, r *rand.Rand) int32 {
	untried, best, bestV := int32(-1), int32(-1), math.Inf(-1)
	ties := 0
	for _, m := range t.legal {
		e := t.edgeOf(node, m)
		ed := &t.edges[e]
		ed.avail++
		if ed.visits == 0 {
			if ties++; r.IntN(ties) == 0 {
				untried = e
			}
			continue
		}
		v := ed.sum/float64(ed.visits) + t.c*math.Sqrt(math.Log(float64(ed.avail))/float64(ed.visits))
		if v > bestV {
			best, bestV = e, v
		}
	}
	if untried >= 0 {
		return untried
	}
	return best
}

// edgeOf finds or adds node's edge for m.
func (t *ActionTree) edgeOf(node int32, m engine.Move) int32 {
	for e := t.nodes[node].first; e >= 0; e = t.edges[e].next {
		if t.edges[e].move == m {
			return e
		}
	}
	t.edges = append(t.edges, treeEdge{move: m, child: -1, next: t.nodes[node].first})
	e := int32(len(t.edges) - 1)
	t.nodes[node].first = e
	return e
}

// mostTried is node's edge of the most visits, the higher mean on a tie.
func (t *ActionTree) mostTried(node int32) int32 {
	best := int32(-1)
	for e := t.nodes[node].first; e >= 0; e = t.edges[e].next {
		ed, b := &t.edges[e], (*treeEdge)(nil)
		if best >= 0 {
			b = &t.edges[best]
		}
		if ed.visits == 0 || !t.isLegal(ed.move) {
			continue
		}
		if b == nil || ed.visits > b.visits || (ed.visits == b.visits && ed.sum > b.sum) {
			best = e
		}
	}
	return best
}

// isLegal: m is among the moves listed at the root (t.legal as ChooseBy
// listed it is overwritten by the iterations, so the root's moves are
// checked on the kept list).
func (t *ActionTree) isLegal(m engine.Move) bool {
	for _, x := range t.rootMoves {
		if x == m {
			return true
		}
	}
	return false
}

// rollout plays c to its end, seat as the greedy bot and the others as
// the opponent model, and returns seat's share of the win.
func (t *ActionTree) rollout(c *State, seat engine.Seat, r *rand.Rand) float64 {
	// The turn cap ends every game; the bound only guards against a bug.
	start := c.turns
	for range 100000 {
		if c.phase == phOver || (t.cut > 0 && int(c.turns-start) >= t.cut && c.phase == phAction) {
			break
		}
		p := c.decider
		var m engine.Move
		var err error
		if p == seat {
			m, err = t.own.Choose(c, p, nil)
		} else {
			m, err = t.opp.Move(c, p, r)
		}
		if err != nil {
			break
		}
		if _, err := c.Apply(p, m); err != nil {
			break
		}
	}
	t.ev = c.Evaluate(t.ev[:0])
	return t.ev[seat]
}
