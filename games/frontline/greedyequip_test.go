package frontline

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// Using a piece of Equipment the greedy bot is asked about scores in place
// (equipInPlace) what it scores used on a copy, where the attack then
// resolves as the rules resolve it, on every Equipment question of random
// games, and scoring it leaves the position as it was. Each question is
// checked again with every Comrade down to one hit point, so that the hits
// would kill and the copy must be used.
func TestGreedyScoresEquipmentInPlaceAsOnACopy(t *testing.T) {
	var waits, dealt, onACopy int
	for seed := uint64(1); seed <= 12; seed++ {
		for _, players := range []int{2, 4, 6} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 31))
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if s.phase == phEquip {
					for _, weak := range []bool{false, true} {
						x := s.clone()
						if weak {
							for q := range int(x.n) {
								x.seats[q].hp = min(x.seats[q].hp, 1)
							}
						}
						checkHitsCannotKill(t, x)
						p, m := int(seat), legal[0]
						want := x.scoreAfter(p, func(c *State) { c.do(p, m) })
						before := *x
						now := &survivalNow{s: x, p: p}
						_, c, _, _ := unmv(m)
						v, inPlace := x.equipInPlace(p, c, now)
						got := x.lookAhead(p, m, now)
						if got != want || inPlace && v != want || !reflect.DeepEqual(*x, before) {
							t.Fatalf("seed %d, %d players, move %d: %s scores %d (in place %v: %d), %d on a copy (or the position changed)",
								seed, players, n, x.Format(m), got, inPlace, v, want)
						}
						switch {
						case !inPlace:
							onACopy++
						case questionWaitsAfter(x, p, c):
							waits++
						default:
							dealt++
						}
					}
				}
				if _, err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("Equipment questions: %d scored in place with another waiting, %d with the hits dealt, %d on a copy", waits, dealt, onACopy)
	if waits == 0 || dealt == 0 || onACopy == 0 {
		t.Fatal("want questions scored each way")
	}
}

// checkHitsCannotKill checks, with every use of Equipment recorded for
// every seat, that where hitsCannotKill says the hits cannot kill, the
// rules' applyHits kills no one.
func checkHitsCannotKill(t *testing.T, s *State) {
	t.Helper()
	a := s.pack.Attack(uint8(s.attack))
	if !s.hitsCannotKill(a) {
		return
	}
	for used := range uint8(16) {
		c := s.clone()
		for q := range int(c.n) {
			c.eqUse[q] = used
		}
		c.applyHits(a)
		if c.aliveCount() != s.aliveCount() {
			t.Fatalf("the hits killed with uses %04b where hitsCannotKill said they cannot", used)
		}
	}
}

// questionWaitsAfter is questionWaits once p used Equipment c.
func questionWaitsAfter(s *State, p int, c uint8) bool {
	y := s.clone()
	y.eqUse[p] |= useFlag(s.pack.aEffect[c])
	return y.questionWaits()
}

// Choosing a revealed Maneuver's way reads nothing its seat does not know
// where no other seat holds a face-down card, or where the window before
// the next one is revealed stops at a seat that may act (windowWaits):
// over greedy games, at every such decision, the greedy bot chooses the
// same move with the same scores and draws on the position as on
// determinizations of it, and so decides on the position (readsPublic).
func TestGreedyChoiceOfAWayReadsNothingHidden(t *testing.T) {
	alone, waits, hidden := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 41))
			player := &Greedy{}
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if len(legal) > 1 && s.phase == phChoice {
					others := false
					for q := range int(s.n) {
						others = others || q != int(seat) && s.seats[q].is(fCommitted)
					}
					read := s.hiddenRead(seat)
					switch {
					case read != readsPublic && !others:
						t.Fatalf("seed %d, %d players, move %d: a way chosen with no other card face down reads %d", seed, players, n, read)
					case read != readsPublic:
						hidden++
					case others:
						waits++
					default:
						alone++
					}
					// Again with every Comrade at one hit point, where what
					// fires as the line moves may kill the seats that may act.
					for _, weak := range []bool{false, true} {
						x := s
						if weak {
							x = s.clone()
							for q := range int(x.n) {
								x.seats[q].hp = min(x.seats[q].hp, 1)
							}
						}
						if x.hiddenRead(seat) != readsPublic {
							continue
						}
						want, wantScores, wantDraw := decideOn(x, seat, legal, seed, n)
						for k := range uint64(4) {
							c := x.clone()
							c.Determinize(seat, rand.New(rand.NewPCG(seed, n64(n)+k)))
							m, scores, draw := decideOn(c, seat, legal, seed, n)
							if m != want || draw != wantDraw || !slices.Equal(scores, wantScores) {
								t.Fatalf("seed %d, %d players, move %d (weak %v): chose %s with scores %v on a determinization, %s with %v on the position (or drew otherwise)",
									seed, players, n, weak, s.Format(m), scores, s.Format(want), wantScores)
							}
						}
					}
				}
				m, err := bots.Decide(player, s, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("ways chosen on the position: %d with no other card face down, %d with a window waiting; %d on a determinization", alone, waits, hidden)
	if alone == 0 || waits == 0 || hidden == 0 {
		t.Fatal("want ways chosen of every kind")
	}
}
