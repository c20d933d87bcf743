package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"stolik/bots"
	"stolik/internal/longtest"
	"stolik/sim"
)

func arenaJSON(t *testing.T, args ...string) sim.ArenaResult {
	t.Helper()
	out, errOut, code := stolik(t, "", append([]string{"arena", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d %s", args, code, errOut)
	}
	var r sim.ArenaResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return r
}

// The arena's JSON has every bot rated, every ordered pair counted, and
// does not depend on the number of workers.
func TestArenaJSONSameForAnyWorkers(t *testing.T) {
	var first []byte
	for _, w := range []string{"1", "2", "5"} {
		r := arenaJSON(t, "cardline", "--players", "2", "--bots", "fan,random,fan:novice", "--games", "60", "--seed", "3", "--workers", w)
		r.ElapsedS = 0
		if r.Anchor != "random" || r.Tables != 3 || r.Games != 180 || r.Errors != 0 || len(r.Ratings) != 3 || len(r.Pairs) != 6 {
			t.Fatalf("workers %s: result %+v", w, r)
		}
		for i, x := range r.Ratings {
			if x.Games != 120 || !(x.Low <= x.Points && x.Points <= x.High) || (i > 0 && r.Ratings[i-1].Points < x.Points) {
				t.Errorf("workers %s: rating %d %+v", w, i, x)
			}
			if x.Bot == "random" && (x.Points != 0 || x.Low != 0 || x.High != 0) {
				t.Errorf("workers %s: the anchor is rated %+v", w, x)
			}
		}
		for _, p := range r.Pairs {
			if p.Games != 60 || p.Wins+p.Draws+p.Losses != 60 || math.Abs(p.Score-(float64(p.Wins)+float64(p.Draws)/2)/60) > 1e-12 {
				t.Errorf("workers %s: pair %+v", w, p)
			}
		}
		b, _ := json.Marshal(r)
		if first == nil {
			first = b
		} else if !bytes.Equal(first, b) {
			t.Fatalf("workers %s changed the result:\n%s\n%s", w, first, b)
		}
	}
}

// With more seats than two, every set of bots sits at one table, and each
// bot plays the same number of games.
func TestArenaMultiPlayerSchedule(t *testing.T) {
	r := arenaJSON(t, "cardline", "--players", "3", "--bots", "random,fan:novice,fan,fan:expert", "--games", "30")
	if r.Tables != 4 || r.Games != 120 {
		t.Fatalf("tables %d, games %d; want 4 and 120", r.Tables, r.Games)
	}
	for _, x := range r.Ratings {
		if x.Games != 90 {
			t.Errorf("%s played %d games, want 90", x.Bot, x.Games)
		}
	}
	for _, p := range r.Pairs {
		if p.Games != 60 {
			t.Errorf("%s against %s: %d games, want 60 (two tables of 30)", p.Row, p.Col, p.Games)
		}
	}
}

func TestArenaTextInBothLanguages(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"", "1 stół × 22 partie"}, {"pl", "2 gracze, 2 boty"}, {"en", "1 table × 22 games"},
	} {
		args := []string{"arena", "asterix", "--bots", "random,greedy", "--games", "22"}
		if c.lang != "" {
			args = append(args, "--lang", c.lang)
		}
		out, errOut, code := stolik(t, "", args...)
		if code != 0 || !strings.Contains(out, c.want) || !strings.Contains(out, "greedy") {
			t.Errorf("lang %q: exit %d %s; want %q in:\n%s", c.lang, code, errOut, c.want, out)
		}
	}
}

func TestArenaUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"arena"}, {"arena", "chess", "--bots", "random,greedy"}, {"arena", "cardline"},
		{"arena", "cardline", "--bots", "random"}, {"arena", "cardline", "--bots", "random,random"},
		{"arena", "cardline", "--bots", "random,fan:guru"}, {"arena", "cardline", "--bots", "random,fan", "--games", "0"},
		{"arena", "cardline", "--bots", "random,fan", "--lang", "de"}, {"arena", "cardline", "--bots", "random,fan", "--players", "9"},
		{"arena", "cardline", "--bots", "random,fan", "--nope"},
	} {
		if _, errOut, code := stolik(t, "", args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, message %q; want 2 and a message", args, code, errOut)
		}
	}
}

// ladders are each game's bots from the weakest up, as docs/bots.md
// measures them, with the games per pair the ladder test plays.
var ladders = []struct {
	game  string
	bots  []string
	games int
}{
	{"asterix", []string{"random", "greedy"}, 100},
	{"cardline", []string{"random", "fan:novice", "fan", "fan:expert"}, 200},
	{"frontline", []string{"random", "greedy"}, 200},
	{"tagteam", []string{"random", "greedy"}, 200},
}

// Each level beats the one below it, two players a table and fixed seeds:
// its rating's interval lies wholly above the lower one's, and it wins the
// head-to-head by at least four standard errors of a fair coin (a chance
// below 1 in 30,000 were the two equal). Without the long calibrations
// (STOLIK_LONG=1) a quarter of the games are played, and each step must
// win by three standard errors (1 in 700), its interval unchecked.
func TestLadder(t *testing.T) {
	if raceEnabled {
		// Under the race detector the search bot's levels, bounded by
		// time, play a small fraction of their playouts, and the games
		// take many minutes; the arena's concurrency is raced by its
		// other tests.
		t.Skip("the ladder's strengths are measured without the race detector")
	}
	long := longtest.Long()
	minZ := longtest.Pick(3.0, 4.0)
	for _, l := range ladders {
		t.Run(l.game, func(t *testing.T) {
			games := longtest.Pick(l.games/4, l.games)
			r := arenaJSON(t, l.game, "--players", "2", "--bots", strings.Join(l.bots, ","), "--games", strconv.Itoa(games), "--seed", "1")
			rating := map[string]sim.BotRating{}
			for _, x := range r.Ratings {
				rating[x.Bot] = x
			}
			for i := 1; i < len(l.bots); i++ {
				lo, hi := l.bots[i-1], l.bots[i]
				var p sim.ArenaPair
				for _, q := range r.Pairs {
					if q.Row == hi && q.Col == lo {
						p = q
					}
				}
				z := (p.Score - 0.5) / math.Sqrt(0.25/float64(p.Games))
				gap := rating[hi].Low - rating[lo].High
				t.Logf("%s over %s: score %.3f in %d games (z = %.1f), ratings %+.0f [%+.0f, %+.0f] over %+.0f [%+.0f, %+.0f], gap %.0f",
					hi, lo, p.Score, p.Games, z, rating[hi].Points, rating[hi].Low, rating[hi].High, rating[lo].Points, rating[lo].Low, rating[lo].High, gap)
				if p.Games != games || z < minZ || (long && gap <= 0) {
					t.Errorf("%s does not clearly beat %s: z = %.1f, interval gap %.0f", hi, lo, z, gap)
				}
			}
		})
	}
}

// levelLadders are the search bot's levels in each game, weakest first,
// played with a fixed fraction of each level's playouts and no time limit
// (mcts:LEVEL/D): with the long calibrations at their full counts (D =
// 1), so that a level that stops
// gaining from its playouts shows; z is the head-to-head margin each step
// must reach, in standard errors of a fair coin; shortGames and shortDiv
// are the games and the fraction of the one step played without the long
// calibrations.
var levelLadders = []struct {
	game              string
	div, shortDiv     int
	games, shortGames int
	z                 float64
}{
	// Every game's levels are cheap enough to play at their full
	// playouts: Asterix & Co's ladder takes about six minutes of one core
	// (docs/bots.md).
	{"asterix", 1, 30, 100, 40, 2},
	// Cardline's levels differ in what their player knows of the cards'
	// values as well as in playouts (TestSearchLevelsKnowWhatTheirPlayerKnows
	// in its package orders them against the fan levels); its ladder at
	// full counts takes about three minutes of CPU (160 s on two cores).
	{"cardline", 1, 100, 60, 40, 2},
	{"frontline", 1, 16, 100, 40, 2},
	{"tagteam", 1, 10, 150, 40, 2},
}

// Each level of the search bot beats the one below it, two players a
// table and fixed seeds: easy < normal < hard < expert, each at its full
// playouts with the long calibrations. Every step wins its head-to-head
// by at least z standard errors (z = 2: a chance of about 1 in 44 were
// the two equal).
// Without the long calibrations (STOLIK_LONG=1) one step is played, expert
// over easy, on fewer games and a smaller fraction of their playouts: the
// levels are still ordered.
func TestLevelLadder(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 1,200 games of searching bots; run without -short")
	}
	t.Parallel()       // beside the reference search and the tests that wait
	var steps [][2]int // indices in bots.MCTSLevels
	for i := 1; i < len(bots.MCTSLevels); i++ {
		steps = append(steps, [2]int{i - 1, i})
	}
	ends := [][2]int{{0, len(bots.MCTSLevels) - 1}}
	if !longtest.Long() {
		steps = ends
	}
	for _, l := range levelLadders {
		t.Run(l.game, func(t *testing.T) {
			games, div := longtest.Pick(l.shortGames, l.games), longtest.Pick(l.shortDiv, l.div)
			for _, step := range steps {
				lo := "mcts:" + bots.MCTSLevels[step[0]] + "/" + strconv.Itoa(div)
				hi := "mcts:" + bots.MCTSLevels[step[1]] + "/" + strconv.Itoa(div)
				r := arenaJSON(t, l.game, "--players", "2", "--bots", lo+","+hi, "--games", strconv.Itoa(games), "--seed", "1")
				var p sim.ArenaPair
				for _, q := range r.Pairs {
					if q.Row == hi && q.Col == lo {
						p = q
					}
				}
				z := (p.Score - 0.5) / math.Sqrt(0.25/float64(p.Games))
				t.Logf("%s over %s: %d–%d–%d, score %.3f in %d games (z = %.2f)", hi, lo, p.Wins, p.Draws, p.Losses, p.Score, p.Games, z)
				if p.Games != games || z < l.z {
					t.Errorf("%s does not clearly beat %s: score %.3f in %d games, z = %.2f < %.2f", hi, lo, p.Score, p.Games, z, l.z)
				}
			}
		})
	}
}

// referenceGames are the games and playouts at which the search bot is
// measured against the plain reference search (ismcts) at equal playouts.
var referenceGames = []struct {
	game     string
	playouts int
	games    int
}{
	// Asterix & Co's plain search is the dearest: 60 games (63.3%, about
	// 130 s of CPU on two cores); in 8, as the test played before, the
	// search that starts from the greedy bot's move scored 4–0–4
	// (docs/bots.md).
	{"asterix", 1000, 60},
	{"cardline", 1000, 20},
	{"frontline", 1000, 40},
	// Tag Team at its normal level's playouts, where the generic tree
	// played even with the plain search (docs/bots.md).
	{"tagteam", 3000, 40},
}

// The search bot scores more than half against the plain reference search
// (bots.ISMCTS: random playouts, UCT, nothing of the game's own) at equal
// playouts, two players a table and fixed seeds, so that a game whose
// search gains nothing over a plain one shows. Long calibration only.
func TestSearchBeatsTheReference(t *testing.T) {
	longtest.Skip(t)
	t.Parallel()
	for _, g := range referenceGames {
		t.Run(g.game, func(t *testing.T) {
			mcts, ref := "mcts:"+strconv.Itoa(g.playouts), "ismcts:"+strconv.Itoa(g.playouts)
			r := arenaJSON(t, g.game, "--players", "2", "--bots", mcts+","+ref, "--games", strconv.Itoa(g.games), "--seed", "5")
			for _, p := range r.Pairs {
				if p.Row != mcts {
					continue
				}
				t.Logf("%s over %s: %d–%d–%d, score %.3f", mcts, ref, p.Wins, p.Draws, p.Losses, p.Score)
				if p.Games != g.games || p.Score <= 0.5 {
					t.Errorf("%s scores %.3f in %d games against %s", mcts, p.Score, p.Games, ref)
				}
			}
		})
	}
}
