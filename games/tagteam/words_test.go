package tagteam

import (
	"strings"
	"testing"

	"stolik/engine/enginetest"
)

// TestWords reads every text of random games, in both languages: events,
// views, move descriptions and the terminal (enginetest.RunWords).
func TestWords(t *testing.T) {
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: []map[string]any{
		{"players": 2},
		{"players": 2, "draft": "tactical"},
		{"players": 2, "draft": "free"},
		{"players": 2, "draft": "random"},
		{"players": 2, "draft": "first_game"},
	}, Games: 4, Every: 2, Names: wordNames(DefaultPack())})
}

// wordNames are the fighters' names with their forms, the Fey Folk's
// characters and the cards.
func wordNames(p *Pack) []enginetest.Name {
	var names []enginetest.Name
	for _, f := range p.Fighters {
		names = append(names, enginetest.Name{PL: f.Name.PL, EN: f.Name.EN, Article: strings.HasPrefix(f.Name.EN, "The "),
			Forms: map[string]string{"gen": f.Forms.Gen, "acc": f.Forms.Acc}})
		for _, c := range f.Characters {
			names = append(names, enginetest.Name{PL: c.Name.PL, EN: c.Name.EN})
		}
	}
	for _, c := range p.Cards {
		names = append(names, enginetest.Name{PL: c.Name.PL, EN: c.Name.EN})
	}
	return names
}

// TestFighterNamesHaveForms: every fighter's Polish name has the forms
// the log's sentences use ("atak Golema", "atakuje Golema"), written out
// in the content even where they do not change (Milady).
func TestFighterNamesHaveForms(t *testing.T) {
	for _, f := range DefaultPack().Fighters {
		if f.Forms.Gen == "" || f.Forms.Acc == "" {
			t.Errorf("%s: forms %+v, want the genitive and the accusative of %q", f.ID, f.Forms, f.Name.PL)
		}
	}
}
