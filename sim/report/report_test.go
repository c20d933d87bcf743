package report_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"html"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/sim"
	"stolik/sim/report"
)

// run plays a short run of g with random bots and every detail.
func run(t *testing.T, g engine.Game, games int, raw map[string]any) (sim.Config, sim.Result) {
	t.Helper()
	opts, err := engine.ResolveOptions(g.Options(), raw)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	bots := slices.Repeat([]string{"random"}, st.Seats())
	cfg := sim.Config{Game: g, Options: opts, Bots: bots, Games: games, Seed: 7, Detail: true}
	res, err := sim.Run(cfg)
	if err != nil || res.Errors > 0 {
		t.Fatalf("%s: %v %s", g.Name(), err, res.FirstError)
	}
	return cfg, res
}

// htmlElements are the elements a report may use; anything else (a
// script, an image from elsewhere, a frame) fails the test.
var htmlElements = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true, "main": true,
	"nav": true, "ol": true, "ul": true, "li": true, "a": true, "h1": true, "h2": true, "h3": true, "h4": true,
	"section": true, "p": true, "table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true,
	"div": true, "footer": true, "span": true,
	"svg": true, "g": true, "rect": true, "line": true, "text": true,
}

// checkHTML holds a report to being well-formed (every element closed,
// every attribute quoted: it parses as strict XML), to using only the
// elements above, to linking only within itself and to loading nothing.
// It returns the ids of its sections.
func checkHTML(t *testing.T, page []byte) []string {
	t.Helper()
	if !bytes.HasPrefix(page, []byte("<!DOCTYPE html>\n")) {
		t.Fatalf("the page does not start with the doctype: %.40q", page)
	}
	dec := xml.NewDecoder(bytes.NewReader(page))
	dec.Strict = true
	var sections []string
	depth := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			depth++
			if !htmlElements[el.Name.Local] {
				t.Errorf("element <%s> in a report", el.Name.Local)
			}
			for _, a := range el.Attr {
				v := a.Value
				switch {
				case a.Name.Local == "href" && !strings.HasPrefix(v, "#"):
					t.Errorf("a link out of the page: %s", v)
				case a.Name.Local == "src" || strings.HasPrefix(a.Name.Local, "on"):
					t.Errorf("attribute %s=%q in a report", a.Name.Local, v)
				}
				if el.Name.Local == "section" && a.Name.Local == "id" {
					sections = append(sections, v)
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 {
		t.Fatalf("%d elements left open", depth)
	}
	if bytes.Contains(page, []byte("url(")) || bytes.Contains(page, []byte("@import")) {
		t.Error("the style loads something")
	}
	return sections
}

// wantSections are the sections a report of one run of each game holds.
var wantSections = map[string][]string{
	"cardline":  {"verdict", "setup", "headline", "seats", "length", "own", "cards", "method"},
	"asterix":   {"verdict", "setup", "headline", "seats", "length", "own", "cards", "method"},
	"frontline": {"verdict", "setup", "headline", "seats", "labels", "length", "own", "cards", "method"},
	"tagteam":   {"verdict", "setup", "headline", "seats", "labels", "length", "own", "matrix", "cards", "method"},
}

// wantFigures are the game's own figures each report shows.
var wantFigures = map[string][]string{
	"cardline":  {"placement_by_length", "placement_by_trait", "eliminations_by_round", "rounds", "end"},
	"asterix":   {"albums_captured", "sestertii_at_end", "end"},
	"frontline": {"survival_by_place", "survival_by_players", "deaths_by_cause", "commissar_advances", "end"},
	"tagteam":   {"end", "rounds"},
}

func TestReportEveryGame(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			cfg, res := run(t, g, 150, nil)
			if len(res.Cards) == 0 {
				t.Fatal("no card statistics")
			}
			for _, lang := range []engine.Lang{engine.PL, engine.EN} {
				var buf bytes.Buffer
				err := report.Write(&buf, report.Report{Lang: lang, Game: g, Options: cfg.Options, ContentHash: "0123", Result: &res})
				if err != nil {
					t.Fatal(err)
				}
				page := buf.Bytes()
				got := checkHTML(t, page)
				if want := wantSections[g.Name()]; !slices.Equal(got, want) {
					t.Errorf("%s: sections %v, want %v", lang, got, want)
				}
				for _, f := range wantFigures[g.Name()] {
					if !bytes.Contains(page, []byte(`id="fig-`+f+`"`)) {
						t.Errorf("%s: no figure %s", lang, f)
					}
				}
				if !bytes.Contains(page, []byte(`<html lang="`+string(lang)+`">`)) {
					t.Errorf("%s: the page does not say its language", lang)
				}
				// Every card with a use is in the page, by its name in the language.
				for _, c := range res.Cards[:min(len(res.Cards), 30)] {
					if !strings.Contains(string(page), html.EscapeString(c.Name.In(lang))) {
						t.Errorf("%s: card %s missing", lang, c.ID)
					}
				}
			}
		})
	}
}

// Polish numbers take the right form and a decimal comma.
func TestReportPolishWords(t *testing.T) {
	g := all.Games()[0]
	cfg, res := run(t, g, 22, nil)
	var buf bytes.Buffer
	if err := report.Write(&buf, report.Report{Lang: engine.PL, Game: g, Options: cfg.Options, Result: &res}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if !strings.Contains(page, "22 gry") {
		t.Error("22 games is not 22 gry")
	}
	if regexp.MustCompile(`\d\.\d%`).MatchString(page) {
		t.Error("a percentage with a decimal point in Polish")
	}
	buf.Reset()
	if err := report.Write(&buf, report.Report{Lang: engine.EN, Game: g, Options: cfg.Options, Result: &res}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "22 games") || strings.Contains(buf.String(), "Raport") {
		t.Error("the English report is not in English")
	}
}

func TestReportSweepAndCompare(t *testing.T) {
	g := all.Games()[0]
	cfg, _ := run(t, g, 1, map[string]any{"players": 3})
	axes := []sim.Axis{{Name: "hand", Values: []string{"4", "5"}}}
	configure := func(c []sim.Setting) (sim.Config, error) {
		raw := map[string]any{"players": 3}
		for _, s := range c {
			raw[s.Name] = s.Value
		}
		opts, err := engine.ResolveOptionFlags(g.Options(), raw)
		out := cfg
		out.Options = opts
		return out, err
	}
	cfg.Games = 60
	runs, err := sim.Sweep(cfg, axes, configure, nil)
	if err != nil || len(runs) != 2 {
		t.Fatalf("%v, %d runs", err, len(runs))
	}
	var buf bytes.Buffer
	if err := report.Write(&buf, report.Report{Lang: engine.EN, Game: g, Options: cfg.Options, Sweep: runs}); err != nil {
		t.Fatal(err)
	}
	if got := checkHTML(t, buf.Bytes()); !slices.Equal(got, []string{"verdict", "setup", "sweep", "method"}) {
		t.Errorf("sweep report sections %v", got)
	}
	if !strings.Contains(buf.String(), "hand=5") {
		t.Error("the sweep report does not name its settings")
	}
	for _, f := range wantFigures["cardline"] {
		if !strings.Contains(buf.String(), `id="sweep-`+f+`"`) {
			t.Errorf("the sweep report does not set figure %s side by side", f)
		}
	}
	cmp := sim.Compare(runs[0].Result, runs[1].Result)
	buf.Reset()
	if err := report.Write(&buf, report.Report{Lang: engine.PL, Game: g, Options: cfg.Options, Compare: &cmp, CompareContent: "x"}); err != nil {
		t.Fatal(err)
	}
	if got := checkHTML(t, buf.Bytes()); !slices.Equal(got, []string{"verdict", "setup", "compare", "method"}) {
		t.Errorf("comparison report sections %v", got)
	}
	if err := report.Write(io.Discard, report.Report{Game: g}); err == nil {
		t.Error("a report of nothing was written")
	}
}
