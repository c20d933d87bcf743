package bots_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// pickOne is a game of one decision among many moves: seat 0 wins by
// playing the good move and loses with any other; Rank puts moves nearer
// the good one first.
type pickOne struct {
	good, moves engine.Move
	played      bool
	won         bool
}

func (s *pickOne) Seats() int { return 2 }
func (s *pickOne) Pending() []engine.Seat {
	if s.played {
		return nil
	}
	return []engine.Seat{0}
}
func (s *pickOne) Legal(seat engine.Seat, dst []engine.Move) []engine.Move {
	if seat != 0 || s.played {
		return dst
	}
	for m := range s.moves {
		dst = append(dst, m)
	}
	return dst
}
func (s *pickOne) Apply(seat engine.Seat, m engine.Move) ([]engine.Event, error) {
	if seat != 0 || s.played || m >= s.moves {
		return nil, &engine.RuleError{Code: "illegal"}
	}
	s.played, s.won = true, m == s.good
	return nil, nil
}
func (s *pickOne) Outcome() (engine.Outcome, bool) {
	if !s.played {
		return engine.Outcome{}, false
	}
	if s.won {
		return engine.Outcome{Winners: []engine.Seat{0}, Ranks: []int{1, 2}}, true
	}
	return engine.Outcome{Winners: []engine.Seat{1}, Ranks: []int{2, 1}}, true
}
func (s *pickOne) View(engine.Seat) any { return s.played }
func (s *pickOne) RedactEvent(engine.Event, engine.Seat, engine.Lang) (engine.EventView, bool) {
	return engine.EventView{}, false
}
func (s *pickOne) Snapshot() any                                { return s.played }
func (s *pickOne) Clone() engine.State                          { c := *s; return &c }
func (s *pickOne) Determinize(engine.Seat, *rand.Rand)          {}
func (s *pickOne) Hash() uint64                                 { return uint64(s.good) }
func (s *pickOne) Format(m engine.Move) string                  { return fmt.Sprint(uint64(m)) }
func (s *pickOne) Parse(string) (engine.Move, error)            { return 0, nil }
func (s *pickOne) Describe(m engine.Move, _ engine.Lang) string { return s.Format(m) }

func (s *pickOne) Rank(_ engine.Seat, legal []engine.Move, score []float64) {
	for i, m := range legal {
		d := float64(m) - float64(s.good)
		score[i] = -d * d
	}
}

// At a decision of many moves the search tries them in the game's order
// (engine.Ranker) and widens its choice with its visits, so with fewer
// playouts than moves it still finds the one good move the ranking puts
// first, where trying untried moves at random finds it by luck.
func TestMCTSWidensByTheGameRanking(t *testing.T) {
	for seed := range uint64(10) {
		st := &pickOne{good: engine.Move(37 + 13*seed), moves: 400}
		b, err := bots.NewMCTS(nil, "100")
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.Choose(st, 0, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if m != st.good {
			t.Errorf("seed %d: played %d, the good move is %d", seed, m, st.good)
		}
	}
}

// priorPick is pickOne whose game asks for PUCT over its ranking: the
// ranking puts a losing move first, the good move a little below it and
// every other move far below.
type priorPick struct {
	pickOne
	decoy engine.Move
}

func (s *priorPick) Clone() engine.State { c := *s; return &c }

func (s *priorPick) Rank(_ engine.Seat, legal []engine.Move, score []float64) {
	for i, m := range legal {
		switch m {
		case s.decoy:
			score[i] = 0
		case s.good:
			score[i] = -1
		default:
			score[i] = -1000 - float64(m)
		}
	}
}

func (s *priorPick) RankPrior() (c, temperature float64) { return 1, 1 }

// Where the game asks for it, the search chooses at a wide decision by
// PUCT with the ranking as prior: it tries the move the ranking likes
// best, finds the good one the ranking puts just below it, and spends no
// playout on the moves the ranking rules out (progressive widening would
// have tried 1 + √100 = 11 of them).
func TestMCTSFollowsTheGamePrior(t *testing.T) {
	for seed := range uint64(10) {
		st := &priorPick{pickOne: pickOne{good: engine.Move(37 + 13*seed), moves: 400}, decoy: engine.Move(5 + seed)}
		b, err := bots.NewMCTS(nil, "100")
		if err != nil {
			t.Fatal(err)
		}
		bots.SearchEverything(b)
		m, err := b.Choose(st, 0, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if m != st.good {
			t.Errorf("seed %d: played %d, the good move is %d", seed, m, st.good)
		}
		// The root and one node for each move tried.
		if tried := b.Last.Nodes - 1; tried > 2 {
			t.Errorf("seed %d: tried %d moves, want the 2 the ranking favours", seed, tried)
		}
	}
}

// marginPick is a game that seat 0 wins whatever it plays, widely with
// the good move and narrowly with any other, and scores its finished
// games itself.
type marginPick struct{ pickOne }

func (s *marginPick) Clone() engine.State { c := *s; return &c }
func (s *marginPick) Outcome() (engine.Outcome, bool) {
	if !s.played {
		return engine.Outcome{}, false
	}
	return engine.Outcome{Winners: []engine.Seat{0}, Ranks: []int{1, 2}}, true
}
func (s *marginPick) ScoreFinal(dst []float64) []float64 {
	if s.won {
		return append(dst, 1, 0)
	}
	return append(dst, 0.7, 0.3)
}

// A game that scores its finished playouts itself (Tag Team: by the HP
// each team kept as well as by who won) has the search tell a wide win
// from a narrow one, which counting wins alone cannot.
func TestMCTSTakesTheGameScoreOfFinishedPlayouts(t *testing.T) {
	for seed := range uint64(10) {
		st := &marginPick{pickOne{good: engine.Move(seed % 8), moves: 8}}
		b, err := bots.NewMCTS(nil, "200")
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.Choose(st, 0, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if m != st.good {
			t.Errorf("seed %d: played %d, the wide win is %d", seed, m, st.good)
		}
	}
}
