package server

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

func lookup(name string) (engine.Game, error) { return all.Lookup(name, "") }

// playSome plays n random legal moves through the human seats' tokens
// (fresh ones) and as the server plays its bots.
func playSome(t *testing.T, tab *Table, r *rand.Rand, n int) {
	t.Helper()
	toks := tokens(t, tab)
	for i := 0; i < n; i++ {
		seat, text, ok := randomMove(tab, r)
		if !ok {
			return
		}
		var err error
		if token, ok := toks[seat]; ok {
			_, err = tab.Play(context.Background(), token, text)
		} else {
			_, err = tab.playSeat(context.Background(), seat, text)
		}
		if err != nil {
			t.Fatalf("move %s by seat %d: %v", text, seat, err)
		}
	}
}

// randomMove is a random legal move of a random pending seat, in
// notation; false once nobody is to move.
func randomMove(tab *Table, r *rand.Rand) (engine.Seat, string, bool) {
	_, _, pending := tab.View(engine.Spectator)
	if len(pending) == 0 {
		return engine.NoSeat, "", false
	}
	seat := pending[r.IntN(len(pending))]
	_, legal, _ := tab.View(seat)
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return seat, tab.st.Format(legal[r.IntN(len(legal))]), true
}

// Every game: a table survives its store being closed and opened again
// mid-game, and finishes in the same position as a straight replay.
func TestTableSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "stolik.db")
			s, err := store.OpenSQLite(path)
			if err != nil {
				t.Fatal(err)
			}
			spec, _ := engine.ResolveOptions(g.Options(), nil)
			seats := make([]string, spec.Int("players"))
			for i := range seats {
				seats[i] = "human"
			}
			tab, _, err := CreateTable(ctx, s, g, Spec{Seats: seats, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(7)
			playSome(t, tab, r, 6)
			before, played := tab.Hash(), tab.Moves()
			s.Close()

			s, err = store.OpenSQLite(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			ids, err := s.Unfinished(ctx)
			if err != nil || len(ids) != 1 || ids[0] != tab.ID() {
				t.Fatalf("unfinished tables %v (%v), want [%s]", ids, err, tab.ID())
			}
			again, err := OpenTable(ctx, s, lookup, tab.ID())
			if err != nil {
				t.Fatal(err)
			}
			if again.Hash() != before || again.Moves() != played {
				t.Fatalf("rebuilt at move %d with another position (moves %d)", again.Moves(), played)
			}
			playSome(t, again, r, 100000)
			if _, over := again.Outcome(); !over {
				t.Fatal("the game did not finish")
			}
			rec, moves, err := s.Load(ctx, tab.ID())
			if err != nil || !rec.Finished || len(moves) != again.Moves() {
				t.Fatalf("stored: finished %v, %d moves of %d (%v)", rec.Finished, len(moves), again.Moves(), err)
			}
			third, err := OpenTable(ctx, s, lookup, tab.ID())
			if err != nil || third.Hash() != again.Hash() {
				t.Fatalf("a replay of the finished record ends elsewhere (%v)", err)
			}
		})
	}
}

// failingStore refuses every move.
type failingStore struct{ store.Store }

func (failingStore) AppendMove(context.Context, string, store.Move) error {
	return errors.New("disk full")
}

func TestRejectedAndUnstoredMovesChangeNothing(t *testing.T) {
	ctx := context.Background()
	s, err := store.OpenSQLite(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, _ := lookup("tagteam")
	tab, sec, err := CreateTable(ctx, s, g, Spec{Options: map[string]any{"draft": "first_game"}, Seats: []string{"human", "human"}, Seed: 1, Sit: true})
	if err != nil {
		t.Fatal(err)
	}
	h := tab.Hash()
	if _, err := tab.Play(ctx, "not-a-token", "first enrage"); !errors.Is(err, ErrBadToken) {
		t.Errorf("a wrong token: %v", err)
	}
	if _, err := tab.Play(ctx, sec.Token, "first enrage"); err == nil {
		t.Error("seat 0 played seat 1's starting card")
	} else if _, ok := engine.AsRuleError(err); !ok {
		t.Errorf("an illegal move gave %v, not a rule error", err)
	}
	tab.store = failingStore{s}
	if _, err := tab.Play(ctx, sec.Token, "first dieu-premier-servi"); err == nil {
		t.Error("a move that could not be stored was accepted")
	}
	if tab.Hash() != h || tab.Moves() != 0 {
		t.Error("a refused move changed the table")
	}
}
