package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

// A whole game of each game over real WebSockets, every seat a client of
// the test plus a spectator, with the server stopped and started again
// on the same database mid-game. Every message any client is sent is
// searched for the facts its seat may not know (the games' conformance
// leak check, on the wire), and the finished record replays to the
// table's position.
func TestWireGameSurvivesRestartAndLeaksNothing(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			wireGame(t, g)
		})
	}
}

func wireGame(t *testing.T, g engine.Game) {
	path := filepath.Join(t.TempDir(), "wire.db")
	facts := all.HiddenFacts(g.Name())
	players := 2
	for _, o := range g.Options() {
		if o.Name == "players" {
			players = o.Min
		}
	}
	seats := make([]string, players)
	for i := range seats {
		seats[i] = "human"
	}

	type running struct {
		s   *Server
		hs  *httptest.Server
		st  *store.SQLite
		tab *Table
	}
	start := func(id string) running {
		st, err := store.OpenSQLite(path)
		if err != nil {
			t.Fatal(err)
		}
		// The test moves as fast as it can; the rate limit has its own
		// test. A fixed seed makes the game the same at every run.
		s, err := New(Config{Store: st, Games: all.Games(), MessageRate: 1e6, MessageBurst: 1e6, AllowSeeds: true})
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(s.Handler())
		var tab *Table
		if id != "" {
			if tab, err = s.Table(id); err != nil {
				t.Fatal(err)
			}
		}
		return running{s, hs, st, tab}
	}
	stop := func(r running) {
		r.hs.Close()
		r.s.Close()
		r.st.Close()
	}

	run := start("")
	// The table is made and its seats taken over HTTP, as people do: each
	// answer is searched for what its reader may not know, and for the
	// other seats' tokens.
	var known []string // every token and code handed out so far
	answer := func(what string, seat engine.Seat, tab *Table, data []byte, mine ...string) {
		t.Helper()
		tab.mu.Lock()
		hidden := facts(tab.st, seat)
		tab.mu.Unlock()
		for _, f := range append(hidden, known...) {
			if bytes.Contains(data, []byte(f)) && !slices.Contains(mine, f) {
				t.Fatalf("%s: seat %d was told %s in %s", what, seat, f, data)
			}
		}
		known = append(known, mine...)
	}
	code, data := post(t, run.hs.URL+"/api/tables", fmt.Sprintf(`{"game":%q,"options":{"players":%d},"seats":%s,"seed":21,"name":"P0"}`,
		g.Name(), players, mustJSON(seats)))
	var c Created
	if json.Unmarshal(data, &c); code != 201 {
		t.Fatalf("create: %d %s", code, data)
	}
	run.tab, _ = run.s.Table(c.ID)
	mine := []string{c.Token}
	for _, inv := range c.Invites {
		mine = append(mine, inv.Code)
	}
	answer("the create answer", 0, run.tab, data, mine...)
	id, toks := c.ID, map[engine.Seat]string{0: c.Token}
	for _, inv := range c.Invites {
		code, data := post(t, run.hs.URL+"/api/tables/"+id+"/join", `{"invite":"`+inv.Code+`"}`)
		var j SeatToken
		if json.Unmarshal(data, &j); code != 200 || j.Seat != inv.Seat {
			t.Fatalf("join with an invitation: %d %s", code, data)
		}
		answer("the join answer", engine.Seat(j.Seat), run.tab, data, j.Token)
		toks[engine.Seat(j.Seat)] = j.Token
	}
	// connect makes a client for every seat and a spectator (the last).
	connect := func(r running) []*wsClient {
		url := "ws" + strings.TrimPrefix(r.hs.URL, "http") + "/ws/tables/" + id
		var cs []*wsClient
		for i := 0; i <= players; i++ {
			u := url + "?lang=en"
			if i < players {
				u += "&token=" + toks[engine.Seat(i)]
			} else {
				u += "&watch=" + c.Watch // a private table's spectator
			}
			c, _, err := dial(t, u)
			if err != nil {
				t.Fatal(err)
			}
			cs = append(cs, c)
		}
		return cs
	}
	seatOf := func(i int) engine.Seat {
		if i == players {
			return engine.Spectator
		}
		return engine.Seat(i)
	}
	// catchUp reads each client's messages up to its state after move n,
	// checking every message against the table's position, which stays
	// put meanwhile: only the test moves.
	catchUp := func(r running, cs []*wsClient, n int) []StateMessage {
		for {
			changed := r.tab.Changed()
			if r.tab.Moves() == n {
				break
			}
			select {
			case <-changed:
			case <-time.After(30 * time.Second):
				t.Fatalf("move %d was not played", n)
			}
		}
		r.tab.mu.Lock()
		now := r.tab.st.Clone()
		r.tab.mu.Unlock()
		states := make([]StateMessage, len(cs))
		for i, c := range cs {
			hidden := facts(now, seatOf(i))
			for {
				typ, data := c.next()
				for _, f := range hidden {
					if strings.Contains(string(data), f) {
						t.Fatalf("move %d: seat %d was sent hidden fact %s in %s", n, seatOf(i), f, data)
					}
				}
				if typ == "error" {
					t.Fatalf("seat %d: %s", seatOf(i), data)
				}
				if typ != "state" {
					continue
				}
				var m StateMessage
				json.Unmarshal(data, &m)
				if m.Moves == n {
					if mustJSON(m.View) != mustJSON(now.View(seatOf(i))) {
						t.Fatalf("move %d: seat %d was sent a view other than its own", n, seatOf(i))
					}
					states[i] = m
					break
				}
			}
		}
		return states
	}

	r := engine.NewRand(5)
	cs := connect(run)
	states := catchUp(run, cs, 0)
	restartAt := -1
	for n := 0; ; n++ {
		if n > 4000 {
			t.Fatalf("no end after %d moves", n)
		}
		if states[0].Over {
			break
		}
		if restartAt < 0 && n >= 12 {
			// Stop mid-game: clients go, the server goes; a new server on
			// the same file must carry on from the same position.
			restartAt = n
			hash := run.tab.Hash()
			for _, c := range cs {
				c.c.CloseNow()
			}
			stop(run)
			run = start(id)
			if run.tab.Hash() != hash || run.tab.Moves() != n {
				t.Fatalf("after the restart: %d moves, hash %x; want %d, %x", run.tab.Moves(), run.tab.Hash(), n, hash)
			}
			cs = connect(run)
			states = catchUp(run, cs, n)
		}
		var mover int = -1
		for i := 0; i < players; i++ {
			if len(states[i].Legal) > 0 {
				mover = i
				break
			}
		}
		if mover < 0 {
			t.Fatalf("move %d: nobody may move and the game is not over", n)
		}
		legal := states[mover].Legal
		data, _ := json.Marshal(ClientMessage{Type: "move", Move: legal[r.IntN(len(legal))].Move})
		cs[mover].send(string(data))
		states = catchUp(run, cs, n+1)
	}
	if restartAt < 0 {
		t.Fatal("the game ended before the restart")
	}
	var rec engine.Record
	if code := call(t, "GET", run.hs.URL+"/api/tables/"+id+"/record?token="+toks[0], "", &rec); code != 200 {
		t.Fatalf("record: %d", code)
	}
	res, err := engine.Replay(g, rec)
	if err != nil || res.Err != nil || res.State.Hash() != run.tab.Hash() {
		t.Fatalf("the record does not replay to the table's position: %v %v", err, res.Err)
	}
	out, _ := res.State.Outcome()
	if mustJSON(out) != mustJSON(states[players].Outcome) {
		t.Errorf("outcome on the wire %s, replayed %s", mustJSON(states[players].Outcome), mustJSON(out))
	}
	// The rematch: each seat asks with its token and is told only its own.
	for seat := range players {
		code, data := post(t, run.hs.URL+"/api/tables/"+id+"/rematch", `{"token":"`+toks[engine.Seat(seat)]+`"}`)
		var rm RematchSeat
		if json.Unmarshal(data, &rm); code != 201 || rm.Seat != seat {
			t.Fatalf("rematch: %d %s", code, data)
		}
		next, err := run.s.Table(rm.ID)
		if err != nil {
			t.Fatal(err)
		}
		answer("the rematch answer", engine.Seat(seat), next, data, rm.Token)
	}
	t.Logf("%s: %d moves, restarted at %d", g.Name(), len(rec.Moves), restartAt)
	for _, c := range cs {
		c.c.CloseNow()
	}
	stop(run)
}

// A message over the size limit ends the connection with "too big".
func TestMessageTooBig(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "big.db"))
	tab := mustCreate(t, s, Spec{Game: "tagteam", Seats: []string{"human", "human"}, Seed: 1})
	toks := tokens(t, tab)
	c, _, err := dial(t, "ws"+strings.TrimPrefix(hs.URL, "http")+"/ws/tables/"+tab.ID()+"?token="+toks[0])
	if err != nil {
		t.Fatal(err)
	}
	c.state()
	c.send(`{"type":"move","move":"` + strings.Repeat("x", maxMessage) + `"}`)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, _, err := c.c.Read(ctx)
		cancel()
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
				t.Fatalf("after %d bytes: %v, want a message-too-big close", maxMessage+30, err)
			}
			break
		}
	}
	if tab.Moves() != 0 {
		t.Error("the table changed")
	}
}

// rawDial opens a WebSocket by hand on a bare TCP connection, which never
// answers pings.
func rawDial(t *testing.T, base, path string) (net.Conn, *bufio.Reader) {
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
		path, strings.TrimPrefix(base, "http://"))
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	return conn, br
}

// A client that stops answering is dropped after a ping goes unanswered.
func TestSilentClientIsDropped(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "silent.db"), func(c *Config) {
		c.PingInterval, c.PingTimeout = 20*time.Millisecond, 20*time.Millisecond
	})

	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 1, Open: true})
	conn, br := rawDial(t, hs.URL, "/ws/tables/"+tab.ID())
	conn.SetReadDeadline(time.Now().Add(30 * time.Second)) // only against a hang
	pinged := false
	for {
		head := make([]byte, 2)
		if _, err := io.ReadFull(br, head); err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatal("the server kept a silent client for 30 s")
			}
			break // the server hung up
		}
		n := int(head[1] & 0x7f)
		switch n {
		case 126:
			var ext [2]byte
			io.ReadFull(br, ext[:])
			n = int(ext[0])<<8 | int(ext[1])
		case 127:
			var ext [8]byte
			io.ReadFull(br, ext[:])
			n = 0
			for _, b := range ext {
				n = n<<8 | int(b)
			}
		}
		if head[0]&0x0f == 0x9 {
			pinged = true
		}
		io.CopyN(io.Discard, br, int64(n))
	}
	if !pinged {
		t.Error("the server hung up without pinging")
	}
}

// The HTTP server's deadlines (as `stolik serve` sets them, here short)
// do not cut a WebSocket that lives longer than they are.
func TestWebSocketOutlivesHTTPDeadlines(t *testing.T) {
	s, st := openServer(t, filepath.Join(t.TempDir(), "deadline.db"))
	const deadline = 100 * time.Millisecond
	hs := httptest.NewUnstartedServer(s.Handler())
	std := HTTPServer(s.Handler())
	std.ReadTimeout, std.WriteTimeout = deadline, deadline
	hs.Config = std
	hs.Start()
	t.Cleanup(func() { hs.Close(); s.Close(); st.Close() })
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2, "first": "0"}, Seats: []string{"human", "human"}, Seed: 1})
	toks := tokens(t, tab)
	c, _, err := dial(t, "ws"+strings.TrimPrefix(hs.URL, "http")+"/ws/tables/"+tab.ID()+"?token="+toks[0])
	if err != nil {
		t.Fatal(err)
	}
	first := c.state()
	// Let three times the deadlines pass: time passing is what is tested.
	<-time.After(3 * deadline)
	c.send(`{"type":"move","move":"` + first.Legal[0].Move + `"}`)
	for {
		typ, data := c.next()
		if typ == "error" {
			t.Fatalf("the move was refused: %s", data)
		}
		if typ == "state" {
			var m StateMessage
			json.Unmarshal(data, &m)
			if m.Moves == 1 {
				return
			}
		}
	}
}

// A page from another host may not open a seat's WebSocket unless the
// server lists that host; a listed one may.
func TestOriginCheck(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "origin.db"), func(c *Config) { c.Origins = []string{"friends.example"} })
	tab := mustCreate(t, s, Spec{Game: "tagteam", Seats: []string{"human", "human"}, Seed: 1})
	toks := tokens(t, tab)
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws/tables/" + tab.ID() + "?token=" + toks[0]
	dialFrom := func(origin string) (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {origin}}})
		if err == nil {
			defer c.CloseNow()
			_, _, err = c.Read(ctx) // the first state
		}
		return resp, err
	}
	if resp, err := dialFrom("https://evil.example"); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("another host's page: %v %v, want 403", resp, err)
	}
	if _, err := dialFrom("https://friends.example"); err != nil {
		t.Fatalf("a listed host's page: %v", err)
	}
}
