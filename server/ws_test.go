package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
)

type wsClient struct {
	t *testing.T
	c *websocket.Conn
}

func dial(t *testing.T, url string) (*wsClient, *http.Response, error) {
	return dialWith(t, url, nil)
}

// dialWith is dial with the client's options.
func dialWith(t *testing.T, url string, opts *websocket.DialOptions) (*wsClient, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		return nil, resp, err
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t, c}, resp, nil
}

// next reads one message as raw JSON with its type.
func (w *wsClient) next() (string, json.RawMessage) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, data, err := w.c.Read(ctx)
	if err != nil {
		w.t.Fatalf("read: %v", err)
	}
	var head struct {
		Type string `json:"type"`
	}
	json.Unmarshal(data, &head)
	return head.Type, data
}

func (w *wsClient) state() StateMessage {
	w.t.Helper()
	typ, data := w.next()
	if typ != "state" {
		w.t.Fatalf("got %s, want a state: %s", typ, data)
	}
	var m StateMessage
	json.Unmarshal(data, &m)
	return m
}

func (w *wsClient) send(s string) {
	w.t.Helper()
	if err := w.c.Write(context.Background(), websocket.MessageText, []byte(s)); err != nil {
		w.t.Fatal(err)
	}
}

func (w *wsClient) errorCode() string {
	w.t.Helper()
	typ, data := w.next()
	var m ErrorMessage
	json.Unmarshal(data, &m)
	if typ != "error" {
		w.t.Fatalf("got %s, want an error: %s", typ, data)
	}
	return m.Code
}

// mustJSON is v's JSON with object keys in order, so that a value decoded
// from the wire and the value it was made from compare equal.
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	var x any
	json.Unmarshal(b, &x)
	b, _ = json.Marshal(x)
	return string(b)
}

// Two players and a spectator over real WebSockets: what each is sent is
// exactly its seat's view and its redacted events (the engine's leak-tested
// output, nothing more); refusals come back as rule errors; a reconnect
// carries on.
func TestWebSocketTable(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "ws.db"))
	ws := "ws" + strings.TrimPrefix(hs.URL, "http")
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2, "first": "0"}, Seats: []string{"human", "human"}, Seed: 5, Open: true})
	// Both seats are taken before anyone connects, so that connecting
	// changes nothing and each client's first message is its state.
	var toks []string
	for i, name := range []string{"Ala", "Bob"} {
		seat, token, err := tab.Join(context.Background(), name, -1, "")
		if err != nil || int(seat) != i {
			t.Fatalf("join: seat %d, %v", seat, err)
		}
		toks = append(toks, token)
	}
	url := ws + "/ws/tables/" + tab.ID()
	if _, resp, err := dial(t, url+"?token=nope"); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a wrong token: %v %v", resp, err)
	}
	p0, _, err := dial(t, url+"?token="+toks[0])
	if err != nil {
		t.Fatal(err)
	}
	p1, _, err := dial(t, url+"?token="+toks[1]+"&lang=en")
	if err != nil {
		t.Fatal(err)
	}
	spec, _, err := dial(t, url)
	if err != nil {
		t.Fatal(err)
	}
	tab.mu.Lock()
	before := tab.st.Clone()
	tab.mu.Unlock()
	s0, s1, sp := p0.state(), p1.state(), spec.state()
	if s0.Seat != 0 || s1.Seat != 1 || sp.Seat != -1 || len(s0.Legal) == 0 || len(s1.Legal) != 0 || len(sp.Legal) != 0 {
		t.Fatalf("first states: seats %d %d %d, legal %d %d %d", s0.Seat, s1.Seat, sp.Seat, len(s0.Legal), len(s1.Legal), len(sp.Legal))
	}
	for _, c := range []struct {
		got  StateMessage
		seat engine.Seat
	}{{s0, 0}, {s1, 1}, {sp, engine.Spectator}} {
		if mustJSON(c.got.View) != mustJSON(before.View(c.seat)) {
			t.Errorf("seat %d was sent a view other than its own", c.seat)
		}
	}

	p1.send(`{"type":"move","move":"` + s0.Legal[0].Move + `"}`)
	if code := p1.errorCode(); code == "" {
		t.Error("a move out of turn: no code")
	}
	spec.send(`{"type":"move","move":"pass"}`)
	if code := spec.errorCode(); code != "spectator" {
		t.Errorf("a spectator's move: %s", code)
	}
	p0.send(`{"type":`)
	if code := p0.errorCode(); code != "bad_message" {
		t.Errorf("malformed JSON: %s", code)
	}
	if tab.Moves() != 0 {
		t.Fatal("a refused message changed the table")
	}

	// A legal move: everyone gets the new state with the redacted events.
	move := s0.Legal[0].Move
	p0.send(`{"type":"move","move":"` + move + `"}`)
	// The move is stored and applied before anything is sent about it.
	g0, g1, gs := p0.state(), p1.state(), spec.state()
	tab.mu.Lock()
	after := tab.st.Clone()
	evs := append([]engine.Event(nil), tab.log[len(tab.log)-1]...)
	tab.mu.Unlock()
	for _, c := range []struct {
		got  StateMessage
		seat engine.Seat
		lang engine.Lang
	}{{g0, 0, engine.PL}, {g1, 1, engine.EN}, {gs, engine.Spectator, engine.PL}} {
		if len(c.got.Events) == 0 || mustJSON(c.got.Events) != mustJSON(redact(after, evs, c.seat, c.lang)) {
			t.Errorf("seat %d: events %s, want exactly its redacted events", c.seat, mustJSON(c.got.Events))
		}
		if c.got.Moves != 1 || c.got.Made != map[engine.Seat]int{0: 1}[c.seat] || mustJSON(c.got.View) != mustJSON(after.View(c.seat)) {
			t.Errorf("seat %d: state after the move: moves %d, made %d, view not its own", c.seat, c.got.Moves, c.got.Made)
		}
	}

	// Reconnecting with the token: the current state with the recent
	// events, and play goes on.
	p0.c.Close(websocket.StatusNormalClosure, "")
	again, _, err := dial(t, url+"?token="+toks[0])
	if err != nil {
		t.Fatal(err)
	}
	if st := again.state(); st.Moves != 1 || st.Seat != 0 || mustJSON(st.Events) != mustJSON(g0.Events) {
		t.Errorf("after a reconnect: moves %d, seat %d, events %s", st.Moves, st.Seat, mustJSON(st.Events))
	}
}

func TestRateLimit(t *testing.T) {
	t0 := time.Unix(1000, 0)
	b := newBucket(t0, rateLimit, rateBurst)
	for i := 0; i < rateBurst; i++ {
		if !b.allow(t0) {
			t.Fatalf("message %d of a burst of %d refused", i+1, rateBurst)
		}
	}
	if b.allow(t0) {
		t.Fatal("a message beyond the burst was allowed")
	}
	// After a second, rateLimit more (capped by the burst).
	t1 := t0.Add(time.Second)
	n := 0
	for b.allow(t1) {
		n++
	}
	if n != min(rateLimit, rateBurst) {
		t.Errorf("%d messages allowed after a second, want %d", n, min(rateLimit, rateBurst))
	}
	if !b.allow(t1.Add(time.Second / rateLimit)) {
		t.Error("the next message after 1/rate second was refused")
	}
}

// Spectators who saw the same state last are sent the same bytes,
// written once for all of them in each language.
func TestSpectatorsShareOneMessage(t *testing.T) {
	s, hs, _ := newServer(t, "")
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true})
	const watchers = 6
	var specs []*wsClient
	for i := range watchers {
		lang := "pl"
		if i%2 == 1 {
			lang = "en"
		}
		c, _, err := dial(t, wsURL(hs.URL)+"/ws/tables/"+tab.ID()+"?lang="+lang)
		if err != nil {
			t.Fatal(err)
		}
		c.state()
		specs = append(specs, c)
	}
	before := tab.spectatorWrites.Load()
	const moves = 5
	for range moves {
		tab.mu.Lock() // the connections copy the state under the lock, and Pending keeps a cache in it
		p := tab.st.Pending()[0]
		move := tab.st.Format(tab.st.Legal(p, nil)[0])
		tab.mu.Unlock()
		if _, err := tab.playSeat(context.Background(), p, move); err != nil {
			t.Fatal(err)
		}
		// Every spectator reads this move's state before the next move,
		// so that all of them ask for the same one.
		var first [2][]byte
		for i, c := range specs {
			_, data := c.next()
			if first[i%2] == nil {
				first[i%2] = data
			} else if !bytes.Equal(first[i%2], data) {
				t.Fatalf("two spectators in one language were sent different states:\n%s\n%s", first[i%2], data)
			}
		}
		if bytes.Equal(first[0], first[1]) {
			t.Fatal("the Polish and the English spectators were sent the same message")
		}
	}
	if n := tab.spectatorWrites.Load() - before; n != 2*moves {
		t.Errorf("%d spectators, %d moves: %d messages written, want one a move in each language (%d)", watchers, moves, n, 2*moves)
	}
}
