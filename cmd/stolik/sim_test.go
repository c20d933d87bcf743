package main

import (
	"encoding/json"
	"fmt"
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

// withoutTime drops the lines of the time a run took, which no two runs
// share, from --json's output.
func withoutTime(s string) string {
	var keep []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.Contains(line, `"elapsed_s"`) && !strings.Contains(line, `"games_per_s"`) {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// shards plays args in n shards and returns their files.
func shards(t *testing.T, n int, args ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := 1; i <= n; i++ {
		out, errOut, code := stolik(t, "", append(args, "--shard", fmt.Sprintf("%d/%d", i, n))...)
		if code != 0 {
			t.Fatalf("shard %d/%d: exit %d %s", i, n, code, errOut)
		}
		file := filepath.Join(dir, fmt.Sprintf("part-%d.json", i))
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	return files
}

// Four shards of a run merged, in any order, print the JSON of one run of
// all the games (the time apart), and its report; so do the shards of a
// sweep over bots.
func TestSimShardsMergeToOneRun(t *testing.T) {
	run := []string{"sim", "tagteam", "--games", "60", "--seed", "4"}
	one, errOut, code := stolik(t, "", append(run, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	files := shards(t, 4, run...)
	report := filepath.Join(t.TempDir(), "merged.html")
	merged, errOut, code := stolik(t, "", "sim", "merge", files[2], files[0], files[3], files[1], "--json", "--report", report, "--lang", "en")
	if code != 0 {
		t.Fatalf("merge: exit %d %s", code, errOut)
	}
	if withoutTime(merged) != withoutTime(one) {
		t.Errorf("the merged parts differ from one run:\n%s\none run:\n%s", merged, one)
	}
	if page, err := os.ReadFile(report); err != nil || !strings.Contains(string(page), `id="verdict"`) {
		t.Errorf("the merge wrote no report: %v", err)
	}

	sweep := []string{"sim", "asterix", "--games", "30", "--sweep", "bots=random,greedy"}
	one, errOut, code = stolik(t, "", append(sweep, "--json")...)
	if code != 0 {
		t.Fatalf("sweep: exit %d %s", code, errOut)
	}
	files = shards(t, 3, sweep...)
	merged, errOut, code = stolik(t, "", append([]string{"sim", "merge", "--json"}, files...)...)
	if code != 0 {
		t.Fatalf("merge of a sweep: exit %d %s", code, errOut)
	}
	if withoutTime(merged) != withoutTime(one) {
		t.Errorf("the merged sweep differs from one sweep:\n%s\none sweep:\n%s", merged, one)
	}
}

// A merge refuses parts of different runs and a missing part; --shard
// refuses what a part cannot be.
func TestSimMergeRefusesOtherRuns(t *testing.T) {
	a := shards(t, 2, "sim", "asterix", "--games", "4", "--bots", "random")
	b := shards(t, 2, "sim", "asterix", "--games", "4", "--bots", "random", "--seed", "2")
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{a[0], b[1]}, "seed"},
		{[]string{a[0]}, "missing part 2 of 2"},
		{[]string{a[0], a[0]}, "twice"},
		{[]string{a[0], "no-such-file.json"}, "no-such-file.json"},
	} {
		_, errOut, code := stolik(t, "", append([]string{"sim", "merge", "--lang", "en"}, tc.files...)...)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("merge %v: exit %d %q, want 1 and %q", tc.files, code, errOut, tc.want)
		}
	}
	for _, bad := range [][]string{
		{"--shard", "3/2"}, {"--shard", "1/2", "--time", "1s"}, {"--shard", "1/2", "--report", "x.html"},
	} {
		if _, errOut, code := stolik(t, "", append([]string{"sim", "asterix"}, bad...)...); code != 2 || errOut == "" {
			t.Errorf("sim %v: exit %d %q; want 2", bad, code, errOut)
		}
	}
}

// Without --bots a run plays the game's strongest quick bot in every seat.
func TestSimDefaultBots(t *testing.T) {
	for game, want := range map[string]string{"asterix": "greedy", "cardline": "fan:expert", "frontline": "greedy", "tagteam": "greedy"} {
		out, errOut, code := stolik(t, "", "sim", game, "--games", "1", "--players", "2", "--json")
		var r struct {
			Bots []string `json:"bots"`
		}
		if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil {
			t.Fatalf("%s: exit %d %v %s", game, code, err, errOut)
		}
		if len(r.Bots) != 2 || r.Bots[0] != want || r.Bots[1] != want {
			t.Errorf("%s: bots %v, want %s in every seat", game, r.Bots, want)
		}
	}
}

// The console speaks the language of --lang, else of the environment,
// else Polish, and names the game and the cards, not their ids.
func TestSimConsoleLanguage(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LANG", "")
	args := []string{"sim", "asterix", "--games", "300", "--bots", "random"}
	pl, _, code := stolik(t, "", args...)
	if code != 0 || !strings.Contains(pl, "Asteriks") || !strings.Contains(pl, "partii/s") {
		t.Errorf("without --lang nor LANG, not Polish:\n%s", pl)
	}
	t.Setenv("LANG", "en_GB.UTF-8")
	en, _, _ := stolik(t, "", args...)
	if !strings.Contains(en, "Asterix") || !strings.Contains(en, "games/s") {
		t.Errorf("with LANG=en_GB, not English:\n%s", en)
	}
	pl, _, _ = stolik(t, "", append(args, "--lang", "pl")...)
	for _, out := range []string{pl, en} {
		for _, id := range []string{"asterix,", "(dealt)", "(played)", "card "} {
			if strings.Contains(out, id) {
				t.Errorf("the console shows the id %q:\n%s", id, out)
			}
		}
	}
}
