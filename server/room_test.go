package server

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
)

// room is a table of three people made over the API by its creator (seat
// 0, "Ala"), with a friend ("Ola") joined at seat 1 by invitation and
// seat 2 still invited: it gathers.
type room struct {
	s       *Server
	api     string // …/api/tables/ID
	ws      string // the table's WebSocket URL, without a query
	tab     *Table
	created Created
	friend  SeatToken
}

func newRoom(t *testing.T) *room {
	t.Helper()
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "room.db"))
	r := &room{s: s}
	code, data := post(t, hs.URL+"/api/tables", `{"game":"cardline","options":{"players":3},"seats":["human","human","human"],"name":"Ala"}`)
	if json.Unmarshal(data, &r.created); code != 201 || len(r.created.Invites) != 2 {
		t.Fatalf("create: %d %s", code, data)
	}
	r.api = hs.URL + "/api/tables/" + r.created.ID
	r.ws = wsURL(hs.URL) + "/ws/tables/" + r.created.ID
	code, data = post(t, r.api+"/join", `{"name":"Ola","invite":"`+r.created.Invites[0].Code+`"}`)
	if json.Unmarshal(data, &r.friend); code != 200 || r.friend.Seat != 1 {
		t.Fatalf("join: %d %s", code, data)
	}
	var err error
	if r.tab, err = s.Table(r.created.ID); err != nil {
		t.Fatal(err)
	}
	return r
}

// ask posts body to the table's path and checks the status.
func (r *room) ask(t *testing.T, path, body string, want int) []byte {
	t.Helper()
	code, data := post(t, r.api+"/"+path, body)
	if code != want {
		t.Fatalf("POST …/%s %s: %d %s, want %d", path, body, code, data, want)
	}
	return data
}

// aMove is a legal move of the position for its first pending seat.
func aMove(tab *Table) (engine.Seat, string) {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	p := tab.st.Pending()[0]
	return p, tab.st.Format(tab.st.Legal(p, nil)[0])
}

// closedWith reads the socket until it closes and says how.
func closedWith(t *testing.T, c *wsClient) websocket.StatusCode {
	t.Helper()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, _, err := c.c.Read(ctx)
		cancel()
		if err != nil {
			return websocket.CloseStatus(err)
		}
	}
}

func TestRoomGathersUntilStarted(t *testing.T) {
	r := newRoom(t)
	var pub PublicTable
	call(t, "GET", r.api+"?token="+r.created.Token, "", &pub)
	if !pub.Gathering || len(pub.Pending) != 0 || !pub.Players[1].Taken || pub.Players[1].Name != "Ola" || pub.Players[2].Taken {
		t.Fatalf("a table with a free seat: gathering %v, pending %v, players %+v", pub.Gathering, pub.Pending, pub.Players)
	}
	c, _, err := dial(t, r.ws+"?lang=en&token="+r.created.Token)
	if err != nil {
		t.Fatal(err)
	}
	if st := c.state(); !st.Gathering || len(st.Pending) != 0 || len(st.Legal) != 0 {
		t.Fatalf("the creator's first state: gathering %v, pending %v, %d legal moves", st.Gathering, st.Pending, len(st.Legal))
	}
	// No move before the start, whoever's it would be.
	seat, move := aMove(r.tab)
	token := map[engine.Seat]string{0: r.created.Token, 1: r.friend.Token}[seat]
	if token == "" {
		token = r.created.Token
	}
	_, err = r.s.Play(context.Background(), r.tab, token, move)
	if re, ok := engine.AsRuleError(err); !ok || re.Code != errNotStarted.Code || re.Msg.PL == "" || re.Msg.EN == "" {
		t.Fatalf("a move before the start: %v, want %s", err, errNotStarted.Code)
	}
	if _, err := r.tab.playSeat(context.Background(), seat, move); err == nil || r.tab.Moves() != 0 {
		t.Fatalf("a bot's move before the start: %v, %d moves", err, r.tab.Moves())
	}
	// Only the creator starts it; then the free seat is a bot's.
	r.ask(t, "start", `{"token":"`+r.friend.Token+`"}`, 403)
	r.ask(t, "start", `{"token":"`+r.created.Token+`","bot":"no-such-bot"}`, 400)
	r.ask(t, "start", `{"token":"`+r.created.Token+`"}`, 200)
	p := r.tab.Players()
	if r.tab.Gathering() || p[2].Kind != "bot:"+defaultBotName(r.tab.game) || !p[0].Taken || p[1].Name != "Ola" {
		t.Fatalf("after the start: gathering %v, players %+v", r.tab.Gathering(), p)
	}
	if st := c.state(); st.Gathering || len(st.Pending) == 0 {
		t.Fatalf("the creator's state after the start: gathering %v, pending %v", st.Gathering, st.Pending)
	}
	r.ask(t, "start", `{"token":"`+r.created.Token+`"}`, 409)
	playOut(t, r.s, r.tab, map[engine.Seat]string{0: r.created.Token, 1: r.friend.Token})
}

func TestRoomStartsWhenEverySeatIsTaken(t *testing.T) {
	r := newRoom(t)
	var last SeatToken
	data := r.ask(t, "join", `{"name":"Ela","invite":"`+r.created.Invites[1].Code+`"}`, 200)
	json.Unmarshal(data, &last)
	if r.tab.Gathering() {
		t.Fatal("every seat taken, and the table still gathers")
	}
	seat, move := aMove(r.tab)
	token := []string{r.created.Token, r.friend.Token, last.Token}[seat]
	if _, err := r.s.Play(context.Background(), r.tab, token, move); err != nil {
		t.Fatalf("a move once every seat is taken: %v", err)
	}
	r.ask(t, "swap", `{"token":"`+r.created.Token+`","a":0,"b":1}`, 409)
	r.ask(t, "kick", `{"token":"`+r.created.Token+`","seat":1}`, 409)
}

func TestRoomStartWithBotWaitsForNoOne(t *testing.T) {
	// A table of a person and a bot starts at once, as it always did.
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"))
	tab, sec, err := s.Create(context.Background(), Spec{Game: "cardline", Options: map[string]any{"players": 2},
		Seats: []string{"human", "bot:random"}, Sit: true, Seed: 3})
	if err != nil || sec.Token == "" {
		t.Fatal(err)
	}
	if tab.Gathering() {
		t.Fatal("a table with no free seat gathers")
	}
}

func TestRoomSwapMovesThePeople(t *testing.T) {
	r := newRoom(t)
	friend, _, err := dial(t, r.ws+"?token="+r.friend.Token)
	if err != nil {
		t.Fatal(err)
	}
	friend.state()
	r.ask(t, "swap", `{"token":"`+r.friend.Token+`","a":0,"b":1}`, 403)
	r.ask(t, "swap", `{"token":"`+r.created.Token+`","a":1,"b":1}`, 400)
	r.ask(t, "swap", `{"token":"`+r.created.Token+`","a":0,"b":3}`, 400)
	r.ask(t, "swap", `{"token":"`+r.created.Token+`","a":1,"b":2}`, 200)
	p := r.tab.Players()
	if p[2].Name != "Ola" || !p[2].Taken || p[1].Taken || !p[0].Creator {
		t.Fatalf("after swapping seats 2 and 3: %+v", p)
	}
	if seat, err := r.tab.SeatOf(r.friend.Token); err != nil || seat != 2 {
		t.Fatalf("the friend's token claims seat %d (%v), want 2", seat, err)
	}
	// The friend's socket was seat 1's: it closes, and a new one is seat 2's.
	if code := closedWith(t, friend); code != statusSeatMoved {
		t.Fatalf("the swapped seat's socket closed with %d, want %d", code, statusSeatMoved)
	}
	again, _, err := dial(t, r.ws+"?token="+r.friend.Token)
	if err != nil {
		t.Fatal(err)
	}
	if st := again.state(); st.Seat != 2 {
		t.Fatalf("the friend connects again as seat %d, want 2", st.Seat)
	}
	// The invitation went with its seat: it takes seat 1 now.
	var joined SeatToken
	json.Unmarshal(r.ask(t, "join", `{"name":"Ela","invite":"`+r.created.Invites[1].Code+`"}`, 200), &joined)
	if joined.Seat != 1 || r.tab.Gathering() {
		t.Fatalf("the moved invitation took seat %d (gathering %v), want 1", joined.Seat, r.tab.Gathering())
	}
	// The creator may move its own seat too, mark and all.
	r2 := newRoom(t)
	r2.ask(t, "swap", `{"token":"`+r2.created.Token+`","a":0,"b":2}`, 200)
	if seat, err := r2.tab.SeatOf(r2.created.Token); err != nil || seat != 2 || !r2.tab.Players()[2].Creator {
		t.Fatalf("the creator's token claims seat %d (%v) after moving to seat 3", seat, err)
	}
}

func TestRoomKickFreesTheSeat(t *testing.T) {
	r := newRoom(t)
	friend, _, err := dial(t, r.ws+"?token="+r.friend.Token)
	if err != nil {
		t.Fatal(err)
	}
	friend.state()
	r.ask(t, "kick", `{"token":"`+r.friend.Token+`","seat":0}`, 403)
	for _, seat := range []int{0, 2} { // the creator's own, a free one
		r.ask(t, "kick", fmt.Sprintf(`{"token":%q,"seat":%d}`, r.created.Token, seat), 409)
	}
	r.ask(t, "kick", `{"token":"`+r.created.Token+`","seat":-1}`, 400)
	r.ask(t, "kick", `{"token":"`+r.created.Token+`","seat":1}`, 200)
	if code := closedWith(t, friend); code != websocket.StatusPolicyViolation {
		t.Fatalf("the kicked seat's socket closed with %d, want a policy violation", code)
	}
	if _, err := r.tab.SeatOf(r.friend.Token); err == nil {
		t.Fatal("the kicked seat's token still acts")
	}
	p := r.tab.Players()
	if p[1].Taken || p[1].Name != "" || !r.tab.Gathering() {
		t.Fatalf("after the kick: %+v, gathering %v", p, r.tab.Gathering())
	}
	r.ask(t, "start", `{"token":"`+r.friend.Token+`"}`, 404) // a private table: the stale token finds nothing
	// The seat is the creator's to invite to again.
	var inv Invite
	json.Unmarshal(r.ask(t, "invite", `{"token":"`+r.created.Token+`","seat":1}`, 200), &inv)
	r.ask(t, "join", `{"name":"Ewa","invite":"`+inv.Code+`"}`, 200)
	if p := r.tab.Players(); p[1].Name != "Ewa" || !r.tab.Gathering() {
		t.Fatalf("after inviting again: %+v", p)
	}
	r.ask(t, "start", `{"token":"`+r.created.Token+`","bot":"random"}`, 200)
	if k := r.tab.Players()[2].Kind; k != "bot:random" {
		t.Fatalf("started with the bot random: seat 3 is %q", k)
	}
}

// A gathering table is stored as one: a restart finds it still waiting.
func TestRoomGatheringSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db")
	s, st := openServer(t, path)
	tab, _, err := s.Create(context.Background(), Spec{Game: "cardline", Options: map[string]any{"players": 2},
		Seats: []string{"human", "human"}, Sit: true, Name: "Ala", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	id := tab.ID()
	s.Close()
	st.Close()
	s, st = openServer(t, path)
	defer st.Close()
	defer s.Close()
	again, err := s.Table(id)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Gathering() || !strings.Contains(mustJSON(again.entry()), `"gathering":true`) {
		t.Fatal("a gathering table rebuilt does not gather")
	}
}
