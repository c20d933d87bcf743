package e2e_test

// The machinery of the browser tests: one Chromium for the test binary, a
// real server on 127.0.0.1, tabs that watch where the page goes and what it
// throws, and waits on the page's DOM (docs in browser_test.go).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"stolik/games/all"
	"stolik/internal/chromium"
	"stolik/internal/longtest"
	"stolik/server"
	"stolik/store"
)

const noChromium = chromium.Missing

// sharedBrowser is a browser of the test binary, started on first use.
type sharedBrowser struct {
	once   sync.Once
	path   string
	ctx    context.Context
	err    error
	dir    string
	out    lockedBuffer
	cancel []context.CancelFunc
}

// The test binary's browsers: chromium-headless-shell where it is
// installed (internal/chromium), and the browser itself for the few tests
// that need its notifications.
var chrome, chromeFull sharedBrowser

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// The browser tests run side by side, each on a server of its own, as
// tabs of the one browser.
func TestMain(m *testing.M) {
	longtest.AtLeastParallel(4)
	code := m.Run()
	chrome.stop()
	chromeFull.stop()
	os.Exit(code)
}

// browser skips the test without Chromium or under -short, and otherwise
// gives the context of the shared headless browser (tabs are its children).
func browser(t *testing.T) context.Context {
	t.Helper()
	return chrome.get(t, chromium.Path(), noChromium)
}

// fullBrowser is browser for the tests that need the browser itself, not
// its headless shell: notifications, push and the permission prompt.
func fullBrowser(t *testing.T) context.Context {
	t.Helper()
	if p := chromium.Full(); p == chromium.Path() {
		return browser(t)
	}
	return chromeFull.get(t, chromium.Full(), chromium.MissingFull)
}

func (b *sharedBrowser) get(t *testing.T, path, missing string) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests play whole games in Chromium; skipped under -short")
	}
	if path == "" {
		t.Skip(missing)
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("STOLIK_CHROMIUM") != "" || os.Getenv("STOLIK_CHROMIUM_FULL") != "" {
			t.Fatalf("%s: %v", path, err)
		}
		t.Skip(missing)
	}
	b.once.Do(func() { b.path = path; b.ctx, b.err = b.start(path) })
	if b.err != nil {
		t.Fatalf("starting Chromium %s: %v\n%s", b.path, b.err, b.out.String())
	}
	return b.ctx
}

// start starts headless Chromium with chromedp's default flags and the
// ones that keep it off the network: no QUIC, no background networking,
// no component updates, no sync, a fresh profile.
func (b *sharedBrowser) start(path string) (context.Context, error) {
	dir, err := os.MkdirTemp("", "stolik-chromium-")
	if err != nil {
		return nil, err
	}
	b.dir = dir
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dir),
		chromedp.CombinedOutput(&b.out),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	b.cancel = []context.CancelFunc{bcancel, acancel}
	// The first Do starts the browser and binds it to bctx, so it gets no
	// deadline; a watchdog turns a hang into an error.
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(bctx) }()
	select {
	case err = <-done:
	case <-time.After(90 * time.Second):
		err = fmt.Errorf("Chromium did not start within 90 s")
	}
	if err != nil {
		b.stop()
		return nil, err
	}
	return bctx, nil
}

func (b *sharedBrowser) stop() {
	if b.ctx != nil {
		ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
		chromedp.Cancel(ctx)
		cancel()
	}
	for _, c := range b.cancel {
		c()
	}
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// screenshotDir is $STOLIK_SCREENSHOTS, else stolik-screenshots in the
// temporary directory.
func screenshotDir(t *testing.T) string {
	dir := os.Getenv("STOLIK_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "stolik-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("screenshots: %v", err)
	}
	return dir
}

// tab is one browser tab. It records every request that leaves 127.0.0.1
// and every uncaught exception of the page; either fails the test.
type tab struct {
	t   *testing.T
	ctx context.Context

	mu         sync.Mutex
	requests   int // requests and WebSockets the page opened
	sockets    int // WebSockets the page opened
	offsite    []string
	exceptions []string
	console    []string // console errors, for the log
}

// newTab opens a tab in a browser context of its own: its storage (the
// seats' tokens, the saved name) is its alone, as another person's
// browser would be.
func newTab(t *testing.T) *tab {
	t.Helper()
	return newTabIn(t, browser(t))
}

// newFullTab is newTab in the browser itself (fullBrowser).
func newFullTab(t *testing.T) *tab {
	t.Helper()
	return newTabIn(t, fullBrowser(t))
}

func newTabIn(t *testing.T, b context.Context) *tab {
	t.Helper()
	tb := &tab{t: t}
	ctx, cancel := chromedp.NewContext(b, chromedp.WithNewBrowserContext(), chromedp.WithListener(tb.listen))
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	tb.ctx = ctx
	t.Cleanup(func() {
		cancel()
		tb.mu.Lock()
		defer tb.mu.Unlock()
		if tb.requests == 0 && !t.Skipped() {
			t.Errorf("the tab saw no request at all: is its network monitor deaf?")
		}
		for _, c := range tb.console {
			t.Logf("the page's console: %s", c)
		}
		for _, u := range tb.offsite {
			t.Errorf("the page reached beyond this machine: %s", u)
		}
		for _, e := range tb.exceptions {
			t.Errorf("the page threw an uncaught exception: %s", e)
		}
	})
	return tb
}

// listen runs in the tab's message loop: it only notes things down.
func (tb *tab) listen(ev any) {
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if ev.Request != nil {
			tb.checkURL(ev.Request.URL)
		}
	case *network.EventWebSocketCreated:
		tb.mu.Lock()
		tb.sockets++
		tb.mu.Unlock()
		tb.checkURL(ev.URL)
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
			var args []string
			for _, a := range ev.Args {
				if a.Value != nil {
					args = append(args, string(a.Value))
				} else {
					args = append(args, a.Description)
				}
			}
			tb.mu.Lock()
			tb.console = append(tb.console, string(ev.Type)+": "+strings.Join(args, " "))
			tb.mu.Unlock()
		}
	case *cdplog.EventEntryAdded:
		if e := ev.Entry; e != nil && (e.Level == cdplog.EntryLevelError || e.Level == cdplog.EntryLevelWarning) {
			tb.mu.Lock()
			tb.console = append(tb.console, fmt.Sprintf("%s %s: %s %s", e.Source, e.Level, e.Text, e.URL))
			tb.mu.Unlock()
		}
	case *runtime.EventExceptionThrown:
		if d := ev.ExceptionDetails; d != nil {
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			msg += fmt.Sprintf(" (%s:%d:%d)", d.URL, d.LineNumber+1, d.ColumnNumber+1)
			tb.mu.Lock()
			tb.exceptions = append(tb.exceptions, msg)
			tb.mu.Unlock()
		}
	}
}

func (tb *tab) checkURL(raw string) {
	tb.mu.Lock()
	tb.requests++
	tb.mu.Unlock()
	u, err := url.Parse(raw)
	if err != nil {
		tb.mu.Lock()
		tb.offsite = append(tb.offsite, raw)
		tb.mu.Unlock()
		return
	}
	switch u.Scheme {
	case "http", "https", "ws", "wss", "ftp":
		if h := u.Hostname(); h != "127.0.0.1" && h != "localhost" { // localhost: the passkeys' pages
			tb.mu.Lock()
			tb.offsite = append(tb.offsite, raw)
			tb.mu.Unlock()
		}
	}
}

// do runs actions within d.
func (tb *tab) do(d time.Duration, what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// screenshot saves a full-page PNG as name in the screenshot directory.
func (tb *tab) screenshot(name string) string {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Fatalf("screenshot %s: %v", name, err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		tb.t.Fatalf("screenshot %s is not a PNG", name)
	}
	path := filepath.Join(screenshotDir(tb.t), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("screenshot: %s", path)
	return path
}

// waitJS evaluates value (a JavaScript function of no argument giving
// something JSON-able) whenever the DOM changes, until pred (a JavaScript
// function of that value) holds or within has passed in the page, and
// decodes the last value into out. It waits on a MutationObserver, not by
// polling, and it starts again when a navigation replaces the document.
// timedOut reports that pred never held.
func (tb *tab) waitJS(ctx context.Context, value, pred string, within time.Duration, out any) (timedOut bool, err error) {
	expr := fmt.Sprintf(`new Promise((resolve) => {
  const value = %s;
  const pred = %s;
  let done = false, timer = 0, poll = 0, soon = 0;
  // A burst of changes (a move drawn) is looked at once, when it is over.
  const obs = new MutationObserver(() => { if (!soon) soon = setTimeout(() => { soon = 0; check(); }, 40); });
  const finish = (v, timedOut) => {
    if (done) return;
    done = true;
    obs.disconnect();
    clearTimeout(timer);
    clearTimeout(soon);
    clearInterval(poll);
    resolve({value: v, timedOut: timedOut});
  };
  const check = () => {
    let v;
    try { v = value(); } catch (e) { v = {exception: String(e)}; }
    let ok = false;
    try { ok = pred(v); } catch (e) { ok = false; }
    if (!done && ok) finish(v, false);
  };
  obs.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  // What no mutation announces (an animation ending) is looked at too,
  // now and then: each look lays the page out.
  poll = setInterval(check, 250);
  timer = setTimeout(() => { let v; try { v = value(); } catch (e) { v = {exception: String(e)}; } finish(v, true); }, %d);
  check();
})`, value, pred, within.Milliseconds())
	var res struct {
		Value    json.RawMessage `json:"value"`
		TimedOut bool            `json:"timedOut"`
	}
	for attempt := 0; ; attempt++ {
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise))
		var jsErr *chromedp.ExceptionError
		if err != nil && !errors.As(err, &jsErr) {
			// A navigation destroys the context the promise lives in; the
			// next document gets the same wait.
			if ctx.Err() == nil && attempt < 20 {
				continue
			}
			return false, err
		}
		if err != nil {
			return false, err
		}
		if err := json.Unmarshal(raw, &res); err != nil {
			return false, fmt.Errorf("%v in %s", err, raw)
		}
		if out != nil {
			if err := json.Unmarshal(res.Value, out); err != nil {
				return false, fmt.Errorf("%v in %s", err, res.Value)
			}
		}
		return res.TimedOut, nil
	}
}

// pageState is what the DOM contract of a page says at one moment.
type pageState struct {
	URL        string       `json:"url"`
	Path       string       `json:"path"`
	Lang       string       `json:"lang"`     // html[lang]
	DataLang   string       `json:"dataLang"` // body[data-lang]
	State      string       `json:"state"`    // body[data-state]
	Moves      string       `json:"moves"`    // body[data-moves]
	Buttons    []moveButton `json:"buttons"`  // #moves button.move
	Turn       string       `json:"turn"`
	Error      string       `json:"error"`
	Outcome    string       `json:"outcome"`
	LangSwitch string       `json:"langSwitch"`
	Rematch    bool         `json:"rematch"`
	LogItems   int          `json:"logItems"`
	Exception  string       `json:"exception"`
	Players    []seatTag    `json:"players"`   // #players .seat-tag
	Reason     string       `json:"reason"`    // #result-reason
	Places     []place      `json:"places"`    // #places li
	LastMarks  []int        `json:"lastMarks"` // #board .last-move: data-last-seat
	Info       string       `json:"info"`      // the board's .info-bar: turn, round, initiative
	// The letters of the options the decision's prompt lists ("A) …"), and
	// those of its buttons.
	PromptLetters []string `json:"promptLetters"`
	ButtonLetters []string `json:"buttonLetters"`
}

// seatTag is a seat's mark as the page shows it: the number and name.
type seatTag struct {
	Seat string `json:"seat"`
	Num  string `json:"num"`
	Mark string `json:"mark"`
	Name string `json:"name"`
}

// place is a line of the result's places.
type place struct {
	Rank string `json:"rank"`
	Seat string `json:"seat"`
	Text string `json:"text"`
}

type moveButton struct {
	Move     string `json:"move"`
	Disabled bool   `json:"disabled"`
}

func (s pageState) String() string {
	var moves []string
	for _, b := range s.Buttons {
		m := b.Move
		if b.Disabled {
			m += "(disabled)"
		}
		moves = append(moves, m)
	}
	return fmt.Sprintf("url=%s lang=%q data-lang=%q data-state=%q data-moves=%q #moves=[%s] #turn=%q #error=%q #outcome=%q",
		s.URL, s.Lang, s.DataLang, s.State, s.Moves, strings.Join(moves, " "), s.Turn, s.Error, s.Outcome)
}

func (s pageState) enabledButtons() bool {
	if len(s.Buttons) == 0 {
		return false
	}
	for _, b := range s.Buttons {
		if b.Disabled {
			return false
		}
	}
	return true
}

const pageStateJS = `() => {
  const text = (sel) => {
    const e = document.querySelector(sel);
    return e ? (e.innerText ?? e.textContent).trim().replace(/\s*\n\s*/g, " · ") : "";
  };
  const b = document.body, html = document.documentElement;
  return {
    url: location.href,
    path: location.pathname,
    lang: html ? (html.getAttribute("lang") || "") : "",
    dataLang: b ? (b.getAttribute("data-lang") || "") : "",
    state: b ? (b.getAttribute("data-state") || "") : "",
    moves: b ? (b.getAttribute("data-moves") || "") : "",
    buttons: Array.from(document.querySelectorAll("#moves button.move")).map((e) => ({
      move: e.getAttribute("data-move") || "", disabled: e.disabled })),
    turn: text("#turn"),
    error: text("#error"),
    outcome: text("#outcome"),
    langSwitch: text("#lang-switch"),
    rematch: !!document.querySelector("#rematch"),
    logItems: document.querySelectorAll("#log li").length,
    players: Array.from(document.querySelectorAll("#players .seat-tag")).map((e) => ({
      seat: e.dataset.seat || "", num: (e.querySelector(".seat-num") || {}).textContent || "",
      mark: (e.querySelector(".seat-mark") || {}).textContent || "", name: (e.querySelector(".seat-name") || {}).textContent || "" })),
    reason: text("#result-reason"),
    places: Array.from(document.querySelectorAll("#places li")).map((e) => ({
      rank: e.dataset.rank || "", seat: e.dataset.seat || "", text: (e.innerText || e.textContent).trim() })),
    lastMarks: Array.from(document.querySelectorAll("#board .last-move")).map((e) => Number(e.dataset.lastSeat)),
    info: text("#board .info-bar"),
    promptLetters: Array.from(document.querySelectorAll("#board .decision > p")).flatMap((p) => [...p.textContent.matchAll(/(?:^|[\s—:,])([A-E])\) /g)].map((m) => m[1])),
    buttonLetters: Array.from(document.querySelectorAll("#board .decision button")).map((b) => (b.textContent.trim().match(/^([A-E])\) /) || [])[1]).filter(Boolean),
  };
}`

// JavaScript predicates over pageState.
const (
	// ready: the seat may move (enabled move buttons) or the game is over.
	predReady = `(s) => s.state === "over" || (s.state === "your-turn" && s.buttons.length > 0 && s.buttons.every((b) => !b.disabled))`
	// settled: a table page past connecting.
	predSettled = `(s) => s.state === "your-turn" || s.state === "waiting" || s.state === "over"`
)

// waitPage waits until pred holds of the page's state; on a timeout it
// fails the test with what the page showed, prefixed by what.
func (tb *tab) waitPage(ctx context.Context, pred string, within time.Duration, what string) pageState {
	tb.t.Helper()
	var s pageState
	timedOut, err := tb.waitJS(ctx, pageStateJS, pred, within, &s)
	if err != nil {
		tb.t.Fatalf("%s: %v (the page: %s)", what, err, tb.state())
	}
	if timedOut {
		tb.t.Fatalf("%s: not within %v; the page: %s", what, within, s)
	}
	return s
}

// state is the page's state now, for messages ("?" if unreadable).
func (tb *tab) state() string {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tb.ctx), 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[pageState]("("+pageStateJS+")()"))
	if err != nil {
		return "? (" + err.Error() + ")"
	}
	return s.String()
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// cssString is s as a CSS string, for an attribute selector.
func cssString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\%x ", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// stolik is a real server on 127.0.0.1 with an SQLite store; bots move
// without a think delay.
type stolik struct {
	URL   string
	Addr  string
	games map[string]gameInfo
	srv   *server.Server
}

type gameInfo struct {
	Name       string `json:"name"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	Bots       []struct {
		Name        string       `json:"name"`
		Title       engineText   `json:"title"`
		Levels      []string     `json:"levels"`
		LevelTitles []engineText `json:"level_titles"`
	} `json:"bots"`
	Options []struct {
		Name       string                `json:"name"`
		Values     []string              `json:"values"`
		ValueTexts map[string]engineText `json:"value_texts"`
	} `json:"options"`
}

// engineText is a text in both languages, as the server sends it.
type engineText struct {
	PL string `json:"pl"`
	EN string `json:"en"`
}

// bot is the game's greedy bot if it has one, else random.
func (g gameInfo) bot() string {
	for _, b := range g.Bots {
		if b.Name == "greedy" {
			return "bot:greedy"
		}
	}
	return "bot:random"
}

// testLog writes the server's warnings and errors to the test log until
// the test ends.
type testLog struct {
	mu   sync.Mutex
	t    *testing.T
	done bool
}

func (w *testLog) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Logf("server: %s", bytes.TrimSpace(p))
	}
	return len(p), nil
}

// allowSeeds lets the tests deal a fixed shuffle at tables with people.
func allowSeeds(c *server.Config) { c.AllowSeeds = true }

// manyTables lets one address make more tables a minute than the default
// limit does: a test that plays every game in two languages makes a table
// and a rematch of each, and a rematch is made under the create's limit.
func manyTables(c *server.Config) {
	lim := server.DefaultLimits()
	if c.Limits != nil {
		lim = *c.Limits
	}
	lim.CreateRate = server.Rate{N: 100, Per: time.Minute}
	c.Limits = &lim
}

// startServer starts a server with the default limits, changed by
// configure.
func startServer(t *testing.T, configure ...func(*server.Config)) *stolik {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	lw := &testLog{t: t}
	cfg := server.Config{Store: st, Games: all.Games(),
		Logger: slog.New(slog.NewTextHandler(lw, &slog.HandlerOptions{Level: slog.LevelWarn})), BotDelay: 0}
	for _, c := range configure {
		c(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
		lw.mu.Lock()
		lw.done = true
		lw.mu.Unlock()
	})
	s := &stolik{URL: hs.URL, Addr: hs.Listener.Addr().String(), games: map[string]gameInfo{}, srv: srv}
	var games []gameInfo
	if code := s.call(t, "GET", "/api/games", nil, &games); code != 200 {
		t.Fatalf("GET /api/games: %d", code)
	}
	for _, g := range games {
		s.games[g.Name] = g
	}
	return s
}

// call makes a request to the API and decodes a JSON answer into out.
func (s *stolik) call(t *testing.T, method, path string, body any, out any) int {
	t.Helper()
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

// createdTable is the answer to POST /api/tables: the creator's seat and
// token, the other human seats' invitation codes, a private table's watch
// code.
type createdTable struct {
	ID      string `json:"id"`
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
	Invites []struct {
		Seat int    `json:"seat"`
		Code string `json:"code"`
	} `json:"invites"`
	Watch string `json:"watch"`
}

// invite is the invitation code of seat.
func (c createdTable) invite(t *testing.T, seat int) string {
	t.Helper()
	for _, inv := range c.Invites {
		if inv.Seat == seat {
			return inv.Code
		}
	}
	t.Fatalf("table %s: no invitation to seat %d in %+v", c.ID, seat, c.Invites)
	return ""
}

// create makes a table of game (private, the creator at the first human
// seat) with the given seed; the server must allow seeds (allowSeeds).
func (s *stolik) create(t *testing.T, game string, options map[string]any, seats []string, seed uint64) createdTable {
	t.Helper()
	return s.createTable(t, map[string]any{"game": game, "options": options, "seats": seats, "seed": seed})
}

// createTable posts req to /api/tables and checks the answer: a token
// when the creator sits, an invitation for every other human seat.
func (s *stolik) createTable(t *testing.T, req map[string]any) createdTable {
	t.Helper()
	var c createdTable
	code := s.call(t, "POST", "/api/tables", req, &c)
	if code != 201 || c.ID == "" {
		t.Fatalf("POST /api/tables %v: %d %+v", req, code, c)
	}
	humans := 0
	for _, k := range req["seats"].([]string) {
		if k == "human" {
			humans++
		}
	}
	if sits := c.Seat >= 0; sits != (c.Token != "") || len(c.Invites) != humans-boolInt(sits) {
		t.Fatalf("POST /api/tables %v: seat %d, token %q, %d invitations for %d human seats", req, c.Seat, c.Token, len(c.Invites), humans)
	}
	return c
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// seatToken is the answer to a join.
type seatToken struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// join takes the seat of an invitation code under name.
func (s *stolik) join(t *testing.T, id, invite, name string) seatToken {
	t.Helper()
	var st seatToken
	req := map[string]any{"invite": invite, "name": name}
	if code := s.call(t, "POST", "/api/tables/"+id+"/join", req, &st); code != 200 || st.Token == "" {
		t.Fatalf("POST /api/tables/%s/join: %d %+v", id, code, st)
	}
	return st
}

// tableURL is the page of a table for a seat's token in lang: an older
// kind of link, which the page takes the token out of.
func tableURL(base, id, token, lang string) string {
	q := url.Values{}
	if token != "" {
		q.Set("token", token)
	}
	q.Set("lang", lang)
	return base + "/t/" + id + "?" + q.Encode()
}

// withToken is an API path with a seat's token in the query, as a private
// table wants.
func withToken(path, token string) string {
	return path + "?token=" + url.QueryEscape(token)
}

// storedToken is the token the page's storage keeps for table id ("" for
// none).
func (tb *tab) storedToken(id string) string {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	tok, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(
		`(() => { try { return (JSON.parse(localStorage.getItem("stolik.seats") || "{}")[%s]) || ""; } catch (e) { return ""; } })()`, jsString(id))))
	if err != nil {
		tb.t.Fatalf("reading the page's storage: %v", err)
	}
	return tok
}

// checkAddress fails the test if the page's address holds a token, and
// checks that the page's storage keeps want for table id.
func (tb *tab) checkAddress(pageURL, id, want string) {
	tb.t.Helper()
	u, err := url.Parse(pageURL)
	if err != nil {
		tb.t.Fatal(err)
	}
	if u.Query().Has("token") || want != "" && strings.Contains(pageURL, want) {
		tb.t.Errorf("the address bar holds the seat's token: %s", pageURL)
	}
	if got := tb.storedToken(id); got != want {
		tb.t.Errorf("localStorage keeps token %q for table %s, want %q", got, id, want)
	}
}

type publicTable struct {
	ID        string          `json:"id"`
	Game      string          `json:"game"`
	Options   map[string]any  `json:"options"`
	Seats     []string        `json:"seats"`
	Players   []player        `json:"players"`
	Open      bool            `json:"open"`
	Moves     int             `json:"moves"`
	Pending   []int           `json:"pending"`
	Finished  bool            `json:"finished"`
	Abandoned bool            `json:"abandoned"`
	Outcome   json.RawMessage `json:"outcome"`
}

type player struct {
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Taken bool   `json:"taken"`
}

// gateProxy forwards TCP connections to the server. While paused, it
// holds back what the server sends on WebSocket connections (a request
// that starts "GET /ws/"), so a page keeps showing a stale state; what the
// page sends still goes through.
type gateProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	cond   *sync.Cond
	paused bool
	held   chan struct{} // a signal: bytes are held back
	conns  []net.Conn
	closed bool
}

func startProxy(t *testing.T, target string) *gateProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &gateProxy{ln: ln, target: target, held: make(chan struct{}, 1)}
	p.cond = sync.NewCond(&p.mu)
	go p.serve()
	t.Cleanup(p.close)
	return p
}

func (p *gateProxy) URL() string { return "http://" + p.ln.Addr().String() }

func (p *gateProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.forward(c)
	}
}

func (p *gateProxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.Close()
		return false
	}
	p.conns = append(p.conns, c)
	return true
}

func (p *gateProxy) forward(client net.Conn) {
	if !p.track(client) {
		return
	}
	srv, err := net.Dial("tcp", p.target)
	if err != nil {
		client.Close()
		return
	}
	if !p.track(srv) {
		client.Close()
		return
	}
	ws := make(chan bool, 1)
	go func() { // client → server, never held
		buf := make([]byte, 32<<10)
		first := true
		for {
			n, err := client.Read(buf)
			if first && n > 0 {
				ws <- bytes.HasPrefix(buf[:n], []byte("GET /ws/"))
				first = false
			}
			if n > 0 {
				if _, werr := srv.Write(buf[:n]); werr != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		if first {
			ws <- false
		}
		srv.Close()
		client.Close()
	}()
	// server → client, held back while paused on a WebSocket.
	isWS := <-ws
	buf := make([]byte, 32<<10)
	for {
		n, err := srv.Read(buf)
		if n > 0 {
			if isWS {
				p.mu.Lock()
				for p.paused && !p.closed {
					select {
					case p.held <- struct{}{}:
					default:
					}
					p.cond.Wait()
				}
				p.mu.Unlock()
			}
			if _, werr := client.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	srv.Close()
	client.Close()
}

func (p *gateProxy) pause() {
	p.mu.Lock()
	p.paused = true
	p.mu.Unlock()
	select { // forget a signal from before the pause
	case <-p.held:
	default:
	}
}

func (p *gateProxy) resume() {
	p.mu.Lock()
	p.paused = false
	p.cond.Broadcast()
	p.mu.Unlock()
}

func (p *gateProxy) close() {
	p.ln.Close()
	p.mu.Lock()
	p.closed = true
	p.paused = false
	p.cond.Broadcast()
	conns := p.conns
	p.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
}
