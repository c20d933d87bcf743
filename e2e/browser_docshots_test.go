package e2e_test

// The screenshots of docs/web.md: every game in the middle of a game, on
// a phone and a desktop, in Polish and English, as the player sees the
// screen (not the whole page). scripts/screenshots writes them into
// docs/web/ (STOLIK_DOC_SHOTS=DIR); otherwise the test skips.

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// docShotsEnv names the directory scripts/screenshots writes into.
const docShotsEnv = "STOLIK_DOC_SHOTS"

// docShotMoves is how many moves the page's seat makes before its
// screenshot: far enough that the board has cards on it.
var docShotMoves = map[string]int{"cardline": 3, "asterix": 4, "frontline": 4, "tagteam": 6}

func TestDocScreenshots(t *testing.T) {
	dir := os.Getenv(docShotsEnv)
	if dir == "" {
		t.Skipf("writes the screenshots of docs/web.md: set %s=DIR (scripts/screenshots does); the games themselves are played by TestBrowserGames", docShotsEnv)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds, manyTables)
	for _, bg := range browserGames {
		for _, vp := range []viewport{phone, desktop} {
			for _, lang := range langs {
				t.Run(fmt.Sprintf("%s-%s-%s", bg.name, vp.name, lang), func(t *testing.T) {
					t.Parallel()
					name := fmt.Sprintf("%s-%s-%s.png", bg.name, vp.name, lang)
					docShot(t, s, bg.name, bg.seed, vp, lang, filepath.Join(dir, name))
				})
			}
		}
	}
}

// docShot plays the game's first moves by the board, picks a card where
// the board offers one (so that its targets show), and saves the screen.
func docShot(t *testing.T, s *stolik, game string, seed uint64, vp viewport, lang, path string) {
	g := s.games[game]
	seats := []string{"human"}
	for len(seats) < g.MinPlayers {
		seats = append(seats, g.bot())
	}
	c := s.create(t, game, map[string]any{"players": g.MinPlayers}, seats, seed)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the table", vp.emulate(), chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, lang)))
	// The same choices in both languages and sizes: the same position.
	rng := rand.New(rand.NewPCG(seed, 0xd0c))
	reported := map[string]bool{}
	for range docShotMoves[game] {
		st := tb.waitPage(ctx, predReady, stepTimeout, "waiting for the seat's turn")
		if st.State == "over" {
			break
		}
		tb.boardMove(ctx, rng, vp, reported)
		tb.waitPage(ctx, fmt.Sprintf(`(s) => s.state === "over" || s.moves !== %s`, jsString(st.Moves)), stepTimeout, "waiting for the move")
	}
	var v boardView
	if timedOut, err := tb.waitJS(ctx, boardViewJS, predBoardSettled, stepTimeout, &v); err != nil || timedOut {
		t.Fatalf("waiting for the board: %v (timed out %v)", err, timedOut)
	}
	for _, c := range v.Choices {
		if c.Pick != "" && !c.Pressed {
			tb.clickChoice(ctx, c)
			break
		}
	}
	if timedOut, err := tb.waitJS(ctx, boardViewJS, predBoardSettled, stepTimeout, &v); err != nil || timedOut {
		t.Fatalf("waiting for the board after a pick: %v (timed out %v)", err, timedOut)
	}
	// The pointer rests away from the board, so that no card's detail shows.
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1)); err != nil {
		t.Fatal(err)
	}
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	if r := img.Bounds(); int64(r.Dx()) != vp.width || int64(r.Dy()) != vp.height {
		t.Errorf("the screenshot is %d×%d, want the screen's %d×%d", r.Dx(), r.Dy(), vp.width, vp.height)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d bytes", path, len(b))
}
