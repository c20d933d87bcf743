package asterix

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"stolik/engine/enginetest"
)

// Every Album rule of the default pack at work, on fixed two-player setups:
// the Album under test lies on place 0 between seat 0 (side 0) and seat 1
// (side 1); place 1 holds a starting Album with seat 0 on its blue side 0.
// Seat 0 moves first.

// albumSetup is one fixed two-player position.
type albumSetup struct {
	album  string      // the Album on place 0
	blue   int         // the side of place 0 that is blue
	place0 [2][]string // the cards on place 0, per side
	place1 [2][]string // the cards on place 1 (asterix-the-gaul, seat 0 on the blue side 0), per side
	hand0  []string    // seat 0's hand
	tokens [2][3]int   // per seat: potion, fish, boar
	opts   map[string]any
}

// albumRecord is the record of the setup with the moves, all by seat 0
// unless a move starts with "1:".
func albumRecord(t *testing.T, a albumSetup, moves ...string) json.RawMessage {
	t.Helper()
	side := func(cards []string) []string {
		if cards == nil {
			return []string{}
		}
		return cards
	}
	opts := map[string]any{"players": 2, "first": "0"}
	for k, v := range a.opts {
		opts[k] = v
	}
	type move struct {
		Seat int    `json:"seat"`
		Move string `json:"move"`
	}
	var ms []move
	for _, m := range moves {
		seat := 0
		if len(m) > 2 && m[:2] == "1:" {
			seat, m = 1, m[2:]
		}
		ms = append(ms, move{seat, m})
	}
	rec := map[string]any{
		"format":  "stolik-record/1",
		"game":    "asterix",
		"options": opts,
		"seed":    1,
		"setup": map[string]any{
			"hands": [][]string{a.hand0, {"recruit-of-compendium/2", "recruit-of-compendium/3", "recruit-of-compendium/4",
				"recruit-of-compendium/5", "legionary-of-aquarium/5"}},
			"albums": []map[string]any{
				{"album": a.album, "blue": a.blue, "cards": [][]string{side(a.place0[0]), side(a.place0[1])}},
				{"album": "asterix-the-gaul", "blue": 0, "cards": [][]string{side(a.place1[0]), side(a.place1[1])}},
			},
			"tokens": a.tokens,
			"decks": map[string]any{
				"draw":   []string{"arvernian-warrior/3", "village-warrior/5", "legionary-of-aquarium/4", "getafix/2"},
				"albums": []string{"asterix-the-gladiator", "asterix-and-the-banquet"},
			},
		},
		"moves": ms,
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func ptr[T any](v T) *T { return &v }

// rejectAt makes a case whose move number at is rejected with code.
func rejectAt(at int, code string) *enginetest.Reject {
	return &enginetest.Reject{Move: at, Code: code}
}

type albumRuleCase struct {
	name   string
	setup  albumSetup
	moves  []string
	reject *enginetest.Reject
	checks []check
}

func albumRuleCases() []albumRuleCase {
	blueHand := []string{"village-warrior/1", "village-warrior/2", "shield-bearers/1", "arvernian-warrior/1", "pepe"}
	noPepe := []string{"village-warrior/1", "village-warrior/2", "shield-bearers/1", "arvernian-warrior/1", "shield-bearers/2"}
	return []albumRuleCase{
		// threshold: 13 (Asterix and Cleopatra).
		{name: "threshold 13: 12 does not capture",
			setup:  albumSetup{album: "asterix-and-cleopatra", place0: [2][]string{{"tragicomix", "justforkix"}, {"recruit-of-compendium/1"}}, hand0: blueHand},
			moves:  []string{"play village-warrior/1 0"},
			checks: []check{{After: 1, Totals: [][2]int{{12, 2}, {0, 0}}, AlbumsWon: []int{0, 0}, Pending: []int{1}, Phase: "action"}}},
		{name: "threshold 13: 13 captures",
			setup:  albumSetup{album: "asterix-and-cleopatra", place0: [2][]string{{"tragicomix", "geriatrix"}, {"recruit-of-compendium/1"}}, hand0: blueHand},
			moves:  []string{"play village-warrior/1 0"},
			checks: []check{{After: 1, AlbumsWon: []int{1, 0}, Pending: []int{1}}}},
		// threshold: 18 (Asterix in Belgium).
		{name: "threshold 18: 17 does not capture",
			setup:  albumSetup{album: "asterix-in-belgium", place0: [2][]string{{"tragicomix", "vercingetorix"}, nil}, hand0: blueHand},
			moves:  []string{"play village-warrior/1 0"},
			checks: []check{{After: 1, Totals: [][2]int{{17, 0}, {0, 0}}, AlbumsWon: []int{0, 0}, Phase: "action", Pending: []int{1}}}},
		{name: "threshold 18: 18 captures",
			setup:  albumSetup{album: "asterix-in-belgium", place0: [2][]string{{"tragicomix", "vercingetorix"}, nil}, hand0: blueHand},
			moves:  []string{"play shield-bearers/1 0"}, // they need the Chief on the half: Vercingetorix
			checks: []check{{After: 1, AlbumsWon: []int{1, 0}}}},
		// type_bonus: Chiefs +2 (Big Fight), a neutral Chief included.
		{name: "Chiefs +2 on either side",
			setup: albumSetup{album: "asterix-and-the-big-fight", place0: [2][]string{{"vercingetorix"}, {"recruit-of-compendium/1", "timandahaf"}},
				hand0: append([]string{"vitalstatistix"}, blueHand[:4]...)},
			moves: []string{"play vitalstatistix 0"},
			checks: []check{
				{After: 0, Totals: [][2]int{{9, 11}, {0, 0}}},
				{After: 1, AlbumsWon: []int{1, 0}, Pending: []int{1}}}}, // 9 + 7 = 16; without the bonus 12
		{name: "Chief bonus only on its Album",
			setup:  albumSetup{album: "asterix-and-the-big-fight", place1: [2][]string{{"vercingetorix"}, nil}, hand0: blueHand},
			checks: []check{{After: 0, Totals: [][2]int{{0, 0}, {7, 0}}}}},
		// type_bonus: Legionaries +1 (Asterix the Legionary); seat 0 on red.
		{name: "Legionaries +1",
			setup: albumSetup{album: "asterix-the-legionary", blue: 1, place0: [2][]string{{"veteran-of-laudanum/1", "veteran-of-laudanum/2", "caius-bonus"}, {"tragicomix"}},
				hand0: []string{"gluteus-maximus", "veteran-of-laudanum/3", "recruit-of-compendium/1", "legionary-of-aquarium/1", "legionary-of-aquarium/2"}},
			moves: []string{"play gluteus-maximus 0"},
			checks: []check{
				{After: 0, Totals: [][2]int{{14, 6}, {0, 0}}}, // 5 + 5 + 4: the Centurion gets nothing
				{After: 1, AlbumsWon: []int{1, 0}}}},
		// type_bonus: Rebels +2 (the Chieftain's Shield).
		{name: "Rebels +2",
			setup: albumSetup{album: "asterix-and-the-chieftains-shield", place0: [2][]string{{"tragicomix", "cacofonix"}, nil}, hand0: blueHand},
			moves: []string{"play arvernian-warrior/1 0"},
			checks: []check{
				{After: 0, Totals: [][2]int{{10, 0}, {0, 0}}},
				{After: 1, AlbumsWon: []int{1, 0}}}}, // 10 + 6; without the bonus 12
		// bonus_helmet: the winner takes an extra helmet.
		{name: "bonus legionary helmet",
			setup: albumSetup{album: "obelix-and-co", place0: [2][]string{{"tragicomix", "vercingetorix"}, {"pepe"}}, hand0: noPepe},
			moves: []string{"play village-warrior/1 0"},
			checks: []check{
				{After: 0, Helmets: [][2]int{{1, 0}, {1, 0}}}, // the starting helmets
				{After: 1, AlbumsWon: []int{1, 0}, Helmets: [][2]int{{2, 0}, {1, 0}}}}},
		{name: "bonus centurion helmet",
			setup:  albumSetup{album: "asterix-and-the-cauldron", place0: [2][]string{{"tragicomix", "vercingetorix"}, {"pepe"}}, hand0: noPepe},
			moves:  []string{"play village-warrior/1 0"},
			checks: []check{{After: 1, AlbumsWon: []int{1, 0}, Helmets: [][2]int{{1, 1}, {1, 0}}}}},
		{name: "no bonus helmet on a starting Album",
			setup:  albumSetup{album: "asterix-and-the-goths", place0: [2][]string{{"tragicomix", "vercingetorix"}, {"pepe"}}, hand0: noPepe},
			moves:  []string{"play village-warrior/1 0"},
			checks: []check{{After: 1, AlbumsWon: []int{1, 0}, Helmets: [][2]int{{1, 0}, {1, 0}}}}},
		// no_neutral (Asterix and the Roman Agent).
		{name: "no neutral played",
			setup: albumSetup{album: "asterix-and-the-roman-agent", hand0: blueHand},
			moves: []string{"play pepe 0"}, reject: rejectAt(0, "album_forbids"),
			checks: []check{{After: 1, Legal: []string{"play pepe 1", "play village-warrior/1 0"}}}},
		{name: "no neutral summoned",
			setup: albumSetup{album: "asterix-and-the-roman-agent", blue: 1, place1: [2][]string{{"pepe"}, nil},
				hand0: []string{"squaronthehypotenus", "recruit-of-compendium/1", "legionary-of-aquarium/1", "legionary-of-aquarium/2", "legionary-of-aquarium/3"}},
			// Squaronthehypotenus summons a neutral from an adjacent Album; the only
			// place to put it would be the Roman Agent: no candidate.
			moves:  []string{"play squaronthehypotenus 0"},
			checks: []check{{After: 1, Pending: []int{1}, Phase: "action"}}},
		// no_knock_out (Asterix in Switzerland).
		{name: "no knock-out: Asterix finds no target",
			setup:  albumSetup{album: "asterix-in-switzerland", place0: [2][]string{nil, {"veteran-of-laudanum/1"}}, hand0: append([]string{"asterix/1"}, blueHand[:4]...)},
			moves:  []string{"play asterix/1 0"},
			checks: []check{{After: 1, Pending: []int{1}, Phase: "action", Board: [][][]string{{{"asterix/1"}, {"veteran-of-laudanum/1"}}, {{}, {}}}}}},
		{name: "no knock-out: Fulliautomatix reaches only the other Album",
			setup: albumSetup{album: "asterix-in-switzerland", place0: [2][]string{{"village-warrior/3"}, nil}, place1: [2][]string{{"village-warrior/4"}, nil},
				hand0: append([]string{"fulliautomatix"}, blueHand[:4]...)},
			moves:  []string{"play fulliautomatix 1"},
			checks: []check{{After: 1, LegalExactly: []string{"target village-warrior/4", "skip"}}}},
		{name: "no knock-out: no fish",
			setup: albumSetup{album: "asterix-in-switzerland", place0: [2][]string{{"tragicomix"}, {"veteran-of-laudanum/1"}}, place1: [2][]string{nil, {"veteran-of-laudanum/2"}},
				hand0: blueHand, tokens: [2][3]int{{0, 1, 0}, {0, 0, 0}}},
			moves: []string{"draw", "fish veteran-of-laudanum/1"}, reject: rejectAt(1, "album_forbids")},
		// max_per_side: 4 (the Mansions of the Gods).
		{name: "at most 4 per side",
			setup: albumSetup{album: "the-mansions-of-the-gods", place0: [2][]string{{"tragicomix", "cacofonix", "justforkix", "melodrama"}, nil}, hand0: blueHand},
			moves: []string{"play village-warrior/1 0"}, reject: rejectAt(0, "album_forbids"),
			checks: []check{{After: 1, Legal: []string{"play village-warrior/1 1"}, Illegal: []string{"play pepe 0", "play shield-bearers/1 0"}}}},
		{name: "the fourth still fits",
			setup:  albumSetup{album: "the-mansions-of-the-gods", place0: [2][]string{{"tragicomix", "cacofonix", "justforkix"}, nil}, hand0: blueHand},
			moves:  []string{"play pepe 0"},
			checks: []check{{After: 1, Totals: [][2]int{{12, 0}, {0, 0}}}}},
		// no_type (the Laurel Wreath: Indomitables; the Black Gold: Tricksters).
		{name: "no Indomitables",
			setup: albumSetup{album: "asterix-and-the-laurel-wreath", hand0: blueHand},
			moves: []string{"play village-warrior/1 0"}, reject: rejectAt(0, "album_forbids"),
			checks: []check{{After: 1, Legal: []string{"play arvernian-warrior/1 0", "play village-warrior/1 1"}, Illegal: []string{"play shield-bearers/1 0"}}}},
		{name: "no Indomitable summoned",
			setup: albumSetup{album: "asterix-and-the-laurel-wreath", place1: [2][]string{{"village-warrior/3"}, nil}, hand0: append([]string{"vitalstatistix"}, blueHand[:4]...)},
			// Vitalstatistix summons an Indomitable from an adjacent Album onto his own.
			moves:  []string{"play vitalstatistix 0"},
			checks: []check{{After: 1, Pending: []int{1}, Phase: "action"}}},
		{name: "no Tricksters",
			setup: albumSetup{album: "asterix-and-the-black-gold", hand0: append([]string{"homeopathix"}, blueHand[:4]...)},
			moves: []string{"play homeopathix 0"}, reject: rejectAt(0, "album_forbids"),
			checks: []check{{After: 1, Legal: []string{"play homeopathix 1"}}}},
		// no_abilities (Asterix in Corsica).
		{name: "abilities not used",
			setup:  albumSetup{album: "asterix-in-corsica", hand0: append([]string{"getafix/1"}, blueHand[:4]...)},
			moves:  []string{"play getafix/1 0"},
			checks: []check{{After: 1, Pending: []int{1}, Phase: "action", Tokens: [][3]int{{0, 0, 0}, {0, 0, 0}}}}},
		{name: "abilities used elsewhere",
			setup:  albumSetup{album: "asterix-in-corsica", hand0: append([]string{"getafix/1"}, blueHand[:4]...)},
			moves:  []string{"play getafix/1 1"},
			checks: []check{{After: 1, Phase: "ability", LegalExactly: []string{"use", "skip"}}}},
		// no_fish (Asterix and the Great Crossing).
		{name: "no fish",
			setup: albumSetup{album: "asterix-and-the-great-crossing", place0: [2][]string{{"tragicomix"}, {"veteran-of-laudanum/1"}}, place1: [2][]string{nil, {"veteran-of-laudanum/2"}},
				hand0: blueHand, tokens: [2][3]int{{0, 1, 0}, {0, 0, 0}}},
			moves: []string{"draw", "fish veteran-of-laudanum/1"}, reject: rejectAt(1, "album_forbids"),
			checks: []check{{After: 2, LegalExactly: []string{"fish veteran-of-laudanum/2"}}}},
		// faction_only (Asterix and the Great Divide).
		{name: "only the faction counts",
			setup: albumSetup{album: "asterix-and-the-great-divide", place0: [2][]string{{"tragicomix", "pepe"}, {"recruit-of-compendium/1", "numerobis"}}, hand0: noPepe},
			moves: []string{"play village-warrior/1 0"},
			checks: []check{
				{After: 0, Totals: [][2]int{{6, 2}, {0, 0}}},
				{After: 1, Totals: [][2]int{{10, 2}, {0, 0}}, AlbumsWon: []int{0, 0}}}},
		{name: "neutrals count on a starting Album",
			setup:  albumSetup{album: "asterix-and-the-goths", place0: [2][]string{{"tragicomix", "pepe"}, {"recruit-of-compendium/1", "numerobis"}}, hand0: noPepe},
			checks: []check{{After: 0, Totals: [][2]int{{8, 6}, {0, 0}}}}},
		// The neutrals_count option (AX-A3): neutrals add nothing anywhere.
		{name: "neutrals_count off",
			setup: albumSetup{album: "asterix-and-the-goths", place0: [2][]string{{"tragicomix", "pepe"}, {"recruit-of-compendium/1", "numerobis"}}, hand0: noPepe,
				opts: map[string]any{"neutrals_count": false}},
			checks: []check{{After: 0, Totals: [][2]int{{6, 2}, {0, 0}}}}},
	}
}

func TestAlbumRules(t *testing.T) {
	g := New()
	for _, tc := range albumRuleCases() {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, g, scenarioCase{Name: tc.name, Record: albumRecord(t, tc.setup, tc.moves...), Reject: tc.reject, Checks: tc.checks})
		})
	}
}

// TestAlbumRulesCovered: every Album of the default pack with a rule is
// tested, here or in a numbered scenario.
func TestAlbumRulesCovered(t *testing.T) {
	tested := map[string]bool{}
	for _, c := range albumRuleCases() {
		tested[c.setup.album] = true
	}
	files, _ := filepath.Glob("testdata/scenarios/*.json")
	var all []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, data...)
	}
	for _, a := range New().pack.Albums {
		if a.Starting {
			continue
		}
		if !tested[a.ID] && !bytes.Contains(all, []byte(`"`+a.ID+`"`)) {
			t.Errorf("the Album %s (rule %s) has no test", a.ID, ruleNames[a.Rule])
		}
	}
}
