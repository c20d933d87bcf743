package tagteam

import (
	"strconv"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

// variants are the option sets the kit plays.
var variants = []map[string]any{
	{"players": 2},
	{"players": 2, "draft": "tactical"},
	{"players": 2, "draft": "free"},
	{"players": 2, "draft": "random"},
	{"players": 2, "draft": "first_game", "cancelled_sets_active": false, "revive_space": false},
	// Every ruling's option the other way.
	{"players": 2, "draft": "random", "fey_folk_choose_opening": true, "hp_check_after_heal": false,
		"unleash_from_supply": true, "presence_is_block": false, "presence_spent_by_zero": false,
		"reanimation_moves_twice": true, "transfer_from_start": true, "aflame_jumps": true,
		"soul_siphon_combined": true, "revive_at_once": true},
}

func TestConformance(t *testing.T) {
	// Every variant, on a sample of random games and a few deep ones; the
	// long calibrations (STOLIK_LONG=1) play 4 to 20 times as many.
	games, deep := longtest.Pick(30, 300), longtest.Pick(5, 20)
	enginetest.Run(t, enginetest.Config{
		Game:     New(),
		Variants: variants,
		Games:    games,
		Deep:     deep,
		// Only forming the teams draws from the generator after setup, once
		// a game: more games give the future check enough draws to judge.
		FutureGames: 200,
		HiddenFacts: HiddenFacts,
		RenderFacts: func(st engine.State, viewer engine.Seat) []string {
			facts := HiddenFacts(st, viewer)
			for i, f := range facts {
				uq, _ := strconv.Unquote(f)
				facts[i] = " " + uq + " " // as the table lists a card: its name between spaces
			}
			return facts
		},
		Hidden: true,
	})
}

func TestJSON(t *testing.T) {
	enginetest.RunJSON(t, enginetest.Config{
		Game:     New(),
		Variants: variants,
		Games:    longtest.Pick(100, 300),
	})
}
