package e2e_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// replayState is what the replay page shows.
type replayState struct {
	Move    int    `json:"move"`
	Seat    int    `json:"seat"`
	Moves   int    `json:"moves"`
	Board   string `json:"board"`
	Seats   int    `json:"seats"`
	Enabled int    `json:"enabled"` // controls on the board that may be used
	Error   string `json:"error"`
}

const replayJS = `() => {
  const st = document.querySelector("#replay-status"), b = document.querySelector("#board");
  return {move: st && st.dataset.move !== undefined ? Number(st.dataset.move) : -2,
    seat: st && st.dataset.seat !== undefined ? Number(st.dataset.seat) : -2,
    moves: Number(document.querySelector("#replay-slider")?.max || 0),
    board: b ? b.innerText : "", seats: document.querySelectorAll("#replay-seat option").length,
    enabled: b ? b.querySelectorAll("button:not([disabled]), [data-move]:not([disabled]), [data-pick]:not([disabled])").length : 0,
    error: document.querySelector("#replay-error")?.textContent || ""};
}`

// TestBrowserReplay: a table of bots plays to its end; its page offers the
// replay, which opens at the deal, steps forward and back with the buttons
// and the arrow keys, jumps to a move typed in, and shows the board as a
// seat saw it when the seat is chosen, with nothing on the board to click.
func TestBrowserReplay(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds)
	c := s.createTable(t, map[string]any{"game": "tagteam",
		"seats": []string{"bot:random", "bot:random"}, "seed": 27, "open": true})
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the table", chromedp.Navigate(tableURL(s.URL, c.ID, "", "en")))
	var link string
	if timedOut, err := tb.waitJS(ctx, `() => document.querySelector("#replay-link")?.getAttribute("href") || ""`, `(v) => v !== ""`,
		stepTimeout, &link); err != nil || timedOut {
		t.Fatalf("the ended table offers no #replay-link (%v)", err)
	}
	tb.do(stepTimeout, "click Replay", chromedp.Click(chromedp.CSS("#replay-link")))
	run := func(js string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
			t.Fatalf("%s: %v", js, err)
		}
	}
	wait := func(pred, what string) replayState {
		t.Helper()
		var st replayState
		if timedOut, err := tb.waitJS(ctx, replayJS, pred, stepTimeout, &st); err != nil || timedOut {
			t.Fatalf("%s: %+v (%v)", what, st, err)
		}
		if st.Enabled != 0 || st.Error != "" {
			t.Errorf("%s: %d controls on the board may be used, error %q", what, st.Enabled, st.Error)
		}
		return st
	}
	start := wait(`(v) => v.move === 0 && v.seat === -1 && v.moves > 2 && v.board !== "" && !v.board.includes("Loading")`, "the replay at the deal")
	if start.Seats != 3 {
		t.Errorf("the seat chooser offers %d views, want 3 (a spectator and two seats)", start.Seats)
	}
	tb.do(stepTimeout, "click forward twice", chromedp.Click(chromedp.CSS("#replay-next")), chromedp.Click(chromedp.CSS("#replay-next")))
	two := wait(`(v) => v.move === 2`, "two moves on")
	if two.Board == start.Board {
		t.Errorf("the board after two moves is the deal's:\n%s", two.Board)
	}
	tb.do(stepTimeout, "press ←", chromedp.KeyEvent(kb.ArrowLeft))
	wait(`(v) => v.move === 1`, "one move back with ←")
	tb.do(stepTimeout, "press →", chromedp.KeyEvent(kb.ArrowRight))
	if back := wait(`(v) => v.move === 2`, "one move on with →"); back.Board != two.Board {
		t.Errorf("move 2 again shows another board:\n%s\nthen\n%s", two.Board, back.Board)
	}
	run(`(() => { const s = document.querySelector("#replay-seat"); s.value = "0"; s.dispatchEvent(new Event("change")); return true; })()`)
	seat := wait(`(v) => v.seat === 0 && v.move === 2`, "seat 1's view of move 2")
	if seat.Board == two.Board {
		t.Errorf("seat 1 sees the spectator's board at move 2:\n%s", seat.Board)
	}
	run(`(() => { const i = document.querySelector("#replay-move"); i.value = i.max; i.dispatchEvent(new Event("change")); return true; })()`)
	end := wait(`(v) => v.move === v.moves && v.seat === 0`, "the last move")
	tb.do(stepTimeout, "press ← at the end", chromedp.KeyEvent(kb.ArrowLeft))
	wait(`(v) => v.move === `+strconv.Itoa(end.Moves-1), "one move back from the end")
	tb.screenshot("replay.png")
	// A move out of range is refused in the page's language, and the
	// move shown stays.
	run(`(() => { const i = document.querySelector("#replay-move"); i.value = "100000"; i.dispatchEvent(new Event("change")); return true; })()`)
	var bad replayState
	if timedOut, err := tb.waitJS(ctx, replayJS, `(v) => v.error !== ""`, stepTimeout, &bad); err != nil || timedOut || bad.Move != end.Moves-1 {
		t.Errorf("a move out of range: %+v (%v)", bad, err)
	}
}
