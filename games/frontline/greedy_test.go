package frontline

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// Where the greedy bot says its choice depends on nothing its seat does
// not know (PublicChoice), every legal move scores the same on the true
// position as on any determinization of it, so skipping the
// determinization cannot change what it plays.
func TestGreedyPublicChoicesScoreAlikeInEveryWorld(t *testing.T) {
	public, hidden := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		for _, players := range []int{2, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 7))
			var bot Greedy
			var legal []engine.Move
			for n := 0; n < 600 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if len(legal) > 1 {
					if !bot.PublicChoice(s, seat) {
						hidden++
					} else {
						public++
						want := greedyScores(s.clone(), seat, legal)
						for range 4 {
							c := s.clone()
							c.Determinize(seat, r)
							if got := greedyScores(c, seat, legal); !slices.Equal(got, want) {
								t.Fatalf("seed %d, %d players, move %d, seat %d (%s): scores %v on a determinization, %v on the position",
									seed, players, n, seat, phaseNames[s.phase], got, want)
							}
						}
					}
				}
				if _, err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d public choices checked, %d that need a determinization", public, hidden)
	if public == 0 || hidden == 0 {
		t.Fatalf("want both kinds of decision: %d public, %d hidden", public, hidden)
	}
}

// greedyScores are the greedy bot's scores of legal for seat in s.
func greedyScores(s *State, seat engine.Seat, legal []engine.Move) []int {
	var out []int
	for _, m := range legal {
		out = append(out, s.greedyScore(int(seat), m))
	}
	return out
}

// The greedy bot decides on the position itself where its choice is public
// (engine.InPlaceBot): over greedy games, every decision leaves the
// position exactly as it was, event buffer and look-ahead scratch
// included, and every damage it projects in place is the damage the
// attack deals a copy.
func TestGreedyLeavesThePositionAsItWas(t *testing.T) {
	inPlace, projected := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		for _, players := range []int{2, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 9))
			bot := &Greedy{}
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				before := *s
				before.events = slices.Clone(s.events)
				if bot.PublicChoice(s, seat) {
					inPlace++
				}
				m, err := bots.Decide(bot, s, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(*s, before) {
					t.Fatalf("seed %d, %d players, move %d: deciding changed the position", seed, players, n)
				}
				for p := range int(s.n) {
					if s.attackPending() && s.alive(p) {
						projected++
						d := s.projected(p)
						s.look = nil // a projection on a copy takes a scratch state
						if want := s.clone().strikeNow(p); d != want || !reflect.DeepEqual(*s, before) {
							t.Fatalf("seed %d, %d players, move %d: projected %d damage to seat %d, a copy takes %d (or the position changed)", seed, players, n, d, p, want)
						}
					}
				}
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d decisions on the position itself, %d projections", inPlace, projected)
	if inPlace == 0 || projected == 0 {
		t.Fatal("nothing checked")
	}
}

// The cards the greedy bot scores in place (a flag set, a Target moved,
// a step, a march, an order or a shuffle of the line, with the Mines and
// Barbed Wire that fire on the way, and the Events it may answer with
// Niet!) score as they do played forward on a copy, and scoring them
// leaves the position as it was.
func TestGreedyScoresInPlaceAsOnACopy(t *testing.T) {
	checked, answers, fired := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		for _, players := range []int{2, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 11))
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				p := int(seat)
				legal = s.Legal(seat, legal[:0])
				// One position's scores share what they worked out, as
				// the bot's do (survivalNow).
				now := &survivalNow{s: s, p: p}
				for _, m := range legal {
					k, c, a, b := unmv(m)
					var want int
					switch e := s.pack.aEffect[c]; {
					case k == mCommit && s.pack.aKind[c] == Maneuver:
						if flagOf(e) == 0 && e != StepFx && e != SwapFx {
							continue
						}
						want = s.bestManeuverOutcome(p, c)
					case k == mPlay && s.phase == phWindow && (e == CoverFx || e == MoveTargetFx || e == MarchFx || e == OrderFx || e == WsjoRawnoFx):
						want = s.scoreAfter(p, func(x *State) {
							x.seats[p].hand.clear(c)
							x.resolveItem(stackItem{seat: int8(p), card: c, a: a, b: b})
						})
					case k == mPlay && s.phase == phAnswer:
						top := s.stack[s.stackN-1]
						want = s.scoreAfter(p, func(x *State) { x.resolveItem(top) })
						answers++
					default:
						continue
					}
					before := *s
					if got := s.lookAhead(p, m, now); got != want || !reflect.DeepEqual(*s, before) {
						t.Fatalf("seed %d, %d players, move %d: %s scores %d in place, %d on a copy (or the position changed)", seed, players, n, s.Format(m), got, want)
					}
					checked++
					if now.fire.fired {
						fired++
					}
				}
				if _, err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d moves scored in place checked, %d of them answers, %d with something fired", checked, answers, fired)
	if checked == 0 || answers == 0 || fired == 0 {
		t.Fatal("nothing checked")
	}
}

// A greedy bot whose game is over (Close) keeps nothing, and a bot that
// decides after it chooses as a new one does.
func TestGreedyClosedKeepsNothing(t *testing.T) {
	s := newSearchState(t, 2, 3)
	used := newGreedy()
	for n := 0; n < 200 && len(s.Pending()) > 0; n++ {
		seat := s.Pending()[0]
		m, err := bots.Decide(used, s, seat, rand.New(rand.NewPCG(uint64(n), 1)))
		if err != nil {
			t.Fatal(err)
		}
		if n%50 == 49 {
			if err := used.Close(); err != nil || used.look != nil || used.Copy != nil || used.Moves != nil {
				t.Fatalf("a closed bot keeps its scratch (error %v)", err)
			}
		}
		again, err := bots.Decide(newGreedy(), s, seat, rand.New(rand.NewPCG(uint64(n), 1)))
		if err != nil {
			t.Fatal(err)
		}
		if again != m {
			t.Fatalf("move %d: a bot with scratch handed on chose %s, one of its own %s", n, s.Format(again), s.Format(m))
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
}

// Where the greedy bot's choice reads the game's randomness and no hidden
// card (hiddenRead), the randomness it draws for the decision is the one
// a determinization leaves, drawn from the same stream and leaving it at
// the same point, and every legal move scores on the position with it as
// on the determinized copy.
func TestGreedyDrawsTheRandomnessADeterminizationLeaves(t *testing.T) {
	checked := map[uint8]int{}
	for seed := uint64(1); seed <= 16; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			r := rand.New(rand.NewPCG(seed, 13))
			bot := &Greedy{}
			var legal []engine.Move
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				legal = s.Legal(seat, legal[:0])
				if len(legal) > 1 && s.hiddenRead(seat) == readsRandomness {
					for k := range uint64(3) {
						det, want := rand.New(rand.NewPCG(seed, n64(n)+k)), rand.New(rand.NewPCG(seed, n64(n)+k))
						c := s.clone()
						c.Determinize(seat, want)
						before := *s
						rng := s.determinizedRNG(seat, det)
						if rng != c.rng || det.Uint64() != want.Uint64() || !reflect.DeepEqual(*s, before) {
							t.Fatalf("seed %d, %d players, move %d (%s): the randomness drawn is not the determinization's (or the stream or position differs)", seed, players, n, phaseNames[s.phase])
						}
						wantScores := greedyScores(c, seat, legal)
						s.rng = rng
						got := greedyScores(s, seat, legal)
						s.rng = before.rng
						if !slices.Equal(got, wantScores) {
							t.Fatalf("seed %d, %d players, move %d (%s): scores %v with the randomness drawn, %v on the determinization", seed, players, n, phaseNames[s.phase], got, wantScores)
						}
					}
					checked[s.phase]++
				}
				m, err := bots.Decide(bot, s, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("decisions checked by phase: %v", checked)
	// A way chosen reads no randomness (TestGreedyChoiceOfAWayReadsNothingHidden).
	for _, ph := range []uint8{phWindow, phAnswer} {
		if checked[ph] == 0 {
			t.Errorf("no decision checked in phase %s", phaseNames[ph])
		}
	}
}

func n64(n int) uint64 { return uint64(n) << 8 }

// A move the greedy bot leaves unscored because it cannot reach the
// pass's score (survivalNow.floor) changes nothing: over greedy games, a
// bot that scores every move exactly chooses the same move with the same
// draws, on every decision, and some decisions do leave moves unscored.
// Each bot's determinization is drawn from a stream of its own (as
// simbench.CheckBotChoices draws it): where the only move whose score
// reads the randomness is left unscored, the bot does not determinize
// (shuffleUnscored), and a bot that scores it does.
func TestGreedyUnscoredMovesChangeNothing(t *testing.T) {
	decisions, unscored := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, players := range []int{2, 3, 4} {
			s := newSearchState(t, players, seed)
			fast, exact := &Greedy{}, &Greedy{exact: true}
			for n := 0; n < 3000 && len(s.Pending()) > 0; n++ {
				seat := s.Pending()[0]
				r1, r2 := rand.New(rand.NewPCG(seed, uint64(n))), rand.New(rand.NewPCG(seed, uint64(n)))
				det1, det2 := rand.New(rand.NewPCG(seed, n64(n)+1)), rand.New(rand.NewPCG(seed, n64(n)+1))
				m, err := bots.DecideWith(fast, s, seat, det1, r1)
				if err != nil {
					t.Fatal(err)
				}
				want, err := bots.DecideWith(exact, s, seat, det2, r2)
				if err != nil {
					t.Fatal(err)
				}
				if m != want || r1.Uint64() != r2.Uint64() {
					t.Fatalf("seed %d, %d players, move %d (%s): chose %s, scoring every move %s (or drew otherwise)", seed, players, n, phaseNames[s.phase], s.Format(m), s.Format(want))
				}
				if len(fast.scores) > 0 && !slices.Equal(fast.scores, exact.scores) {
					unscored++
				}
				fast.scores, exact.scores = fast.scores[:0], exact.scores[:0]
				decisions++
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d decisions, %d with moves left unscored", decisions, unscored)
	if unscored == 0 {
		t.Fatal("no move left unscored")
	}
}
