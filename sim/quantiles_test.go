package sim

import "testing"

func TestQuantiles(t *testing.T) {
	cases := []struct {
		hist            map[int]int
		median, p99, mx int
	}{
		{nil, 0, 0, 0},
		{map[int]int{7: 1}, 7, 7, 7},
		{map[int]int{10: 50, 20: 49, 90: 1}, 10, 20, 90},
		{map[int]int{10: 49, 20: 50, 90: 1}, 20, 20, 90},
		{map[int]int{10: 98, 30: 1, 50: 1}, 10, 30, 50},
	}
	for _, c := range cases {
		m, p, x := quantiles(c.hist)
		if m != c.median || p != c.p99 || x != c.mx {
			t.Errorf("quantiles(%v) = %d, %d, %d; want %d, %d, %d", c.hist, m, p, x, c.median, c.p99, c.mx)
		}
	}
}
