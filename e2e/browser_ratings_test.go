package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// account is a person signed up through the API, with the session the
// sign-up gave (the cookie jar of their own client).
type account struct {
	name   string
	client *http.Client
	cookie *http.Cookie
}

// signUp makes an account with a password; its client carries the
// session cookie and the page's own Origin, as the browser would.
func (s *stolik) signUp(t *testing.T, name, display string) account {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	a := account{name: name, client: &http.Client{Jar: jar}}
	if code := a.call(t, s, "POST", "/api/account/signup", map[string]any{"name": name, "display": display, "password": "correct horse " + name, "lang": "pl"}, nil); code != 201 {
		t.Fatalf("sign-up of %s: %d", name, code)
	}
	u, _ := url.Parse(s.URL)
	for _, c := range jar.Cookies(u) {
		if c.Name == "stolik_session" {
			a.cookie = c
		}
	}
	if a.cookie == nil {
		t.Fatalf("the sign-up of %s set no stolik_session cookie", name)
	}
	return a
}

// call is an API call by the account, from the server's own page.
func (a account) call(t *testing.T, s *stolik, method, path string, body, out any) int {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, s.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", s.URL)
	resp, err := a.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

// signedInTab is a browser context holding the account's session.
func (s *stolik) signedInTab(t *testing.T, a account) *tab {
	t.Helper()
	tb := newTab(t)
	httpOnly := true
	if _, err := chromedp.Call(tb.ctx, network.SetCookie, network.SetCookieParams{Name: a.cookie.Name, Value: a.cookie.Value,
		URL: s.URL + "/", HTTPOnly: &httpOnly}); err != nil {
		t.Fatalf("giving the browser %s's session: %v", a.name, err)
	}
	if _, err := chromedp.Call(tb.ctx, network.SetCookie, network.SetCookieParams{Name: "stolik_signed_in", Value: "1", URL: s.URL + "/"}); err != nil {
		t.Fatalf("giving the browser %s's marker: %v", a.name, err)
	}
	tb.do(stepTimeout, "a desktop's screen", desktop.emulate())
	return tb
}

type profile struct {
	Name  string `json:"name"`
	Games []struct {
		Game   string  `json:"game"`
		Rating float64 `json:"rating"`
		Mu     float64 `json:"mu"`
		Games  int     `json:"games"`
		Wins   int     `json:"wins"`
	} `json:"games"`
	Tables []struct {
		ID     string `json:"id"`
		Rated  bool   `json:"rated"`
		Replay string `json:"replay"`
	} `json:"tables"`
}

// TestBrowserRatedGame: two accounts play a rated game of Cardline to its
// end, each in their own browser by clicking the board; both ratings
// move, the game is on both profiles with its replay, the leaderboard
// lists both in order, and the profile and the leaderboard pages pass
// axe-core.
func TestBrowserRatedGame(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, allowSeeds)
	ala := s.signUp(t, "ala", "Ala")
	bolek := s.signUp(t, "bolek", "Bolek")

	var c createdTable
	if code := ala.call(t, s, "POST", "/api/tables", map[string]any{"game": "cardline", "seats": []string{"human", "human"},
		"options": map[string]any{"players": 2}, "seed": 11, "name": "Ala"}, &c); code != 201 || len(c.Invites) != 1 {
		t.Fatalf("Ala's table: %d %+v", code, c)
	}
	var joined seatToken
	if code := bolek.call(t, s, "POST", "/api/tables/"+c.ID+"/join", map[string]any{"invite": c.Invites[0].Code, "name": "Bolek"}, &joined); code != 200 {
		t.Fatalf("Bolek joins: %d", code)
	}
	var pub struct {
		Rating struct {
			Rated bool   `json:"rated"`
			Code  string `json:"code"`
		} `json:"rating"`
	}
	if code := s.call(t, "GET", withToken("/api/tables/"+c.ID, c.Token), nil, &pub); code != 200 || !pub.Rating.Rated {
		t.Fatalf("a table between two accounts should be rated: %d %+v", code, pub)
	}

	tabs := []*tab{s.signedInTab(t, ala), s.signedInTab(t, bolek)}
	tokens := []string{c.Token, joined.Token}
	ctx, cancel := context.WithTimeout(tabs[0].ctx, gameTimeout)
	defer cancel()
	ctxs := []context.Context{ctx, tabs[1].ctx}
	for i, tb := range tabs {
		tb.do(stepTimeout, "open the table", chromedp.Navigate(tableURL(s.URL, c.ID, tokens[i], "pl")))
	}
	// Each player makes a first move on the board; the rest of the game is
	// played through the server, the pages following it.
	rng := rand.New(rand.NewPCG(11, 0xa1a))
	reported := map[string]bool{}
	for boardMoves := 0; boardMoves < len(tabs); {
		for i, tb := range tabs {
			st := tb.waitPage(ctxs[i], `(s) => s.state === "over" || s.state === "waiting" || (s.state === "your-turn" && s.buttons.length > 0 && s.buttons.every((b) => !b.disabled))`,
				stepTimeout, "waiting for a turn or the end")
			if st.State != "your-turn" {
				continue
			}
			tb.boardMove(ctxs[i], rng, desktop, reported)
			tb.waitPage(ctxs[i], fmt.Sprintf(`(s) => s.state === "over" || s.moves !== %s`, jsString(st.Moves)), stepTimeout, "waiting for the move")
			boardMoves++
		}
	}
	table, err := s.srv.Table(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	for moves := 0; !table.Ended(); moves++ {
		if moves > moveCap {
			t.Fatalf("not over after %d moves", moves)
		}
		_, _, pending := table.View(0)
		if len(pending) == 0 {
			t.Fatalf("the game is not over and nobody is to move")
		}
		token := tokens[pending[0]]
		legal := table.Legal(pending[0])
		if _, err := s.srv.Play(ctx, table, token, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatalf("a legal move refused: %v", err)
		}
	}
	// Both pages see the end.
	for i, tb := range tabs {
		tb.waitPage(ctxs[i], `(s) => s.state === "over"`, stepTimeout, "waiting for the end on both pages")
	}

	// Both ratings moved; the game is on both profiles, with its replay.
	var profiles []profile
	for _, a := range []account{ala, bolek} {
		var p profile
		deadline := time.Now().Add(stepTimeout)
		for {
			if code := s.call(t, "GET", "/api/users/"+a.name, nil, &p); code != 200 {
				t.Fatalf("GET /api/users/%s: %d", a.name, code)
			}
			if len(p.Games) > 0 || time.Now().After(deadline) {
				break
			}
			// The rating is written as the table is stored finished: ask
			// again until it is there.
			tabs[0].waitJS(ctx, `() => true`, `() => false`, 200*time.Millisecond, nil)
		}
		if len(p.Games) != 1 || p.Games[0].Game != "cardline" || p.Games[0].Games != 1 || p.Games[0].Mu == 25 {
			t.Fatalf("%s's profile after one rated game: %+v", a.name, p.Games)
		}
		if len(p.Tables) != 1 || p.Tables[0].ID != c.ID || !p.Tables[0].Rated || p.Tables[0].Replay == "" {
			t.Fatalf("%s's profile lists %+v, want the rated table %s with its replay", a.name, p.Tables, c.ID)
		}
		profiles = append(profiles, p)
	}
	winner, loser := profiles[0], profiles[1]
	if winner.Games[0].Wins == 0 {
		winner, loser = loser, winner
	}
	if winner.Games[0].Wins != 1 || loser.Games[0].Wins != 0 || winner.Games[0].Mu <= 25 || loser.Games[0].Mu >= 25 {
		t.Errorf("after the game: %s %+v, %s %+v; want the winner's mu above 25 and the loser's below", winner.Name, winner.Games[0], loser.Name, loser.Games[0])
	}

	// The pages: the profile lists the table and opens its replay; the
	// leaderboard lists the winner first.
	tb := tabs[0]
	tb.do(stepTimeout, "open Ala's profile", chromedp.Navigate(s.URL+"/u/ala?lang=pl"))
	sel := `#profile-tables a[href*="` + c.ID + `"][href*="replay"]`
	if timedOut, err := tb.waitJS(ctx, `() => !!document.querySelector(`+jsString(sel)+`)`, `(v) => v`, stepTimeout, nil); err != nil || timedOut {
		t.Fatalf("the profile page has no replay link to %s (%v)", c.ID, err)
	}
	checkAxe(t, tb, ctx, "the profile")
	tb.do(stepTimeout, "open the replay from the profile", chromedp.Click(chromedp.CSS(sel)))
	if timedOut, err := tb.waitJS(ctx, replayJS, `(v) => v.move === 0 && v.moves > 0`, stepTimeout, nil); err != nil || timedOut {
		t.Fatalf("the profile's replay link opened no replay (%v)", err)
	}
	tb.do(stepTimeout, "open the leaderboard", chromedp.Navigate(s.URL+"/ratings/cardline?lang=en"))
	var names []string
	if timedOut, err := tb.waitJS(ctx, `() => Array.from(document.querySelectorAll("#leaderboard tbody tr")).map((r) => r.textContent)`,
		`(v) => v.length === 2`, stepTimeout, &names); err != nil || timedOut {
		t.Fatalf("the leaderboard lists %q, want two rows (%v)", names, err)
	}
	if !strings.Contains(names[0], winner.Name) && !strings.Contains(strings.ToLower(names[0]), strings.ToLower(winner.Name)) {
		t.Errorf("the leaderboard's first row is %q, want the winner %s", names[0], winner.Name)
	}
	checkAxe(t, tb, ctx, "the leaderboard")
}

// checkAxe runs axe-core on the tab's page when it is installed (else it
// says so in the log: the rest of the test still counts).
func checkAxe(t *testing.T, tb *tab, ctx context.Context, what string) {
	t.Helper()
	src, from := findAxe()
	if src == "" {
		t.Logf("axe-core is not installed (tried %s): %s not checked", from, what)
		return
	}
	for _, v := range runAxe(t, ctx, src) {
		t.Errorf("%s: axe-core %s (%s): %s — %v", what, v.ID, v.Impact, v.Help, v.Targets)
	}
}
