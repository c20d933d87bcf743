package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"stolik/engine"
)

// finishedFrom is a table of two people created from addr and played out,
// with its seats' tokens.
func finishedFrom(t *testing.T, s *Server, addr string) (*Table, map[engine.Seat]string) {
	t.Helper()
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true, Owner: addr})
	toks := tokens(t, tab)
	playOut(t, s, tab, toks)
	return tab, toks
}

// unfinishedFrom creates n tables in play from addr.
func unfinishedFrom(t *testing.T, s *Server, addr string, n int) {
	t.Helper()
	for range n {
		mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true, Owner: addr})
	}
}

// A rematch makes a table as a create does, and answers as a create over
// a limit does: the create rate and both caps on unfinished tables hold
// for it, counted for the address that asks for it.
func TestRematchIsLimitedAsACreate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tune  func(*Limits)
		fill  func(t *testing.T, s *Server, url string)
		code  string
		after time.Duration // the least Retry-After
	}{
		{"the tables of one address", func(l *Limits) { l.CreateRate, l.TablesPerAddress, l.Tables = Rate{}, 2, 0 },
			func(t *testing.T, s *Server, _ string) { unfinishedFrom(t, s, "10.0.0.1", 2) }, "too_many_tables", time.Second},
		{"the tables in all", func(l *Limits) { l.CreateRate, l.TablesPerAddress, l.Tables = Rate{}, 0, 3 },
			func(t *testing.T, s *Server, _ string) { unfinishedFrom(t, s, "10.0.0.9", 3) }, "server_full", time.Second},
		{"the create rate", func(l *Limits) { l.CreateRate, l.TablesPerAddress, l.Tables = Rate{N: 1, Per: time.Hour}, 0, 0 },
			func(t *testing.T, s *Server, url string) {
				if code, errCode, _ := from(t, "10.0.0.1", url+"/api/tables", twoHumans); code != 201 {
					t.Fatalf("the address's one create an hour: %d %s", code, errCode)
				}
			}, "rate_limited", time.Hour / 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, url := limitedServer(t, tc.tune)
			done, toks := finishedFrom(t, s, "10.0.0.1")
			tc.fill(t, s, url)
			rematch := url + "/api/tables/" + done.ID() + "/rematch"
			code, errCode, after := from(t, "10.0.0.1", rematch, `{"token":"`+toks[0]+`"}`)
			if secs, _ := strconv.Atoi(after); code != 429 || errCode != tc.code || time.Duration(secs)*time.Second < tc.after {
				t.Fatalf("a rematch over the limit: %d %s Retry-After %q, want 429 %s", code, errCode, after, tc.code)
			}
			if p := done.Public(); p.Rematch != "" {
				t.Fatalf("a refused rematch was made: %s", p.Rematch)
			}
			if tc.code == "server_full" {
				return
			}
			// Another address may make it, and it counts as that address's.
			before, _ := s.unfinishedTables("10.0.0.2")
			if code, errCode, _ := from(t, "10.0.0.2", rematch, `{"token":"`+toks[1]+`"}`); code != 201 {
				t.Fatalf("the rematch asked from another address: %d %s", code, errCode)
			}
			if all, owners := s.unfinishedTables("10.0.0.2"); all != before+1 || owners != 1 {
				t.Errorf("after the rematch: %d unfinished tables, %d of the asker's; want %d and 1", all, owners, before+1)
			}
			// Once it exists, taking a seat there makes no table: no limit
			// of creates holds it back.
			if code, errCode, _ := from(t, "10.0.0.1", rematch, `{"token":"`+toks[0]+`"}`); code != 201 {
				t.Errorf("a seat at the rematch made: %d %s", code, errCode)
			}
		})
	}
}

// A seat of a rematch kept for a player who then leaves the finished table
// is kept no more: the rematch's creator invites someone to it, who sits
// there. The player who left claims it no more.
func TestLeftRematchSeatIsInvited(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "left.db"))
	api := hs.URL + "/api/tables"
	var c Created
	if code := call(t, "POST", api, `{"game":"cardline","options":{"players":2},"seats":["human","human"],"name":"Ala"}`, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	var b SeatToken
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":"Ola","invite":"`+c.Invites[0].Code+`"}`, &b); code != 200 {
		t.Fatalf("join: %d", code)
	}
	tab, _ := s.Table(c.ID)
	playOut(t, s, tab, map[engine.Seat]string{0: c.Token, 1: b.Token})
	var r RematchSeat
	if code := call(t, "POST", api+"/"+c.ID+"/rematch", `{"token":"`+c.Token+`"}`, &r); code != 201 || r.Seat != 0 {
		t.Fatalf("rematch: %d %+v", code, r)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/leave", `{"token":"`+b.Token+`"}`, nil); code != 200 {
		t.Fatalf("the second player leaves the finished table: %d", code)
	}
	var inv Invite
	if code := call(t, "POST", api+"/"+r.ID+"/invite", `{"token":"`+r.Token+`","seat":1}`, &inv); code != 200 || inv.Seat != 1 {
		t.Fatalf("the rematch's creator invites to the seat its player left: %d %+v", code, inv)
	}
	var e apiError
	if code := call(t, "POST", api+"/"+c.ID+"/rematch", `{"token":"`+b.Token+`"}`, &e); code != 404 {
		t.Errorf("the player who left claims the rematch seat: %d %+v", code, e)
	}
	var j SeatToken
	if code := call(t, "POST", api+"/"+r.ID+"/join", `{"name":"Ewa","invite":"`+inv.Code+`"}`, &j); code != 200 || j.Seat != 1 {
		t.Fatalf("the invited joins the rematch: %d %+v", code, j)
	}
	next, _ := s.Table(r.ID)
	if p := next.Players(); !p[1].Taken || p[1].Name != "Ewa" {
		t.Errorf("the rematch's seats: %+v", p)
	}
}

// Only the creator makes invitations. A player who joined may not invite
// to a seat that is not theirs, kill the creator's invitation to it, nor
// so take a second seat; the creator's invitation still works.
func TestOnlyTheCreatorInvites(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "creator.db"))
	api := hs.URL + "/api/tables"
	var c Created
	if code := call(t, "POST", api, `{"game":"cardline","options":{"players":3},"seats":["human","human","human"],"name":"Ala"}`, &c); code != 201 || len(c.Invites) != 2 {
		t.Fatalf("create: %d %+v", code, c)
	}
	var b SeatToken
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":"Ola","invite":"`+c.Invites[0].Code+`"}`, &b); code != 200 || b.Seat != 1 {
		t.Fatalf("join: %d %+v", code, b)
	}
	tab, _ := s.Table(c.ID)
	before := tab.Seats()
	for _, seat := range []int{2, 0, 1} {
		var e apiError
		if code := call(t, "POST", api+"/"+c.ID+"/invite", fmt.Sprintf(`{"token":%q,"seat":%d}`, b.Token, seat), &e); code != 403 || e.Code != "not_creator" {
			t.Errorf("a joiner invites to seat %d: %d %+v, want 403 not_creator", seat, code, e)
		}
	}
	if after := tab.Seats(); mustJSON(after) != mustJSON(before) {
		t.Errorf("refused invitations changed the seats:\n%s\n%s", mustJSON(before), mustJSON(after))
	}
	var j SeatToken
	if code := call(t, "POST", api+"/"+c.ID+"/join", `{"name":"Ewa","invite":"`+c.Invites[1].Code+`"}`, &j); code != 200 || j.Seat != 2 {
		t.Fatalf("the creator's invitation after the joiner's tries: %d %+v", code, j)
	}
	// The seat of one who left: the creator invites to it, the others not.
	if code := call(t, "POST", api+"/"+c.ID+"/leave", `{"token":"`+j.Token+`"}`, nil); code != 200 {
		t.Fatalf("leave: %d", code)
	}
	if code := call(t, "POST", api+"/"+c.ID+"/invite", `{"token":"`+b.Token+`","seat":2}`, nil); code != 403 {
		t.Errorf("a joiner invites to a seat left: %d", code)
	}
	var inv Invite
	if code := call(t, "POST", api+"/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":2}`, &inv); code != 200 || inv.Seat != 2 {
		t.Errorf("the creator invites to a seat left: %d %+v", code, inv)
	}
	// No token claims two seats.
	seen := map[string]bool{}
	for i, st := range tab.Seats() {
		if st.TokenHash != "" && seen[st.TokenHash] {
			t.Errorf("seat %d's token claims another seat too", i)
		}
		seen[st.TokenHash] = true
	}
}

// A player who leaves the finished table while another asks for its
// rematch never leaves their seat kept there: whichever comes first, the
// seat at the rematch ends free.
func TestLeaveDuringRematchFreesTheSeat(t *testing.T) {
	s, _ := limitedServer(t, func(l *Limits) { l.CreateRate = Rate{} })
	for i := range 20 {
		done, toks := finishedFrom(t, s, "10.0.0.1")
		var wg sync.WaitGroup
		wg.Add(2)
		var next *Table
		var rematchErr, leaveErr error
		go func() {
			defer wg.Done()
			next, _, _, rematchErr = s.Rematch(context.Background(), done, toks[0], "10.0.0.1")
		}()
		go func() {
			defer wg.Done()
			leaveErr = s.Leave(context.Background(), done, toks[1])
		}()
		wg.Wait()
		if rematchErr != nil || leaveErr != nil {
			t.Fatalf("round %d: rematch %v, leave %v", i, rematchErr, leaveErr)
		}
		if st := next.Seats()[1]; st.Reserved || st.Taken {
			t.Fatalf("round %d: the seat of the player who left is %+v at the rematch, want free", i, st)
		}
	}
}
