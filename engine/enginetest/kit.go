// Package enginetest is the conformance kit every game's tests run: seeded
// random games that must finish, legality and notation checks, deep clones,
// replays, hidden-information leak checks and Determinize checks; the
// seat-order mirror (RunMirror): a position played from other seats must
// play out the same; and the words test (RunWords): every text a person
// reads, with plurals that agree and places counted from 1.
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, enginetest.Config{Game: cardline.New(), ...})
//	}
package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
)

// Config tells the kit what to run.
type Config struct {
	Game engine.Game
	// Variants are option sets to play, one at least per player count.
	Variants []map[string]any
	// Games is the number of random games per variant (default 1000).
	Games int
	// Deep is how many of those games get the expensive per-state checks
	// (every legal move applied, leaks, Determinize; default 20).
	Deep int
	// MaxMoves bounds a game; reaching it is a failure (default 10000).
	MaxMoves int
	// Seed is the first game's seed (default 1).
	Seed uint64
	// HiddenFacts lists strings that must not occur in the JSON of viewer's
	// view or of the events redacted for viewer.
	HiddenFacts func(st engine.State, viewer engine.Seat) []string
	// RenderFacts lists strings that must not occur in the terminal picture
	// of the table drawn for viewer (states that are engine.Renderer), in
	// either language.
	RenderFacts func(st engine.State, viewer engine.Seat) []string

	// FutureGames is the number of random games per variant from whose
	// positions Determinize must be seen to resample the game's own
	// randomness (default 40; see checkFuture).
	FutureGames int

	// Hidden is true when the game has facts that some observer cannot
	// know, so Determinize must change something now and then.
	Hidden bool
}

// garbage is notation no game accepts, plus edge cases for parsers.
var garbage = []string{"", " ", "pass", "@", "@@", "-1", "99999999999999999999", "\x00", "ąę", "{\"move\":1}", strings.Repeat("x", 300), "0@", "@0", "a@b@c", "\n"}

// Run runs the whole kit.
func Run(t *testing.T, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 1000
	}
	if cfg.Deep == 0 {
		cfg.Deep = 20
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 10000
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	for _, v := range cfg.Variants {
		v := v
		t.Run(variantName(v), func(t *testing.T) {
			t.Parallel()
			opts, err := engine.ResolveOptions(cfg.Game.Options(), v)
			if err != nil {
				t.Fatalf("options %v: %v", v, err)
			}
			determinizedSomething := false
			for i := 0; i < cfg.Games; i++ {
				seed := cfg.Seed + uint64(i)
				deep := i < cfg.Deep
				if playOne(t, cfg, opts, seed, deep) {
					determinizedSomething = true
				}
				if t.Failed() {
					t.Fatalf("stopped at game with seed %d", seed)
				}
			}
			if cfg.Hidden && !determinizedSomething {
				t.Errorf("Determinize never changed a state in %d deep games, though the game hides facts", cfg.Deep)
			}
			checkFuture(t, cfg, opts)
		})
	}
}

func variantName(v map[string]any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// playOne plays a random game; it reports whether Determinize changed a state.
func playOne(t *testing.T, cfg Config, opts engine.Options, seed uint64, deep bool) bool {
	t.Helper()
	g := cfg.Game
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatalf("seed %d: New: %v", seed, err)
	}
	rec := engine.NewRecorder(g.Name(), opts, seed, nil)
	r := engine.NewRand(engine.DeriveSeed(seed, 77))
	var legal []engine.Move
	changed := false
	var cloneAt engine.State
	var cloneHash uint64
	facts := &hiddenFacts{list: cfg.HiddenFacts}
	for n := 0; ; n++ {
		if n > cfg.MaxMoves {
			t.Fatalf("seed %d: no outcome after %d moves", seed, cfg.MaxMoves)
		}
		pending := st.Pending()
		out, over := st.Outcome()
		if over != (len(pending) == 0) {
			t.Fatalf("seed %d move %d: Outcome over=%v but %d seats pending", seed, n, over, len(pending))
		}
		if over {
			checkOutcome(t, st, out)
			break
		}
		seat := pending[r.IntN(len(pending))]
		legal = st.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seed %d move %d: seat %d is pending but has no legal move", seed, n, seat)
		}
		if deep {
			checkLegalAll(t, st, seat, legal)
			checkIllegal(t, st, seat, legal, r)
			if checkViews(t, cfg, st, r, facts.at(st, n)) {
				changed = true
			}
		}
		m := legal[r.IntN(len(legal))]
		text := st.Format(m)
		evs, err := st.Apply(seat, m)
		if err != nil {
			t.Fatalf("seed %d move %d: legal move %q rejected: %v", seed, n, text, err)
		}
		rec.Add(seat, text)
		if deep {
			checkEvents(t, st, evs, facts.at(st, n+1))
		}
		if deep && n == 3 {
			cloneAt = st.Clone()
			cloneHash = st.Hash()
			checkCloneDeep(t, st, r)
		}
	}
	if cloneAt != nil && cloneAt.Hash() != cloneHash {
		t.Errorf("seed %d: a clone taken mid-game changed while the original played on", seed)
	}
	checkReplay(t, g, rec.Record, st.Hash())
	return changed
}

func checkOutcome(t *testing.T, st engine.State, out engine.Outcome) {
	t.Helper()
	if len(out.Ranks) != st.Seats() {
		t.Fatalf("outcome has %d ranks for %d seats", len(out.Ranks), st.Seats())
	}
	if !out.Draw && !out.AllLost && len(out.Winners) == 0 {
		t.Fatalf("outcome has no winner and is not a draw")
	}
	for _, w := range out.Winners {
		if out.Ranks[w] != 1 {
			t.Fatalf("winner %d has rank %d", w, out.Ranks[w])
		}
	}
}

// checkLegalAll applies every legal move to a clone and checks the notation.
func checkLegalAll(t *testing.T, st engine.State, seat engine.Seat, legal []engine.Move) {
	t.Helper()
	seen := make(map[string]engine.Move, len(legal))
	for _, m := range legal {
		text := st.Format(m)
		if prev, dup := seen[text]; dup && prev != m {
			t.Fatalf("moves %d and %d both format as %q", prev, m, text)
		}
		seen[text] = m
		back, err := st.Parse(text)
		if err != nil {
			t.Fatalf("Parse(Format(m)=%q): %v", text, err)
		}
		if back != m {
			t.Fatalf("Parse(%q) = %d, want %d", text, back, m)
		}
		if d := st.Describe(m, engine.PL); d == "" {
			t.Fatalf("move %q has no Polish description", text)
		}
		c := st.Clone()
		if _, err := c.Apply(seat, m); err != nil {
			t.Fatalf("legal move %q rejected on a clone: %v", text, err)
		}
	}
}

// checkIllegal feeds moves that are not legal and checks the state is untouched.
func checkIllegal(t *testing.T, st engine.State, seat engine.Seat, legal []engine.Move, r interface{ Uint64() uint64 }) {
	t.Helper()
	before := st.Hash()
	snap := mustJSON(t, st.Snapshot())
	reject := func(s engine.Seat, m engine.Move, what string) {
		_, err := st.Apply(s, m)
		if err == nil {
			t.Helper()
			t.Fatalf("%s: move %q by seat %d accepted", what, st.Format(m), s)
		}
		re, ok := engine.AsRuleError(err)
		if !ok || re.Code == "" || re.Msg.PL == "" || re.Msg.EN == "" {
			t.Helper()
			t.Fatalf("%s: error %v is not a rule error with a code and both messages", what, err)
		}
		if st.Hash() != before {
			t.Helper()
			t.Fatalf("%s: rejected move changed the state", what)
		}
	}
	defer func() {
		if !t.Failed() && !bytes.Equal(mustJSON(t, st.Snapshot()), snap) {
			t.Fatalf("rejected moves changed the state's snapshot but not its hash")
		}
	}()
	isLegal := func(m engine.Move) bool {
		for _, l := range legal {
			if l == m {
				return true
			}
		}
		return false
	}
	// Out of turn, from every seat that owes nothing, and from no seat at all.
	pend := st.Pending()
	for s := engine.Seat(-1); int(s) <= st.Seats(); s++ {
		owes := false
		for _, p := range pend {
			owes = owes || p == s
		}
		if !owes {
			reject(s, legal[0], "out of turn")
		}
	}
	// Random encodings that are not legal.
	for i := 0; i < 8; i++ {
		m := engine.Move(r.Uint64())
		if i%2 == 1 {
			m = engine.Move(r.Uint64() & 0xffff)
		}
		if !isLegal(m) {
			reject(seat, m, "random encoding")
		}
	}
	// Garbage notation.
	for _, g := range garbage {
		m, err := st.Parse(g)
		if err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				t.Fatalf("Parse(%q) error %v is not a rule error", g, err)
			}
			continue
		}
		if !isLegal(m) {
			reject(seat, m, fmt.Sprintf("garbage %q", g))
		}
	}
}

// hiddenFacts keeps a finder for each viewer's hidden facts in one
// position. The position after a move is searched in the move's events
// and then, unchanged, in the views before the next move: its facts are
// listed once for both.
type hiddenFacts struct {
	list    func(st engine.State, viewer engine.Seat) []string
	ready   bool
	move    int          // the position: how many moves were played to reach it
	hash    uint64       // and its hash
	viewers []factFinder // by viewer + 1
	render  factFinder
	// buf are the last view written and the last of a determinized
	// state, kept for the next.
	buf [2][]byte
}

// at returns the finders for position move, listing its facts unless they
// were listed for it already.
func (h *hiddenFacts) at(st engine.State, move int) *hiddenFacts {
	if h.list == nil {
		return h
	}
	hash := st.Hash()
	if h.ready && h.move == move && h.hash == hash {
		return h
	}
	if n := st.Seats() + 1; len(h.viewers) != n {
		h.viewers = make([]factFinder, n)
	}
	for v := engine.Spectator; int(v) < st.Seats(); v++ {
		h.viewers[v+1].reset(h.list(st, v))
	}
	h.ready, h.move, h.hash = true, move, hash
	return h
}

// find reports the first of viewer's hidden facts in data; none when the
// game names no hidden facts.
func (h *hiddenFacts) find(viewer engine.Seat, data []byte) (string, bool) {
	if h.list == nil {
		return "", false
	}
	return findIn(&h.viewers[viewer+1], data)
}

// checkViews serialises every viewer's view and searches it for hidden
// facts. One viewer per state, in turn, also gets the Determinize checks:
// the view and the legal moves stay the same, the world stays playable.
// It reports whether that Determinize changed the hash.
func checkViews(t *testing.T, cfg Config, st engine.State, r interface {
	Uint64() uint64
}, facts *hiddenFacts) bool {
	t.Helper()
	n := st.Seats() + 1
	probe := engine.Seat(int(r.Uint64()%uint64(n)) - 1)
	changed := false
	for v := engine.Spectator; int(v) < st.Seats(); v++ {
		view := viewJSON(t, st, v, facts.buf[0][:0])
		facts.buf[0] = view
		if f, ok := facts.find(v, view); ok {
			t.Fatalf("view of seat %d leaks hidden fact %s\nview: %s", v, f, view)
		}
		if v != probe {
			continue
		}
		// The table drawn for the terminal, for one seat per state.
		if r, ok := st.(engine.Renderer); ok && cfg.RenderFacts != nil {
			render := &facts.render
			render.reset(cfg.RenderFacts(st, v))
			for _, lang := range []engine.Lang{engine.PL, engine.EN} {
				pic := r.Render(v, lang)
				if f, ok := findIn(render, pic); ok {
					t.Fatalf("the table drawn for seat %d leaks hidden fact %s:\n%s", v, f, pic)
				}
			}
		}
		d := st.Clone()
		d.Determinize(v, engine.NewRand(r.Uint64()))
		got := viewJSON(t, d, v, facts.buf[1][:0])
		if facts.buf[1] = got; !bytes.Equal(got, view) {
			t.Fatalf("Determinize(%d) changed what seat %d sees:\nbefore %s\nafter  %s", v, v, view, got)
		}
		if d.Hash() != st.Hash() {
			changed = true
		}
		if v >= 0 {
			a := st.Legal(v, nil)
			b := d.Legal(v, nil)
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("Determinize(%d) changed seat %d's legal moves", v, v)
			}
		}
		// The determinized world must be a playable game.
		playToEnd(t, d, r, cfg.MaxMoves)
	}
	return changed
}

func playToEnd(t *testing.T, st engine.State, r interface{ Uint64() uint64 }, max int) {
	t.Helper()
	var legal []engine.Move
	for n := 0; ; n++ {
		p := st.Pending()
		if len(p) == 0 {
			return
		}
		if n > max {
			t.Fatalf("determinized game has no outcome after %d moves", max)
		}
		s := p[int(r.Uint64()%uint64(len(p)))]
		legal = st.Legal(s, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("determinized game: seat %d pending with no legal move", s)
		}
		if _, err := st.Apply(s, legal[int(r.Uint64()%uint64(len(legal)))]); err != nil {
			t.Fatalf("determinized game rejected a legal move: %v", err)
		}
	}
}

// checkEvents redacts the events for every viewer and searches for leaks.
func checkEvents(t *testing.T, st engine.State, evs []engine.Event, facts *hiddenFacts) {
	t.Helper()
	for v := engine.Spectator; int(v) < st.Seats(); v++ {
		var views []engine.EventView
		for _, e := range evs {
			for _, lang := range []engine.Lang{engine.PL, engine.EN} {
				if ev, ok := st.RedactEvent(e, v, lang); ok {
					if ev.Kind == "" {
						t.Fatalf("event of kind %d has no name", e.Kind)
					}
					if ev.Text == "" {
						t.Fatalf("event of kind %d has no %s text", e.Kind, lang)
					}
					views = append(views, ev)
				}
			}
		}
		data := mustJSON(t, views)
		if f, ok := facts.find(v, data); ok {
			t.Fatalf("events for seat %d leak hidden fact %s\nevents: %s", v, f, data)
		}
	}
}

// checkCloneDeep plays a clone to the end and checks the original is untouched.
func checkCloneDeep(t *testing.T, st engine.State, r interface{ Uint64() uint64 }) {
	t.Helper()
	before := st.Hash()
	snap := mustJSON(t, st.Snapshot())
	c := st.Clone()
	if c.Hash() != before {
		t.Fatalf("a clone hashes differently from its original")
	}
	playToEnd(t, c, r, 100000)
	if st.Hash() != before || !bytes.Equal(mustJSON(t, st.Snapshot()), snap) {
		t.Fatalf("playing a clone changed the original")
	}
}

// checkReplay replays the record, directly and after a JSON round trip.
func checkReplay(t *testing.T, g engine.Game, rec engine.Record, want uint64) {
	t.Helper()
	res, err := engine.Replay(g, rec)
	if err != nil || res.Err != nil {
		t.Fatalf("replay: %v %v", err, res.Err)
	}
	if res.State.Hash() != want {
		t.Fatalf("replay hash %x, want %x", res.State.Hash(), want)
	}
	data := mustJSON(t, rec)
	back, err := engine.DecodeRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("record JSON round trip: %v\n%s", err, data)
	}
	res, err = engine.Replay(g, back)
	if err != nil || res.Err != nil {
		t.Fatalf("replay after JSON round trip: %v %v", err, res.Err)
	}
	if res.State.Hash() != want {
		t.Fatalf("replay after JSON round trip: hash %x, want %x", res.State.Hash(), want)
	}
}

// viewJSON is seat v's view as the server writes it: by the state's own
// appender where it has one (RunJSON checks it writes what encoding/json
// writes of View), appended to dst, else by encoding/json.
func viewJSON(t *testing.T, st engine.State, v engine.Seat, dst []byte) []byte {
	if va, ok := st.(engine.ViewAppender); ok {
		return va.AppendView(dst, v)
	}
	t.Helper()
	return mustJSON(t, st.View(v))
}

// mustJSON is v in JSON. It marks itself as a helper only when it fails:
// it runs for every position, and failures are rare.
func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Helper()
		t.Fatalf("JSON: %v", err)
	}
	return b
}

// factFinder finds the first of a list of facts in data, in one pass
// over data that skips ahead as in Wu and Manber's search for many
// patterns: the two bytes that end a window as long as the shortest fact
// tell how far on the next fact could start; where one could start here,
// the hash of the window's bytes picks the facts to compare. Its tables
// are kept from list to list, so a warm finder allocates nothing.
type factFinder struct {
	w    int       // the shortest fact's length, 0 when there is no fact
	keys []factKey // the facts, in the list's order
	// head and next chain the keys by the hash of their first w bytes
	// (head by hash & (len(head)-1), -1 ending a chain), in list order.
	head, next []int32
	// shift is, by the two bytes ending a window, 1 + how far on a fact
	// could start, 0 when the two bytes are in no fact's first w (the
	// window moves w-1 on); touched are the entries that are not 0.
	shift   [1 << 16]uint8
	touched []uint16
}

type factKey struct {
	h    uint32
	fact string
}

const factBase = 16777619

// reset makes f look for facts; empty facts are never found.
func (f *factFinder) reset(facts []string) {
	for _, b := range f.touched {
		f.shift[b] = 0
	}
	f.touched = f.touched[:0]
	f.keys = f.keys[:0]
	f.w = 0
	for _, x := range facts {
		if x != "" && (f.w == 0 || len(x) < f.w) {
			f.w = len(x)
		}
	}
	w := f.w
	for _, x := range facts {
		if x == "" {
			continue
		}
		var h uint32
		for i := range w {
			h = h*factBase + uint32(x[i])
		}
		f.keys = append(f.keys, factKey{h, x})
		for j := 0; j+1 < w; j++ {
			b := uint16(x[j])<<8 | uint16(x[j+1])
			v := uint8(min(w-2-j, 254) + 1)
			if old := f.shift[b]; old == 0 {
				f.touched = append(f.touched, b)
				f.shift[b] = v
			} else if v < old {
				f.shift[b] = v
			}
		}
	}
	size := 64
	for size < 2*len(f.keys) {
		size *= 2
	}
	f.head = slices.Grow(f.head[:0], size)[:size]
	for i := range f.head {
		f.head[i] = -1
	}
	f.next = slices.Grow(f.next[:0], len(f.keys))[:len(f.keys)]
	for j := len(f.keys) - 1; j >= 0; j-- {
		b := f.keys[j].h & uint32(size-1)
		f.next[j], f.head[b] = f.head[b], int32(j)
	}
}

// findIn reports the first of f's facts that occurs in data: the one that
// starts earliest, the first in the list among those starting there.
func findIn[T string | []byte](f *factFinder, data T) (string, bool) {
	w := f.w
	if w == 0 {
		return "", false
	}
	far := min(w-1, 255)
	mask := uint32(len(f.head) - 1)
	for i := 0; i+w <= len(data); {
		if w >= 2 {
			if s := f.shift[uint16(data[i+w-2])<<8|uint16(data[i+w-1])]; s == 0 {
				i += far
				continue
			} else if s > 1 {
				i += int(s) - 1
				continue
			}
		}
		var h uint32
		for k := i; k < i+w; k++ {
			h = h*factBase + uint32(data[k])
		}
		for j := f.head[h&mask]; j >= 0; j = f.next[j] {
			if k := f.keys[j]; k.h == h && len(data)-i >= len(k.fact) && string(data[i:i+len(k.fact)]) == k.fact {
				return k.fact, true
			}
		}
		i++
	}
	return "", false
}
