package enginetest

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"sort"
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
		w := newWordChecker(WordsConfig{})
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

// testNames are names as a game's content gives them: Mordred with his
// forms, Milady who does not change, and names without a case table.
var testNames = []Name{
	{PL: "Mordred", EN: "Mordred", Forms: map[string]string{"acc": "Mordreda", "gen": "Mordreda"}},
	{PL: "Milady", EN: "Milady", Forms: map[string]string{"acc": "Milady", "gen": "Milady"}},
	{PL: "Baśniowy lud", EN: "The Fey Folk", Forms: map[string]string{"acc": "Baśniowy lud", "gen": "Baśniowego ludu"}, Article: true},
	{PL: "Czarny kogut", EN: "The Black Rooster"},
	{PL: "Czarna Wdowa", EN: "Black Widow"},
	{PL: "Co cię nie zabije, mnie wzmocni", EN: "What Doesn't Kill You"},
}

func TestWordCheckerFindsCasesAndArticles(t *testing.T) {
	for _, c := range []struct {
		lang engine.Lang
		text string
		want string // the kind of fault, "" for none
	}{
		{engine.PL, "Baśniowy lud atakuje Mordred z siłą 2.", "name in the nominative after a word that takes the accusative"},
		{engine.PL, "Baśniowy lud atakuje Mordreda z siłą 2.", ""},
		{engine.PL, "Mordred atakuje Milady z siłą 2.", ""},
		{engine.PL, "Mordred atakuje Baśniowy lud z siłą 2.", ""},
		{engine.PL, "Blok: atak Baśniowy lud na Milady anulowany.", "name in the nominative after a word that takes the genitive"},
		{engine.PL, "Blok: atak Baśniowego ludu na Milady anulowany.", ""},
		{engine.PL, "Gracz 1 kładzie Czarna Wdowa jako 2. kartę szeregu.", "name in the nominative after a word that takes the accusative"},
		{engine.PL, "Gracz 1 kładzie kartę „Czarna Wdowa” na 2. miejscu szeregu.", ""},
		{engine.PL, "Gracz 1 wybiera: Mordred.", ""},
		{engine.EN, "Wong Fei-Hung passes 2 power to The Fey Folk.", "capital article in the middle of a sentence"},
		{engine.EN, "Wong Fei-Hung passes 2 power to the Fey Folk.", ""},
		{engine.EN, "The Fey Folk attacks Milady. The Fey Folk: power +1.", ""},
		{engine.EN, "Teams: The Fey Folk and Mordred.", ""},
		{engine.EN, "Player 2 reveals The Black Rooster.", ""},
		{engine.EN, "  the-fey-folk     The Fey Folk — HP: Fairy 3", ""},
		{engine.PL, "Gracz 1 dodał(a) kartę do talii walki.", "plural left open"},
	} {
		w := newWordChecker(WordsConfig{Names: testNames})
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

func TestWordCheckerFindsSecondPerson(t *testing.T) {
	for _, c := range []struct {
		lang engine.Lang
		text string
		want bool
	}{
		{engine.PL, "Baśniowy lud: symbol na polu 3 — zysk 1 mocy (twój partner).", true},
		{engine.EN, "The Fey Folk: the symbol on space 3 — gain 1 power (your partner).", true},
		{engine.PL, "Intryga: Zysk 1 mocy (ty i twój partner).", true},
		{engine.PL, "Baśniowy lud: symbol na polu 3 — zysk 1 mocy (partner).", false},
		{engine.PL, "Gracz 1 odkrywa: Co cię nie zabije, mnie wzmocni.", false},
		{engine.EN, "Player 1 reveals What Doesn't Kill You.", false},
		{engine.PL, "Gracz 1 odkrywa kartę „Ty i ja”.", false},
	} {
		w := newWordChecker(WordsConfig{Names: testNames})
		w.checkVoice(c.text, c.lang, "test")
		if got := len(w.found) > 0; got != c.want {
			t.Errorf("%q: second person found %v, want %v", c.text, got, c.want)
		}
	}
}

// decodedTexts is what the words test read of a view before it walked
// the JSON itself: the document decoded into interface values, each
// object's {"pl", "en"} strings, then its members by their keys in order.
func decodedTexts(v any, out []string) []string {
	switch x := v.(type) {
	case map[string]any:
		pl, okPL := x["pl"].(string)
		en, okEN := x["en"].(string)
		if okPL && okEN {
			out = append(out, "pl:"+pl, "en:"+en)
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = decodedTexts(x[k], out)
		}
	case []any:
		for _, e := range x {
			out = decodedTexts(e, out)
		}
	}
	return out
}

// TestTextWalkerReadsAsDecoded: the words test's walk over a view's JSON
// meets the texts that decoding it would give, in the same order: keys
// in order whatever their order in the document, a later duplicate key
// winning, escapes and invalid UTF-8 decoded, texts only where both "pl"
// and "en" are strings.
func TestTextWalkerReadsAsDecoded(t *testing.T) {
	docs := []string{
		`{"pl":"Dobiera 1 kartę.","en":"Draws 1 card."}`,
		`{"z":{"pl":"z","en":"Z"},"a":[{"pl":"a1","en":"A1"},{"pl":"a2","en":"A2"}],"m":{"en":"M","pl":"m","k":{"pl":"k","en":"K"}}}`,
		`{"pl":"pierwszy","en":"first","pl":"drugi"}`,
		`{"a":{"pl":"stary","en":"old"},"a":{"pl":"nowy","en":"new"}}`,
		`{"a":{"pl":"x","en":"X"},"a":3}`,
		`{"pl":"cudzysłów \" i \\ i \u0105\u00e9 i \ud83d\ude00","en":"line\nbreak \u003ctag\u003e"}`,
		"{\"pl\":\"z\xffa\",\"en\":\"ok\"}",
		`{"pl":1,"en":"no"}`, `{"pl":null,"en":"no"}`, `{"pl":"tylko"}`,
		`[{"pl":"a","en":"b"},[[{"pl":"c","en":"d"}]],"s",1.5e3,true,false,null,{}]`,
		`{"k\u0065y":{"pl":"escaped key","en":"x"},"kez":{"pl":"after","en":"y"},"kex":{"pl":"before","en":"z"}}`,
		` { "b" : [ { "pl" : "spacje" , "en" : "spaces" } ] , "a" : { } } `,
		`"just a string"`, `12`, `[]`, `{}`,
		`{"x":"}{][\"","y":{"pl":"po","en":"after"}}`,
	}
	var w textWalker
	for _, d := range docs {
		var v any
		if err := json.Unmarshal([]byte(d), &v); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		want := decodedTexts(v, nil)
		var got []string
		if err := w.walk([]byte(d), func(pl, en []byte) { got = append(got, "pl:"+string(pl), "en:"+string(en)) }); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got  %q\n want %q", d, got, want)
		}
	}
	for _, bad := range []string{``, `{`, `{"a":}`, `{"a" 1}`, `[1,]`, `{"pl":"x`, `{"a":1}}`, `[1 2]`} {
		if err := w.walk([]byte(bad), func(pl, en []byte) {}); err == nil {
			t.Errorf("%q read as JSON", bad)
		}
	}
}

// word is the expression words scans as.
var word = regexp.MustCompile(`\p{L}+`)

// TestScansAsRegexps: the words test runs each regular expression only
// on texts that hold what it needs, and splits words without one; on
// texts made of the pieces the expressions look for, each gives what the
// expression alone gives.
func TestScansAsRegexps(t *testing.T) {
	pieces := []string{"seat", "Miejsce", "gracza", "album", "0", "1", "12", "03", " ", "  ", "\t", "\n", "\f", "\r",
		"_", "snake_case", "kart", "(s)", "(y)", "(ów)", "(", ")", "!", ".", "?", ",", ":", ";", "…", "ą", "Ż",
		"\xff", "„", "”", "“", "-", "/", "–", "e\u0301", "x", "2 kart", "1 card"}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(9); n >= 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		same := func(what string, got, want any) {
			t.Helper()
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s in %q: got %q, the expression finds %q", what, text, got, want)
			}
		}
		same("zero places", zeroPlacesIn(text), zeroPlace.FindAllStringSubmatch(text, -1))
		same("identifiers", rawIdentsIn(text), rawIdent.FindAllString(text, -1))
		same("open plurals", hedgedIn(text), hedged.FindAllString(text, -1))
		same("counts", countedIn(text), counted.FindAllStringSubmatchIndex(text, -1))
		same("words", words(text), word.FindAllStringIndex(text, -1))
		same("doubled marks", doubledIn(text), doubled.FindAllString(text, -1))
	}
}
