package bots_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// counted is a position that counts its determinizations.
type counted struct {
	engine.State
	determinized *int
}

func (s *counted) Clone() engine.State {
	return &counted{State: s.State.Clone(), determinized: s.determinized}
}

func (s *counted) Determinize(observer engine.Seat, r *rand.Rand) {
	*s.determinized++
	s.State.Determinize(observer, r)
}

// publicWhen is a bot whose choice needs no hidden facts when public says
// so; it plays the first legal move.
type publicWhen struct {
	engine.KeptCopy
	public bool
}

func (b *publicWhen) PublicChoice(engine.State, engine.Seat) bool { return b.public }

func (b *publicWhen) Choose(st engine.State, seat engine.Seat, _ *rand.Rand) (engine.Move, error) {
	return st.Legal(seat, nil)[0], nil
}

// A bot whose choice on a position depends only on what its seat knows is
// handed a copy that is not determinized; any other decision determinizes.
func TestDecideSkipsTheDeterminizationOfPublicChoices(t *testing.T) {
	for _, public := range []bool{false, true} {
		n := 0
		st := &counted{State: newGame(t, "frontline", 5), determinized: &n}
		b := &publicWhen{public: public}
		if _, err := bots.Decide(b, st, st.Pending()[0], rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{false: 1, true: 0}[public]; n != want {
			t.Errorf("public choice %v: %d determinizations, want %d", public, n, want)
		}
	}
}

// listing is a bot that plays forced moves as they are and records whether
// the legal moves it is handed were listed for it.
type listing struct {
	engine.KeptCopy
	listed, same bool
}

func (*listing) ForcedMoves() {}

func (b *listing) Choose(st engine.State, seat engine.Seat, _ *rand.Rand) (engine.Move, error) {
	b.listed = b.Listed
	b.same = slices.Equal(b.Moves, st.Legal(seat, nil))
	b.Listed = false
	return b.Moves[0], nil
}

// A bot that plays forced moves as they are is handed the legal moves
// Decide listed on the position, and they are its copy's.
func TestDecideHandsOverTheLegalMovesItListed(t *testing.T) {
	st := newGame(t, "frontline", 5)
	seat := st.Pending()[0]
	if len(st.Legal(seat, nil)) < 2 {
		t.Fatal("the first decision is forced")
	}
	b := &listing{}
	if _, err := bots.Decide(b, st, seat, rand.New(rand.NewPCG(1, 2))); err != nil {
		t.Fatal(err)
	}
	if !b.listed || !b.same {
		t.Errorf("listed %v, the copy's own moves %v: want both", b.listed, b.same)
	}
}

// inPlaceWhen is a publicWhen that leaves the position as it was, and
// records the state it is handed.
type inPlaceWhen struct {
	publicWhen
	handed engine.State
}

func (*inPlaceWhen) InPlace() {}

func (b *inPlaceWhen) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	b.handed = st
	return b.publicWhen.Choose(st, seat, r)
}

// A bot that leaves the position as it was is handed the position itself
// where its choice is public, and a determinized copy where it is not.
func TestDecideHandsThePositionToAnInPlaceBot(t *testing.T) {
	for _, public := range []bool{false, true} {
		n := 0
		st := &counted{State: newGame(t, "frontline", 5), determinized: &n}
		b := &inPlaceWhen{publicWhen: publicWhen{public: public}}
		if _, err := bots.Decide(b, st, st.Pending()[0], rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Fatal(err)
		}
		if got := b.handed == engine.State(st); got != public || n != map[bool]int{false: 1, true: 0}[public] {
			t.Errorf("public choice %v: handed the position %v, %d determinizations", public, got, n)
		}
	}
}
