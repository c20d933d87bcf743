package simbench

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"stolik/bots"
	"stolik/engine"
)

// BotChoices is a file of recorded decisions: the positions of seeded
// games played by one bot in every seat, and the move it chose on each.
type BotChoices struct {
	Bot     string         `json:"bot"`
	Options map[string]any `json:"options"`
	Seed    uint64         `json:"seed"`
	Games   [][]string     `json:"games"` // each game's moves as "seat move"
}

// CheckBotChoices plays the games of the file at path and fails at the
// first position where the bot it names chooses another move than the
// recorded one. Each position is reached by the recorded moves and decided
// by a new bot (bots.DecideWith) with streams drawn from the game's seed
// and the move's number: one for the determinized copy it is handed, one
// for its own choices. So a decision depends only on the position and
// those streams, and a faster bot must choose as the recorded one did on
// every position, whatever it does or skips on the way. With update set it
// plays games new games with bot and rewrites the file.
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
	got := make([][]string, games)
	decisions := 0
	for i := range got {
		var recorded []string
		if !update {
			recorded = want.Games[i]
		}
		got[i] = playChoices(t, g, opts, want, i, recorded)
		decisions += len(got[i])
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

// playChoices plays game i of a file; with recorded moves it plays those and
// checks the bot's choice before each.
func playChoices(t *testing.T, g engine.Game, opts engine.Options, f BotChoices, i int, recorded []string) []string {
	t.Helper()
	seed := engine.DeriveSeed(f.Seed, uint64(i))
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for k := 0; ; k++ {
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		if k >= 100000 {
			t.Fatalf("game %d: no outcome after %d moves", i, k)
		}
		seat := pending[0]
		b, err := bots.New(g, f.Bot)
		if err != nil {
			t.Fatal(err)
		}
		det := engine.NewRand(engine.DeriveSeed(seed, 2*uint64(k)+1))
		r := engine.NewRand(engine.DeriveSeed(seed, 2*uint64(k)+2))
		m, err := bots.DecideWith(b, st, seat, det, r)
		if err != nil {
			t.Fatalf("game %d, move %d: %v", i, k, err)
		}
		chosen := strconv.Itoa(int(seat)) + " " + st.Format(m)
		if recorded != nil {
			if k >= len(recorded) {
				t.Fatalf("game %d: longer than its %d recorded moves", i, len(recorded))
			}
			if chosen != recorded[k] {
				t.Fatalf("game %d, move %d: bot %s chose %q, recorded %q (after %s)", i, k, f.Bot, chosen, recorded[k], strings.Join(recorded[max(0, k-3):k], ", "))
			}
			if m, err = st.Parse(strings.SplitN(recorded[k], " ", 2)[1]); err != nil {
				t.Fatalf("game %d, move %d: %v", i, k, err)
			}
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatalf("game %d, move %d: %v", i, k, err)
		}
		moves = append(moves, chosen)
	}
	if recorded != nil && len(moves) != len(recorded) {
		t.Fatalf("game %d: %d moves, recorded %d", i, len(moves), len(recorded))
	}
	return moves
}
