package e2e_test

// Cardline's board by the mouse: a card of the hand dragged onto a gap of
// the line is played there, as a click on the card and one on the gap
// would; while it is dragged, its picture follows the pointer.

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// dragStart is where a drag of a hand card begins and ends, and the page
// before it.
type dragStart struct {
	Card   string  `json:"card"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	GapX   float64 `json:"gapX"`
	GapY   float64 `json:"gapY"`
	Moves  string  `json:"moves"`
	Ghost  *box    `json:"ghost"`
	InHand bool    `json:"inHand"`
	State  string  `json:"state"`
	Anims  int     `json:"anims"`
}

// dragJS finds the first card of the tray and the first gap of the line
// (scrolled to the top of the screen), and where a dragged card's picture
// is.
const dragJS = `() => {
  const card = document.querySelector("#tray [data-pick^='card:']");
  const gap = document.querySelector("#board [data-drop='gap:0']");
  const ghost = document.querySelector(".drag-ghost");
  const r = (e) => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const anims = document.getAnimations().filter((a) => a.playState === "running" && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length;
  if (!card || !gap) return {moves: document.body.dataset.moves || "", state: document.body.dataset.state || "", anims: anims};
  const c = card.getBoundingClientRect(), g = gap.getBoundingClientRect();
  return {card: card.dataset.card || "", x: c.left + c.width / 2, y: c.top + c.height / 2, gapX: g.left + g.width / 2, gapY: g.top + g.height / 2,
    moves: document.body.dataset.moves || "", ghost: ghost ? r(ghost) : null, inHand: true, state: document.body.dataset.state || "", anims: anims};
}`

func TestBrowserCardlineDrag(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds)
	c := s.create(t, "cardline", map[string]any{"players": 2}, []string{"human", s.games["cardline"].bot()}, 101)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the table on a desktop", desktop.emulate(), chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "en")))

	var st dragStart
	settled := `(v) => v.state === "your-turn" && v.inHand && v.anims === 0`
	timedOut, err := tb.waitJS(ctx, dragJS, settled, stepTimeout, &st)
	if err != nil || timedOut {
		t.Fatalf("waiting for the seat's turn with a card in the tray: %v (timed out %v); the page: %s", err, timedOut, tb.state())
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#board [data-drop='gap:0']").scrollIntoView({block: "start"}); scrollBy(0, -40); true`)); err != nil {
		t.Fatalf("scrolling the line's first gap to the top: %v", err)
	}
	// The page may scroll by itself once, when the turn begins: the
	// first gap must stay where it was for a moment.
	var before dragStart
	for same := 0; same < 3; {
		if _, err := tb.waitJS(ctx, dragJS, settled, stepTimeout, &st); err != nil {
			t.Fatal(err)
		}
		if st.GapY == before.GapY && st.Y == before.Y {
			same++
		} else {
			same = 0
		}
		before = st
	}
	mouse := func(typ input.DispatchMouseEventType, x, y float64) chromedp.Action[chromedp.Void] {
		return chromedp.MouseEvent(typ, x, y, chromedp.ButtonLeft)
	}
	midX, midY := (st.X+st.GapX)/2, (st.Y+st.GapY)/2
	tb.do(stepTimeout, "press on the card and drag it halfway to the gap",
		mouse(input.DispatchMouseEventTypeMousePressed, st.X, st.Y), mouse(input.DispatchMouseEventTypeMouseMoved, st.X+15, st.Y-15), mouse(input.DispatchMouseEventTypeMouseMoved, midX, midY))

	var mid dragStart
	if _, err := tb.waitJS(ctx, dragJS, `(v) => !!v.ghost`, stepTimeout, &mid); err != nil {
		t.Fatal(err)
	}
	if g := mid.Ghost; g == nil || !(g.Left <= midX && midX <= g.Right && g.Top <= midY && midY <= g.Bottom) {
		t.Errorf("halfway through the drag, at (%.0f, %.0f), the dragged card's picture is at %+v, not under the pointer", midX, midY, mid.Ghost)
	}
	gx, gy := mid.GapX, mid.GapY
	tb.do(stepTimeout, "drop the card on the gap", mouse(input.DispatchMouseEventTypeMouseMoved, gx, gy), mouse(input.DispatchMouseEventTypeMouseReleased, gx, gy))

	played := fmt.Sprintf(`(v) => +v.moves > %s`, st.Moves)
	var after dragStart
	timedOut, err = tb.waitJS(ctx, dragJS, played, stepTimeout, &after)
	if err != nil {
		t.Fatal(err)
	}
	if timedOut {
		t.Fatalf("%s dragged onto the line's first gap played nothing (data-moves %s, then %s); the page: %s", st.Card, st.Moves, after.Moves, tb.state())
	}
	where, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const e = document.querySelector("#board [data-card=" + %s + "]"); return e ? (e.closest("#tray") ? "tray" : e.closest(".cl-line") ? "line" : "elsewhere") : "box"; })()`, jsString(cssString(st.Card)))))
	if err != nil {
		t.Fatal(err)
	}
	if where == "tray" {
		t.Errorf("after the drop, %s is still in the hand", st.Card)
	}
}
