package frontline

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

// check is what must hold once After moves have been applied (for a
// rejected move: after the rejection). Absent fields are not checked.
type check struct {
	After      int        `json:"after"`
	Line       string     `json:"line,omitempty"` // front to back, "A B _ K"
	HP         []int      `json:"hp,omitempty"`
	MaxHP      []int      `json:"max_hp,omitempty"`
	Hands      [][]string `json:"hands,omitempty"` // per seat, as sets
	InHand     [][]string `json:"in_hand,omitempty"`
	HandCounts []int      `json:"hand_counts,omitempty"`
	// Passed is per seat the cards it passed on in the current draft, as sets.
	Passed     [][]string `json:"passed,omitempty"`
	Gassed     []int      `json:"gassed,omitempty"`    // exactly these seats
	Dead       []int      `json:"dead,omitempty"`      // exactly these seats
	Equipment  []string   `json:"equipment,omitempty"` // every piece in play as "seat:card:durability", as a set
	Initiative *int       `json:"initiative,omitempty"`
	Roulettes  *int       `json:"roulettes,omitempty"`
	Mines      *int       `json:"mines,omitempty"`
	Targets    []int      `json:"targets,omitempty"` // slots, -1 off the line
	Discard    []string   `json:"discard,omitempty"` // bottom first
	DiscardN   *int       `json:"discard_count,omitempty"`
	Phase      string     `json:"phase,omitempty"`
	Window     string     `json:"window,omitempty"`
	Pending    []int      `json:"pending,omitempty"` // [] for a finished game
	Turn       *int       `json:"turn,omitempty"`
	Over       *bool      `json:"over,omitempty"`
	Winners    []int      `json:"winners,omitempty"` // [] for nobody
	// Legal moves must be legal for the first pending seat, Illegal ones
	// must not; LegalExactly is the whole list, as a set.
	Legal        []string `json:"legal,omitempty"`
	Illegal      []string `json:"illegal,omitempty"`
	LegalExactly []string `json:"legal_exactly,omitempty"`
	// Events are the last move's events as "kind seat card a b" (card by
	// name, "-" for none); an entry of fewer words compares only that many
	// leading words; each entry must occur, in this order.
	Events []string `json:"events,omitempty"`
}

// numberedScenarios is how many test scenarios A9 lists.
const numberedScenarios = 37

func TestScenarios(t *testing.T) {
	enginetest.RunScenarios(t, "testdata/scenarios/*.json", numberedScenarios,
		func(*testing.T, string) engine.Game { return New() }, verify)
}

// AfterMoves is when the check holds.
func (c check) AfterMoves() int { return c.After }

func sorted(xs []string) []string {
	ys := slices.Clone(xs)
	sort.Strings(ys)
	return ys
}

func seatsWith(s *State, f uint16) []int {
	out := []int{}
	for p := 0; p < int(s.n); p++ {
		if s.seats[p].is(f) {
			out = append(out, p)
		}
	}
	return out
}

// eventText writes an event as a check compares it.
func (s *State) eventText(e engine.Event) string {
	card := "-"
	k := evKind(e.Kind)
	if e.Card >= 0 {
		switch k {
		case evAttack, evTarget, evMinePlaced, evRoulette, evMineFired, evWireHurt, evWireLaid, evCrushed, evTankStopped, evDodged, evDucked, evDamage:
			if int(e.Card) < s.pack.NumAttacks() {
				card = s.pack.AttackName(uint8(e.Card))
			}
		default:
			card = s.cardName(uint8(e.Card))
		}
	}
	return fmt.Sprintf("%s %d %s %d %d", evNames[k], e.Seat, card, e.A, e.B)
}

func verify(t *testing.T, st engine.State, ch check, last, _ []engine.Event) {
	t.Helper()
	s := st.(*State)
	at := fmt.Sprintf("after %d moves", ch.After)
	n := int(s.n)
	if ch.Line != "" && s.line.String() != ch.Line {
		t.Errorf("%s: line %s, want %s", at, s.line.String(), ch.Line)
	}
	intsEq := func(what string, got, want []int) {
		if !slices.Equal(got, want) {
			t.Errorf("%s: %s %v, want %v", at, what, got, want)
		}
	}
	if ch.HP != nil {
		var got []int
		for p := 0; p < n; p++ {
			got = append(got, int(max(s.seats[p].hp, 0)))
		}
		intsEq("hp", got, ch.HP)
	}
	if ch.MaxHP != nil {
		var got []int
		for p := 0; p < n; p++ {
			got = append(got, int(s.seats[p].maxHP))
		}
		intsEq("max hp", got, ch.MaxHP)
	}
	for p, want := range ch.Hands {
		if got := s.actionNames(s.seats[p].hand); !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("%s: seat %d holds %v, want %v", at, p, got, want)
		}
	}
	for p, want := range ch.InHand {
		got := s.actionNames(s.seats[p].hand)
		for _, c := range want {
			if !slices.Contains(got, c) {
				t.Errorf("%s: seat %d holds %v, want %s among them", at, p, got, c)
			}
		}
	}
	for p, want := range ch.Passed {
		if got := s.actionNames(s.seats[p].passed); !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("%s: seat %d passed %v, want %v", at, p, got, want)
		}
	}
	if ch.HandCounts != nil {
		var got []int
		for p := 0; p < n; p++ {
			got = append(got, s.seats[p].hand.count())
		}
		intsEq("hand counts", got, ch.HandCounts)
	}
	if ch.Gassed != nil {
		intsEq("gassed seats", seatsWith(s, fGassed), ch.Gassed)
	}
	if ch.Dead != nil {
		intsEq("dead seats", seatsWith(s, fDead), ch.Dead)
	}
	if ch.Equipment != nil {
		var got []string
		for p := 0; p < n; p++ {
			s.seats[p].equip.each(func(c uint8) { got = append(got, fmt.Sprintf("%d:%s:%d", p, s.pack.ActionName(c), s.dur[c])) })
		}
		if !slices.Equal(sorted(got), sorted(ch.Equipment)) {
			t.Errorf("%s: equipment %v, want %v", at, got, ch.Equipment)
		}
	}
	if ch.Initiative != nil && int(s.initiative) != *ch.Initiative {
		t.Errorf("%s: initiative %d, want %d", at, s.initiative, *ch.Initiative)
	}
	if ch.Roulettes != nil && s.roulettes() != *ch.Roulettes {
		t.Errorf("%s: %d Roulettes, want %d", at, s.roulettes(), *ch.Roulettes)
	}
	if ch.Mines != nil && int(s.minesN) != *ch.Mines {
		t.Errorf("%s: %d Mines, want %d", at, s.minesN, *ch.Mines)
	}
	if ch.Targets != nil {
		var got []int
		for k := 0; k < int(s.nTargets); k++ {
			got = append(got, int(s.targets[k]))
		}
		intsEq("targets", got, ch.Targets)
	}
	if ch.Discard != nil {
		var got []string
		for _, c := range s.discard[:s.discardN] {
			got = append(got, s.pack.ActionName(c))
		}
		if !slices.Equal(got, ch.Discard) && !(len(got) == 0 && len(ch.Discard) == 0) {
			t.Errorf("%s: discard %v, want %v", at, got, ch.Discard)
		}
	}
	if ch.DiscardN != nil && int(s.discardN) != *ch.DiscardN {
		t.Errorf("%s: discard pile has %d cards, want %d", at, s.discardN, *ch.DiscardN)
	}
	if ch.Phase != "" && phaseNames[s.phase] != ch.Phase {
		t.Errorf("%s: phase %s, want %s", at, phaseNames[s.phase], ch.Phase)
	}
	if ch.Window != "" && (s.phase != phWindow && s.phase != phAnswer || windowNames[s.window] != ch.Window) {
		t.Errorf("%s: window %s (phase %s), want %s", at, windowNames[s.window], phaseNames[s.phase], ch.Window)
	}
	if ch.Pending != nil {
		var got []int
		for _, p := range s.Pending() {
			got = append(got, int(p))
		}
		if !slices.Equal(got, ch.Pending) && !(len(got) == 0 && len(ch.Pending) == 0) {
			t.Errorf("%s: pending %v, want %v", at, got, ch.Pending)
		}
	}
	if ch.Turn != nil && int(s.turn) != *ch.Turn {
		t.Errorf("%s: turn %d, want %d", at, s.turn, *ch.Turn)
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
		if !over || !slices.Equal(got, ch.Winners) && !(len(got) == 0 && len(ch.Winners) == 0) {
			t.Errorf("%s: winners %v (over=%v), want %v", at, got, over, ch.Winners)
		}
	}
	if ch.Legal != nil || ch.Illegal != nil || ch.LegalExactly != nil {
		pend := s.Pending()
		var names []string
		if len(pend) > 0 {
			for _, m := range s.Legal(pend[0], nil) {
				names = append(names, s.Format(m))
			}
		}
		for _, w := range ch.Legal {
			if !slices.Contains(names, w) {
				t.Errorf("%s: %q is not legal; legal: %v", at, w, names)
			}
		}
		for _, w := range ch.Illegal {
			if slices.Contains(names, w) {
				t.Errorf("%s: %q is legal, want it not", at, w)
			}
		}
		if ch.LegalExactly != nil && !slices.Equal(sorted(names), sorted(ch.LegalExactly)) {
			t.Errorf("%s: legal %v, want exactly %v", at, names, ch.LegalExactly)
		}
	}
	if ch.Events != nil {
		var got []string
		for _, e := range last {
			got = append(got, s.eventText(e))
		}
		k := 0
		for _, w := range ch.Events {
			for k < len(got) && !prefixWords(got[k], w) {
				k++
			}
			if k == len(got) {
				t.Errorf("%s: event %q not found in order among %v", at, w, got)
				break
			}
			k++
		}
	}
}

func prefixWords(got, want string) bool {
	g, w := strings.Fields(got), strings.Fields(want)
	if len(w) > len(g) {
		return false
	}
	return slices.Equal(g[:len(w)], w)
}
