package frontline

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// linePiece is the Comrade written as letter ('A' is seat 0).
func linePiece(letter byte) Piece { return ComradeOf(int(letter - 'A')) }

// lineMask is the bit set of the Comrades whose letters are in letters.
func lineMask(letters string) uint16 {
	var m uint16
	for i := range len(letters) {
		m |= 1 << uint(linePiece(letters[i]))
	}
	return m
}

// lineParse parses s or stops the test.
func lineParse(t testing.TB, s string) Line {
	t.Helper()
	l, err := ParseLine(s)
	if err != nil {
		t.Fatalf("ParseLine(%q): %v", s, err)
	}
	return l
}

// lineEntries writes entries as "B@2 A@1" (slot indexes from 0).
func lineEntries(moved []Entry) string {
	var b strings.Builder
	for i, e := range moved {
		if i > 0 {
			b.WriteByte(' ')
		}
		if e.Who.IsComrade() {
			b.WriteByte(byte('A' + e.Who.Seat()))
		} else {
			b.WriteByte('?')
		}
		b.WriteByte('@')
		b.WriteByte(byte('0' + e.Slot%10))
		if e.Slot >= 10 {
			b.WriteByte('+')
		}
	}
	return b.String()
}

// A lineMove is a move of Steps single steps by the Comrade of letter Who
// in direction Dir (-1 forward, +1 back).
type lineMove struct {
	Who   byte
	Dir   int
	Steps int
}

// TestLineStepExamples plays the worked examples of spec A4.3 and the
// movement scenarios 4–10, 14, 15 and 29 of A9 as repeated Step calls that
// stop at the first step that cannot be taken (Rulebook, RUCH 4: the rest
// of the move is lost). Misza, who has no letter of his own, is D.
func TestLineStepExamples(t *testing.T) {
	cases := []struct {
		name    string
		start   string
		barrier string // letters of the F.U.B.A.R. Comrades
		moves   []lineMove
		trace   []string // the line after each step taken, when given
		want    string
		taken   int    // steps actually taken
		entries string // the Entries of the last step taken, when given
	}{
		{
			name:  "A4.3 ex1 / scenario 4: Misza (D) 3 steps back, push then two swaps",
			start: "D A B _ K", moves: []lineMove{{'D', +1, 3}},
			trace: []string{"_ D A B K", "_ A D B K", "_ A B D K"},
			want:  "_ A B D K", taken: 3, entries: "D@3 B@2",
		},
		{
			name:  "A4.3 ex2 / scenario 5: C 2 steps back, blocked by the Commissar",
			start: "A B C _ K", moves: []lineMove{{'C', +1, 2}},
			want: "A B _ C K", taken: 1, entries: "C@3",
		},
		{
			name:  "A4.3 ex3 / scenario 6: C 2 steps forward, push then swap",
			start: "A _ B C K", moves: []lineMove{{'C', -1, 2}},
			trace: []string{"A B C _ K", "A C B _ K"},
			want:  "A C B _ K", taken: 2, entries: "C@1 B@2",
		},
		{
			name:  "A4.3 ex4 / scenario 7: B 3 steps forward, blocked at the front",
			start: "A _ B C K", moves: []lineMove{{'B', -1, 3}},
			trace: []string{"A B _ C K", "B A _ C K"},
			want:  "B A _ C K", taken: 2, entries: "B@0 A@1",
		},
		{
			name:  "A4.3 ex5 / scenario 8: B 1 step back, a long push",
			start: "A B C D _ K", moves: []lineMove{{'B', +1, 1}},
			want: "A _ B C D K", taken: 1, entries: "D@4 C@3 B@2",
		},
		{
			name:  "A4.3 ex6 / scenario 9: the Commissar directly behind",
			start: "_ A B C K", moves: []lineMove{{'C', +1, 1}},
			want: "_ A B C K", taken: 0,
		},
		{
			name:  "A4.3 ex6 / scenario 10: the front blocked",
			start: "A _ B C K", moves: []lineMove{{'A', -1, 1}},
			want: "A _ B C K", taken: 0,
		},
		{
			name:  "scenario 14: B steps into the empty space alone",
			start: "A B _ K", moves: []lineMove{{'B', +1, 1}},
			want: "A _ B K", taken: 1, entries: "B@2",
		},
		{
			name:  "scenario 15: A pushes B onto the empty space; B enters it, not A",
			start: "A B _ K", moves: []lineMove{{'A', +1, 1}},
			want: "_ A B K", taken: 1, entries: "B@2 A@1",
		},
		{
			name:  "A4.3 ex7 / scenario 29: F.U.B.A.R. F is the end of the line for A",
			start: "A B F _ K", barrier: "F", moves: []lineMove{{'A', +1, 2}},
			want: "B A F _ K", taken: 1, entries: "A@1 B@0",
		},
		{
			name:  "F.U.B.A.R.: the F.U.B.A.R. Comrade itself cannot move",
			start: "A B F _ K", barrier: "F", moves: []lineMove{{'F', +1, 1}},
			want: "A B F _ K", taken: 0,
		},
		{
			name:  "F.U.B.A.R.: no push through the barrier toward the empty space",
			start: "A _ F B K", barrier: "F", moves: []lineMove{{'B', -1, 1}},
			want: "A _ F B K", taken: 0,
		},
		{
			name:  "F.U.B.A.R.: the empty space in front of the barrier still counts",
			start: "A _ F B K", barrier: "F", moves: []lineMove{{'A', +1, 1}},
			want: "_ A F B K", taken: 1, entries: "A@1",
		},
		{
			name:  "A4.2: several moves in a row",
			start: "A B C _ K", moves: []lineMove{{'A', +1, 1}, {'C', -1, 2}, {'B', +1, 5}},
			trace: []string{"_ A B C K", "A B C _ K", "A C B _ K", "A C _ B K"},
			want:  "A C _ B K", taken: 4,
		},
		{
			name:  "death pending: a step forward pushes into the nearest vacancy",
			start: "A _ B _ K", moves: []lineMove{{'B', -1, 1}},
			want: "A B _ _ K", taken: 1, entries: "B@1",
		},
		{
			name:  "death pending: a step back pushes into the nearest vacancy",
			start: "_ A _ B K", moves: []lineMove{{'A', +1, 1}},
			want: "_ _ A B K", taken: 1, entries: "A@2",
		},
		{
			name:  "absent Comrade",
			start: "A B _ K", moves: []lineMove{{'C', +1, 1}},
			want: "A B _ K", taken: 0,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := lineParse(t, c.start)
			barrier := lineMask(c.barrier)
			var buf [MaxSlots]Entry
			var last []Entry
			var trace []string
			taken := 0
		moves:
			for _, m := range c.moves {
				for range m.Steps {
					before := l
					moved, ok := l.Step(linePiece(m.Who), m.Dir, barrier, buf[:0])
					if !ok {
						if l != before || len(moved) != 0 {
							t.Fatalf("failed step changed the line %q to %q or moved %v", before.String(), l.String(), moved)
						}
						break moves
					}
					taken++
					last = moved
					trace = append(trace, l.String())
				}
			}
			if got := l.String(); got != c.want {
				t.Errorf("line %q, want %q", got, c.want)
			}
			if taken != c.taken {
				t.Errorf("%d steps taken, want %d", taken, c.taken)
			}
			if c.trace != nil && !slices.Equal(trace, c.trace) {
				t.Errorf("trace %q, want %q", trace, c.trace)
			}
			if c.entries != "" && lineEntries(last) != c.entries {
				t.Errorf("last step's entries %q, want %q", lineEntries(last), c.entries)
			}
			if err := l.Check(strings.Count(c.want, "_")); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestLineStepRejects checks that Step refuses what is not a step of a
// Comrade by ±1 (spec A4.2) and leaves the line as it was.
func TestLineStepRejects(t *testing.T) {
	l := lineParse(t, "A B _ K")
	for _, c := range []struct {
		p Piece
		d int
	}{
		{linePiece('A'), 0}, {linePiece('A'), 2}, {linePiece('A'), -2},
		{Empty, 1}, {Commissar, -1}, {Piece(MaxSeats + 1), 1}, {Piece(200), -1},
	} {
		before := l
		moved, ok := l.Step(c.p, c.d, 0, nil)
		if ok || l != before || moved != nil {
			t.Errorf("Step(%d, %d) = %v, %v; line %q", c.p, c.d, moved, ok, l.String())
		}
	}
}

// TestLineSwap checks the Swap and Smoke Screen exchange: both Comrades
// move (Rulebook FAQ, Manewry), and a F.U.B.A.R. Comrade cannot take part
// (Rulebook FAQ, F.U.B.A.R.; scenario 29).
func TestLineSwap(t *testing.T) {
	l := lineParse(t, "A B F _ K")
	fubar := lineMask("F")
	var buf [MaxSlots]Entry
	moved, ok := l.Swap(linePiece('A'), linePiece('F'), fubar, buf[:0])
	if ok || l.String() != "A B F _ K" || len(moved) != 0 {
		t.Errorf("Swap with F.U.B.A.R. F: ok %v, line %q, moved %v", ok, l.String(), moved)
	}
	for _, pair := range []string{"AF", "FA", "AA", "AC", "CA", "A_"} {
		before := l
		var b Piece
		if pair[1] != '_' {
			b = linePiece(pair[1])
		}
		if _, ok := l.Swap(linePiece(pair[0]), b, fubar, buf[:0]); ok || l != before {
			t.Errorf("Swap %s succeeded: %q", pair, l.String())
		}
	}
	moved, ok = l.Swap(linePiece('A'), linePiece('B'), fubar, buf[:0])
	if !ok || l.String() != "B A F _ K" || lineEntries(moved) != "A@1 B@0" {
		t.Errorf("Swap A B: ok %v, line %q, moved %q", ok, l.String(), lineEntries(moved))
	}
}

// TestLineDeaths plays scenarios 11–13 of A9: a dead Comrade leaves a
// vacancy (Remove) and the Commissar advances once per death (spec A4.4,
// A8.11). Each death is removed and advanced at once unless together is
// set, when all are removed first (spec A8.15: one Attack card's damage is
// applied at once).
func TestLineDeaths(t *testing.T) {
	cases := []struct {
		name     string
		start    string
		deaths   string
		together bool
		want     string
		entries  string // the Entries of the last advance
	}{
		{name: "scenario 11: advance into the empty space", start: "A B C _ K", deaths: "B", want: "A _ C K"},
		{name: "scenario 12: advance with a push", start: "A _ B C K", deaths: "A", want: "_ B C K", entries: "B@1 C@2"},
		{name: "scenario 13: A then C", start: "A B C _ K", deaths: "AC", want: "_ B K"},
		{name: "scenario 13: C then A", start: "A B C _ K", deaths: "CA", want: "_ B K"},
		{name: "scenario 13: A and C removed together", start: "A B C _ K", deaths: "AC", together: true, want: "_ B K"},
		{name: "scenario 13: C and A removed together", start: "A B C _ K", deaths: "CA", together: true, want: "_ B K"},
		{name: "a death at the front: the Commissar steps into the empty space", start: "A B C D _ K", deaths: "A", want: "_ B C D K"},
		{name: "the last Comrade dies", start: "A _ K", deaths: "A", want: "_ K"},
		{name: "both of two die together", start: "A B _ K", deaths: "AB", together: true, want: "_ K"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := lineParse(t, c.start)
			n := int(l.N)
			var buf [MaxSlots]Entry
			var last []Entry
			advance := func(pending int) {
				moved, ok := l.Advance(0, buf[:0])
				if !ok {
					t.Fatalf("Advance failed on %q", l.String())
				}
				n--
				if int(l.N) != n {
					t.Fatalf("N is %d, want %d", l.N, n)
				}
				if err := l.Check(pending); err != nil {
					t.Fatalf("after Advance %q: %v", l.String(), err)
				}
				last = moved
			}
			for i := range len(c.deaths) {
				if !l.Remove(linePiece(c.deaths[i])) {
					t.Fatalf("Remove %c failed on %q", c.deaths[i], l.String())
				}
				if c.together {
					continue
				}
				if err := l.Check(2); err != nil {
					t.Fatalf("after Remove %q: %v", l.String(), err)
				}
				advance(1)
			}
			for i := len(c.deaths); c.together && i > 0; i-- {
				advance(i)
			}
			if got := l.String(); got != c.want {
				t.Errorf("line %q, want %q", got, c.want)
			}
			if c.entries != "" && lineEntries(last) != c.entries {
				t.Errorf("entries %q, want %q", lineEntries(last), c.entries)
			}
		})
	}
}

// TestLineAdvanceBarrier checks spec A8.19: a F.U.B.A.R. Comrade the
// Commissar would push makes the advance wait, with nothing changed; one
// he would not push does not.
func TestLineAdvanceBarrier(t *testing.T) {
	var buf [MaxSlots]Entry
	l := lineParse(t, "A _ B C K")
	l.Remove(linePiece('A'))
	for _, fubar := range []string{"B", "C", "BC"} {
		before := l
		moved, ok := l.Advance(lineMask(fubar), buf[:0])
		if ok || l != before || len(moved) != 0 {
			t.Errorf("Advance with F.U.B.A.R. %s: ok %v, line %q, moved %v", fubar, ok, l.String(), moved)
		}
	}
	// A F.U.B.A.R. Comrade out of his path does not stop him.
	moved, ok := l.Advance(lineMask("A"), buf[:0])
	if !ok || l.String() != "_ B C K" || lineEntries(moved) != "B@1 C@2" {
		t.Errorf("Advance: ok %v, line %q, moved %q", ok, l.String(), lineEntries(moved))
	}

	l = lineParse(t, "A B C _ K")
	l.Remove(linePiece('A'))
	moved, ok = l.Advance(lineMask("BC"), buf[:0])
	if !ok || l.String() != "_ B C K" || len(moved) != 0 {
		t.Errorf("Advance into the empty space beside F.U.B.A.R. C: ok %v, line %q, moved %v", ok, l.String(), moved)
	}
}

// TestLineAdvanceNoDeath checks that the Commissar never takes the one
// empty space when no death is pending (spec A4.4), nor moves on a line
// whose last slot is not his.
func TestLineAdvanceNoDeath(t *testing.T) {
	for _, s := range []string{"A B _ K", "_ A B K", "_ K", "A _ B K _", "K _"} {
		l := lineParse(t, s)
		before := l
		if _, ok := l.Advance(0, nil); ok || l != before {
			t.Errorf("Advance on %q succeeded: %q", s, l.String())
		}
	}
}

// TestLineRemove checks that only a Comrade standing in the line can be
// removed, and that its slot becomes a vacancy.
func TestLineRemove(t *testing.T) {
	l := lineParse(t, "A B _ K")
	for _, p := range []Piece{Empty, Commissar, linePiece('C'), Piece(77)} {
		before := l
		if l.Remove(p) || l != before {
			t.Errorf("Remove(%d) succeeded: %q", p, l.String())
		}
	}
	if !l.Remove(linePiece('B')) || l.String() != "A _ _ K" || l.Remove(linePiece('B')) {
		t.Errorf("Remove B: %q", l.String())
	}
}

// lineScript is an intn that returns vals in turn and records the bounds
// it was asked for.
type lineScript struct {
	vals []int
	asks []int
}

func (s *lineScript) intn(n int) int {
	s.asks = append(s.asks, n)
	if len(s.vals) == 0 {
		return 0
	}
	v := s.vals[0]
	s.vals = s.vals[1:]
	return v
}

// TestLineShuffle plays scenario 16 (Wsjo Rawno puts C on the Mine's slot,
// so C is an Entry there: Rulebook FAQ, Wydarzenia) and checks that the
// Comrades in fixed stay put, the Commissar stays last, and the shuffle is
// fixed by the intn sequence.
func TestLineShuffle(t *testing.T) {
	l := lineParse(t, "A B _ C K")
	s := &lineScript{vals: []int{2, 2, 1}}
	moved := l.Shuffle(0, s.intn, nil)
	if l.String() != "A B C _ K" || lineEntries(moved) != "C@2" || !slices.Equal(s.asks, []int{4, 3, 2}) {
		t.Errorf("line %q, moved %q, asks %v", l.String(), lineEntries(moved), s.asks)
	}

	l = lineParse(t, "A B F _ C K")
	s = &lineScript{vals: []int{0, 0, 0}}
	moved = l.Shuffle(lineMask("F"), s.intn, nil)
	// Free slots 0 1 3 4 hold A B _ C; j=0 each time gives B _ C A over them.
	if l.String() != "B _ F C A K" || lineEntries(moved) != "B@0 C@3 A@4" {
		t.Errorf("line %q, moved %q", l.String(), lineEntries(moved))
	}

	// Values out of range are reduced, a nil intn changes nothing.
	l = lineParse(t, "A B _ C K")
	s = &lineScript{vals: []int{-1, 7, -100}}
	l.Shuffle(0, s.intn, nil)
	if err := l.Check(1); err != nil {
		t.Errorf("after out-of-range intn %q: %v", l.String(), err)
	}
	before := l
	if moved := l.Shuffle(0, nil, nil); l != before || len(moved) != 0 {
		t.Errorf("nil intn changed %q to %q", before.String(), l.String())
	}

	// Uniform: each of the 6 orders of "A B _" in front of the Commissar.
	r := rand.New(rand.NewPCG(16, 26))
	counts := map[string]int{}
	const trials = 60000
	for range trials {
		l := lineParse(t, "A B _ K")
		l.Shuffle(0, r.IntN, nil)
		counts[l.String()]++
	}
	if len(counts) != 6 {
		t.Fatalf("orders %v", counts)
	}
	for k, c := range counts {
		if c < trials/6*9/10 || c > trials/6*11/10 {
			t.Errorf("order %q came %d times of %d", k, c, trials)
		}
	}
}

// TestLineParseString checks ParseLine and String against each other and
// NewLine against spec A2.4.
func TestLineParseString(t *testing.T) {
	l := NewLine([]Piece{linePiece('C'), linePiece('A'), linePiece('J')})
	if l.String() != "C A J _ K" || l.N != 5 || l.Check(1) != nil {
		t.Errorf("NewLine: %q N=%d", l.String(), l.N)
	}
	if l.Pos(linePiece('J')) != 2 || l.Pos(linePiece('B')) != -1 || l.EmptySpace() != 3 || l.Comrades() != 3 {
		t.Errorf("Pos/EmptySpace/Comrades on %q", l.String())
	}
	if p, err := ParseLine("  A\tB _\n K "); err != nil || p != lineParse(t, "A B _ K") {
		t.Errorf("white space: %v %q", err, p.String())
	}
	for _, bad := range []string{"", "K", "A B C D E F G H I J _ K _", "A b _ K", "AB _ K", "A L _ K", "A ? K"} {
		if _, err := ParseLine(bad); err == nil {
			t.Errorf("ParseLine(%q) accepted", bad)
		}
	}
	for _, c := range []struct {
		s    string
		vac  int
		fine bool
	}{
		{"A B _ K", 1, true}, {"A _ _ K", 2, true}, {"A B _ K", 2, false}, {"A B K _", 1, false},
		{"A K _ K", 1, false}, {"A A _ K", 1, false}, {"_ K", 1, true}, {"A B K", 0, true},
	} {
		l := lineParse(t, c.s)
		if err := l.Check(c.vac); (err == nil) != c.fine {
			t.Errorf("Check(%d) on %q: %v", c.vac, c.s, err)
		}
	}
	odd := Line{N: 3, Slot: [MaxSlots]Piece{linePiece('A'), 42, Commissar}}
	if odd.String() != "A ? K" || odd.Check(0) == nil {
		t.Errorf("odd line %q passes Check", odd.String())
	}
}

// lineRefStep is the step algorithm of spec A4.2 written out literally, for
// comparison with Step on well-formed lines.
func lineRefStep(l *Line, c Piece, d int, barrier uint16) ([]Entry, bool) {
	bar := func(p Piece) bool { return p.IsComrade() && barrier>>uint(p)&1 == 1 }
	if !c.IsComrade() || bar(c) || (d != 1 && d != -1) {
		return nil, false
	}
	p := l.Pos(c)
	if p < 0 {
		return nil, false
	}
	q := p + d
	if q < 0 || q >= int(l.N) || l.Slot[q] == Commissar || bar(l.Slot[q]) {
		return nil, false
	}
	e := -1
	for i := q; i >= 0 && i < int(l.N); i += d {
		if l.Slot[i] == Empty {
			e = i
			break
		}
	}
	between := false
	for i := p + d; e >= 0 && i != e; i += d {
		between = between || bar(l.Slot[i])
	}
	var moved []Entry
	if e >= 0 && !between {
		for i := e; i != p; i -= d {
			l.Slot[i] = l.Slot[i-d]
			moved = append(moved, Entry{l.Slot[i], uint8(i)})
		}
		l.Slot[p] = Empty
		return moved, true
	}
	o := l.Slot[q]
	l.Slot[q], l.Slot[p] = c, o
	moved = append(moved, Entry{c, uint8(q)})
	if o.IsComrade() {
		moved = append(moved, Entry{o, uint8(p)})
	}
	return moved, true
}

// lineCheckEntries checks one call's Entries: each names a Comrade now in
// the Entry's slot, no Comrade twice, and they are exactly the Comrades
// whose slot changed.
func lineCheckEntries(t *testing.T, op string, before, after Line, moved []Entry) {
	t.Helper()
	var named uint16
	for _, e := range moved {
		if !e.Who.IsComrade() || int(e.Slot) >= int(after.N) || after.Slot[e.Slot] != e.Who {
			t.Fatalf("%s %q -> %q: entry %v does not stand where it says", op, before.String(), after.String(), e)
		}
		if named&(1<<uint(e.Who)) != 0 {
			t.Fatalf("%s %q -> %q: %c entered twice", op, before.String(), after.String(), 'A'+e.Who.Seat())
		}
		named |= 1 << uint(e.Who)
	}
	for p := Piece(1); p <= MaxSeats; p++ {
		changed := before.Pos(p) != after.Pos(p)
		if changed != (named&(1<<uint(p)) != 0) {
			t.Fatalf("%s %q -> %q: %c changed slot %v but entries are %q",
				op, before.String(), after.String(), 'A'+p.Seat(), changed, lineEntries(moved))
		}
	}
}

// TestLineRandom runs random sequences of Step, Swap, Remove with Advance,
// and Shuffle over random lines with random F.U.B.A.R. sets, checking after
// every call: Check holds with one vacancy plus one per death still waiting
// for the Commissar (spec A4.4); no Comrade is lost or duplicated; N shrinks
// by exactly one per Advance; a failed call changes nothing; the Entries
// match the Comrades that changed slot; a Step moves the mover by exactly
// one slot and agrees with the literal algorithm of spec A4.2; F.U.B.A.R.
// Comrades never move.
func TestLineRandom(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		r := rand.New(rand.NewPCG(seed, 0xF40))
		for range 1500 {
			lineRandomGame(t, r)
		}
	}
}

func lineRandomGame(t *testing.T, r *rand.Rand) {
	seats := r.Perm(MaxSeats)[:2+r.IntN(MaxSeats-1)]
	order := make([]Piece, len(seats))
	var alive uint16
	for i, s := range seats {
		order[i] = ComradeOf(s)
		alive |= 1 << uint(order[i])
	}
	l := NewLine(order)
	pending := 0
	var buf [MaxSlots]Entry
	randomPiece := func() Piece {
		if r.IntN(10) == 0 {
			return Piece(r.IntN(256))
		}
		return ComradeOf(r.IntN(MaxSeats))
	}
	for op := 0; op < 60; op++ {
		var barrier uint16
		if r.IntN(3) == 0 {
			barrier = uint16(r.IntN(1<<16)) & uint16(r.IntN(1<<16)) & uint16(r.IntN(1<<16))
		}
		before := l
		var name string
		var moved []Entry
		var ok bool
		switch k := r.IntN(10); {
		case k < 5:
			c := randomPiece()
			d := []int{-1, 1, -1, 1, 0, 2}[r.IntN(6)]
			name = "Step"
			ref := l
			refMoved, refOK := lineRefStep(&ref, c, d, barrier)
			moved, ok = l.Step(c, d, barrier, buf[:0])
			if ok != refOK || l != ref || lineEntries(moved) != lineEntries(refMoved) {
				t.Fatalf("Step(%d, %d, %b) on %q: %q %v %q; spec A4.2 gives %q %v %q",
					c, d, barrier, before.String(), l.String(), ok, lineEntries(moved), ref.String(), refOK, lineEntries(refMoved))
			}
			if ok && l.Pos(c) != before.Pos(c)+d {
				t.Fatalf("Step(%d, %d) on %q moved it to %q", c, d, before.String(), l.String())
			}
			if ok && len(moved) > 1 {
				for _, e := range moved[1:] {
					if before.Slot[e.Slot] == Empty {
						t.Fatalf("Step on %q: entry %v into a vacancy is not first", before.String(), e)
					}
				}
			}
		case k < 7:
			name = "Swap"
			moved, ok = l.Swap(randomPiece(), randomPiece(), barrier, buf[:0])
		case k < 8:
			name = "Shuffle"
			moved, ok = l.Shuffle(barrier, r.IntN, buf[:0]), true
		default:
			name = "Remove"
			c := randomPiece()
			ok = l.Remove(c)
			if ok != (c.IsComrade() && alive&(1<<uint(c)) != 0) {
				t.Fatalf("Remove(%d) on %q: %v", c, before.String(), ok)
			}
			if ok {
				alive &^= 1 << uint(c)
				pending++
				if l.Slot[before.Pos(c)] != Empty {
					t.Fatalf("Remove(%d) on %q left %q", c, before.String(), l.String())
				}
			}
		}
		if !ok && (l != before || len(moved) != 0) {
			t.Fatalf("failed %s changed %q to %q, moved %v", name, before.String(), l.String(), moved)
		}
		if name != "Remove" {
			lineCheckEntries(t, name, before, l, moved)
			for p := Piece(1); p <= MaxSeats; p++ {
				if isBarrier(p, barrier) && before.Pos(p) != l.Pos(p) {
					t.Fatalf("%s with barrier %b moved %c: %q -> %q", name, barrier, 'A'+p.Seat(), before.String(), l.String())
				}
			}
		}
		lineInvariants(t, name, &l, alive, pending)

		// The Commissar advances at once, or at the end of the turn
		// (every few calls) when a F.U.B.A.R. Comrade stood in his way.
		endOfTurn := op%5 == 4
		for pending > 0 {
			var bar uint16
			if !endOfTurn {
				bar = barrier
			}
			before := l
			moved, ok := l.Advance(bar, buf[:0])
			if !ok {
				if endOfTurn || l != before || len(moved) != 0 {
					t.Fatalf("Advance(%b) on %q failed: %q %v", bar, before.String(), l.String(), moved)
				}
				break
			}
			pending--
			if l.N != before.N-1 {
				t.Fatalf("Advance on %q: N %d -> %d", before.String(), before.N, l.N)
			}
			lineCheckEntries(t, "Advance", before, l, moved)
			for p := Piece(1); p <= MaxSeats; p++ {
				if isBarrier(p, bar) && before.Pos(p) != l.Pos(p) {
					t.Fatalf("Advance with barrier %b moved %c: %q -> %q", bar, 'A'+p.Seat(), before.String(), l.String())
				}
			}
			lineInvariants(t, "Advance", &l, alive, pending)
		}
		if pending == 0 && alive == 0 {
			return
		}
	}
}

// lineInvariants checks the line against the Comrades alive and the deaths
// the Commissar has not yet advanced for.
func lineInvariants(t *testing.T, op string, l *Line, alive uint16, pending int) {
	t.Helper()
	if err := l.Check(1 + pending); err != nil {
		t.Fatalf("after %s %q: %v", op, l.String(), err)
	}
	var in uint16
	for i := range int(l.N) {
		if l.Slot[i].IsComrade() {
			in |= 1 << uint(l.Slot[i])
		}
	}
	if in != alive || l.Comrades() != linePopcount(alive) {
		t.Fatalf("after %s %q: Comrades %b, want %b", op, l.String(), in, alive)
	}
	if int(l.N) != linePopcount(alive)+2+pending {
		t.Fatalf("after %s %q: N %d with %d alive and %d deaths pending", op, l.String(), l.N, linePopcount(alive), pending)
	}
	for i := int(l.N); i < MaxSlots; i++ {
		if l.Slot[i] != Empty {
			t.Fatalf("after %s %q: unused slot %d holds %d", op, l.String(), i, l.Slot[i])
		}
	}
}

func linePopcount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// TestLineGarbage calls every method on arbitrary bytes, including N past
// MaxSlots and pieces that are neither Comrades nor the Commissar: nothing
// may panic, and a failed Step or Swap changes nothing.
func TestLineGarbage(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var buf [MaxSlots]Entry
	for range 20000 {
		var l Line
		l.N = uint8(r.IntN(256))
		if r.IntN(2) == 0 {
			l.N %= MaxSlots + 2
		}
		for i := range l.Slot {
			switch r.IntN(4) {
			case 0:
				l.Slot[i] = Piece(r.IntN(256))
			case 1:
				l.Slot[i] = Empty
			case 2:
				l.Slot[i] = Commissar
			default:
				l.Slot[i] = ComradeOf(r.IntN(MaxSeats))
			}
		}
		barrier := uint16(r.IntN(1 << 16))
		p, q := Piece(r.IntN(256)), ComradeOf(r.IntN(MaxSeats))
		_ = l.String()
		_ = l.Check(r.IntN(4))
		_, _, _ = l.Pos(p), l.EmptySpace(), l.Comrades()
		before := l
		if _, ok := l.Step(q, r.IntN(5)-2, barrier, buf[:0]); !ok && l != before {
			t.Fatalf("failed Step changed the line")
		}
		before = l
		if _, ok := l.Swap(p, q, barrier, buf[:0]); !ok && l != before {
			t.Fatalf("failed Swap changed the line")
		}
		l.Shuffle(barrier, func(n int) int { return r.IntN(3*n+1) - n }, buf[:0])
		l.Advance(barrier, buf[:0])
		l.Remove(p)
		_ = NewLine([]Piece{p, q, p, q, p, q, p, q, p, q, p, q, p})
	}
}

// TestLineNoAllocs checks that Step, Swap, Remove, Advance and Shuffle do
// not allocate when the caller's buffer is large enough.
func TestLineNoAllocs(t *testing.T) {
	order := make([]Piece, MaxSeats)
	for i := range order {
		order[i] = ComradeOf(i)
	}
	start := NewLine(order)
	r := rand.New(rand.NewPCG(1, 1))
	intn := r.IntN
	var buf [MaxSlots]Entry
	var l Line
	allocs := testing.AllocsPerRun(1000, func() {
		l = start
		l.Step(ComradeOf(0), +1, 0, buf[:0])
		l.Step(ComradeOf(1), -1, 0, buf[:0])
		l.Swap(ComradeOf(2), ComradeOf(9), 0, buf[:0])
		l.Shuffle(1<<3, intn, buf[:0])
		l.Remove(ComradeOf(4))
		l.Advance(0, buf[:0])
		_ = l.Pos(Empty) + l.EmptySpace() + l.Comrades()
		_ = l.Check(1)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}

// BenchmarkStep moves the front Comrade of a full line back and forth: each
// step back pushes all ten Comrades (RUCH 2), each step forward takes the
// empty space at the front.
func BenchmarkStep(b *testing.B) {
	order := make([]Piece, MaxSeats)
	for i := range order {
		order[i] = ComradeOf(i)
	}
	l := NewLine(order)
	a := ComradeOf(0)
	var buf [MaxSlots]Entry
	d := 1
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := l.Step(a, d, 0, buf[:0]); !ok {
			b.Fatal("step failed")
		}
		d = -d
	}
}

// FuzzParseLine checks that ParseLine never panics and that a line it
// accepts is written back by String as its slots joined by single spaces
// and parses again to the same Line.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		"A B _ K", "D A B _ K", "A B C D E F G H I J _ K", "_ K", "A K _ K", " A\tB  _ K\n",
		"", "K", "A B C D E F G H I J _ K _", "a b _ k", "A ? K", "A\u00a0B _ K", "AB _ K",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLine(s)
		if err != nil {
			if l != (Line{}) {
				t.Fatalf("ParseLine(%q) failed but returned %q", s, l.String())
			}
			return
		}
		if l.N < 2 || l.N > MaxSlots {
			t.Fatalf("ParseLine(%q): N %d", s, l.N)
		}
		out := l.String()
		if want := strings.Join(strings.Fields(s), " "); out != want {
			t.Fatalf("ParseLine(%q).String() = %q, want %q", s, out, want)
		}
		again, err := ParseLine(out)
		if err != nil || again != l {
			t.Fatalf("%q does not parse back: %v %q", out, err, again.String())
		}
	})
}
