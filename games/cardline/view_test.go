package cardline

import (
	"encoding/json"
	"strings"
	"testing"

	"stolik/engine"
)

// Scenario 30: player B's view lists the names of all players' cards
// (including B's own) and the deck top's name, but no trait values for any
// of them; it lists all three trait values of every line card.
func TestScenario30View(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 3, "trait": "combat", "first": "0"})
	st, err := g.New(opts, nil, 30)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	// Play a few turns so the line and the box hold revealed cards.
	r := engine.NewRand(3)
	for i := 0; i < 6; i++ {
		p := s.Pending()[0]
		legal := s.Legal(p, nil)
		if _, err := s.Apply(p, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	const b = engine.Seat(1)
	raw, err := json.Marshal(s.View(b))
	if err != nil {
		t.Fatal(err)
	}
	var v View
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	blocks := traitBlocks(s.pack)
	for p := range 3 {
		if len(v.Players[p].Cards) != int(s.handLen[p]) {
			t.Fatalf("seat %d: view lists %d cards, the seat holds %d", p, len(v.Players[p].Cards), s.handLen[p])
		}
		for i, c := range s.hands[p][:s.handLen[p]] {
			k := &s.pack.Cards[c]
			if got := v.Players[p].Cards[i]; got.ID != k.ID || got.Name != k.Name {
				t.Errorf("seat %d card %d: view shows %+v, want %s", p, i, got, k.ID)
			}
			if strings.Contains(text, blocks[c]) {
				t.Errorf("the traits of %s, in seat %d's hand, are in B's view", k.ID, p)
			}
		}
	}
	top := s.deck[s.deckLen-1]
	if v.DeckTop == nil || v.DeckTop.ID != s.pack.Cards[top].ID {
		t.Errorf("deck top %v, want %s", v.DeckTop, s.pack.Cards[top].ID)
	}
	for _, c := range s.deck[:s.deckLen] {
		if strings.Contains(text, blocks[c]) {
			t.Errorf("the traits of deck card %s are in B's view", s.pack.Cards[c].ID)
		}
	}
	if len(v.Line) != int(s.lineLen) || s.lineLen < 2 {
		t.Fatalf("view line has %d cards, state %d", len(v.Line), s.lineLen)
	}
	for i, c := range s.line[:s.lineLen] {
		k := &s.pack.Cards[c]
		want := Traits{k.Strength, k.StrengthKG, k.IQ, k.Combat}
		if v.Line[i].ID != k.ID || v.Line[i].Traits != want {
			t.Errorf("line card %d: view %+v, want %s %+v", i, v.Line[i], k.ID, want)
		}
	}
}

// The views of every seat and of a spectator are the same: nobody in
// Cardline knows anything the others do not (spec section 9).
func TestViewsEqual(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 5})
	st, _ := g.New(opts, nil, 9)
	want, _ := json.Marshal(st.View(engine.Spectator))
	for p := engine.Seat(0); p < 5; p++ {
		v := st.View(p).(View)
		v.Viewer = -1
		got, _ := json.Marshal(v)
		if string(got) != string(want) {
			t.Fatalf("seat %d sees\n%s\nspectator sees\n%s", p, got, want)
		}
	}
}
