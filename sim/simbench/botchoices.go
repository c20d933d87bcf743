package simbench

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/sim"
)

// BotChoices is a file of recorded decisions: seeded games played by one bot
// in every seat, as `stolik sim` plays them, and every move it chose.
type BotChoices struct {
	Bot     string         `json:"bot"`
	Options map[string]any `json:"options"`
	Seed    uint64         `json:"seed"`
	Games   [][]string     `json:"games"` // each game's moves as "seat move"
}

// CheckBotChoices plays the games of the file at path with the bot it names
// and fails at the first position where the bot chooses another move than
// the recorded one. Every position of a recorded game is reached by the
// recorded moves, so the check covers each decision the bot made. With
// update set it plays games new games with bot and rewrites the file.
func CheckBotChoices(t *testing.T, g engine.Game, path, bot string, options map[string]any, games int, update bool) {
	t.Helper()
	want := BotChoices{Bot: bot, Options: options, Seed: 1}
	if !update {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		games = len(want.Games)
	}
	opts, err := engine.ResolveOptions(g.Options(), want.Options)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]string, st.Seats())
	for i := range bots {
		bots[i] = want.Bot
	}
	cfg := sim.Config{Game: g, Options: opts, Bots: bots, Seed: want.Seed, RecordsDir: "-", MaxMoves: 100000}
	got := make([][]string, games)
	decisions := 0
	for i := range games {
		res := sim.PlayOne(cfg, i)
		if res.Err != nil {
			t.Fatalf("game %d: %v", i, res.Err)
		}
		for _, m := range res.Record.Moves {
			got[i] = append(got[i], strconv.Itoa(int(m.Seat))+" "+m.Move)
		}
		decisions += len(got[i])
		if update {
			continue
		}
		for k, m := range want.Games[i] {
			if k >= len(got[i]) || got[i][k] != m {
				var g string
				if k < len(got[i]) {
					g = got[i][k]
				}
				t.Fatalf("game %d, decision %d: bot %s chose %q, recorded %q (after %s)", i, k, want.Bot, g, m, strings.Join(want.Games[i][max(0, k-3):k], ", "))
			}
		}
		if len(got[i]) != len(want.Games[i]) {
			t.Fatalf("game %d: %d decisions, recorded %d", i, len(got[i]), len(want.Games[i]))
		}
	}
	t.Logf("%d games, %d decisions of %s", games, decisions, want.Bot)
	if update {
		want.Games = got
		data, err := json.MarshalIndent(want, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
