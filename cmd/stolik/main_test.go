package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/server"
)

// stolik runs the command in-process and returns stdout, stderr and the exit status.
func stolik(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(args, strings.NewReader(stdin), &out, &errOut)
	code := 0
	if err != nil {
		code = 1
		var ee *exitError
		if errors.As(err, &ee) {
			code = ee.code
		}
		if !errors.Is(err, errQuiet) {
			errOut.WriteString(err.Error())
		}
	}
	return out.String(), errOut.String(), code
}

var update = flag.Bool("update", false, "rewrite the golden files from the current code")

// golden is what a stored record must keep producing: a change in the
// rules, the deal, the RNG or the hash shows up here (replays are tests).
// Refresh with go test ./cmd/stolik -update, and say so in the commit.
type golden struct {
	MovesApplied int           `json:"moves_applied"`
	Hash         string        `json:"hash"`
	Winners      []engine.Seat `json:"winners"`
}

func TestReplayGolden(t *testing.T) {
	records, _ := filepath.Glob("testdata/golden/*.json")
	if len(records) == 0 {
		t.Fatal("no golden records")
	}
	for _, f := range records {
		if strings.HasSuffix(f, ".golden.json") {
			continue
		}
		out, errOut, code := stolik(t, "", "replay", f, "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, errOut)
		}
		var r replayOutput
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if !r.OK || !r.Finished || r.Error != nil || r.State == nil || r.View != nil {
			t.Fatalf("%s: ok=%v finished=%v error=%v", f, r.OK, r.Finished, r.Error)
		}
		got := golden{r.MovesApplied, r.Hash, r.Outcome.Winners}
		gf := strings.TrimSuffix(f, ".json") + ".golden.json"
		if *update {
			data, _ := json.MarshalIndent(got, "", " ")
			os.WriteFile(gf, append(data, '\n'), 0o644)
			continue
		}
		data, err := os.ReadFile(gf)
		if err != nil {
			t.Fatalf("%v (go test -update writes it)", err)
		}
		var want golden
		json.Unmarshal(data, &want)
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if !bytes.Equal(a, b) {
			t.Errorf("%s replays to %s, the golden file says %s", f, a, b)
		}
	}
	// With --seat the view replaces the state.
	out, _, _ := stolik(t, "", "replay", "--seat", "2", "--json", "testdata/golden/cardline-5p.json")
	var v map[string]any
	json.Unmarshal([]byte(out), &v)
	if v["view"] == nil || v["state"] != nil {
		t.Fatalf("--seat 2: want a view and no state: %s", out)
	}
}

func TestReplayRejected(t *testing.T) {
	out, _, code := stolik(t, "", "replay", "testdata/cardline-bad-move.json", "--json")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var r replayOutput
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.OK || r.MovesApplied != 1 || r.Error == nil || r.Error.Index != 1 || r.Error.Code != "not_your_turn" || r.Error.Message.PL == "" || r.Error.Message.EN == "" {
		t.Fatalf("got %+v %+v", r, r.Error)
	}
	out, _, code = stolik(t, "", "replay", "testdata/cardline-bad-move.json", "--lang", "en")
	if code != 1 || !strings.Contains(out, "Move 2 (thor@0) rejected") {
		t.Fatalf("exit %d, text output:\n%s", code, out)
	}
}

func TestReplayInvalidRecords(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"truncated":    `{"format":"stolik-record/1",`,
		"unknown game": `{"format":"stolik-record/1","game":"chess","moves":[]}`,
		"bad option":   `{"format":"stolik-record/1","game":"cardline","options":{"players":12},"moves":[]}`,
		"unknown card": `{"format":"stolik-record/1","game":"cardline","setup":{"line":["howard-the-duck"]},"moves":[]}`,
		"bad setup":    `{"format":"stolik-record/1","game":"cardline","setup":{"hand":[]},"moves":[]}`,
	}
	for name, body := range cases {
		f := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".json")
		os.WriteFile(f, []byte(body), 0o644)
		_, errOut, code := stolik(t, "", "replay", f)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2 (%s)", name, code, errOut)
		}
		if !strings.Contains(errOut, filepath.Base(f)) {
			t.Errorf("%s: the message does not name the file: %s", name, errOut)
		}
	}
	if _, _, code := stolik(t, "", "replay", filepath.Join(dir, "missing.json")); code != 2 {
		t.Errorf("a missing file: exit %d, want 2", code)
	}
	if _, errOut, code := stolik(t, "", "replay", "testdata/golden/cardline-5p.json", "--seat", "9"); code != 2 || !strings.Contains(errOut, "seat") {
		t.Errorf("--seat 9: exit %d %s", code, errOut)
	}
}

func TestSimSameResultForAnyWorkers(t *testing.T) {
	var first map[string]any
	for _, w := range []string{"1", "2", "5"} {
		out, errOut, code := stolik(t, "", "sim", "cardline", "--games", "300", "--players", "3", "--bots", "fan,random,fan:expert", "--seed", "11", "--workers", w, "--json")
		if code != 0 {
			t.Fatalf("workers %s: exit %d %s", w, code, errOut)
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		delete(r, "elapsed_s")
		delete(r, "games_per_s")
		if first == nil {
			first = r
			if r["errors"].(float64) != 0 || r["games"].(float64) != 300 {
				t.Fatalf("result %v", r)
			}
			continue
		}
		a, _ := json.Marshal(first)
		b, _ := json.Marshal(r)
		if !bytes.Equal(a, b) {
			t.Fatalf("workers %s changed the result:\n%s\n%s", w, a, b)
		}
	}
}

func TestSimRecordsReplay(t *testing.T) {
	dir := t.TempDir()
	if _, errOut, code := stolik(t, "", "sim", "cardline", "--games", "5", "--records", dir); code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 5 {
		t.Fatalf("%d records written, want 5", len(files))
	}
	for _, f := range files {
		out, errOut, code := stolik(t, "", "replay", f, "--json")
		if code != 0 || !strings.Contains(out, `"finished": true`) {
			t.Fatalf("%s: exit %d %s", f, code, errOut)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"sim"}, {"sim", "chess"}, {"sim", "cardline", "--games", "0"}, {"sim", "cardline", "--bots", "fan:guru"},
		{"sim", "cardline", "--opt", "trait=speed"}, {"sim", "cardline", "--players", "9"}, {"sim", "cardline", "--nope"},
		{"play", "cardline", "--seats", "human"}, {"play", "cardline", "--lang", "de"}, {"frobnicate"},
		{"content"}, {"content", "validate"},
	} {
		if _, errOut, code := stolik(t, "", args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, message %q; want 2 and a message", args, code, errOut)
		}
	}
}

func TestContentValidate(t *testing.T) {
	// Every game's summary says the same: the game's title and its cards.
	for game, want := range map[string]string{
		"cardline":  "the Cardline: Marvel pack is valid (110 cards)",
		"asterix":   "the Asterix & Co pack is valid (82 cards)",
		"frontline": "the Front Line No Komrades pack is valid (138 cards)",
		"tagteam":   "the Tag Team pack is valid (120 cards)",
	} {
		out, errOut, code := stolik(t, "", "content", "validate", "../../games/"+game+"/content", "--lang", "en")
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("the project's %s pack: exit %d %q %s; want %q", game, code, out, errOut, want)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "heroes.yaml"), []byte("cards:\n"+
		"  - {id: a, name: A, colour: blue, strength: 1 kg, iq: 1, combat: 1}\n"+
		"  - {id: b, name: B, colour: blue, strength: heavy, iq: 2, combat: 2}\n"+
		"  - {id: c, name: C, colour: red, strength: 3 kg, combat: 3}\n"), 0o644)
	_, errOut, code := stolik(t, "", "content", "validate", dir, "--game", "cardline", "--lang", "en")
	if code != 1 {
		t.Fatalf("a broken pack: exit %d", code)
	}
	for _, want := range []string{"heroes.yaml:3", `card "b"`, "field strength", "heroes.yaml:4", `card "c"`, "field iq"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("the message does not mention %q:\n%s", want, errOut)
		}
	}
	// --content makes play, sim and replay use an owner's pack.
	if _, errOut, code := stolik(t, "", "sim", "cardline", "--content", dir, "--games", "1", "--lang", "en"); code != 1 || !strings.Contains(errOut, "field strength") {
		t.Errorf("sim with a broken pack: exit %d %s", code, errOut)
	}
	if out, errOut, code := stolik(t, "", "sim", "cardline", "--content", "../../games/cardline/testdata/pack", "--games", "50", "--players", "2", "--json"); code != 0 || !strings.Contains(out, `"errors": 0`) {
		t.Errorf("sim with the test pack: exit %d %s", code, errOut)
	}
}

func TestGamesJSON(t *testing.T) {
	out, _, code := stolik(t, "", "games", "--json")
	var gs []server.GameInfo
	if code != 0 || json.Unmarshal([]byte(out), &gs) != nil || len(gs) == 0 || gs[0].Name != "cardline" || gs[0].MinPlayers != 2 || gs[0].MaxPlayers != 8 {
		t.Fatalf("games --json: %s", out)
	}
	names := map[string]bool{}
	for _, b := range gs[0].Bots {
		names[b.Name] = true
	}
	if !names["random"] || !names["fan"] {
		t.Errorf("bots %v, want random and fan", gs[0].Bots)
	}
}

func TestPlayBotsOnly(t *testing.T) {
	out, errOut, code := stolik(t, "", "play", "cardline", "--players", "3", "--seats", "bot:fan,bot:random,bot:fan:expert", "--seed", "4")
	if code != 0 || !strings.Contains(out, "Koniec gry") {
		t.Fatalf("exit %d %s\n%s", code, errOut, out)
	}
}

func TestPlayHuman(t *testing.T) {
	// A person plays seat 0 against a bot, answers badly once, then quits.
	rec := filepath.Join(t.TempDir(), "game.json")
	out, errOut, code := stolik(t, "7\n1\n0\nzzz\nq\n", "play", "cardline", "--players", "2", "--opt", "first=0", "--seed", "9", "--lang", "en", "--record", rec)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	for _, want := range []string{"Which card do you play? (1–4)", "does not fit", "into which gap", "Player 1 places", "See you!"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The record holds the moves made and replays.
	if _, errOut, code := stolik(t, "", "replay", rec); code != 0 {
		t.Fatalf("the saved record does not replay: %s", errOut)
	}
}

// serve answers on the address it listens on and stops when told.
func TestServeAnswersAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan string, 1)
	var out bytes.Buffer
	errc := make(chan error, 1)
	go func() {
		errc <- serve(ctx, serveOptions{addr: "127.0.0.1:0", db: "sqlite:" + filepath.Join(t.TempDir(), "s.db"), games: all.Games()}, &out, func(a string) { addrs <- a })
	}()
	var addr string
	select {
	case addr = <-addrs:
	case err := <-errc:
		t.Fatalf("serve stopped at once: %v", err)
	}
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	cancel()
	if err := <-errc; err != nil {
		t.Fatalf("serve: %v", err)
	}
	if !strings.Contains(out.String(), `"msg":"listening"`) || !strings.Contains(out.String(), `"msg":"shutting down"`) {
		t.Errorf("logs:\n%s", out.String())
	}
	if _, _, code := stolik(t, "", "serve", "--db", "mysql://x"); code != 2 {
		t.Errorf("an unsupported database: exit %d, want 2", code)
	}
}

func TestBenchJSON(t *testing.T) {
	out, errOut, code := stolik(t, "", "bench", "cardline", "--json", "--time", "50ms")
	var rs []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rs) != nil || len(rs) != 1 || rs[0]["games_per_s"].(float64) <= 0 {
		t.Fatalf("bench: exit %d %s %s", code, out, errOut)
	}
}

func TestBenchServerJSON(t *testing.T) {
	out, errOut, code := stolik(t, "", "bench", "server", "--game", "tagteam", "--tables", "3", "--time", "300ms", "--warmup", "100ms", "--min-moves", "20", "--json")
	var r map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r["moves"].(float64) <= 0 || r["connections"].(float64) != 6 ||
		r["p99_ms"].(float64) <= 0 || r["move_cost_baseline_steps"].(float64) <= 0 {
		t.Fatalf("bench server: exit %d %s %s", code, out, errOut)
	}
	if _, _, code := stolik(t, "", "bench", "server", "--game", "chess"); code != 2 {
		t.Errorf("bench server of an unknown game: exit %d, want 2", code)
	}
}

// serve --content DIR takes a game's pack from DIR/GAME and leaves the
// other games with their own cards; a broken pack stops it with status 1.
func TestServeContent(t *testing.T) {
	dir := t.TempDir()
	abs, _ := filepath.Abs("../../games/cardline/content")
	if err := os.Symlink(abs, filepath.Join(dir, "cardline")); err != nil {
		t.Fatal(err)
	}
	games, err := serverGames(dir)
	if err != nil || len(games) != 4 {
		t.Fatalf("games: %d, %v", len(games), err)
	}
	if _, err := serverGames(filepath.Join(dir, "nope")); err == nil {
		t.Error("a missing --content directory was accepted")
	}
	bad := t.TempDir()
	os.Mkdir(filepath.Join(bad, "asterix"), 0o755)
	os.WriteFile(filepath.Join(bad, "asterix", "characters.yaml"), []byte("{{{"), 0o644)
	if _, err := serverGames(bad); err == nil {
		t.Error("a broken pack was accepted")
	}
}

func TestPlayHotSeat(t *testing.T) {
	// Two people at one keyboard: a hand-over screen before the first
	// person's table; piped output is cleared with blank lines, not ANSI codes.
	out, errOut, code := stolik(t, "\n1\nq\n", "play", "asterix", "--seats", "human,human", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	hand := strings.Index(out, "Przekaż klawiaturę: Gracz 1 — naciśnij Enter")
	table := strings.Index(out, "Twoja ręka")
	if hand < 0 || table < hand || !strings.HasPrefix(out, "Legenda:") {
		t.Fatalf("no hand-over before the table, or no legend:\n%s", out)
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("ANSI codes sent to a pipe:\n%q", out)
	}
}
