package tui_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"stolik/bots"
	"stolik/engine"
	"stolik/games/all"
	"stolik/games/asterix"
	"stolik/tui"
)

// console is a scripted terminal: the session writes to it, and each time
// the session reads a line, the test sees everything printed so far and
// types the answer. The session blocks on the read, so no sleeps are needed.
type console struct {
	mu  sync.Mutex
	out strings.Builder
	req chan struct{}
	ans chan string
}

func newConsole() *console {
	return &console{req: make(chan struct{}), ans: make(chan string)}
}

func (c *console) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.Write(p)
}

func (c *console) Read(p []byte) (int, error) {
	c.req <- struct{}{}
	line, ok := <-c.ans
	if !ok {
		return 0, io.EOF
	}
	return copy(p, line+"\n"), nil
}

func (c *console) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.String()
}

// play runs s, calling answer with the whole output and the part printed
// since the last answer each time the session waits for a line; it returns
// the session's result. After limit answers it types "q".
func play(t *testing.T, s *tui.Session, limit int, answer func(out, fresh string) string) error {
	t.Helper()
	c := newConsole()
	s.In, s.Out = c, c
	done := make(chan error, 1)
	go func() { done <- s.Run() }()
	seen, n := 0, 0
	for {
		select {
		case err := <-done:
			return err
		case <-c.req:
			out := c.String()
			fresh := out[seen:]
			seen = len(out)
			n++
			if n > limit {
				c.ans <- "q"
				continue
			}
			c.ans <- answer(out, fresh)
		}
	}
}

func newState(t *testing.T, g engine.Game, raw map[string]any, seed uint64) engine.State {
	t.Helper()
	opts, err := engine.ResolveOptions(g.Options(), raw)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

var cardFact = regexp.MustCompile(`^"card":"([^"/]+)(/\d+)?"$`)

// leaks lists the cards of the other seats' hands and of the deck that
// screen shows although viewer may not know them. Every Character is
// renamed to a unique mark (‹id›), so a mark on the screen is that
// Character; it is a leak unless viewer may see another copy of it.
func leaks(st engine.State, viewer engine.Seat, screen string) []string {
	view, _ := json.Marshal(st.View(viewer))
	var found []string
	for _, f := range all.HiddenFacts("asterix")(st, viewer) {
		m := cardFact.FindStringSubmatch(f)
		if m == nil {
			continue
		}
		mark := "‹" + m[1] + "›"
		if strings.Contains(screen, mark) && !strings.Contains(string(view), mark) {
			found = append(found, mark)
		}
	}
	return found
}

// In hot seat, nothing private of any seat is on the screen before the next
// person presses Enter, and a person's own screen shows nothing of the
// other's hand: the output since the last clearing of the screen is checked
// against the game's hidden facts at every hand-over and every question.
func TestHotSeatHandOverShowsNoHiddenCard(t *testing.T) {
	for _, lang := range []engine.Lang{engine.PL, engine.EN} {
		pack, err := asterix.LoadDir("../games/asterix/content")
		if err != nil {
			t.Fatal(err)
		}
		for i := range pack.Characters {
			mark := "‹" + pack.Characters[i].ID + "›"
			pack.Characters[i].Name = engine.Text{PL: mark, EN: mark}
		}
		st := newState(t, asterix.WithPack(pack), map[string]any{"players": 2}, 7)
		names := map[engine.Lang][2]string{engine.PL: {"Gracz 1", "Gracz 2"}, engine.EN: {"Player 1", "Player 2"}}[lang]
		handOver := map[engine.Lang]string{engine.PL: "Przekaż klawiaturę: %s — naciśnij Enter", engine.EN: "Pass the keyboard to %s — press Enter"}[lang]
		s := &tui.Session{State: st, Lang: lang, Seed: 7, Terminal: true,
			Players: []tui.Player{{Human: true, Name: names[0]}, {Human: true, Name: names[1]}}}
		r := rand.New(rand.NewPCG(7, uint64(len(lang))))
		lastAsked, handedTo, handOvers, questions := engine.NoSeat, engine.NoSeat, 0, 0
		err = play(t, s, 3000, func(out, fresh string) string {
			screen := out
			if i := strings.LastIndex(out, tui.ClearScreen); i >= 0 {
				screen = out[i+len(tui.ClearScreen):]
			}
			for seat, name := range names {
				if strings.HasSuffix(strings.TrimSpace(fresh), fmt.Sprintf(handOver, name)) {
					handOvers++
					if l := leaks(st, engine.Spectator, screen); len(l) > 0 {
						t.Fatalf("the hand-over to %s shows hidden cards %v:\n%s", name, l, screen)
					}
					if lastAsked != engine.NoSeat && !strings.Contains(fresh, tui.ClearScreen) && handOvers > 1 {
						t.Fatalf("the screen was not cleared before the hand-over to %s:\n%s", name, fresh)
					}
					handedTo = engine.Seat(seat)
					return ""
				}
			}
			seat := st.Pending()[0]
			questions++
			if l := leaks(st, seat, screen); len(l) > 0 {
				t.Fatalf("the screen of %s shows hidden cards %v:\n%s", names[seat], l, screen)
			}
			if seat != lastAsked && handedTo != seat {
				t.Fatalf("%s is asked without a hand-over:\n%s", names[seat], fresh)
			}
			handedTo = engine.NoSeat
			lastAsked = seat
			legal := st.Legal(seat, nil)
			return st.Format(legal[r.IntN(len(legal))])
		})
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if _, over := st.Outcome(); !over {
			t.Errorf("%s: the game did not end in 3000 answers", lang)
		}
		if handOvers < 20 || questions < 20 {
			t.Errorf("%s: only %d hand-overs and %d questions", lang, handOvers, questions)
		}
	}
}

// With one person at the table there is no hand-over screen.
func TestOnePersonNoHandOver(t *testing.T) {
	g, _ := all.Lookup("asterix", "")
	st := newState(t, g, map[string]any{"players": 2}, 3)
	b, _ := bots.New(g, "random")
	s := &tui.Session{State: st, Lang: engine.EN, Seed: 3, Terminal: true,
		Players: []tui.Player{{Human: true, Name: "Player 1"}, {Bot: b, Name: "Player 2"}}}
	r := rand.New(rand.NewPCG(3, 3))
	err := play(t, s, 40, func(out, fresh string) string {
		legal := st.Legal(st.Pending()[0], nil)
		return st.Format(legal[r.IntN(len(legal))])
	})
	if err != tui.ErrQuit && err != nil {
		t.Fatal(err)
	}
	out := s.Out.(*console).String()
	if strings.Contains(out, "press Enter") || strings.Contains(out, tui.ClearScreen) {
		t.Errorf("one person got a hand-over screen:\n%s", out)
	}
}

var cardlineHeader = "── Cardline"

// Cardline's table is printed once before each of the person's turns (not
// again after the bots' moves), only the person's own hand is numbered, and
// the legend is printed at the start and on "?".
func TestCardlineTableOncePerTurn(t *testing.T) {
	g, _ := all.Lookup("cardline", "")
	st := newState(t, g, map[string]any{"players": 3}, 5)
	fan, _ := bots.New(g, "fan")
	s := &tui.Session{State: st, Lang: engine.EN, Seed: 5,
		Players: []tui.Player{{Human: true, Name: "Player 1"}, {Bot: fan, Name: "Player 2"}, {Bot: fan, Name: "Player 3"}}}
	r := rand.New(rand.NewPCG(5, 5))
	gap := regexp.MustCompile(`\(0–(\d+)\): $`)
	turns, helped := 0, false
	err := play(t, s, 2000, func(out, fresh string) string {
		if m := gap.FindStringSubmatch(fresh); m != nil {
			n, _ := strconv.Atoi(m[1])
			return strconv.Itoa(r.IntN(n + 1))
		}
		if !strings.Contains(fresh, "Which card do you play?") {
			t.Fatalf("an unexpected question:\n%s", fresh)
		}
		if strings.Contains(fresh, "Legal moves") || strings.Contains(fresh, "Possible moves") {
			// The answer to "?": the question again, without the table.
			if strings.Count(fresh, cardlineHeader) != 0 {
				t.Errorf("help printed the table again:\n%s", fresh)
			}
			return "1"
		}
		turns++
		if c := strings.Count(fresh, cardlineHeader); c != 1 {
			t.Fatalf("turn %d: the table is printed %d times:\n%s", turns, c, fresh)
		}
		for _, line := range strings.Split(fresh, "\n") {
			if (strings.Contains(line, "Player 2") || strings.Contains(line, "Player 3")) && strings.Contains(line, "1) ") {
				t.Errorf("a bot's hand is numbered: %q", line)
			}
			if strings.Contains(line, "Player 1 (you):") && !strings.Contains(line, "1) ") {
				t.Errorf("the person's hand is not numbered: %q", line)
			}
		}
		if !helped {
			helped = true
			return "?"
		}
		return "1"
	})
	if err != nil {
		t.Fatal(err)
	}
	out := s.Out.(*console).String()
	if _, over := st.Outcome(); !over || !strings.Contains(out, "Game over") {
		t.Fatalf("the game did not end:\n%s", out[max(0, len(out)-2000):])
	}
	if turns < 3 {
		t.Errorf("only %d turns", turns)
	}
	if c := strings.Count(out, "◇ superhero · ◆ supervillain"); c != 2 {
		t.Errorf("the legend is printed %d times, want 2 (at the start and on ?)", c)
	}
	if !strings.HasPrefix(out, "Legend:") {
		t.Errorf("the output does not start with the legend:\n%s", out[:min(len(out), 500)])
	}
}

// Every game's legend is printed in both languages before anything else.
func TestLegendInBothLanguages(t *testing.T) {
	want := map[string][2]string{
		"cardline":  {"◆ superzłoczyńca", "◆ supervillain"},
		"asterix":   {"ostatnio położona", "placed last"},
		"frontline": {"★ Komisarz", "★ the Commissar"},
		"tagteam":   {"■ pole stop", "■ a stop space"},
	}
	for name, w := range want {
		g, _ := all.Lookup(name, "")
		for i, lang := range []engine.Lang{engine.PL, engine.EN} {
			st := newState(t, g, map[string]any{}, 1)
			var players []tui.Player
			for p := range st.Seats() {
				b, _ := bots.New(g, "random")
				players = append(players, tui.Player{Bot: b, Name: fmt.Sprint(p + 1)})
			}
			s := &tui.Session{State: st, Lang: lang, Seed: 1, Players: players}
			if err := play(t, s, 0, func(string, string) string { return "" }); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out := s.Out.(*console).String()
			head := out[:strings.Index(out, "\n\n")]
			if !strings.Contains(head, w[i]) {
				t.Errorf("%s %s: the legend lacks %q:\n%s", name, lang, w[i], head)
			}
		}
	}
}

var numbered = regexp.MustCompile(`(?m)^\s+(\d+)\) (.*?) — `)

// Tag Team's build is three numbered questions — the card for the fight
// deck, the card for the bottom of the build deck, the place in the fight
// deck — played to the end of a game; each build made is the move recorded.
func TestTagTeamBuildInThreeQuestions(t *testing.T) {
	g, _ := all.Lookup("tagteam", "")
	for _, seed := range []uint64{1, 2} {
		st := newState(t, g, map[string]any{}, seed)
		b, _ := bots.New(g, "random")
		rec := engine.NewRecorder("tagteam", nil, seed, nil)
		s := &tui.Session{State: st, Lang: engine.EN, Seed: seed, Record: rec,
			Players: []tui.Player{{Human: true, Name: "Player 1"}, {Bot: b, Name: "Player 2"}}}
		r := rand.New(rand.NewPCG(seed, 9))
		step, builds := 0, 0
		var fight, bottom string
		var pos int
		choose := func(fresh string) (int, string) {
			ms := numbered.FindAllStringSubmatch(fresh, -1)
			if len(ms) == 0 {
				t.Fatalf("a question without choices:\n%s", fresh)
			}
			i := r.IntN(len(ms))
			return i + 1, ms[i][2]
		}
		checkBuild := func() {
			var last engine.RecordMove
			for _, rm := range rec.Record.Moves {
				if rm.Seat == 0 {
					last = rm
				}
			}
			m, err := st.Parse(last.Move)
			if err != nil {
				t.Fatalf("the build was not the move recorded: %+v %v", last, err)
			}
			// Notation: add <to the fight deck> <position from 0> <to the bottom>.
			d, f := st.Describe(m, engine.EN), strings.Fields(last.Move)
			if len(f) != 4 || f[0] != "add" || f[2] != strconv.Itoa(pos) {
				t.Errorf("the answers made %q, want a build at position %d", last.Move, pos)
			}
			if i, j := strings.Index(d, fight), strings.LastIndex(d, bottom); i < 0 || j <= i {
				t.Errorf("the answers made %q, want %s into the fight deck and %s to the bottom", d, fight, bottom)
			}
			builds++
		}
		err := play(t, s, 5000, func(out, fresh string) string {
			if step == 3 {
				checkBuild()
				step = 0
			}
			switch {
			case strings.Contains(fresh, "Which card goes into your fight deck?"):
				if step != 0 {
					t.Fatalf("the build's first question at step %d", step)
				}
				n, name := choose(fresh)
				fight, step = name, 1
				return strconv.Itoa(n)
			case strings.Contains(fresh, "Which of the others goes to the very bottom of your build deck?"):
				if step != 1 {
					t.Fatalf("the build's second question at step %d", step)
				}
				if c := len(numbered.FindAllString(fresh, -1)); c != 2 {
					t.Errorf("the second question offers %d cards, want the other 2", c)
				}
				n, name := choose(fresh)
				bottom, step = name, 2
				return strconv.Itoa(n)
			case strings.Contains(fresh, "Where in your fight deck does "+fight+" go?"):
				if step != 2 {
					t.Fatalf("the build's third question at step %d", step)
				}
				ms := regexp.MustCompile(`(?m)^\s+(\d+)\) `).FindAllString(fresh, -1)
				pos, step = r.IntN(len(ms)), 3
				return strconv.Itoa(pos + 1)
			}
			if step != 0 {
				t.Fatalf("the build stopped after question %d:\n%s", step, fresh)
			}
			if strings.Contains(fresh, "Add ") && strings.Contains(fresh, "to the very bottom of the build deck") {
				t.Fatalf("the build offered as one list of combinations:\n%s", fresh)
			}
			legal := st.Legal(st.Pending()[0], nil)
			return st.Format(legal[r.IntN(len(legal))])
		})
		if err != nil {
			t.Fatal(err)
		}
		if step == 3 {
			checkBuild()
		}
		out := s.Out.(*console).String()
		if _, over := st.Outcome(); !over || !strings.Contains(out, "Game over") {
			t.Fatalf("seed %d: the game did not end:\n%s", seed, out[max(0, len(out)-3000):])
		}
		if builds == 0 {
			t.Errorf("seed %d: no build was asked", seed)
		}
		t.Logf("seed %d: %d builds in three questions", seed, builds)
	}
}

// Every game in hot seat, two people and, where the game needs more, bots:
// each person is asked only after a hand-over to them, the screen is
// cleared before every hand-over after the first, and in Tag Team (whose
// table names cards by their ids) no id of the other person's hidden cards
// is on a person's screen.
func TestHotSeatEveryGame(t *testing.T) {
	for _, name := range all.Names() {
		g, _ := all.Lookup(name, "")
		st := newState(t, g, map[string]any{}, 11)
		players := []tui.Player{{Human: true, Name: "Player 1"}, {Human: true, Name: "Player 2"}}
		for len(players) < st.Seats() {
			b, _ := bots.New(g, "random")
			players = append(players, tui.Player{Bot: b, Name: fmt.Sprintf("Player %d", len(players)+1)})
		}
		s := &tui.Session{State: st, Lang: engine.EN, Seed: 11, Terminal: true, Players: players}
		r := rand.New(rand.NewPCG(11, 11))
		lastAsked, handedTo, handOvers := engine.NoSeat, engine.NoSeat, 0
		err := play(t, s, 1500, func(out, fresh string) string {
			screen := out
			if i := strings.LastIndex(out, tui.ClearScreen); i >= 0 {
				screen = out[i+len(tui.ClearScreen):]
			}
			for seat := range 2 {
				if strings.HasSuffix(strings.TrimSpace(fresh), "Pass the keyboard to "+players[seat].Name+" — press Enter") {
					handOvers++
					if handOvers > 1 && !strings.Contains(fresh, tui.ClearScreen) {
						t.Fatalf("%s: the screen was not cleared before the hand-over:\n%s", name, fresh)
					}
					handedTo = engine.Seat(seat)
					return ""
				}
			}
			seat := st.Pending()[0]
			if seat != lastAsked && handedTo != seat {
				t.Fatalf("%s: %s is asked without a hand-over:\n%s", name, players[seat].Name, fresh)
			}
			if name == "tagteam" {
				for _, f := range all.HiddenFacts(name)(st, seat) {
					if id, _ := strconv.Unquote(f); id != "" && strings.Contains(screen, " "+id+" ") {
						t.Fatalf("%s: the screen of %s shows the hidden card %s:\n%s", name, players[seat].Name, id, screen)
					}
				}
			}
			lastAsked, handedTo = seat, engine.NoSeat
			legal := st.Legal(seat, nil)
			return st.Format(legal[r.IntN(len(legal))])
		})
		if err != nil && err != tui.ErrQuit {
			t.Fatalf("%s: %v", name, err)
		}
		if handOvers < 5 {
			t.Errorf("%s: only %d hand-overs", name, handOvers)
		}
	}
}
