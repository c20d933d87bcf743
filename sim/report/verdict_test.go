package report_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/sim"
	"stolik/sim/report"
)

// visibleText is the text a reader sees on a page: every element's text
// but the style's and the tooltips' (title elements and attributes).
func visibleText(t *testing.T, page []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(page))
	dec.Strict = true
	var b strings.Builder
	hidden := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local == "style" || el.Name.Local == "title" || hidden > 0 {
				hidden++
			}
		case xml.EndElement:
			if hidden > 0 {
				hidden--
			}
		case xml.CharData:
			if hidden == 0 {
				b.Write(el)
				b.WriteByte(' ')
			}
		}
	}
	return b.String()
}

func write(t *testing.T, r report.Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Write(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// twoSeats is a Cardline run of two seats with the given wins of 1000
// games, played by bots.
func twoSeats(t *testing.T, bots []string, wins ...int) (engine.Game, engine.Options, sim.Result) {
	g, _ := all.Lookup("cardline", "")
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2, "first": "0"})
	if err != nil {
		t.Fatal(err)
	}
	return g, opts, sim.Result{Game: "cardline", Players: 2, Games: 1000, Seed: 1, Bots: bots, WinsBySeat: wins,
		MovesMean: 30, MovesHist: map[int]int{30: 1000}}
}

// The verdict calls the seats balanced exactly when every seat's 95%
// interval contains the even share, names the seats that win more or
// less often otherwise, and gives the first player's edge from the
// figures, in both languages.
func TestVerdictBalanceFollowsTheIntervals(t *testing.T) {
	for _, wins := range [][]int{{500, 500}, {520, 480}, {531, 469}, {560, 440}, {440, 560}, {480, 480}} {
		g, opts, res := twoSeats(t, []string{"fan:expert", "fan:expert"}, wins...)
		fair := float64(wins[0]+wins[1]) / 2000
		balanced := true
		var above, below []string
		for s, k := range wins {
			iv := sim.Wilson(k, 1000)
			if iv.Low > fair || iv.High < fair {
				balanced = false
			}
			if iv.Low > fair {
				above = append(above, fmt.Sprintf("Player %d", s+1))
			}
			if iv.High < fair {
				below = append(below, fmt.Sprintf("Player %d", s+1))
			}
		}
		for _, lang := range []engine.Lang{engine.EN, engine.PL} {
			text := visibleText(t, write(t, report.Report{Lang: lang, Game: g, Options: opts, Result: &res}))
			yes := map[engine.Lang]string{engine.EN: "The seats are balanced", engine.PL: "Miejsca są zrównoważone"}[lang]
			no := map[engine.Lang]string{engine.EN: "The seats are not balanced", engine.PL: "Miejsca nie są zrównoważone"}[lang]
			if strings.Contains(text, yes) != balanced || strings.Contains(text, no) == balanced {
				t.Errorf("%v %s: balanced is %v, the verdict says otherwise:\n%s", wins, lang, balanced, text)
			}
			if lang != engine.EN {
				continue
			}
			for _, s := range above {
				if !strings.Contains(text, s+" wins more often") {
					t.Errorf("%v: the verdict does not say %s wins more often", wins, s)
				}
			}
			for _, s := range below {
				if !strings.Contains(text, s+" wins less often") {
					t.Errorf("%v: the verdict does not say %s wins less often", wins, s)
				}
			}
			iv := sim.Wilson(wins[0], 1000)
			edge := fmt.Sprintf("edge over an even share: %s (95%%: %s to %s)", pp(iv.Rate-fair), pp(iv.Low-fair), pp(iv.High-fair))
			if !strings.Contains(text, edge) {
				t.Errorf("%v: no %q in the verdict:\n%s", wins, edge, text)
			}
		}
	}
}

// pp is a difference in percentage points as a report writes it.
func pp(v float64) string {
	v = math.Round(1000*v) / 1000
	if v == 0 {
		return "0.0 pp"
	}
	if v > 0 {
		return fmt.Sprintf("+%.1f pp", 100*v)
	}
	return fmt.Sprintf("%.1f pp", 100*v)
}

// A seat played by a random bot is warned of in the verdict, and only
// then.
func TestVerdictWarnsOfRandomBots(t *testing.T) {
	for _, tc := range []struct {
		bots []string
		want string
	}{
		{[]string{"random", "fan:expert"}, "A random bot played as Player 1 (1 seat)"},
		{[]string{"random", "random"}, "A random bot played as Player 1 and Player 2 (2 seats)"},
		{[]string{"fan:expert", "fan"}, ""},
	} {
		g, opts, res := twoSeats(t, tc.bots, 500, 500)
		page := write(t, report.Report{Lang: engine.EN, Game: g, Options: opts, Result: &res})
		text := visibleText(t, page)
		if tc.want == "" && strings.Contains(text, "random bot") || tc.want != "" && !strings.Contains(text, tc.want) {
			t.Errorf("bots %v: want %q in:\n%s", tc.bots, tc.want, text)
		}
		// The warning is on the first screen: before the set-up.
		if tc.want != "" && bytes.Index(page, []byte(`id="random-warning"`)) > bytes.Index(page, []byte(`id="setup"`)) {
			t.Errorf("bots %v: the warning comes after the set-up", tc.bots)
		}
	}
	pl := visibleText(t, func() []byte {
		g, opts, res := twoSeats(t, []string{"random", "random"}, 500, 500)
		return write(t, report.Report{Lang: engine.PL, Game: g, Options: opts, Result: &res})
	}())
	if !strings.Contains(pl, "Bot losowy grał jako Gracz 1 i Gracz 2 (2 miejsca)") {
		t.Errorf("the Polish warning: %s", pl)
	}
}

// The verdict names the largest significant effects, the largest first,
// each with its rate, interval and difference; and says so when there
// is none.
func TestVerdictNamesTheLargestEffects(t *testing.T) {
	g, opts, res := twoSeats(t, []string{"fan:expert", "fan:expert"}, 500, 500)
	card := func(id string, wins int, sig bool) sim.CardStats {
		return sim.CardStats{ID: id, Name: engine.Text{PL: "Karta " + id, EN: "Card " + id}, Use: "played", Seats: 1000, Wins: wins,
			Interval: sim.Wilson(wins, 1000), Significant: sig}
	}
	res.Cards = []sim.CardStats{card("a", 720, true), card("b", 300, true), card("c", 500, false)}
	text := visibleText(t, write(t, report.Report{Lang: engine.EN, Game: g, Options: opts, Result: &res}))
	a := strings.Index(text, "Card a (played): wins 72.0% (69.1%–74.7%) against 40.0%; a difference of +32.0 pp")
	b := strings.Index(text, "Card b (played): wins 30.0%")
	if a < 0 || b < 0 || b < a || strings.Contains(text, "Card c (played): wins") {
		t.Errorf("the effects are not a then b, without c:\n%s", text)
	}
	if !strings.Contains(text, "Significant effects (two-proportion test, Benjamini–Hochberg correction, FDR 5%): 2 effects") {
		t.Errorf("the effects are not counted:\n%s", text)
	}
	res.Cards = []sim.CardStats{card("c", 500, false)}
	text = visibleText(t, write(t, report.Report{Lang: engine.EN, Game: g, Options: opts, Result: &res}))
	if !strings.Contains(text, "Nothing changes the chance of winning significantly") {
		t.Errorf("no effect, and the verdict does not say so:\n%s", text)
	}
}

// No card id, fighter id, option key or raw option value is visible in a
// report: everything is named in the page's language (the keys are in
// the tooltips).
func TestReportShowsNoKeys(t *testing.T) {
	for _, name := range []string{"tagteam", "asterix"} {
		g, _ := all.Lookup(name, "")
		cfg, res := run(t, g, 150, nil)
		for _, lang := range []engine.Lang{engine.PL, engine.EN} {
			text := visibleText(t, write(t, report.Report{Lang: lang, Game: g, Options: cfg.Options, Result: &res}))
			var keys []string
			for _, sp := range g.Options() {
				keys = append(keys, sp.Name+"=")
				if strings.Contains(sp.Name, "_") {
					keys = append(keys, sp.Name)
				}
				for _, v := range sp.Values {
					if strings.Contains(v, "_") {
						keys = append(keys, v)
					}
				}
			}
			for _, c := range res.Cards {
				if c.ID != c.Name.In(lang) {
					keys = append(keys, c.ID)
				}
			}
			for part := range res.ByPart {
				keys = append(keys, part)
			}
			// Words as a reader sees them, split where a key cannot go on.
			words := map[string]bool{}
			for _, w := range regexp.MustCompile(`[\pL\pN_\-=]+`).FindAllString(text, -1) {
				words[w] = true
				if i := strings.Index(w, "="); i > 0 {
					words[w[:i+1]] = true
				}
			}
			for _, k := range keys {
				if words[k] {
					t.Errorf("%s %s: the key %q is visible", name, lang, k)
				}
			}
			if len(res.ByPart) > 0 && !strings.Contains(text, map[engine.Lang]string{engine.PL: "Pojedynki: zawodnicy", engine.EN: "Match-ups: fighters"}[lang]) {
				t.Errorf("%s %s: the fighters' match-ups are not named", name, lang)
			}
			if len(res.ByPart) > 0 && !strings.Contains(text, map[engine.Lang]string{engine.PL: "Wygrane: drużyny", engine.EN: "Wins: teams"}[lang]) {
				t.Errorf("%s %s: the teams' wins are not named", name, lang)
			}
		}
	}
}

// A Polish report names every enumerated value of every game's options
// in Polish: none is shown as its key, with or without underscores
// ("left blue", "token required", "standard").
func TestPolishReportShowsOptionValuesInWords(t *testing.T) {
	for _, g := range all.Games() {
		var enums []engine.OptionSpec
		most := 0
		for _, sp := range g.Options() {
			if sp.Kind == engine.EnumOption {
				enums = append(enums, sp)
				most = max(most, len(sp.Values))
			}
		}
		// Round k sets every enum to its k-th value, so that every value is
		// shown in one report or another.
		for k := range most {
			raw := map[string]any{}
			for _, sp := range enums {
				raw[sp.Name] = sp.Values[k%len(sp.Values)]
			}
			opts, err := engine.ResolveOptions(g.Options(), raw)
			if err != nil {
				t.Fatal(err)
			}
			n := opts.Int("players")
			res := sim.Result{Game: g.Name(), Players: n, Games: 10, Bots: slices.Repeat([]string{"random"}, n), WinsBySeat: make([]int, n),
				MovesHist: map[int]int{40: 10}, TurnsHist: map[int]int{20: 10}, TurnsMedian: 20, TurnsP99: 20, TurnsMax: 20}
			res.WinsBySeat[0] = 10
			text := visibleText(t, write(t, report.Report{Lang: engine.PL, Game: g, Options: opts, Result: &res}))
			for _, sp := range enums {
				v := opts.String(sp.Name)
				// A seat's number is shown as its name ("Gracz 1"): a
				// bare digit is a count elsewhere on the page.
				if _, err := strconv.Atoi(v); err == nil {
					if !strings.Contains(text, sp.ValueText(v).PL) {
						t.Errorf("%s %s=%s: %q is not shown", g.Name(), sp.Name, v, sp.ValueText(v).PL)
					}
					continue
				}
				raw := regexp.MustCompile(`\b` + regexp.QuoteMeta(strings.ReplaceAll(v, "_", " ")) + `\b`)
				if raw.MatchString(strings.ReplaceAll(text, "_", " ")) {
					t.Errorf("%s %s=%s: the Polish report shows the value's key: …%s…", g.Name(), sp.Name, v, around(text, raw.FindStringIndex(strings.ReplaceAll(text, "_", " "))))
				}
			}
		}
	}
}

// Where the box promises a length, the verdict sets the turns against
// it: the time a turn may take to keep the promise.
func TestVerdictSetsTheBoxAgainstTheTurns(t *testing.T) {
	g, _ := all.Lookup("asterix", "")
	opts, _ := engine.ResolveOptions(g.Options(), nil)
	res := sim.Result{Game: "asterix", Players: 2, Games: 100, Bots: []string{"greedy", "greedy"}, WinsBySeat: []int{50, 50},
		MovesHist: map[int]int{90: 100}, TurnsHist: map[int]int{35: 60, 70: 40}, TurnsMedian: 35, TurnsP99: 70, TurnsMax: 70}
	en := visibleText(t, write(t, report.Report{Lang: engine.EN, Game: g, Options: opts, Result: &res}))
	if !strings.Contains(en, "Half the games end within 35 turns, 99% within 70 turns. The box promises 35 minutes a game: at the median length that is 60 s a turn (30 s at the 99th percentile).") {
		t.Errorf("no box in the verdict:\n%s", en)
	}
	pl := visibleText(t, write(t, report.Report{Lang: engine.PL, Game: g, Options: opts, Result: &res}))
	if !strings.Contains(pl, "Połowa gier kończy się najpóźniej w 35 turach, 99% najpóźniej w 70 turach. Pudełko obiecuje 35 minut gry") {
		t.Errorf("no box in the Polish verdict:\n%s", pl)
	}
	g, _ = all.Lookup("tagteam", "")
	opts, _ = engine.ResolveOptions(g.Options(), nil)
	if text := visibleText(t, write(t, report.Report{Lang: engine.EN, Game: g, Options: opts, Result: &res})); strings.Contains(text, "box promises") {
		t.Error("a box that promises nothing is quoted")
	}
}

// around is the text about span, to show where something was found.
func around(text string, span []int) string {
	return text[max(0, span[0]-60):min(len(text), span[1]+60)]
}
