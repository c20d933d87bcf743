package e2e_test

// End-to-end tests of the browser client: a real server on 127.0.0.1 with
// an SQLite store, one headless Chromium for the test binary, and whole
// games played through the page by clicks and key presses, against the DOM
// contract of the client:
//
//   - html[lang] is pl or en; body[data-state] is loading → lobby on the
//     lobby, connecting → waiting | your-turn | over | abandoned on a table
//     page, or gone when the page gives up (no such table, a dead
//     invitation); body[data-moves] is the number of moves played;
//     body[data-lang].
//   - #lang-switch toggles the language.
//   - The lobby: #create-game, #create-players, .seat-kind (human or
//     bot:NAME per seat), #create-name, #create-open, #create-submit, which
//     goes to /t/{id}; the tables in .table-group-{open,playing,finished},
//     a .table-row[data-id] each (data-abandoned on an abandoned one).
//   - A table page: the address never holds a seat's token (a ?token= is
//     moved to localStorage "stolik.seats"); #moves holds a
//     button.move[data-move=NOTATION] per legal move, the digit keys 1–9
//     choose the n-th; the buttons are disabled or removed while a move is
//     in flight; #turn, #log, #error (non-empty only when a move was
//     refused), #outcome (non-empty only when over or abandoned; #abandoned
//     then), #rematch when over for a seat; #invites with an input
//     #invite-{seat} per invitation link, button.new-invite[data-seat] per
//     free seat and #watch-link; on an invitation link, #join-form with
//     #join-name and #join-submit, or #join-error[data-code=bad_invite].
//   - While the table gathers: #room with #room-seats li[data-seat]
//     (data-joined when a person sits there), for the creator
//     button.kick[data-seat], #swap-a, #swap-b, #swap, #start-bot and
//     #start, for anyone else #room-wait.
//   - Seats: #players .seat-tag[data-seat] with .seat-mark (a shape),
//     .seat-num (from 1) and .seat-name; the result's #result-reason and
//     #places li[data-rank][data-seat]; #board .last-move[data-last-seat]
//     on what another seat's last move touched; #log-toggle opens the
//     log's drawer (#log-panel) on a phone.
//   - The lobby: button.quick-play[data-game] (#quick-GAME) and .game-desc
//     per game.
//
// The tests drive Chromium's headless shell ($STOLIK_CHROMIUM, else
// chromium-headless-shell on PATH, else the browser), and the browser
// itself ($STOLIK_CHROMIUM_FULL, else /usr/bin/chromium, or chromium,
// chromium-browser, google-chrome on PATH) where they need its
// notifications. Without them or under -short the tests skip, saying why. Screenshots go to $STOLIK_SCREENSHOTS, else
// $TMPDIR/stolik-screenshots.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stolik/engine"
	"stolik/internal/longtest"
	"stolik/server"
)

const (
	gameTimeout = 3 * time.Minute  // a whole game through the page
	stepTimeout = 60 * time.Second // one wait on the page
	moveCap     = 400              // moves of the page's seat in one game
	partMoves   = 8                // moves of a game not played to its end
	// The server takes 20 messages a second from a client (10 at once);
	// moves are sent no faster than this so that none is refused as too
	// fast. It paces the sending, it does not wait for anything.
	minMoveGap = 60 * time.Millisecond
)

// The games, each with a fixed seed, and the screen on which it is played
// to its end without the long calibrations (none: its first moves on
// both; with the long calibrations every game is played to its end on
// both screens).
var browserGames = []struct {
	name string
	seed uint64
	full string
}{
	{"cardline", 101, "phone"},
	{"asterix", 202, ""},
	{"frontline", 303, ""},
	{"tagteam", 404, ""}, // TestBrowserTagTeam plays a whole game of it
}

// playHow is how the page's seat makes its moves.
type playHow int

const (
	byBoard playHow = iota // clicking the board only
	byKeys                 // the digit keys on the move list
)

func (h playHow) String() string {
	if h == byKeys {
		return "digit keys"
	}
	return "clicks on the board"
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
	how          playHow
}

// TestBrowserGames plays every game through the page, seat 0 against
// bots, by clicking the board only: in Polish on a phone and in English
// on a desktop, to the end with the long calibrations (without them
// Cardline to its end on a phone, its cards still, and the first moves of
// the rest on one screen each), opening each finished table in the other
// language. Front
// Line is also played by the digit keys on the move list (its first
// moves; to the end with the long calibrations).
func TestBrowserGames(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds, manyTables)
	var mu sync.Mutex
	results := map[string]gameResult{}
	t.Run("play", func(t *testing.T) {
		for i, bg := range browserGames {
			for j, lang := range langs {
				vp := []viewport{phone, desktop}[j]
				// Without the long calibrations each game is played on one
				// screen, a phone and a desktop by turns (the drag tests play
				// every game on a desktop too).
				if !longtest.Long() && bg.full != vp.name && (i+j)%2 == 1 {
					continue
				}
				full := longtest.Long() || bg.full == vp.name
				// The cards fly on the phone: in the first moves of each game,
				// and all through every game with the long calibrations (a
				// flight costs Chromium more than the rest of a move).
				if full && !longtest.Long() {
					vp.still = true
				}
				t.Run(bg.name+"-"+lang+"-"+vp.name, func(t *testing.T) {
					t.Parallel()
					g, ok := s.games[bg.name]
					if !ok {
						t.Fatalf("GET /api/games lists no %s", bg.name)
					}
					r := playGame(t, s, g, lang, bg.seed, byBoard, vp, full)
					mu.Lock()
					results[bg.name+"-"+lang] = r
					mu.Unlock()
				})
			}
		}
		t.Run("frontline-keys", func(t *testing.T) {
			t.Parallel()
			playGame(t, s, s.games["frontline"], "pl", 303, byKeys, desktop, longtest.Long())
		})
	})
	for _, bg := range browserGames {
		for _, lang := range langs {
			r, ok := results[bg.name+"-"+lang]
			if !ok {
				continue
			}
			t.Logf("%-9s %s: table %s, %3d moves through the page (%s) of %3d, %6.2fs; #outcome %q, after #lang-switch %q; %s",
				r.game, r.lang, r.table, r.pageMoves, r.how, r.totalMoves, r.elapsed.Seconds(), r.outcome, r.otherOutcome, r.screenshot)
		}
		pl, okPL := results[bg.name+"-pl"]
		en, okEN := results[bg.name+"-en"]
		if okPL && okEN {
			t.Logf("%-9s #lang-switch reads %q in Polish, %q in English; the first #turn %q / %q",
				bg.name, pl.langSwitch, en.langSwitch, pl.firstTurn, en.firstTurn)
			// The same seed and the same first position: the texts differ
			// only by language.
			if pl.firstTurn == en.firstTurn {
				t.Errorf("%s: the first #turn reads %q in both Polish and English", bg.name, pl.firstTurn)
			}
		}
	}
}

// playGame creates a table of g with seat 0 human and bots elsewhere, opens
// seat 0's page in lang and plays seeded random moves from #moves until the
// game is over; then it checks the page and the server. Unless full, it
// stops when the page first offers its moves, having checked the seats'
// names and the page's address.
func playGame(t *testing.T, s *stolik, g gameInfo, lang string, seed uint64, how playHow, vp viewport, full bool) gameResult {
	keyboard := how == byKeys
	players := g.MinPlayers
	if players < 2 {
		t.Fatalf("%s: min_players %d", g.Name, players)
	}
	seats := []string{"human"}
	for len(seats) < players {
		seats = append(seats, g.bot())
	}
	c := s.create(t, g.Name, map[string]any{"players": players}, seats, seed)
	res := gameResult{game: g.Name, lang: lang, table: c.ID, how: how}
	t.Logf("table %s: %s, seats %v, seed %d", c.ID, g.Name, seats, seed)

	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	start := time.Now()
	pageURL := tableURL(s.URL, c.ID, c.Token, lang)
	if err := chromedp.Do(ctx, vp.emulate(), chromedp.Navigate(pageURL)); err != nil {
		t.Fatalf("open %s: %v", pageURL, err)
	}

	// The same seed for the moves in both languages: the same choices.
	rng := rand.New(rand.NewPCG(seed, 0x5701))
	var played []string
	var last pageState
	var lastSent time.Time
	markedSeats := map[int]bool{} // seats whose last move the board marked
	reported := map[string]bool{} // the board's view problems said once
	checkedNames := false
	for {
		st := tb.waitPage(ctx, predReady, stepTimeout,
			fmt.Sprintf("after %d moves through the page, waiting for body[data-state=your-turn] with enabled #moves buttons, or over", len(played)))
		if st.Error != "" {
			t.Fatalf("#error reads %q although every move came from #moves; the page: %s", st.Error, st)
		}
		if st.Exception != "" {
			t.Fatalf("reading the page: %s", st.Exception)
		}
		for _, s := range st.LastMarks {
			markedSeats[s] = true
		}
		if !checkedNames && len(st.Players) > 0 {
			checkedNames = true
			checkIdentity(t, st, seats, lang)
		}
		checkStatusWords(t, st, lang)
		if st.State == "over" {
			last = st
			break
		}
		if res.firstTurn == "" {
			res.firstTurn = st.Turn
			// The page took the token out of the address into storage, and
			// kept the language.
			tb.checkAddress(st.URL, c.ID, c.Token)
			if u, err := url.Parse(st.URL); err != nil || u.Path != "/t/"+c.ID || u.Query().Get("lang") != lang {
				t.Errorf("the table page's address is %s, want /t/%s?lang=%s", st.URL, c.ID, lang)
			}
		}
		if !full && len(played) >= partMoves {
			res.pageMoves = len(played)
			return res
		}
		if len(played) >= moveCap {
			t.Fatalf("the game is not over after %d moves through the page (data-moves %s); the page: %s", len(played), st.Moves, st)
		}
		if wait := time.Until(lastSent.Add(minMoveGap)); wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
		}
		lastSent = time.Now()
		var move, how string
		if keyboard {
			n := len(st.Buttons)
			k := rng.IntN(min(n, 9))
			move = st.Buttons[k].Move
			if move == "" {
				t.Fatalf("#moves button %d has no data-move; the page: %s", k+1, st)
			}
			for i, b := range st.Buttons {
				if i != k && b.Move == move {
					t.Fatalf("two #moves buttons have data-move=%q; the page: %s", move, st)
				}
			}
			actx, acancel := context.WithTimeout(ctx, stepTimeout)
			err := chromedp.Do(actx, chromedp.KeyEvent(strconv.Itoa(k+1)))
			acancel()
			if err != nil {
				t.Fatalf("move %d (%q, button %d of %d): %v; the page: %s", len(played)+1, move, k+1, n, err, tb.state())
			}
			how = fmt.Sprintf("pressing %d for %q", k+1, move)
		} else {
			move = tb.boardMove(ctx, rng, vp, reported)
			if !slices.ContainsFunc(st.Buttons, func(b moveButton) bool { return b.Move == move }) {
				t.Errorf("the board played %q, which #moves does not list: %s", move, st)
			}
			how = fmt.Sprintf("clicking %q on the board", move)
		}
		played = append(played, move)
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
	checkResult(t, last, players)
	if len(markedSeats) == 0 {
		t.Errorf("no bot's move was ever marked on the board (#board .last-move) in %d moves", len(played))
	}
	for s := range markedSeats {
		if s == 0 {
			t.Errorf("the page's own seat 0 was marked as another player's last move")
		}
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
	if code := s.call(t, "GET", withToken("/api/tables/"+c.ID, c.Token), nil, &pub); code != 200 {
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
	if code := s.call(t, "GET", withToken("/api/tables/"+c.ID+"/record", c.Token), nil, &rec); code != 200 {
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

	// #rematch: a new table, at which the page sits at the same seat; the
	// new token is in storage, not in the address.
	tb.do(stepTimeout, "clicking #rematch", chromedp.Click(chromedp.CSS("#rematch")))
	re := tb.waitPage(ctx, fmt.Sprintf(`(s) => /^\/t\/[^/]+$/.test(s.path) && s.path !== %s && (%s)(s)`, jsString("/t/"+c.ID), predSettled), stepTimeout,
		"after #rematch, waiting for the rematch's table page")
	next := strings.TrimPrefix(re.Path, "/t/")
	tok := tb.storedToken(next)
	if tok == "" || tok == c.Token {
		t.Fatalf("the rematch %s: localStorage keeps token %q", next, tok)
	}
	tb.checkAddress(re.URL, next, tok)
	var npub publicTable
	if code := s.call(t, "GET", withToken("/api/tables/"+next, tok), nil, &npub); code != 200 || len(npub.Players) == 0 || !npub.Players[0].Taken || npub.Game != g.Name {
		t.Errorf("GET /api/tables/%s (the rematch) with the stored token: %d %+v", next, code, npub)
	}
	t.Logf("%s %s: %d moves through the page of %d in %.2fs; #outcome %q (%s: %q); rematch %s",
		g.Name, lang, res.pageMoves, res.totalMoves, res.elapsed.Seconds(), res.outcome, other, res.otherOutcome, next)
	return res
}

// turnZero is a turn numbered 0 (turns count from 1; what comes before
// the first is named for what it is, as Front Line's draft).
var turnZero = regexp.MustCompile(`\b(Tura|Turn) 0\b`)

// checkStatusWords: the status says what is true. When the page's seat
// may move, nobody is waited for (others choosing at the same time decide
// alongside it, as in a draft); no turn is numbered 0.
func checkStatusWords(t *testing.T, st pageState, lang string) {
	t.Helper()
	waiting := map[string]string{"pl": "Czekamy na", "en": "Waiting for"}[lang]
	if st.State == "your-turn" && strings.Contains(st.Turn, waiting) {
		t.Errorf("#turn reads %q: the page's seat may move, yet others are said to be waited for", st.Turn)
	}
	if turnZero.MatchString(st.Info) {
		t.Errorf("the board's info bar reads %q: turns count from 1", st.Info)
	}
	if st.State == "your-turn" {
		for _, l := range st.PromptLetters {
			if !slices.Contains(st.ButtonLetters, l) {
				t.Errorf("the decision's prompt lists option %s) with no button for it (buttons %v)", l, st.ButtonLetters)
			}
		}
	}
}

// checkIdentity: every seat in #players shows its number from 1, a shape
// and a name; bots are told apart by their seat's number ("Bot 2 · fan"),
// and the page's own seat says "ty" or "you".
func checkIdentity(t *testing.T, st pageState, seats []string, lang string) {
	t.Helper()
	if len(st.Players) != len(seats) {
		t.Errorf("#players shows %d seat tags, the table has %d seats: %+v", len(st.Players), len(seats), st.Players)
		return
	}
	you := map[string]string{"pl": "(ty)", "en": "(you)"}[lang]
	names := map[string]bool{}
	for i, p := range st.Players {
		if p.Num != strconv.Itoa(i+1) || p.Seat != strconv.Itoa(i) {
			t.Errorf("seat %d's tag shows number %q (data-seat %q), want %d", i, p.Num, p.Seat, i+1)
		}
		if p.Mark == "" {
			t.Errorf("seat %d's tag has no shape beside its colour: %+v", i, p)
		}
		if names[p.Name] {
			t.Errorf("two seats are both called %q: %+v", p.Name, st.Players)
		}
		names[p.Name] = true
		if strings.HasPrefix(seats[i], "bot:") && !strings.HasPrefix(p.Name, fmt.Sprintf("Bot %d · ", i+1)) {
			t.Errorf("bot seat %d is called %q, want \"Bot %d · …\"", i, p.Name, i+1)
		}
		if (i == 0) != strings.HasSuffix(p.Name, you) {
			t.Errorf("seat %d is called %q; only the page's own seat 0 ends with %q", i, p.Name, you)
		}
	}
}

// checkResult: a finished game's result says why it ended and lists every
// place from 1 with the seats' names.
func checkResult(t *testing.T, st pageState, players int) {
	t.Helper()
	if st.Reason == "" {
		t.Errorf("over, but the result gives no reason (#result-reason); #outcome %q", st.Outcome)
	}
	if len(st.Places) != players {
		t.Errorf("#places lists %d places, want one per seat (%d): %+v", len(st.Places), players, st.Places)
	}
	seen := map[string]bool{}
	for _, p := range st.Places {
		r, err := strconv.Atoi(p.Rank)
		if err != nil || r < 1 || r > players {
			t.Errorf("a place has rank %q, want 1..%d: %+v", p.Rank, players, st.Places)
		}
		if seen[p.Seat] || p.Text == "" {
			t.Errorf("#places: seat %q twice or without a name: %+v", p.Seat, st.Places)
		}
		seen[p.Seat] = true
	}
}

// TestBrowserLobby creates a table from the lobby form: Front Line for
// three, seat 0 human and two bots.
func TestBrowserLobby(t *testing.T) {
	browser(t)
	t.Parallel()
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

	// An option's values read as the game serves them: Cardline's "out"
	// (eliminated players' cards) is not Asterix's "out" (unused Albums).
	tb.setField(ctx, "#create-game", 0, "cardline")
	for _, o := range s.games["cardline"].Options {
		if o.Name != "eliminated_cards" {
			continue
		}
		var shown []string
		timedOut, err := tb.waitJS(ctx, `() => Array.from(document.querySelectorAll("#opt-eliminated_cards option")).map((o) => o.textContent)`,
			fmt.Sprintf(`(v) => Array.isArray(v) && v.length === %d`, len(o.Values)), stepTimeout, &shown)
		if err != nil || timedOut {
			t.Fatalf("#opt-eliminated_cards offers %q (%v), want %d values", shown, err, len(o.Values))
		}
		for i, v := range o.Values {
			want := o.ValueTexts[v].PL
			if other == "en" {
				want = o.ValueTexts[v].EN
			}
			if want == "" || shown[i] != want {
				t.Errorf("#opt-eliminated_cards shows %s as %q, want the served %q", v, shown[i], want)
			}
		}
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
	tb.do(stepTimeout, "ticking #create-open and clicking #create-submit",
		chromedp.Click(chromedp.CSS("#create-open")), chromedp.Click(chromedp.CSS("#create-submit")))
	st = tb.waitPage(ctx, `(s) => /^\/t\/[^/]+$/.test(s.path) && (s.state === "your-turn" || s.state === "waiting")`, stepTimeout,
		"after #create-submit, waiting for /t/{id} with body[data-state] your-turn or waiting")
	u, err := url.Parse(st.URL)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(u.Path, "/t/")
	// The seat's token is in the page's storage, not in its address, and
	// it claims a seat: at an open table a token that does not is refused.
	token := tb.storedToken(id)
	if token == "" {
		t.Fatalf("localStorage keeps no token for table %s", id)
	}
	tb.checkAddress(st.URL, id, token)
	if u.RawQuery != "" {
		t.Errorf("the table page's address %s has a query", st.URL)
	}
	var pub publicTable
	if code := s.call(t, "GET", withToken("/api/tables/"+id, token), nil, &pub); code != 200 {
		t.Fatalf("GET /api/tables/%s with the stored token: %d", id, code)
	}
	if !pub.Open {
		t.Errorf("the table was created listed (#create-open), the server says private")
	}
	if len(pub.Players) == 0 || pub.Players[0].Name != "Ala" || !pub.Players[0].Taken {
		t.Errorf("seat 1 should be Ala's: %+v", pub.Players)
	}
	if pub.Game != game || strings.Join(pub.Seats, ",") != strings.Join(want, ",") {
		t.Errorf("the server has a %s table with seats %v, want %s with %v", pub.Game, pub.Seats, game, want)
	}
	if p, _ := pub.Options["players"].(float64); int(p) != players {
		t.Errorf("the table's options say %v players, want %d", pub.Options["players"], players)
	}
	tb.screenshot("lobby-created.png")
}

// TestBrowserLobbyJoin joins an open table from the lobby: the page goes
// to the table, in the lobby's language, at the free seat under the name
// typed in the form, with the seat's token in storage only.
func TestBrowserLobbyJoin(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t)
	c := s.createTable(t, map[string]any{"game": "cardline", "options": map[string]any{"players": 2},
		"seats": []string{"human", "human"}, "open": true, "name": "Ala"})
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the lobby", chromedp.Navigate(s.URL+"/?lang=en"))
	join := fmt.Sprintf(`.table-group-open .table-row[data-id=%s] button.join`, cssString(c.ID))
	if timedOut, err := tb.waitJS(ctx, fmt.Sprintf(`() => !!document.querySelector(%s)`, jsString(join)), `(v) => v`, stepTimeout, nil); err != nil || timedOut {
		t.Fatalf("the lobby offers no %s (%v); the page: %s", join, err, tb.state())
	}
	tb.setField(ctx, "#create-name", 0, "Cezary")
	tb.do(stepTimeout, "clicking Join", chromedp.Click(chromedp.CSS(join)))
	f := tb.waitJoin(ctx, fmt.Sprintf(`(f) => f.path === %s && f.me === 1 && (f.state === "your-turn" || f.state === "waiting")`, jsString("/t/"+c.ID)),
		"after Join, waiting for seat 2 of the table")
	if f.Search != "?lang=en" {
		t.Errorf("the table page's address is %s, want /t/%s?lang=en", f.URL, c.ID)
	}
	tok := tb.storedToken(c.ID)
	if tok == "" {
		t.Fatalf("localStorage keeps no token for table %s", c.ID)
	}
	tb.checkAddress(f.URL, c.ID, tok)
	var pub publicTable
	if code := s.call(t, "GET", withToken("/api/tables/"+c.ID, tok), nil, &pub); code != 200 || len(pub.Players) != 2 || pub.Players[1].Name != "Cezary" {
		t.Errorf("GET /api/tables/%s with the stored token: %d %+v", c.ID, code, pub.Players)
	}
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
	t.Parallel()
	s := startServer(t, allowSeeds)
	proxy := startProxy(t, s.Addr)
	c := s.create(t, "cardline", map[string]any{"players": 2}, []string{"human", "human"}, 77)
	// The creator sits at seat 0; seat 1 is taken with its invitation.
	tokens := []string{c.Token, s.join(t, c.ID, c.invite(t, 1), "Bolek").Token}
	var pub publicTable
	if code := s.call(t, "GET", withToken("/api/tables/"+c.ID, c.Token), nil, &pub); code != 200 || len(pub.Pending) != 1 {
		t.Fatalf("GET /api/tables/%s: %d, pending %v", c.ID, code, pub.Pending)
	}
	mover := pub.Pending[0]
	token := tokens[mover]
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
	if code := s.call(t, "GET", withToken("/api/tables/"+c.ID, c.Token), nil, &pub); code != 200 {
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
	t.Parallel()
	s := startServer(t, allowSeeds)
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
				chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "pl")))
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
			checkFirstScreen(t, tb, ctx, g.Name)
		})
	}
}

// checkFirstScreen: on a 390×844 phone, the prompt (#turn) and the first
// thing on the board to act on (a button that makes or picks a move) are
// on the first screen, without scrolling; the log is a drawer that a
// button at the bottom opens and closes.
func checkFirstScreen(t *testing.T, tb *tab, ctx context.Context, game string) {
	t.Helper()
	tb.do(stepTimeout, "emulate a 390×844 phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	type screen struct {
		Height  int     `json:"height"`
		Turn    float64 `json:"turn"`
		Act     float64 `json:"act"`
		ActText string  `json:"actText"`
		Log     bool    `json:"log"`
		Toggle  bool    `json:"toggle"`
		Fixed   bool    `json:"fixed"`
	}
	var sc screen
	measure := `() => {
  window.scrollTo(0, 0);
  const bottom = (e) => (e ? e.getBoundingClientRect().bottom : -1);
  const act = Array.from(document.querySelectorAll("#board [data-move], #board [data-pick]")).find((e) => !e.disabled && e.offsetParent);
  const shown = (e) => !!e && e.getClientRects().length > 0;
  return {height: window.innerHeight, turn: bottom(document.getElementById("turn")), act: bottom(act),
    actText: act ? act.textContent.trim().slice(0, 60) : "", log: shown(document.getElementById("log-panel")),
    toggle: shown(document.getElementById("log-toggle")),
    fixed: !!document.getElementById("log-toggle") && getComputedStyle(document.getElementById("log-toggle")).position === "fixed"};
}`
	if timedOut, err := tb.waitJS(ctx, measure, `(s) => s.height === 844`, stepTimeout, &sc); err != nil || timedOut {
		t.Fatalf("measuring the first screen: %v (timed out %v) %+v", err, timedOut, sc)
	}
	if sc.Turn < 0 || sc.Turn > float64(sc.Height) {
		t.Errorf("%s on a 390×844 phone: the prompt #turn ends at %.0f px, below the first screen", game, sc.Turn)
	}
	if sc.Act < 0 || sc.Act > float64(sc.Height) {
		t.Errorf("%s on a 390×844 phone: the first thing to act on (%q) ends at %.0f px, below the first screen (%d px)", game, sc.ActText, sc.Act, sc.Height)
	}
	t.Logf("%s on a 390×844 phone: #turn ends at %.0f px, the first action (%q) at %.0f px", game, sc.Turn, sc.ActText, sc.Act)
	if sc.Log || !sc.Toggle {
		t.Errorf("%s on a phone: the log should be a closed drawer with a button (#log-panel shown %v, #log-toggle shown %v)", game, sc.Log, sc.Toggle)
	}
	if sc.Fixed {
		t.Errorf("%s on a phone: #log-toggle floats over the page (position: fixed), covering what lies under it", game)
	}
	tb.do(stepTimeout, "open the log's drawer", chromedp.Click(chromedp.CSS("#log-toggle")))
	if timedOut, err := tb.waitJS(ctx, measure, `(s) => s.log`, stepTimeout, &sc); err != nil || timedOut {
		t.Errorf("%s on a phone: #log-toggle did not open the log (%v)", game, err)
	}
	tb.screenshot(game + "-phone-log.png")
}

// inviteLinks is what the creator's page shows of a private table.
type inviteLinks struct {
	URL    string `json:"url"`
	State  string `json:"state"`
	Invite string `json:"invite"` // #invite-1
	Watch  string `json:"watch"`  // #watch-link
	New    bool   `json:"new"`    // button.new-invite[data-seat="1"]
	Seat1  string `json:"seat1"`  // the players' list, seat 2
}

const inviteLinksJS = `() => {
  const v = (sel) => { const e = document.querySelector(sel); return e ? e.value : ""; };
  const li = document.querySelector('#players li[data-seat="1"]');
  return {url: location.href, state: document.body.dataset.state || "", invite: v("#invite-1"), watch: v("#watch-link"),
    new: !!document.querySelector('#invites button.new-invite[data-seat="1"]'), seat1: li ? li.textContent : ""};
}`

// joinForm is what a page opened with an invitation link shows.
type joinForm struct {
	URL     string `json:"url"`
	Path    string `json:"path"`
	Search  string `json:"search"`
	State   string `json:"state"`
	Name    string `json:"name"`   // #join-name
	Submit  string `json:"submit"` // #join-submit
	Form    bool   `json:"form"`
	Error   string `json:"error"` // #join-error
	Code    string `json:"code"`  // its data-code
	Lobby   bool   `json:"lobby"` // #join-lobby
	Me      int    `json:"me"`    // the seat of #players li.me, or -1
	Turn    string `json:"turn"`
	Conn    string `json:"conn"`
	Players string `json:"players"`
	Moves   int    `json:"moves"` // #moves buttons
}

const joinFormJS = `() => {
  const q = (sel) => document.querySelector(sel);
  const txt = (sel) => { const e = q(sel); return e ? e.textContent.trim() : ""; };
  const me = q("#players li.me");
  return {url: location.href, path: location.pathname, search: location.search, state: document.body.dataset.state || "",
    name: q("#join-name") ? q("#join-name").value : "", submit: txt("#join-submit"), form: !!q("#join-form"),
    error: txt("#join-error"), code: q("#join-error") ? q("#join-error").dataset.code || "" : "", lobby: !!q("#join-lobby"),
    me: me ? +me.dataset.seat : -1, turn: txt("#turn"), conn: q("#conn") && !q("#conn").hidden ? txt("#conn") : "",
    players: txt("#players"), moves: document.querySelectorAll("#moves button.move").length};
}`

func (tb *tab) waitJoin(ctx context.Context, pred, what string) joinForm {
	tb.t.Helper()
	var f joinForm
	timedOut, err := tb.waitJS(ctx, joinFormJS, pred, stepTimeout, &f)
	if err != nil || timedOut {
		tb.t.Fatalf("%s: not within %v (%v); the page: %+v", what, stepTimeout, err, f)
	}
	return f
}

func (tb *tab) waitLinks(ctx context.Context, pred, what string) inviteLinks {
	tb.t.Helper()
	var l inviteLinks
	timedOut, err := tb.waitJS(ctx, inviteLinksJS, pred, stepTimeout, &l)
	if err != nil || timedOut {
		tb.t.Fatalf("%s: not within %v (%v); the page: %+v", what, stepTimeout, err, l)
	}
	return l
}

// TestBrowserPrivateTable creates a private Card Line table for two people
// from the lobby. The creator's page shows an invitation link to seat 2
// and a watch link. A second browser opens the invitation link, sees the
// table with a form to take the seat under its saved name, takes it, and
// its address then holds no token. The same link in a third browser is a
// dead invitation; the watch link shows the table to a spectator. Then the
// invited player leaves: the creator makes a new invitation link, and it
// brings the player back.
func TestBrowserPrivateTable(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t)
	a := newTab(t)
	ctx, cancel := context.WithTimeout(a.ctx, gameTimeout)
	defer cancel()
	a.do(stepTimeout, "open the lobby", chromedp.Navigate(s.URL+"/"))
	a.waitPage(ctx, `(s) => s.state === "lobby"`, stepTimeout, "waiting for body[data-state=lobby]")
	a.setField(ctx, "#create-game", 0, "cardline")
	a.setField(ctx, "#create-players", 0, "2")
	a.setField(ctx, ".seat-kind", 0, "human")
	a.setField(ctx, ".seat-kind", 1, "human")
	a.setField(ctx, "#create-name", 0, "Ala")
	// Invited seats are private by default: #create-open starts unticked.
	a.do(stepTimeout, "clicking #create-submit", chromedp.Click(chromedp.CSS("#create-submit")))
	links := a.waitLinks(ctx, `(v) => v.invite !== "" && v.watch !== "" && (v.state === "your-turn" || v.state === "waiting")`,
		"after #create-submit, waiting for the table page with #invite-1 and #watch-link")
	u, err := url.Parse(links.URL)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(u.Path, "/t/")
	token := a.storedToken(id)
	if token == "" {
		t.Fatalf("localStorage keeps no token for table %s", id)
	}
	a.checkAddress(links.URL, id, token)
	if u.RawQuery != "" {
		t.Errorf("the creator's address %s has a query", links.URL)
	}
	inviteURL, watchURL := links.Invite, links.Watch
	iu, err1 := url.Parse(inviteURL)
	wu, err2 := url.Parse(watchURL)
	if err1 != nil || err2 != nil || iu.Scheme+"://"+iu.Host != s.URL || iu.Path != "/t/"+id || iu.Query().Get("invite") == "" || len(iu.Query()) != 1 ||
		wu.Scheme+"://"+wu.Host != s.URL || wu.Path != "/t/"+id || wu.Query().Get("watch") == "" || len(wu.Query()) != 1 {
		t.Fatalf("the invitation link is %s and the watch link %s, want %s/t/%s?invite=CODE and ?watch=CODE", inviteURL, watchURL, s.URL, id)
	}
	if strings.Contains(inviteURL, token) || strings.Contains(watchURL, token) {
		t.Errorf("a link to send holds the creator's token")
	}
	t.Logf("table %s: invitation %s, watch %s", id, inviteURL, watchURL)

	// Private: not found without a credential, not in the lobby; found
	// with the watch code.
	if code := s.call(t, "GET", "/api/tables/"+id, nil, nil); code != 404 {
		t.Errorf("GET /api/tables/%s without a credential: %d, want 404 (the table was to be private)", id, code)
	}
	if code := s.call(t, "GET", "/api/tables/"+id+"?watch="+url.QueryEscape(wu.Query().Get("watch")), nil, nil); code != 200 {
		t.Errorf("GET /api/tables/%s with the watch code: %d, want 200", id, code)
	}

	// A second browser, with a name saved from before, opens the
	// invitation link: the table as a spectator, and the form.
	b := newTab(t)
	bctx, bcancel := context.WithTimeout(b.ctx, gameTimeout)
	defer bcancel()
	b.do(stepTimeout, "open the lobby in the second browser", chromedp.Navigate(s.URL+"/"))
	b.waitPage(bctx, `(s) => s.state === "lobby"`, stepTimeout, "the second browser: waiting for the lobby")
	if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`localStorage.setItem("stolik.name", JSON.stringify("Bolek")), true`)); err != nil {
		t.Fatal(err)
	}
	b.do(stepTimeout, "open the invitation link", chromedp.Navigate(inviteURL))
	f := b.waitJoin(bctx, `(f) => f.form && f.submit !== "" && f.state === "waiting"`,
		"the second browser: waiting for the table and #join-form")
	if f.Name != "Bolek" {
		t.Errorf("#join-name reads %q, want the saved name Bolek", f.Name)
	}
	if !strings.Contains(f.Submit, "2") {
		t.Errorf("#join-submit reads %q: it should name seat 2, the one free seat", f.Submit)
	}
	if f.Me != -1 || f.Moves != 0 {
		t.Errorf("before taking the seat the page should be a spectator's: %+v", f)
	}
	if !strings.Contains(f.URL, "invite=") {
		t.Errorf("before the seat is taken the address keeps the invitation: %s", f.URL)
	}
	b.screenshot("private-invitation.png")
	b.do(stepTimeout, "clicking #join-submit", chromedp.Click(chromedp.CSS("#join-submit")))
	f = b.waitJoin(bctx, fmt.Sprintf(`(f) => f.path === %s && f.search === "" && !f.form && f.me === 1 && (f.state === "your-turn" || f.state === "waiting")`, jsString("/t/"+id)),
		"the second browser: after #join-submit, waiting for seat 2 (#players li.me) at /t/{id}")
	bToken := b.storedToken(id)
	if bToken == "" || bToken == token {
		t.Fatalf("the second browser's storage keeps token %q for the table", bToken)
	}
	b.checkAddress(f.URL, id, bToken)
	var pub publicTable
	if code := s.call(t, "GET", withToken("/api/tables/"+id, token), nil, &pub); code != 200 || len(pub.Players) != 2 {
		t.Fatalf("GET /api/tables/%s: %d %+v", id, code, pub)
	}
	if p := pub.Players[1]; p.Name != "Bolek" || !p.Taken {
		t.Errorf("the server's seat 2 is %+v, want Bolek's", p)
	}
	// The creator's page: seat 2 is Bolek's, its invitation is gone.
	a.waitLinks(ctx, `(v) => v.invite === "" && !v.new && v.seat1.includes("Bolek")`,
		"the creator: waiting for Bolek at seat 2 and no invitation left to it")

	// The same invitation link in a third browser: dead.
	c := newTab(t)
	cctx, ccancel := context.WithTimeout(c.ctx, gameTimeout)
	defer ccancel()
	c.do(stepTimeout, "open the used invitation link", chromedp.Navigate(inviteURL))
	f = c.waitJoin(cctx, `(f) => f.code === "bad_invite"`, "the third browser: waiting for #join-error[data-code=bad_invite]")
	if f.Error == "" || !f.Lobby || f.Form || f.State != "gone" {
		t.Errorf("a used invitation: want an error, the way to the lobby, no form and body[data-state=gone]: %+v", f)
	}
	t.Logf("a used invitation: %q", f.Error)

	// The watch link shows the table to a spectator, and stays in the
	// address.
	c.do(stepTimeout, "open the watch link", chromedp.Navigate(watchURL))
	f = c.waitJoin(cctx, `(f) => f.state === "waiting" && f.players.includes("Bolek")`, "the third browser: waiting for the table through the watch link")
	if f.Me != -1 || f.Form || f.Moves != 0 || f.URL != watchURL {
		t.Errorf("through the watch link the page should be a spectator's at %s: %+v", watchURL, f)
	}

	// Bolek leaves. The table is private and his browser has no watch
	// code: the page says so and stops.
	var leave string
	if timedOut, err := b.waitJS(bctx, `() => document.querySelector("#leave")?.textContent || ""`, `(s) => s !== ""`, stepTimeout, &leave); err != nil || timedOut {
		t.Fatalf("no #leave (%v); the page: %s", err, b.state())
	}
	b.do(stepTimeout, "clicking #leave", chromedp.Click(chromedp.CSS("#leave")))
	if timedOut, err := b.waitJS(bctx, `() => document.querySelector("#leave")?.textContent || ""`,
		fmt.Sprintf(`(s) => s !== "" && s !== %s`, jsString(leave)), stepTimeout, nil); err != nil || timedOut {
		t.Fatalf("#leave did not ask for a confirmation (%v); the page: %s", err, b.state())
	}
	b.do(stepTimeout, "clicking #leave again", chromedp.Click(chromedp.CSS("#leave")))
	f = b.waitJoin(bctx, `(f) => f.state === "gone" && f.conn !== ""`, "the second browser: after leaving, waiting for the page to stop")
	if b.storedToken(id) != "" {
		t.Errorf("after leaving, the second browser still keeps a token for the table")
	}
	t.Logf("after leaving a private table: %q", f.Conn)

	// The creator's page offers a new invitation to the free seat.
	links = a.waitLinks(ctx, `(v) => v.new && v.invite === ""`, "the creator: waiting for button.new-invite for seat 2")
	a.do(stepTimeout, "clicking the new invitation button", chromedp.Click(chromedp.CSS(`#invites button.new-invite[data-seat="1"]`)))
	links = a.waitLinks(ctx, `(v) => v.invite !== ""`, "the creator: waiting for a new #invite-1")
	if links.Invite == inviteURL {
		t.Fatalf("the new invitation link is the old one: %s", links.Invite)
	}
	a.screenshot("private-new-invitation.png")
	b.do(stepTimeout, "open the new invitation link", chromedp.Navigate(links.Invite))
	b.waitJoin(bctx, `(f) => f.form && f.submit !== ""`, "the second browser: waiting for #join-form of the new invitation")
	b.do(stepTimeout, "clicking #join-submit", chromedp.Click(chromedp.CSS("#join-submit")))
	b.waitJoin(bctx, `(f) => f.search === "" && f.me === 1 && (f.state === "your-turn" || f.state === "waiting")`,
		"the second browser: back at seat 2 with the new invitation")
	a.waitLinks(ctx, `(v) => v.invite === "" && !v.new && v.seat1.includes("Bolek")`, "the creator: waiting for Bolek back at seat 2")
	a.screenshot("private-creator.png")
	b.screenshot("private-invited.png")
}

// TestBrowserAbandoned lets a table stand idle until the server ends it
// as abandoned: the page says so in #outcome, offers no move and does not
// connect again; the lobby lists the table among the ended ones.
func TestBrowserAbandoned(t *testing.T) {
	browser(t)
	t.Parallel()
	lim := server.DefaultLimits()
	lim.Idle = 3 * time.Second
	s := startServer(t, func(c *server.Config) {
		c.Limits = &lim
		c.SweepInterval = 100 * time.Millisecond
	})
	g := s.games["cardline"]
	c := s.createTable(t, map[string]any{"game": "cardline", "options": map[string]any{"players": 2},
		"seats": []string{"human", g.bot()}, "open": true, "name": "Ala"})
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the table", chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "en")))
	first := tb.waitPage(ctx, `(s) => s.state === "your-turn" || s.state === "waiting" || s.state === "abandoned"`, stepTimeout,
		"waiting for the table")
	t.Logf("the page first showed body[data-state=%s]", first.State)
	st := tb.waitPage(ctx, `(s) => s.state === "abandoned"`, stepTimeout, "waiting for body[data-state=abandoned]")
	const banner = "Table abandoned — nobody played for too long."
	if st.Outcome != banner {
		t.Errorf("#outcome reads %q, want %q", st.Outcome, banner)
	}
	if len(st.Buttons) != 0 || st.Rematch {
		t.Errorf("an abandoned table offers moves or a rematch: %s", st)
	}
	// The server closes the socket after the last state; the page marks
	// body[data-conn=closed] where it decides not to connect again, so once
	// it is there, no reconnection is under way or scheduled.
	var conn struct {
		Conn  string `json:"conn"`
		State string `json:"state"`
	}
	if timedOut, err := tb.waitJS(ctx, `() => ({conn: document.querySelector("#conn")?.textContent || "", state: document.body.dataset.state, closed: document.body.dataset.conn === "closed"})`,
		`(v) => v.closed`, stepTimeout, &conn); err != nil || timedOut {
		t.Fatalf("the page did not see its socket closed: %v", err)
	}
	if conn.Conn != "" || conn.State != "abandoned" {
		t.Errorf("after the table was abandoned the page shows #conn %q, body[data-state=%s]", conn.Conn, conn.State)
	}
	tb.mu.Lock()
	sockets := tb.sockets
	tb.mu.Unlock()
	if sockets != 1 {
		t.Errorf("the page opened %d WebSockets, want 1", sockets)
	}
	var pub publicTable
	if code := s.call(t, "GET", "/api/tables/"+c.ID, nil, &pub); code != 200 || !pub.Abandoned {
		t.Errorf("GET /api/tables/%s: %d, abandoned %v", c.ID, code, pub.Abandoned)
	}
	tb.screenshot("abandoned.png")
	// In the other language the banner follows.
	tb.do(stepTimeout, "clicking #lang-switch", chromedp.Click(chromedp.CSS("#lang-switch")))
	st = tb.waitPage(ctx, `(s) => s.lang === "pl" && s.state === "abandoned"`, stepTimeout, "after #lang-switch, waiting for html[lang=pl]")
	if pl := "Stolik porzucony — nikt nie grał zbyt długo."; st.Outcome != pl {
		t.Errorf("after #lang-switch #outcome reads %q, want %q", st.Outcome, pl)
	}

	// The lobby lists it among the ended tables, as abandoned.
	tb.do(stepTimeout, "open the lobby", chromedp.Navigate(s.URL+"/?lang=en"))
	row := fmt.Sprintf(`.table-row[data-id=%s]`, cssString(c.ID))
	var lobby struct {
		Ended   bool   `json:"ended"`
		Playing bool   `json:"playing"`
		Meta    string `json:"meta"`
	}
	timedOut, err := tb.waitJS(ctx, fmt.Sprintf(`() => ({ended: !!document.querySelector(".table-group-finished %[1]s[data-abandoned]"),
  playing: !!document.querySelector(".table-group-playing %[1]s, .table-group-open %[1]s"),
  meta: document.querySelector("%[1]s .table-meta")?.textContent || ""})`, strings.ReplaceAll(row, `"`, `\"`)),
		`(v) => v.ended`, stepTimeout, &lobby)
	if err != nil || timedOut {
		t.Fatalf("the lobby does not list table %s as abandoned among the ended (%v): %+v", c.ID, err, lobby)
	}
	if lobby.Playing || !strings.Contains(lobby.Meta, "abandoned") {
		t.Errorf("the lobby's row of the abandoned table: %+v", lobby)
	}
	tb.screenshot("lobby-abandoned.png")
}

// TestBrowserQuickPlay: every game in the lobby has a line saying what it
// is and a one-click "play against bots"; the click sits the page at a new
// table against the game's bot, the address keeps ?lang=, and the way
// back to the lobby keeps it too. The options speak the page's language:
// no raw keys or rule codes outside their "details".
func TestBrowserQuickPlay(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the lobby in English", chromedp.Navigate(s.URL+"/?lang=en"))
	type lobby struct {
		State   string   `json:"state"`
		Quick   []string `json:"quick"`
		Descs   []string `json:"descs"`
		Labels  []string `json:"labels"`
		Summary bool     `json:"summary"`
	}
	var l lobby
	if timedOut, err := tb.waitJS(ctx, `() => ({
  state: document.body.dataset.state,
  quick: Array.from(document.querySelectorAll("button.quick-play")).map((e) => e.dataset.game),
  descs: Array.from(document.querySelectorAll(".game-desc")).map((e) => e.textContent),
  labels: Array.from(document.querySelectorAll("#create-options .option > label, #create-options .option > span")).map((e) => e.textContent),
  summary: getComputedStyle(document.querySelector("#create-options summary"), "::before").content !== "none",
})`, `(l) => l.state === "lobby" && l.quick.length > 0`, stepTimeout, &l); err != nil || timedOut {
		t.Fatalf("the lobby: %v (timed out %v) %+v", err, timedOut, l)
	}
	if len(l.Quick) != len(s.games) || len(l.Descs) != len(s.games) {
		t.Errorf("the lobby has %d quick-play buttons and %d descriptions for %d games", len(l.Quick), len(l.Descs), len(s.games))
	}
	for _, d := range l.Descs {
		if d == "" || strings.HasPrefix(d, "game.desc.") {
			t.Errorf("a game's description reads %q", d)
		}
	}
	for _, lb := range l.Labels {
		if strings.Contains(lb, "_") || strings.Contains(lb, "AX-") || strings.Contains(lb, "CL-") {
			t.Errorf("an option's label shows a raw key or a rule code: %q", lb)
		}
	}
	if !l.Summary {
		t.Errorf("the options' summary shows no arrow")
	}
	checkBotChoices(ctx, t, tb, s.games[l.Quick[0]])
	// "Create the table" is in sight on a laptop's screen without scrolling.
	tb.do(stepTimeout, "emulate a 1366×768 laptop", chromedp.EmulateViewport(1366, 768))
	var inSight bool
	if timedOut, err := tb.waitJS(ctx, `() => { window.scrollTo(0, 0); const r = document.getElementById("create-submit").getBoundingClientRect();
  return window.innerHeight === 768 && r.top >= 0 && r.bottom <= window.innerHeight; }`, `(v) => v`, stepTimeout, &inSight); err != nil || timedOut {
		t.Errorf("#create-submit is not within the first 768 px of a 1366×768 screen (%v)", err)
	}
	tb.screenshot("lobby-laptop.png")

	// The client's plurals follow Intl.PluralRules: Polish one, few, many.
	forms, err := chromedp.Run(ctx, chromedp.Evaluate[string](`import("/static/i18n.js").then((m) =>
  [0, 1, 2, 4, 5, 12, 21, 22, 25, 102, 112].map((n) => n + " " + m.plural(n, "karta", "karty", "kart")).join(", ") + " | " + m.count(1, ["karta", "karty", "kart"], ["card", "cards"]) + ", " + m.count(3, ["karta", "karty", "kart"], ["card", "cards"]))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("the client's plurals: %v", err)
	}
	if want := "0 kart, 1 karta, 2 karty, 4 karty, 5 kart, 12 kart, 21 kart, 22 karty, 25 kart, 102 karty, 112 kart | 1 card, 3 cards"; forms != want {
		t.Errorf("the client's plurals:\n got %s\nwant %s", forms, want)
	}
	tb.do(stepTimeout, "click play against bots: Cardline", chromedp.Click(chromedp.CSS("#quick-cardline")))
	st := tb.waitPage(ctx, fmt.Sprintf(`(s) => /^\/t\/[^/]+$/.test(s.path) && (%s)(s)`, predSettled), stepTimeout,
		"after #quick-cardline, waiting for the table page")
	u, err := url.Parse(st.URL)
	if err != nil || u.Query().Get("lang") != "en" || st.Lang != "en" {
		t.Errorf("the quick table's address is %s (html[lang] %q), want ?lang=en kept", st.URL, st.Lang)
	}
	if len(st.Players) != 2 || !strings.HasSuffix(st.Players[0].Name, "(you)") || !strings.HasPrefix(st.Players[1].Name, "Bot 2 · ") {
		t.Errorf("the quick table's players: %+v, want you and Bot 2", st.Players)
	}
	var back string
	if _, err := tb.waitJS(ctx, `() => document.getElementById("to-lobby").getAttribute("href")`, `(h) => !!h`, stepTimeout, &back); err != nil || back != "/?lang=en" {
		t.Errorf("the way back to the lobby is %q (%v), want /?lang=en", back, err)
	}
}

// checkBotChoices checks the lobby's second seat (in English) for game g:
// each bot and each of its levels is a choice named by its plain title
// ("Bot: Strategist — normal"), the name where it has none, and the seat
// starts with the search bot at normal where the game has it.
func checkBotChoices(ctx context.Context, t *testing.T, tb *tab, g gameInfo) {
	t.Helper()
	var got struct {
		Chosen  string     `json:"chosen"`
		Options [][]string `json:"options"`
	}
	if timedOut, err := tb.waitJS(ctx, `() => ({chosen: document.getElementById("seat-1")?.value,
  options: Array.from(document.querySelectorAll("#seat-1 option")).map((o) => [o.value, o.textContent])})`,
		`(v) => v.options.length > 1`, stepTimeout, &got); err != nil || timedOut {
		t.Fatalf("the second seat's choices: %v (timed out %v)", err, timedOut)
	}
	want := map[string]string{}
	hasNormal := false
	for _, b := range g.Bots {
		title := b.Title.EN
		if title == "" {
			title = b.Name
		}
		if len(b.Levels) == 0 {
			want["bot:"+b.Name] = "Bot: " + title
		}
		for i, l := range b.Levels {
			lt := l
			if i < len(b.LevelTitles) && b.LevelTitles[i].EN != "" {
				lt = b.LevelTitles[i].EN
			}
			want["bot:"+b.Name+":"+l] = "Bot: " + title + " — " + lt
			hasNormal = hasNormal || b.Name == "mcts" && l == "normal"
		}
	}
	for _, o := range got.Options {
		if o[0] == "human" {
			continue
		}
		if w, ok := want[o[0]]; !ok || o[1] != w {
			t.Errorf("%s: the choice %s reads %q, want %q", g.Name, o[0], o[1], w)
		}
		delete(want, o[0])
	}
	if len(want) > 0 {
		t.Errorf("%s: the seat does not offer %v", g.Name, want)
	}
	if hasNormal && got.Chosen != "bot:mcts:normal" {
		t.Errorf("%s: a bot seat starts as %s, want bot:mcts:normal", g.Name, got.Chosen)
	}
}
