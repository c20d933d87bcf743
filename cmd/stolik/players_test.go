package main

import (
	"encoding/json"
	"strings"
	"testing"

	"stolik/sim"
)

// TestPlayersFromSeats: without --players, play seats as many players as
// --seats names, when the game takes that many.
func TestPlayersFromSeats(t *testing.T) {
	if _, errOut, code := stolik(t, "q\n", "play", "cardline", "--seats", "human,bot:fan", "--lang", "en"); code != 0 {
		t.Errorf("two seats in a game of four by default: exit %d, %s", code, errOut)
	}
	out, errOut, code := stolik(t, "", "play", "cardline", "--seats", "bot:random,bot:random,bot:fan", "--seed", "4", "--lang", "en")
	if code != 0 || !strings.Contains(out, "Player 3") || strings.Contains(out, "Player 4") {
		t.Errorf("three bots: exit %d, %s\n%s", code, errOut, out)
	}
	if _, errOut, code := stolik(t, "", "play", "tagteam", "--seats", "human,bot:random,bot:random"); code != 2 || !strings.Contains(errOut, "players") {
		t.Errorf("three seats in a game of two: exit %d, %s", code, errOut)
	}
}

// TestSimPlayersFromBots: sim seats as many players as --bots names
// (one bot still fills every seat of the game's default).
func TestSimPlayersFromBots(t *testing.T) {
	for _, c := range []struct {
		bots    string
		players int
	}{{"random,fan", 2}, {"random,fan,fan:novice", 3}, {"random", 4}} {
		out, errOut, code := stolik(t, "", "sim", "cardline", "--bots", c.bots, "--games", "4", "--json")
		var r sim.Result
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Players != c.players {
			t.Errorf("--bots %s: exit %d %s, players %d, want %d", c.bots, code, errOut, r.Players, c.players)
		}
	}
}

// TestArenaFillsTheTable: with fewer bots than the game's default
// players, the arena seats as many players as bots; with --players larger
// than the bots named, the bots take turns round the table.
func TestArenaFillsTheTable(t *testing.T) {
	r := arenaJSON(t, "cardline", "--bots", "random,fan", "--games", "4")
	if r.Players != 2 || r.Errors != 0 || r.Games != 4 {
		t.Errorf("two bots, cardline: %+v", r)
	}
	r = arenaJSON(t, "cardline", "--bots", "random,fan", "--players", "4", "--games", "6")
	if r.Players != 4 || r.Errors != 0 || r.Games != 6 || len(r.Ratings) != 2 {
		t.Fatalf("two bots at a table of four: %+v", r)
	}
	for _, x := range r.Ratings {
		if x.Games != 6 {
			t.Errorf("%s played %d games, want every one of 6", x.Bot, x.Games)
		}
	}
	for _, p := range r.Pairs {
		if p.Row == p.Col {
			t.Errorf("a bot is scored against itself: %+v", p)
		}
	}
}
