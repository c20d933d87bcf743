package frontline

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"stolik/engine"
)

// ownPack is the game's own pack as files, to break one at a time.
func ownPack(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, name := range []string{"comrades.yaml", "attacks.yaml", "actions.yaml"} {
		data, err := os.ReadFile(filepath.Join("content", name))
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: data}
	}
	return fsys
}

// TestLoadPackProblemsInBothLanguages: every problem of a broken pack
// names its file, card and field and says what is wrong in Polish and in
// English, two different non-empty texts.
func TestLoadPackProblemsInBothLanguages(t *testing.T) {
	if _, err := LoadPack(ownPack(t)); err != nil {
		t.Fatalf("the own pack was refused: %v", err)
	}
	cases := []struct {
		name, file, old, new string
		want                 []string // in both languages
		// old "" replaces the whole file with new
	}{
		{"bad id", "comrades.yaml", "id: misza", "id: Misza", []string{"comrades.yaml", "Misza", "id"}},
		{"hp bonus", "comrades.yaml", "hp_bonus: 2", "hp_bonus: 7", []string{"misza", "hp_bonus", "7"}},
		{"unknown type", "attacks.yaml", "type: linear", "type: straight", []string{"seria", "type", `"straight"`}},
		{"copies", "attacks.yaml", "copies: 2", "copies: 20", []string{"seria", "copies", "20"}},
		{"splash without indirect", "attacks.yaml", "type: linear", "type: splash", []string{"seria", "indirect"}},
		{"no target", "attacks.yaml", "targets: [{slot: 1}]", "targets: [{slot: 1, nth_comrade: 2}]", []string{"seria", "targets"}},
		{"slot out of range", "attacks.yaml", "targets: [{slot: 1}]", "targets: [{slot: 40}]", []string{"seria", "targets", "40"}},
		{"unknown kind", "actions.yaml", "kind: maneuver", "kind: trick", []string{"naprzod-1", "kind", `"trick"`}},
		{"kind of effect", "actions.yaml", "kind: maneuver", "kind: event", []string{"naprzod-1", "kind", "step"}},
		{"unknown dir", "actions.yaml", "dir: forward", "dir: up", []string{"naprzod-1", "dir", `"up"`}},
		{"step without n", "actions.yaml", "dir: forward, n: 1", "dir: forward", []string{"naprzod-1", "n"}},
		{"no name", "actions.yaml", `en: "Forward!"`, `en: ""`, []string{"naprzod-1", "name"}},
		{"when", "actions.yaml", "effect: dodge}", "effect: dodge, when: answer}", []string{"unik", "when"}},
		{"unknown field", "actions.yaml", "effect: dodge}", "effect: dodge, speed: 3}", []string{"actions.yaml", "speed"}},
		{"not yaml", "comrades.yaml", "comrades:", "comrades: [", []string{"comrades.yaml"}},
		{"too few comrades", "comrades.yaml", "", "comrades: []\n", []string{"comrades.yaml", "0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := ownPack(t)
			data := string(fsys[c.file].Data)
			if !strings.Contains(data, c.old) {
				t.Fatalf("%s has no %q", c.file, c.old)
			}
			fsys[c.file].Data = []byte(c.new) // no old: the whole file
			if c.old != "" {
				fsys[c.file].Data = []byte(strings.Replace(data, c.old, c.new, 1))
			}
			_, err := LoadPack(fsys)
			var ce engine.ContentErrors
			if !errors.As(err, &ce) || len(ce) == 0 {
				t.Fatalf("got %v, want content errors", err)
			}
			checkProblems(t, ce, c.want)
		})
	}
}

// checkProblems holds every problem to both languages and the first one
// to naming want in each.
func checkProblems(t *testing.T, ce engine.ContentErrors, want []string) {
	t.Helper()
	for _, p := range ce {
		if strings.TrimSpace(p.PL) == "" || strings.TrimSpace(p.EN) == "" || p.PL == p.EN {
			t.Errorf("a problem not told in two languages: %+v", p)
		}
	}
	for _, w := range want {
		if !strings.Contains(ce[0].PL, w) || !strings.Contains(ce[0].EN, w) {
			t.Errorf("%+v does not name %q in both languages", ce[0], w)
		}
	}
}
