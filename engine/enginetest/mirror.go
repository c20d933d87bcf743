package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
)

// Seat order never matters: a position played from other seats must play
// out the same. The mirror test sets one random position up twice, the
// second time with every seat's place, cards and role moved to another seat,
// plays the same random game on both (each move mirrored), and requires
// mirrored results at every step: every seat's view, the spectator's, the
// snapshot, the pending seats, the legal moves, the events and the outcome.
// When several seats owe a decision at once, their choices are submitted in
// a different order on each table, and a third copy submits them in yet
// another order and must reach the same hash.

// Perm moves seats: Perm[s] is the seat of the mirrored table that holds
// seat s's place.
type Perm []engine.Seat

// Rotation moves every seat k places clockwise on a table of n.
func Rotation(n, k int) Perm {
	p := make(Perm, n)
	for s := range p {
		p[s] = engine.Seat(((s+k)%n + n) % n)
	}
	return p
}

// Seat maps seat s; anything that is not a seat (NoSeat, -2) stays.
func (p Perm) Seat(s engine.Seat) engine.Seat {
	if s < 0 || int(s) >= len(p) {
		return s
	}
	return p[s]
}

// Int maps a seat held in an int.
func (p Perm) Int(s int) int { return int(p.Seat(engine.Seat(s))) }

// Ints maps a list of seats and sorts it, as games list seats in seat order.
func (p Perm) Ints(xs []int) []int {
	if xs == nil {
		return nil
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = p.Int(x)
	}
	slices.Sort(out)
	return out
}

// MirrorTable is one random position and how to lay it out from any seats.
type MirrorTable struct {
	// Name describes the position in failures (players, options).
	Name string
	Seed uint64
	// Perms are the seat permutations the rules allow for this position:
	// those that keep the turn order (rotations), since play goes
	// clockwise.
	Perms []Perm
	// Setup returns the options and the setup that put seat s's position
	// at seat p[s]; with the identity it gives the original table.
	Setup func(p Perm) (map[string]any, json.RawMessage)
}

// MirrorConfig tells RunMirror what to play.
type MirrorConfig struct {
	Game  engine.Game
	Games int    // random positions (default 100)
	Seed  uint64 // the first position's seed (default 1)
	// MaxMoves bounds a game; reaching it is a failure (default 20000).
	MaxMoves int
	// Table builds a random position from r.
	Table func(r *rand.Rand) MirrorTable
	// Move maps a move of the original table (st) for the mirrored one;
	// nil when moves name no seat and no seat's place.
	Move func(st engine.State, m engine.Move, p Perm) engine.Move
	// Event maps an event; nil maps only Event.Seat.
	Event func(st engine.State, e engine.Event, p Perm) engine.Event
	// View maps a view (of a seat or the spectator) of the original table
	// to the view the mirrored table must give to the mapped viewer.
	View func(st engine.State, v any, p Perm) any
	// Snapshot maps a snapshot likewise; nil leaves snapshots unchecked.
	Snapshot func(st engine.State, v any, p Perm) any
}

// RunMirror plays cfg.Games random positions, each through every
// permutation its table allows, on parallel subtests.
func RunMirror(t *testing.T, cfg MirrorConfig) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 100
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 20000
	}
	workers := min(runtime.GOMAXPROCS(0), cfg.Games)
	for w := range workers {
		t.Run(fmt.Sprintf("part%d", w), func(t *testing.T) {
			t.Parallel()
			for i := w; i < cfg.Games; i += workers {
				seed := cfg.Seed + uint64(i)
				r := engine.NewRand(engine.DeriveSeed(seed, 91))
				tbl := cfg.Table(r)
				for _, p := range tbl.Perms {
					if !mirrorGame(t, cfg, tbl, p, r) {
						t.Fatalf("position %d (seed %d) failed", i, seed)
					}
				}
			}
		})
	}
}

// mirror is one game played on two tables.
type mirror struct {
	t    *testing.T
	cfg  MirrorConfig
	tbl  MirrorTable
	p    Perm
	id   Perm
	a, b engine.State // the original and the mirrored table
	rec  *engine.Recorder
	step int
}

func (m *mirror) fail(format string, args ...any) bool {
	m.t.Helper()
	rec, _ := json.Marshal(m.rec.Record)
	m.t.Errorf("%s, seats moved by %v, move %d: %s\nthe original game: %s", m.tbl.Name, m.p, m.step, fmt.Sprintf(format, args...), rec)
	return false
}

func mirrorGame(t *testing.T, cfg MirrorConfig, tbl MirrorTable, p Perm, r *rand.Rand) bool {
	t.Helper()
	m := &mirror{t: t, cfg: cfg, tbl: tbl, p: p, id: Rotation(len(p), 0)}
	newState := func(q Perm) (engine.State, engine.Options, json.RawMessage, error) {
		raw, setup := tbl.Setup(q)
		opts, err := engine.ResolveOptions(cfg.Game.Options(), raw)
		if err != nil {
			return nil, nil, nil, err
		}
		st, err := cfg.Game.New(opts, setup, tbl.Seed)
		return st, opts, setup, err
	}
	var opts engine.Options
	var setup json.RawMessage
	var err error
	if m.a, opts, setup, err = newState(m.id); err != nil {
		t.Errorf("%s: the original table: %v", tbl.Name, err)
		return false
	}
	m.rec = engine.NewRecorder(cfg.Game.Name(), opts, tbl.Seed, setup)
	if m.b, _, _, err = newState(p); err != nil {
		return m.fail("the mirrored table: %v", err)
	}
	if !m.same() {
		return false
	}
	var legal []engine.Move
	for ; ; m.step++ {
		if m.step > cfg.MaxMoves {
			return m.fail("no outcome after %d moves", cfg.MaxMoves)
		}
		pend := slices.Clone(m.a.Pending())
		if len(pend) == 0 {
			return true
		}
		moves := make([]engine.Move, len(pend))
		for i, s := range pend {
			legal = m.a.Legal(s, legal[:0])
			if len(legal) == 0 {
				return m.fail("seat %d is pending with no legal move", s)
			}
			moves[i] = legal[r.IntN(len(legal))]
		}
		ok := true
		if len(pend) == 1 {
			ok = m.single(pend[0], moves[0])
		} else {
			ok = m.batch(pend, moves, r)
		}
		if !ok || !m.same() {
			return false
		}
	}
}

func (m *mirror) mapMove(mv engine.Move, p Perm) engine.Move {
	if m.cfg.Move == nil {
		return mv
	}
	return m.cfg.Move(m.a, mv, p)
}

func (m *mirror) mapEvents(evs []engine.Event, p Perm) []engine.Event {
	out := make([]engine.Event, len(evs))
	for i, e := range evs {
		if m.cfg.Event != nil {
			out[i] = m.cfg.Event(m.a, e, p)
		} else {
			out[i] = e
			out[i].Seat = p.Seat(e.Seat)
		}
	}
	return out
}

// single plays one decision on both tables.
func (m *mirror) single(s engine.Seat, mv engine.Move) bool {
	m.t.Helper()
	text := m.a.Format(mv)
	ea, err := m.a.Apply(s, mv)
	if err != nil {
		return m.fail("seat %d: legal move %q refused: %v", s, text, err)
	}
	m.rec.Add(s, text)
	ea = m.mapEvents(ea, m.p)
	mb := m.mapMove(mv, m.p)
	eb, err := m.b.Apply(m.p[s], mb)
	if err != nil {
		return m.fail("the mirrored seat %d refuses %q (%q on the original): %v", m.p[s], m.b.Format(mb), text, err)
	}
	if !reflect.DeepEqual(ea, eb) {
		return m.fail("%q gives other events on the mirrored table:\n%s", text, diff(ea, eb))
	}
	return true
}

// batch plays a simultaneous choice: every pending seat's move, chosen
// before any is applied, submitted in seat order on the original, in a
// random other order on the mirrored table and in reverse order on a copy.
func (m *mirror) batch(pend []engine.Seat, moves []engine.Move, r *rand.Rand) bool {
	m.t.Helper()
	n := len(pend)
	orderA := make([]int, n)
	for i := range orderA {
		orderA[i] = i
	}
	orderB := slices.Clone(orderA)
	for slices.Equal(orderA, orderB) {
		r.Shuffle(n, func(i, j int) { orderB[i], orderB[j] = orderB[j], orderB[i] })
	}
	orderC := slices.Clone(orderA)
	slices.Reverse(orderC)
	c := m.a.Clone()
	play := func(st engine.State, p Perm, order []int, label string) (map[engine.Seat][]engine.Event, bool) {
		evs := map[engine.Seat][]engine.Event{}
		for k, i := range order {
			s, mv := pend[i], m.mapMove(moves[i], p)
			if got := st.Pending(); !slices.Contains(got, p[s]) {
				return nil, m.fail("%s: seat %d no longer owes its simultaneous choice %q after %d others (pending %v)", label, p[s], st.Format(mv), k, got)
			}
			e, err := st.Apply(p[s], mv)
			if err != nil {
				return nil, m.fail("%s: seat %d's simultaneous choice %q refused after %d others: %v", label, p[s], st.Format(mv), k, err)
			}
			evs[s] = slices.Clone(e)
		}
		return evs, true
	}
	ea, ok := play(m.a, m.id, orderA, "the original")
	if !ok {
		return false
	}
	for _, i := range orderA {
		m.rec.Add(pend[i], m.a.Format(moves[i]))
	}
	eb, ok := play(m.b, m.p, orderB, "the mirrored table")
	if !ok {
		return false
	}
	ec, ok := play(c, m.id, orderC, "a copy")
	if !ok {
		return false
	}
	if c.Hash() != m.a.Hash() {
		return m.fail("simultaneous choices submitted in the orders %v and %v give different states", seatsIn(pend, orderA), seatsIn(pend, orderC))
	}
	return m.sameBatch(pend, ea, orderA, ec, orderC, m.id, "a copy") &&
		m.sameBatch(pend, ea, orderA, eb, orderB, m.p, "the mirrored table")
}

func seatsIn(pend []engine.Seat, order []int) []engine.Seat {
	out := make([]engine.Seat, len(order))
	for k, i := range order {
		out[k] = pend[i]
	}
	return out
}

// sameBatch compares the events of a simultaneous choice submitted in two
// orders. Every submission but the last gives its own events; the last one
// also gives what follows once everybody has chosen. So the events of a
// seat that was not last in either order must match exactly, and the last
// submission of each order must be the other order's events for that seat
// followed by the same continuation.
func (m *mirror) sameBatch(pend []engine.Seat, ea map[engine.Seat][]engine.Event, orderA []int, eb map[engine.Seat][]engine.Event, orderB []int, p Perm, label string) bool {
	m.t.Helper()
	lastA, lastB := pend[orderA[len(orderA)-1]], pend[orderB[len(orderB)-1]]
	mapped := func(s engine.Seat) []engine.Event { return m.mapEvents(ea[s], p) }
	for _, s := range pend {
		if s != lastA && s != lastB && !reflect.DeepEqual(mapped(s), eb[s]) {
			return m.fail("%s: seat %d's simultaneous choice gives other events:\n%s", label, s, diff(mapped(s), eb[s]))
		}
	}
	if lastA == lastB {
		if !reflect.DeepEqual(mapped(lastA), eb[lastA]) {
			return m.fail("%s: the last simultaneous choice gives other events:\n%s", label, diff(mapped(lastA), eb[lastA]))
		}
		return true
	}
	fa, fb := mapped(lastA), eb[lastB]
	ownA, ownB := eb[lastA], mapped(lastB)
	if len(fa) < len(ownA) || !reflect.DeepEqual(fa[:len(ownA)], ownA) {
		return m.fail("%s: seat %d's choice gives other events when it comes last:\n%s", label, lastA, diff(fa, ownA))
	}
	if len(fb) < len(ownB) || !reflect.DeepEqual(fb[:len(ownB)], ownB) {
		return m.fail("%s: seat %d's choice gives other events when it comes last:\n%s", label, lastB, diff(ownB, fb))
	}
	if ta, tb := fa[len(ownA):], fb[len(ownB):]; !reflect.DeepEqual(ta, tb) {
		return m.fail("%s: what follows the simultaneous choices depends on their order:\n%s", label, diff(ta, tb))
	}
	return true
}

// same compares the two tables: pending seats, legal moves, views,
// snapshots, the outcome.
func (m *mirror) same() bool {
	m.t.Helper()
	a, b, p := m.a, m.b, m.p
	n := a.Seats()
	if b.Seats() != n {
		return m.fail("%d seats against %d", n, b.Seats())
	}
	pa := make([]int, 0, n)
	for _, s := range a.Pending() {
		pa = append(pa, int(s))
	}
	pb := make([]int, 0, n)
	for _, s := range b.Pending() {
		pb = append(pb, int(s))
	}
	slices.Sort(pb)
	if pa = p.Ints(pa); !slices.Equal(pa, pb) {
		return m.fail("pending seats %v, the mirrored table has %v", pa, pb)
	}
	var la, lb []engine.Move
	for s := range engine.Seat(n) {
		la = la[:0]
		for _, mv := range a.Legal(s, nil) {
			la = append(la, m.mapMove(mv, p))
		}
		lb = b.Legal(p[s], lb[:0])
		slices.Sort(la)
		slices.Sort(lb)
		if !slices.Equal(la, lb) {
			return m.fail("seat %d's legal moves differ from the mirrored seat %d's:\n%s", s, p[s], diff(formatAll(b, la), formatAll(b, lb)))
		}
	}
	for s := engine.Seat(-1); s < engine.Seat(n); s++ {
		va, vb := m.cfg.View(a, a.View(s), p), b.View(p.Seat(s))
		if !reflect.DeepEqual(va, vb) {
			return m.fail("the view of seat %d differs from the mirrored seat %d's:\n%s", s, p.Seat(s), diff(va, vb))
		}
	}
	if m.cfg.Snapshot != nil {
		if sa, sb := m.cfg.Snapshot(a, a.Snapshot(), p), b.Snapshot(); !reflect.DeepEqual(sa, sb) {
			return m.fail("the snapshots differ:\n%s", diff(sa, sb))
		}
	}
	oa, overA := a.Outcome()
	ob, overB := b.Outcome()
	if overA != overB {
		return m.fail("over %v, the mirrored table over %v", overA, overB)
	}
	if overA {
		want := engine.Outcome{Ranks: make([]int, n), Draw: oa.Draw, AllLost: oa.AllLost}
		for s, r := range oa.Ranks {
			want.Ranks[p[s]] = r
		}
		for _, w := range oa.Winners {
			want.Winners = append(want.Winners, p[w])
		}
		slices.Sort(want.Winners)
		got := ob
		got.Winners = slices.Clone(ob.Winners)
		slices.Sort(got.Winners)
		if !reflect.DeepEqual(want, got) {
			return m.fail("the outcome %+v mirrors to %+v, the mirrored table says %+v", oa, want, ob)
		}
	}
	return true
}

func formatAll(st engine.State, ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, mv := range ms {
		out[i] = st.Format(mv)
	}
	return out
}

// diff shows two values as indented JSON from their first different line.
func diff(want, got any) string {
	a, errA := json.MarshalIndent(want, "", " ")
	b, errB := json.MarshalIndent(got, "", " ")
	if errA != nil || errB != nil {
		return fmt.Sprintf("want %#v\n got %#v", want, got)
	}
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	i := 0
	for i < len(la) && i < len(lb) && la[i] == lb[i] {
		i++
	}
	if i == len(la) && i == len(lb) {
		if bytes.Equal(a, b) {
			return "(equal as JSON; the values differ in a field JSON leaves out)"
		}
	}
	from := max(0, i-6)
	cut := func(ls []string) string {
		return strings.Join(ls[from:min(len(ls), i+12)], "\n")
	}
	return fmt.Sprintf("expected (the original, mirrored), from line %d:\n%s\n-- the mirrored table:\n%s", from+1, cut(la), cut(lb))
}
