package enginetest

import (
	"slices"
	"testing"

	"stolik/engine"
)

// TestRotation: a rotation keeps the clockwise order (seat s+1 still sits
// on the left of seat s) and moves every seat; what is not a seat stays.
func TestRotation(t *testing.T) {
	for n := 2; n <= 10; n++ {
		for k := 1; k < n; k++ {
			p := Rotation(n, k)
			seen := map[engine.Seat]bool{}
			for s := range n {
				next := (s + 1) % n
				if int(p[next]) != (int(p[s])+1)%n {
					t.Errorf("Rotation(%d, %d) = %v breaks the order at seat %d", n, k, p, s)
				}
				if p[s] == engine.Seat(s) || seen[p[s]] {
					t.Errorf("Rotation(%d, %d) = %v is not a rotation", n, k, p)
				}
				seen[p[s]] = true
			}
			if p.Seat(engine.NoSeat) != engine.NoSeat || p.Int(-2) != -2 || p.Int(n) != n {
				t.Errorf("Rotation(%d, %d) moves what is not a seat", n, k)
			}
		}
	}
	if got := Rotation(4, 1).Ints([]int{3, 0}); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("Ints = %v, want the moved seats in order, [0 1]", got)
	}
}
