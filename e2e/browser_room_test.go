package e2e_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// roomPage is what the waiting-room test reads of a page.
type roomPage struct {
	Path    string            `json:"path"`
	State   string            `json:"state"`
	Room    bool              `json:"room"`  // #room shown
	Wait    bool              `json:"wait"`  // #room-wait: "waiting for the creator"
	Start   bool              `json:"start"` // the creator's #start
	Joined  int               `json:"joined"`
	Me      int               `json:"me"`
	Invites map[string]string `json:"invites"` // seat (from 0) → invitation link
	Kicks   []int             `json:"kicks"`   // seats whose kick button may be used (not while another action is on its way)
	Notice  string            `json:"notice"`  // #notice, what happened to the page's seat
}

const roomPageJS = `() => {
  const q = (sel) => document.querySelector(sel);
  const room = q("#room"), me = q("#players li.me");
  return {path: location.pathname, state: document.body.dataset.state || "", room: !!room && !room.hidden, wait: !!q("#room-wait"),
    start: !!q("#start"), joined: document.querySelectorAll("#room-seats li[data-joined='1']").length, me: me ? +me.dataset.seat : -1,
    invites: Object.fromEntries(Array.from(document.querySelectorAll("#invites input.invite-link[data-seat]")).map((e) => [e.dataset.seat, e.value])),
    kicks: Array.from(document.querySelectorAll("#room button.kick:not([disabled])")).map((e) => +e.dataset.seat),
    notice: q("#notice") && !q("#notice").hidden ? q("#notice").textContent : ""};
}`

func (tb *tab) waitRoom(ctx context.Context, pred, what string) roomPage {
	tb.t.Helper()
	var p roomPage
	timedOut, err := tb.waitJS(ctx, roomPageJS, pred, stepTimeout, &p)
	if err != nil || timedOut {
		tb.t.Fatalf("%s: not within %v (%v); the page: %+v", what, stepTimeout, err, p)
	}
	return p
}

// TestBrowserWaitingRoom: the creator of a Card Line table for four
// (private, as the form has it by default) invites two friends; the table
// is not in the lobby and does not start while a seat is free. Both
// friends take their seats and wait for the creator, who swaps a friend
// to the empty seat, asks the other to leave, and starts with bots in the
// seats left free: the game begins for everyone still seated.
func TestBrowserWaitingRoom(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t)
	a := newTab(t)
	ctx, cancel := context.WithTimeout(a.ctx, gameTimeout)
	defer cancel()
	a.do(stepTimeout, "open the lobby", chromedp.Navigate(s.URL+"/"))
	a.waitPage(ctx, `(s) => s.state === "lobby"`, stepTimeout, "waiting for body[data-state=lobby]")
	a.setField(ctx, "#create-game", 0, "cardline")
	a.setField(ctx, "#create-players", 0, "4")
	for i := range 4 {
		a.setField(ctx, ".seat-kind", i, "human")
	}
	a.setField(ctx, "#create-name", 0, "Ala")
	if ticked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#create-open").checked`)); err != nil || ticked {
		t.Fatalf("#create-open is ticked (%v): invited seats should be private by default", err)
	}
	a.do(stepTimeout, "clicking #create-submit", chromedp.Click(chromedp.CSS("#create-submit")))
	room := a.waitRoom(ctx, `(p) => p.room && p.start && p.me === 0 && Object.keys(p.invites).length === 3`,
		"the creator: waiting for the waiting room with #start and three invitation links")
	id := strings.TrimPrefix(room.Path, "/t/")

	// Private: the lobby lists no seat of it.
	var lobby []struct {
		ID string `json:"id"`
	}
	if code := s.call(t, "GET", "/api/tables", nil, &lobby); code != 200 {
		t.Fatalf("GET /api/tables: %d", code)
	}
	for _, e := range lobby {
		if e.ID == id {
			t.Fatalf("the lobby lists table %s, whose invited seats are private", id)
		}
	}

	// Two friends take seats 2 and 3 by their links, and wait.
	friends := map[string]*tab{}
	for seat, name := range map[string]string{"1": "Bolek", "2": "Celina"} {
		f := newTab(t)
		fctx, fcancel := context.WithTimeout(f.ctx, gameTimeout)
		defer fcancel()
		f.do(stepTimeout, name+" opens the invitation link", chromedp.Navigate(room.Invites[seat]))
		f.waitJoin(fctx, `(f) => f.form && f.submit !== ""`, name+": waiting for #join-form")
		f.setField(fctx, "#join-name", 0, name)
		f.do(stepTimeout, name+" clicks #join-submit", chromedp.Click(chromedp.CSS("#join-submit")))
		p := f.waitRoom(fctx, fmt.Sprintf(`(p) => p.room && p.wait && !p.start && p.me === %s`, seat), name+": waiting for the waiting room as a guest")
		if p.State == "your-turn" {
			t.Errorf("%s: the page says your turn before the start", name)
		}
		friends[name] = f
	}
	a.waitRoom(ctx, `(p) => p.room && p.joined === 3`, "the creator: waiting for three people at the table")
	var pub struct {
		Gathering bool `json:"gathering"`
		Pending   []int
		Players   []struct {
			Kind  string `json:"kind"`
			Name  string `json:"name"`
			Taken bool   `json:"taken"`
		} `json:"players"`
	}
	if s.call(t, "GET", withToken("/api/tables/"+id, a.storedToken(id)), nil, &pub); !pub.Gathering || len(pub.Pending) != 0 {
		t.Fatalf("with a seat free the table should gather: %+v", pub)
	}

	// Swap Bolek (seat 2) with the empty seat 4: his page follows.
	a.setField(ctx, "#swap-a", 0, "1")
	a.setField(ctx, "#swap-b", 0, "3")
	a.do(stepTimeout, "clicking #swap", chromedp.Click(chromedp.CSS("#swap")))
	bctx, bcancel := context.WithTimeout(friends["Bolek"].ctx, gameTimeout)
	defer bcancel()
	friends["Bolek"].waitRoom(bctx, `(p) => p.room && p.me === 3`, "Bolek: waiting to sit at seat 4 after the swap")

	// Celina is asked to leave: her page is a seat's no more. The
	// creator's buttons wait while the swap is on its way.
	a.waitRoom(ctx, `(p) => p.kicks.includes(2) && p.kicks.includes(3)`, "the creator: waiting for the swap to be done and the kick buttons of seats 3 and 4")
	a.do(stepTimeout, "clicking Celina's kick button", chromedp.Click(chromedp.CSS(`#room button.kick[data-seat="2"]`)))
	cctx, ccancel := context.WithTimeout(friends["Celina"].ctx, gameTimeout)
	defer ccancel()
	// A private table: without its seat she may not even watch.
	// She is told that the creator took her seat, not that she left it.
	gone := friends["Celina"].waitRoom(cctx, `(p) => (p.me === -1 || p.state === "gone") && p.notice !== ""`, "Celina: waiting to lose the seat, and to be told")
	if !strings.Contains(gone.Notice, "wyprosił") {
		t.Errorf("Celina's page says %q after the kick; want that the creator of the table removed her (\"wyprosił\")", gone.Notice)
	}
	a.waitRoom(ctx, `(p) => p.room && p.joined === 2`, "the creator: waiting for two people at the table")

	// Start with bots in seats 2 and 3.
	a.setField(ctx, "#start-bot", 0, "random")
	a.do(stepTimeout, "clicking #start", chromedp.Click(chromedp.CSS("#start")))
	a.waitRoom(ctx, `(p) => !p.room && (p.state === "your-turn" || p.state === "waiting")`, "the creator: waiting for the game after #start")
	friends["Bolek"].waitRoom(bctx, `(p) => !p.room && p.me === 3 && (p.state === "your-turn" || p.state === "waiting")`, "Bolek: waiting for the game")
	pub.Gathering, pub.Players = false, nil // both are left out or replaced
	s.call(t, "GET", withToken("/api/tables/"+id, a.storedToken(id)), nil, &pub)
	if p := pub.Players; pub.Gathering || len(p) != 4 || p[0].Name != "Ala" || p[1].Kind != "bot:random" || p[2].Kind != "bot:random" || p[3].Name != "Bolek" {
		t.Fatalf("after the start: %+v", pub)
	}
	a.screenshot("room-started.png")
}
