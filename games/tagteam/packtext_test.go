package tagteam

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"stolik/engine"
)

// TestLoadPackProblemsInBothLanguages: every problem of a broken
// fighters.yaml names its place and says what is wrong in Polish and in
// English, two different non-empty texts.
func TestLoadPackProblemsInBothLanguages(t *testing.T) {
	own, err := os.ReadFile("content/fighters.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, old, new string
		want           []string // in both languages
	}{
		{"hp", "    hp: 18", "    hp: 99", []string{"joan", "hp", "99"}},
		{"copies", "        copies: 2", "        copies: 20", []string{"joan", "hand-of-the-righteous", "20"}},
		{"starting", "        starting: true", "        starting: false", []string{"joan", "0"}},
		{"unknown rule", "rules: [divine_voice]", "rules: [holy_voice]", []string{"joan", `"holy_voice"`}},
		{"unknown op", "ops: [{track: 1}]", "ops: [{pray: 1}]", []string{"dieu-premier-servi", `"pray"`}},
		{"op with two keys", "ops: [{track: 1}]", "ops: [{track: 1, attack: opp}]", []string{"dieu-premier-servi"}},
		{"who", "ops: [{attack: opp}, {track: 1}]", "ops: [{attack: them}, {track: 1}]", []string{"hand-of-the-righteous", `"them"`}},
		{"unknown field", "    hp: 18", "    hp: 18\n    mana: 3", []string{"fighters.yaml", "mana"}},
		{"not yaml", "fighters:", "fighters: [", []string{"fighters.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(string(own), c.old) {
				t.Fatalf("fighters.yaml has no %q", c.old)
			}
			data := strings.Replace(string(own), c.old, c.new, 1)
			_, err := LoadPack(fstest.MapFS{"fighters.yaml": {Data: []byte(data)}})
			var ce engine.ContentErrors
			if !errors.As(err, &ce) || len(ce) == 0 {
				t.Fatalf("got %v, want content errors", err)
			}
			for _, p := range ce {
				if strings.TrimSpace(p.PL) == "" || strings.TrimSpace(p.EN) == "" || p.PL == p.EN {
					t.Errorf("a problem not told in two languages: %+v", p)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(ce[0].PL, w) || !strings.Contains(ce[0].EN, w) {
					t.Errorf("%+v does not name %q in both languages", ce[0], w)
				}
			}
		})
	}
}
