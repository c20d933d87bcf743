package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// A signed-in player opens their table on another device: the account
// that holds a seat is given a token of its own for it there, and the
// token of the first device still plays (both act for the seat); a
// private table opens with it. Leaving the seat with either ends both.
func TestResumeSeatOnAnotherDevice(t *testing.T) {
	s, hs, logs := accountServer(t)
	desk, phone := newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, desk, "Ala", "tajne-hasło")
	phone.must("POST", "/api/account/signin", `{"name":"Ala","password":"tajne-hasło"}`, 200)
	c := privateTable(t, desk)
	var got SeatToken
	json.Unmarshal(phone.must("POST", "/api/tables/"+c.ID+"/resume", `{}`, 200), &got)
	if got.Seat != 0 || got.Token == "" || got.Token == c.Token {
		t.Fatalf("resumed: %+v", got)
	}
	tab, _ := s.Table(c.ID)
	for _, token := range []string{c.Token, got.Token} {
		if seat, err := tab.SeatOf(token); err != nil || seat != 0 {
			t.Errorf("a device's token acts for seat %d, %v", seat, err)
		}
	}
	phone.must("GET", "/api/tables/"+c.ID+"?token="+got.Token, "", 200)
	seats := tab.Seats()
	if seats[0].Account == "" || seats[0].TokenHash == "" || len(seats[0].Devices) != 1 {
		t.Errorf("the seat after resuming: %+v", seats[0])
	}
	// Devices are bounded: the oldest further token gives way.
	var first SeatToken
	json.Unmarshal(phone.must("POST", "/api/tables/"+c.ID+"/resume", `{}`, 200), &first)
	for range maxDevices {
		phone.must("POST", "/api/tables/"+c.ID+"/resume", `{}`, 200)
	}
	if n := len(tab.Seats()[0].Devices); n != maxDevices {
		t.Errorf("%d further tokens kept, want %d", n, maxDevices)
	}
	if _, err := tab.SeatOf(first.Token); err == nil {
		t.Error("the oldest further token still acts")
	}
	if _, err := tab.SeatOf(c.Token); err != nil {
		t.Errorf("the seat's own token no longer acts: %v", err)
	}
	if strings.Contains(logs.String(), got.Token) {
		t.Error("a token reached the log")
	}
	// Leaving with the phone's token frees the seat: no device plays it.
	last := json.RawMessage(phone.must("POST", "/api/tables/"+c.ID+"/resume", `{}`, 200))
	var lt SeatToken
	json.Unmarshal(last, &lt)
	if err := tab.Leave(context.Background(), lt.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := tab.SeatOf(c.Token); err == nil {
		t.Error("the desk's token acts after the seat was left")
	}
	phone.must("POST", "/api/tables/"+c.ID+"/resume", `{}`, 404)
}

// resumeMatrix is POST /api/tables/{id}/resume's part of the matrix of
// docs/security.md, at a private table of two in play: seat 0 Ala's
// (signed in as she made it), seat 1 Cyd's, a guest who joined with a
// code. Each row is who asks (a browser of the server's own page unless
// said otherwise) and the answer.
var resumeMatrix = []struct {
	who    string
	status int
}{
	{"a guest (no cookie)", 401},
	{"the seat's account from another site's page", 403},
	{"another account", 404},
	{"a spectator's account with the watch code", 404},
	{"a guest's seat, asked by a signed-in account", 404},
	{"a banned account that holds the seat", 401},
	{"the account that holds the seat", 200},
}

func resumeMatrixFor(t *testing.T) {
	s, hs, _ := accountServer(t)
	for i, row := range resumeMatrix {
		ala := newBrowser(t, hs.URL)
		name := fmt.Sprintf("Ala%d", i)
		signUp(t, ala, name, "tajne-hasło")
		c := privateTable(t, ala)
		guest := newBrowser(t, hs.URL)
		var cyd SeatToken
		json.Unmarshal(guest.must("POST", "/api/tables/"+c.ID+"/join", `{"name":"Cyd","invite":"`+c.Invites[0].Code+`"}`, 200), &cyd)
		asker, path := newBrowser(t, hs.URL), "/api/tables/"+c.ID+"/resume"
		switch row.who {
		case "the seat's account from another site's page":
			asker.c.Jar, asker.origin = ala.c.Jar, "https://evil.example"
		case "another account":
			signUp(t, asker, name+"x", "tajne-hasło")
		case "a spectator's account with the watch code":
			signUp(t, asker, name+"w", "tajne-hasło")
			path += "?watch=" + c.Watch
		case "a guest's seat, asked by a signed-in account":
			asker = guest
			signUp(t, asker, name+"g", "tajne-hasło")
		case "a banned account that holds the seat":
			asker = ala
			acc, _ := FindAccount(context.Background(), s.accounts(), name)
			s.accounts().SetBanned(context.Background(), acc.ID, true, "")
		case "the account that holds the seat":
			asker = ala
		}
		code, data, _ := asker.do("POST", path, `{}`)
		if code != row.status {
			t.Errorf("%s: %d %s, want %d", row.who, code, data, row.status)
		}
		for _, secret := range []string{c.Token, cyd.Token, c.Watch, c.Invites[0].Code} {
			if strings.Contains(string(data), secret) {
				t.Errorf("%s: the answer shows a secret: %s", row.who, data)
			}
		}
	}
}
