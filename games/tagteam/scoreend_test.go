package tagteam

import (
	"testing"

	"stolik/engine"
)

// TestScoreEndRoundScoresAsEndRound checks the greedy bot's round end
// (scoreEndRound) against the rules' (endRound, by way of lookEndRound,
// which TestLookTurnPlaysAsPlayTurn checks): on the build positions of
// random games, with the defaults and with every option flipped, both
// seats' builds are applied to a state that ends its rounds so and to
// one that ends them as the rules do, once as they are and once with both
// build decks emptied so that the round ends the game drawn (B5.10); the
// game's end, the decision owed, the fighters, both seats' team scores
// and the look ahead's score after it are the same.
func TestScoreEndRoundScoresAsEndRound(t *testing.T) {
	g := New()
	games := 30
	if testing.Short() {
		games = 10
	}
	var ended, drawn int
	x, y := scoringState(), &State{quiet: true, lean: true}
	for _, set := range optionSets(g, false) {
		opts, err := engine.ResolveOptions(g.Options(), set)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(games) {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s, r := st.(*State), engine.NewRand(seed)
			for len(s.Pending()) > 0 {
				p := int(s.Pending()[0])
				if s.phase == phBuild && s.owes(0) && s.owes(1) {
					q := 1 - p
					ql := s.Legal(engine.Seat(q), nil)
					mq := ql[r.IntN(len(ql))]
					for _, m := range s.Legal(engine.Seat(p), nil) {
						for _, empty := range []bool{false, true} {
							e, d := checkScoreEnd(t, s, x, y, p, q, m, mq, empty, seed)
							ended, drawn = ended+e, drawn+d
						}
					}
				}
				legal := s.Legal(engine.Seat(p), nil)
				if _, err := s.Apply(engine.Seat(p), legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d rounds ended, %d of them drawn for the build decks", ended, drawn)
	if ended == 0 || drawn == 0 {
		t.Fatal("no round ended, or none drawn: scoreEndRound was not checked")
	}
}

// checkScoreEnd applies q's build mq and p's m to x (scoreEndRound) and
// y (the rules' round end), both copies of s, the build decks emptied if
// empty, and compares what the greedy bot reads after them; it reports
// whether the round ended, and whether it ended the game drawn.
func checkScoreEnd(t *testing.T, s, x, y *State, p, q int, m, mq engine.Move, empty bool, seed uint64) (ended, drawn int) {
	t.Helper()
	var errs [2]error
	for i, c := range []*State{x, y} {
		c.CopyFrom(s)
		if empty {
			for k := range c.players {
				c.players[k].buildN, c.players[k].known = 0, 0
			}
		}
		if _, err := c.Apply(engine.Seat(q), mq); err != nil {
			t.Fatalf("game %d: %s: %v", seed, s.Format(mq), err)
		}
		_, errs[i] = c.Apply(engine.Seat(p), m)
	}
	where := func() string { return s.Format(m) + " after " + s.Format(mq) }
	if (errs[0] == nil) != (errs[1] == nil) {
		t.Fatalf("game %d, round %d: %s: %v against %v", seed, s.round, where(), errs[0], errs[1])
	}
	if x.over != y.over || x.winner != y.winner || x.phase != y.phase || x.halted != y.halted ||
		x.players[0].decided != y.players[0].decided || x.players[1].decided != y.players[1].decided {
		t.Fatalf("game %d, round %d, empty build decks %v: %s: ends the round elsewhere than the rules", seed, s.round, empty, where())
	}
	for k := range x.players {
		if x.players[k].fighters != y.players[k].fighters {
			t.Fatalf("game %d, round %d: %s: the fighters differ", seed, s.round, where())
		}
		if x.teamScore(k) != y.teamScore(k) {
			t.Fatalf("game %d, round %d: %s: seat %d scores %d, %d by the rules' round", seed, s.round, where(), k, x.teamScore(k), y.teamScore(k))
		}
	}
	vx, hx := x.playAhead(&ahead{p: p, guess: seed})
	vy, hy := y.playAhead(&ahead{p: p, guess: seed})
	if vx != vy || hx != hy {
		t.Fatalf("game %d, round %d: %s: looks ahead to %d, %d by the rules' round", seed, s.round, where(), vx, vy)
	}
	if x.round > s.round && (x.phase == phBuild || x.over != 0) {
		ended = 1
		if x.over != 0 && x.winner == -2 && empty {
			drawn = 1
		}
	}
	return ended, drawn
}
