package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/games/all"
)

// The authorization matrix of docs/security.md, for every game, at a
// private and at an open table of two people in play: seat 0 is the
// creator's, seat 1 a joiner's (who joined with an invitation, left, and
// joined again with a new one). Each row is who asks, each column what:
//
//	table   GET /api/tables/{id}        record  GET …/record and …/replay (in play)
//	ws      the WebSocket: the seat it acts for (-1 a spectator) or the status
//	move    a move sent on that socket: "spectator" refused, or "seat"
//	join    POST …/join (with the row's invitation, if any)
//	leave, invite (seat 1), rematch     POST with the row's token
//	start, swap (seats 0, 1), kick (seat 1)  POST with the row's token: the
//	        waiting room's, refused once the table is in play (started)
//	takeback POST …/takeback with the row's token (no bot stands in here)
//	chat    a chat message on the socket: "written" (sent back to it)
//	report  POST …/chat/0/report with the row's token or watch code
//
// Then the game is played out and the creator asks for its rematch, and
// rematchMatrix is asked. Every answer is searched for every token and
// code handed out: none may appear in any of them.
var authMatrix = map[bool][]authRow{
	false: { // private
		{"no credential", "none", 404, 404, "404", "", 404, 400, 400, 400, 400, 400, 400, 400, "", 404},
		{"spectator (watch code)", "watch", 200, 409, "-1", "spectator", 404, 400, 400, 400, 400, 400, 400, 400, "written", 201},
		{"own seat", "own", 200, 409, "1", "seat", 404, 0, 403, 409, 403, 403, 403, 409, "written", 201},
		{"the creator's token", "creator", 200, 409, "0", "seat", 404, 0, 409, 409, 409, 409, 409, 409, "written", 201},
		{"another table's seat", "other", 404, 404, "404", "", 404, 404, 404, 404, 404, 404, 404, 404, "", 404},
		{"a stale token (seat left)", "stale", 404, 404, "404", "", 404, 404, 404, 404, 404, 404, 404, 404, "", 404},
		{"a used invitation", "used", 404, 404, "404", "", 403, 400, 400, 400, 400, 400, 400, 400, "", 404},
	},
	true: { // open
		{"no credential", "none", 200, 409, "-1", "spectator", 409, 400, 400, 400, 400, 400, 400, 400, "written", 201},
		{"own seat", "own", 200, 409, "1", "seat", 409, 0, 403, 409, 403, 403, 403, 409, "written", 201},
		{"the creator's token", "creator", 200, 409, "0", "seat", 409, 0, 409, 409, 409, 409, 409, 409, "written", 201},
		{"another table's seat", "other", 403, 403, "403", "", 409, 403, 403, 403, 403, 403, 403, 403, "", 403},
		{"a stale token (seat left)", "stale", 403, 403, "403", "", 409, 403, 403, 403, 403, 403, 403, 403, "", 403},
		{"a used invitation", "used", 200, 409, "-1", "spectator", 403, 400, 400, 400, 400, 400, 400, 400, "written", 201},
	},
}

// authRow is one row of the matrix; 0 means not asked there (leave with a
// good token is asked at the end, once).
type authRow struct {
	who, actor                 string
	table, record              int
	ws, move                   string
	join, leave, invite, remat int
	start, swap, kick          int
	takeback                   int    // POST …/takeback with the row's token: refused at a seat no bot stands in for
	chat                       string // a chat message on the socket: "written", or "" with no socket
	report                     int    // POST …/chat/0/report with the row's token or watch code
}

// rematchMatrix is the matrix of docs/security.md at the finished table,
// once its creator has asked for the rematch (seat 0 claimed there by the
// creator, seat 1 kept for the joiner). Each row is who asks, each column
// a POST with the row's token:
//
//	invite      …/invite for seat 1 of the finished table
//	inviteNext  …/invite for seat 1 of the rematch (kept for the joiner)
//	remat       …/rematch of the finished table
//
// The rows run in this order: the rematches asked last change the tables.
var rematchMatrix = map[bool][]rematchRow{
	false: { // private
		{"no credential", "none", 400, 400, 400},
		{"spectator (watch code)", "watch", 400, 400, 400},
		{"another table's seat", "other", 404, 404, 404},
		{"a stale token (seat left)", "stale", 404, 404, 404},
		{"a used invitation", "used", 400, 400, 400},
		{"the rematch's creator's token", "next", 404, 409, 404},
		{"own seat", "own", 403, 404, 201},
		{"the creator's token", "creator", 409, 404, 201},
	},
	true: { // open
		{"no credential", "none", 400, 400, 400},
		{"another table's seat", "other", 403, 403, 403},
		{"a stale token (seat left)", "stale", 403, 403, 403},
		{"a used invitation", "used", 400, 400, 400},
		{"the rematch's creator's token", "next", 403, 409, 403},
		{"own seat", "own", 403, 403, 201},
		{"the creator's token", "creator", 409, 403, 201},
	},
}

type rematchRow struct {
	who, actor                string
	invite, inviteNext, remat int
}

// accountMatrix is the accounts' part of the matrix of docs/security.md:
// each row is who asks (a browser of the server's own page unless said
// otherwise), each column an endpoint of /api/account, in this order:
// GET /api/account, GET …/sessions, GET …/passkeys, PATCH /api/account,
// DELETE …/sessions/{the other device's}, DELETE …/passkeys/{another
// account's}, POST …/passkeys/register/begin, …/seats, …/password,
// GET …/notifications, PUT …/notifications, POST …/push, DELETE …/push
// (another account's device), …/signout-everywhere, …/signout.
var accountMatrix = []struct {
	who    string
	status [15]int
}{
	{"no cookie", [15]int{401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401}},
	{"another site's page with the cookie", [15]int{200, 200, 200, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403, 403, 403}},
	{"no Origin with the cookie", [15]int{200, 200, 200, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403, 403, 403}},
	{"a session ended", [15]int{401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401}},
	{"a banned account's session", [15]int{401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401}},
	{"own session", [15]int{200, 200, 200, 200, 200, 404, 200, 200, 200, 200, 200, 200, 404, 200, 200}},
}

func TestAuthorizationMatrix(t *testing.T) {
	t.Run("accounts", accountMatrixFor)
	t.Run("ratings", ratingsMatrixFor)
	t.Run("passkeys", passkeyMatrixFor)
	t.Run("invitations", invitationMatrixFor)
	t.Run("resume", resumeMatrixFor)
	for _, g := range all.Games() {
		for _, open := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/open=%v", g.Name(), open), func(t *testing.T) {
				t.Parallel()
				authMatrixFor(t, g, open)
			})
		}
	}
}

func authMatrixFor(t *testing.T, g engine.Game, open bool) {
	lim := DefaultLimits()
	lim.JoinRate = Rate{} // the matrix asks more than a minute's share
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "auth.db"), func(c *Config) { c.Limits = &lim })
	api := hs.URL + "/api/tables"
	var secrets []string // every token and code handed out
	mustPost := func(url, body string, status int, out any) {
		t.Helper()
		code, data := post(t, url, body)
		if code != status {
			t.Fatalf("POST %s %s: %d %s, want %d", url, body, code, data, status)
		}
		json.Unmarshal(data, out)
	}
	body := fmt.Sprintf(`{"game":%q,"seats":["human","human"],"options":{"players":2},"open":%v,"name":"Ala"}`, g.Name(), open)
	if g.Name() == "tagteam" {
		body = fmt.Sprintf(`{"game":"tagteam","seats":["human","human"],"open":%v,"name":"Ala"}`, open)
	}
	var a, b Created
	mustPost(api, body, 201, &a)
	mustPost(api, body, 201, &b)
	var old, joined SeatToken
	var again Invite
	mustPost(api+"/"+a.ID+"/join", `{"name":"Ola","invite":"`+a.Invites[0].Code+`"}`, 200, &old)
	mustPost(api+"/"+a.ID+"/leave", `{"token":"`+old.Token+`"}`, 200, &struct{}{})
	mustPost(api+"/"+a.ID+"/invite", `{"token":"`+a.Token+`","seat":1}`, 200, &again)
	mustPost(api+"/"+a.ID+"/join", `{"name":"Ola","invite":"`+again.Code+`"}`, 200, &joined)
	secrets = append(secrets, a.Token, a.Watch, a.Invites[0].Code, b.Token, b.Watch, b.Invites[0].Code, old.Token, again.Code, joined.Token)
	creds := map[string]Credentials{
		"none":    {},
		"watch":   {Watch: a.Watch},
		"own":     {Token: joined.Token},
		"creator": {Token: a.Token},
		"other":   {Token: b.Token},
		"stale":   {Token: old.Token},
		"used":    {Invite: a.Invites[0].Code},
	}
	tab, _ := s.Table(a.ID)
	if err := s.Chat(context.Background(), tab, 0, a.Token, nil, ClientMessage{Type: "chat", Text: "hello"}); err != nil {
		t.Fatal(err)
	}
	query := func(c Credentials) string {
		q := "?lang=en"
		for k, v := range map[string]string{"token": c.Token, "watch": c.Watch, "invite": c.Invite} {
			if v != "" {
				q += "&" + k + "=" + v
			}
		}
		return q
	}
	leak := func(what string, data []byte) {
		t.Helper()
		for _, sec := range secrets {
			if sec != "" && bytes.Contains(data, []byte(sec)) {
				t.Errorf("%s: the answer holds a token or code: %s", what, data)
			}
		}
	}
	get := func(url string) int {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		leak("GET "+url, data)
		return resp.StatusCode
	}
	postChecked := func(what, url, body string) int {
		t.Helper()
		code, data := post(t, url, body)
		leak(what, data)
		return code
	}
	for _, row := range authMatrix[open] {
		c := creds[row.actor]
		q := query(c)
		if got := get(api + "/" + a.ID + q); got != row.table {
			t.Errorf("%s: GET the table: %d, want %d", row.who, got, row.table)
		}
		if got := get(api + "/" + a.ID + "/record" + q); got != row.record {
			t.Errorf("%s: GET the record in play: %d, want %d", row.who, got, row.record)
		}
		if got := get(api + "/" + a.ID + "/replay" + q + "&move=0&seat=0"); got != row.record {
			t.Errorf("%s: GET the replay in play: %d, want the record's %d", row.who, got, row.record)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		conn, resp, err := websocket.Dial(ctx, wsURL(hs.URL)+"/ws/tables/"+a.ID+q+"&chat=1", nil)
		switch {
		case err != nil:
			if resp == nil || fmt.Sprint(resp.StatusCode) != row.ws {
				t.Errorf("%s: the WebSocket: %v %v, want %s", row.who, resp, err, row.ws)
			}
		default:
			_, data, err := conn.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			leak(row.who+": the first state", data)
			var m StateMessage
			json.Unmarshal(data, &m)
			if fmt.Sprint(m.Seat) != row.ws {
				t.Errorf("%s: the WebSocket acts for seat %d, want %s", row.who, m.Seat, row.ws)
			}
			view, _, _ := tab.View(engine.Seat(m.Seat))
			if mustJSON(m.View) != mustJSON(view) {
				t.Errorf("%s: the WebSocket sends a view other than seat %d's", row.who, m.Seat)
			}
			conn.Write(ctx, websocket.MessageText, []byte(`{"type":"move","move":"no-such-move"}`))
			_, data, err = conn.Read(ctx)
			for err == nil && !bytes.Contains(data, []byte(`"type":"error"`)) {
				_, data, err = conn.Read(ctx)
			}
			var e ErrorMessage
			json.Unmarshal(data, &e)
			if got := map[bool]string{true: "spectator", false: "seat"}[e.Code == "spectator"]; err != nil || got != row.move {
				t.Errorf("%s: a move on the socket: %s %v, want %s", row.who, data, err, row.move)
			}
			conn.Write(ctx, websocket.MessageText, []byte(`{"type":"chat","text":"from `+row.actor+`"}`))
			_, data, err = conn.Read(ctx)
			for err == nil && !bytes.Contains(data, []byte(`"type":"error"`)) && !bytes.Contains(data, []byte(`from `+row.actor)) {
				_, data, err = conn.Read(ctx)
			}
			leak(row.who+": chat", data)
			if err != nil || !bytes.Contains(data, []byte(`from `+row.actor)) || row.chat != "written" {
				t.Errorf("%s: a chat message on the socket: %s %v, want %q", row.who, data, err, row.chat)
			}
			conn.CloseNow()
		}
		cancel()
		join := `{"name":"Obcy"}`
		if c.Invite != "" {
			join = `{"name":"Obcy","invite":"` + c.Invite + `"}`
		}
		report := fmt.Sprintf(`{"token":%q,"watch":%q,"reason":"rude"}`, c.Token, c.Watch)
		if got := postChecked(row.who+": report", api+"/"+a.ID+"/chat/0/report", report); got != row.report {
			t.Errorf("%s: report: %d, want %d", row.who, got, row.report)
		}
		if got := postChecked(row.who+": join", api+"/"+a.ID+"/join", join); got != row.join {
			t.Errorf("%s: join: %d, want %d", row.who, got, row.join)
		}
		for _, p := range []struct {
			path, body string
			want       int
		}{{"leave", `{"token":"` + c.Token + `"}`, row.leave}, {"invite", `{"token":"` + c.Token + `","seat":1}`, row.invite},
			{"rematch", `{"token":"` + c.Token + `"}`, row.remat},
			{"start", `{"token":"` + c.Token + `"}`, row.start},
			{"swap", `{"token":"` + c.Token + `","a":0,"b":1}`, row.swap},
			{"kick", `{"token":"` + c.Token + `","seat":1}`, row.kick},
			{"takeback", `{"token":"` + c.Token + `"}`, row.takeback}} {
			if p.want == 0 {
				continue
			}
			if got := postChecked(row.who+": "+p.path, api+"/"+a.ID+"/"+p.path, p.body); got != p.want {
				t.Errorf("%s: %s: %d, want %d", row.who, p.path, got, p.want)
			}
		}
	}
	// Nothing above changed the table.
	if p := tab.Players(); !p[0].Taken || !p[1].Taken || p[1].Name != "Ola" || tab.Moves() != 0 {
		t.Fatalf("the matrix changed the table: %+v, %d moves", p, tab.Moves())
	}
	rematchMatrixFor(t, s, api, tab, creds, leak, &secrets)
	// At the finished table, the replay is shown to whoever is shown the
	// record, and refused to whoever is refused it.
	for _, row := range authMatrix[open] {
		q := query(creds[row.actor])
		record, replay := get(api+"/"+a.ID+"/record"+q), get(api+"/"+a.ID+"/replay"+q+"&move=1&seat=1")
		if replay != record || row.table == 200 && record != 200 {
			t.Errorf("%s: GET the finished table's replay: %d, record: %d (the table: %d in play)", row.who, replay, record, row.table)
		}
	}
	// The creator leaving leaves seat 0 only: the joiner still holds seat 1.
	if got := postChecked("the creator leaves", api+"/"+a.ID+"/leave", `{"token":"`+a.Token+`"}`); got != 200 {
		t.Fatalf("the creator leaves: %d", got)
	}
	if seat, err := tab.SeatOf(joined.Token); err != nil || seat != 1 {
		t.Errorf("after the creator left, the joiner's token claims seat %d (%v)", seat, err)
	}
	if _, err := tab.SeatOf(a.Token); err == nil {
		t.Error("the creator's token still acts after leaving")
	}
	if got := postChecked("the joiner leaves", api+"/"+a.ID+"/leave", `{"token":"`+joined.Token+`"}`); got != 200 {
		t.Errorf("the joiner leaves: %d", got)
	}
	if len(a.ID) != 32 || len(a.Watch) != 32 && !open || len(joined.Token) != 32 {
		t.Errorf("table id %q, watch code %q, token %q: want 128 random bits each", a.ID, a.Watch, joined.Token)
	}
}

// rematchMatrixFor plays the table out, has its creator ask for the
// rematch, and asks rematchMatrix; then the seats of the rematch: the
// joiner, who holds seat 1 there, may not invite to seat 0, and once the
// joiner leaves the rematch its creator invites to seat 1.
func rematchMatrixFor(t *testing.T, s *Server, api string, tab *Table, creds map[string]Credentials,
	leak func(what string, data []byte), secrets *[]string) {
	t.Helper()
	postChecked := func(what, url, body string) (int, []byte) {
		t.Helper()
		code, data := post(t, url, body)
		leak(what, data) // a rematch's answer holds its own token, told to nobody before
		return code, data
	}
	playOut(t, s, tab, map[engine.Seat]string{0: creds["creator"].Token, 1: creds["own"].Token})
	var rc RematchSeat
	code, data := post(t, api+"/"+tab.ID()+"/rematch", `{"token":"`+creds["creator"].Token+`"}`)
	if json.Unmarshal(data, &rc); code != 201 || rc.Seat != 0 {
		t.Fatalf("the creator asks for the rematch: %d %s", code, data)
	}
	*secrets = append(*secrets, rc.Token)
	creds["next"] = Credentials{Token: rc.Token}
	next, err := s.Table(rc.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rematchMatrix[tab.Public().Open] {
		c := creds[row.actor]
		for _, p := range []struct {
			what, url, body string
			want            int
		}{
			{"invite at the finished table", api + "/" + tab.ID() + "/invite", `{"token":"` + c.Token + `","seat":1}`, row.invite},
			{"invite at the rematch", api + "/" + next.ID() + "/invite", `{"token":"` + c.Token + `","seat":1}`, row.inviteNext},
			{"rematch", api + "/" + tab.ID() + "/rematch", `{"token":"` + c.Token + `"}`, row.remat},
		} {
			code, data := postChecked(row.who+": "+p.what, p.url, p.body)
			if code != p.want {
				t.Errorf("%s: %s: %d %s, want %d", row.who, p.what, code, data, p.want)
			}
			if code == 201 {
				var rs RematchSeat
				json.Unmarshal(data, &rs)
				*secrets = append(*secrets, rs.Token)
				creds[row.actor+" next"] = Credentials{Token: rs.Token}
			}
		}
	}
	own, creator := creds["own next"].Token, creds["creator next"].Token
	if seat, err := next.SeatOf(own); err != nil || seat != 1 {
		t.Fatalf("the joiner's rematch token claims seat %d (%v)", seat, err)
	}
	for _, p := range []struct {
		what, token string
		seat, want  int
	}{
		{"the joiner invites to the creator's seat at the rematch", own, 0, 403},
		{"the joiner invites to its own seat at the rematch", own, 1, 403},
		{"the rematch's creator invites to the joiner's seat", creator, 1, 409},
		{"the token the creator had before asking again", rc.Token, 1, map[bool]int{false: 404, true: 403}[tab.Public().Open]},
	} {
		if got, _ := postChecked(p.what, api+"/"+next.ID()+"/invite", fmt.Sprintf(`{"token":%q,"seat":%d}`, p.token, p.seat)); got != p.want {
			t.Errorf("%s: %d, want %d", p.what, got, p.want)
		}
	}
	if got, _ := postChecked("the joiner leaves the rematch", api+"/"+next.ID()+"/leave", `{"token":"`+own+`"}`); got != 200 {
		t.Fatalf("the joiner leaves the rematch: %d", got)
	}
	var inv Invite
	code, data = postChecked("the rematch's creator invites", api+"/"+next.ID()+"/invite", `{"token":"`+creator+`","seat":1}`)
	if json.Unmarshal(data, &inv); code != 200 || inv.Seat != 1 {
		t.Errorf("the rematch's creator invites to the seat left: %d %s", code, data)
	}
}

func accountMatrixFor(t *testing.T) {
	s, hs, _ := accountServer(t)
	base := localBase(hs.URL)
	// Bob's passkey, which nobody else removes.
	bob := newBrowser(t, base)
	signUpWithPasskey(t, bob, newSoftKey(t, base), "Bob")
	var bobKeys []PasskeyView
	json.Unmarshal(bob.must("GET", "/api/account/passkeys", "", 200), &bobKeys)
	bob.must("POST", "/api/account/push", `{"endpoint":"https://push.example/bob","keys":{"p256dh":"BPk","auth":"au"}}`, 200)
	for _, row := range accountMatrix {
		ala, other := newBrowser(t, base), newBrowser(t, base)
		name := fmt.Sprintf("Ala%d", len(row.who))
		signUp(t, ala, name, "tajne-hasło")
		other.must("POST", "/api/account/signin", `{"name":"`+name+`","password":"tajne-hasło"}`, 200)
		var list []SessionView
		json.Unmarshal(ala.must("GET", "/api/account/sessions", "", 200), &list)
		otherID := list[0].ID
		if list[0].Current {
			otherID = list[1].ID
		}
		switch row.who {
		case "no cookie":
			ala.c.Jar, _ = cookiejar.New(nil)
		case "another site's page with the cookie":
			ala.origin = "https://evil.example"
		case "no Origin with the cookie":
			ala.origin = ""
		case "a session ended":
			other.must("POST", "/api/account/signout-everywhere", "", 200)
		case "a banned account's session":
			acc, _ := FindAccount(context.Background(), s.accounts(), name)
			s.accounts().SetBanned(context.Background(), acc.ID, true, "") // the store alone: the server finds it out
		}
		for i, c := range []struct{ method, path, body string }{
			{"GET", "/api/account", ""}, {"GET", "/api/account/sessions", ""}, {"GET", "/api/account/passkeys", ""},
			{"PATCH", "/api/account", `{"lang":"en"}`}, {"DELETE", "/api/account/sessions/" + otherID, ""},
			{"DELETE", "/api/account/passkeys/" + bobKeys[0].ID, ""}, {"POST", "/api/account/passkeys/register/begin", `{}`},
			{"POST", "/api/account/seats", `{"tokens":{}}`},
			{"POST", "/api/account/password", `{"old":"tajne-hasło","new":"tajne-hasło"}`},
			{"GET", "/api/account/notifications", ""}, {"PUT", "/api/account/notifications", `{"email":"","choices":{"turn":{"email":false}}}`},
			{"POST", "/api/account/push", `{"endpoint":"https://push.example/` + name + `","keys":{"p256dh":"BPk","auth":"au"}}`},
			{"DELETE", "/api/account/push", `{"endpoint":"https://push.example/bob"}`},
			{"POST", "/api/account/signout-everywhere", ""}, {"POST", "/api/account/signout", ""},
		} {
			if c.path == "/api/account/signout" && row.status[13] == 200 {
				ala.must("POST", "/api/account/signin", `{"name":"`+name+`","password":"tajne-hasło"}`, 200)
			}
			if code, data, _ := ala.do(c.method, c.path, c.body); code != row.status[i] {
				t.Errorf("%s: %s %s: %d %s, want %d", row.who, c.method, c.path, code, data, row.status[i])
			}
		}
	}
	if v := bob.must("GET", "/api/account/notifications", "", 200); !bytes.Contains(v, []byte(`"devices":1`)) {
		t.Errorf("another account's device was removed: %s", v)
	}
	if keys := bob.must("GET", "/api/account/passkeys", "", 200); !bytes.Contains(keys, []byte(bobKeys[0].ID)) {
		t.Errorf("another account's passkey was removed: %s", keys)
	}
}
