package server

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
)

// The lobby over HTTP: an open table is listed while it has a free seat,
// a private one never; joining takes a seat with a fresh token, leaving
// frees it and retires its token; a rematch comes once the game is over,
// one table for all its players, each with a token of its own.
func TestLobby(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "lobby.db"))
	api := hs.URL + "/api/tables"
	var c created
	if code := call(t, "POST", api, `{"game":"cardline","options":{"players":3},"seats":["human","human","bot:fan"],"open":true,"name":"  Ala\u0007 "}`, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	if c.Seat != 0 || c.Token == "" || len(c.Invites) != 1 || c.Invites[0].Seat != 1 || c.Watch != "" {
		t.Fatalf("created an open table: %+v, want seat 0's token, one invitation (seat 1), no watch code", c)
	}
	var private created
	if code := call(t, "POST", api, `{"game":"cardline","options":{"players":2},"seats":["human","human"]}`, &private); code != 201 {
		t.Fatalf("create: %d", code)
	}
	listed := func(query string) []TableEntry {
		t.Helper()
		var l []TableEntry
		if code := call(t, "GET", api+query, "", &l); code != 200 {
			t.Fatalf("list: %d", code)
		}
		return l
	}
	if l := listed(""); len(l) != 1 || l[0].ID != c.ID {
		t.Fatalf("the lobby lists %+v, want only the open table", l)
	}
	open := listed("?open=1")
	if len(open) != 1 || open[0].ID != c.ID {
		t.Fatalf("open tables: %+v, want only %s", open, c.ID)
	}
	if p := open[0].Players; p[0].Name != "Ala" || !p[0].Taken || p[1].Taken || !p[2].Taken {
		t.Errorf("players of a new table: %+v (the creator takes seat 0 with a clean name; bots are taken)", p)
	}
	var e apiError
	if code := call(t, "POST", api+"/"+private.ID+"/join", `{"name":"Obcy"}`, &e); code != 404 || e.Code != "not_found" {
		t.Errorf("join a private table without its invitation: %d %+v, want 404", code, e)
	}

	// An invitation shows its seat while it is live.
	var pub PublicTable
	if code := call(t, "GET", api+"/"+c.ID+"?invite="+c.Invites[0].Code, "", &pub); code != 200 || pub.InviteSeat == nil || *pub.InviteSeat != 1 {
		t.Errorf("the table for a live invitation: %d, invite seat %v", code, pub.InviteSeat)
	}
	var j SeatToken
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":"Ola"}`, &j); code != 200 || j.Seat != 1 || j.Token == "" || j.Token == c.Token {
		t.Fatalf("join: %d %+v", code, j)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"invite":"`+c.Invites[0].Code+`"}`, &e); code != 403 || e.Code != "bad_invite" {
		t.Errorf("the invitation of a seat joined from the lobby: %d %+v, want 403 bad_invite", code, e)
	}
	pub = PublicTable{}
	if code := call(t, "GET", api+"/"+c.ID+"?invite="+c.Invites[0].Code, "", &pub); code != 200 || pub.InviteSeat != nil {
		t.Errorf("the open table for a dead invitation: %d, invite seat %v (want none)", code, pub.InviteSeat)
	}
	if l := listed("?open=1"); len(l) != 0 {
		t.Errorf("a full table is still listed as open: %+v", l)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":"Ewa"}`, &e); code != 409 || e.Code != "no_free_seat" {
		t.Errorf("join a full table: %d %+v", code, e)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"seat":2}`, &e); code != 409 || e.Code != "seat_taken" {
		t.Errorf("join a bot's seat: %d %+v", code, e)
	}
	for _, seat := range []string{"-7", "3", "9223372036854775807"} {
		if code := call(t, "POST", api+"/"+c.ID+"/join", `{"seat":`+seat+`}`, &e); code != 400 || e.Code != "no_such_seat" || strings.Contains(e.Msg.EN, "-") {
			t.Errorf("join seat %s: %d %+v", seat, code, e)
		}
	}
	if code := call(t, "POST", api+"/nope/join", `{}`, nil); code != 404 {
		t.Errorf("join no table: %d", code)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":1}`, nil); code != 400 {
		t.Errorf("a malformed join: %d", code)
	}

	// Leaving: the seat is free again and the old token acts no more.
	if code := call(t, "POST", api+"/"+c.ID+"/leave", `{"token":"nope"}`, nil); code != 403 {
		t.Errorf("leave with a wrong token: %d", code)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/leave", `{"token":"`+j.Token+`"}`, nil); code != 200 {
		t.Fatalf("leave: %d", code)
	}
	if l := listed("?open=1"); len(l) != 1 || l[0].Players[1].Taken || l[0].Players[1].Name != "" {
		t.Errorf("after a leave: %+v", l)
	}
	tab, _ := s.Table(c.ID)
	if _, err := tab.Play(context.Background(), j.Token, "pass"); err != ErrBadToken {
		t.Errorf("a move with the token of a seat left: %v, want ErrBadToken", err)
	}
	ws := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws/tables/" + c.ID
	if _, resp, err := dial(t, ws+"?token="+j.Token); err == nil || resp.StatusCode != 403 {
		t.Errorf("a WebSocket with the token of a seat left: %v", err)
	}
	// A player invites someone to the free seat: one use only.
	var inv Invite
	if code := call(t, "POST", api+"/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1}`, &inv); code != 200 || inv.Seat != 1 || inv.Code == "" {
		t.Fatalf("invite: %d %+v", code, inv)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":0}`, &e); code != 409 || e.Code != "seat_taken" {
		t.Errorf("an invitation to a taken seat: %d %+v", code, e)
	}
	var j2 SeatToken
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":"Ewa","invite":"`+inv.Code+`"}`, &j2); code != 200 || j2.Seat != 1 || j2.Token == j.Token {
		t.Fatalf("join the seat left with an invitation: %d %+v", code, j2)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":"Ewa","invite":"`+inv.Code+`"}`, &e); code != 403 || e.Code != "bad_invite" {
		t.Errorf("an invitation used twice: %d %+v", code, e)
	}

	// A rematch: refused in play; once over, the first asker makes it and
	// every seat finds its own place in it.
	if code := call(t, "POST", api+"/"+c.ID+"/rematch", `{"token":"`+c.Token+`"}`, &e); code != 409 || e.Code != "not_over" {
		t.Errorf("a rematch in play: %d %+v", code, e)
	}
	playOut(t, s, tab, map[engine.Seat]string{0: c.Token, 1: j2.Token})
	var r1, r2 RematchSeat
	if code := call(t, "POST", api+"/"+c.ID+"/rematch", `{"token":"`+j2.Token+`"}`, &r1); code != 201 || r1.Seat != 1 || r1.ID == c.ID {
		t.Fatalf("rematch: %d %+v", code, r1)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/rematch", `{"token":"`+c.Token+`"}`, &r2); code != 201 || r2.ID != r1.ID || r2.Seat != 0 || r2.Token == r1.Token {
		t.Fatalf("the second player's rematch: %d %+v, want the same table as %+v", code, r2, r1)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/rematch", `{"token":"nope"}`, nil); code != 403 {
		t.Errorf("a rematch with a wrong token: %d", code)
	}
	call(t, "GET", api+"/"+c.ID, "", &pub)
	if pub.Rematch != r1.ID {
		t.Errorf("the finished table points to rematch %q, want %q", pub.Rematch, r1.ID)
	}
	call(t, "GET", api+"/"+r1.ID, "", &pub)
	if pub.Finished || pub.Game != "cardline" || len(pub.Players) != 3 || pub.Players[0].Name != "Ala" || pub.Players[1].Name != "Ewa" || !pub.Open {
		t.Errorf("the rematch table: %+v", pub)
	}
	next, _ := s.Table(r1.ID)
	if seat, err := next.SeatOf(r2.Token); err != nil || seat != 0 {
		t.Errorf("the rematch token of seat 0 claims seat %d (%v)", seat, err)
	}
	if code := call(t, "POST", api+"/"+r1.ID+"/join", `{"name":"Obcy"}`, &e); code != 409 || e.Code != "no_free_seat" {
		t.Errorf("a stranger joins a rematch whose seats are kept: %d %+v", code, e)
	}
}

// A client whose seat is left (from another tab, say) is told so and let go.
func TestLeavingClosesTheSeatsSocket(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "leave.db"))
	tab := mustCreate(t, s, Spec{Game: "asterix", Seats: []string{"human", "human"}, Seed: 2})
	token := tokens(t, tab)[1]
	c, _, err := dial(t, "ws"+strings.TrimPrefix(hs.URL, "http")+"/ws/tables/"+tab.ID()+"?token="+token)
	if err != nil {
		t.Fatal(err)
	}
	if st := c.state(); st.Seat != 1 || !st.Players[1].Taken {
		t.Fatalf("first state: seat %d, players %+v", st.Seat, st.Players)
	}
	if err := tab.Leave(context.Background(), token); err != nil {
		t.Fatal(err)
	}
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10e9)
		_, _, err := c.c.Read(ctx)
		cancel()
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("the socket of a seat left ended with %v, want a policy-violation close", err)
			}
			return
		}
	}
}

// playOut plays random legal moves for the seats of tokens (bots play the
// others) until the game is over.
func playOut(t *testing.T, s *Server, tab *Table, tokens map[engine.Seat]string) {
	t.Helper()
	r := engine.NewRand(11)
	for n := 0; ; n++ {
		if n > 5000 {
			t.Fatalf("table %s: no end after %d moves", tab.ID(), tab.Moves())
		}
		changed := tab.Changed()
		if _, over := tab.Outcome(); over {
			return
		}
		moved := false
		for seat, token := range tokens {
			_, legal, _ := tab.View(seat)
			if len(legal) == 0 {
				continue
			}
			tab.mu.Lock()
			text := tab.st.Format(legal[r.IntN(len(legal))])
			tab.mu.Unlock()
			if _, err := s.Play(context.Background(), tab, token, text); err != nil {
				// A bot may have moved since the legal moves were read,
				// which can change them; anything else is a failure.
				if _, ok := engine.AsRuleError(err); !ok {
					t.Fatal(err)
				}
			}
			moved = true
			break
		}
		if !moved {
			select { // a bot is to move
			case <-changed:
			case <-tab.Done():
			case <-time.After(60 * time.Second):
				t.Fatal("the bots did not move")
			}
		}
	}
}

// The lobby lists finished tables from before a restart too, from the
// store.
func TestLobbyListsStoredTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stored.db")
	s, st := openServer(t, path)
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"bot:random", "bot:random"}, Seed: 3, Open: true})
	wait(t, tab)
	s.Close()
	st.Close()

	s2, hs, _ := newServer(t, path)
	var l []TableEntry
	if code := call(t, "GET", hs.URL+"/api/tables", "", &l); code != 200 || len(l) != 1 {
		t.Fatalf("list after a restart: %d %+v", code, l)
	}
	if e := l[0]; e.ID != tab.ID() || !e.Finished || e.Moves != tab.Moves() || len(e.Players) != 2 || e.Players[1].Kind != "bot:random" {
		t.Errorf("the stored table listed as %+v", e)
	}
	if open, _ := s2.List(context.Background(), true); len(open) != 0 {
		t.Errorf("a finished table listed as open: %+v", open)
	}
}
