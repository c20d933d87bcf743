package tagteam

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// The spec's numbered test scenarios (B9) and every item of the card
// reference's clarifications are records with fixed setups in
// testdata/scenarios, played by the conformance kit. A file's "pack" is
// "fixtures" for testdata/pack (plain fighters T12, G16, W10, … that test
// one rule at a time) or "" for the game's own content.
//
// A setup with fixed fight decks ("fight") plays the first round's fight
// at once; checks with "after": 0 see the state, and the events, of that.

// check is what must hold once After moves have been applied (for a
// rejected move: after the rejection). Absent fields are not checked.
type check struct {
	After   int        `json:"after"`
	HP      [][]int    `json:"hp,omitempty"`    // per seat, per fighter
	Power   [][]int    `json:"power,omitempty"` // cubes, per seat, per fighter
	Track   [][]int    `json:"track,omitempty"`
	Tokens  []string   `json:"tokens,omitempty"` // every token held, "seat:fighter:token:n", as a set
	Active  []int      `json:"active,omitempty"` // per seat
	Phase   string     `json:"phase,omitempty"`
	Round   int        `json:"round,omitempty"`
	Turns   int        `json:"turns,omitempty"`   // fight turns played in the game
	Deck    [][]string `json:"deck,omitempty"`    // the fight decks in play order
	DeckN   []int      `json:"deck_n,omitempty"`  // per seat: cards in the fight deck
	BuildN  []int      `json:"build_n,omitempty"` // per seat: cards in the build deck
	Bottom  [][]string `json:"bottom,omitempty"`  // per seat: the build deck's last cards, the very bottom last
	Build   [][]string `json:"build,omitempty"`   // the build decks, top first
	Offer   [][]string `json:"offer,omitempty"`   // the cards drawn in the build phase, as sets
	Teams   [][]string `json:"teams,omitempty"`
	Draft   [][]string `json:"draft,omitempty"` // draft cards in hand, as sets
	Bear    []bool     `json:"bear,omitempty"`  // per seat: a fighter on the Bear side
	Serpent string     `json:"serpent,omitempty"`
	Supply  []int      `json:"supply,omitempty"`  // Milady's scheme supply by effect, as a set
	Planted []int      `json:"planted,omitempty"` // Milady's planted schemes by effect, the next unleashed first
	Fey     *feySpec   `json:"fey,omitempty"`     // the Fey Folk's active character, characters' HP and spirits
	Winner  *int       `json:"winner,omitempty"`  // -1 not over, -2 draw
	// Events counts events of a kind among the move's events (after 0: the
	// set-up's), e.g. {"block_success": 1}.
	Events map[string]int `json:"events,omitempty"`
	// Order lists event kinds that must occur in this order among the
	// move's events (others may come between them).
	Order []string `json:"order,omitempty"`
	// Seat's view and the events redacted for it hold every Sees and none
	// of Hidden (strings of their JSON).
	Seat   *int     `json:"seat,omitempty"`
	Sees   []string `json:"sees,omitempty"`
	Hidden []string `json:"hidden,omitempty"`
}

// seatOf is the seat of pl.
func seatOf(s *State, pl *playerState) int {
	if pl == &s.players[1] {
		return 1
	}
	return 0
}

// AfterMoves is when the check holds.
func (c check) AfterMoves() int { return c.After }

func TestScenarios(t *testing.T) {
	fixtures, err := LoadDir("testdata/pack")
	if err != nil {
		t.Fatal(err)
	}
	enginetest.RunScenarios(t, "testdata/scenarios/*.json", 34, func(t *testing.T, pack string) engine.Game {
		switch pack {
		case "":
			return New()
		case "fixtures":
			return WithPack(fixtures)
		}
		t.Fatalf("unknown pack %q", pack)
		return nil
	}, verify)
}

func verify(t *testing.T, st engine.State, ch check, last, all []engine.Event) {
	t.Helper()
	s := st.(*State)
	if ch.After == 0 {
		last = s.events
	}
	perFighter := func(name string, want [][]int, get func(fs *fighterState) int) {
		if want == nil {
			return
		}
		var got [][]int
		for p := 0; p < 2; p++ {
			got = append(got, []int{get(s.slot(p, 0)), get(s.slot(p, 1))})
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	perFighter("hp", ch.HP, func(fs *fighterState) int { return int(fs.hp) })
	perFighter("power", ch.Power, func(fs *fighterState) int { return int(fs.power) })
	perFighter("track", ch.Track, func(fs *fighterState) int { return int(fs.track) })
	if ch.Tokens != nil {
		var got []string
		for p := 0; p < 2; p++ {
			for i := 0; i < 2; i++ {
				for tk := Token(1); tk < numTokens; tk++ {
					if n := s.slot(p, i).tok[tk]; n > 0 {
						got = append(got, fmt.Sprintf("%d:%d:%s:%d", p, i, tokenNames[tk], n))
					}
				}
			}
		}
		slices.Sort(got)
		want := slices.Clone(ch.Tokens)
		slices.Sort(want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("tokens: %v, want %v", got, want)
		}
	}
	if ch.Active != nil {
		got := []int{int(s.players[0].active), int(s.players[1].active)}
		if fmt.Sprint(got) != fmt.Sprint(ch.Active) {
			t.Errorf("active: %v, want %v", got, ch.Active)
		}
	}
	if ch.Phase != "" && phaseNames[s.phase] != ch.Phase {
		t.Errorf("phase %s, want %s", phaseNames[s.phase], ch.Phase)
	}
	if ch.Round != 0 && int(s.round) != ch.Round {
		t.Errorf("round %d, want %d", s.round, ch.Round)
	}
	if ch.Turns != 0 && int(s.turns) != ch.Turns {
		t.Errorf("turns %d, want %d", s.turns, ch.Turns)
	}
	lists := func(name string, want [][]string, get func(pl *playerState) []string, asSet bool) {
		if want == nil {
			return
		}
		for p := 0; p < 2; p++ {
			got := get(&s.players[p])
			w := slices.Clone(want[p])
			if asSet {
				slices.Sort(got)
				slices.Sort(w)
			}
			if fmt.Sprint(got) != fmt.Sprint(w) {
				t.Errorf("%s of seat %d: %v, want %v", name, p, got, w)
			}
		}
	}
	lists("deck", ch.Deck, func(pl *playerState) []string { return s.names(pl.deck[:pl.deckN]) }, false)
	lists("build", ch.Build, func(pl *playerState) []string { return s.names(pl.build[:pl.buildN]) }, false)
	lists("bottom", ch.Bottom, func(pl *playerState) []string {
		all := s.names(pl.build[:pl.buildN])
		return all[max(0, len(all)-len(ch.Bottom[seatOf(s, pl)])):]
	}, false)
	for name, want := range map[string][]int{"deck_n": ch.DeckN, "build_n": ch.BuildN} {
		if want == nil {
			continue
		}
		got := []int{int(s.players[0].deckN), int(s.players[1].deckN)}
		if name == "build_n" {
			got = []int{int(s.players[0].buildN), int(s.players[1].buildN)}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	lists("offer", ch.Offer, func(pl *playerState) []string { return s.names(pl.offer[:pl.offerN]) }, true)
	lists("teams", ch.Teams, func(pl *playerState) []string {
		if s.phase == phPick || s.phase == phPick2 || s.phase == phTeam {
			return nil
		}
		return []string{s.fighterName(pl.fighters[0].f), s.fighterName(pl.fighters[1].f)}
	}, true)
	lists("draft", ch.Draft, func(pl *playerState) []string {
		var out []string
		for _, f := range pl.draft[:pl.draftN] {
			out = append(out, s.fighterName(f))
		}
		return out
	}, true)
	if ch.Bear != nil {
		for p := 0; p < 2; p++ {
			bear := s.slot(p, 0).flags&ffBear != 0 || s.slot(p, 1).flags&ffBear != 0
			if p < len(ch.Bear) && bear != ch.Bear[p] {
				t.Errorf("seat %d on the Bear side: %v, want %v", p, bear, ch.Bear[p])
			}
		}
	}
	if ch.Serpent != "" {
		for sl := 0; sl < 4; sl++ {
			if fs := s.slot(sl>>1, sl&1); fs.tok[Serpent] > 0 {
				if got := []string{"black", "white"}[fs.serpent]; got != ch.Serpent {
					t.Errorf("serpent %s, want %s", got, ch.Serpent)
				}
			}
		}
	}
	schemeKindsOf := func(ks []uint8) []int {
		out := []int{}
		for _, k := range ks {
			out = append(out, int(schemeKinds[k]))
		}
		return out
	}
	if ch.Supply != nil {
		got, want := schemeKindsOf(s.schemes[:s.schemeN]), slices.Clone(ch.Supply)
		slices.Sort(got)
		slices.Sort(want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("scheme supply %v, want %v", got, want)
		}
	}
	if ch.Planted != nil {
		if got := schemeKindsOf(s.planted[:s.plantedN]); fmt.Sprint(got) != fmt.Sprint(ch.Planted) {
			t.Errorf("planted schemes %v, want %v", got, ch.Planted)
		}
	}
	if ch.Fey != nil {
		for sl := 0; sl < 4; sl++ {
			fs := s.slot(sl>>1, sl&1)
			if s.fighterOf(sl).Rules&RFeyFolk == 0 {
				continue
			}
			got := feySpec{Character: charNames[fs.char], HP: []int{int(fs.charHP[0]), int(fs.charHP[1]), int(fs.charHP[2])}, Spirits: int(fs.spirits)}
			if fmt.Sprint(got) != fmt.Sprint(*ch.Fey) {
				t.Errorf("the Fey Folk: %+v, want %+v", got, *ch.Fey)
			}
		}
	}
	if ch.Winner != nil {
		got := -1
		if s.over != 0 {
			got = int(s.winner)
		}
		if got != *ch.Winner {
			t.Errorf("winner %d, want %d (-1 not over, -2 draw)", got, *ch.Winner)
		}
	}
	for kind, want := range ch.Events {
		got := 0
		for _, e := range last {
			if int(e.Kind) < len(evNames) && evNames[e.Kind] == kind {
				got++
			}
		}
		if got != want {
			t.Errorf("%d %s events, want %d", got, kind, want)
		}
	}
	if ch.Order != nil {
		k := 0
		for _, e := range last {
			if k < len(ch.Order) && int(e.Kind) < len(evNames) && evNames[e.Kind] == ch.Order[k] {
				k++
			}
		}
		if k < len(ch.Order) {
			t.Errorf("events not in the order %v: only the first %d found in order", ch.Order, k)
		}
	}
	if ch.Seat != nil {
		seat := engine.Seat(*ch.Seat)
		data, _ := json.Marshal(s.View(seat))
		text := string(data)
		for _, e := range append(slices.Clone(all), last...) {
			for _, lang := range []engine.Lang{engine.PL, engine.EN} {
				if ev, ok := s.RedactEvent(e, seat, lang); ok {
					b, _ := json.Marshal(ev)
					text += "\n" + string(b)
				}
			}
		}
		for _, w := range ch.Sees {
			if !strings.Contains(text, w) {
				t.Errorf("seat %d does not see %q", seat, w)
			}
		}
		for _, w := range ch.Hidden {
			if strings.Contains(text, w) {
				t.Errorf("seat %d sees %q", seat, w)
			}
		}
	}
}
