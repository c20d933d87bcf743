package e2e_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"stolik/games/all"
	"stolik/server"
	"stolik/store"
)

// chatPage is what the chat test reads of a page's chat.
type chatPage struct {
	Loaded bool              `json:"loaded"` // the chat's first update has come
	Lines  map[string]string `json:"lines"`  // message number → its text as shown
	Who    map[string]string `json:"who"`    // message number → data-who
	Bold   int               `json:"bold"`   // elements a message's markup would have made
	Note   string            `json:"note"`
	Error  string            `json:"error"`
}

const chatPageJS = `() => {
  const lines = {}, who = {};
  for (const li of document.querySelectorAll("#chat-log li.chat-line")) {
    const body = li.querySelector(".chat-text, .chat-deleted");
    lines[li.dataset.n] = body ? body.textContent : "";
    who[li.dataset.n] = li.dataset.who;
  }
  const q = (s) => document.querySelector(s);
  return {loaded: !!q("#chat-log li"), lines, who, bold: document.querySelectorAll("#chat-log b, #chat-log script").length,
    note: q("#chat-note") && !q("#chat-note").hidden ? q("#chat-note").textContent : "", error: q("#chat-error") ? q("#chat-error").textContent : ""};
}`

func (tb *tab) waitChat(ctx context.Context, pred, what string) chatPage {
	tb.t.Helper()
	var p chatPage
	timedOut, err := tb.waitJS(ctx, chatPageJS, pred, stepTimeout, &p)
	if err != nil || timedOut {
		tb.t.Fatalf("%s: not within %v (%v); the chat: %+v", what, stepTimeout, err, p)
	}
	return p
}

// js runs a script on the page.
func (tb *tab) js(ctx context.Context, what, script string) {
	tb.t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](script+";true")); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// say writes text in the page's chat and sends it.
func (tb *tab) say(ctx context.Context, text string) {
	tb.t.Helper()
	tb.js(ctx, "writing in the chat", fmt.Sprintf(`document.querySelector("#chat-input").value = %s; document.querySelector("#chat-send").click()`, jsString(text)))
}

// TestBrowserChat: two players and a spectator of an open Card Line table
// chat (text sent as text, a quick phrase shown in each reader's
// language, the spectator's marked); a player mutes the other, whose next
// message the muter alone does not see; the spectator reports a message,
// which reaches the store; the operator deletes it, and every page shows
// it deleted at once.
func TestBrowserChat(t *testing.T) {
	browser(t)
	t.Parallel()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Games: all.Games(), Logger: slog.New(slog.NewTextHandler(&testLog{t: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err != nil {
		t.Fatal(err)
	}
	hs, admin := httptest.NewServer(srv.Handler()), httptest.NewServer(srv.AdminHandler(server.AdminOptions{}))
	t.Cleanup(func() { admin.Close(); hs.Close(); srv.Close(); st.Close() })
	s := &stolik{URL: hs.URL}
	c := s.createTable(t, map[string]any{"game": "cardline", "options": map[string]any{"players": 2}, "seats": []string{"human", "human"}, "open": true, "name": "Ala"})
	bob := s.join(t, c.ID, c.invite(t, 1), "Bob")

	a, b, sp := newTab(t), newTab(t), newTab(t)
	actx, bctx, sctx := a.ctx, b.ctx, sp.ctx
	a.do(stepTimeout, "open the table as Ala", chromedp.Navigate(tableURL(s.URL, c.ID, c.Token, "en")))
	b.do(stepTimeout, "open the table as Bob", chromedp.Navigate(tableURL(s.URL, c.ID, bob.Token, "pl")))
	sp.do(stepTimeout, "open the table as a spectator", chromedp.Navigate(s.URL+"/t/"+c.ID+"?lang=en"))
	for _, p := range []*tab{a, b, sp} {
		p.waitChat(p.ctx, `(p) => p.loaded`, "the chat's first update")
	}

	a.say(actx, "Hello <b>all</b> <script>x()</script>")
	for _, p := range []*tab{a, b, sp} {
		got := p.waitChat(p.ctx, `(p) => p.lines["0"] !== undefined`, "Ala's message")
		if got.Lines["0"] != "Hello <b>all</b> <script>x()</script>" || got.Bold != 0 || got.Who["0"] != "s0" {
			t.Errorf("Ala's message shown as %+v", got)
		}
	}
	sp.say(sctx, "I am watching")
	for _, p := range []*tab{a, b} {
		p.waitChat(p.ctx, `(p) => p.who["1"] === "spectators" && p.lines["1"] === "I am watching"`, "the spectator's message, marked")
	}
	b.js(bctx, "Bob's quick phrase", `document.querySelector("#chat-phrases button[data-phrase=gg]").click()`)
	a.waitChat(actx, `(p) => p.lines["2"] === "Good game!" && p.who["2"] === "s1"`, "Bob's phrase in English")
	b.waitChat(bctx, `(p) => p.lines["2"] === "Dobra gra!"`, "Bob's phrase in Polish")

	// Ala mutes Bob: his next message reaches the others, not her.
	a.js(actx, "Ala mutes Bob", `document.querySelector("#chat-log li[data-who=s1] .chat-mute").click()`)
	a.waitChat(actx, `(p) => !Object.values(p.who).includes("s1")`, "Bob's messages hidden for Ala")
	b.say(bctx, "after the mute")
	sp.waitChat(sctx, `(p) => p.lines["3"] === "after the mute"`, "Bob's message after the mute, for the spectator")
	b.waitChat(bctx, `(p) => p.lines["3"] === "after the mute"`, "Bob's message after the mute, for Bob")
	if got := a.waitChat(actx, `(p) => p.lines["0"] !== undefined`, "Ala's chat"); got.Lines["3"] != "" || got.Who["3"] != "" {
		t.Errorf("Ala muted Bob and sees %+v", got)
	}
	muted, err := chromedp.Run(actx, chromedp.Evaluate[string](fmt.Sprintf(`localStorage.getItem("stolik.mute." + %s) || ""`, jsString(c.ID))))
	if err != nil || muted != `["s1"]` {
		t.Errorf("Ala's mute is kept as %q (%v)", muted, err)
	}

	// The spectator reports Ala's message; the operator deletes it.
	sp.js(sctx, "the spectator opens the report", `document.querySelector("#chat-log li[data-n='0'] .chat-report").click()`)
	sp.js(sctx, "the spectator reports", `document.querySelector(".chat-reason").value = "rude"; document.querySelector(".chat-report-form button").click()`)
	sp.waitChat(sctx, `(p) => p.note === "Reported. Thank you."`, "the report's thanks")
	reports, err := st.Reports(context.Background())
	if err != nil || len(reports) != 1 || reports[0].N != 0 || reports[0].Reporter != -1 || reports[0].Reason != "rude" || reports[0].Message.Seat != 0 {
		t.Fatalf("the store's reports: %+v %v", reports, err)
	}
	resp, err := http.Post(admin.URL+fmt.Sprintf("/chat/tables/%s/0/delete", c.ID), "application/json", nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the operator's delete: %v %v", resp, err)
	}
	resp.Body.Close()
	a.waitChat(actx, `(p) => p.lines["0"] === "(message deleted by the operator)"`, "Ala sees her message deleted")
	b.waitChat(bctx, `(p) => p.lines["0"] === "(wiadomość usunięta przez operatora)"`, "Bob sees it deleted")
	sp.waitChat(sctx, `(p) => p.lines["0"] === "(message deleted by the operator)"`, "the spectator sees it deleted")
	// On a phone the chat is a drawer: its button counts the messages
	// that came while it was closed (not Bob's, muted), and opening it
	// reads them.
	if got, err := chromedp.Run(actx, chromedp.Evaluate[string](`document.querySelector("#chat-toggle").textContent`)); err != nil || got != "Chat (2)" {
		t.Errorf("Ala's chat button: %q (%v), want Chat (2)", got, err)
	}
	a.js(actx, "Ala opens the chat", `document.querySelector("#chat-toggle").click()`)
	if got, err := chromedp.Run(actx, chromedp.Evaluate[string](`document.querySelector("#chat-toggle").textContent`)); err != nil || got != "Chat" {
		t.Errorf("Ala's chat button once opened: %q (%v)", got, err)
	}
	a.screenshot("chat-muter.png")
}
