package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// evalJSON runs a script of the tab's page that resolves to a value,
// and reads it into out.
func (tb *tab) evalJSON(what, expr string, out any) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise))
	if err == nil {
		err = json.Unmarshal(raw, out)
	}
	if err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// Two accounts: Ala makes a private table and, in its room, invites Bob
// by his user name; Bob sees the invitation in his games (in Polish),
// accepts it and sits at the table; then the table is under "your move"
// for the one of them who is to move, and under "waiting" for the other.
func TestBrowserMyGames(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, cheapPasswords)
	signUp := func(tb *tab, name string) {
		tb.do(stepTimeout, "open /account", chromedp.Navigate(s.URL+"/account?lang=en"))
		tb.waitAccount(`(s) => s.signedOut`, "the sign-in page")
		var status int
		tb.evalJSON("sign up "+name, `fetch("/api/account/signup", {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({name: "`+name+`", password: "tajne-hasło-1"})}).then((r) => r.status)`, &status)
		if status != 201 {
			t.Fatalf("signing up %s: %d", name, status)
		}
	}
	ala, bob := newTab(t), newTab(t)
	signUp(ala, "Ala")
	signUp(bob, "Bob")

	// Ala's table, made from the page as the lobby makes it.
	var made struct {
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	ala.evalJSON("make a table", `fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({game: "cardline", options: {players: 2}, seats: ["human", "human"], name: "Ala"})}).then((r) => r.json())
  .then((c) => { localStorage.setItem("stolik.seats", JSON.stringify({[c.id]: c.token})); return c; })`, &made)
	ala.do(stepTimeout, "open the room", chromedp.Navigate(s.URL+"/t/"+made.ID+"?lang=en"))
	ala.waitPlain(`() => !!document.querySelector("#invite-name-1")`, "the room's invitation by name")
	ala.do(stepTimeout, "invite bob", chromedp.SendKeys(chromedp.CSS("#invite-name-1"), "bob"),
		chromedp.Click(chromedp.CSS(`form.invite-name[data-seat="1"] button[type="submit"]`)))
	ala.waitPlain(`() => !!document.querySelector("#invited-1")`, "the invitation shown to its creator")

	// Bob's games, in Polish: the header and the lobby lead there.
	bob.do(stepTimeout, "open the lobby", chromedp.Navigate(s.URL+"/?lang=pl"))
	bob.waitPlain(`() => !!document.querySelector("#mygames-link:not([hidden])") && !!document.querySelector("#lobby-mygames")`, "the links to my games")
	bob.do(stepTimeout, "open my games", chromedp.Click(chromedp.CSS("#lobby-mygames")))
	invite := fmt.Sprintf(`#mine-invited li[data-table=%q] .mine-accept`, made.ID)
	bob.waitPlain(`() => !!document.querySelector(`+jsString(invite)+`)`, "the invitation in bob's games")
	bob.do(stepTimeout, "accept", chromedp.Click(chromedp.CSS(invite)))
	bob.waitPlain(`() => location.pathname === "/t/`+made.ID+`" && document.body.dataset.state !== "loading"`, "the table after accepting")

	var pub struct {
		Pending []int `json:"pending"`
	}
	if code := s.call(t, "GET", "/api/tables/"+made.ID+"?token="+made.Token, nil, &pub); code != 200 || len(pub.Pending) == 0 {
		t.Fatalf("the table once bob sat: %d %+v", code, pub)
	}
	for seat, tb := range []*tab{ala, bob} {
		list := "#mine-waiting"
		if slices.Contains(pub.Pending, seat) {
			list = "#mine-turn"
		}
		tb.do(stepTimeout, "open my games", chromedp.Navigate(s.URL+"/me?lang=en"))
		tb.waitPlain(`() => !!document.querySelector(`+jsString(fmt.Sprintf(`%s li[data-table=%q]`, list, made.ID))+`)`,
			fmt.Sprintf("seat %d's table under %s (pending %v)", seat, list, pub.Pending))
	}

	// The player to move signs in on another device (a browser context
	// of its own, which keeps no token), opens the private table from
	// their games and moves there.
	name := []string{"Ala", "Bob"}[pub.Pending[0]]
	phone := newTab(t)
	phone.do(stepTimeout, "open /account", chromedp.Navigate(s.URL+"/account?lang=en"))
	var status int
	phone.evalJSON("sign in "+name, `fetch("/api/account/signin", {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({name: "`+name+`", password: "tajne-hasło-1"})}).then((r) => r.status)`, &status)
	if status != 200 {
		t.Fatalf("signing %s in on another device: %d", name, status)
	}
	phone.do(stepTimeout, "open my games", chromedp.Navigate(s.URL+"/me?lang=en"))
	mine := fmt.Sprintf(`#mine-turn li[data-table=%q] a.mine-open`, made.ID)
	phone.waitPlain(`() => !!document.querySelector(`+jsString(mine)+`)`, "the table under my move on the other device")
	phone.do(stepTimeout, "open the table", chromedp.Click(chromedp.CSS(mine)))
	ctx, cancel := context.WithTimeout(phone.ctx, stepTimeout)
	defer cancel()
	st := phone.waitPage(ctx, predReady, stepTimeout, "the seat to move on the other device")
	if st.State != "your-turn" || phone.storedToken(made.ID) == "" {
		t.Fatalf("the other device: %s, token kept %v", st, phone.storedToken(made.ID) != "")
	}
	phone.do(stepTimeout, "move on the other device", chromedp.Click(chromedp.CSS(`#moves button.move[data-move=`+cssString(st.Buttons[0].Move)+`]`)))
	phone.waitPage(ctx, `(s) => s.moves === "1"`, stepTimeout, "the move played on the other device")
}

// waitPlain waits until pred (JavaScript, of nothing) holds.
func (tb *tab) waitPlain(pred, what string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	if timedOut, err := tb.waitJS(ctx, "() => true", pred, stepTimeout, nil); err != nil || timedOut {
		tb.t.Fatalf("%s: %v (timed out %v); the page: %s", what, err, timedOut, tb.state())
	}
}
