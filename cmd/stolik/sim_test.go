package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSimReport(t *testing.T) {
	dir := t.TempDir()
	for _, game := range gameNames() {
		file := filepath.Join(dir, game+".html")
		out, errOut, code := stolik(t, "", "sim", game, "--games", "40", "--report", file, "--lang", "en")
		if code != 0 {
			t.Fatalf("%s: exit %d %s", game, code, errOut)
		}
		if !strings.Contains(out, "40 games") {
			t.Errorf("%s: the summary is not printed with a report: %s", game, out)
		}
		page, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`<html lang="en">`, `id="setup"`, `id="seats"`, `id="cards"`, `id="own"`, "(hash "} {
			if !strings.Contains(string(page), want) {
				t.Errorf("%s: the report has no %s", game, want)
			}
		}
	}
	if _, errOut, code := stolik(t, "", "sim", "cardline", "--games", "5", "--report", filepath.Join(dir, "no", "such", "dir.html")); code != 1 || errOut == "" {
		t.Errorf("a report that cannot be written: exit %d %s", code, errOut)
	}
}

func TestSimJSONHasCards(t *testing.T) {
	out, errOut, code := stolik(t, "", "sim", "asterix", "--games", "30", "--json")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	var r struct {
		Cards []struct {
			ID    string `json:"id"`
			Use   string `json:"use"`
			Seats int    `json:"seat_games"`
		} `json:"cards"`
		Figures []struct {
			Name string `json:"name"`
		} `json:"figures"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Cards) == 0 || len(r.Figures) == 0 || r.Cards[0].ID == "" || r.Cards[0].Use == "" || r.Cards[0].Seats == 0 {
		t.Errorf("cards %v, figures %v", r.Cards, r.Figures)
	}
}

func TestSimSweep(t *testing.T) {
	args := []string{"sim", "cardline", "--games", "50", "--players", "3", "--sweep", "hand=4,5", "--sweep", "finish=round,immediate", "--json"}
	out, errOut, code := stolik(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	again, _, _ := stolik(t, "", args...)
	strip := func(s string) string {
		var v struct {
			Runs []struct {
				Settings []map[string]string `json:"settings"`
				Result   map[string]any      `json:"result"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		if len(v.Runs) != 4 {
			t.Fatalf("%d runs", len(v.Runs))
		}
		for _, r := range v.Runs {
			delete(r.Result, "elapsed_s")
			delete(r.Result, "games_per_s")
		}
		b, _ := json.Marshal(v)
		return string(b)
	}
	if strip(out) != strip(again) {
		t.Error("the same sweep gave different figures")
	}
	text, _, code := stolik(t, "", "sim", "cardline", "--games", "20", "--sweep", "players=2,3", "--bots", "fan", "--lang", "en")
	if code != 0 || !strings.Contains(text, "players=2") || !strings.Contains(text, "players=3") || !strings.Contains(text, "seat 2") {
		t.Errorf("a sweep over players: exit %d\n%s", code, text)
	}
	for _, bad := range [][]string{
		{"sim", "cardline", "--sweep", "hand"}, {"sim", "cardline", "--sweep", "speed=1,2"},
		{"sim", "cardline", "--sweep", "hand=4,99"}, {"sim", "cardline", "--sweep", "hand=4,4"},
		{"sim", "cardline", "--sweep", "hand=4,5", "--compare-content", "x"},
		{"sim", "cardline", "--sweep", "hand=4,5", "--records", t.TempDir()},
	} {
		if _, errOut, code := stolik(t, "", bad...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d %q; want 2 and a message", bad, code, errOut)
		}
	}
}

func TestSimCompareContent(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cmp.html")
	out, errOut, code := stolik(t, "", "sim", "cardline", "--players", "2", "--games", "200", "--compare-content", "../../games/cardline/testdata/pack", "--report", file, "--lang", "en")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	if !strings.Contains(out, "200 games") || !strings.Contains(out, "significant changes") {
		t.Errorf("output:\n%s", out)
	}
	page, _ := os.ReadFile(file)
	if !strings.Contains(string(page), `id="compare"`) {
		t.Error("the report has no comparison")
	}
	// A pack compared with itself changes nothing.
	out, _, code = stolik(t, "", "sim", "cardline", "--players", "2", "--games", "100", "--content", "../../games/cardline/testdata/pack",
		"--compare-content", "../../games/cardline/testdata/pack", "--json")
	var cmp struct {
		Changes []struct {
			Delta       float64 `json:"delta"`
			Significant bool    `json:"significant"`
		} `json:"changes"`
	}
	if err := json.Unmarshal([]byte(out), &cmp); err != nil || code != 0 || len(cmp.Changes) == 0 {
		t.Fatalf("exit %d %v", code, err)
	}
	for _, c := range cmp.Changes {
		if c.Delta != 0 || c.Significant {
			t.Fatalf("the pack changed against itself: %+v", c)
		}
	}
	if _, errOut, code := stolik(t, "", "sim", "cardline", "--compare-content", t.TempDir()); code != 1 || errOut == "" {
		t.Errorf("an empty pack: exit %d %s", code, errOut)
	}
}

func TestSimTime(t *testing.T) {
	out, errOut, code := stolik(t, "", "sim", "cardline", "--time", "200ms", "--json")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	var r struct {
		Games int `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Games == 0 {
		t.Fatalf("%v, %d games", err, r.Games)
	}
	out, _, _ = stolik(t, "", "sim", "cardline", "--time", "10s", "--games", "30", "--json")
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Games != 30 {
		t.Errorf("--time with --games 30 played %d games", r.Games)
	}
	if _, _, code := stolik(t, "", "sim", "cardline", "--time", "-1s"); code != 2 {
		t.Errorf("a negative time: exit %d", code)
	}
}
