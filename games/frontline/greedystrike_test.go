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

// No move of the line the greedy bot scores in place makes a Mine or
// Barbed Wire deal a Comrade more than fireWorst, and where fireCannotKill
// says so, no such move kills a Comrade or reaches the Tank (firing.enter
// succeeds): over positions of random games with something on the line,
// every step, march, order, swap and shuffle of every seat, played on the
// position and put back.
func TestGreedyFireWorstBoundsWhatFires(t *testing.T) {
	checked, fired, harmless := 0, 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 19))
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				if (s.minesN > 0 || !s.wireless()) && s.nothingWaits() {
					worst, cannot := s.fireWorst(), s.fireCannotKill()
					if cannot {
						harmless++
					}
					for _, m := range lineShifts(s) {
						line, rng := s.line, s.rng
						var f firing
						ok := s.shiftLine(m, &f)
						for q := range int(s.n) {
							if f.fired && int(f.hp[q]-s.seats[q].hp) > worst {
								t.Fatalf("seed %d, %d players, move %d: %+v dealt seat %d %d damage, more than fireWorst %d", seed, players, n, m, q, f.hp[q]-s.seats[q].hp, worst)
							}
						}
						if cannot && !ok {
							t.Fatalf("seed %d, %d players, move %d: %+v kills or reaches the Tank where fireCannotKill says it cannot", seed, players, n, m)
						}
						if f.fired {
							fired++
						}
						s.line, s.rng = line, rng
						f.putBack(s)
						checked++
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
	t.Logf("%d moves of the line checked, %d of them fired something, at %d positions where nothing can kill", checked, fired, harmless)
	if fired == 0 || harmless == 0 {
		t.Fatal("nothing fired, or no position where nothing can kill")
	}
}

// lineShifts are the moves of the line the greedy bot may work out in
// place on s: steps of every living seat either way, orders, swaps and a
// shuffle.
func lineShifts(s *State) []lineShift {
	var out []lineShift
	for q := range int(s.n) {
		if !s.alive(q) {
			continue
		}
		for _, d := range []int{-1, 1} {
			for n := 1; n <= 3; n++ {
				out = append(out, lineShift{kind: shiftSteps, q: q, d: d, n: n})
			}
		}
		out = append(out, lineShift{kind: shiftOrder, q: q})
		for o := range int(s.n) {
			if o != q && s.alive(o) {
				out = append(out, lineShift{kind: shiftSwap, q: q, d: o})
			}
		}
	}
	return append(out, lineShift{kind: shiftShuffle})
}
