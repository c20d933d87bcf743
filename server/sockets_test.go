package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	dto "github.com/prometheus/client_model/go"
)

// dialFrom opens a WebSocket as a client at addr (X-Real-IP).
func dialFrom(t *testing.T, addr, url string) (*wsClient, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"X-Real-IP": {addr}}})
	if err != nil {
		return nil, resp, err
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t, c}, resp, nil
}

// refusedWith checks that a WebSocket's opening was refused before the
// upgrade with 429, Retry-After and the rule error code, its message in
// both languages.
func refusedWith(t *testing.T, what string, resp *http.Response, err error, code string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: accepted, want 429 %s", what, code)
	}
	if resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("%s: %v %v, want 429 %s", what, resp, err, code)
	}
	if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || secs < 1 {
		t.Errorf("%s: Retry-After %q", what, resp.Header.Get("Retry-After"))
	}
	var body apiError
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &body); err != nil || body.Code != code || body.Msg == nil || body.Msg.PL == "" || body.Msg.EN == "" {
		t.Errorf("%s: answered %s, want the code %s with a message in both languages", what, data, code)
	}
}

// redial dials until the socket is accepted: a closed socket frees its
// slot as its handler ends, a moment after the client's close.
func redial(t *testing.T, addr, url string) *wsClient {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, resp, err := dialFrom(t, addr, url)
		if err == nil {
			return c
		}
		if resp == nil || resp.StatusCode != http.StatusTooManyRequests || time.Now().After(deadline) {
			t.Fatalf("no slot freed: %v %v", resp, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// limitHits is stolik_limit_hits_total{limit} of s.
func limitHits(t *testing.T, s *Server, limit string) float64 {
	t.Helper()
	fams, err := s.metrics.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*dto.MetricFamily{}
	for _, f := range fams {
		byName[f.GetName()] = f
	}
	return metric(byName, "stolik_limit_hits_total", "limit="+limit)
}

// A seat's token opens so many sockets (a player's phone, laptop and a
// spare); the next is refused before the upgrade, and closing one frees
// its slot. Another seat and the spectators are not held back.
func TestSocketsPerSeatCap(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) { l.SocketsPerSeat, l.SocketsPerAddress = 2, 0 })
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true})
	toks := tokens(t, tab)
	ws := wsURL(url) + "/ws/tables/" + tab.ID()
	var open []*wsClient
	for i := range 2 {
		c, _, err := dialFrom(t, "10.0.0.1", ws+"?token="+toks[0])
		if err != nil {
			t.Fatalf("socket %d of the seat: %v", i, err)
		}
		c.state()
		open = append(open, c)
	}
	_, resp, err := dialFrom(t, "10.0.0.2", ws+"?token="+toks[0])
	refusedWith(t, "a third socket of the seat, from another address", resp, err, errTooManySockets.Code)
	if n := limitHits(t, s, limitSocketsPerSeat); n != 1 {
		t.Errorf("limit hits of the sockets per seat: %v, want 1", n)
	}
	// A page is not told why its socket did not open: it asks the same
	// address without the upgrade, and gets the same answer.
	code, errCode, h := request(t, "GET", strings.Replace(ws, "ws:", "http:", 1)+"?token="+toks[0], "", map[string]string{"X-Real-IP": "10.0.0.3"})
	if code != http.StatusTooManyRequests || errCode != errTooManySockets.Code || h.Get("Retry-After") == "" {
		t.Errorf("the socket's address asked without the upgrade: %d %q, want 429 %s with Retry-After", code, errCode, errTooManySockets.Code)
	}
	if code, _, _ := request(t, "GET", strings.Replace(ws, "ws:", "http:", 1)+"?token="+toks[1], "", map[string]string{"X-Real-IP": "10.0.0.3"}); code != http.StatusUpgradeRequired {
		t.Errorf("a socket the caps allow, asked without the upgrade: %d, want 426", code)
	}
	other, _, err := dialFrom(t, "10.0.0.1", ws+"?token="+toks[1])
	if err != nil {
		t.Fatalf("the other seat: %v", err)
	}
	if st := other.state(); st.Seat != 1 {
		t.Errorf("the other seat is %d", st.Seat)
	}
	for i := range 3 {
		if _, _, err := dialFrom(t, "10.0.0.1", ws); err != nil {
			t.Fatalf("spectator %d: %v", i, err)
		}
	}
	open[0].c.Close(websocket.StatusNormalClosure, "")
	if st := redial(t, "10.0.0.1", ws+"?token="+toks[0]).state(); st.Seat != 0 {
		t.Errorf("the seat's socket after one closed is seat %d", st.Seat)
	}
}

// An address opens so many sockets in all (seats' and spectators', at any
// table); the next is refused before the upgrade, another address is not
// held back, and closing one frees its slot. The spectators' cap of a
// table still holds below it.
func TestSocketsPerAddressCap(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) { l.SocketsPerAddress, l.Spectators = 3, 1 })
	spec := Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true}
	a, b := mustCreate(t, s, spec), mustCreate(t, s, spec)
	wsA, wsB := wsURL(url)+"/ws/tables/"+a.ID(), wsURL(url)+"/ws/tables/"+b.ID()
	seat, _, err := dialFrom(t, "10.0.0.1", wsA+"?token="+tokens(t, a)[0])
	if err != nil {
		t.Fatal(err)
	}
	seat.state()
	if _, _, err := dialFrom(t, "10.0.0.1", wsA); err != nil {
		t.Fatalf("a spectator: %v", err)
	}
	_, resp, err := dialFrom(t, "10.0.0.2", wsA)
	refusedWith(t, "a second spectator at a table that takes one", resp, err, errTooManyWatch.Code)
	if _, _, err := dialFrom(t, "10.0.0.1", wsB); err != nil {
		t.Fatalf("a spectator at another table: %v", err)
	}
	_, resp, err = dialFrom(t, "10.0.0.1", wsB+"?token="+tokens(t, b)[0])
	refusedWith(t, "a fourth socket from one address", resp, err, errTooManyConns.Code)
	if n := limitHits(t, s, limitSocketsPerAddress); n != 1 {
		t.Errorf("limit hits of the sockets per address: %v, want 1", n)
	}
	if _, _, err := dialFrom(t, "10.0.0.2", wsB+"?token="+tokens(t, b)[1]); err != nil {
		t.Fatalf("another address: %v", err)
	}
	seat.c.Close(websocket.StatusNormalClosure, "")
	redial(t, "10.0.0.1", wsB+"?token="+tokens(t, b)[0]).state()
}

// floodOutcome reads c until it closes, and says how: its close status,
// and how many too_fast errors came first.
func floodOutcome(t *testing.T, c *wsClient) (websocket.StatusCode, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tooFast := 0
	for {
		_, data, err := c.c.Read(ctx)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatal("the flooding client was not closed")
			}
			return websocket.CloseStatus(err), tooFast
		}
		var m ErrorMessage
		if json.Unmarshal(data, &m) == nil && m.Type == "error" && m.Code == errTooFast.Code {
			tooFast++
		}
	}
}

// Pings count against the limit of messages as moves do: a client that
// floods either is closed with StatusTooFast, after a burst of them
// refused.
func TestFloodCloses(t *testing.T) {
	for _, kind := range []string{"pings", "moves"} {
		t.Run(kind, func(t *testing.T) {
			s, url := limitedServer(t, func(l *Limits) {})
			tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true})
			c, _, err := dialFrom(t, "10.0.0.1", wsURL(url)+"/ws/tables/"+tab.ID()+"?token="+tokens(t, tab)[1])
			if err != nil {
				t.Fatal(err)
			}
			c.state()
			before := limitHits(t, s, limitMessages)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for range 200 {
				if kind == "pings" {
					// Each waits for its pong (until the socket closes) in
					// its own goroutine: a ping given up on closes the
					// client's side.
					go c.c.Ping(ctx)
				} else if c.c.Write(ctx, websocket.MessageText, []byte(`{"type":"move","move":"x"}`)) != nil {
					break
				}
			}
			status, _ := floodOutcome(t, c)
			cancel()
			if status != StatusTooFast {
				t.Errorf("the flood of %s closed the socket with %v, want %v", kind, status, StatusTooFast)
			}
			if n := limitHits(t, s, limitMessages) - before; n < rateBurst {
				t.Errorf("%v hits of the limit of messages counted, want %d at least", n, rateBurst)
			}
		})
	}
}

// A client within the limit is never closed for it: its pings are
// answered however many there are.
func TestPingsWithinTheLimit(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) {}, func(c *Config) { c.MessageRate, c.MessageBurst = 1e6, 5 })
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true})
	c, _, err := dialFrom(t, "10.0.0.1", wsURL(url)+"/ws/tables/"+tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	c.state()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // pongs are read by a reader
		for {
			if _, _, err := c.c.Read(ctx); err != nil {
				return
			}
		}
	}()
	for i := range 200 {
		pctx, pcancel := context.WithTimeout(ctx, 5*time.Second)
		err := c.c.Ping(pctx)
		pcancel()
		if err != nil {
			t.Fatalf("ping %d within the limit: %v", i, err)
		}
	}
}

// Once the sockets open fall to half a peak of collectSockets, the server
// asks for collections, so that a flood's memory goes back to the system
// in seconds rather than at the runtime's next collection, minutes later
// under GOGC 400 (TestSocketFlood in cmd/stolik measures it).
func TestSocketsClosedInBulkAreCollected(t *testing.T) {
	forced := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	var o openSockets
	for i := range collectSockets {
		if !o.take(fmt.Sprint("10.0.", i/250, ".", i%250), 1) {
			t.Fatalf("socket %d refused", i)
		}
	}
	if o.take("10.0.0.0", 1) {
		t.Error("a second socket from an address capped at one")
	}
	before := forced()
	for i := range collectSockets / 2 {
		o.put(fmt.Sprint("10.0.", i/250, ".", i%250))
	}
	deadline := time.Now().Add(10 * time.Second)
	for forced() < before+2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d forced collections after half the sockets closed, want 2", forced()-before)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !o.take("10.0.0.0", 1) || o.open != collectSockets/2+1 {
		t.Errorf("after the closes: %d open, want %d", o.open, collectSockets/2+1)
	}
}
