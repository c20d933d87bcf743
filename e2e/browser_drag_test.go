package e2e_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestBrowserDrag: on a desktop, a Cardline card dragged by the mouse from
// the hand onto a gap of the line is played there, as picking the card and
// then the gap would; the dragged card follows the pointer on its way.
func TestBrowserDrag(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds)
	g := s.games["cardline"]
	c := s.create(t, "cardline", map[string]any{"players": 2}, []string{"human", g.bot()}, 101)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the table", desktop.emulate(), chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "en")))
	st := tb.waitPage(ctx, predReady, stepTimeout, "waiting for the seat's turn")

	type ends struct {
		Card   string  `json:"card"`
		Gap    string  `json:"gap"`
		FX, FY float64 // from
		TX, TY float64 // to
	}
	var e ends
	js := `(() => {
  const card = document.querySelector('#board [data-pick^="card:"]');
  const gap = document.querySelector('#board [data-drop^="gap:"]');
  if (!card || !gap) return {card: card ? card.dataset.pick : "", gap: gap ? gap.dataset.drop : ""};
  card.scrollIntoView({block: "nearest"});
  const a = card.getBoundingClientRect(), b = gap.getBoundingClientRect();
  return {card: card.dataset.pick, gap: gap.dataset.drop, FX: a.left + a.width / 2, FY: a.top + a.height / 2, TX: b.left + b.width / 2, TY: b.top + b.height / 2};
})()`
	e, err := chromedp.Run(ctx, chromedp.Evaluate[ends](js))
	if err != nil {
		t.Fatal(err)
	}
	if e.Card == "" || e.Gap == "" {
		t.Fatalf("the board has no card to pick (%q) or no gap to drop on (%q): the page: %s", e.Card, e.Gap, st)
	}
	want := strings.TrimPrefix(e.Card, "card:") + "@" + strings.TrimPrefix(e.Gap, "gap:")
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, e.FX, e.FY),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, e.FX, e.FY, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 5; i++ {
		x := e.FX + (e.TX-e.FX)*float64(i)/5
		y := e.FY + (e.TY-e.FY)*float64(i)/5
		steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y, chromedp.ButtonLeft))
	}
	tb.do(stepTimeout, "drag "+e.Card+" towards "+e.Gap, steps...)
	ghost, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector(".drag-ghost")`))
	if err != nil || !ghost {
		t.Errorf("while dragged, no .drag-ghost follows the pointer (%v)", err)
	}
	tb.do(stepTimeout, "drop it", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, e.TX, e.TY, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	after := tb.waitPage(ctx, fmt.Sprintf(`(s) => s.moves !== %s || s.error !== ""`, jsString(st.Moves)), stepTimeout, "waiting for the dropped card's move")
	if after.Error != "" {
		t.Fatalf("after the drop the page shows #error %q", after.Error)
	}
	// The record is refused in play (it shows hidden cards): the log says
	// where the seat put the card ("as card N of the line", N from 1).
	gap := strings.TrimPrefix(e.Gap, "gap:")
	var put string
	timedOut, err := tb.waitJS(ctx, `() => {
  const l = [...document.querySelectorAll("#log li[data-seat='0']")].map((li) => li.textContent).find((s) => / as card \d+ of the line/.test(s));
  return l ? l.match(/ as card (\d+) of the line/)[1] : "";
}`, `(v) => v !== ""`, stepTimeout, &put)
	if err != nil || timedOut {
		t.Fatalf("no log line of seat 0 says where its card went (%v, timed out %v); the page: %s", err, timedOut, tb.state())
	}
	if n, _ := strconv.Atoi(gap); put != strconv.Itoa(n+1) {
		t.Errorf("the drop of %s on %s should have played %q; the log says the card went in as card %s", e.Card, e.Gap, want, put)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".drag-ghost").length`)); err != nil || n != 0 {
		t.Errorf("after the drop %d .drag-ghost remain (%v)", n, err)
	}
}
