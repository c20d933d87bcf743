package all

import (
	"slices"
	"testing"

	"stolik/engine"
)

// Every enumerated value of every option of every game has its words in
// both languages, so that no one choosing or reading an option sees its
// key: the lobby, the terminal and the reports all show these words.
func TestEveryOptionValueHasWords(t *testing.T) {
	for _, g := range Games() {
		for _, sp := range g.Options() {
			if sp.Kind != engine.EnumOption {
				if len(sp.ValueTexts) > 0 {
					t.Errorf("%s %s: texts for the values of a %s option", g.Name(), sp.Name, sp.Kind)
				}
				continue
			}
			for _, v := range sp.Values {
				w, ok := sp.ValueTexts[v]
				switch {
				case !ok || w.PL == "" || w.EN == "":
					t.Errorf("%s %s=%s: no words in both languages (%+v)", g.Name(), sp.Name, v, w)
				case w.PL == v:
					t.Errorf("%s %s=%s: the Polish words are the key", g.Name(), sp.Name, v)
				}
			}
			for v := range sp.ValueTexts {
				if !slices.Contains(sp.Values, v) {
					t.Errorf("%s %s: words for %q, which is not a value", g.Name(), sp.Name, v)
				}
			}
		}
	}
}
