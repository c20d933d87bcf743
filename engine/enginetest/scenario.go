package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
)

// Scenario files hold a rules spec's numbered test scenarios as records
// with fixed setups, and what must hold after given numbers of moves. The
// checks are the game's own (C); the kit plays the records.

// ScenarioFile is one numbered scenario.
type ScenarioFile[C Check] struct {
	Scenario int               `json:"scenario"`
	Title    string            `json:"title"`
	Spec     string            `json:"spec"`           // the scenario's text, with how the records play it
	Pack     string            `json:"pack,omitempty"` // which content pack, as the game names it ("" the default)
	Cases    []ScenarioCase[C] `json:"cases"`
}

// ScenarioCase is one record and what must hold while it is played.
type ScenarioCase[C Check] struct {
	Name   string          `json:"name"`
	Record json.RawMessage `json:"record"`
	// NewError, when set, is a fragment of the error setting the record up must give.
	NewError string `json:"new_error,omitempty"`
	// Reject, when set, is the move (0-based) that must be rejected with
	// Code; the moves after it are not played.
	Reject *Reject `json:"reject,omitempty"`
	Checks []C     `json:"checks"`
}

// Reject names a move that must be refused and the rule error's code.
type Reject struct {
	Move int    `json:"move"`
	Code string `json:"code"`
}

// Check is a game's check: it holds once AfterMoves moves have been
// applied (for a rejected move: after the rejection).
type Check interface {
	AfterMoves() int
}

// Verify asserts one check on a state; last are the last move's events and
// all every event since the setup.
type Verify[C Check] func(t *testing.T, st engine.State, ch C, last, all []engine.Event)

// RunScenarios plays every file matching pattern: each case as a subtest,
// and every scenario 1..numbered must have a file. game returns the game
// to play a file's pack with.
func RunScenarios[C Check](t *testing.T, pattern string, numbered int, game func(t *testing.T, pack string) engine.Game, verify Verify[C]) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files match %s: %v", pattern, err)
	}
	seen := map[int]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var sf ScenarioFile[C]
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sf); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		// Scenario 0 holds the project's own cases beyond the spec's list.
		if sf.Scenario < 0 || sf.Scenario > numbered || len(sf.Cases) == 0 {
			t.Errorf("%s: scenario %d with %d cases", f, sf.Scenario, len(sf.Cases))
		}
		seen[sf.Scenario] = true
		g := game(t, sf.Pack)
		for _, c := range sf.Cases {
			t.Run(fmt.Sprintf("%02d-%s/%s", sf.Scenario, sf.Title, c.Name), func(t *testing.T) {
				RunCase(t, g, c, verify)
			})
		}
	}
	for i := 1; i <= numbered; i++ {
		if !seen[i] {
			t.Errorf("scenario %d has no file", i)
		}
	}
}

// RunCase sets the record up and plays it move by move: every move must be
// listed by Legal and accepted, except the one to reject, which must be
// refused with its code, leave the state unchanged and not be listed.
func RunCase[C Check](t *testing.T, g engine.Game, c ScenarioCase[C], verify Verify[C]) {
	t.Helper()
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
	checks := map[int][]C{}
	for _, ch := range c.Checks {
		after := ch.AfterMoves()
		if after < 0 || after > len(rec.Moves) {
			t.Fatalf("a check after %d moves; the record has %d", after, len(rec.Moves))
		}
		if c.Reject != nil && after > c.Reject.Move+1 {
			t.Fatalf("a check after %d moves; move %d is rejected and ends the case", after, c.Reject.Move)
		}
		checks[after] = append(checks[after], ch)
	}
	var last, all []engine.Event
	for _, ch := range checks[0] {
		verify(t, st, ch, last, all)
	}
	for i, rm := range rec.Moves {
		before := st.Hash()
		m, perr := st.Parse(rm.Move)
		listed := perr == nil && slices.Contains(st.Legal(rm.Seat, nil), m)
		evs, re := engine.ApplyText(st, rm.Seat, rm.Move)
		if c.Reject != nil && c.Reject.Move == i {
			if re == nil {
				t.Fatalf("move %d %q by seat %d accepted, want rule error %s", i, rm.Move, rm.Seat, c.Reject.Code)
			}
			if re.Code != c.Reject.Code {
				t.Fatalf("move %d %q by seat %d: code %s (%s), want %s", i, rm.Move, rm.Seat, re.Code, re.Msg.EN, c.Reject.Code)
			}
			if st.Hash() != before {
				t.Fatalf("move %d %q: rejected, but the state changed", i, rm.Move)
			}
			if listed {
				t.Errorf("move %d %q: rejected, but Legal lists it", i, rm.Move)
			}
			for _, ch := range checks[i+1] {
				verify(t, st, ch, last, all)
			}
			return
		}
		if re != nil {
			t.Fatalf("move %d %q by seat %d rejected: %s: %s", i, rm.Move, rm.Seat, re.Code, re.Msg.EN)
		}
		if !listed {
			t.Errorf("move %d %q by seat %d: accepted, but Legal does not list it", i, rm.Move, rm.Seat)
		}
		last = slices.Clone(evs)
		all = append(all, evs...)
		for _, ch := range checks[i+1] {
			verify(t, st, ch, last, all)
		}
	}
	if c.Reject != nil {
		t.Fatalf("move %d was to be rejected, the record has %d moves", c.Reject.Move, len(rec.Moves))
	}
}

// NewState starts a game of g with the given options and setup (JSON, may
// be empty) and seed 1, failing the test on an error.
func NewState(t testing.TB, g engine.Game, options map[string]any, setup string) engine.State {
	t.Helper()
	opts, err := engine.ResolveOptions(g.Options(), options)
	if err != nil {
		t.Fatal(err)
	}
	var raw []byte
	if setup != "" {
		raw = []byte(setup)
	}
	st, err := g.New(opts, raw, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Play applies moves in notation, each by the first pending seat, failing
// the test on an error.
func Play(t testing.TB, st engine.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := st.Parse(text)
		if err == nil {
			p := st.Pending()
			if len(p) == 0 {
				t.Fatalf("%s: the game is over", text)
			}
			_, err = st.Apply(p[0], m)
		}
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

// Contains checks that text holds every string of want and none of notWant;
// label names the text in failures.
func Contains(t testing.TB, label, text string, want, notWant []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: missing %q in\n%s", label, w, text)
		}
	}
	for _, w := range notWant {
		if strings.Contains(text, w) {
			t.Errorf("%s: %q must not be shown:\n%s", label, w, text)
		}
	}
}
