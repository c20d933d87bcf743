package e2e_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stolik/internal/longtest"
)

// helpState is what a table page shows of its help.
type helpState struct {
	State     string `json:"state"`
	Open      bool   `json:"open"` // #rules-dialog is open
	Heading   string `json:"heading"`
	Body      string `json:"body"`
	Options   int    `json:"options"` // #rules-options dd
	Focus     string `json:"focus"`   // the focused element's id
	Expanded  string `json:"expanded"`
	Infos     int    `json:"infos"` // #board .card-info
	Detail    bool   `json:"detail"`
	Name      string `json:"name"`  // .card-detail-name
	Label     string `json:"label"` // the aria-label of the button whose detail is shown
	Hint      string `json:"hint"`  // #first-hint's text, "" when hidden
	HintsOff  string `json:"hintsOff"`
	HintReady bool   `json:"hintReady"` // the page has its hint line
}

const helpStateJS = `() => {
  const q = (s) => document.querySelector(s);
  const d = q("#rules-dialog"), hint = q("#first-hint"), det = q("#card-detail");
  const shown = q(".card-info[aria-expanded=true]");
  let off = "";
  try { off = localStorage.getItem("stolik.hints.off") || ""; } catch {}
  return {
    state: document.body.dataset.state || "", open: !!d && d.open,
    heading: q("#rules-h") ? q("#rules-h").textContent : "", body: q("#rules-body") ? q("#rules-body").textContent : "",
    options: document.querySelectorAll("#rules-options dd").length,
    focus: document.activeElement ? document.activeElement.id : "", expanded: q("#rules-open") ? q("#rules-open").getAttribute("aria-expanded") : "",
    infos: document.querySelectorAll("#board .card-info").length,
    detail: !!det && !det.hidden, name: q(".card-detail-name") ? q(".card-detail-name").textContent : "",
    label: shown ? shown.getAttribute("aria-label") : "",
    hint: hint && !hint.hidden ? hint.textContent : "", hintsOff: off, hintReady: !!hint,
  };
}`

func (tb *tab) waitHelp(ctx context.Context, pred, what string) helpState {
	tb.t.Helper()
	var s helpState
	timedOut, err := tb.waitJS(ctx, helpStateJS, pred, stepTimeout, &s)
	if err != nil || timedOut {
		tb.t.Fatalf("%s: not within %v (%v); the page: %+v", what, stepTimeout, err, s)
	}
	return s
}

var (
	polishLetters = regexp.MustCompile(`[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]`)
	englishWords  = regexp.MustCompile(`\b(the|and|your|with)\b`)
)

// TestBrowserHelp opens a table of every game as its seat, in one language
// by turns (in both with the long calibrations), and reads the help: the Rules dialog in the page's language, long
// enough to be a summary, with the table's options, closed by Esc with the
// focus back on its button; a card's detail with the card's name when its
// "i" button takes the focus and when it is tapped; the hint of the
// decision, hidden for good once the player hides it.
func TestBrowserHelp(t *testing.T) {
	browser(t)
	t.Parallel()
	for i, bg := range browserGames {
		for j, lang := range langs {
			// Each game in one language by turns; in both with the long
			// calibrations.
			if !longtest.Long() && (i+j)%2 == 1 {
				continue
			}
			t.Run(bg.name+"-"+lang, func(t *testing.T) {
				t.Parallel()
				// A server each: the hints' choice is kept per origin.
				s := startServer(t, allowSeeds)
				g := s.games[bg.name]
				seats := []string{"human"}
				for len(seats) < g.MinPlayers {
					seats = append(seats, g.bot())
				}
				c := s.create(t, g.Name, map[string]any{"players": g.MinPlayers}, seats, bg.seed)
				tb := newTab(t)
				ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
				defer cancel()
				tb.do(stepTimeout, "open the table", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, lang)))
				st := tb.waitHelp(ctx, `(s) => s.state === "your-turn" && s.hint !== "" && s.infos > 0`, "waiting for your turn, the hint and the cards' buttons")

				checkRules(ctx, t, tb, lang)
				checkCardDetail(ctx, t, tb)

				// The hint: hidden by the player, and still hidden after a reload.
				if len(st.Hint) < 20 {
					t.Errorf("the hint %q says next to nothing", st.Hint)
				}
				tb.do(stepTimeout, "hide the hints", chromedp.Click(chromedp.CSS("#first-hint-hide")))
				tb.waitHelp(ctx, `(s) => s.hint === "" && s.hintsOff === "1"`, "after hiding the hints")
				tb.do(stepTimeout, "reload", chromedp.Reload())
				st = tb.waitHelp(ctx, `(s) => s.hintReady && (s.state === "your-turn" || s.state === "waiting" || s.state === "over")`, "after a reload")
				if st.Hint != "" {
					t.Errorf("the hints were hidden, and after a reload the page shows %q", st.Hint)
				}
			})
		}
	}
}

// checkRules opens the Rules dialog and reads it, then closes it by Esc.
func checkRules(ctx context.Context, t *testing.T, tb *tab, lang string) {
	t.Helper()
	tb.do(stepTimeout, "open the rules", chromedp.Click(chromedp.CSS("#rules-open")))
	st := tb.waitHelp(ctx, `(s) => s.open && s.options > 0`, "waiting for the rules dialog with the table's options")
	want := map[string]string{"pl": "Zasady", "en": "Rules"}[lang]
	if !strings.HasPrefix(st.Heading, want) {
		t.Errorf("the rules dialog's heading %q does not start with %q", st.Heading, want)
	}
	if n := len([]rune(st.Body)); n < 1200 {
		t.Errorf("the rules summary has %d characters, too short for a summary: %q", n, st.Body)
	}
	pl, en := len(polishLetters.FindAllString(st.Body, -1)), len(englishWords.FindAllString(st.Body, -1))
	if lang == "pl" && (pl < 20 || en > 0) {
		t.Errorf("the rules in Polish have %d Polish letters and %d English words: %q", pl, en, st.Body)
	}
	if lang == "en" && (en < 20 || pl > 0) {
		t.Errorf("the rules in English have %d English words and %d Polish letters: %q", en, pl, st.Body)
	}
	if st.Focus != "rules-close" {
		t.Errorf("with the rules open the focus is on %q, not in the dialog", st.Focus)
	}
	tb.do(stepTimeout, "press Esc", chromedp.KeyEvent("\x1b"))
	tb.waitHelp(ctx, `(s) => !s.open && s.expanded === "false" && s.focus === "rules-open"`, "after Esc, waiting for the dialog to close and the focus to come back to #rules-open")
}

// checkCardDetail shows the first card's detail by focus, hides it by
// Esc, and shows it again by a tap on its button.
func checkCardDetail(ctx context.Context, t *testing.T, tb *tab) {
	t.Helper()
	tb.do(stepTimeout, "focus the first card's button", chromedp.Focus(chromedp.CSS("#board .card-info")))
	st := tb.waitHelp(ctx, `(s) => s.detail && s.name !== ""`, "after focusing a card's button, waiting for its detail")
	if !strings.HasSuffix(st.Label, st.Name) {
		t.Errorf("the detail names %q; its button is %q", st.Name, st.Label)
	}
	tb.do(stepTimeout, "press Esc", chromedp.KeyEvent("\x1b"))
	tb.waitHelp(ctx, `(s) => !s.detail`, "after Esc, waiting for the detail to hide")
	tb.do(stepTimeout, "tap the last card's button", chromedp.Click(chromedp.CSS("#board .card-info:last-of-type")))
	st = tb.waitHelp(ctx, `(s) => s.detail && s.name !== ""`, "after a tap on a card's button, waiting for its detail")
	if !strings.HasSuffix(st.Label, st.Name) {
		t.Errorf("the detail names %q; its button is %q", st.Name, st.Label)
	}
}
