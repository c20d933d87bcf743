package e2e_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stolik/internal/longtest"
)

// axeSource is axe-core's script: $STOLIK_AXE, else the copy .ci/run
// installs in the repository's out/axe (npm install --prefix out/axe
// axe-core@4.14.1). Empty when there is none.
func axeSource(t *testing.T) (string, string) {
	t.Helper()
	src, from := findAxe()
	if src == "" {
		t.Skipf("axe-core is not installed (tried %s; from the repository's root run npm install --prefix out/axe axe-core@4.14.1, as .ci/run does, or set $STOLIK_AXE to its axe.min.js)", from)
	}
	return src, from
}

// findAxe is axe-core's script and where it was read, or "" and the
// places tried.
func findAxe() (string, string) {
	var tried []string
	for _, p := range []string{
		os.Getenv("STOLIK_AXE"),
		filepath.Join("..", "out", "axe", "node_modules", "axe-core", "axe.min.js"),
	} {
		if p == "" {
			continue
		}
		tried = append(tried, p)
		if b, err := os.ReadFile(p); err == nil {
			return string(b), p
		}
	}
	return "", strings.Join(tried, ", ")
}

type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// runAxe runs axe-core on the tab's page (WCAG 2 A and AA and best
// practices) and gives its violations.
func runAxe(t *testing.T, ctx context.Context, src string) []axeViolation {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](src+"\n;true")); err != nil {
		t.Fatalf("loading axe-core: %v", err)
	}
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then((r) => JSON.stringify(r.violations.map((v) => ({
  id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(s), &vs); err != nil {
		t.Fatalf("axe-core's answer %s: %v", s, err)
	}
	return vs
}

// TestBrowserAxe: axe-core finds no violation on the lobby, the account's
// pages, a player's games (/me) and on a table of every game (also with its
// rules open, and with a card's detail shown), in Polish and in English,
// on a desktop and a phone.
func TestBrowserAxe(t *testing.T) {
	src, from := axeSource(t)
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds, cheapPasswords)
	t.Logf("axe-core from %s", from)
	type page struct{ name, path string }
	pages := []page{{"lobby", "/"}}
	tokens := map[string]string{}
	// The waiting room (the creator at a table with a free person's seat)
	// and the replay of a finished table.
	room := s.create(t, "cardline", map[string]any{"players": 2}, []string{"human", "human"}, 7)
	tokens[room.ID] = room.Token
	done := s.createTable(t, map[string]any{"game": "asterix", "seats": []string{"bot:random", "bot:random"}, "seed": 8, "open": true})
	pages = append(pages, page{"room", room.ID}, page{"replay", done.ID}, page{"account", "/account"}, page{"settings", "/account"},
		page{"mine", "/me"})
	for _, bg := range browserGames {
		g := s.games[bg.name]
		seats := []string{"human"}
		for len(seats) < g.MinPlayers {
			seats = append(seats, g.bot())
		}
		c := s.create(t, g.Name, map[string]any{"players": g.MinPlayers}, seats, bg.seed)
		pages = append(pages, page{bg.name, c.ID})
		tokens[c.ID] = c.Token
	}
	for i, p := range pages {
		for j, lang := range langs {
			// Each page once, in Polish on a phone or in English on a
			// desktop by turns; every page in both languages on both
			// screens with the long calibrations.
			if !longtest.Long() && (i+j)%2 == 1 {
				continue
			}
			t.Run(p.name+"-"+lang, func(t *testing.T) {
				t.Parallel()
				tb := newTab(t)
				ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
				defer cancel()
				if p.name == "settings" || p.name == "mine" { // signed in, by the page's own request
					tb.do(stepTimeout, "open the page", chromedp.Navigate(s.URL+"/account?lang="+lang))
					tb.waitAccount(`(s) => s.signedOut`, "the sign-in page")
					tb.do(stepTimeout, "sign up", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
						_, err := chromedp.Evaluate[any](`fetch("/api/account/signup", {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({name: "Axe`+p.name+lang+`", password: "tajne-hasło-1"})}).then((r) => r.status)`, chromedp.EvalAwaitPromise)(ctx, t)
						return err
					}))
				}
				if p.name == "mine" { // with a table waiting for its people
					tb.do(stepTimeout, "make a table", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
						_, err := chromedp.Evaluate[any](`fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({game: "cardline", options: {players: 2}, seats: ["human", "human"], name: "Axe"})}).then((r) => r.status)`, chromedp.EvalAwaitPromise)(ctx, t)
						return err
					}))
				}
				for _, phone := range []bool{false, true} {
					// Polish on a phone and English on a desktop; both on both
					// with the long calibrations.
					if !longtest.Long() && phone != (lang == "pl") {
						continue
					}
					var size chromedp.Action[chromedp.Void] = chromedp.EmulateViewport(1280, 800)
					if phone {
						size = chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)
					}
					u := s.URL + "/?lang=" + lang
					pred := `(s) => s.state === "lobby"`
					switch {
					case p.name == "room":
						u = tableURL(s.URL, p.path, tokens[p.path], lang)
						pred = `() => !!document.querySelector("#room:not([hidden]) #start")`
					case p.name == "account":
						u, pred = s.URL+"/account?lang="+lang, `() => !!document.getElementById("signin-form")`
					case p.name == "settings":
						u, pred = s.URL+"/account?lang="+lang, `() => document.querySelectorAll("#session-list li").length > 0`
					case p.name == "mine":
						u, pred = s.URL+"/me?lang="+lang, `() => document.body.dataset.state === "mine" && !!document.querySelector("#mine-waiting li")`
					case p.name == "replay":
						u = s.URL + "/t/" + p.path + "?replay&lang=" + lang
						pred = `() => { const st = document.querySelector("#replay-status"); return !!st && st.dataset.move === "0" && !!document.querySelector("#board section"); }`
					case p.path != "/":
						u = tableURL(s.URL, p.path, tokens[p.path], lang)
						pred = predSettled
					}
					tb.do(stepTimeout, "open "+u, size, chromedp.Navigate(u))
					if p.name == "room" || p.name == "replay" || p.name == "account" || p.name == "settings" || p.name == "mine" {
						if timedOut, err := tb.waitJS(ctx, "() => true", pred, stepTimeout, nil); err != nil || timedOut {
							t.Fatalf("%s: waiting for the page before axe-core: %v (timed out %v); the page: %s", p.name, err, timedOut, tb.state())
						}
					} else {
						tb.waitPage(ctx, pred, stepTimeout, "waiting for the page before axe-core")
					}
					for _, v := range runAxe(t, ctx, src) {
						t.Errorf("%s %s (phone %v): axe-core %s (%s): %s — %v", p.name, lang, phone, v.ID, v.Impact, v.Help, v.Targets)
					}
					if p.path == "/" || p.name == "room" || p.name == "replay" || p.path == "/account" || p.path == "/me" {
						continue
					}
					// The same page with the rules open and a card's detail shown.
					tb.do(stepTimeout, "open the rules", chromedp.Click(chromedp.CSS("#rules-open")))
					tb.waitHelp(ctx, `(s) => s.open && s.options > 0`, "waiting for the rules dialog before axe-core")
					for _, v := range runAxe(t, ctx, src) {
						t.Errorf("%s %s (phone %v), the rules open: axe-core %s (%s): %s — %v", p.name, lang, phone, v.ID, v.Impact, v.Help, v.Targets)
					}
					tb.do(stepTimeout, "close the rules", chromedp.KeyEvent("\x1b"))
					tb.waitHelp(ctx, `(s) => !s.open`, "waiting for the rules dialog to close")
					tb.do(stepTimeout, "focus a card's button", chromedp.Focus(chromedp.CSS("#board .card-info")))
					tb.waitHelp(ctx, `(s) => s.detail`, "waiting for a card's detail before axe-core")
					for _, v := range runAxe(t, ctx, src) {
						t.Errorf("%s %s (phone %v), a card's detail shown: axe-core %s (%s): %s — %v", p.name, lang, phone, v.ID, v.Impact, v.Help, v.Targets)
					}
				}
			})
		}
	}
}
