package e2e_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stolik/server"
)

// handClock is the server's clock in a browser test, moved by hand: the
// page counts down in its own time, the server's timeouts come when the
// test says.
type handClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*handTimer
}

type handTimer struct {
	c    *handClock
	at   time.Time
	f    func()
	done bool
}

func (c *handClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *handClock) AfterFunc(d time.Duration, f func()) server.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &handTimer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t
}

func (t *handTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

// advance moves the clock on by d, running the calls due on the way.
func (c *handClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*handTimer
	for _, t := range c.timers {
		if !t.done && !t.at.After(c.now) {
			t.done = true
			due = append(due, t)
		}
	}
	c.mu.Unlock()
	for _, t := range due {
		t.f()
	}
}

// clockPage is what a timed table's page shows of its clocks.
type clockPage struct {
	State   string   `json:"state"`
	Moves   string   `json:"moves"`
	Clocks  []string `json:"clocks"` // each seat's clock's words (aria-label), in seat order
	StandIn []string `json:"standIn"`
	BotLog  []string `json:"botLog"` // the log's marks of the bot's moves
	Back    bool     `json:"back"`
}

const clockPageJS = `() => ({
  state: document.body.dataset.state || "",
  moves: document.body.dataset.moves || "",
  clocks: Array.from(document.querySelectorAll("#players li.player")).map((li) => (li.querySelector(".seat-clock") || {getAttribute: () => ""}).getAttribute("aria-label") || ""),
  standIn: Array.from(document.querySelectorAll("#players li.player")).filter((li) => li.querySelector(".badge.standin")).map((li) => li.dataset.seat),
  botLog: Array.from(document.querySelectorAll("#log li.by-bot .log-bot")).map((e) => e.textContent),
  back: !!document.querySelector("#takeback"),
})`

func (tb *tab) waitClock(ctx context.Context, pred, what string) clockPage {
	tb.t.Helper()
	var p clockPage
	if timedOut, err := tb.waitJS(ctx, clockPageJS, pred, stepTimeout, &p); err != nil || timedOut {
		tb.t.Fatalf("%s: %v (timed out %v); the clocks: %+v; the page: %s", what, err, timedOut, p, tb.state())
	}
	return p
}

// A timed table shows a clock at each seat with the time left in words
// (Polish and English), counting down; when the time of the seat to move
// runs out (the server's clock moved by hand), the bot plays its move,
// marked in the log, and takes the seat (a takeover after one timeout);
// its player takes it back with the button.
func TestBrowserClock(t *testing.T) {
	browser(t)
	t.Parallel()
	clk := &handClock{now: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)}
	s := startServer(t, func(c *server.Config) { c.Clock = clk })
	c := s.createTable(t, map[string]any{"game": "cardline", "options": map[string]any{"players": 2}, "seats": []string{"human", "human"},
		"name": "Ala", "clock": map[string]any{"mode": "move", "per_move": 30, "takeover": 1}})
	joined := s.join(t, c.ID, c.invite(t, 1), "Bob")
	var pub struct {
		Pending []int `json:"pending"`
	}
	if code := s.call(t, "GET", withToken("/api/tables/"+c.ID, c.Token), nil, &pub); code != 200 || len(pub.Pending) != 1 {
		t.Fatalf("the table: %d %+v", code, pub)
	}
	late := pub.Pending[0]
	tokens := []string{c.Token, joined.Token}
	en, pl := newTab(t), newTab(t)
	en.do(stepTimeout, "open the late seat's page", chromedp.Navigate(tableURL(s.URL, c.ID, tokens[late], "en")))
	pl.do(stepTimeout, "open the other seat's page", chromedp.Navigate(tableURL(s.URL, c.ID, tokens[1-late], "pl")))
	ctx, cancel := context.WithTimeout(en.ctx, 4*stepTimeout)
	defer cancel()
	lateClock := fmt.Sprintf(`p.clocks[%d]`, late)
	first := en.waitClock(ctx, `(p) => p.clocks.length === 2 && /^(30|29) seconds left$/.test(`+lateClock+`) && p.clocks[`+fmt.Sprint(1-late)+`] === "30 seconds left"`,
		"a clock at each seat, in English words")
	en.waitClock(ctx, `(p) => `+lateClock+` !== `+jsString(first.Clocks[late])+` && / seconds? left$/.test(`+lateClock+`)`, "the clock counting down")
	pl.waitClock(pl.ctx, `(p) => p.clocks.length === 2 && /^Pozostały czas: \d+ sekund[ay]?$/.test(p.clocks[`+fmt.Sprint(late)+`])`, "the clocks in Polish words")

	clk.advance(30 * time.Second)
	en.waitClock(ctx, `(p) => p.moves !== "0" && p.standIn.includes("`+fmt.Sprint(late)+`") && p.back && p.botLog.length > 0 && p.botLog.every((w) => w === "the bot's move: time ran out")`,
		"the bot's move marked in the log, the stand-in's badge and the button to take the seat back")
	pl.waitClock(pl.ctx, `(p) => p.botLog.length > 0 && p.botLog.every((w) => w === "ruch bota: czas minął") && p.standIn.includes("`+fmt.Sprint(late)+`")`,
		"the bot's move marked in the Polish log")
	en.do(stepTimeout, "take the seat back", chromedp.Click(chromedp.CSS("#takeback")))
	en.waitClock(ctx, `(p) => p.standIn.length === 0 && !p.back`, "the seat taken back")
}
