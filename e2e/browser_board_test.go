package e2e_test

// Playing by the board: every decision made by clicking what the board
// shows (a card to pick, a place or target that plays), never the move
// list; and at every decision the prompt and the choices are where the
// player looks: on a 390×844 phone within 1.3 screens with the tray's
// choices on screen without scrolling, on a 1366×768 desktop within one
// screen with the board and the tray both on it.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// viewport is a screen the games are played on.
type viewport struct {
	name          string
	width, height int64
	phone         bool
	// still: the phone too asks for reduced motion.
	still bool
}

var (
	phone   = viewport{"phone", 390, 844, true, false}
	desktop = viewport{"desktop", 1366, 768, false, false}
)

// emulate sets the tab's screen to vp. The desktop also asks for reduced
// motion, so that the games are played both ways: cards flying on the
// phone, nothing moving on the desktop.
func (vp viewport) emulate() chromedp.Action[chromedp.Void] {
	if vp.phone && !vp.still {
		return chromedp.EmulateViewport(vp.width, vp.height, chromedp.EmulateMobile, chromedp.EmulatePortrait)
	}
	size := chromedp.EmulateViewport(vp.width, vp.height)
	if vp.phone {
		size = chromedp.EmulateViewport(vp.width, vp.height, chromedp.EmulateMobile, chromedp.EmulatePortrait)
	}
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := size(ctx, tg); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return chromedp.Void{}, err
	}
}

// box is an element's place on the page, in CSS pixels from the top of
// the viewport.
type box struct {
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	Left   float64 `json:"left"`
	Right  float64 `json:"right"`
}

// boardChoice is an enabled element of the board that plays a move
// (data-move) or picks a card or place (data-pick).
type boardChoice struct {
	Move    string `json:"move"`
	Pick    string `json:"pick"`
	Pressed bool   `json:"pressed"`
	InTray  bool   `json:"inTray"`
	Nth     int    `json:"nth"` // among the elements with the same attribute and value
	Box     box    `json:"box"`
	// Inside an element that scrolls sideways (a row of cards), and that
	// element's box.
	Row    bool   `json:"row"`
	RowBox box    `json:"rowBox"`
	Text   string `json:"text"`
}

// boardView is the board at one decision.
type boardView struct {
	Choices []boardChoice `json:"choices"`
	Prompt  box           `json:"prompt"`
	PText   string        `json:"ptext"`
	Board   box           `json:"board"`
	Tray    *box          `json:"tray"`
	ScrollY float64       `json:"scrollY"`
	Height  float64       `json:"height"`
	Width   float64       `json:"width"`
	Anims   int           `json:"anims"`
	// The page may still scroll the decision into view.
	Settling bool   `json:"settling"`
	Moves    string `json:"moves"`
	State    string `json:"state"`
	Legal    int    `json:"legal"`
}

const boardViewJS = `() => {
  const shown = (e) => e && e.getClientRects().length > 0 && (!e.checkVisibility || e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}));
  const r = (e) => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const board = document.getElementById("board");
  const tray = document.getElementById("tray");
  const count = {};
  const choices = [];
  for (const e of board.querySelectorAll("[data-move],[data-pick]")) {
    const key = e.dataset.move ? "m:" + e.dataset.move : "p:" + e.dataset.pick;
    const nth = count[key] = (count[key] || 0) + 1;
    if (e.disabled || !shown(e)) continue;
    let row = null;
    for (let p = e.parentElement; p && p !== board; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && p.scrollWidth > p.clientWidth + 1) { row = p; break; }
    }
    choices.push({move: e.dataset.move || "", pick: e.dataset.move ? "" : e.dataset.pick, pressed: e.getAttribute("aria-pressed") === "true",
      inTray: !!tray && tray.contains(e), nth: nth, box: r(e), row: !!row, rowBox: row ? r(row) : {top: 0, bottom: 0, left: 0, right: 0},
      text: (e.getAttribute("aria-label") || e.textContent || "").trim().replace(/\s+/g, " ").slice(0, 60)});
  }
  const prompts = [...board.querySelectorAll("[data-prompt]")].filter(shown);
  const prompt = prompts.length ? prompts[0] : document.getElementById("turn");
  return {choices: choices, prompt: r(prompt), ptext: (prompt.textContent || "").trim().slice(0, 80), board: r(board), tray: tray && shown(tray) ? r(tray) : null,
    scrollY: window.scrollY, height: window.innerHeight, width: window.innerWidth,
    anims: document.getAnimations().filter((a) => a.playState === "running" && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length,
    moves: document.body.dataset.moves || "", state: document.body.dataset.state || "", settling: document.body.dataset.settling === "1",
    legal: document.querySelectorAll("#moves button.move").length};
}`

// predBoardSettled: the page's seat may move, its board has settled (no
// card in flight, no scroll to come), or the game is over.
const predBoardSettled = `(v) => v.state === "over" || (v.state === "your-turn" && v.anims === 0 && !v.settling && v.legal > 0)`

// viewProblems says what of the decision is out of the player's sight.
func viewProblems(vp viewport, v boardView) []string {
	var out []string
	if len(v.Choices) == 0 {
		return []string{fmt.Sprintf("the board offers nothing to click while #moves lists %d moves", v.Legal)}
	}
	seen := func(b box) bool { return b.Bottom > 0 && b.Top < v.Height }
	top, bottom := v.Prompt.Top, v.Prompt.Bottom
	for _, c := range v.Choices {
		b := c.Box
		if c.Row {
			b = c.RowBox
		}
		top, bottom = math.Min(top, b.Top), math.Max(bottom, b.Bottom)
	}
	span := bottom - top
	if vp.phone {
		if span > 1.3*v.Height {
			out = append(out, fmt.Sprintf("the prompt %q and the choices span %.0f px, more than 1.3 screens (%.0f px)", v.PText, span, 1.3*v.Height))
		}
		for _, c := range v.Choices {
			b := c.Box
			if c.Row {
				b = c.RowBox
			}
			if c.InTray && !(b.Top >= -1 && b.Bottom <= v.Height+1) {
				out = append(out, fmt.Sprintf("the tray's choice %q is not on the screen (%.0f–%.0f of %.0f px)", c.Text, b.Top, b.Bottom, v.Height))
				break
			}
		}
	} else {
		if span > v.Height {
			out = append(out, fmt.Sprintf("the prompt %q and the choices span %.0f px, more than the screen (%.0f px)", v.PText, span, v.Height))
		}
		if v.Board.Top+v.ScrollY > v.Height {
			out = append(out, fmt.Sprintf("the board starts at %.0f px, below the first screen", v.Board.Top+v.ScrollY))
		}
		if v.Tray != nil && !(v.Tray.Top < v.Height && v.Tray.Bottom > 0) {
			out = append(out, fmt.Sprintf("the tray is off the screen (%.0f–%.0f px)", v.Tray.Top, v.Tray.Bottom))
		}
	}
	var onBoard, onScreen int
	for _, c := range v.Choices {
		if !c.InTray {
			onBoard++
			if seen(c.Box) {
				onScreen++
			}
		}
	}
	if onBoard > 0 && onScreen == 0 {
		out = append(out, fmt.Sprintf("none of the board's %d choices is on the screen", onBoard))
	}
	return out
}

// boardMove makes one move by the board: picks until the board offers an
// element that plays, then clicks it; it returns the move. Every
// decision's view is checked against vp; problems are reported once per
// prompt.
func (tb *tab) boardMove(ctx context.Context, rng *rand.Rand, vp viewport, reported map[string]bool) string {
	t := tb.t
	t.Helper()
	for picks := 0; ; picks++ {
		var v boardView
		timedOut, err := tb.waitJS(ctx, boardViewJS, predBoardSettled, stepTimeout, &v)
		if err != nil || timedOut {
			t.Fatalf("waiting for the board to settle: %v (timed out %v); the page: %s", err, timedOut, tb.state())
		}
		if v.State != "your-turn" {
			t.Fatalf("the page is %q in the middle of a decision; the page: %s", v.State, tb.state())
		}
		for _, p := range viewProblems(vp, v) {
			key := v.PText + "|" + p[:min(len(p), 40)]
			if reported[key] {
				continue
			}
			reported[key] = true
			t.Errorf("on a %d×%d %s: %s", vp.width, vp.height, vp.name, p)
			tb.screenshot(fmt.Sprintf("%s-problem-%d.png", vp.name, len(reported)))
		}
		var moves, picksOff, picksOn []boardChoice
		for _, c := range v.Choices {
			switch {
			case c.Move != "":
				moves = append(moves, c)
			case c.Pressed:
				picksOn = append(picksOn, c)
			default:
				picksOff = append(picksOff, c)
			}
		}
		if picks > 40 {
			t.Fatalf("40 picks on the board and still no move played; the board: %+v", v)
		}
		var c boardChoice
		switch {
		case len(moves) > 0 && (len(picksOff) == 0 || picks >= 4 || rng.IntN(3) > 0):
			c = moves[rng.IntN(len(moves))]
		case len(picksOff) > 0:
			c = picksOff[rng.IntN(len(picksOff))]
		case len(picksOn) > 0:
			c = picksOn[rng.IntN(len(picksOn))]
		default:
			t.Fatalf("the board offers no choice; the page: %s", tb.state())
		}
		tb.clickChoice(ctx, c)
		if c.Move != "" {
			return c.Move
		}
	}
}

// clickChoice scrolls c into the middle of the screen when part of it is
// hidden, checks that nothing covers its middle, and clicks there as a
// mouse or a finger would.
func (tb *tab) clickChoice(ctx context.Context, c boardChoice) {
	t := tb.t
	t.Helper()
	attr, val := "data-move", c.Move
	if val == "" {
		attr, val = "data-pick", c.Pick
	}
	js := fmt.Sprintf(`(() => {
  const all = [...document.querySelectorAll("#board [%s=" + %s + "]")];
  const e = all[%d - 1];
  if (!e) return {found: false};
  let b = e.getBoundingClientRect();
  const tray = document.getElementById("tray");
  const limit = tray && !tray.contains(e) ? tray.getBoundingClientRect().top : window.innerHeight;
  // A choice in a row that scrolls sideways may lie outside the row's box.
  let row = null;
  for (let p = e.parentElement; p && !row; p = p.parentElement) {
    const cs = getComputedStyle(p);
    if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && p.scrollWidth > p.clientWidth + 1) row = p.getBoundingClientRect();
  }
  if (b.top < 0 || b.bottom > limit || b.left < 0 || b.right > window.innerWidth || (row && (b.left < row.left || b.right > row.right))) {
    // A choice in the tray (kept at the bottom of the screen) is only
    // scrolled along its row, as a finger swipes it: centring it would
    // scroll the page and take the board away from above the tray.
    e.scrollIntoView({block: tray && tray.contains(e) ? "nearest" : "center", inline: "center", behavior: "instant"});
    b = e.getBoundingClientRect();
  }
  return {found: true, x: b.left + b.width / 2, y: b.top + b.height / 2};
})()`, attr, jsString(cssString(val)), c.Nth)
	// The pointer goes there first (what it hovered before lets go), then
	// what shows at that point is the choice or something over it. Should
	// the page have moved meanwhile (a state arriving redraws the summary
	// above the board), the choice is found again, as an eye would.
	var at clickPoint
	for try := 0; ; try++ {
		var err error
		if at, err = chromedp.Run(ctx, chromedp.Evaluate[clickPoint](js)); err != nil {
			t.Fatalf("finding %s=%q: %v", attr, val, err)
		}
		if !at.Found {
			t.Fatalf("the board's %s=%q (#%d) is gone; the page: %s", attr, val, c.Nth, tb.state())
		}
		hit := fmt.Sprintf(`(() => {
  const e = [...document.querySelectorAll("#board [%s=" + %s + "]")][%d - 1];
  const hit = document.elementFromPoint(%f, %f);
  const b = e ? e.getBoundingClientRect() : null;
  return {found: !!e, x: %f, y: %f, ok: !!e && !!hit && (hit === e || e.contains(hit)),
    moved: !b || Math.abs(b.left + b.width / 2 - %f) > 1 || Math.abs(b.top + b.height / 2 - %f) > 1,
    hit: hit ? hit.tagName + (hit.id ? "#" + hit.id : "") + "." + [...hit.classList].join(".") : ""};
})()`, attr, jsString(cssString(val)), c.Nth, at.X, at.Y, at.X, at.Y, at.X, at.Y)
		if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at.X, at.Y)); err != nil {
			t.Fatalf("moving the pointer to %s=%q: %v", attr, val, err)
		}
		if at, err = chromedp.Run(ctx, chromedp.Evaluate[clickPoint](hit)); err != nil {
			t.Fatalf("finding %s=%q: %v", attr, val, err)
		}
		if at.Moved && try < 5 {
			continue
		}
		break
	}
	if !at.OK {
		tb.screenshot(fmt.Sprintf("covered-%s.png", strings.NewReplacer(" ", "_", "/", "_", ":", "_", "@", "_").Replace(val)))
		t.Fatalf("the board's %s=%q (%q) is covered at its middle by %s", attr, val, c.Text, at.Hit)
	}
	actx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(actx, chromedp.MouseClickXY(at.X, at.Y)); err != nil {
		t.Fatalf("clicking %s=%q: %v", attr, val, err)
	}
}

// clickPoint is where a choice is clicked, and whether it is the choice
// that shows there.
type clickPoint struct {
	Found bool    `json:"found"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	OK    bool    `json:"ok"`
	Moved bool    `json:"moved"` // the choice is no longer where it was measured
	Hit   string  `json:"hit"`
}
