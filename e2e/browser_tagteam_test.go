package e2e_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"stolik/internal/longtest"
)

// ttBoard is what the Tag Team board shows at one moment (web/static/games/tagteam.js).
type ttBoard struct {
	Phase      string   `json:"phase"`      // the heading's phase text, for messages
	Candidates int      `json:"candidates"` // .tt-draft .tt-board: the draft's boards
	BoardLines []string `json:"boardLines"` // their one-line summaries
	Starting   int      `json:"starting"`   // starting cards shown in the draft
	Fighters   int      `json:"fighters"`   // .tt-fighter
	Tracks     int      `json:"tracks"`     // .tt-fighter .tt-health ol.tt-track
	Markers    int      `json:"markers"`    // .tt-fighter .tt-health li.here
	Spaces     int      `json:"spaces"`     // li.tt-space
	Unlabelled int      `json:"unlabelled"` // li.tt-space without aria-label
	KOSpaces   int      `json:"koSpaces"`   // .tt-fighter li.tt-space.ko
	Warnings   []string `json:"warnings"`   // .tt-warning
	HPChanges  []string `json:"hpChanges"`  // .tt-hp-delta: a fighter's last HP change
	End        string   `json:"end"`        // .tt-end-reason
	Outcome    string   `json:"outcome"`    // #outcome
	Lang       string   `json:"lang"`
	State      string   `json:"state"`
	Scroll     int      `json:"scroll"`
	Client     int      `json:"client"`
}

const ttBoardJS = `() => {
  const all = (sel) => Array.from(document.querySelectorAll(sel));
  const txt = (e) => (e ? (e.innerText ?? e.textContent).trim().replace(/\s+/g, " ") : "");
  return {
    candidates: all(".tt-draft .tt-board").length,
    boardLines: all(".tt-draft .tt-board-line").map(txt),
    starting: all(".tt-draft .tt-board .tt-card").length,
    fighters: all(".tt-fighter").length,
    tracks: all(".tt-fighter .tt-health ol.tt-track").length,
    markers: all(".tt-fighter .tt-health li.tt-space.here").length,
    spaces: all("li.tt-space").length,
    unlabelled: all("li.tt-space").filter((e) => !(e.getAttribute("aria-label") || "").trim()).length,
    koSpaces: all(".tt-fighter li.tt-space.ko").length,
    warnings: all(".tt-warning").map(txt),
    hpChanges: all(".tt-fighter .tt-hp-changed .tt-hp-delta").map(txt),
    end: txt(document.querySelector(".tt-end-reason")),
    outcome: txt(document.querySelector("#outcome")),
    lang: document.documentElement.getAttribute("lang") || "",
    state: document.body.getAttribute("data-state") || "",
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  };
}`

// board reads the Tag Team board now.
func (tb *tab) board(ctx context.Context) ttBoard {
	tb.t.Helper()
	var b ttBoard
	timedOut, err := tb.waitJS(ctx, ttBoardJS, `() => true`, stepTimeout, &b)
	if err != nil || timedOut {
		tb.t.Fatalf("reading the Tag Team board: %v; the page: %s", err, tb.state())
	}
	return b
}

// TestBrowserTagTeam plays Tag Team through the page in Polish and in
// English, seat 0 against the greedy bot, from the draft to the end: the
// draft shows each candidate's board (HP, power, health track, rules,
// starting card); in play every fighter has its printed health track with
// one marker and every space said in words; a fighter one token or one
// hit from losing is warned; the end says why, on the board and in
// #outcome, in both languages; and the page fits a 360 px phone.
func TestBrowserTagTeam(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds)
	for _, lang := range langs {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			const seed = 505
			c := s.create(t, "tagteam", map[string]any{"players": 2}, []string{"human", "bot:greedy"}, seed)
			tb := newTab(t)
			ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
			defer cancel()
			start := time.Now()
			tb.do(stepTimeout, "open the table at desktop size", chromedp.EmulateViewport(1280, 900),
				chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, lang)))

			// The draft: six candidates, each with its board.
			tb.waitPage(ctx, predReady, stepTimeout, "waiting for the draft")
			b := tb.board(ctx)
			if b.Candidates != 6 || b.Starting < 6 || len(b.BoardLines) != 6 {
				t.Fatalf("the draft shows %d boards and %d starting cards, want 6 and 6: %+v", b.Candidates, b.Starting, b)
			}
			hp := map[string]string{"pl": " PZ", "en": " HP"}[lang]
			for _, l := range b.BoardLines {
				if !strings.Contains(l, hp) {
					t.Errorf("a draft board reads %q, without its%s", l, hp)
				}
			}
			if b.Spaces == 0 || b.Unlabelled != 0 {
				t.Errorf("the draft's health tracks: %d spaces, %d without words", b.Spaces, b.Unlabelled)
			}
			tb.screenshot("tagteam-draft-" + lang + ".png")
			// The fight is played to its end in Polish; in English too with
			// the long calibrations (TestBrowserGames ends one in English).
			if lang != "pl" && !longtest.Long() {
				return
			}

			rng := rand.New(rand.NewPCG(seed, 0x7a6))
			var warned, hpMarked []string
			var last pageState
			moves, lastSent := 0, time.Time{}
			for {
				st := tb.waitPage(ctx, predReady, stepTimeout, fmt.Sprintf("after %d moves, waiting for your-turn or over", moves))
				b := tb.board(ctx)
				if b.Fighters > 0 {
					if b.Fighters != 4 || b.Tracks != 4 || b.Markers != 4 {
						t.Fatalf("after %d moves: %d fighters, %d health tracks, %d markers; want 4 of each", moves, b.Fighters, b.Tracks, b.Markers)
					}
					if b.Unlabelled != 0 {
						t.Errorf("after %d moves: %d track spaces without words", moves, b.Unlabelled)
					}
				}
				if len(b.HPChanges) > 0 && len(hpMarked) == 0 {
					hpMarked = b.HPChanges
				}
				if len(b.Warnings) > 0 && len(warned) == 0 {
					warned = b.Warnings
					tb.screenshot("tagteam-warning-" + lang + ".png")
				}
				if st.State == "over" {
					last = st
					break
				}
				if moves >= moveCap {
					t.Fatalf("not over after %d moves", moves)
				}
				move := st.Buttons[rng.IntN(len(st.Buttons))].Move
				if wait := time.Until(lastSent.Add(minMoveGap)); wait > 0 {
					select {
					case <-time.After(wait):
					case <-ctx.Done():
					}
				}
				lastSent = time.Now()
				tb.do(stepTimeout, "clicking "+move, chromedp.Click(chromedp.CSS(`#moves button.move[data-move=`+cssString(move)+`]`)))
				moves++
				tb.waitPage(ctx, fmt.Sprintf(`(s) => s.state === "over" || s.moves !== %s || s.error !== ""`, jsString(st.Moves)), stepTimeout,
					fmt.Sprintf("after clicking %q, waiting for body[data-moves] to change from %s", move, st.Moves))
			}
			arrow := map[string]string{"pl": " PZ (", "en": " HP ("}[lang]
			if len(hpMarked) == 0 || !strings.Contains(hpMarked[0], "→") || !strings.Contains(hpMarked[0], arrow) {
				t.Errorf("no fighter's HP change was marked in %d moves: %q", moves, hpMarked)
			} else {
				t.Logf("%s: the first HP change marked: %q", lang, hpMarked)
			}
			if len(warned) == 0 {
				t.Errorf("no fighter was ever warned in %d moves", moves)
			} else {
				t.Logf("%s: the first warning: %q", lang, warned)
			}

			// The end: why, on the board and in #outcome.
			b = tb.board(ctx)
			if b.End == "" || !strings.Contains(b.Outcome, b.End) {
				t.Fatalf("over: .tt-end-reason %q, #outcome %q; want the reason in both", b.End, b.Outcome)
			}
			if b.Markers != 4 || b.KOSpaces == 0 {
				t.Errorf("over: %d markers, %d KO spaces on the health tracks", b.Markers, b.KOSpaces)
			}
			words := map[string][]string{"pl": {"Nokaut", "nokaut", "Spopielenie", "talii budowy", "przegrana"},
				"en": {"Knockout", "knockout", "Incineration", "build deck", "loss"}}[lang]
			said := false
			for _, w := range words {
				said = said || strings.Contains(b.End, w)
			}
			if !said {
				t.Errorf("the end reads %q in %s, which names no way to end", b.End, lang)
			}
			t.Logf("%s: %d moves through the page in %.1fs; #outcome %q", lang, moves, time.Since(start).Seconds(), last.Outcome)
			tb.screenshot("tagteam-end-" + lang + ".png")

			// The other language says the same end in its own words.
			other := otherLang(lang)
			tb.do(stepTimeout, "clicking #lang-switch", chromedp.Click(chromedp.CSS("#lang-switch")))
			tb.waitPage(ctx, fmt.Sprintf(`(s) => s.lang === %s && s.state === "over" && s.outcome !== ""`, jsString(other)), stepTimeout,
				"waiting for the finished table in the other language")
			var ob ttBoard
			timedOut, err := tb.waitJS(ctx, ttBoardJS, fmt.Sprintf(`(b) => b.lang === %s && b.end !== "" && b.end !== %s`, jsString(other), jsString(b.End)), stepTimeout, &ob)
			if err != nil || timedOut {
				t.Fatalf("after #lang-switch the end still reads %q (%v)", ob.End, err)
			}
			if !strings.Contains(ob.Outcome, ob.End) {
				t.Errorf("in %s #outcome %q does not say %q", other, ob.Outcome, ob.End)
			}
			tb.do(stepTimeout, "back to "+lang, chromedp.Click(chromedp.CSS("#lang-switch")))
			tb.waitPage(ctx, fmt.Sprintf(`(s) => s.lang === %s && s.state === "over"`, jsString(lang)), stepTimeout, "waiting for the first language again")

			// A phone: nothing scrolls sideways.
			tb.do(stepTimeout, "emulate a 360 px phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulatePortrait))
			var pb ttBoard
			timedOut, err = tb.waitJS(ctx, ttBoardJS, `(b) => b.client === 360 && b.end !== ""`, stepTimeout, &pb)
			if err != nil || timedOut {
				t.Fatalf("the page at 360 px: client width %d (%v)", pb.Client, err)
			}
			if pb.Scroll > 360 {
				t.Errorf("at 360 px the finished page is %d px wide: it scrolls sideways", pb.Scroll)
			}
			tb.screenshot("tagteam-end-phone-" + lang + ".png")
		})
	}
}

// TestBrowserDecidingAlongside: in Tag Team's draft both players choose at
// once, so the page of one says the other decides alongside it, not that
// it is waited for.
func TestBrowserDecidingAlongside(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t)
	for _, lang := range langs {
		c := s.createTable(t, map[string]any{"game": "tagteam", "options": map[string]any{"players": 2}, "seats": []string{"human", "human"}})
		s.join(t, c.ID, c.invite(t, 1), "Bolek") // the table starts once both seats are taken
		tb := newTab(t)
		tb.do(stepTimeout, "open the table", chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, lang)))
		st := tb.waitPage(tb.ctx, predReady, stepTimeout, "waiting for the draft")
		checkStatusWords(t, st, lang)
		alongside := map[string]string{"pl": "Równocześnie decyduje też:", "en": "Also deciding now:"}[lang]
		if !strings.Contains(st.Turn, alongside) {
			t.Errorf("%s: in the draft #turn reads %q, want it to say %q and name the other player", lang, st.Turn, alongside)
		}
	}
}

// ttBuild is the Tag Team board at the build (web/static/games/tagteam.js).
type ttBuild struct {
	Offer       []string `json:"offer"`       // the tray's cards to pick (data-card keys)
	Adds        int      `json:"adds"`        // board elements that play an "add" move
	Choices     int      `json:"choices"`     // board elements that play or pick
	Drops       int      `json:"drops"`       // the deck's places (data-drop="gap:N")
	Lit         int      `json:"lit"`         // places that play
	Deck        []string `json:"deck"`        // the deck's cards (data-card keys), top first
	OppTop      float64  `json:"oppTop"`      // the opponents' team, from the top of the page
	MeTop       float64  `json:"meTop"`       // your team
	DeckTop     float64  `json:"deckTop"`     // your fight deck
	Tracks      int      `json:"tracks"`      // the fighters' health tracks
	Broken      int      `json:"broken"`      // steps between two spaces of a track that are not neighbours
	BoardHeight float64  `json:"boardHeight"` // #board
	Moves       string   `json:"moves"`
}

const ttBuildJS = `() => {
  const all = (sel) => Array.from(document.querySelectorAll(sel));
  const top = (sel) => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect().top + scrollY : -1; };
  let broken = 0;
  const tracks = all(".tt-fighter .tt-health ol.tt-track");
  for (const ol of tracks) {
    const spaces = [...ol.querySelectorAll("li.tt-space")].map((e) => e.getBoundingClientRect());
    for (let i = 1; i < spaces.length; i++) {
      const a = spaces[i - 1], b = spaces[i];
      const d = Math.hypot((a.left + a.right - b.left - b.right) / 2, (a.top + a.bottom - b.top - b.bottom) / 2);
      if (d > 1.6 * Math.max(a.width, a.height, b.width, b.height)) broken++;
    }
  }
  return {
    offer: all("#tray [data-card][data-pick^='card:']").map((e) => e.dataset.card),
    adds: all("#board [data-move^='add ']").length,
    choices: all("#board [data-move], #board [data-pick]").length,
    drops: all("#board .tt-deck [data-drop^='gap:']").length,
    lit: all("#board .tt-deck [data-drop^='gap:'][data-move]").length,
    deck: all("#board .tt-deck [data-card]").map((e) => e.dataset.card),
    oppTop: top(".tt-team:not(.me)"), meTop: top(".tt-team.me"), deckTop: top(".tt-deck"),
    tracks: tracks.length, broken: broken,
    boardHeight: document.getElementById("board").getBoundingClientRect().height,
    moves: document.body.dataset.moves || "",
  };
}`

// TestBrowserTagTeamBuild: on a phone the Tag Team table reads as the
// game: the opponents' team at the top, yours below it, your fight deck
// above the tray; each health track is a path of neighbouring spaces; the
// build's three cards are in the tray and the build is picked then
// placed (no place plays before a card is picked; then every place of
// the deck lights up, and nothing else plays); the board is under three
// screens tall. On a desktop a card dragged from the tray onto a place in
// the deck goes there, with the key it had in the tray.
func TestBrowserTagTeamBuild(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds)
	c := s.create(t, "tagteam", map[string]any{"players": 2}, []string{"human", "bot:greedy"}, 404)
	tb := newTab(t)
	ctx, cancel := context.WithTimeout(tb.ctx, gameTimeout)
	defer cancel()
	tb.do(stepTimeout, "open the table on a phone", phone.emulate(), chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "pl")))
	read := func(pred, what string) ttBuild {
		t.Helper()
		var b ttBuild
		if timedOut, err := tb.waitJS(ctx, ttBuildJS, pred, stepTimeout, &b); err != nil || timedOut {
			t.Fatalf("%s: %+v (%v); the page: %s", what, b, err, tb.state())
		}
		return b
	}
	// The draft and the order through the move list, up to the build.
	var b ttBuild
	for moves := 0; ; moves++ {
		st := tb.waitPage(ctx, predReady, stepTimeout, "waiting for your turn")
		if st.State == "over" || moves > 10 {
			t.Fatalf("no build within %d moves; the page: %s", moves, st)
		}
		b = read(`(b) => true`, "reading the board")
		if len(b.Offer) > 0 {
			break
		}
		tb.do(stepTimeout, "clicking the first move", chromedp.Click(chromedp.CSS(`#moves button.move`)))
		tb.waitPage(ctx, fmt.Sprintf(`(s) => s.state === "over" || s.moves !== %s`, jsString(st.Moves)), stepTimeout, "waiting for the move")
	}
	tb.screenshot("tagteam-build-phone.png")
	if !(b.OppTop >= 0 && b.OppTop < b.MeTop && b.MeTop < b.DeckTop) {
		t.Errorf("from the top: the opponents' team at %.0f, yours at %.0f, your deck at %.0f; want them in that order", b.OppTop, b.MeTop, b.DeckTop)
	}
	if b.Tracks != 4 || b.Broken != 0 {
		t.Errorf("%d health tracks; %d steps from a space to the next that are not to a neighbour", b.Tracks, b.Broken)
	}
	if b.BoardHeight > 3*float64(phone.height) {
		t.Errorf("the board is %.0f px tall on a %d px phone, more than three screens", b.BoardHeight, phone.height)
	}
	if len(b.Offer) != 3 || b.Adds != 0 || b.Drops != len(b.Deck)+1 || b.Choices != 3 {
		t.Fatalf("before a pick: the tray offers %q, %d elements play a build, %d of %d choices, %d places in a deck of %d; want 3 cards, none, 3 and %d",
			b.Offer, b.Adds, b.Choices, b.Choices, b.Drops, len(b.Deck), len(b.Deck)+1)
	}
	picked := b.Offer[0]
	tb.do(stepTimeout, "picking "+picked, chromedp.Click(chromedp.CSS(`#tray [data-pick=`+cssString("card:"+picked)+`]`)))
	b = read(`(b) => b.lit > 0`, "waiting for the deck's places to light up")
	if b.Lit != len(b.Deck)+1 || b.Adds != b.Lit {
		t.Errorf("after picking %s: %d places lit in a deck of %d, %d elements play a build; want %d and as many", picked, b.Lit, len(b.Deck), b.Adds, len(b.Deck)+1)
	}
	tb.screenshot("tagteam-build-picked-phone.png")

	// A desktop: the card dragged from the tray onto the deck's top place.
	tb.do(stepTimeout, "a desktop", desktop.emulate(), chromedp.KeyEvent(kb.Escape))
	b = read(`(b) => b.lit === 0 && b.offer.length === 3`, "waiting for the pick to be dropped")
	dragged := b.Offer[1]
	var at struct{ X0, Y0, X1, Y1 float64 }
	js := fmt.Sprintf(`(() => {
  const c = (e) => { e.scrollIntoView({block: "center"}); };
  const src = document.querySelector("#tray [data-pick=" + %s + "]");
  const dst = document.querySelector("#board [data-drop='gap:0']");
  c(dst);
  const a = src.getBoundingClientRect(), d = dst.getBoundingClientRect();
  return {X0: a.left + a.width / 2, Y0: a.top + a.height / 2, X1: d.left + d.width / 2, Y1: d.top + d.height / 2};
})()`, jsString(cssString("card:"+dragged)))
	at, err := chromedp.Run(ctx, chromedp.Evaluate[struct{ X0, Y0, X1, Y1 float64 }](js))
	if err != nil {
		t.Fatalf("finding the card and the place: %v", err)
	}
	tb.do(stepTimeout, "dragging "+dragged+" onto the top of the deck",
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at.X0, at.Y0),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, at.X0, at.Y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (at.X0+at.X1)/2, (at.Y0+at.Y1)/2, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at.X1, at.Y1, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, at.X1, at.Y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	after := read(fmt.Sprintf(`(b) => b.moves !== %s && b.deck.length > 0`, jsString(b.Moves)), "waiting for the dragged card to be played")
	if after.Deck[0] != dragged {
		t.Errorf("after dragging %s onto the top of the deck, the deck reads %q", dragged, after.Deck)
	}
}
