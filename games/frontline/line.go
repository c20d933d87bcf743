package frontline

import (
	"errors"
	"fmt"
	"strings"
)

// Piece is what stands in a slot of the front line.
type Piece uint8

const (
	Empty     Piece = 0    // a vacancy: the empty space, or the place of a Comrade who just died
	Commissar Piece = 0xFF // the back end of the line (spec A6: never swapped with or pushed)
)

// MaxSeats is the most players a game has (spec A2.1: the 9–10 variant).
const MaxSeats = 10

// MaxSlots is the longest line: every Comrade, the empty space and the
// Commissar (spec A2.4: N Comrades make N+2 slots).
const MaxSlots = MaxSeats + 2

// ComradeOf is the Piece of the Comrade of seat.
func ComradeOf(seat int) Piece { return Piece(seat + 1) }

// Seat is the seat whose Comrade p is.
func (p Piece) Seat() int { return int(p) - 1 }

// IsComrade reports whether p is a Comrade (pieces 1 to MaxSeats).
func (p Piece) IsComrade() bool { return p >= 1 && p <= MaxSeats }

// Line is the front line: Slot[0] is position 1 (the front) and Slot[N-1]
// is the Commissar. Slots from N on are unused and hold Empty.
type Line struct {
	N    uint8
	Slot [MaxSlots]Piece
}

// Entry records that a Comrade entered a slot by movement (a push, a step
// into the empty space, a swap, a shuffle). Spec A4.4: Mines fire on
// whoever enters their slot by any movement, and so does Barbed Wire.
type Entry struct {
	Who  Piece
	Slot uint8
}

// NewLine lays out the line of spec A2.4: the Comrades in order, one empty
// space after the last of them, then the Commissar, so N is len(order)+2.
// Pieces beyond MaxSeats are left out so that the line always fits.
func NewLine(order []Piece) Line {
	var l Line
	n := min(len(order), MaxSeats)
	copy(l.Slot[:], order[:n])
	l.Slot[n] = Empty
	l.Slot[n+1] = Commissar
	l.N = uint8(n + 2)
	return l
}

// size is the number of slots in use, never more than MaxSlots.
func (l *Line) size() int { return min(int(l.N), MaxSlots) }

// Pos is the slot index of p (the frontmost one for Empty), -1 if p is not
// in the line.
func (l *Line) Pos(p Piece) int {
	for i := range l.size() {
		if l.Slot[i] == p {
			return i
		}
	}
	return -1
}

// EmptySpace is the index of the frontmost vacancy, -1 if there is none.
// Spec A4.4: after the Commissar's advances the one empty space is always
// the frontmost vacancy.
func (l *Line) EmptySpace() int { return l.Pos(Empty) }

// Comrades counts the Comrades standing in the line.
func (l *Line) Comrades() int {
	n := 0
	for i := range l.size() {
		if l.Slot[i].IsComrade() {
			n++
		}
	}
	return n
}

// isBarrier reports whether p is a Comrade in the bit set barrier. Rulebook
// FAQ, F.U.B.A.R.: that Comrade cannot be moved in any way, and the others
// treat its slot as the end of the front line.
func isBarrier(p Piece, barrier uint16) bool {
	return p.IsComrade() && barrier&(1<<uint(p)) != 0
}

// free reports whether p can be moved: a Comrade outside barrier. The
// Commissar and anything that is not a piece stop movement like a wall.
func free(p Piece, barrier uint16) bool {
	return p.IsComrade() && !isBarrier(p, barrier)
}

// Step moves Comrade c one step in direction d (-1 forward, toward slot 0;
// +1 back, toward the Commissar) by the algorithm of spec A4.2, appending to
// moved every Comrade that entered a new slot.
//
// Rulebook, RUCH 2: a Comrade heading toward the empty space with others in
// the way pushes them and itself one slot toward it, and that push is a full
// step; with nobody in the way it simply takes the empty space. For a push
// the first Entry is the piece that ends in the old vacancy, the front of
// the pushed block (spec A4.4: it is the one that enters a Mine), then the
// others toward the mover, the mover last. RUCH 3: heading away from the
// empty space, the mover swaps with the Comrade in its way, and both are
// Entries (FAQ: a swap is movement for both). RUCH 4: it cannot pass the
// Commissar or go beyond position 1; such a step is lost. Rulebook FAQ,
// F.U.B.A.R.: a Comrade in barrier cannot move and its slot is the end of
// the line for the others, so a vacancy beyond it does not count (spec
// A4.2). The nearest vacancy in direction d is the one pushed into.
//
// ok is false, with the line and moved unchanged, when the step cannot be
// taken: c is not a free Comrade of the line, d is not ±1, or the next slot
// is off the line, the Commissar or a barrier.
func (l *Line) Step(c Piece, d int, barrier uint16, moved []Entry) ([]Entry, bool) {
	if !free(c, barrier) || (d != 1 && d != -1) {
		return moved, false
	}
	n := l.size()
	p := l.Pos(c)
	if p < 0 {
		return moved, false
	}
	q := p + d
	if q < 0 || q >= n {
		return moved, false
	}
	if t := l.Slot[q]; t != Empty && !free(t, barrier) {
		return moved, false
	}
	// The nearest vacancy in the direction of travel, unless a barrier or
	// the Commissar comes first.
	e := -1
	for i := q; i >= 0 && i < n; i += d {
		t := l.Slot[i]
		if t == Empty {
			e = i
			break
		}
		if !free(t, barrier) {
			break
		}
	}
	if e >= 0 {
		for i := e; i != p; i -= d {
			l.Slot[i] = l.Slot[i-d]
			moved = append(moved, Entry{Who: l.Slot[i], Slot: uint8(i)})
		}
		l.Slot[p] = Empty
		return moved, true
	}
	// No vacancy ahead, so slot q holds a free Comrade: swap with it.
	other := l.Slot[q]
	l.Slot[q], l.Slot[p] = c, other
	return append(moved, Entry{Who: c, Slot: uint8(q)}, Entry{Who: other, Slot: uint8(p)}), true
}

// Swap exchanges the slots of Comrades a and b (the Swap and Smoke Screen
// cards), appending both to moved. Rulebook FAQ, Manewry: a swap is movement
// for both Comrades. Rulebook FAQ, F.U.B.A.R.: that Comrade takes no part in
// Smoke Screen or Swap, so ok is false, with the line unchanged, when either
// is in barrier, either is absent, or a == b.
func (l *Line) Swap(a, b Piece, barrier uint16, moved []Entry) ([]Entry, bool) {
	if a == b || !free(a, barrier) || !free(b, barrier) {
		return moved, false
	}
	i, j := l.Pos(a), l.Pos(b)
	if i < 0 || j < 0 {
		return moved, false
	}
	l.Slot[i], l.Slot[j] = b, a
	return append(moved, Entry{Who: a, Slot: uint8(j)}, Entry{Who: b, Slot: uint8(i)}), true
}

// Remove takes the dead Comrade c out of the line, leaving a vacancy in its
// slot, and reports whether c was there. Rulebook, turn step 5: a Comrade
// who loses the last Life Point dies and is taken off the front line; the
// line then has two vacancies until the Commissar advances (spec A4.4).
func (l *Line) Remove(c Piece) bool {
	if !c.IsComrade() {
		return false
	}
	i := l.Pos(c)
	if i < 0 {
		return false
	}
	l.Slot[i] = Empty
	return true
}

// Advance moves the Commissar one step forward after a death, appending the
// Comrades he pushes to moved. Rulebook, turn step 5: when a Comrade dies,
// move the Commissar one place forward under the normal rules of movement.
// Spec A4.4 and A8.11: he heads for the nearest vacancy in front of him,
// every Comrade between it and him shifts one slot forward, and his old
// slot drops off, so N decreases by 1; with the vacancy directly in front
// of him he simply steps into it. This keeps exactly one empty space, the
// frontmost vacancy, whatever the order of the deaths.
//
// ok is false, with the line unchanged, when a Comrade he would push is in
// barrier (spec A8.19: the advance waits for the end of the turn), when he
// is not in the last slot, or when fewer than two vacancies stand in front
// of him (no death is pending, and the empty space must stay).
func (l *Line) Advance(barrier uint16, moved []Entry) ([]Entry, bool) {
	k := l.size() - 1
	if k < 1 || l.Slot[k] != Commissar {
		return moved, false
	}
	v, vacancies := -1, 0
	for i := k - 1; i >= 0; i-- {
		if l.Slot[i] == Empty {
			if v < 0 {
				v = i
			}
			vacancies++
		}
	}
	if vacancies < 2 {
		return moved, false
	}
	for i := v + 1; i < k; i++ {
		if !free(l.Slot[i], barrier) {
			return moved, false
		}
	}
	for i := v; i < k-1; i++ {
		l.Slot[i] = l.Slot[i+1]
		moved = append(moved, Entry{Who: l.Slot[i], Slot: uint8(i)})
	}
	l.Slot[k-1] = Commissar
	l.Slot[k] = Empty
	l.N = uint8(k)
	return moved, true
}

// Shuffle plays Wsjo Rawno (spec A8.26): the Comrades and the vacancies are
// placed at random over the slots in front of the Commissar, except the
// Comrades in fixed, which stay in their slots. Rulebook FAQ, F.U.B.A.R.:
// that Comrade cannot be moved in any way; FAQ, Tank: Wsjo Rawno does not
// act on the Tank's riders. Rulebook FAQ, Manewry: Wsjo Rawno counts as
// movement, so every Comrade whose slot changed is appended to moved, in
// slot order (FAQ, Wydarzenia: a Comrade placed on a Mine sets it off).
//
// intn(n) must return a uniform int in [0,n) and is the only randomness:
// a Fisher–Yates shuffle runs over the free slots, taken front to back, so
// the result is fixed by the sequence intn returns. A value out of range is
// reduced modulo n; a nil intn leaves the line as it is.
func (l *Line) Shuffle(fixed uint16, intn func(int) int, moved []Entry) []Entry {
	if intn == nil {
		return moved
	}
	var slots [MaxSlots]uint8
	var pieces [MaxSlots]Piece
	n := 0
	for i := range l.size() - 1 {
		if t := l.Slot[i]; t == Empty || free(t, fixed) {
			slots[n] = uint8(i)
			pieces[n] = t
			n++
		}
	}
	for i := n - 1; i > 0; i-- {
		j := intn(i + 1)
		if j < 0 || j > i {
			j %= i + 1
			if j < 0 {
				j += i + 1
			}
		}
		pieces[i], pieces[j] = pieces[j], pieces[i]
	}
	for t := range n {
		s, pc := slots[t], pieces[t]
		if l.Slot[s] != pc && pc.IsComrade() {
			moved = append(moved, Entry{Who: pc, Slot: s})
		}
		l.Slot[s] = pc
	}
	return moved
}

// Check reports the first broken invariant of the line, nil if there is
// none: N is between 1 and MaxSlots, the Commissar stands exactly once and
// last (spec A2.4, A6), every other slot holds a Comrade or a vacancy, no
// Comrade stands twice, and exactly wantVacancies vacancies stand in front
// of the Commissar. With no death pending wantVacancies is 1 (spec A4.4:
// exactly one empty space); each death not yet followed by the Commissar's
// advance adds one.
func (l *Line) Check(wantVacancies int) error {
	if l.N == 0 || int(l.N) > MaxSlots {
		return fmt.Errorf("a line of %d slots", l.N)
	}
	k := int(l.N) - 1
	if l.Slot[k] != Commissar {
		return errors.New("the Commissar is not in the last slot")
	}
	var seen uint16
	vacancies := 0
	for i := range k {
		switch pc := l.Slot[i]; {
		case pc == Empty:
			vacancies++
		case pc == Commissar:
			return fmt.Errorf("a second Commissar in slot %d", i+1)
		case !pc.IsComrade():
			return fmt.Errorf("slot %d holds piece %d", i+1, pc)
		case seen&(1<<uint(pc)) != 0:
			return fmt.Errorf("Comrade %c stands twice", 'A'+pc.Seat())
		default:
			seen |= 1 << uint(pc)
		}
	}
	if vacancies != wantVacancies {
		return fmt.Errorf("%d vacancies in front of the Commissar, want %d", vacancies, wantVacancies)
	}
	return nil
}

// String writes the line front to back with one space between slots, as
// the spec writes lines (A4.3): the Comrade of seat 0 is "A", of seat 1
// "B", and so on to "J"; "_" is a vacancy and "K" the Commissar. Anything
// else is written "?".
func (l *Line) String() string {
	var b [2 * MaxSlots]byte
	w := 0
	for i := range l.size() {
		if i > 0 {
			b[w] = ' '
			w++
		}
		switch pc := l.Slot[i]; {
		case pc == Empty:
			b[w] = '_'
		case pc == Commissar:
			b[w] = 'K'
		case pc.IsComrade():
			b[w] = byte('A' + pc.Seat())
		default:
			b[w] = '?'
		}
		w++
	}
	return string(b[:w])
}

// ParseLine reads a line written as String writes it: 2 to MaxSlots slots
// separated by white space, each "A" to "J" (the Comrades of seats 0 to
// 9), "_" (a vacancy) or "K" (the Commissar). It checks the letters only,
// not the invariants; Check does that.
func ParseLine(s string) (Line, error) {
	var l Line
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > MaxSlots {
		return Line{}, fmt.Errorf("a line has 2 to %d slots, not %d", MaxSlots, len(f))
	}
	for i, w := range f {
		switch {
		case w == "_":
			l.Slot[i] = Empty
		case w == "K":
			l.Slot[i] = Commissar
		case len(w) == 1 && w[0] >= 'A' && w[0] < 'A'+MaxSeats:
			l.Slot[i] = ComradeOf(int(w[0] - 'A'))
		default:
			return Line{}, fmt.Errorf("slot %d: %q is not a Comrade letter A to J, _ or K", i+1, w)
		}
	}
	l.N = uint8(len(f))
	return l, nil
}
