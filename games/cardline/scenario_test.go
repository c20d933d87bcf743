package cardline

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// The spec's numbered test scenarios are records with fixed setups in
// testdata/scenarios, played by the conformance kit (enginetest.RunScenarios)
// with this game's checks.

// check is what must hold once After moves have been applied. Absent
// fields are not checked.
type check struct {
	After      int        `json:"after"`
	Line       []string   `json:"line,omitempty"`
	LineCount  *int       `json:"line_count,omitempty"`
	Hands      [][]string `json:"hands,omitempty"` // as sets
	HandCounts []int      `json:"hand_counts,omitempty"`
	Deck       []string   `json:"deck,omitempty"` // top first
	DeckCount  *int       `json:"deck_count,omitempty"`
	Box        []string   `json:"box,omitempty"` // as a set
	BoxCount   *int       `json:"box_count,omitempty"`
	Round      int        `json:"round,omitempty"`
	Pending    []int      `json:"pending,omitempty"` // [] for a finished game
	Active     []bool     `json:"active,omitempty"`
	Winners    []int      `json:"winners,omitempty"`
	Over       *bool      `json:"over,omitempty"`
	// Gaps is the number of gaps offered to the seat on turn, for each of its cards.
	Gaps int `json:"gaps,omitempty"`
	// Events are the events of the last move, as "kind seat card a b"
	// with card ids ("-" for none) — only kind is compared when the entry is one word.
	Events []string `json:"events,omitempty"`
	// Correct are the results of every placement so far, in order.
	Correct []bool `json:"correct,omitempty"`
}

func testPack(t testing.TB) *Pack {
	t.Helper()
	p, err := LoadDir("testdata/pack")
	if err != nil {
		t.Fatalf("test pack: %v", err)
	}
	return p
}

func TestScenarios(t *testing.T) {
	enginetest.RunScenarios(t, "testdata/scenarios/*.json", 29, func(t *testing.T, pack string) engine.Game {
		if pack == "test" {
			return WithPack(testPack(t))
		}
		return New()
	}, verify)
}

// AfterMoves is when the check holds.
func (c check) AfterMoves() int { return c.After }

func (s *State) ids(cs []uint8) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = s.pack.Cards[c].ID
	}
	return out
}

func sorted(xs []string) []string {
	ys := slices.Clone(xs)
	sort.Strings(ys)
	return ys
}

func verify(t *testing.T, st engine.State, ch check, last, all []engine.Event) {
	s := st.(*State)
	var correct []bool
	for _, e := range all {
		if e.Kind == EvPlaced {
			correct = append(correct, e.B == 1)
		}
	}
	t.Helper()
	at := fmt.Sprintf("after %d moves", ch.After)
	if ch.Line != nil && !slices.Equal(s.ids(s.line[:s.lineLen]), ch.Line) {
		t.Errorf("%s: line %v, want %v", at, s.ids(s.line[:s.lineLen]), ch.Line)
	}
	if ch.LineCount != nil && int(s.lineLen) != *ch.LineCount {
		t.Errorf("%s: line has %d cards, want %d", at, s.lineLen, *ch.LineCount)
	}
	for p, want := range ch.Hands {
		got := s.ids(s.hands[p][:s.handLen[p]])
		if !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("%s: seat %d holds %v, want %v", at, p, got, want)
		}
	}
	for p, want := range ch.HandCounts {
		if int(s.handLen[p]) != want {
			t.Errorf("%s: seat %d holds %d cards, want %d", at, p, s.handLen[p], want)
		}
	}
	var deck []string
	for i := int(s.deckLen) - 1; i >= 0; i-- {
		deck = append(deck, s.pack.Cards[s.deck[i]].ID)
	}
	if ch.Deck != nil && !slices.Equal(deck, ch.Deck) {
		t.Errorf("%s: deck %v, want %v", at, deck, ch.Deck)
	}
	if ch.DeckCount != nil && int(s.deckLen) != *ch.DeckCount {
		t.Errorf("%s: deck has %d cards, want %d", at, s.deckLen, *ch.DeckCount)
	}
	if ch.Box != nil && !slices.Equal(sorted(s.ids(s.box[:s.boxLen])), sorted(ch.Box)) {
		t.Errorf("%s: box %v, want %v", at, s.ids(s.box[:s.boxLen]), ch.Box)
	}
	if ch.BoxCount != nil && int(s.boxLen) != *ch.BoxCount {
		t.Errorf("%s: box has %d cards, want %d", at, s.boxLen, *ch.BoxCount)
	}
	if ch.Round != 0 && int(s.round) != ch.Round {
		t.Errorf("%s: round %d, want %d", at, s.round, ch.Round)
	}
	if ch.Pending != nil {
		var got []int
		for _, p := range s.Pending() {
			got = append(got, int(p))
		}
		if !slices.Equal(got, ch.Pending) {
			t.Errorf("%s: pending %v, want %v", at, got, ch.Pending)
		}
	}
	if ch.Active != nil {
		for p, want := range ch.Active {
			if s.isActive(engine.Seat(p)) != want {
				t.Errorf("%s: seat %d active=%v, want %v", at, p, !want, want)
			}
		}
	}
	out, over := s.Outcome()
	if ch.Over != nil && over != *ch.Over {
		t.Errorf("%s: over=%v, want %v", at, over, *ch.Over)
	}
	if ch.Winners != nil {
		var got []int
		for _, w := range out.Winners {
			got = append(got, int(w))
		}
		if !over || !slices.Equal(got, ch.Winners) {
			t.Errorf("%s: winners %v (over=%v), want %v", at, got, over, ch.Winners)
		}
	}
	if ch.Gaps != 0 {
		p := s.turn
		legal := s.Legal(p, nil)
		if int(s.handLen[p])*ch.Gaps != len(legal) {
			t.Errorf("%s: seat %d has %d legal moves for %d cards, want %d gaps per card", at, p, len(legal), s.handLen[p], ch.Gaps)
		}
		for _, m := range legal {
			if _, g, _ := decode(m); g >= ch.Gaps {
				t.Errorf("%s: gap %d offered, want gaps 0..%d", at, g, ch.Gaps-1)
			}
		}
	}
	if ch.Events != nil {
		var got []string
		for _, e := range last {
			card := "-"
			if e.Card >= 0 {
				card = s.pack.Cards[e.Card].ID
			}
			got = append(got, fmt.Sprintf("%s %d %s %d %d", KindName(e.Kind), e.Seat, card, e.A, e.B))
		}
		ok := len(got) == len(ch.Events)
		for i := 0; ok && i < len(got); i++ {
			want := ch.Events[i]
			if strings.Contains(want, " ") {
				ok = got[i] == want
			} else {
				ok = strings.SplitN(got[i], " ", 2)[0] == want
			}
		}
		if !ok {
			t.Errorf("%s: events %q, want %q", at, got, ch.Events)
		}
	}
	if ch.Correct != nil && !slices.Equal(correct, ch.Correct) {
		t.Errorf("%s: placements correct=%v, want %v", at, correct, ch.Correct)
	}
}
