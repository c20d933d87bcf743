package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

// openServer starts a server on a database at path, with no HTTP and no
// clean-up: for tests that stop it themselves mid-way.
func openServer(t *testing.T, path string) (*Server, *store.SQLite) {
	t.Helper()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Store: st, Games: all.Games()})
	if err != nil {
		t.Fatal(err)
	}
	return s, st
}

// newServer starts a server on a database at path, on 127.0.0.1; tune,
// if given, changes its configuration first. Everything stops at the end
// of the test.
func newServer(t *testing.T, path string, tune ...func(*Config)) (*Server, *httptest.Server, store.Store) {
	t.Helper()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Store: st, Games: all.Games()}
	for _, f := range tune {
		f(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close(); st.Close() })
	return s, hs, st
}

// newHTTP serves s on 127.0.0.1 until the end of the test.
func newHTTP(t *testing.T, s *Server) *httptest.Server {
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	return hs
}

// wsURL is the WebSocket URL of an http:// base.
func wsURL(base string) string { return "ws" + strings.TrimPrefix(base, "http") }

// post sends a JSON body and returns the status and the answer.
func post(t *testing.T, url, body string) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

func call(t *testing.T, method, url, body string, out any) int {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, url, err, data)
		}
	}
	return resp.StatusCode
}

// wait blocks until the table's game is over, or fails after a generous
// bound (bots move without delay here; the bound only catches a hang).
func wait(t *testing.T, tab *Table) {
	t.Helper()
	select {
	case <-tab.Done():
	case <-time.After(60 * time.Second):
		t.Fatalf("table %s did not finish (%d moves)", tab.ID(), tab.Moves())
	}
}

type created = Created

// tokens gives every human seat of tab a fresh token, as joining with its
// invitation would.
func tokens(t testing.TB, tab *Table) map[engine.Seat]string {
	t.Helper()
	out := map[engine.Seat]string{}
	for i, st := range tab.Seats() {
		if st.Kind != "human" {
			continue
		}
		token, err := tab.Mint(context.Background(), engine.Seat(i))
		if err != nil {
			t.Fatal(err)
		}
		out[engine.Seat(i)] = token
	}
	return out
}

// mustCreate is Server.Create that fails the test on an error.
func mustCreate(t testing.TB, s *Server, spec Spec) *Table {
	t.Helper()
	tab, _, err := s.Create(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestHTTPEndpoints(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "s.db"))
	if code := call(t, "GET", hs.URL+"/healthz", "", nil); code != 200 {
		t.Errorf("healthz: %d", code)
	}
	var games []GameInfo
	if code := call(t, "GET", hs.URL+"/api/games", "", &games); code != 200 || len(games) != 4 {
		t.Fatalf("games: %d, %d games", code, len(games))
	}
	for _, bad := range []string{`{"game":"chess","seats":["human","human"]}`, `{"game":"tagteam","seats":["human","robot"]}`,
		`{"game":"tagteam","seats":["human"]}`, `{"game":"tagteam","seats":["human","bot:nobody"]}`, `{"game":`, `{"game":"tagteam","extra":1}`} {
		var e apiError
		if code := call(t, "POST", hs.URL+"/api/tables", bad, &e); code != 400 || e.Error == "" {
			t.Errorf("POST %s: %d %+v, want 400 with an error", bad, code, e)
		}
	}
	if code := call(t, "GET", hs.URL+"/api/tables/nope", "", nil); code != 404 {
		t.Errorf("an unknown table: %d", code)
	}

	// A person against a bot plays a whole game; the record is refused
	// until it ends. The seed is the server's.
	var e apiError
	if code := call(t, "POST", hs.URL+"/api/tables", `{"game":"tagteam","options":{"draft":"tactical"},"seats":["human","bot:greedy"],"seed":3}`, &e); code != 400 || e.Code != "seed_not_allowed" {
		t.Errorf("a seed for a table with a person: %d %+v, want 400 seed_not_allowed", code, e)
	}
	var c created
	if code := call(t, "POST", hs.URL+"/api/tables", `{"game":"tagteam","options":{"draft":"tactical"},"seats":["human","bot:greedy"]}`, &c); code != 201 || c.Seat != 0 {
		t.Fatalf("create: %d %+v", code, c)
	}
	if len(c.Token) != 32 || len(c.Invites) != 0 || len(c.Watch) != 32 || len(c.ID) != 32 {
		t.Errorf("created: %+v, want the creator's token, no invitation (the other seat is a bot), a watch code, a 128-bit id", c)
	}
	watch := "?watch=" + c.Watch
	if code := call(t, "GET", hs.URL+"/api/tables/"+c.ID+"/record"+watch, "", nil); code != 409 {
		t.Errorf("the record while in play: %d, want 409", code)
	}
	var pub PublicTable
	if code := call(t, "GET", hs.URL+"/api/tables/"+c.ID+watch, "", &pub); code != 200 || pub.Game != "tagteam" || pub.Finished {
		t.Fatalf("table: %d %+v", code, pub)
	}
	if data, _ := json.Marshal(pub); bytes.Contains(data, []byte(c.Token)) {
		t.Error("the public table shows a seat token")
	}
	tab, _ := s.Table(c.ID)
	playOut(t, s, tab, map[engine.Seat]string{0: c.Token})
	var rec engine.Record
	if code := call(t, "GET", hs.URL+"/api/tables/"+c.ID+"/record"+watch, "", &rec); code != 200 || rec.Format != "stolik-record/1" || len(rec.Moves) != tab.Moves() {
		t.Fatalf("record: %d, %d moves of %d", code, len(rec.Moves), tab.Moves())
	}
	g, _ := all.Lookup("tagteam", "")
	res, err := engine.Replay(g, rec)
	if err != nil || res.Err != nil || res.State.Hash() != tab.Hash() {
		t.Fatalf("the record does not replay to the table's position: %v %v", err, res.Err)
	}
}

// A table stored mid-game is rebuilt when a server starts on the store, and
// its bots carry on to the end.
func TestBotsResumeAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := all.Lookup("frontline", "")
	tab, _, err := CreateTable(context.Background(), st, g, Spec{Options: map[string]any{"players": 3}, Seats: []string{"bot:greedy", "bot:random", "bot:greedy"}, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, tab, engine.NewRand(9), 20)
	played := tab.Moves()
	st.Close()

	s, _, _ := newServer(t, path)
	again, err := s.Table(tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	wait(t, again)
	if again.Moves() <= played {
		t.Fatalf("the bots made no move after the restart (%d moves)", again.Moves())
	}
	if _, over := again.Outcome(); !over {
		t.Fatal("not over")
	}
}

// Stopping the server while bots play flat out loses no accepted move:
// what the table has played is exactly what the store holds.
func TestCloseLosesNoAcceptedMove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "close.db")
	s, st := openServer(t, path)
	tab := mustCreate(t, s, Spec{Game: "frontline", Options: map[string]any{"players": 4},
		Seats: []string{"bot:random", "bot:random", "bot:random", "bot:random"}, Seed: 4})
	for tab.Moves() < 30 {
		select {
		case <-tab.Changed():
		case <-tab.Done():
			t.Fatal("the game ended before the stop")
		case <-time.After(30 * time.Second):
			t.Fatal("the bots did not play")
		}
	}
	s.Close() // mid-game: the bots are stopped
	played := tab.Moves()
	st.Close()

	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, moves, err := st.Load(context.Background(), tab.ID())
	if err != nil || len(moves) != played {
		t.Fatalf("the table played %d moves, the store holds %d (%v)", played, len(moves), err)
	}
	again, err := OpenTable(context.Background(), st, lookup, tab.ID())
	if err != nil || again.Hash() != tab.Hash() {
		t.Fatalf("the stored table replays to another position: %v", err)
	}
}

// postFrom sends a JSON POST as a client at addr (X-Real-IP).
func postFrom(t *testing.T, addr, url, body string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Real-IP", addr)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

func jsonDecode(resp *http.Response, v any) error { return json.NewDecoder(resp.Body).Decode(v) }

func jsonUnmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
