package enginetest

import (
	"strings"
	"testing"

	"stolik/engine"
)

func TestWordCheckerFindsFaults(t *testing.T) {
	for _, c := range []struct {
		lang engine.Lang
		text string
		want string // the kind of fault, "" for none
	}{
		{engine.PL, "Granat, 2 obrażeń (zostaje 8 PŻ).", "wrong plural"},
		{engine.PL, "Granat, 2 obrażenia (zostaje 8 PŻ).", ""},
		{engine.PL, "Granat, 5 obrażeń.", ""},
		{engine.PL, "Rzuca 1 kostek.", "wrong plural"},
		{engine.PL, "Rzuca 22 kostki i 12 kostek.", ""},
		{engine.PL, "Dobiera 1 kartę.", ""},
		{engine.PL, "Talia z 3 kart.", ""}, // the genitive after "z"
		{engine.PL, "szereg ma 1 kart(y)", "plural left open"},
		{engine.EN, "the line has 1 cards", "wrong plural"},
		{engine.EN, "Player 1 places Hulk", ""},
		{engine.EN, "2 damage", ""},
		{engine.PL, "Zatrzymujesz: Naprzód!.", "doubled punctuation"},
		{engine.PL, "Odkrywa: F.U.B.A.R..", "doubled punctuation"},
		{engine.PL, "Dobierasz: Przyjaciół trzymam blisko....", "doubled punctuation"},
		{engine.PL, "karta startowa: ...tym boleśniej upadają", ""},
		{engine.PL, "Atak: TOWARZYSZE!: draft z rąk", ""},
		{engine.PL, "Co?! Nie!", ""},
		{engine.PL, "Czołg gracza Gracz 4 niszczy: Mina.", "repeated word"},
		{engine.PL, "Niet! Niet! nie działa.", "repeated word"},
		{engine.EN, "capture_check is on", "raw identifier"},
		{engine.PL, "Gracz 1 kładzie Hulka w miejscu 0.", "numbered from 0"},
		{engine.PL, "Zagrywa: Asteriks (Album 0).", "numbered from 0"},
		{engine.PL, "Dodaj kartę na pozycję 0.", "numbered from 0"},
		{engine.EN, "There is no seat 0.", "numbered from 0"},
		{engine.PL, "Tor zdrowia 18–1, pole 10", ""},
		{engine.PL, "   2 Gracz 2 (Anatolij) · PŻ 10/10", ""}, // a list's number
		{engine.PL, "Zagrywa: Asteriks (Album 1).", ""},
	} {
		w := newWordChecker(CommonNouns, nil)
		w.check(c.text, c.lang, "test")
		var got []string
		hit := false
		for k := range w.found {
			got = append(got, k)
			hit = hit || c.want != "" && strings.HasPrefix(k, c.want+":")
		}
		if c.want == "" && len(got) > 0 || c.want != "" && !hit {
			t.Errorf("%q: found %q, want %q", c.text, got, c.want)
		}
	}
}
