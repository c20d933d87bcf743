package e2e_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// countAsked wraps Notification.requestPermission before the page's own
// scripts run: it counts the calls in window.__asked and answers
// "denied" without asking anyone.
const countAsked = `window.__asked = 0;
if (window.Notification) {
  Notification.requestPermission = () => { window.__asked++; return Promise.resolve("denied"); };
}`

// tableWords is what a table page says of itself and of its seats.
type tableWords struct {
	State   string     `json:"state"`
	Moves   string     `json:"moves"`
	Title   string     `json:"title"` // document.title
	Heading string     `json:"heading"`
	Names   []string   `json:"names"` // #players .seat-name, by seat
	Lines   []logLine  `json:"lines"`
	Sound   *bool      `json:"sound"`  // #alert-sound checked, nil if absent
	Notify  *bool      `json:"notify"` // #alert-notify checked, nil if absent
	Perm    string     `json:"perm"`   // Notification.permission
	Asked   int        `json:"asked"`  // calls of Notification.requestPermission
	Panel   bool       `json:"panel"`  // the moves panel is shown
	Filter  bool       `json:"filter"` // the move filter is shown
	Buttons []struct{} `json:"buttons"`
}

// logLine is a #log line about a seat: its text, the seat's tags in it,
// and the text outside the tags.
type logLine struct {
	Seat string `json:"seat"`
	Text string `json:"text"`
	Tags int    `json:"tags"` // .seat-tag[data-seat=Seat]
	Rest string `json:"rest"`
}

const tableWordsJS = `() => {
  const q = (s) => document.querySelector(s);
  const shown = (e) => !!e && e.getClientRects().length > 0;
  const box = (s) => { const e = q(s); return e ? e.checked : null; };
  return {
    state: document.body.dataset.state || "", moves: document.body.dataset.moves || "",
    title: document.title, heading: q("#table-title") ? q("#table-title").textContent : "",
    names: Array.from(document.querySelectorAll("#players .seat-tag .seat-name")).map((e) => e.textContent),
    lines: Array.from(document.querySelectorAll("#log li[data-seat]")).filter((li) => +li.dataset.seat >= 0).map((li) => {
      const rest = li.cloneNode(true);
      rest.querySelectorAll(".seat-tag").forEach((e) => e.remove());
      return {seat: li.dataset.seat, text: li.textContent, rest: rest.textContent,
        tags: li.querySelectorAll('.seat-tag[data-seat="' + li.dataset.seat + '"]').length};
    }),
    sound: box("#alert-sound"), notify: box("#alert-notify"),
    perm: window.Notification ? Notification.permission : "none", asked: window.__asked ?? -1,
    panel: shown(q("#moves")), filter: shown(q("#move-filter")),
    buttons: Array.from(document.querySelectorAll("#moves button.move:not([disabled])")).map(() => ({})),
  };
}`

func (tb *tab) waitWords(ctx context.Context, pred, what string) tableWords {
	tb.t.Helper()
	var w tableWords
	timedOut, err := tb.waitJS(ctx, tableWordsJS, pred, stepTimeout, &w)
	if err != nil || timedOut {
		tb.t.Fatalf("%s: not within %v (%v); the page: %+v", what, stepTimeout, err, w)
	}
	return w
}

// TestBrowserTableWords plays a move of Card Line against a bot and reads
// the page: no table id in the tab's title or the heading; every log line
// names its player once (by the seat's tag, not again as "Gracz N"); the
// turn alerts' choices are there, the sound off until chosen and the
// choice kept over a reload; the notification permission is asked only
// on the player's click. A spectator has no moves panel.
func TestBrowserTableWords(t *testing.T) {
	fullBrowser(t) // the notification permission's prompt
	t.Parallel()
	s := startServer(t, allowSeeds)
	c := s.create(t, "cardline", map[string]any{"players": 2}, []string{"human", s.games["cardline"].bot()}, 101)
	tb := newFullTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: countAsked}); err != nil {
		t.Fatalf("stubbing Notification.requestPermission: %v", err)
	}
	tb.do(stepTimeout, "open the table", chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "pl")))
	ready := `(w) => w.state === "your-turn" && w.buttons.length > 0`
	w := tb.waitWords(ctx, ready, "waiting for your-turn")
	tb.do(stepTimeout, "play the first move", chromedp.Click(chromedp.CSS("#moves button.move")))
	w = tb.waitWords(ctx, fmt.Sprintf(`(w) => w.state === "over" || ((%s)(w) && +w.moves >= %d)`, ready, atoi(w.Moves)+2),
		"after a move, waiting for the bot's move and your turn again")

	if strings.Contains(w.Title, c.ID) || strings.Contains(w.Heading, c.ID) {
		t.Errorf("the table's id %s shows in the tab's title %q or the heading %q", c.ID, w.Title, w.Heading)
	}
	if w.State == "your-turn" && !strings.Contains(w.Title, "Twój ruch") {
		t.Errorf("your turn, and the tab's title %q does not say so", w.Title)
	}
	checkLogNames(t, w)

	// The alerts: the sound is off until chosen, and stays chosen.
	if w.Sound == nil || w.Notify == nil {
		t.Errorf("the turn alerts' choices are missing (#alert-sound %v, #alert-notify %v)", w.Sound, w.Notify)
	} else {
		checkAlerts(ctx, t, tb, w)
	}
	checkSpectator(t, s, c)
}

// checkAlerts: the sound and the notifications are off until chosen; the
// choice of sound is kept over a reload; the notification permission is
// asked on the click on #alert-notify, not before.
func checkAlerts(ctx context.Context, t *testing.T, tb *tab, w tableWords) {
	t.Helper()
	if *w.Sound || *w.Notify {
		t.Errorf("the alerts are on before the player chose them: sound %v, notification %v", *w.Sound, *w.Notify)
	}
	if w.Asked != 0 || w.Perm != "default" {
		t.Errorf("on load the page asked for the notification permission %d times (permission %q)", w.Asked, w.Perm)
	}
	tb.do(stepTimeout, "turn the sound on", chromedp.Click(chromedp.CSS("#alert-sound")))
	tb.waitWords(ctx, `(w) => w.sound === true`, "after clicking #alert-sound, waiting for it to be checked")
	tb.do(stepTimeout, "reload", chromedp.Reload())
	w = tb.waitWords(ctx, `(w) => w.sound !== null && (w.state === "your-turn" || w.state === "over" || w.state === "waiting")`, "after a reload, waiting for the alerts' choices")
	if !*w.Sound {
		t.Errorf("the sound was turned on, and after a reload #alert-sound is off")
	}
	if w.Asked != 0 {
		t.Errorf("after a reload the page asked for the notification permission %d times", w.Asked)
	}
	if w.State != "over" {
		tb.do(stepTimeout, "tick the notifications", chromedp.Click(chromedp.CSS("#alert-notify")))
		w = tb.waitWords(ctx, `(w) => w.asked > 0`, "after clicking #alert-notify, waiting for the permission to be asked")
		if w.Asked != 1 || *w.Notify {
			t.Errorf("clicking #alert-notify asked %d times; refused, the box is checked %v", w.Asked, *w.Notify)
		}
	}

}

// checkSpectator: a spectator has no moves to choose from, no moves
// panel, no filter box and no turn alerts.
func checkSpectator(t *testing.T, s *stolik, c createdTable) {
	t.Helper()
	sp := newTab(t)
	sctx, scancel := context.WithTimeout(sp.ctx, gameTimeout)
	defer scancel()
	watch := s.URL + "/t/" + c.ID + "?" + url.Values{"watch": {c.Watch}, "lang": {"pl"}}.Encode()
	sp.do(stepTimeout, "open the watch link", chromedp.Navigate(watch))
	sw := sp.waitWords(sctx, `(w) => w.state === "waiting" || w.state === "over"`, "the spectator: waiting for the table")
	if sw.Panel || sw.Filter {
		t.Errorf("a spectator's page shows a moves panel (#moves shown %v, #move-filter shown %v)", sw.Panel, sw.Filter)
	}
	if sw.Sound != nil {
		t.Errorf("a spectator's page offers turn alerts")
	}
}

// seatWords is a seat named as the games' events name it.
var seatWords = regexp.MustCompile(`(Gracz|Player) (\d+)`)

// checkLogNames: every #log line about a seat shows the seat's tag once,
// its name once, and no "Gracz N" beside it.
func checkLogNames(t *testing.T, w tableWords) {
	t.Helper()
	if len(w.Lines) == 0 {
		t.Fatalf("#log has no line about a seat after two moves")
	}
	for _, l := range w.Lines {
		seat := atoi(l.Seat)
		if seat < 0 || seat >= len(w.Names) {
			t.Errorf("a #log line about seat %q, the table has %d: %q", l.Seat, len(w.Names), l.Text)
			continue
		}
		name := w.Names[seat]
		if n := strings.Count(l.Text, name); n != 1 || l.Tags != 1 || seatWords.MatchString(l.Rest) {
			t.Errorf("the #log line %q names seat %d (%q) %d times, with %d tags, and %q outside them", l.Text, seat+1, name, n, l.Tags, l.Rest)
		}
	}
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}
