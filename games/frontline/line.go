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
	Commissar Piece = 0xFF // the back end of the line
)

// MaxSeats is the most players a game has (the 9–10 variant).
const MaxSeats = 10

// MaxSlots is the longest line: every Comrade, the empty space, the Commissar.
const MaxSlots = MaxSeats + 2

// ComradeOf is the Piece of seat's Comrade.
func ComradeOf(seat int) Piece { return Piece(seat + 1) }

// Seat is the seat of a Comrade piece.
func (p Piece) Seat() int { return int(p) - 1 }

// IsComrade reports whether p is a Comrade.
func (p Piece) IsComrade() bool { return p >= 1 && p <= MaxSeats }

// Line is the front line: Slot[0] is position 1 (the front) and
// Slot[N-1] is the Commissar.
type Line struct {
	N    uint8
	Slot [MaxSlots]Piece
}

// Entry records that a Comrade entered a slot by movement (a push, a step
// into the empty space, a swap, a shuffle); Mines and Barbed Wire fire on it.
type Entry struct {
	Who  Piece
	Slot uint8
}

// NewLine lays out the line of A2.4: the Comrades in order, one empty
// space, then the Commissar.
func NewLine(order []Piece) Line {
	var l Line
	n := min(len(order), MaxSeats)
	copy(l.Slot[:], order[:n])
	l.Slot[n] = Empty
	l.Slot[n+1] = Commissar
	l.N = uint8(n + 2)
	return l
}

// Pos is the slot of p, -1 if it is not in the line.
func (l *Line) Pos(p Piece) int {
	for i := 0; i < int(l.N); i++ {
		if l.Slot[i] == p {
			return i
		}
	}
	return -1
}

// EmptySpace is the frontmost vacancy, -1 if there is none.
func (l *Line) EmptySpace() int { return l.Pos(Empty) }

// Comrades counts the Comrades in the line.
func (l *Line) Comrades() int {
	n := 0
	for i := 0; i < int(l.N); i++ {
		if l.Slot[i].IsComrade() {
			n++
		}
	}
	return n
}

func isBarrier(p Piece, barrier uint16) bool {
	return p.IsComrade() && barrier&(1<<uint(p)) != 0
}

// Step moves Comrade c one step in direction d (-1 forward, +1 back) by
// the algorithm of A4.2. Rulebook, RUCH 2: toward the empty space the mover
// pushes everyone between it and the empty space one slot toward it (a full
// step). RUCH 3: away from it, the mover swaps with the Comrade in its way.
// RUCH 4: it cannot pass the Commissar or the front; a step that cannot be
// taken is lost (ok is false and the line is unchanged). A F.U.B.A.R.
// Comrade (in barrier) cannot move and is the end of the line for others.
// Every Comrade that entered a new slot is appended to moved.
func (l *Line) Step(c Piece, d int, barrier uint16, moved []Entry) ([]Entry, bool) {
	if !c.IsComrade() || (d != 1 && d != -1) || isBarrier(c, barrier) {
		return moved, false
	}
	p := l.Pos(c)
	if p < 0 {
		return moved, false
	}
	q := p + d
	if q < 0 || q >= int(l.N) || l.Slot[q] == Commissar || isBarrier(l.Slot[q], barrier) {
		return moved, false
	}
	// The nearest vacancy in the direction of travel, unless a barrier or the
	// Commissar comes first (A4.2: a vacancy beyond a barrier does not count).
	e := -1
	for i := q; i >= 0 && i < int(l.N); i += d {
		pc := l.Slot[i]
		if pc == Empty {
			e = i
			break
		}
		if pc == Commissar || isBarrier(pc, barrier) {
			break
		}
	}
	if e >= 0 {
		// Push: the pieces in p..e-d shift one slot toward e.
		for i := e; i != p; i -= d {
			l.Slot[i] = l.Slot[i-d]
			moved = append(moved, Entry{Who: l.Slot[i], Slot: uint8(i)})
		}
		l.Slot[p] = Empty
		return moved, true
	}
	// Swap with the Comrade in the way.
	other := l.Slot[q]
	l.Slot[q], l.Slot[p] = c, other
	moved = append(moved, Entry{Who: c, Slot: uint8(q)})
	if other.IsComrade() {
		moved = append(moved, Entry{Who: other, Slot: uint8(p)})
	}
	return moved, true
}

// Swap exchanges the slots of two Comrades (the Swap and Smoke Screen
// cards); a swap is movement for both (FAQ). A F.U.B.A.R. Comrade takes no
// part (FAQ).
func (l *Line) Swap(a, b Piece, barrier uint16, moved []Entry) ([]Entry, bool) {
	if a == b || !a.IsComrade() || !b.IsComrade() || isBarrier(a, barrier) || isBarrier(b, barrier) {
		return moved, false
	}
	i, j := l.Pos(a), l.Pos(b)
	if i < 0 || j < 0 {
		return moved, false
	}
	l.Slot[i], l.Slot[j] = b, a
	return append(moved, Entry{Who: a, Slot: uint8(j)}, Entry{Who: b, Slot: uint8(i)}), true
}

// Remove takes a dead Comrade out of the line, leaving a vacancy in its
// slot until the Commissar advances.
func (l *Line) Remove(c Piece) bool {
	i := l.Pos(c)
	if i < 0 || !c.IsComrade() {
		return false
	}
	l.Slot[i] = Empty
	return true
}

// Advance moves the Commissar one step forward after a death (A4.4,
// A8.11): toward the nearest vacancy in front of him, shifting every
// Comrade between it and him one slot forward; his old slot drops off the
// line. A F.U.B.A.R. Comrade in the way makes him wait (ok false, nothing
// changes). Pushed Comrades are appended to moved.
func (l *Line) Advance(barrier uint16, moved []Entry) ([]Entry, bool) {
	k := int(l.N) - 1
	if k < 1 || l.Slot[k] != Commissar {
		return moved, false
	}
	v := -1
	for i := k - 1; i >= 0; i-- {
		if l.Slot[i] == Empty {
			v = i
			break
		}
	}
	if v < 0 {
		return moved, false
	}
	for i := v + 1; i < k; i++ {
		if isBarrier(l.Slot[i], barrier) {
			return moved, false
		}
	}
	for i := v; i < k-1; i++ {
		l.Slot[i] = l.Slot[i+1]
		moved = append(moved, Entry{Who: l.Slot[i], Slot: uint8(i)})
	}
	l.Slot[k-1] = Commissar
	l.Slot[k] = Empty
	l.N--
	return moved, true
}

// Shuffle is Wsjo Rawno (A8.26): the Comrades and the empty space go to
// random slots in front of the Commissar; the Comrades in fixed (F.U.B.A.R.,
// the Tank's rider) stay where they are. intn is the only randomness.
// Every Comrade whose slot changed is appended to moved.
func (l *Line) Shuffle(fixed uint16, intn func(int) int, moved []Entry) []Entry {
	k := int(l.N) - 1
	var free [MaxSlots]uint8
	var pieces [MaxSlots]Piece
	n := 0
	for i := 0; i < k; i++ {
		if pc := l.Slot[i]; !isBarrier(pc, fixed) {
			free[n] = uint8(i)
			pieces[n] = pc
			n++
		}
	}
	for i := n - 1; i > 0; i-- {
		j := intn(i + 1)
		pieces[i], pieces[j] = pieces[j], pieces[i]
	}
	for t := 0; t < n; t++ {
		slot := free[t]
		if l.Slot[slot] != pieces[t] && pieces[t].IsComrade() {
			moved = append(moved, Entry{Who: pieces[t], Slot: slot})
		}
		l.Slot[slot] = pieces[t]
	}
	return moved
}

// Check reports the first broken invariant: the Commissar exactly once and
// last, every Comrade at most once, and wantVacancies vacancies in front
// of him.
func (l *Line) Check(wantVacancies int) error {
	if l.N < 2 || int(l.N) > MaxSlots {
		return fmt.Errorf("line of %d slots", l.N)
	}
	if l.Slot[l.N-1] != Commissar {
		return errors.New("the Commissar is not last")
	}
	seen := map[Piece]bool{}
	vac := 0
	for i := 0; i < int(l.N)-1; i++ {
		pc := l.Slot[i]
		switch {
		case pc == Empty:
			vac++
		case pc == Commissar:
			return errors.New("two Commissars")
		case !pc.IsComrade():
			return fmt.Errorf("slot %d holds piece %d", i, pc)
		case seen[pc]:
			return fmt.Errorf("Comrade %c twice", 'A'+pc.Seat())
		default:
			seen[pc] = true
		}
	}
	if vac != wantVacancies {
		return fmt.Errorf("%d vacancies, want %d", vac, wantVacancies)
	}
	return nil
}

// String writes the line front to back: "A B _ K" (A is seat 0's Comrade).
func (l *Line) String() string {
	var b strings.Builder
	for i := 0; i < int(l.N); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch pc := l.Slot[i]; {
		case pc == Empty:
			b.WriteByte('_')
		case pc == Commissar:
			b.WriteByte('K')
		case pc.IsComrade():
			b.WriteByte(byte('A' + pc.Seat()))
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// ParseLine reads a line written as String writes it.
func ParseLine(s string) (Line, error) {
	var l Line
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > MaxSlots {
		return l, fmt.Errorf("a line has 2 to %d slots, not %d", MaxSlots, len(f))
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
			return Line{}, fmt.Errorf("slot %d: %q is not a Comrade letter A–J, _ or K", i+1, w)
		}
	}
	l.N = uint8(len(f))
	return l, nil
}
