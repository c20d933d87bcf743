package server

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"stolik/engine"
	"stolik/server/bustest"
	"stolik/store/pgtest"
)

// myGames reads a browser's GET /api/account/tables.
func myGames(t *testing.T, b *browser) MyGames {
	t.Helper()
	var g MyGames
	if err := json.Unmarshal(b.must("GET", "/api/account/tables", "", 200), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func ids(list []MyTable) string {
	var out []string
	for _, m := range list {
		out = append(out, m.ID)
	}
	return strings.Join(out, " ")
}

// A private table of two, made by ala (seat 0), with seat 1 free.
func privateTable(t *testing.T, ala *browser) Created {
	t.Helper()
	var c Created
	json.Unmarshal(ala.must("POST", "/api/tables", `{"game":"cardline","seats":["human","human"],"options":{"players":2},"name":"Ala"}`, 201), &c)
	return c
}

// The creator invites an account by its user name to a free seat: the
// invited account alone sees the invitation, in its games, and takes the
// seat with it (linked to the account) or declines it; the creator may
// withdraw it. Nobody else learns of it, and nothing shows a secret.
func TestInviteByName(t *testing.T) {
	s, hs, logs := accountServer(t)
	ala, bob, eve := newBrowser(t, hs.URL), newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	signUp(t, eve, "Eve", "tajne-hasło")
	c := privateTable(t, ala)
	invite := func(b *browser, token string, seat int, name string, status int) []byte {
		return b.must("POST", "/api/tables/"+c.ID+"/invite", fmt.Sprintf(`{"token":%q,"seat":%d,"account":%q}`, token, seat, name), status)
	}
	// Refused: a name no account has, the creator's own, a seat taken, a
	// token not the creator's.
	invite(ala, c.Token, 1, "nobody", 404)
	invite(ala, c.Token, 1, "ala", 409)
	invite(ala, c.Token, 0, "bob", 409)
	if got := string(invite(ala, c.Token, 1, "BOB", 200)); !strings.Contains(got, `"account":"Bob"`) || strings.Contains(got, "code") {
		t.Errorf("the invitation's answer: %s", got)
	}
	if !strings.Contains(logs.String(), "invited") {
		t.Error("the invitation was not logged where its notice goes")
	}
	// The creator sees whom the seat is for; a spectator does not.
	if got := string(ala.must("GET", "/api/tables/"+c.ID+"?token="+c.Token, "", 200)); !strings.Contains(got, `"invited":[{"seat":1,"account":"Bob"}]`) {
		t.Errorf("the creator's view: %s", got)
	}
	if got := string(eve.must("GET", "/api/tables/"+c.ID+"?watch="+c.Watch, "", 200)); strings.Contains(got, "Bob") || strings.Contains(got, "invited") {
		t.Errorf("a spectator learns of the invitation: %s", got)
	}
	// Bob sees it in his games; Eve sees nothing, and cannot take it.
	if g := myGames(t, bob); ids(g.Invited) != c.ID || len(g.Turn)+len(g.Waiting)+len(g.Results) != 0 || g.Invited[0].Seat != 1 {
		t.Fatalf("bob's games: %+v", g)
	}
	if g := myGames(t, eve); len(g.Invited)+len(g.Turn)+len(g.Waiting) != 0 {
		t.Errorf("eve's games: %+v", g)
	}
	eve.must("POST", "/api/tables/"+c.ID+"/accept", `{}`, 404)
	eve.must("POST", "/api/tables/"+c.ID+"/decline", `{}`, 404)
	// Bob declines; invited again, he accepts and holds the seat.
	bob.must("POST", "/api/tables/"+c.ID+"/decline", `{}`, 200)
	if g := myGames(t, bob); len(g.Invited) != 0 {
		t.Errorf("a declined invitation is still listed: %+v", g)
	}
	invite(ala, c.Token, 1, "bob", 200)
	var st SeatToken
	json.Unmarshal(bob.must("POST", "/api/tables/"+c.ID+"/accept", `{}`, 200), &st)
	tab, _ := s.Table(c.ID)
	if seats := tab.Seats(); st.Seat != 1 || st.Token == "" || seats[1].Invited != "" || seats[1].AccountName != "Bob" || !seats[1].Taken || seats[1].InviteHash != "" {
		t.Fatalf("accepted: %+v, seat %+v", st, seats[1])
	}
	if seat, err := tab.SeatOf(st.Token); err != nil || seat != 1 {
		t.Errorf("the accepted token acts for seat %d, %v", seat, err)
	}
	bob.must("POST", "/api/tables/"+c.ID+"/accept", `{}`, 404) // used up
	if g := myGames(t, bob); len(g.Invited) != 0 || len(g.Turn)+len(g.Waiting) != 1 {
		t.Errorf("bob's games after accepting: %+v", g)
	}
	for _, secret := range []string{c.Token, st.Token, c.Watch} {
		if strings.Contains(string(*eve.bodies), secret) {
			t.Error("a secret reached another account")
		}
	}
}

// The creator withdraws an invitation; only the creator may.
func TestWithdrawInvitation(t *testing.T) {
	_, hs, _ := accountServer(t)
	ala, bob := newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	c := privateTable(t, ala)
	ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1,"account":"bob"}`, 200)
	var code Invite
	json.Unmarshal(ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1}`, 200), &code)
	var guest SeatToken
	json.Unmarshal(bob.must("POST", "/api/tables/"+c.ID+"/join", `{"invite":"`+code.Code+`","name":"Gość"}`, 200), &guest)
	bob.must("POST", "/api/tables/"+c.ID+"/invite/withdraw", `{"token":"`+guest.Token+`","seat":1}`, 403)
	bob.must("POST", "/api/tables/"+c.ID+"/leave", `{"token":"`+guest.Token+`"}`, 200)
	ala.must("POST", "/api/tables/"+c.ID+"/invite/withdraw", `{"token":"`+c.Token+`","seat":1}`, 404) // leaving freed the seat whole
	ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1,"account":"bob"}`, 200)
	ala.must("POST", "/api/tables/"+c.ID+"/invite/withdraw", `{"token":"`+c.Token+`","seat":1}`, 200)
	if g := myGames(t, bob); len(g.Invited) != 0 {
		t.Errorf("a withdrawn invitation is listed: %+v", g)
	}
	bob.must("POST", "/api/tables/"+c.ID+"/accept", `{}`, 404)
}

// My games lists the signed-in account's tables: those where it is to
// move first, then the ones waiting for others, then the results, with
// the place each took; another account's tables are not there, and a
// guest is refused.
func TestMyGamesSorted(t *testing.T) {
	s, hs, _ := accountServer(t)
	ala, bob, guest := newBrowser(t, hs.URL), newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	guest.must("GET", "/api/account/tables", "", 401)
	if g := myGames(t, ala); g.Turn == nil || g.Waiting == nil || g.Invited == nil || g.Results == nil {
		t.Errorf("an empty page's lists are not empty lists: %+v", g)
	}
	c := privateTable(t, ala)
	ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1,"account":"bob"}`, 200)
	var st SeatToken
	json.Unmarshal(bob.must("POST", "/api/tables/"+c.ID+"/accept", `{}`, 200), &st)
	tab, _ := s.Table(c.ID)
	_, _, pending := tab.View(0)
	if len(pending) != 1 {
		t.Fatalf("pending %v", pending)
	}
	mover, other := ala, bob
	if pending[0] == 1 {
		mover, other = bob, ala
	}
	if g := myGames(t, mover); ids(g.Turn) != c.ID || len(g.Waiting) != 0 {
		t.Errorf("the player to move: %+v", g)
	}
	if g := myGames(t, other); ids(g.Waiting) != c.ID || len(g.Turn) != 0 {
		t.Errorf("the player waiting: %+v", g)
	}
	// Played out: both see the result, with their own seat.
	playOut(t, s, tab, map[engine.Seat]string{0: c.Token, 1: st.Token})
	out, _ := tab.Outcome()
	for seat, b := range map[int]*browser{0: ala, 1: bob} {
		g := myGames(t, b)
		if ids(g.Results) != c.ID || len(g.Turn)+len(g.Waiting) != 0 || g.Results[0].Seat != seat || g.Results[0].Outcome == nil ||
			g.Results[0].Place != out.Ranks[seat] || g.Results[0].Replay != "/t/"+c.ID+"?replay" {
			t.Errorf("seat %d's results: %+v", seat, g)
		}
	}
}

// In a cluster, the invited account accepts through a node that does not
// run the table, and that node lists the account's tables from the
// shared database, the one in play as it stands, without taking it over.
func TestClusterMyGames(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	cheap := func(c *Config) { c.Password = cheapPasswords }
	a := startNode(t, pg, bus, "a", time.Minute, cheap)
	b := startNode(t, pg, bus, "b", time.Minute, cheap)
	ala, bob := newBrowser(t, a.hs.URL), newBrowser(t, b.hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	c := privateTable(t, ala)
	ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1,"account":"bob"}`, 200)
	if g := myGames(t, bob); ids(g.Invited) != c.ID {
		t.Fatalf("bob's games on the other node: %+v", g)
	}
	bob.must("POST", "/api/tables/"+c.ID+"/accept", `{"name":"Bob B."}`, 200)
	tab, err := a.s.Table(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p := tab.Players(); p[1].Account != "Bob" || p[1].Name != "Bob B." {
		t.Errorf("the seat accepted through the other node: %+v", p[1])
	}
	_, _, pending := tab.View(0)
	g := myGames(t, bob)
	if want := slices.Contains(pending, 1); len(g.Turn)+len(g.Waiting) != 1 || (len(g.Turn) == 1) != want {
		t.Errorf("bob's games on the other node (pending %v): %+v", pending, g)
	}
	if b.s.InMemory(c.ID) {
		t.Error("listing the games took the table over")
	}
}

// invitationMatrix is the invitations' and My games' part of the matrix
// of docs/security.md, at a private table of three: seat 0 the creator's
// (Ala), seat 1 a guest's who joined with a code (Cyd, signed in), seat 2
// free with an invitation of Bob by name. Each row is who asks (their
// session cookie, from the server's own page unless said otherwise, and
// their seat's token); each column, in this order: GET
// /api/account/tables, POST …/invite of Dan to seat 2 with the row's
// token, POST …/invite/withdraw of seat 2 with it, POST …/accept,
// POST …/decline. A fresh table for each row.
var invitationMatrix = []struct {
	who    string
	status [5]int
}{
	{"no cookie, no token", [5]int{401, 400, 400, 401, 401}},
	{"the invited account from another site's page", [5]int{200, 403, 403, 403, 403}},
	{"another account, no token", [5]int{200, 400, 400, 404, 404}},
	{"a seated account's token, not the creator's", [5]int{200, 403, 403, 404, 404}},
	{"the creator's account and token", [5]int{200, 200, 200, 404, 404}},
	{"the invited account, no token", [5]int{200, 400, 400, 200, 404}},
}

func invitationMatrixFor(t *testing.T) {
	_, hs, _ := accountServer(t)
	base := hs.URL
	people := map[string]*browser{}
	for _, name := range []string{"Ala", "Bob", "Cyd", "Dan", "Eve"} {
		people[name] = newBrowser(t, base)
		signUp(t, people[name], name, "tajne-hasło")
	}
	ala, bob, cyd := people["Ala"], people["Bob"], people["Cyd"]
	for _, row := range invitationMatrix {
		var c Created
		json.Unmarshal(ala.must("POST", "/api/tables", `{"game":"cardline","seats":["human","human","human"],"options":{"players":3},"name":"Ala"}`, 201), &c)
		var cydSeat SeatToken
		json.Unmarshal(cyd.must("POST", "/api/tables/"+c.ID+"/join", `{"name":"Cyd","invite":"`+c.Invites[0].Code+`"}`, 200), &cydSeat)
		ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":2,"account":"bob"}`, 200)
		asker, token := newBrowser(t, base), ""
		switch row.who {
		case "the invited account from another site's page":
			asker.c.Jar, asker.origin = bob.c.Jar, "https://evil.example"
		case "another account, no token":
			asker = people["Eve"]
		case "a seated account's token, not the creator's":
			asker, token = cyd, cydSeat.Token
		case "the creator's account and token":
			asker, token = ala, c.Token
		case "the invited account, no token":
			asker = bob
		}
		for i, q := range []struct{ method, path, body string }{
			{"GET", "/api/account/tables", ""},
			{"POST", "/api/tables/" + c.ID + "/invite", `{"token":"` + token + `","seat":2,"account":"dan"}`},
			{"POST", "/api/tables/" + c.ID + "/invite/withdraw", `{"token":"` + token + `","seat":2}`},
			{"POST", "/api/tables/" + c.ID + "/accept", `{}`},
			{"POST", "/api/tables/" + c.ID + "/decline", `{}`},
		} {
			code, data, _ := asker.do(q.method, q.path, q.body)
			if code != row.status[i] {
				t.Errorf("%s: %s %s: %d %s, want %d", row.who, q.method, q.path, code, data, row.status[i])
			}
			if strings.Contains(string(data), c.Token) || strings.Contains(string(data), c.Watch) || strings.Contains(string(data), cydSeat.Token) ||
				strings.Contains(string(data), c.Invites[0].Code) {
				t.Errorf("%s: %s %s shows a secret: %s", row.who, q.method, q.path, data)
			}
			if i == 0 && code == 200 && row.who != "the invited account, no token" && row.who != "the invited account from another site's page" &&
				strings.Contains(string(data), `"invited":[{`) {
				t.Errorf("%s is shown another's invitation: %s", row.who, data)
			}
		}
	}
}

// A timed table lists the time the player to move has left: My games
// carries the deadline of the seat whose turn it is, and none for the
// seat waiting.
func TestMyGamesShowsTheDeadline(t *testing.T) {
	s, hs, _ := accountServer(t)
	ala, bob := newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	var c Created
	json.Unmarshal(ala.must("POST", "/api/tables", `{"game":"cardline","seats":["human","human"],"options":{"players":2},"name":"Ala",`+
		`"clock":{"mode":"turn","per_move":86400,"extra_days":2}}`, 201), &c)
	ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1,"account":"bob"}`, 200)
	bob.must("POST", "/api/tables/"+c.ID+"/accept", `{}`, 200)
	tab, _ := s.Table(c.ID)
	_, _, pending := tab.View(0)
	if len(pending) != 1 {
		t.Fatalf("pending %v", pending)
	}
	mover, other := ala, bob
	if pending[0] == 1 {
		mover, other = bob, ala
	}
	want := tab.Deadlines()[pending[0]]
	if want.IsZero() {
		t.Fatalf("the timed table gives the seat to move no deadline: %v", tab.Deadlines())
	}
	if g := myGames(t, mover); len(g.Turn) != 1 || g.Turn[0].Deadline == nil || !g.Turn[0].Deadline.Equal(want) {
		t.Errorf("the player to move: %+v, want the deadline %v", g.Turn, want)
	}
	if g := myGames(t, other); len(g.Waiting) != 1 || g.Waiting[0].Deadline != nil {
		t.Errorf("the player waiting: %+v, want no deadline", g.Waiting)
	}
}
