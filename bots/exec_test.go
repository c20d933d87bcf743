//go:build unix

package bots_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/games/all"
)

// testBotEnv makes the test binary act as an external bot (runTestBot)
// instead of running the tests: the fault tests need no other program.
const testBotEnv = "STOLIK_EXEC_TESTBOT"

var logs = &captureHandler{}

func TestMain(m *testing.M) {
	if os.Getenv(testBotEnv) == "1" {
		os.Exit(runTestBot(os.Args[1:]))
	}
	slog.SetDefault(slog.New(logs))
	code := m.Run()
	bots.CloseIdle()
	os.Exit(code)
}

// captureHandler keeps every log record, so tests can read the warnings.
type captureHandler struct {
	mu      sync.Mutex
	records []logRecord
	notify  chan struct{} // closed and replaced on every record
}

type logRecord struct {
	level slog.Level
	msg   string
	attrs map[string]string
}

func (h *captureHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *captureHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *captureHandler) WithGroup(string) slog.Handler            { return h }

func (h *captureHandler) Handle(_ context.Context, r slog.Record) error {
	lr := logRecord{level: r.Level, msg: r.Message, attrs: map[string]string{}}
	r.Attrs(func(a slog.Attr) bool {
		lr.attrs[a.Key] = a.Value.String()
		return true
	})
	h.mu.Lock()
	h.records = append(h.records, lr)
	if h.notify != nil {
		close(h.notify)
		h.notify = nil
	}
	h.mu.Unlock()
	return nil
}

// warnings are the warnings logged about bot spec.
func (h *captureHandler) warnings(spec string) []logRecord {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []logRecord
	for _, r := range h.records {
		if r.level == slog.LevelWarn && r.attrs["bot"] == spec {
			out = append(out, r)
		}
	}
	return out
}

// waitFor waits until a record's message contains text, up to a bound
// that only a broken implementation reaches.
func (h *captureHandler) waitFor(t *testing.T, text string) {
	t.Helper()
	bound := time.After(30 * time.Second)
	for {
		h.mu.Lock()
		for _, r := range h.records {
			if strings.Contains(r.msg, text) {
				h.mu.Unlock()
				return
			}
		}
		if h.notify == nil {
			h.notify = make(chan struct{})
		}
		ch := h.notify
		h.mu.Unlock()
		select {
		case <-ch:
		case <-bound:
			t.Fatalf("nothing logged contains %q", text)
		}
	}
}

// runTestBot is the test binary as an external bot: args are MODE N LOG.
// It plays the first legal move, except at the Nth request of a game,
// where MODE says how it misbehaves. It notes every message in LOG.
func runTestBot(args []string) int {
	if len(args) != 3 {
		fmt.Fprintln(os.Stderr, "want MODE N LOG")
		return 2
	}
	mode, logPath := args[0], args[2]
	n, _ := strconv.Atoi(args[1])
	logf, err := os.OpenFile(logPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	note := func(format string, a ...any) {
		fmt.Fprintf(logf, "%d "+format+"\n", append([]any{os.Getpid()}, a...)...)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 16<<20)
	out := bufio.NewWriter(os.Stdout)
	answer := func(line string) {
		out.WriteString(line + "\n")
		out.Flush()
	}
	asked := 0
	var seen []string
	for in.Scan() {
		var head struct {
			Type string `json:"type"`
		}
		json.Unmarshal(in.Bytes(), &head)
		dec := json.NewDecoder(bytes.NewReader(in.Bytes()))
		dec.DisallowUnknownFields()
		switch head.Type {
		case "hello":
			var h struct {
				Type     string         `json:"type"`
				Protocol int            `json:"protocol"`
				Game     string         `json:"game"`
				Options  map[string]any `json:"options"`
				Seat     int            `json:"seat"`
				Seats    int            `json:"seats"`
				Lang     string         `json:"lang"`
				Seed     uint64         `json:"seed"`
			}
			if err := dec.Decode(&h); err != nil {
				note("bad hello: %v", err)
			}
			note("hello game=%s seat=%d seats=%d protocol=%d lang=%s players=%v", h.Game, h.Seat, h.Seats, h.Protocol, h.Lang, h.Options["players"])
			asked, seen = 0, nil
		case "move":
			var m struct {
				Type   string          `json:"type"`
				Seat   int             `json:"seat"`
				View   json.RawMessage `json:"view"`
				Legal  []string        `json:"legal"`
				TimeMS int64           `json:"time_ms"`
			}
			if err := dec.Decode(&m); err != nil || len(m.Legal) == 0 || m.TimeMS <= 0 {
				note("bad move request: %v", err)
			}
			asked++
			note("move %s", exchangeKey(m.View, m.Legal))
			if mode == "stderr" {
				fmt.Fprintf(os.Stderr, "thinking about request %d\n", asked)
				long := strings.Repeat("x", 1000)
				for range 2000 {
					fmt.Fprintln(os.Stderr, long)
				}
				fmt.Fprintln(os.Stderr, strings.Repeat("y", 100000))
			}
			reply := fmt.Sprintf(`{"move":%q,"comment":"the first legal move"}`, m.Legal[0])
			if asked == n {
				switch mode {
				case "garbage":
					reply = "this is not JSON"
				case "nomove":
					reply = `{"comment":"thinking"}`
				case "unknown":
					reply = `{"move":"no such move"}`
				case "stale":
					for _, s := range seen {
						if !slices.Contains(m.Legal, s) {
							reply = fmt.Sprintf(`{"move":%q}`, s)
							break
						}
					}
				case "sleep":
					time.Sleep(time.Hour)
				case "exit":
					return 3
				}
			}
			seen = append(seen, m.Legal...)
			answer(reply)
		case "end":
			var e struct {
				Type    string          `json:"type"`
				Outcome *engine.Outcome `json:"outcome"`
			}
			if err := dec.Decode(&e); err != nil {
				note("bad end: %v", err)
			}
			o, _ := json.Marshal(e.Outcome)
			note("end %s", o)
		default:
			note("unknown message %q", in.Text())
		}
	}
	return 0
}

// exchangeKey sums up what a request gave: the view's JSON and the legal
// moves.
func exchangeKey(view []byte, legal []string) string {
	v := sha256.Sum256(view)
	l := sha256.Sum256([]byte(strings.Join(legal, "\n")))
	return fmt.Sprintf("view=%x legal=%x", v[:8], l[:8])
}

// testBot is the spec of the test binary as an external bot; its notes go
// to a file of t's.
func testBot(t *testing.T, mode string, n int, settings string) (spec, logPath string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(self, " ?") {
		t.Skipf("the test binary's path %q has a space or ?, which exec: specs cannot hold", self)
	}
	t.Setenv(testBotEnv, "1")
	logPath = filepath.Join(t.TempDir(), "bot.log")
	spec = fmt.Sprintf("exec:%s %s %d %s", self, mode, n, logPath)
	if settings != "" {
		spec += "?" + settings
	}
	return spec, logPath
}

// notes reads a test bot's notes: each line's pid and the rest.
func notes(t *testing.T, path string) (pids []int, lines []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		pid, rest, _ := strings.Cut(l, " ")
		p, _ := strconv.Atoi(pid)
		pids = append(pids, p)
		lines = append(lines, rest)
	}
	return pids, lines
}

// game is one game played by playGame.
type game struct {
	outcome engine.Outcome
	// asked is, for each decision of seat 0, what an external bot there
	// should have been sent (exchangeKey of the true state).
	asked     []string
	decisions int // of seat 0
}

// playGame plays one game of g with the given bot specs, as sim does, and
// fails t unless it ends with an outcome.
func playGame(t *testing.T, g engine.Game, specs []string, seed uint64) game {
	t.Helper()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": len(specs)})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]engine.Bot, len(specs))
	defer bots.Finish(players, st)
	for s, spec := range specs {
		if players[s], err = bots.NewAt(g, spec, bots.Table{Options: opts, Lang: engine.EN}); err != nil {
			t.Fatal(err)
		}
	}
	r := engine.NewRand(seed)
	var out game
	for moves := 0; ; moves++ {
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		if moves > 100000 {
			t.Fatalf("%s: no outcome after %d moves", g.Name(), moves)
		}
		seat := pending[0]
		if seat == 0 {
			view, err := json.Marshal(st.View(0))
			if err != nil {
				t.Fatal(err)
			}
			var legal []string
			for _, m := range st.Legal(0, nil) {
				legal = append(legal, st.Format(m))
			}
			out.asked = append(out.asked, exchangeKey(view, legal))
			out.decisions++
		}
		m, err := bots.Decide(players[seat], st, seat, r)
		if err != nil {
			t.Fatalf("%s: seat %d (%s): %v", g.Name(), seat, specs[seat], err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatalf("%s: seat %d (%s) played %s: %v", g.Name(), seat, specs[seat], st.Format(m), err)
		}
	}
	o, ok := st.Outcome()
	if !ok {
		t.Fatalf("%s: no outcome", g.Name())
	}
	out.outcome = o
	return out
}

func lookup(t *testing.T, name string) engine.Game {
	t.Helper()
	g, err := all.Lookup(name, "")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The example bot in Python plays whole games of every game without a
// fault, where python3 is installed.
func TestExecPythonExamplePlaysEveryGame(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python example bot is not tested")
	}
	script, err := filepath.Abs("../examples/python/bot.py")
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(python+script, " ?") {
		t.Skipf("%s or %s has a space or ?, which exec: specs cannot hold", python, script)
	}
	spec := "exec:" + python + " " + script + "?time=30s"
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			opts, err := engine.ResolveOptions(g.Options(), nil)
			if err != nil {
				t.Fatal(err)
			}
			specs := []string{spec}
			for len(specs) < opts.Int("players") {
				specs = append(specs, "random")
			}
			for i := range games {
				if gm := playGame(t, g, specs, uint64(100+i)); gm.decisions == 0 {
					t.Errorf("game %d: the Python bot had nothing to decide", i)
				}
			}
		})
	}
	if w := logs.warnings(spec); len(w) > 0 {
		t.Errorf("the Python bot failed %d times, first: %s %v", len(w), w[0].msg, w[0].attrs)
	}
}

// A program that plays by the protocol gets a hello, every request with
// the seat's view and legal moves exactly as the state gives them, and an
// end with the outcome; one process serves game after game.
func TestExecProtocolAndReuse(t *testing.T) {
	spec, logPath := testBot(t, "good", 0, "time=30s")
	g := lookup(t, "asterix")
	var played []game
	for i := range 3 {
		played = append(played, playGame(t, g, []string{spec, "greedy"}, uint64(7+i)))
	}
	if w := logs.warnings(spec); len(w) > 0 {
		t.Fatalf("a well-behaved bot was warned about: %s %v", w[0].msg, w[0].attrs)
	}
	bots.CloseIdle() // returns once the program has read everything and exited
	pids, lines := notes(t, logPath)
	for i, l := range lines {
		if strings.HasPrefix(l, "bad") || strings.HasPrefix(l, "unknown") {
			t.Errorf("note %d: %s", i, l)
		}
		if pids[i] != pids[0] {
			t.Errorf("note %d came from process %d, not %d: processes are not reused", i, pids[i], pids[0])
		}
	}
	var want []string
	for _, gm := range played {
		want = append(want, "hello game=asterix seat=0 seats=2 protocol=1 lang=en players=2")
		for _, a := range gm.asked {
			want = append(want, "move "+a)
		}
		o, _ := json.Marshal(gm.outcome)
		want = append(want, "end "+string(o))
	}
	if !slices.Equal(lines, want) {
		t.Errorf("the bot heard\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// Every fault hands the rest of the game to the fallback, ends the
// program and is warned about once per game, naming the cause.
func TestExecFaults(t *testing.T) {
	for _, tc := range []struct {
		mode     string
		n        int
		settings string
		cause    string
		detail   string // a regular expression the warning's detail matches
	}{
		{"garbage", 3, "", "malformed", "invalid character"},
		{"nomove", 2, "fallback=random", "malformed", `no "move"`},
		{"unknown", 3, "", "unknown_move", "no such move"},
		{"stale", 4, "", "illegal_move", "not among"},
		// The 300 ms count from when the bot was asked, so the program
		// itself is given what is left of them once its position is ready.
		{"sleep", 1, "time=300ms", "timeout", `^no answer within (2[0-9][0-9]|300)ms$`},
		{"exit", 2, "", "exit", "exit status 3"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			spec, logPath := testBot(t, tc.mode, tc.n, tc.settings)
			g := lookup(t, "asterix")
			const games = 2
			for i := range games {
				if gm := playGame(t, g, []string{spec, "greedy"}, uint64(20+i)); gm.decisions <= tc.n {
					t.Fatalf("game %d: seat 0 decided only %d times; the fault comes at %d", i, gm.decisions, tc.n)
				}
			}
			w := logs.warnings(spec)
			if len(w) != games {
				t.Fatalf("%d warnings in %d games, want one per game: %v", len(w), games, w)
			}
			fallback := "greedy"
			if strings.HasPrefix(tc.settings, "fallback=") {
				fallback = strings.TrimPrefix(tc.settings, "fallback=")
			}
			for _, r := range w {
				if r.attrs["cause"] != tc.cause || !regexp.MustCompile(tc.detail).MatchString(r.attrs["detail"]) ||
					r.attrs["fallback"] != fallback || !strings.Contains(r.msg, fallback+" plays the rest") {
					t.Errorf("warning %q %v: want cause %s, a detail with %q, fallback %s", r.msg, r.attrs, tc.cause, tc.detail, fallback)
				}
			}
			// The program was asked exactly n times a game, each game by a
			// fresh process, and it is gone.
			pids, lines := notes(t, logPath)
			perPid := map[int]int{}
			for i, l := range lines {
				if strings.HasPrefix(l, "move") {
					perPid[pids[i]]++
				}
			}
			if len(perPid) != games {
				t.Errorf("%d processes served %d games: %v", len(perPid), games, perPid)
			}
			for pid, asked := range perPid {
				if asked != tc.n {
					t.Errorf("process %d was asked %d times, want %d", pid, asked, tc.n)
				}
				if alive(pid) {
					t.Errorf("process %d still runs after its fault", pid)
				}
			}
		})
	}
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// A program that cannot be started leaves the seat to the fallback.
func TestExecStartFault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "not-a-program")
	if err := os.WriteFile(path, []byte{0, 1, 2, 3}, 0o755); err != nil {
		t.Fatal(err)
	}
	spec := "exec:" + path
	if strings.ContainsAny(path, " ?") {
		t.Skipf("%q has a space or ?", path)
	}
	playGame(t, lookup(t, "asterix"), []string{spec, "greedy"}, 1)
	w := logs.warnings(spec)
	if len(w) != 1 || w[0].attrs["cause"] != "start" || !strings.Contains(w[0].msg, "could not be started") {
		t.Fatalf("warnings %v, want one with cause start", w)
	}
}

// A program that writes much to its standard error is never held up by
// it: it plays the whole game, and its lines reach the log with its name.
func TestExecStderrGoesToTheLog(t *testing.T) {
	spec, _ := testBot(t, "stderr", 0, "time=30s")
	playGame(t, lookup(t, "asterix"), []string{spec, "greedy"}, 3)
	if w := logs.warnings(spec); len(w) > 0 {
		t.Fatalf("the bot was warned about: %s %v", w[0].msg, w[0].attrs)
	}
	self, _ := os.Executable()
	logs.waitFor(t, filepath.Base(self)+"[")
	logs.waitFor(t, "]: thinking about request 1")
}

func TestExecSpecs(t *testing.T) {
	g := lookup(t, "cardline")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec string
		ok   bool
	}{
		{"exec:" + self, true},
		{"exec:" + self + " a b?time=2s", true},
		{"exec:" + self + "?time=1500ms&fallback=fan:expert", true},
		{"exec:", false},
		{"exec:   ?time=2s", false},
		{"exec:" + self + "?time=0s", false},
		{"exec:" + self + "?time=2", false},
		{"exec:" + self + "?time=11m", false},
		{"exec:" + self + "?fallback=greedy", false}, // Cardline has no greedy bot
		{"exec:" + self + "?fallback=exec:" + self, false},
		{"exec:" + self + "?speed=2", false},
		{"exec:/no/such/program", false},
	} {
		b, err := bots.New(g, tc.spec)
		if (err == nil) != tc.ok {
			t.Errorf("New(%q): %v, want ok=%v", tc.spec, err, tc.ok)
		}
		if err == nil {
			if _, ok := b.(interface{ Close() error }); !ok {
				t.Errorf("New(%q) is not an io.Closer", tc.spec)
			}
			bots.Finish([]engine.Bot{b}, nil)
		}
		if !bots.IsExternal(tc.spec) {
			t.Errorf("IsExternal(%q) is false", tc.spec)
		}
	}
	for _, spec := range []string{"random", "fan:expert", "greedy", "bot:exec:x", " exec:x"} {
		if bots.IsExternal(spec) {
			t.Errorf("IsExternal(%q) is true", spec)
		}
	}
}

// StopAll ends a program in the middle of a game, one that ignores the end
// of its input and SIGTERM, and what it started in its process group.
func TestExecStopAllEndsEveryProgram(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to look for the programs in")
	}
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	script := filepath.Join(dir, "stubborn.sh")
	body := `#!/bin/sh
echo $$ >> ` + pids + `
(trap '' TERM HUP; while :; do sleep 1; done) </dev/null >/dev/null 2>&1 &
echo $! >> ` + pids + `
trap '' TERM HUP
while read -r line; do
	case "$line" in
	*'"type":"move"'*)
		m=$(printf '%s\n' "$line" | sed 's/.*"legal":\["\([^"]*\)".*/\1/')
		printf '{"move":"%s"}\n' "$m" ;;
	esac
done
while :; do sleep 1; done
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	g := lookup(t, "cardline")
	b, err := bots.NewAt(g, "exec:"+script, bots.Table{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(nil, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	seat := st.Pending()[0]
	if _, err := b.Choose(st, seat, engine.NewRand(1)); err != nil {
		t.Fatal(err)
	}
	if d, _ := bots.DecisionsOf(b); d.Own != 1 || d.Fallback != 0 {
		t.Fatalf("the program did not make the decision: %+v", d)
	}
	bots.StopAll()
	data, err := os.ReadFile(pids)
	if err != nil {
		t.Fatal(err)
	}
	list := strings.Fields(string(data))
	if len(list) != 2 {
		t.Fatalf("pids %q", list)
	}
	deadline := time.Now().Add(5 * time.Second)
	for _, f := range list {
		pid, _ := strconv.Atoi(f)
		for processRuns(pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if processRuns(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d still runs after StopAll", pid)
		}
	}
	bots.Finish([]engine.Bot{b}, nil)
}

// processRuns reports whether pid is a process that has not ended (a
// zombie has).
func processRuns(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}
