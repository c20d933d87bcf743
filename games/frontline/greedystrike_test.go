package frontline

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"stolik/engine"
)

// The damage the greedy bot reads off the position (strikeDamage) is the
// damage the attack deals a copy struck as the rules strike it
// (strikeNow), for every seat of every position of random games where an
// attack is pending, and the position is left as it was. Each position is
// checked again with every piece of Equipment in play one use from worn
// out and a second Target where a lone one is, so that Tanks and Car Doors
// wear out in the middle of a strike.
func TestGreedyStrikeDamageAsOnACopy(t *testing.T) {
	var checked, stopped, reflected, wornOut int
	for seed := uint64(1); seed <= 3; seed++ {
		for _, players := range []int{3, 8} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 21))
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				if s.attackPending() {
					for _, worn := range []bool{false, true} {
						x := s.clone()
						if worn {
							for c := range x.dur {
								x.dur[c] = min(x.dur[c], 1)
							}
							// A second Target where the first is, to strike
							// what wore out again.
							if x.nTargets == 1 {
								x.targets[1], x.nTargets = x.targets[0], 2
							}
						}
						before := *x
						for p := range int(x.n) {
							c := x.clone()
							want := c.strikeNow(p)
							if got, ok := x.strikeDamage(p); !ok || got != want || !reflect.DeepEqual(*x, before) {
								t.Fatalf("seed %d, %d players, move %d, seat %d (worn %v): %d damage (ok %v) read off the position, %d struck on a copy (or the position changed)",
									seed, players, n, p, worn, got, ok, want)
							}
							checked++
							if p > 0 {
								continue
							}
							if x.tank >= 0 && c.dur[x.tankCard()] != x.dur[x.tankCard()] {
								stopped++
							}
							for q := range int(x.n) {
								if c.seats[q].equip != x.seats[q].equip {
									wornOut++
								}
								if d, ok := x.equipWith(q, CarDoorFx); ok && c.dur[d] != x.dur[d] {
									reflected++
								}
							}
						}
					}
				}
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if _, err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d damages checked; stopped by the Tank %d, reflected by a Car Door %d, wore a piece out %d", checked, stopped, reflected, wornOut)
	if stopped == 0 || reflected == 0 || wornOut == 0 {
		t.Fatal("want strikes stopped by the Tank, reflected and wear a piece out")
	}
}
