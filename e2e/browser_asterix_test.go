package e2e_test

// Asterix at the table: a card dragged from the hand onto the half of an
// Album where it may go is played there, and lands there under the same
// key it had in the hand (so that it flies from one to the other).

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// dragPlan is where a drag starts and ends, and the move it should make.
type dragPlan struct {
	OK   bool    `json:"ok"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	X2   float64 `json:"x2"`
	Y2   float64 `json:"y2"`
	Card string  `json:"card"`
	Move string  `json:"move"`
}

// planDragJS finds the first card of the hand that can be played and the
// move that plays it on the first Album it may go on; that Album's half
// is found by its data-drop, a name it keeps whether or not a card is
// picked.
const planDragJS = `(() => {
  const src = document.querySelector("#board .ax-hand [data-pick^='hand:']");
  if (!src) return {ok: false};
  const card = src.dataset.pick.slice(5);
  const m = [...document.querySelectorAll("#moves button.move")].find((b) => b.dataset.move.startsWith("play " + card + " "));
  if (!m) return {ok: false};
  const dst = document.querySelector('#board [data-drop="half:' + m.dataset.move.split(" ")[2] + '"]');
  if (!dst) return {ok: false};
  src.scrollIntoView({block: "nearest", inline: "nearest"});
  const a = src.getBoundingClientRect();
  return {ok: true, x: a.left + a.width / 2, y: a.top + 30, card: card, move: m.dataset.move};
})()`

func TestBrowserAsterixDrag(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds)
	g := s.games["asterix"]
	c := s.create(t, "asterix", map[string]any{"players": 2}, []string{"human", g.bot()}, 202)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, desktop.emulate(), chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "en"))); err != nil {
		t.Fatalf("open the table: %v", err)
	}
	st := tb.waitPage(ctx, predReady, stepTimeout, "waiting for the first move")
	p, err := chromedp.Run(ctx, chromedp.Evaluate[dragPlan](planDragJS))
	if err != nil || !p.OK {
		t.Fatalf("no card of the hand to drag onto an Album (%v); the page: %s", err, tb.state())
	}
	btn := chromedp.ButtonLeft
	if err := chromedp.Do(ctx,
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, p.X, p.Y),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, p.X, p.Y, btn, chromedp.ClickCount(1)),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, p.X+12, p.Y-12, btn)); err != nil {
		t.Fatalf("picking up %s: %v", p.Card, err)
	}
	// Where the half is now, the card being carried.
	to, err := chromedp.Run(ctx, chromedp.Evaluate[dragPlan](`(() => {
  const b = document.querySelector('#board [data-drop="half:`+strings.Fields(p.Move)[2]+`"]').getBoundingClientRect();
  return {ok: !!document.querySelector(".drag-ghost"), x2: b.left + b.width / 2, y2: b.top + b.height / 2};
})()`))
	if err != nil || !to.OK {
		t.Fatalf("carrying %s: no card follows the pointer (%v)", p.Card, err)
	}
	if err := chromedp.Do(ctx,
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (p.X+to.X2)/2, (p.Y+to.Y2)/2, btn),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, to.X2, to.Y2, btn),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, to.X2, to.Y2, btn, chromedp.ClickCount(1))); err != nil {
		t.Fatalf("dropping %s: %v", p.Card, err)
	}
	after := tb.waitPage(ctx, `(s) => s.moves !== `+jsString(st.Moves)+` || s.error !== ""`, stepTimeout,
		"after dragging "+p.Card+" onto its Album, waiting for the move to be played")
	if after.Error != "" {
		t.Fatalf("after the drag #error reads %q", after.Error)
	}
	// The card lies on the Album the move names, under its key of the hand.
	place := strings.Fields(p.Move)[2]
	landed, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('#board .ax-album[data-place="`+place+`"] [data-card=`+jsString(p.Card)+`]')`))
	if err != nil || !landed {
		t.Errorf("after dragging %s (%q) no card keyed %q lies on the Album at place %s (%v); the page: %s", p.Card, p.Move, p.Card, place, err, tb.state())
	}
}
