package e2e_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// flDragPlan is where a card of the tray is dragged from and to: the first
// pickable card and the Comrade its pick lights up first, with the move
// that Comrade then plays.
type flDragPlan struct {
	OK     bool    `json:"ok"`
	X1     float64 `json:"x1"`
	Y1     float64 `json:"y1"`
	X2     float64 `json:"x2"`
	Y2     float64 `json:"y2"`
	Move   string  `json:"move"`
	Target string  `json:"target"`
}

// flDragPlanJS picks the tray's first pickable card to learn its first lit
// Comrade, drops the pick again, and says where both are (the Comrade
// scrolled into sight above the tray).
const flDragPlanJS = `(() => {
  const first = () => document.querySelector("#tray button.fl-card[data-pick]");
  const card = first();
  if (!card) return {ok: false};
  card.click();
  const fig = document.querySelector("#board button.fl-fig[data-move]");
  const move = fig ? fig.dataset.move : "", drop = fig ? fig.dataset.drop : "";
  const again = document.querySelector("#tray button.fl-card[aria-pressed=true]");
  if (again) again.click();
  if (!fig) return {ok: false};
  const target = document.querySelector("[data-drop='" + drop + "']");
  target.scrollIntoView({block: "start", behavior: "instant"});
  const f = target.getBoundingClientRect(), c = first().getBoundingClientRect();
  return {ok: true, x1: c.left + c.width / 2, y1: c.top + 20, x2: f.left + f.width / 2, y2: f.top + f.height / 2, move: move, target: drop};
})()`

// TestBrowserFrontlineDrag drags a card of the hand with the mouse onto
// the Comrade it targets (Commissar's Order, Medic, Denunciation): the
// card is picked and the Comrade's move is played, as the two clicks
// would. The page plays by the board until such a card is in hand.
func TestBrowserFrontlineDrag(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds, manyTables)
	g := s.games["frontline"]
	seats := []string{"human", g.bot(), g.bot()}
	c := s.create(t, "frontline", map[string]any{"players": len(seats)}, seats, 303)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, desktop.emulate(), chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "en"))); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(303, 0x5701))
	reported := map[string]bool{}
	for moves := 0; moves < moveCap; moves++ {
		st := tb.waitPage(ctx, predReady, stepTimeout, "waiting for the page's move")
		if st.State == "over" {
			t.Fatalf("the game ended after %d moves through the page with no card to drag onto a Comrade", moves)
		}
		var v boardView
		if timedOut, err := tb.waitJS(ctx, boardViewJS, predBoardSettled, stepTimeout, &v); err != nil || timedOut {
			t.Fatalf("waiting for the board to settle: %v (timed out %v)", err, timedOut)
		}
		p, err := chromedp.Run(ctx, chromedp.Evaluate[flDragPlan](flDragPlanJS))
		if err != nil {
			t.Fatal(err)
		}
		if !p.OK {
			tb.boardMove(ctx, rng, desktop, reported)
			tb.waitPage(ctx, fmt.Sprintf(`(s) => s.state === "over" || s.moves !== %s`, jsString(st.Moves)), stepTimeout, "after a move by the board")
			continue
		}
		mouse := func(typ input.DispatchMouseEventType, x, y float64) {
			if err := chromedp.Do(ctx, chromedp.MouseEvent(typ, x, y, chromedp.ButtonLeft)); err != nil {
				t.Fatalf("the mouse: %v", err)
			}
		}
		mouse(input.DispatchMouseEventTypeMouseMoved, p.X1, p.Y1)
		mouse(input.DispatchMouseEventTypeMousePressed, p.X1, p.Y1)
		for k := 1; k <= 10; k++ {
			mouse(input.DispatchMouseEventTypeMouseMoved, p.X1+(p.X2-p.X1)*float64(k)/10, p.Y1+(p.Y2-p.Y1)*float64(k)/10)
		}
		mouse(input.DispatchMouseEventTypeMouseReleased, p.X2, p.Y2)
		after := tb.waitPage(ctx, fmt.Sprintf(`(s) => s.state === "over" || s.moves !== %s || s.error !== ""`, jsString(st.Moves)), stepTimeout,
			fmt.Sprintf("after dragging a card onto %s, waiting for %q to be played", p.Target, p.Move))
		if after.Error != "" {
			t.Fatalf("after the drag #error reads %q", after.Error)
		}
		// The record is kept until the end; the page says what was played:
		// the card left the hand, and the seat's move was counted.
		card := strings.Fields(p.Move)[1]
		for _, b := range after.Buttons {
			if strings.HasPrefix(b.Move, "play "+card+" ") {
				t.Errorf("after dragging %s onto %s, #moves still offers %q: the drop did not play %q", card, p.Target, b.Move, p.Move)
			}
		}
		t.Logf("dragged %s onto %s (%q) after %d moves through the page; moves %s → %s", card, p.Target, p.Move, moves, st.Moves, after.Moves)
		return
	}
	t.Fatalf("no card to drag onto a Comrade in %d moves", moveCap)
}
