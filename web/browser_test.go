package web_test

// End-to-end tests of the browser client: a real server on 127.0.0.1 with
// an SQLite store, one headless Chromium for the test binary, and whole
// games played through the page by clicks and key presses, against the DOM
// contract of the client:
//
//   - html[lang] is pl or en; body[data-state] is loading → lobby on the
//     lobby, connecting → waiting | your-turn | over on a table page;
//     body[data-moves] is the number of moves played; body[data-lang].
//   - #lang-switch toggles the language.
//   - The lobby: #create-game, #create-players, .seat-kind (human or
//     bot:NAME per seat), #create-name, #create-open, #create-submit, which
//     goes to /t/{id}?token=….
//   - A table page: #moves holds a button.move[data-move=NOTATION] per
//     legal move, the digit keys 1–9 choose the n-th; the buttons are
//     disabled or removed while a move is in flight; #turn, #log, #error
//     (non-empty only when a move was refused), #outcome (non-empty only
//     when over), #rematch when over for a seat.
//
// Without Chromium ($STOLIK_CHROMIUM, /usr/bin/chromium, or chromium,
// chromium-browser, google-chrome on PATH) or under -short the tests skip,
// saying why. Screenshots go to $STOLIK_SCREENSHOTS, else
// $TMPDIR/stolik-screenshots.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stolik/engine"
)

const (
	gameTimeout = 3 * time.Minute  // a whole game through the page
	stepTimeout = 60 * time.Second // one wait on the page
	moveCap     = 400              // moves of the page's seat in one game
	// The server takes 20 messages a second from a client (10 at once);
	// moves are sent no faster than this so that none is refused as too
	// fast. It paces the sending, it does not wait for anything.
	minMoveGap = 60 * time.Millisecond
)

// The games, each with a fixed seed, and whether it is played by keyboard
// (the digit shortcuts) rather than by clicks.
var browserGames = []struct {
	name     string
	seed     uint64
	keyboard bool
}{
	{"cardline", 101, false},
	{"asterix", 202, false},
	{"frontline", 303, true},
	{"tagteam", 404, false},
}

var langs = []string{"pl", "en"}

func otherLang(lang string) string {
	if lang == "pl" {
		return "en"
	}
	return "pl"
}

// gameResult is what one game through the page gave.
type gameResult struct {
	game, lang   string
	table        string
	pageMoves    int // moves of seat 0, made through the page
	totalMoves   int
	elapsed      time.Duration
	outcome      string
	otherOutcome string // #outcome after #lang-switch
	langSwitch   string
	firstTurn    string
	screenshot   string
}

// TestBrowserGames plays every game in Polish and in English through the
// page, seat 0 against bots, to the end.
func TestBrowserGames(t *testing.T) {
	browser(t)
	s := startServer(t)
	var mu sync.Mutex
	results := map[string]gameResult{}
	t.Run("play", func(t *testing.T) {
		for _, bg := range browserGames {
			for _, lang := range langs {
				t.Run(bg.name+"-"+lang, func(t *testing.T) {
					t.Parallel()
					g, ok := s.games[bg.name]
					if !ok {
						t.Fatalf("GET /api/games lists no %s", bg.name)
					}
					r := playGame(t, s, g, lang, bg.seed, bg.keyboard)
					mu.Lock()
					results[bg.name+"-"+lang] = r
					mu.Unlock()
				})
			}
		}
	})
	for _, bg := range browserGames {
		for _, lang := range langs {
			r, ok := results[bg.name+"-"+lang]
			if !ok {
				continue
			}
			how := "clicks"
			if bg.keyboard {
				how = "digit keys"
			}
			t.Logf("%-9s %s: table %s, %3d moves through the page (%s) of %3d, %6.2fs; #outcome %q, after #lang-switch %q; %s",
				r.game, r.lang, r.table, r.pageMoves, how, r.totalMoves, r.elapsed.Seconds(), r.outcome, r.otherOutcome, r.screenshot)
		}
		pl, okPL := results[bg.name+"-pl"]
		en, okEN := results[bg.name+"-en"]
		if okPL && okEN {
			t.Logf("%-9s #lang-switch reads %q in Polish, %q in English; the first #turn %q / %q",
				bg.name, pl.langSwitch, en.langSwitch, pl.firstTurn, en.firstTurn)
			// The same seed and the same choices: the same position, so the
			// texts differ only by language.
			if pl.firstTurn == en.firstTurn {
				t.Errorf("%s: the first #turn reads %q in both Polish and English", bg.name, pl.firstTurn)
			}
		}
	}
}

// playGame creates a table of g with seat 0 human and bots elsewhere, opens
// seat 0's page in lang and plays seeded random moves from #moves until the
// game is over; then it checks the page and the server.
func playGame(t *testing.T, s *stolik, g gameInfo, lang string, seed uint64, keyboard bool) gameResult {
	players := g.MinPlayers
	if players < 2 {
		t.Fatalf("%s: min_players %d", g.Name, players)
	}
	seats := []string{"human"}
	for len(seats) < players {
		seats = append(seats, g.bot())
	}
	c := s.create(t, g.Name, map[string]any{"players": players}, seats, seed)
	res := gameResult{game: g.Name, lang: lang, table: c.ID}
	t.Logf("table %s: %s, seats %v, seed %d", c.ID, g.Name, seats, seed)

	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	start := time.Now()
	pageURL := tableURL(s.URL, c.ID, c.Seats[0].Token, lang)
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
		t.Fatalf("open %s: %v", pageURL, err)
	}

	// The same seed for the moves in both languages: the same choices.
	rng := rand.New(rand.NewPCG(seed, 0x5701))
	var played []string
	var last pageState
	var lastSent time.Time
	for {
		st := tb.waitPage(ctx, predReady, stepTimeout,
			fmt.Sprintf("after %d moves through the page, waiting for body[data-state=your-turn] with enabled #moves buttons, or over", len(played)))
		if st.Error != "" {
			t.Fatalf("#error reads %q although every move came from #moves; the page: %s", st.Error, st)
		}
		if st.Exception != "" {
			t.Fatalf("reading the page: %s", st.Exception)
		}
		if st.State == "over" {
			last = st
			break
		}
		if res.firstTurn == "" {
			res.firstTurn = st.Turn
		}
		if len(played) >= moveCap {
			t.Fatalf("the game is not over after %d moves through the page (data-moves %s); the page: %s", len(played), st.Moves, st)
		}
		n := len(st.Buttons)
		k := rng.IntN(n)
		if keyboard {
			k = rng.IntN(min(n, 9))
		}
		move := st.Buttons[k].Move
		if move == "" {
			t.Fatalf("#moves button %d has no data-move; the page: %s", k+1, st)
		}
		for i, b := range st.Buttons {
			if i != k && b.Move == move {
				t.Fatalf("two #moves buttons have data-move=%q; the page: %s", move, st)
			}
		}
		if wait := time.Until(lastSent.Add(minMoveGap)); wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
		}
		lastSent = time.Now()
		actx, acancel := context.WithTimeout(ctx, stepTimeout)
		var err error
		if keyboard {
			err = chromedp.Do(actx, chromedp.KeyEvent(strconv.Itoa(k+1)))
		} else {
			err = chromedp.Do(actx, chromedp.Click(chromedp.CSS(`#moves button.move[data-move=`+cssString(move)+`]`)))
		}
		acancel()
		if err != nil {
			t.Fatalf("move %d (%q, button %d of %d): %v; the page: %s", len(played)+1, move, k+1, n, err, tb.state())
		}
		played = append(played, move)
		how := fmt.Sprintf("clicking %q", move)
		if keyboard {
			how = fmt.Sprintf("pressing %d for %q", k+1, move)
		}
		after := tb.waitPage(ctx, fmt.Sprintf(`(s) => s.state === "over" || s.moves !== %s || s.error !== ""`, jsString(st.Moves)), stepTimeout,
			fmt.Sprintf("after %s (move %d through the page), waiting for body[data-moves] to change from %s", how, len(played), st.Moves))
		if after.Error != "" {
			t.Fatalf("after %s the page shows #error %q; the page: %s", how, after.Error, after)
		}
	}
	res.elapsed = time.Since(start)
	res.pageMoves = len(played)
	res.outcome = last.Outcome
	res.langSwitch = last.LangSwitch

	// The page at the end.
	if last.Outcome == "" {
		t.Errorf("over, but #outcome is empty; the page: %s", last)
	}
	if last.Lang != lang {
		t.Errorf("html[lang] is %q, want %q", last.Lang, lang)
	}
	if last.DataLang != lang {
		t.Errorf("body[data-lang] is %q, want %q", last.DataLang, lang)
	}
	if !last.Rematch {
		t.Errorf("over, and the page is a seat's, but there is no #rematch")
	}
	if last.Error != "" {
		t.Errorf("#error reads %q at the end", last.Error)
	}
	if len(last.Buttons) != 0 && last.enabledButtons() {
		t.Errorf("over, but #moves still offers enabled moves: %s", last)
	}
	pageMoves, err := strconv.Atoi(last.Moves)
	if err != nil {
		t.Errorf("body[data-moves] is %q, not a number", last.Moves)
	}
	res.screenshot = tb.screenshot(g.Name + "-" + lang + ".png")

	// The server agrees: finished, with the moves the page made.
	var pub publicTable
	if code := s.call(t, "GET", "/api/tables/"+c.ID, nil, &pub); code != 200 {
		t.Fatalf("GET /api/tables/%s: %d", c.ID, code)
	}
	if !pub.Finished {
		t.Errorf("the page says over, the server says not finished (%d moves)", pub.Moves)
	}
	if pub.Moves != pageMoves {
		t.Errorf("the page's last body[data-moves] is %d, the server has %d moves", pageMoves, pub.Moves)
	}
	res.totalMoves = pub.Moves
	var rec engine.Record
	if code := s.call(t, "GET", "/api/tables/"+c.ID+"/record", nil, &rec); code != 200 {
		t.Fatalf("GET /api/tables/%s/record: %d, want 200", c.ID, code)
	}
	if len(rec.Moves) != pub.Moves {
		t.Errorf("the record has %d moves, the table %d", len(rec.Moves), pub.Moves)
	}
	var seat0 []string
	for _, m := range rec.Moves {
		if m.Seat == 0 {
			seat0 = append(seat0, m.Move)
		}
	}
	if strings.Join(seat0, "\n") != strings.Join(played, "\n") {
		t.Errorf("seat 0's moves in the record are not the moves chosen on the page:\nrecord: %q\npage:   %q", seat0, played)
	}

	// The same finished table in the other language: #lang-switch turns
	// the page over and #outcome is said in other words.
	other := otherLang(lang)
	tb.do(stepTimeout, "clicking #lang-switch", chromedp.Click(chromedp.CSS("#lang-switch")))
	sw := tb.waitPage(ctx, fmt.Sprintf(`(s) => s.lang === %s && s.state === "over" && s.outcome !== ""`, jsString(other)), stepTimeout,
		fmt.Sprintf("after clicking #lang-switch on the finished table, waiting for html[lang=%s] with #outcome", other))
	res.otherOutcome = sw.Outcome
	if sw.Outcome == last.Outcome {
		t.Errorf("#outcome reads %q in both %s and %s", sw.Outcome, lang, other)
	}
	if sw.DataLang != other {
		t.Errorf("after #lang-switch body[data-lang] is %q, want %q", sw.DataLang, other)
	}
	t.Logf("%s %s: %d moves through the page of %d in %.2fs; #outcome %q (%s: %q)",
		g.Name, lang, res.pageMoves, res.totalMoves, res.elapsed.Seconds(), res.outcome, other, res.otherOutcome)
	return res
}

// TestBrowserLobby creates a table from the lobby form: Front Line for
// three, seat 0 human and two bots.
func TestBrowserLobby(t *testing.T) {
	browser(t)
	s := startServer(t)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the lobby", chromedp.Navigate(s.URL+"/"))
	lobby := `(s) => s.state === "lobby"`
	st := tb.waitPage(ctx, lobby, stepTimeout, "waiting for body[data-state=lobby]")
	if st.Lang != "pl" && st.Lang != "en" {
		t.Errorf("the lobby's html[lang] is %q", st.Lang)
	}

	// #lang-switch turns the lobby into the other language.
	other := otherLang(st.Lang)
	tb.do(stepTimeout, "clicking #lang-switch", chromedp.Click(chromedp.CSS("#lang-switch")))
	sw := tb.waitPage(ctx, fmt.Sprintf(`(s) => s.state === "lobby" && s.lang === %s`, jsString(other)), stepTimeout,
		fmt.Sprintf("after clicking #lang-switch, waiting for html[lang=%s] on the lobby", other))
	if sw.LangSwitch == st.LangSwitch && sw.LangSwitch != "" {
		t.Logf("#lang-switch reads %q in both languages", sw.LangSwitch)
	}

	const game, players = "frontline", 3
	g := s.games[game]
	tb.setField(ctx, "#create-game", 0, game)
	tb.setField(ctx, "#create-players", 0, strconv.Itoa(players))
	var kinds [][]string
	timedOut, err := tb.waitJS(ctx, `() => Array.from(document.querySelectorAll(".seat-kind")).map((e) => Array.from(e.options || []).map((o) => o.value))`,
		fmt.Sprintf(`(v) => Array.isArray(v) && v.length === %d`, players), stepTimeout, &kinds)
	if err != nil || timedOut {
		t.Fatalf("after choosing %s for %d, want %d .seat-kind selects, have %d (%v); the page: %s", game, players, players, len(kinds), err, tb.state())
	}
	want := []string{"human"}
	for i := 1; i < players; i++ {
		bot := ""
		for _, v := range kinds[i] {
			if v == g.bot() || (bot == "" && strings.HasPrefix(v, "bot:")) {
				bot = v
			}
		}
		if bot == "" {
			t.Fatalf(".seat-kind %d offers no bot: %q", i, kinds[i])
		}
		want = append(want, bot)
	}
	for i, k := range want {
		tb.setField(ctx, ".seat-kind", i, k)
	}
	tb.do(stepTimeout, "typing a name into #create-name", chromedp.SendKeys(chromedp.CSS("#create-name"), "Ala"))
	tb.do(stepTimeout, "clicking #create-submit", chromedp.Click(chromedp.CSS("#create-submit")))
	st = tb.waitPage(ctx, `(s) => /^\/t\/[^/]+$/.test(s.path) && (s.state === "your-turn" || s.state === "waiting")`, stepTimeout,
		"after #create-submit, waiting for /t/{id} with body[data-state] your-turn or waiting")
	u, err := url.Parse(st.URL)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(u.Path, "/t/")
	if u.Query().Get("token") == "" {
		t.Errorf("the table page %s has no ?token=", st.URL)
	}
	var pub publicTable
	if code := s.call(t, "GET", "/api/tables/"+id, nil, &pub); code != 200 {
		t.Fatalf("GET /api/tables/%s: %d", id, code)
	}
	if pub.Game != game || strings.Join(pub.Seats, ",") != strings.Join(want, ",") {
		t.Errorf("the server has a %s table with seats %v, want %s with %v", pub.Game, pub.Seats, game, want)
	}
	if p, _ := pub.Options["players"].(float64); int(p) != players {
		t.Errorf("the table's options say %v players, want %d", pub.Options["players"], players)
	}
	tb.screenshot("lobby-created.png")
}

// setField sets the i-th element matching sel (a select or an input) to
// value and tells the page, as a person choosing it would (input, change).
func (tb *tab) setField(ctx context.Context, sel string, i int, value string) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => {
  const e = document.querySelectorAll(%s)[%d];
  if (!e) return "no element";
  if (e.tagName === "SELECT" && !Array.from(e.options).some((o) => o.value === %s))
    return "no option; the options: " + Array.from(e.options).map((o) => o.value).join(", ");
  e.focus();
  e.value = %s;
  e.dispatchEvent(new Event("input", {bubbles: true}));
  e.dispatchEvent(new Event("change", {bubbles: true}));
  return "";
})()`, jsString(sel), i, jsString(value), jsString(value))
	// The field may be drawn a moment after the page says lobby.
	var found string
	timedOut, err := tb.waitJS(ctx, fmt.Sprintf(`() => document.querySelectorAll(%s).length`, jsString(sel)),
		fmt.Sprintf(`(n) => n > %d`, i), stepTimeout, nil)
	if err != nil || timedOut {
		tb.t.Fatalf("no %s number %d (%v); the page: %s", sel, i, err, tb.state())
	}
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	found, err = chromedp.Run(sctx, chromedp.Evaluate[string](js))
	if err != nil || found != "" {
		tb.t.Fatalf("setting %s[%d] to %q: %v %s", sel, i, value, err, found)
	}
}

// TestBrowserRefusedMove makes the server refuse a move sent from a page
// and checks that the page shows #error. Two tabs act for the same seat of
// a Card Line table for two people; the second reaches the server through
// a proxy that can hold back what the server sends. Held back, the second
// tab still offers moves after the first tab has moved; its click is then
// out of turn, the server refuses it, and once let through the page shows
// the refusal.
func TestBrowserRefusedMove(t *testing.T) {
	browser(t)
	s := startServer(t)
	proxy := startProxy(t, s.Addr)
	c := s.create(t, "cardline", map[string]any{"players": 2}, []string{"human", "human"}, 77)
	var pub publicTable
	if code := s.call(t, "GET", "/api/tables/"+c.ID, nil, &pub); code != 200 || len(pub.Pending) != 1 {
		t.Fatalf("GET /api/tables/%s: %d, pending %v", c.ID, code, pub.Pending)
	}
	mover := pub.Pending[0]
	token := c.Seats[mover].Token
	const lang = "en"

	a, b := newTab(t), newTab(t)
	ctx, cancel := context.WithTimeout(a.ctx, gameTimeout)
	defer cancel()
	a.do(stepTimeout, "open the table directly", chromedp.Navigate(tableURL(s.URL, c.ID, token, lang)))
	b.do(stepTimeout, "open the table through the proxy", chromedp.Navigate(tableURL(proxy.URL(), c.ID, token, lang)))
	bctx, bcancel := context.WithTimeout(b.ctx, gameTimeout)
	defer bcancel()
	sa := a.waitPage(ctx, predReady, stepTimeout, "tab A: waiting for your-turn")
	sb := b.waitPage(bctx, predReady, stepTimeout, "tab B: waiting for your-turn")
	if sa.State != "your-turn" || sb.State != "your-turn" {
		t.Fatalf("seat %d is to move but the pages show %q and %q", mover, sa.State, sb.State)
	}

	proxy.pause()
	// Tab A moves until seat `mover` is no longer to move.
	for i := 0; sa.State == "your-turn"; i++ {
		if i == 10 {
			t.Fatalf("seat %d is still to move after 10 moves; the page: %s", mover, sa)
		}
		move := sa.Buttons[0].Move
		a.do(stepTimeout, "tab A: clicking "+move, chromedp.Click(chromedp.CSS(`#moves button.move[data-move=`+cssString(move)+`]`)))
		sa = a.waitPage(ctx, fmt.Sprintf(`(s) => s.moves !== %s && (s.state === "waiting" || s.state === "over" || (s.state === "your-turn" && s.buttons.length > 0 && s.buttons.every((b) => !b.disabled)))`, jsString(sa.Moves)),
			stepTimeout, "tab A: after a move, waiting for the next state")
	}
	if sa.State != "waiting" {
		t.Fatalf("tab A after its move: %s", sa)
	}
	// The server has told tab B about the move; the proxy holds it back.
	select {
	case <-proxy.held:
	case <-time.After(stepTimeout):
		t.Fatalf("the server sent tab B nothing within %v after tab A's move", stepTimeout)
	}
	stale := b.waitPage(bctx, predReady, stepTimeout, "tab B: still offering moves")
	if stale.Moves != sb.Moves || stale.State != "your-turn" {
		t.Fatalf("tab B was to be held at data-moves %s, your-turn; it shows %s", sb.Moves, stale)
	}
	move := stale.Buttons[len(stale.Buttons)-1].Move
	b.do(stepTimeout, "tab B: clicking "+move, chromedp.Click(chromedp.CSS(`#moves button.move[data-move=`+cssString(move)+`]`)))
	flight := b.waitPage(bctx, `(s) => s.buttons.every((b) => b.disabled)`, stepTimeout,
		"tab B: after a click, waiting for the #moves buttons to be disabled or removed while the move is in flight")
	if flight.Error != "" {
		t.Fatalf("tab B shows #error %q before hearing from the server", flight.Error)
	}
	proxy.resume()
	refused := b.waitPage(bctx, `(s) => s.error !== ""`, stepTimeout,
		fmt.Sprintf("tab B: the server refused %q (not seat %d's turn), waiting for #error", move, mover))
	t.Logf("refused %q: #error %q", move, refused.Error)
	settled := b.waitPage(bctx, fmt.Sprintf(`(s) => s.moves === %s && s.state === "waiting"`, jsString(sa.Moves)), stepTimeout,
		"tab B: waiting for the state tab A sees")
	if settled.Error == "" {
		t.Logf("tab B cleared #error once it caught up (allowed)")
	}
	if code := s.call(t, "GET", "/api/tables/"+c.ID, nil, &pub); code != 200 {
		t.Fatalf("GET /api/tables/%s: %d", c.ID, code)
	}
	if strconv.Itoa(pub.Moves) != sa.Moves {
		t.Errorf("the server has %d moves, tab A shows %s: the refused move counted?", pub.Moves, sa.Moves)
	}
	b.screenshot("cardline-refused.png")
}

// TestBrowserPhone opens a table of every game on a 360×740 phone screen:
// the page must not scroll sideways.
func TestBrowserPhone(t *testing.T) {
	browser(t)
	s := startServer(t)
	for _, bg := range browserGames {
		t.Run(bg.name, func(t *testing.T) {
			t.Parallel()
			g := s.games[bg.name]
			seats := []string{"human"}
			for len(seats) < g.MinPlayers {
				seats = append(seats, g.bot())
			}
			c := s.create(t, g.Name, map[string]any{"players": g.MinPlayers}, seats, bg.seed)
			tb := newTab(t)
			ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
			defer cancel()
			tb.do(stepTimeout, "emulate a phone and open the table",
				chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulatePortrait),
				chromedp.Navigate(tableURL(s.URL, c.ID, c.Seats[0].Token, "pl")))
			st := tb.waitPage(ctx, predReady, stepTimeout, "waiting for your-turn on a phone")
			type widths struct {
				Scroll int `json:"scroll"`
				Client int `json:"client"`
				Body   int `json:"body"`
			}
			var w widths
			timedOut, err := tb.waitJS(ctx, `() => ({scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth, body: document.body.scrollWidth})`,
				`() => true`, stepTimeout, &w)
			if err != nil || timedOut {
				t.Fatalf("measuring the page: %v", err)
			}
			if w.Client != 360 {
				t.Errorf("the layout viewport is %d px wide, want 360 (is the emulation on?)", w.Client)
			}
			if w.Scroll > 360 {
				t.Errorf("on a 360 px phone the page is %d px wide (body %d): it scrolls sideways; the page: %s", w.Scroll, w.Body, st)
			}
			t.Logf("%s on a phone: scrollWidth %d, clientWidth %d, %d move buttons", g.Name, w.Scroll, w.Client, len(st.Buttons))
			tb.screenshot(g.Name + "-phone.png")
		})
	}
}
