package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"stolik/engine"
)

// WordsConfig tells RunWords what to play and which words to know.
type WordsConfig struct {
	Game engine.Game
	// Variants are option sets to play, one at least per player count.
	Variants []map[string]any
	// Games is the number of random games per variant (default 10).
	Games int
	// Seed is the first game's seed (default 1).
	Seed uint64
	// Every makes the views, the move descriptions and the terminal be
	// read in one position in Every, picked at random, and always at the
	// end (default 1: every position); events are always read.
	Every int
	// Nouns adds the game's own countable nouns to the common ones
	// (CommonNouns), in engine.N's notation.
	Nouns []engine.Noun
	// Internal lists names from the code that a person must never read
	// (kind names, option values, rule codes); snake_case is caught anyway.
	Internal []string
	// Names are the game's proper names (cards, fighters, characters) with
	// their Polish forms by case where the content has them. A name right
	// after a word of Governs must be in the case that word takes, or
	// quoted („…”); an English name with Article keeps the capital of
	// its "The" only where a sentence starts. A name may hold words that
	// would otherwise read as a fault ("Co cię nie zabije…").
	Names []Name
	// Governs adds the game's own words to CommonGoverns.
	Governs map[string]string
}

// Name is a proper name in both languages with its Polish forms by case
// ("acc", "gen", "dat", "ins"): Forms["acc"] equal to PL says the name
// reads the same in the accusative ("Milady", "Baśniowy lud").
type Name struct {
	PL, EN string
	Forms  map[string]string
	// Article says the English name begins with an article, "the" in
	// the middle of a sentence ("attacks the Golem"); a title ("The Black
	// Rooster", "The Mansions of the Gods") keeps its capital.
	Article bool
}

// CommonGoverns are Polish words after which a name must be in a case
// other than the nominative: transitive verbs of the narrated texts
// (the accusative), and the words that take the genitive of a name.
var CommonGoverns = map[string]string{
	"atakuje": "acc", "kładzie": "acc", "wybiera": "acc", "dodaje": "acc", "dodajesz": "acc",
	"odrzuca": "acc", "dobiera": "acc", "dobierasz": "acc", "zagrywa": "acc", "zagrywasz": "acc",
	"odkrywa": "acc", "odkrywasz": "acc", "cuci": "acc", "nokautuje": "acc", "eliminuje": "acc",
	"wzywa": "acc", "przejmuje": "acc", "niszczy": "acc", "zatrzymuje": "acc", "zatrzymujesz": "acc",
	"chroni": "acc", "leczy": "acc", "rani": "acc", "bierze": "acc", "wskrzesza": "acc",
	"zostawia": "acc", "trzyma": "acc", "wymienia": "acc",
	"atak": "gen", "ataku": "gen", "moc": "gen", "partner": "gen", "partnera": "gen", "używa": "gen",
	"dla": "gen", "od": "gen", "do": "gen", "bez": "gen", "u": "gen", "zamiast": "gen",
}

// secondPerson are the words that address the reader; a narrated line
// about a seat uses none of them for another seat's eyes.
var secondPerson = map[string]bool{
	"ty": true, "twój": true, "twoja": true, "twoje": true, "twoją": true, "twojego": true, "twojej": true,
	"twoim": true, "twoich": true, "twoi": true, "twym": true, "ciebie": true, "tobie": true, "tobą": true,
	"you": true, "your": true, "yours": true, "yourself": true,
}

// CommonNouns are the counted nouns the games share, with every form a
// sentence uses: Polish one|few|many (several words in one slot are
// separated by commas: nominative and accusative), English one|other.
var CommonNouns = []engine.Noun{
	engine.N("karta,kartę|karty|kart", "card|cards"),
	engine.N("obrażenie|obrażenia|obrażeń", "damage"),
	engine.N("kostka,kostkę|kostki|kostek", "die|dice"),
	engine.N("żeton|żetony|żetonów", "token|tokens"),
	engine.N("pole|pola|pól", "space|spaces"),
	engine.N("statek|statki|statków", "ship|ships"),
	engine.N("sestercja,sestercję|sestercje|sestercji", "sestertius|sestertii"),
	engine.N("hełm|hełmy|hełmów", "helmet|helmets"),
	engine.N("tura,turę|tury|tur", "turn|turns"),
	engine.N("runda,rundę|rundy|rund", "round|rounds"),
	engine.N("krok|kroki|kroków", "step|steps"),
	engine.N("punkt|punkty|punktów", "point|points"),
	engine.N("duch|duchy|duchów", "spirit|spirits"),
	engine.N("cel|cele|celów", "target|targets"),
	engine.N("mina,minę|miny|min", "mine|mines"),
	engine.N("ruletka,ruletkę|ruletki|ruletek", "roulette|roulettes"),
	engine.N("album|albumy|albumów", "album|albums"),
	engine.N("postać|postacie,postaci|postaci", "character"),
	engine.N("słowo|słowa|słów", "word|words"),
	engine.N("miejsce|miejsca|miejsc", "place"),
	engine.N("cios|ciosy|ciosów", "hit"),
	engine.N("atak|ataki|ataków", "attack|attacks"),
	engine.N("gracz|gracze,graczy|graczy", "player|players"),
}

// zeroPlace finds a place, seat or position numbered 0 in a person's text:
// people count them from 1.
var zeroPlace = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(miejsc\p{L}*|album\p{L}*|pozycj\p{L}*|gracz\p{L}*|place|seat|slot|gap|position|player|album)\s+0(?:[^\d]|$)`)

// doubled finds two punctuation marks in a row ("Naprzód!.", "Niet!.");
// "?!" and the ellipsis ("…", or "..." in a card's name) are fine, and so
// is a comma or a colon after a name's own mark ("TOWARZYSZE!: draft",
// "Join the Fleet!, Aflame!"), where the sentence needs it.
var doubled = regexp.MustCompile(`[.!?:;,]\s*[.!?:;,]`)

func doubledOK(m string) bool {
	m = strings.Join(strings.Fields(m), "")
	return m == "?!" || m == "!," || m == "!:" || m == "?," || m == "?:"
}

// rawIdent finds snake_case identifiers from the code.
var rawIdent = regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)

// hedged finds a plural or a gender left to the reader: "kart(y)",
// "card(s)", "dodał(a)".
var hedged = regexp.MustCompile(`\p{L}\((?:y|s|e|i|ów|es|a)\)`)

// counted finds "<number> <word>" pairs; a number glued to a slash, a dash
// or a digit before it ("13/18 PŻ", "1–4") is not a count of the word, nor
// is a word glued to notation after it ("0 spirit-storm/2").
var counted = regexp.MustCompile(`(?:^|[^\p{L}\p{N}/–\-.])(\d+) (\p{L}+)(?:[^\p{L}\-/@]|$)`)

// genitive words make a count take the genitive ("z 3 kart", "od 2 pól"),
// where the usual agreement does not apply.
var genitive = map[string]bool{"z": true, "ze": true, "od": true, "do": true, "bez": true, "spośród": true,
	"wśród": true, "około": true, "dla": true, "zamiast": true, "oprócz": true, "u": true, "według": true}

type nounForms struct {
	noun int
	cats [3]bool // which Polish categories (one, few, many) the word is
	en   [2]bool // which English forms (one, other)
}

// wordChecker knows every noun form and checks texts.
type wordChecker struct {
	pl, en   map[string]*nounForms
	internal []string
	names    []Name
	governs  map[string]string
	// nameWords blanks the names out of a text before the second
	// person is looked for (longest first).
	nameWords []string
	found     map[string]*finding
	// seen are the texts already read, by language, and voiced those
	// already read for the second person.
	seen, voiced map[engine.Lang]map[string]bool
	views        textWalker
}

type finding struct {
	count   int
	example string
}

func newWordChecker(cfg WordsConfig) *wordChecker {
	nouns := append(append([]engine.Noun(nil), CommonNouns...), cfg.Nouns...)
	w := &wordChecker{pl: map[string]*nounForms{}, en: map[string]*nounForms{}, internal: cfg.Internal,
		found: map[string]*finding{}, names: cfg.Names, governs: map[string]string{}}
	w.seen = map[engine.Lang]map[string]bool{engine.PL: {}, engine.EN: {}}
	w.voiced = map[engine.Lang]map[string]bool{engine.PL: {}, engine.EN: {}}
	for k, v := range CommonGoverns {
		w.governs[k] = v
	}
	for k, v := range cfg.Governs {
		w.governs[k] = v
	}
	for _, n := range cfg.Names {
		w.nameWords = append(w.nameWords, n.PL, n.EN)
		for _, f := range n.Forms {
			w.nameWords = append(w.nameWords, f)
		}
	}
	sort.Slice(w.nameWords, func(i, j int) bool { return len(w.nameWords[i]) > len(w.nameWords[j]) })
	for i, n := range nouns {
		for c, forms := range n.PL {
			for _, f := range strings.Split(forms, ",") {
				f = strings.ToLower(f)
				if w.pl[f] == nil {
					w.pl[f] = &nounForms{noun: i}
				}
				w.pl[f].cats[c] = true
			}
		}
		if n.EN[0] == n.EN[1] {
			continue
		}
		for c, f := range n.EN {
			f = strings.ToLower(f)
			if w.en[f] == nil {
				w.en[f] = &nounForms{noun: i}
			}
			w.en[f].en[c] = true
		}
	}
	return w
}

func plCategory(n int) int {
	switch engine.Plural(n, "0", "1", "2") {
	case "0":
		return 0
	case "1":
		return 1
	}
	return 2
}

// check looks at one text a person sees, in lang; where says where it was
// found.
func (w *wordChecker) check(text string, lang engine.Lang, where string) {
	if strings.Contains(text, "\n") {
		// The terminal's pictures: line by line, most lines recur.
		for _, line := range strings.Split(text, "\n") {
			w.check(line, lang, where)
		}
		return
	}
	seen := w.seenIn(w.seen, lang)
	if text == "" || seen[text] {
		return
	}
	seen[text] = true
	note := func(kind, what string) {
		key := kind + ": " + what + " (" + where + ", " + string(lang) + ")"
		f := w.found[key]
		if f == nil {
			f = &finding{example: text}
			w.found[key] = f
		}
		f.count++
	}
	text = strings.ReplaceAll(text, "...", "…")
	checkPunctuation(text, note)
	w.checkNames(text, note)
	w.checkCounts(text, lang, note)
	checkRepeats(text, note)
	if lang == engine.EN {
		w.checkArticles(text, note)
	} else {
		w.checkCases(text, note)
	}
}

// checkCases finds a name in the nominative right after a word that
// governs another case ("atakuje Mordred", "kładzie Czarna Wdowa"): a
// name there is declined, or quoted, or one that reads the same.
func (w *wordChecker) checkCases(text string, note func(kind, what string)) {
	if len(w.names) == 0 {
		return
	}
	for _, m := range words(text) {
		gov := strings.ToLower(text[m[0]:m[1]])
		c, ok := w.governs[gov]
		if !ok || !strings.HasPrefix(text[m[1]:], " ") {
			continue
		}
		rest := text[m[1]+1:]
		if strings.HasPrefix(rest, "„") {
			continue
		}
		n := w.nameAt(rest, func(n Name) string { return n.PL })
		if n == nil || n.Forms[c] == n.PL {
			continue
		}
		note("name in the nominative after a word that takes the "+caseNames[c], gov+" <name>")
	}
}

var caseNames = map[string]string{"acc": "accusative", "gen": "genitive", "dat": "dative", "ins": "instrumental", "loc": "locative"}

// nameAt is the longest name at the start of text that ends where a word
// does, in the form form picks; nil if none.
func (w *wordChecker) nameAt(text string, form func(Name) string) *Name {
	var best *Name
	for i := range w.names {
		f := form(w.names[i])
		if f == "" || !strings.HasPrefix(text, f) || best != nil && len(form(*best)) >= len(f) {
			continue
		}
		if r := []rune(text[len(f):]); len(r) > 0 && (unicode.IsLetter(r[0]) || unicode.IsDigit(r[0])) {
			continue
		}
		best = &w.names[i]
	}
	return best
}

// checkArticles finds an English name's "The" with its capital in the
// middle of a sentence ("passes 2 power to The Fey Folk").
func (w *wordChecker) checkArticles(text string, note func(kind, what string)) {
	for i := 0; i < len(text); i++ {
		if !strings.HasPrefix(text[i:], "The ") || i == 0 {
			continue
		}
		// Mid-sentence: after a word, a comma or an arrow on the same
		// line ("attacks The Golem", "Joan, The Golem", "Joan → The
		// Golem"); not after a mark that ends or heads a sentence, a
		// bullet, or a table's column gap.
		before := strings.TrimRight(text[:i], " ")
		r, _ := utf8.DecodeLastRuneInString(before)
		if strings.HasSuffix(text[:i], "  ") || !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ',' || r == '→') {
			continue
		}
		if n := w.nameAt(text[i:], func(n Name) string { return n.EN }); n != nil && n.Article {
			note("capital article in the middle of a sentence", n.EN)
		}
	}
}

// checkVoice finds the second person in a narrated line that viewer reads
// about another seat's doings ("(twój partner)" in a line about the other
// team): a log speaks of every seat in the third person, and says "you"
// only to the seat the line is about.
func (w *wordChecker) checkVoice(text string, lang engine.Lang, kind string) {
	voiced := w.seenIn(w.voiced, lang)
	if text == "" || voiced[text] {
		return
	}
	voiced[text] = true
	plain := text
	for _, n := range w.nameWords {
		if n != "" {
			plain = strings.ReplaceAll(plain, n, " ")
		}
	}
	if strings.Contains(plain, "”") { // what quoted needs
		plain = quoted.ReplaceAllString(plain, " ")
	}
	for _, ix := range words(plain) {
		m := plain[ix[0]:ix[1]]
		if secondPerson[strings.ToLower(m)] {
			k := "second person in a narrated line: " + strings.ToLower(m) + " (event " + kind + ", " + string(lang) + ")"
			f := w.found[k]
			if f == nil {
				f = &finding{example: text}
				w.found[k] = f
			}
			f.count++
			return
		}
	}
}

// quoted finds a name in quotation marks.
var quoted = regexp.MustCompile(`„[^”]*”|“[^”]*”`)

// checkPunctuation finds doubled marks and plurals left open.
func checkPunctuation(text string, note func(kind, what string)) {
	if strings.Contains(text, "….") {
		note("doubled punctuation", `"…."`)
	}
	for _, m := range doubledIn(text) {
		if !doubledOK(m) {
			note("doubled punctuation", strconv.Quote(m))
		}
	}
	for _, m := range hedgedIn(text) {
		note("plural left open", m)
	}
}

// checkNames finds identifiers and places numbered from 0.
func (w *wordChecker) checkNames(text string, note func(kind, what string)) {
	for _, m := range rawIdentsIn(text) {
		note("raw identifier", m)
	}
	for _, name := range w.internal {
		if strings.Contains(text, name) {
			note("internal name", name)
		}
	}
	for _, m := range zeroPlacesIn(text) {
		note("numbered from 0", strings.TrimSpace(m[1])+" 0")
	}
}

// checkCounts finds a number followed by a noun in a form that does not
// agree with it.
func (w *wordChecker) checkCounts(text string, lang engine.Lang, note func(kind, what string)) {
	for _, m := range countedIn(text) {
		n, err := strconv.Atoi(text[m[2]:m[3]])
		if err != nil || strings.TrimSpace(text[:m[2]]) == "" {
			continue // not a number, or a list's number at the start of a line
		}
		word := strings.ToLower(text[m[4]:m[5]])
		if lang == engine.EN {
			if f := w.en[word]; f != nil && !f.en[map[bool]int{true: 0, false: 1}[n == 1]] {
				note("wrong plural", fmt.Sprintf("%d %s", n, word))
			}
			continue
		}
		f := w.pl[word]
		if f == nil || f.cats[plCategory(n)] || genitive[strings.ToLower(wordBefore(text, m[2]))] {
			continue
		}
		note("wrong plural", fmt.Sprintf("%d %s", n, word))
	}
}

// checkRepeats finds a word said twice ("Niet! Niet!") and a seat named
// twice ("Czołg gracza Gracz 4").
func checkRepeats(text string, note func(kind, what string)) {
	ws := words(text)
	for i := 1; i < len(ws); i++ {
		sep := text[ws[i-1][1]:ws[i][0]]
		if sep != " " && sep != "! " && sep != "? " {
			continue
		}
		a, b := strings.ToLower(text[ws[i-1][0]:ws[i-1][1]]), strings.ToLower(text[ws[i][0]:ws[i][1]])
		if len([]rune(a)) > 3 && a == b || strings.HasPrefix(a, "gracz") && b == "gracz" || a == "player" && b == "player" {
			note("repeated word", text[ws[i-1][0]:ws[i][1]])
		}
	}
}

// The regular expressions run only on texts that hold what each needs at
// the least: most texts hold none of it, and the answer is the same.

// zeroPlacesIn is zeroPlace's matches: they need a space before a 0.
func zeroPlacesIn(text string) [][]string {
	for i := 1; i < len(text); i++ {
		if text[i] == '0' && strings.IndexByte("\t\n\f\r ", text[i-1]) >= 0 {
			return zeroPlace.FindAllStringSubmatch(text, -1)
		}
	}
	return nil
}

// doubledIn is doubled's matches: they need two marks.
func doubledIn(text string) []string {
	if i := strings.IndexAny(text, ".!?:;,"); i < 0 || strings.IndexAny(text[i+1:], ".!?:;,") < 0 {
		return nil
	}
	return doubled.FindAllString(text, -1)
}

// rawIdentsIn is rawIdent's matches: they need an underscore.
func rawIdentsIn(text string) []string {
	if strings.IndexByte(text, '_') < 0 {
		return nil
	}
	return rawIdent.FindAllString(text, -1)
}

// hedgedIn is hedged's matches: they need a parenthesis.
func hedgedIn(text string) []string {
	if strings.IndexByte(text, '(') < 0 {
		return nil
	}
	return hedged.FindAllString(text, -1)
}

// countedIn is counted's matches: they need a digit before a space.
func countedIn(text string) [][]int {
	for i := 0; i+1 < len(text); i++ {
		if text[i] >= '0' && text[i] <= '9' && text[i+1] == ' ' {
			return counted.FindAllStringSubmatchIndex(text, -1)
		}
	}
	return nil
}

// words are the spans of the runs of letters in text (\p{L}+), as
// "Niet! Niet!" and "gracza Gracz 4" are read.
func words(text string) [][]int {
	var ws [][]int
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			ws = append(ws, []int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		ws = append(ws, []int{start, len(text)})
	}
	return ws
}

// wordBefore is the word that ends before text[i:], skipping spaces.
func wordBefore(text string, i int) string {
	s := strings.TrimRight(text[:i], " ")
	j := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	return s[j+1:]
}

// seenIn is the set of texts in lang in sets, made on first use.
func (w *wordChecker) seenIn(sets map[engine.Lang]map[string]bool, lang engine.Lang) map[string]bool {
	m := sets[lang]
	if m == nil {
		m = map[string]bool{}
		sets[lang] = m
	}
	return m
}

// checkJSON checks every {"pl", "en"} text in a view's JSON, objects
// before what they hold, members by their keys in order; other strings
// are the view's data (ids, kind names) for programs.
func (w *wordChecker) checkJSON(data []byte, where string) error {
	return w.views.walk(data, func(pl, en []byte) {
		w.checkBytes(pl, engine.PL, where)
		w.checkBytes(en, engine.EN, where)
	})
}

// checkBytes is check of a text still in a document's bytes: a line
// already read is passed over without a copy.
func (w *wordChecker) checkBytes(text []byte, lang engine.Lang, where string) {
	if bytes.IndexByte(text, '\n') < 0 && w.seen[lang][string(text)] {
		return
	}
	w.check(string(text), lang, where)
}

// RunWords plays random games and reads, in both languages, every text a
// person is shown: each event as redacted for every viewer, each Text in
// every seat's and the spectator's view, the description of every legal
// move, the terminal picture of the table for every viewer and the first
// question of Asker. It fails on a count whose noun does not agree with its
// number ("2 obrażeń", "1 kostek"), a plural left open ("kart(y)"),
// doubled punctuation ("Naprzód!."), raw identifiers (snake_case and
// Internal), a repeated word ("gracza Gracz 4"), places, seats or
// positions numbered from 0, a name in the nominative where a verb or a
// noun governs another case ("atakuje Mordred"), an English "The" of a name
// capitalised mid-sentence, and the second person ("twój partner", "your")
// in an event's line read by anyone but the seat it is about. Notation is
// not checked: it is typed, not read.
func RunWords(t *testing.T, cfg WordsConfig) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 10
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.Every == 0 {
		cfg.Every = 1
	}
	w := newWordChecker(cfg)
	langs := []engine.Lang{engine.PL, engine.EN}
	var legal []engine.Move
	for _, v := range cfg.Variants {
		opts, err := engine.ResolveOptions(cfg.Game.Options(), v)
		if err != nil {
			t.Fatalf("options %v: %v", v, err)
		}
		for i := 0; i < cfg.Games; i++ {
			seed := cfg.Seed + uint64(i)
			st, err := cfg.Game.New(opts, nil, seed)
			if err != nil {
				t.Fatalf("seed %d: New: %v", seed, err)
			}
			r := engine.NewRand(engine.DeriveSeed(seed, 15))
			sample := engine.NewRand(engine.DeriveSeed(seed, 16))
			for n := 0; ; n++ {
				if n > 10000 {
					t.Fatalf("%s seed %d: no end after %d moves", variantName(v), seed, n)
				}
				pending := st.Pending()
				if len(pending) == 0 || sample.IntN(cfg.Every) == 0 {
					w.checkState(t, st, langs)
				}
				if len(pending) == 0 {
					break
				}
				seat := pending[r.IntN(len(pending))]
				legal = st.Legal(seat, legal[:0])
				m := legal[r.IntN(len(legal))]
				evs, err := st.Apply(seat, m)
				if err != nil {
					t.Fatalf("seed %d: legal move %q rejected: %v", seed, st.Format(m), err)
				}
				for _, e := range evs {
					for viewer := engine.Spectator; int(viewer) < st.Seats(); viewer++ {
						for _, lang := range langs {
							if ev, ok := st.RedactEvent(e, viewer, lang); ok {
								w.check(ev.Text, lang, "event "+ev.Kind)
								if e.Seat < 0 || viewer != e.Seat {
									w.checkVoice(ev.Text, lang, ev.Kind)
								}
							}
						}
					}
				}
			}
		}
	}
	w.report(t)
}

// checkState reads the views, the legal moves' descriptions, the terminal
// pictures and the questions of one position.
func (w *wordChecker) checkState(t *testing.T, st engine.State, langs []engine.Lang) {
	t.Helper()
	for viewer := engine.Spectator; int(viewer) < st.Seats(); viewer++ {
		data, err := json.Marshal(st.View(viewer))
		if err != nil {
			t.Fatalf("view of seat %d: %v", viewer, err)
		}
		if err := w.checkJSON(data, "view"); err != nil {
			t.Fatalf("view of seat %d: %v", viewer, err)
		}
		if r, ok := st.(engine.Renderer); ok {
			for _, lang := range langs {
				w.check(r.Render(viewer, lang), lang, "terminal")
			}
		}
	}
	asker, asks := st.(engine.Asker)
	for _, seat := range st.Pending() {
		for _, m := range st.Legal(seat, nil) {
			for _, lang := range langs {
				w.check(st.Describe(m, lang), lang, "move description")
			}
		}
		if asks {
			for _, lang := range langs {
				if q, _, _, err := asker.Ask(seat, nil, lang); err == nil {
					w.check(q, lang, "terminal question")
				}
			}
		}
	}
}

func (w *wordChecker) report(t *testing.T) {
	t.Helper()
	keys := make([]string, 0, len(w.found))
	total := 0
	for k, f := range w.found {
		keys = append(keys, k)
		total += f.count
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := w.found[k]
		ex := f.example
		if len(ex) > 600 {
			ex = ex[:600] + "…"
		}
		t.Errorf("%s in %d texts, e.g. %q", k, f.count, ex)
	}
	if total > 0 {
		read := 0
		for _, m := range w.seen {
			read += len(m)
		}
		for _, m := range w.voiced {
			read += len(m)
		}
		t.Logf("%d distinct texts with faults, %d kinds of fault; %d distinct texts read", total, len(keys), read)
	}
}
