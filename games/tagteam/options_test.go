package tagteam

import (
	"fmt"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// TestWordsUnderEveryRuling reads the texts of random games with every
// ruling's option the other way, as TestWords does with the defaults.
func TestWordsUnderEveryRuling(t *testing.T) {
	other := map[string]any{"players": 2, "draft": "random"}
	for _, o := range ruleOptions {
		other[o.name] = !o.def
	}
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: []map[string]any{other}, Games: 4, Every: 2, Names: wordNames(DefaultPack())})
}

// Options are part of the state's hash: the same game under each
// ruling's other reading hashes otherwise.
func TestOptionsChangeTheHash(t *testing.T) {
	g := New()
	hash := func(set map[string]any) uint64 {
		opts, err := engine.ResolveOptions(g.Options(), set)
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(opts, nil, 7)
		if err != nil {
			t.Fatal(err)
		}
		return st.Hash()
	}
	base := hash(nil)
	for _, o := range g.Options() {
		if o.Kind != engine.BoolOption {
			continue
		}
		if hash(map[string]any{o.Name: !o.Default.(bool)}) == base {
			t.Errorf("option %s does not change the hash", o.Name)
		}
	}
}

// Every text follows the options in force: the words a pack keeps for
// each setting of the options are those written afresh under it (the
// pack shares the words of a card or board that no option changes).
func TestWordsFollowEveryOption(t *testing.T) {
	p := DefaultPack()
	for v := 0; v < numCardVariants; v++ {
		s := &State{pack: p, rules: cardRules(v)}
		s.phase = phPick
		for ci := range p.Cards {
			c := &p.Cards[ci]
			for back := 0; back < 2; back++ {
				if back == 1 && c.Front == nil {
					continue
				}
				m := &strengthMarks{}
				d := describer{s: s, self: -1, track: p.Fighters[c.Fighter].Track, marks: m}
				fresh := newWords(d.card(c, back == 1), m)
				if got, want := p.words.cards[v][ci][back].fill(s, -1), fresh.fill(s, -1); got != want {
					t.Errorf("card %s, variant %d: %q, want %q", c.ID, v, got.EN, want.EN)
				}
			}
		}
	}
	for v := 0; v < numBoardVariants; v++ {
		s := &State{pack: p, rules: boardRules(v)}
		s.phase = phPick
		for fi := range p.Fighters {
			fw := &p.words.variants[v][fi]
			if got, want := fmt.Sprint(fw.rules), fmt.Sprint(s.buildRuleTexts(fi)); got != want {
				t.Errorf("%s's rules, variant %d: %s, want %s", p.Fighters[fi].ID, v, got, want)
			}
			if got, want := fw.health.Text, s.buildHealthTrack(fi, nil).Text; got != want {
				t.Errorf("%s's track, variant %d: %q, want %q", p.Fighters[fi].ID, v, got.EN, want.EN)
			}
		}
	}
}
