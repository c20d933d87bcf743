package cardline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"stolik/engine"
)

// A scenario file holds the spec's numbered test scenario as records with
// fixed setups, and what must hold after given numbers of moves.
type scenarioFile struct {
	Scenario int            `json:"scenario"`
	Title    string         `json:"title"`
	Spec     string         `json:"spec"` // the scenario's text in the spec
	Pack     string         `json:"pack"` // "test" (testdata/pack) or "default"
	Cases    []scenarioCase `json:"cases"`
}

type scenarioCase struct {
	Name   string          `json:"name"`
	Record json.RawMessage `json:"record"`
	// NewError, when set, is a fragment of the error setting the record up must give.
	NewError string `json:"new_error,omitempty"`
	// Reject, when set, is the move (0-based) that must be rejected with Code;
	// the moves after it are not played.
	Reject *struct {
		Move int    `json:"move"`
		Code string `json:"code"`
	} `json:"reject,omitempty"`
	Checks []check `json:"checks"`
}

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
	files, err := filepath.Glob("testdata/scenarios/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	tp := testPack(t)
	seen := map[int]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var sf scenarioFile
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sf); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		seen[sf.Scenario] = true
		g := New()
		if sf.Pack == "test" {
			g = WithPack(tp)
		}
		for _, c := range sf.Cases {
			t.Run(fmt.Sprintf("%02d-%s/%s", sf.Scenario, sf.Title, c.Name), func(t *testing.T) {
				runCase(t, g, c)
			})
		}
	}
	for i := 1; i <= 29; i++ {
		if !seen[i] {
			t.Errorf("scenario %d has no file in testdata/scenarios", i)
		}
	}
}

func runCase(t *testing.T, g *Game, c scenarioCase) {
	rec, err := engine.DecodeRecord(bytes.NewReader(c.Record))
	if err != nil {
		t.Fatalf("record: %v", err)
	}
	st, _, err := engine.NewFromRecord(g, rec)
	if c.NewError != "" {
		if err == nil {
			t.Fatalf("setting up succeeded, want an error containing %q", c.NewError)
		}
		if !strings.Contains(err.Error(), c.NewError) {
			t.Fatalf("setting up failed with %q, want it to contain %q", err, c.NewError)
		}
		return
	}
	if err != nil {
		t.Fatalf("setting up: %v", err)
	}
	s := st.(*State)
	checks := map[int][]check{}
	for _, ch := range c.Checks {
		checks[ch.After] = append(checks[ch.After], ch)
	}
	var last []engine.Event
	var correct []bool
	for _, ch := range checks[0] {
		verify(t, s, ch, last, correct)
	}
	for i, rm := range rec.Moves {
		before := s.Hash()
		evs, re := engine.ApplyText(s, rm.Seat, rm.Move)
		if c.Reject != nil && c.Reject.Move == i {
			if re == nil {
				t.Fatalf("move %d %q by seat %d accepted, want rule error %s", i, rm.Move, rm.Seat, c.Reject.Code)
			}
			if re.Code != c.Reject.Code {
				t.Fatalf("move %d %q: code %s (%s), want %s", i, rm.Move, re.Code, re.Msg.EN, c.Reject.Code)
			}
			if s.Hash() != before {
				t.Fatalf("move %d %q: rejected, but the state changed", i, rm.Move)
			}
			for _, ch := range checks[i] {
				verify(t, s, ch, last, correct)
			}
			return
		}
		if re != nil {
			t.Fatalf("move %d %q by seat %d rejected: %v", i, rm.Move, rm.Seat, re)
		}
		last = slices.Clone(evs)
		for _, e := range evs {
			if e.Kind == EvPlaced {
				correct = append(correct, e.B == 1)
			}
		}
		for _, ch := range checks[i+1] {
			verify(t, s, ch, last, correct)
		}
	}
	if c.Reject != nil {
		t.Fatalf("move %d was to be rejected, the record has %d moves", c.Reject.Move, len(rec.Moves))
	}
}

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

func verify(t *testing.T, s *State, ch check, last []engine.Event, correct []bool) {
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
