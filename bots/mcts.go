package bots

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"stolik/engine"
)

// MCTS is an information-set Monte Carlo tree search bot (single-observer
// ISMCTS). Every iteration samples the hidden facts afresh from the bot's
// own information (Determinize on a copy of the position it was given),
// walks a tree shared by all samples choosing each seat's moves by UCT
// among the moves legal in that sample, adds one node, plays the game on
// (a playout: the game's cheap policy or random moves, to the end or for a
// fixed number of moves and then the game's evaluation) and credits each
// seat's moves on the path with that seat's share of the result.
//
// Seats that choose at the same time (several pending seats) choose
// independently, each from its own statistics at the node, so no seat's
// choice depends on another's simultaneous one, and the result does not
// depend on which seat is listed first. The tree does not branch on
// chance: a sample fixes the future draws, and the statistics average
// over samples.
//
// The bot decides after a fixed number of iterations (its level, set per
// game by the game's SearchTuning) or by a time budget, whichever comes
// first; with a fixed number and no budget its moves depend only on the
// position and its random stream, so results are reproducible.
type MCTS struct {
	game   engine.Game
	level  int           // index in MCTSLevels; -1 for a number or a time
	div    int           // a level's playouts are divided by div, with no time limit (tests)
	iters  int           // iterations per decision; 0: until the budget ends
	budget time.Duration // 0: no time limit
	tune   engine.SearchTuning
	seats  int // the seat count tune was made for
	// belief seeds what the bot believes of facts it has never seen (a
	// Cardline character's values, engine.Knower): drawn at its first
	// decision and kept, so its misjudgements do not average out.
	belief uint64
	own    engine.DeadlineBot // the game's own search, where it has one (ownSearcher)

	// Stats of the last decision, for benchmarks and reports.
	Last SearchStats

	// Reuse of the tree between decisions: after the bot's move, the node
	// it leads to and the seat's view there, as seen in the search's copy.
	// When the next decision comes from exactly that view, the search goes
	// on from that node with its statistics.
	root     int32
	nextRoot int32
	nextView []byte
	keepCost time.Duration // the time keeping the tree took after the last search

	noEarlyStop bool // search all the playouts even once the move is settled (tests)

	ranked map[rankKey]*ranking // wide decisions' moves in the game's order (engine.Ranker)
	scores []float64

	workers int     // searches run side by side (SetWorkers); 0 or 1: one
	helpers []*MCTS // their trees
	helper  bool    // a helper keeps no tree between decisions
	counts  map[engine.Move]int32

	nodes   []node
	edges   []edge
	index   map[edgeKey]int32 // the edges of nodes with many
	kids    []kid
	scratch engine.State
	legal   []engine.Move
	pend    []engine.Seat
	chosen  []choice
	path    []int32
	reward  []float64
}

// SearchStats describe one decision of a search bot.
type SearchStats struct {
	Iterations int
	Elapsed    time.Duration
	Nodes      int
	TimedOut   bool // the time budget ended the search before its iterations
	Settled    bool // the search stopped early: the move could no longer change
	Reused     bool // the search went on from the tree of the bot's last decision
}

type node struct {
	edge  int32 // first edge, -1 if none
	kid   int32 // first child, -1 if none
	edges int32 // number of edges; from manyEdges on they are indexed too
}

// manyEdges is the number of a node's edges from which they are found
// through the index rather than by walking the node's list (a build in Tag
// Team offers a hundred moves; an Asterix decision four or five).
const manyEdges = 12

type edgeKey struct {
	node int32
	seat engine.Seat
	move engine.Move
}

type edge struct {
	move  engine.Move
	w     float64
	n     int32
	avail int32
	next  int32
	seat  engine.Seat
}

type rankKey struct {
	node int32
	seat engine.Seat
}

// ranking is a seat's moves at a wide node, best first as the game ranks
// them, and the seat's visits there.
type ranking struct {
	order  []engine.Move
	visits int
	prior  map[engine.Move]float64 // PUCT's prior, where the game asks for it (priorRanker)
}

// widening is C in progressive widening: after n visits a seat at a wide
// node chooses among its C·√n best-ranked moves (1 + 55 after 3,000
// visits, every move of a Tag Team build after about 10,000).
const widening = 1.0

type kid struct {
	key  uint64
	node int32
	next int32
}

type choice struct {
	seat engine.Seat
	move engine.Move
	edge int32 // -1: the move was not taken through the tree
}

// ownSearcher is a game with a search of its own that plays better than
// the generic tree: the bot's levels (and numbers of playouts) then run
// that search with the level's playouts, under the same time limits.
// Like the tree it sees the game only through a copy of the position
// given to the bot, determinized by the search itself.
type ownSearcher interface {
	NewSearch(playouts int) engine.DeadlineBot
}

// A game's own search may share a decision's playouts among the bot's
// workers (SetWorkers): it is told their number before every decision.
type ownWorkers interface {
	SetWorkers(n int)
}

// A game's own search may say how many playouts its last decision made and
// whether its deadline ended it.
type playoutCounter interface {
	LastSearch() (playouts int, timedOut bool)
}

// A game's own search may say whether its last decision stopped early, its
// move settled.
type settler interface {
	Settled() bool
}

// MCTSLevels are the named levels, weakest first, and their time budgets.
var MCTSLevels = []string{"easy", "normal", "hard", "expert"}

var mctsBudgets = [4]time.Duration{20 * time.Millisecond, 100 * time.Millisecond, 300 * time.Millisecond, time.Second}

// defaultTuning serves games that do not tune the search themselves.
var defaultTuning = engine.SearchTuning{Iterations: [4]int{100, 1000, 3000, 10000}}

func mctsSpec(g engine.Game) engine.BotSpec {
	spec := mctsSpecBase
	spec.New = func(level string) (engine.Bot, error) { return NewMCTS(g, level) }
	return spec
}

var mctsSpecBase = engine.BotSpec{
	Name:    "mcts",
	Levels:  append([]string(nil), MCTSLevels...),
	Default: "normal",
	Title:   engine.Text{PL: "Strateg", EN: "Strategist"},
	LevelTitles: []engine.Text{
		{PL: "łatwy", EN: "easy"}, {PL: "średni", EN: "normal"},
		{PL: "trudny", EN: "hard"}, {PL: "mistrz", EN: "expert"},
	},
	Help: engine.Text{
		PL: "Rozgrywa w myślach wiele możliwych dalszych ciągów partii, na każdym wyższym poziomie więcej, zgadując tylko to, czego nie widzi, i wybiera ruch, który wygrywa najczęściej. Poziomy: łatwy (najwyżej 0,02 s na ruch), średni (0,1 s), trudny (0,3 s), mistrz (1 s).",
		EN: "Plays out many possible continuations in its head, more at each higher level, guessing only what it cannot see, and picks the move that wins most often. Levels: easy (at most 0.02 s a move), normal (0.1 s), hard (0.3 s), expert (1 s).",
	},
}

// The errors of a search bot's level.
var (
	errMCTSDivisor  = engine.Rule{Code: "bad_bot", PL: "mcts: %q: po / ma stać liczba całkowita od 1 do 1000000", EN: "mcts: %q: after / comes a whole number from 1 to 1000000"}
	errMCTSDivide   = engine.Rule{Code: "bad_bot", PL: "mcts: podzielić można tylko rozgrywki poziomu (podano %q)", EN: "mcts: only a level's playouts can be divided (got %q)"}
	errMCTSPlayouts = engine.Rule{Code: "bad_bot", PL: "mcts: liczba rozgrywek %d jest poza zakresem (od 1 do 10000000)", EN: "mcts: %d playouts is out of range (1 to 10000000)"}
	errMCTSTime     = engine.Rule{Code: "bad_bot", PL: "mcts: czas %v jest poza zakresem (od 1ms do 1h)", EN: "mcts: a time of %v is out of range (1ms to 1h)"}
	errMCTSLevel    = engine.Rule{Code: "bad_bot", PL: "mcts: nieznany poziom %q (poziomy: %s, liczba rozgrywek, np. 5000, albo czas, np. 250ms)",
		EN: "mcts: unknown level %q (levels: %s, a number of playouts such as 5000, or a time such as 250ms)"}
)

// NewMCTS makes a search bot for game g from a level: a name of
// MCTSLevels (empty means "normal"), a number of iterations ("5000", no
// time limit), a duration ("250ms", no iteration limit) or a level's
// playouts divided by a number, with no time limit ("expert/20").
func NewMCTS(g engine.Game, level string) (*MCTS, error) {
	b := &MCTS{game: g, level: -1, div: 1}
	if level == "" {
		level = "normal"
	}
	divided := false
	if name, div, ok := strings.Cut(level, "/"); ok {
		// "expert/20": a twentieth of the level's playouts and no time
		// limit, so that a ladder of levels can be checked quickly;
		// "expert/1": all of them, still with no time limit.
		d, err := strconv.Atoi(div)
		if err != nil || d < 1 || d > 1_000_000 {
			return nil, errMCTSDivisor.Err(level)
		}
		b.div, level, divided = d, name, true
	}
	for i, l := range MCTSLevels {
		if l == level {
			b.level = i
			if !divided {
				b.budget = mctsBudgets[i]
			}
			return b, nil
		}
	}
	if divided {
		return nil, errMCTSDivide.Err(level)
	}
	if n, err := strconv.Atoi(level); err == nil {
		if n < 1 || n > 10_000_000 {
			return nil, errMCTSPlayouts.Err(n)
		}
		b.iters = n
		return b, nil
	}
	if d, err := time.ParseDuration(level); err == nil {
		if d < time.Millisecond || d > time.Hour {
			return nil, errMCTSTime.Err(d)
		}
		b.budget = d
		return b, nil
	}
	return nil, errMCTSLevel.Err(level, strings.Join(MCTSLevels, ", "))
}

// Tuning is the game's search tuning for a table of seats players.
func (b *MCTS) Tuning(seats int) engine.SearchTuning {
	b.tuneFor(seats)
	return b.tune
}

// tuneFor reads the game's tuning for a table of seats players.
func (b *MCTS) tuneFor(seats int) {
	if b.seats == seats {
		return
	}
	b.seats, b.tune = seats, defaultTuning
	if t, ok := b.game.(engine.SearchTuner); ok {
		if opts, err := engine.ResolveOptions(b.game.Options(), map[string]any{"players": seats}); err == nil {
			b.tune = t.SearchTuning(opts)
		}
	}
	if b.tune.Exploration == 0 {
		b.tune.Exploration = 0.7
	}
	if b.level >= 0 {
		b.iters = max(b.tune.Iterations[b.level]/b.div, 1)
	}
	b.own = nil
	if o, ok := b.game.(ownSearcher); ok {
		n := b.iters
		if n == 0 {
			n = math.MaxInt32 // until the time budget ends
		}
		b.own = o.NewSearch(n)
	}
}

// Budget is the bot's time budget per decision (0: none).
func (b *MCTS) Budget() time.Duration { return b.budget }

// Choose searches within the bot's own limits.
func (b *MCTS) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	var deadline time.Time
	if b.budget > 0 {
		deadline = clock().Add(b.budget)
	}
	return b.search(st, seat, r, deadline)
}

// ChooseBy searches until deadline at the latest.
func (b *MCTS) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	if b.budget > 0 {
		if own := clock().Add(b.budget); deadline.IsZero() || own.Before(deadline) {
			deadline = own
		}
	}
	return b.search(st, seat, r, deadline)
}

var errNoMove = errors.New("mcts: the seat has no legal move")

func (b *MCTS) search(root engine.State, me engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	start := clock()
	b.Last = SearchStats{}
	legal := root.Legal(me, nil)
	switch len(legal) {
	case 0:
		return 0, errNoMove
	case 1:
		return legal[0], nil
	}
	b.tuneFor(root.Seats())
	if b.own != nil {
		if w, ok := b.own.(ownWorkers); ok {
			w.SetWorkers(b.workers)
		}
		m, err := b.own.ChooseBy(root, me, r, deadline)
		b.Last.Elapsed = clock().Sub(start)
		if c, ok := b.own.(playoutCounter); ok {
			b.Last.Iterations, b.Last.TimedOut = c.LastSearch()
		}
		if c, ok := b.own.(settler); ok {
			b.Last.Settled = c.Settled()
		}
		return m, err
	}
	if m, ok := policyMove(root, me, legal, r); ok {
		b.nextRoot = 0 // no tree goes on from a decision not searched
		b.Last.Elapsed = clock().Sub(start)
		return m, nil
	}
	if b.workers > 1 && b.iters != 1 {
		return b.searchParallel(root, me, legal, r, deadline, start)
	}
	// The seat's view, to see whether the last tree goes on here, costs
	// about what keeping the tree will after the search.
	viewed := clock()
	rootView := viewOf(root, me)
	reserve := max(clock().Sub(viewed), b.keepCost)
	if b.nextRoot > 0 && len(b.nodes) < maxNodes && bytes.Equal(rootView, b.nextView) {
		b.root = b.nextRoot
		b.Last.Reused = true
	} else {
		b.root = 0
		b.nodes = append(b.nodes[:0], node{edge: -1, kid: -1})
		b.edges, b.kids = b.edges[:0], b.kids[:0]
		clear(b.index)
		clear(b.ranked)
	}
	b.nextRoot, b.nextView = 0, b.nextView[:0]
	_, canCopy := root.(engine.Copier)
	if b.scratch != nil && !sameGame(b.scratch, root) {
		b.scratch = nil
	}
	iters := b.iters
	if iters == 0 {
		iters = math.MaxInt
	}
	// Keeping the tree after the search (a copy, a move and the seat's
	// view) is part of the decision: the search stops early enough to
	// leave it the time it takes.
	stop := deadline
	if !stop.IsZero() {
		stop = stop.Add(-reserve)
	}
	i := 0
	for ; i < iters; i++ {
		if !stop.IsZero() && i > 0 && (i&7 == 0 || i < 64) && clock().After(stop) {
			b.Last.TimedOut = true
			break
		}
		if i&15 == 0 && i > 0 && !b.noEarlyStop && b.settled(me, legal, iters-i) {
			b.Last.Settled = true
			break
		}
		var st engine.State
		if canCopy {
			if b.scratch == nil {
				b.scratch = root.Clone()
			} else {
				b.scratch.(engine.Copier).CopyFrom(root)
			}
			st = b.scratch
		} else {
			st = root.Clone()
		}
		if k, ok := st.(engine.Knower); ok {
			if b.belief == 0 {
				b.belief = r.Uint64() | 1
			}
			k.Know(b.level, b.belief)
		}
		st.Determinize(me, r)
		b.iterate(st, r)
	}
	// The move tried most often at the root among the seat's true legal
	// moves; ties go to the higher average.
	best, bestN, bestW := legal[0], int32(-1), -1.0
	for e := b.nodes[b.root].edge; e >= 0; e = b.edges[e].next {
		ed := &b.edges[e]
		if ed.seat != me || !contains(legal, ed.move) {
			continue
		}
		avg := ed.w / float64(max(ed.n, 1))
		if ed.n > bestN || (ed.n == bestN && avg > bestW) {
			best, bestN, bestW = ed.move, ed.n, avg
		}
	}
	if !b.helper && (deadline.IsZero() || clock().Before(deadline)) {
		kept := clock()
		if b.remember(root, me, best) {
			b.keepCost = clock().Sub(kept)
		}
	}
	b.Last.Iterations, b.Last.Elapsed, b.Last.Nodes = i, clock().Sub(start), len(b.nodes)
	return best, nil
}

// SetWorkers lets the bot run n searches side by side, each on its own
// determinizations and its own share of the playouts, and play the move
// tried most often over all of them (root parallelisation); the caller
// decides how many cores the bot may take (a server's bot pool, by the
// cores it has to spare). n ≤ 1 searches one tree, which then goes on
// from one decision to the next. With a number of playouts the moves
// still depend only on the position and the bot's random stream, never
// on the scheduling. A game's own search that can share its playouts
// (ownWorkers) gets the n workers instead.
func (b *MCTS) SetWorkers(n int) { b.workers = n }

// searchParallel runs the helpers' searches side by side and adds up
// their visits of seat me's legal moves at the root.
func (b *MCTS) searchParallel(root engine.State, me engine.Seat, legal []engine.Move, r *rand.Rand, deadline, start time.Time) (engine.Move, error) {
	if b.belief == 0 {
		b.belief = r.Uint64() | 1
	}
	for len(b.helpers) < b.workers {
		b.helpers = append(b.helpers, &MCTS{game: b.game, level: b.level, div: b.div, helper: true, noEarlyStop: b.noEarlyStop})
	}
	helpers := b.helpers[:b.workers]
	done := make(chan error, len(helpers))
	for k, h := range helpers {
		h.tuneFor(root.Seats())
		h.iters = 0 // until the deadline
		if b.iters > 0 {
			// The playouts shared out: the first helpers take one more.
			h.iters = max(b.iters/len(helpers), 1)
			if k < b.iters%len(helpers) {
				h.iters++
			}
		}
		h.belief = b.belief
		hr := rand.New(rand.NewPCG(r.Uint64(), r.Uint64()))
		c := root.Clone()
		go func() {
			_, err := h.search(c, me, hr, deadline)
			done <- err
		}()
	}
	var err error
	for range helpers {
		if e := <-done; e != nil {
			err = e
		}
	}
	if err != nil {
		return 0, err
	}
	clear(b.counts)
	if b.counts == nil {
		b.counts = make(map[engine.Move]int32)
	}
	for _, h := range helpers {
		for e := h.nodes[h.root].edge; e >= 0; e = h.edges[e].next {
			if ed := &h.edges[e]; ed.seat == me {
				b.counts[ed.move] += ed.n
			}
		}
		b.Last.Iterations += h.Last.Iterations
		b.Last.Nodes += h.Last.Nodes
		b.Last.TimedOut = b.Last.TimedOut || h.Last.TimedOut
	}
	best, bestN := legal[0], int32(-1)
	for _, m := range legal {
		if n := b.counts[m]; n > bestN {
			best, bestN = m, n
		}
	}
	b.nextRoot = 0
	b.Last.Elapsed = clock().Sub(start)
	return best, nil
}

// settled reports whether seat me's move most tried at the root so far
// leads the next one by more than the left playouts: nothing they could
// find would change the move the search plays.
func (b *MCTS) settled(me engine.Seat, legal []engine.Move, left int) bool {
	first, second := int32(0), int32(0)
	for e := b.nodes[b.root].edge; e >= 0; e = b.edges[e].next {
		ed := &b.edges[e]
		if ed.seat != me || !contains(legal, ed.move) {
			continue
		}
		switch {
		case ed.n > first:
			first, second = ed.n, first
		case ed.n > second:
			second = ed.n
		}
	}
	return int(first-second) > left
}

// maxNodes bounds the tree kept between decisions.
const maxNodes = 1 << 21

// remember notes where the tree goes on after the bot plays m, when the
// bot alone chose at the root, and reports whether it did.
func (b *MCTS) remember(root engine.State, me engine.Seat, m engine.Move) bool {
	if p := root.Pending(); len(p) != 1 || p[0] != me {
		return false
	}
	next := b.child(b.root, jointKey(0x9e3779b97f4a7c15, me, m))
	if next <= 0 {
		return false
	}
	c := root.Clone()
	if _, err := c.Apply(me, m); err != nil {
		return false
	}
	b.nextRoot, b.nextView = next, append(b.nextView[:0], viewOf(c, me)...)
	return true
}

// viewOf is the seat's view as JSON, what the seat knows of a position.
func viewOf(st engine.State, s engine.Seat) []byte {
	data, err := json.Marshal(st.View(s))
	if err != nil {
		return nil
	}
	return data
}

func jointKey(key uint64, s engine.Seat, m engine.Move) uint64 {
	return engine.SplitMix(key ^ uint64(m)*0x100 ^ uint64(uint8(s)))
}

// sameGame reports whether a and b are states of one game (CopyFrom needs it).
func sameGame(a, b engine.State) bool {
	return fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b) && a.Seats() == b.Seats()
}

func contains(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// iterate runs one iteration on the determinized copy st.
func (b *MCTS) iterate(st engine.State, r *rand.Rand) {
	b.path = b.path[:0]
	cur := b.root
	for {
		pend := st.Pending()
		if len(pend) == 0 {
			break
		}
		b.pend = append(b.pend[:0], pend...)
		b.chosen = b.chosen[:0]
		expanded := false
		for _, p := range b.pend {
			c, exp := b.pick(cur, st, p, r)
			b.chosen = append(b.chosen, c)
			expanded = expanded || exp
		}
		key := uint64(0x9e3779b97f4a7c15)
		for _, c := range b.chosen {
			if _, err := st.Apply(c.seat, c.move); err != nil {
				// Another seat's simultaneous move changed what this seat
				// may do: play any legal move, outside the tree.
				b.legal = st.Legal(c.seat, b.legal[:0])
				if len(b.legal) == 0 {
					continue
				}
				if _, err := st.Apply(c.seat, b.legal[r.IntN(len(b.legal))]); err != nil {
					continue
				}
				c.edge = -1
			}
			if c.edge >= 0 {
				b.path = append(b.path, c.edge)
			}
			key = jointKey(key, c.seat, c.move)
		}
		next := b.child(cur, key)
		if next < 0 {
			next = int32(len(b.nodes))
			b.nodes = append(b.nodes, node{edge: -1, kid: -1})
			b.kids = append(b.kids, kid{key: key, node: next, next: b.nodes[cur].kid})
			b.nodes[cur].kid = int32(len(b.kids) - 1)
			expanded = true
		}
		cur = next
		if expanded {
			break
		}
	}
	b.reward = b.playout(st, r, b.reward[:0])
	for _, e := range b.path {
		ed := &b.edges[e]
		ed.n++
		ed.w += b.reward[ed.seat]
	}
}

func (b *MCTS) child(n int32, key uint64) int32 {
	for k := b.nodes[n].kid; k >= 0; k = b.kids[k].next {
		if b.kids[k].key == key {
			return b.kids[k].node
		}
	}
	return -1
}

// pick chooses seat p's move at node n of st: an untried legal move at
// random if there is one (and says it expanded the tree), else the legal
// move of the highest upper confidence bound, counting each legal move's
// availability as ISMCTS does.
func (b *MCTS) pick(n int32, st engine.State, p engine.Seat, r *rand.Rand) (choice, bool) {
	b.legal = st.Legal(p, b.legal[:0])
	if rk, ok := st.(engine.Ranker); ok && len(b.legal) >= manyEdges {
		return b.pickWide(n, st, rk, p, r)
	}
	untried := 0
	for _, m := range b.legal {
		if b.find(n, p, m) < 0 {
			untried++
		}
	}
	if untried > 0 {
		// The game's playout policy's move is tried first, the others
		// in random order.
		if pol, ok := st.(engine.Playouter); ok && b.tune.Policy > 0 {
			if m, ok := pol.PlayoutMove(p, r); ok && b.find(n, p, m) < 0 && contains(b.legal, m) {
				return b.expand(n, p, m), true
			}
		}
		k := r.IntN(untried)
		for _, m := range b.legal {
			if b.find(n, p, m) >= 0 {
				continue
			}
			if k--; k < 0 {
				return b.expand(n, p, m), true
			}
		}
	}
	bestE, bestV := int32(-1), math.Inf(-1)
	c := b.tune.Exploration
	for _, m := range b.legal {
		e := b.find(n, p, m)
		ed := &b.edges[e]
		ed.avail++
		v := ed.w/float64(ed.n) + c*math.Sqrt(math.Log(float64(ed.avail))/float64(ed.n))
		if v > bestV {
			bestE, bestV = e, v
		}
	}
	return choice{p, b.edges[bestE].move, bestE}, false
}

// pickWide chooses seat p's move at a node n with many legal moves, by
// progressive widening over the game's ranking: the best-ranked untried
// legal move while the seat has tried fewer than widening·√visits, else
// the tried legal move of the highest upper confidence bound; or, where
// the game asks for it (priorRanker), by PUCT with the ranking as prior.
func (b *MCTS) pickWide(n int32, st engine.State, rk engine.Ranker, p engine.Seat, r *rand.Rand) (choice, bool) {
	key := rankKey{n, p}
	rank := b.ranked[key]
	if rank == nil {
		rank = &ranking{order: append([]engine.Move(nil), b.legal...)}
		b.scores = slices.Grow(b.scores[:0], len(b.legal))[:len(b.legal)]
		rk.Rank(p, b.legal, b.scores)
		score := make(map[engine.Move]float64, len(b.legal))
		for i, m := range b.legal {
			score[m] = b.scores[i]
		}
		slices.SortStableFunc(rank.order, func(x, y engine.Move) int { return cmp.Compare(score[y], score[x]) })
		if pr, ok := rk.(priorRanker); ok {
			_, temperature := pr.RankPrior()
			rank.prior = priors(b.legal, b.scores, temperature)
		}
		if b.ranked == nil {
			b.ranked = make(map[rankKey]*ranking)
		}
		b.ranked[key] = rank
	}
	rank.visits++
	if pr, ok := rk.(priorRanker); ok {
		c, _ := pr.RankPrior()
		return b.pickPUCT(n, rank, p, c, r)
	}
	tried := 0
	for _, m := range b.legal {
		if b.find(n, p, m) >= 0 {
			tried++
		}
	}
	if allowed := 1 + int(widening*math.Sqrt(float64(rank.visits))); tried < allowed && tried < len(b.legal) {
		for _, m := range rank.order {
			if b.find(n, p, m) < 0 && contains(b.legal, m) {
				return b.expand(n, p, m), true
			}
		}
		for _, m := range b.legal { // a move legal in this sample only
			if b.find(n, p, m) < 0 {
				return b.expand(n, p, m), true
			}
		}
	}
	bestE, bestV := int32(-1), math.Inf(-1)
	for _, m := range b.legal {
		e := b.find(n, p, m)
		if e < 0 {
			continue
		}
		ed := &b.edges[e]
		ed.avail++
		v := ed.w/float64(ed.n) + b.tune.Exploration*math.Sqrt(math.Log(float64(ed.avail))/float64(ed.n))
		if v > bestV {
			bestE, bestV = e, v
		}
	}
	return choice{p, b.edges[bestE].move, bestE}, false
}

// expand adds seat p's move m at node n.
func (b *MCTS) expand(n int32, p engine.Seat, m engine.Move) choice {
	e := int32(len(b.edges))
	b.edges = append(b.edges, edge{move: m, seat: p, next: b.nodes[n].edge})
	nd := &b.nodes[n]
	nd.edge = e
	switch nd.edges++; {
	case nd.edges == manyEdges:
		if b.index == nil {
			b.index = make(map[edgeKey]int32)
		}
		for x := nd.edge; x >= 0; x = b.edges[x].next {
			b.index[edgeKey{n, b.edges[x].seat, b.edges[x].move}] = x
		}
	case nd.edges > manyEdges:
		b.index[edgeKey{n, p, m}] = e
	}
	b.markAvailable(n, p)
	return choice{p, m, e}
}

// markAvailable counts one more visit in which seat p's legal moves at n
// were available.
func (b *MCTS) markAvailable(n int32, p engine.Seat) {
	for _, m := range b.legal {
		if e := b.find(n, p, m); e >= 0 {
			b.edges[e].avail++
		}
	}
}

func (b *MCTS) find(n int32, p engine.Seat, m engine.Move) int32 {
	if b.nodes[n].edges >= manyEdges {
		if e, ok := b.index[edgeKey{n, p, m}]; ok {
			return e
		}
		return -1
	}
	for e := b.nodes[n].edge; e >= 0; e = b.edges[e].next {
		if b.edges[e].move == m && b.edges[e].seat == p {
			return e
		}
	}
	return -1
}

// playout plays st on and appends each seat's share of the result to dst.
func (b *MCTS) playout(st engine.State, r *rand.Rand, dst []float64) []float64 {
	pol, hasPol := st.(engine.Playouter)
	ev, hasEval := st.(engine.Evaluator)
	depth := b.tune.PlayoutDepth
	if !hasEval {
		depth = 0
	}
	for n := 0; ; n++ {
		pend := st.Pending()
		if len(pend) == 0 {
			break
		}
		if depth > 0 && n >= depth {
			return ev.Evaluate(dst)
		}
		if n > 100000 {
			break // a game that does not end: score it as it stands
		}
		p := pend[0]
		var m engine.Move
		ok := false
		if hasPol && b.tune.Policy > 0 && (b.tune.Policy >= 1 || r.Float64() < b.tune.Policy) {
			m, ok = pol.PlayoutMove(p, r)
		}
		if !ok {
			b.legal = st.Legal(p, b.legal[:0])
			if len(b.legal) == 0 {
				break
			}
			m = b.legal[r.IntN(len(b.legal))]
		}
		if _, err := st.Apply(p, m); err != nil {
			break
		}
	}
	if fs, ok := st.(finalScorer); ok {
		if _, over := st.Outcome(); over {
			return fs.ScoreFinal(dst)
		}
	}
	return shares(st, dst)
}

// shares is each seat's share of a win: 1 split among the winners; 0 to
// all when all lost; an unfinished game gives the game's evaluation, or
// equal shares.
func shares(st engine.State, dst []float64) []float64 {
	n := st.Seats()
	out, over := st.Outcome()
	if !over {
		if ev, ok := st.(engine.Evaluator); ok {
			return ev.Evaluate(dst)
		}
		for range n {
			dst = append(dst, 1/float64(n))
		}
		return dst
	}
	for range n {
		dst = append(dst, 0)
	}
	if out.AllLost || len(out.Winners) == 0 {
		return dst
	}
	w := 1 / float64(len(out.Winners))
	for _, s := range out.Winners {
		if int(s) < n {
			dst[len(dst)-n+int(s)] = w
		}
	}
	return dst
}
