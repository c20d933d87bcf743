package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

// limitedServer is a server whose limits are DefaultLimits changed by
// tune, reading the client's address from X-Real-IP so that a test can
// be many clients.
func limitedServer(t *testing.T, tune func(*Limits), cfg ...func(*Config)) (*Server, string) {
	t.Helper()
	lim := DefaultLimits()
	tune(&lim)
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "limits.db"), append([]func(*Config){func(c *Config) {
		c.Limits, c.RealIPHeader = &lim, "X-Real-IP"
	}}, cfg...)...)
	return s, hs.URL
}

// from sends a JSON POST as a client at addr; it returns the status, the
// error code if any, and the Retry-After header.
func from(t *testing.T, addr, url, body string) (int, string, string) {
	t.Helper()
	code, errCode, h := request(t, "POST", url, body, map[string]string{"Content-Type": "application/json", "X-Real-IP": addr})
	return code, errCode, h.Get("Retry-After")
}

const twoHumans = `{"game":"cardline","options":{"players":2},"seats":["human","human"],"open":true}`

// Creating tables is limited per address: the next one is refused with 429,
// a code and Retry-After; another address is not held back.
func TestCreateRateLimit(t *testing.T) {
	_, url := limitedServer(t, func(l *Limits) { l.CreateRate, l.TablesPerAddress = Rate{N: 3, Per: time.Hour}, 0 })
	for i := range 3 {
		if code, _, _ := from(t, "10.0.0.1", url+"/api/tables", twoHumans); code != 201 {
			t.Fatalf("table %d: %d", i, code)
		}
	}
	code, errCode, after := from(t, "10.0.0.1", url+"/api/tables", twoHumans)
	if secs, _ := strconv.Atoi(after); code != 429 || errCode != "rate_limited" || secs < 60 || secs > 1200 {
		t.Errorf("the fourth table in an hour: %d %s Retry-After %q, want 429 rate_limited after about 20 minutes", code, errCode, after)
	}
	if code, _, _ := from(t, "10.0.0.2", url+"/api/tables", twoHumans); code != 201 {
		t.Errorf("another address: %d", code)
	}
	// An IPv6 client is its /64.
	from(t, "2001:db8::1", url+"/api/tables", twoHumans)
	from(t, "2001:db8::2", url+"/api/tables", twoHumans)
	from(t, "2001:db8::3", url+"/api/tables", twoHumans)
	if code, _, _ := from(t, "2001:db8::4", url+"/api/tables", twoHumans); code != 429 {
		t.Errorf("the fourth table from one /64: %d, want 429", code)
	}
}

// Joins, leaves, invitations and rematches share a limit per address.
func TestJoinRateLimit(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) { l.JoinRate = Rate{N: 4, Per: time.Hour} })
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 5}, Seats: []string{"human", "human", "human", "human", "human"}, Open: true})
	api := url + "/api/tables/" + tab.ID()
	for i := range 4 {
		if code, errCode, _ := from(t, "10.0.0.1", api+"/join", `{"name":"x"}`); code != 200 {
			t.Fatalf("join %d: %d %s", i, code, errCode)
		}
	}
	if code, errCode, after := from(t, "10.0.0.1", api+"/join", `{"name":"x"}`); code != 429 || errCode != "rate_limited" || after == "" {
		t.Errorf("the fifth join: %d %s %q", code, errCode, after)
	}
	if code, _, _ := from(t, "10.0.0.1", api+"/leave", `{"token":"x"}`); code != 429 {
		t.Errorf("a leave over the limit: %d", code)
	}
	if code, _, _ := from(t, "10.0.0.2", api+"/join", `{"name":"y"}`); code != 200 {
		t.Errorf("another address: %d", code)
	}
}

// Unfinished tables are capped per address and in all; a table that ends
// makes room again.
func TestTableCaps(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) { l.CreateRate, l.TablesPerAddress, l.Tables = Rate{}, 2, 3 })
	var first Created
	for i := range 2 {
		code, data := postFrom(t, "10.0.0.1", url+"/api/tables", twoHumans)
		if code != 201 {
			t.Fatalf("table %d: %d", i, code)
		}
		if i == 0 {
			jsonUnmarshal(data, &first)
		}
	}
	if code, errCode, after := from(t, "10.0.0.1", url+"/api/tables", twoHumans); code != 429 || errCode != "too_many_tables" || after == "" {
		t.Errorf("a third unfinished table: %d %s %q", code, errCode, after)
	}
	if code, _, _ := from(t, "10.0.0.2", url+"/api/tables", twoHumans); code != 201 {
		t.Errorf("another address: %d", code)
	}
	if code, errCode, _ := from(t, "10.0.0.3", url+"/api/tables", twoHumans); code != 429 || errCode != "server_full" {
		t.Errorf("a fourth table on a server for three: %d %s", code, errCode)
	}
	// One of the first address's tables ends (abandoned): room again.
	tab, _ := s.Table(first.ID)
	if err := tab.abandon(context.Background()); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := from(t, "10.0.0.1", url+"/api/tables", twoHumans); code != 201 {
		t.Errorf("after a table ended: %d", code)
	}
}

// Creates at once from one address pass its cap no more than creates one
// after another do, while none of them waits for another's commit.
func TestTableCapsAtOnce(t *testing.T) {
	_, url := limitedServer(t, func(l *Limits) { l.CreateRate, l.TablesPerAddress, l.Tables = Rate{}, 5, 0 })
	codes := make(chan int, 20)
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, _ := postFrom(t, "10.0.0.1", url+"/api/tables", twoHumans)
			codes <- code
		}()
	}
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[201] != 5 || count[429] != 15 {
		t.Errorf("20 creates at once against a cap of 5: %v", count)
	}
}

// A table takes so many spectators; players still get in.
func TestSpectatorCap(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) { l.Spectators = 2 })
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true})
	toks := tokens(t, tab)
	ws := wsURL(url) + "/ws/tables/" + tab.ID()
	for i := range 2 {
		c, _, err := dial(t, ws)
		if err != nil {
			t.Fatalf("spectator %d: %v", i, err)
		}
		c.state()
	}
	_, resp, err := dial(t, ws)
	if err == nil || resp == nil || resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a third spectator: %v %v, want 429 with Retry-After", resp, err)
	}
	c, _, err := dial(t, ws+"?token="+toks[0])
	if err != nil {
		t.Fatalf("a player at a table full of spectators: %v", err)
	}
	if st := c.state(); st.Seat != 0 {
		t.Errorf("the player is seat %d", st.Seat)
	}
}

// A table idle too long ends as abandoned: a table of bots alone that
// nobody watches soon, one with people after Idle; its moves are refused,
// its sockets told and closed, its bots stopped, and once nobody looks at
// it the server lets it go (the store still has it). A watched table of
// bots plays on.
func TestIdleTablesAreAbandoned(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) { l.Idle, l.IdleBots, l.KeepEnded = time.Hour, time.Minute, 10*time.Minute },
		func(c *Config) { c.BotDelay = time.Hour }) // bots that never get to move in this test
	people := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2, "first": "0"}, Seats: []string{"human", "bot:fan"}, Open: true})
	toks := tokens(t, people)
	bots := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"bot:fan", "bot:fan"}, Open: true})
	watched := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"bot:fan", "bot:fan"}, Open: true})
	w, _, err := dial(t, wsURL(url)+"/ws/tables/"+watched.ID())
	if err != nil {
		t.Fatal(err)
	}
	w.state()
	c, _, err := dial(t, wsURL(url)+"/ws/tables/"+people.ID()+"?token="+toks[0])
	if err != nil {
		t.Fatal(err)
	}
	first := c.state()
	now := time.Now()

	s.sweep(now.Add(2 * time.Minute))
	if !bots.Ended() || people.Ended() || watched.Ended() {
		t.Fatalf("after 2 minutes: bots ended %v, people %v, watched bots %v; want only the unwatched bots", bots.Ended(), people.Ended(), watched.Ended())
	}
	s.sweep(now.Add(2 * time.Hour))
	if !people.Ended() {
		t.Fatal("a table nobody played at for 2 hours is still in play")
	}
	m := c.state()
	if !m.Abandoned || len(m.Legal) != 0 || len(m.Pending) != 0 {
		t.Errorf("the last state: abandoned %v, %d legal moves, pending %v", m.Abandoned, len(m.Legal), m.Pending)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := c.c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Errorf("the socket of an abandoned table: %v, want closed normally", err)
	}
	if _, err := people.Play(context.Background(), toks[0], first.Legal[0].Move); !isRule(err, "abandoned") {
		t.Errorf("a move at an abandoned table: %v", err)
	}
	var pub PublicTable
	if code := call(t, "GET", url+"/api/tables/"+people.ID(), "", &pub); code != 200 || !pub.Abandoned || pub.Finished || len(pub.Pending) != 0 {
		t.Errorf("the abandoned table: %d %+v", code, pub)
	}
	var rec engine.Record
	if code := call(t, "GET", url+"/api/tables/"+people.ID()+"/record", "", &rec); code != 200 || rec.Format != "stolik-record/1" {
		t.Errorf("the record of an abandoned table: %d", code)
	}
	stored, _, _ := s.cfg.Store.Load(context.Background(), people.ID())
	if !stored.Abandoned {
		t.Error("the store does not know the table was abandoned")
	}
	var l []TableEntry
	call(t, "GET", url+"/api/tables", "", &l)
	for _, e := range l {
		if e.ID == people.ID() && (!e.Abandoned || !e.Finished) {
			t.Errorf("the lobby lists the abandoned table as %+v", e)
		}
	}
	waitNoClients(t, people)
	s.sweep(now.Add(3 * time.Hour))
	if s.InMemory(people.ID()) || s.InMemory(bots.ID()) {
		t.Error("abandoned tables nobody looks at are still held")
	}
	if !s.InMemory(watched.ID()) {
		t.Error("a watched table of bots was let go")
	}
	if again, err := s.Table(people.ID()); err != nil || !again.Ended() {
		t.Errorf("the abandoned table read again: %v", err)
	}
}

// isRule says whether err is the rule error code.
func isRule(err error, code string) bool {
	re, ok := engine.AsRuleError(err)
	return ok && re.Code == code
}

// A storm of joins and leaves costs a client nothing until the lobby
// interval has passed: the spectator's next message after 40 of them and
// a move is the state of that move, with every seat change in it.
func TestSeatChangesAreCoalesced(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) { l.LobbyInterval = time.Hour })
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 3, "first": "0"}, Seats: []string{"human", "human", "human"}, Open: true})
	toks := tokens(t, tab) // every seat taken
	w, _, err := dial(t, wsURL(url)+"/ws/tables/"+tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	first := w.state()
	ctx := context.Background()
	for i := range 20 {
		if err := tab.Leave(ctx, toks[2]); err != nil {
			t.Fatal(err)
		}
		seat, token, err := tab.Join(ctx, fmt.Sprintf("Gość %d", i), 2, "")
		if err != nil || seat != 2 {
			t.Fatal(seat, err)
		}
		toks[2] = token
	}
	_, legal, _ := tab.View(0)
	tab.mu.Lock()
	text := tab.st.Format(legal[0])
	tab.mu.Unlock()
	if _, err := s.Play(ctx, tab, toks[0], text); err != nil {
		t.Fatal(err)
	}
	next := w.state()
	if next.Moves != 1 || next.Players[2].Name != "Gość 19" || first.Players[2].Name == next.Players[2].Name {
		t.Errorf("the spectator's next state: %d moves, seat 3 %q; want the move with the last join in it", next.Moves, next.Players[2].Name)
	}
}

// waitNoClients waits until no WebSocket of tab is open.
func waitNoClients(t *testing.T, tab *Table) {
	t.Helper()
	for {
		tab.mu.Lock()
		n, ch := tab.clients, tab.noClients
		tab.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("%d clients still connected", n)
		}
	}
}

// BenchmarkSeatStorm: 100 spectators watch a table while people join and
// leave its free seat 100 times; the metric is the messages each
// spectator is sent until it sees the last join, with seat changes
// coalesced (the default second) and without (every change sent, as
// before).
//
//	go test ./server -run XXX -bench SeatStorm -benchtime 5x
func BenchmarkSeatStorm(b *testing.B) {
	for _, c := range []struct {
		name     string
		interval time.Duration
	}{{"every-change", 0}, {"coalesced-1s", time.Second}} {
		b.Run(c.name, func(b *testing.B) {
			lim := DefaultLimits()
			lim.LobbyInterval, lim.Spectators, lim.JoinRate = c.interval, 0, Rate{}
			st, err := store.OpenSQLite(filepath.Join(b.TempDir(), "storm.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			s, err := New(Config{Store: st, Games: all.Games(), Limits: &lim, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			hs := httptest.NewServer(s.Handler())
			defer hs.Close()
			tab, _, err := s.Create(context.Background(), Spec{Game: "cardline", Options: map[string]any{"players": 2},
				Seats: []string{"human", "human"}, Seed: 1, Open: true})
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var watchers []*websocket.Conn
			for range 100 {
				c, _, err := websocket.Dial(ctx, wsURL(hs.URL)+"/ws/tables/"+tab.ID(), nil)
				if err != nil {
					b.Fatal(err)
				}
				c.SetReadLimit(1 << 20)
				defer c.CloseNow()
				if _, _, err := c.Read(ctx); err != nil {
					b.Fatal(err)
				}
				watchers = append(watchers, c)
			}
			api := hs.URL + "/api/tables/" + tab.ID()
			var messages int
			b.ResetTimer()
			for i := range b.N {
				var j SeatToken
				for k := range 50 {
					code, data := postB(b, api+"/join", `{"name":"Gość"}`)
					if json.Unmarshal(data, &j); code != 200 {
						b.Fatalf("join: %d %s", code, data)
					}
					if k < 49 {
						if code, data := postB(b, api+"/leave", `{"token":"`+j.Token+`"}`); code != 200 {
							b.Fatalf("leave: %d %s", code, data)
						}
					}
				}
				// The last change: every spectator reads until it sees it.
				last := fmt.Sprintf("koniec %d", i)
				postB(b, api+"/leave", `{"token":"`+j.Token+`"}`)
				if code, data := postB(b, api+"/join", `{"name":"`+last+`"}`); code != 200 {
					b.Fatalf("join: %d %s", code, data)
				} else {
					json.Unmarshal(data, &j)
				}
				for _, c := range watchers {
					for {
						_, data, err := c.Read(ctx)
						if err != nil {
							b.Fatal(err)
						}
						messages++
						var m StateMessage
						json.Unmarshal(data, &m)
						if slices.ContainsFunc(m.Players, func(p Player) bool { return p.Name == last }) {
							break
						}
					}
				}
				b.StopTimer()
				postB(b, api+"/leave", `{"token":"`+j.Token+`"}`)
				b.StartTimer()
			}
			b.ReportMetric(float64(messages)/float64(b.N*len(watchers)), "msgs/spectator")
		})
	}
}

func postB(b *testing.B, url, body string) (int, []byte) {
	b.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// The count of unfinished tables that a create checks is kept as tables
// are created, end, are abandoned and are rebuilt, and always equals a
// count over the tables held.
func TestUnfinishedTally(t *testing.T) {
	srv, _, _ := newServer(t, filepath.Join(t.TempDir(), "s.db"))
	ctx := context.Background()
	direct := func(owner string) (all, owners int) {
		for _, tb := range srv.held() {
			tb.mu.Lock()
			if !tb.ended() {
				all++
				if tb.rec.Owner == owner {
					owners++
				}
			}
			tb.mu.Unlock()
		}
		return all, owners
	}
	check := func(when string) {
		t.Helper()
		for _, owner := range []string{"a", "b", "c"} {
			all, owners := srv.unfinishedTables(owner)
			wantAll, wantOwners := direct(owner)
			if all != wantAll || owners != wantOwners {
				t.Fatalf("%s: owner %s: counted %d, %d; the tables say %d, %d", when, owner, all, owners, wantAll, wantOwners)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	var tables []*Table
	for i := range 12 {
		tb, _, err := srv.Create(ctx, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: uint64(i), Owner: []string{"a", "b"}[i%2]})
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, tb)
	}
	check("created")
	if all, a := srv.unfinishedTables("a"); all != 12 || a != 6 {
		t.Fatalf("12 tables, 6 of a: counted %d, %d", all, a)
	}
	for i, tb := range tables[:5] {
		for !tb.Ended() {
			p := tb.st.Pending()
			legal := tb.st.Legal(p[0], nil)
			if _, err := tb.playSeat(ctx, p[0], tb.st.Format(legal[r.IntN(len(legal))])); err != nil {
				t.Fatal(err)
			}
		}
		check(fmt.Sprintf("table %d finished", i))
	}
	if err := tables[6].abandon(ctx); err != nil {
		t.Fatal(err)
	}
	check("one abandoned")
	if all, a := srv.unfinishedTables("a"); all != 6 || a != 2 {
		t.Fatalf("6 tables in play, 2 of a: counted %d, %d", all, a)
	}
}
