package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

// The fuzz targets send arbitrary bytes as the JSON body of the POST
// endpoints and check what every answer must be: never a panic or a 5xx,
// always JSON, an error always with a code and its message in both
// languages, and a refused request changes nothing (the table in memory
// and in the store, the server's tables). A body may name the secrets of
// the table under test: $TOKEN (seat 0's token), $TOKEN1 (seat 1's),
// $INVITE (a live invitation), replaced before the request is sent, so
// that the fuzzer mutates around valid requests.

// fuzzTablesMax is how many tables a fuzz server makes before it is closed
// and a fresh one opened, so that the in-memory store stays small.
const fuzzTablesMax = 300

// fuzzServer is a server on an in-memory store with every limit off. Its
// bots think for an hour: a table of bots costs nothing between inputs.
type fuzzServer struct {
	s       *Server
	st      *store.SQLite
	h       http.Handler
	created int // tables made since it opened
}

func newFuzzServer(tb testing.TB) *fuzzServer {
	tb.Helper()
	st, err := store.OpenSQLite(":memory:")
	if err != nil {
		tb.Fatal(err)
	}
	lim := DefaultLimits()
	lim.CreateRate, lim.JoinRate = Rate{}, Rate{}
	lim.TablesPerAddress, lim.Tables = 0, 0
	s, err := New(Config{Store: st, Games: all.Games(), Logger: slog.New(slog.DiscardHandler), BotDelay: time.Hour, Limits: &lim})
	if err != nil {
		tb.Fatal(err)
	}
	return &fuzzServer{s: s, st: st, h: s.Handler()}
}

func (fs *fuzzServer) close() {
	fs.s.Close()
	fs.st.Close()
}

// fuzzServers keeps one fuzz server for a target, and opens a fresh one
// once the last has made fuzzTablesMax tables.
type fuzzServers struct{ cur *fuzzServer }

func (p *fuzzServers) get(tb testing.TB) (*fuzzServer, bool) {
	tb.Helper()
	if p.cur != nil && p.cur.created < fuzzTablesMax {
		return p.cur, false
	}
	if p.cur != nil {
		p.cur.close()
	}
	p.cur = newFuzzServer(tb)
	return p.cur, true
}

func (p *fuzzServers) close() {
	if p.cur != nil {
		p.cur.close()
	}
}

// post sends body to path as a browser on the server's own page would, and
// checks the properties every answer has.
func (fs *fuzzServer) post(t *testing.T, path string, body []byte) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest("POST", "http://127.0.0.1"+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	fs.h.ServeHTTP(rec, req)
	status, data := rec.Code, rec.Body.Bytes()
	if status >= 500 || status == http.StatusTooManyRequests || status < 200 || status >= 300 && status < 400 {
		t.Fatalf("POST %s %q: %d %s", path, body, status, data)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("POST %s %q: %d with Content-Type %q", path, body, status, ct)
	}
	if !json.Valid(data) {
		t.Fatalf("POST %s %q: %d, not JSON: %q", path, body, status, data)
	}
	if status >= 400 {
		var e apiError
		if err := json.Unmarshal(data, &e); err != nil || e.Code == "" || e.Error == "" || e.Msg == nil || e.Msg.PL == "" || e.Msg.EN == "" {
			t.Fatalf("POST %s %q: %d, an error without a code or a message: %s", path, body, status, data)
		}
	}
	return status, data
}

// strictDecode reads an answer with no field the type does not know.
func strictDecode(t *testing.T, data []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("the answer %s does not read as %T: %v", data, v, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		t.Fatalf("the answer %s has more than one value", data)
	}
}

// count is the tables the server holds and the store's unfinished ones.
func (fs *fuzzServer) count(t *testing.T) [2]int {
	t.Helper()
	fs.s.mu.Lock()
	n := len(fs.s.tables)
	fs.s.mu.Unlock()
	ids, err := fs.st.Unfinished(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return [2]int{n, len(ids)}
}

// snapshot is everything a request could change about tab: the table in
// memory and in the store, and the server's tables.
func (fs *fuzzServer) snapshot(t *testing.T, tab *Table) string {
	t.Helper()
	rec, moves, err := fs.st.Load(context.Background(), tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	tab.mu.Lock()
	mem := struct {
		Seats     []store.Seat
		Players   []Player
		Moves     int
		Made      []int
		Rematch   string
		Abandoned bool
		Hash      uint64
	}{append([]store.Seat(nil), tab.rec.Seats...), tab.players(), tab.moves, append([]int(nil), tab.made...), tab.rec.Rematch, tab.rec.Abandoned, tab.st.Hash()}
	tab.mu.Unlock()
	stored := struct {
		Seats             []store.Seat
		Moves             int
		Rematch           string
		Finished, Abandon bool
	}{rec.Seats, len(moves), rec.Rematch, rec.Finished, rec.Abandoned}
	data, _ := json.Marshal([]any{mem, stored, fs.count(t)})
	return string(data)
}

// fuzzTable is a table under test with its secrets; spent once a request
// has changed it (a seat taken or left, an invitation replaced).
type fuzzTable struct {
	tab                   *Table
	token, token1, invite string
	spent                 bool
}

// fill puts the table's secrets into body.
func (ft *fuzzTable) fill(body []byte) []byte {
	body = bytes.ReplaceAll(body, []byte("$TOKEN1"), []byte(ft.token1))
	body = bytes.ReplaceAll(body, []byte("$TOKEN"), []byte(ft.token))
	return bytes.ReplaceAll(body, []byte("$INVITE"), []byte(ft.invite))
}

// newFuzzTable creates a table of humans alone with the creator at seat 0
// and, if join, seat 1 taken with its invitation; $INVITE is the next
// free seat's invitation, if any.
func newFuzzTable(t *testing.T, fs *fuzzServer, game string, players int, open, join bool) *fuzzTable {
	t.Helper()
	seats := make([]string, players)
	for i := range seats {
		seats[i] = "human"
	}
	tab, sec, err := fs.s.Create(context.Background(), Spec{Game: game, Options: map[string]any{"players": players}, Seats: seats,
		Seed: NewSeed(), Open: open, Sit: true, Seat: 0, Name: "Ala"})
	if err != nil {
		t.Fatal(err)
	}
	fs.created++
	ft := &fuzzTable{tab: tab, token: sec.Token}
	invites := sec.Invites
	if join && len(invites) > 0 {
		seat, token, err := tab.Join(context.Background(), "Bob", -1, invites[0].Code)
		if err != nil || int(seat) != invites[0].Seat {
			t.Fatalf("join: seat %d, %v", seat, err)
		}
		ft.token1, invites = token, invites[1:]
	}
	if len(invites) > 0 {
		ft.invite = invites[0].Code
	}
	return ft
}

// playFuzzTable plays random legal moves for the seats of ft (all of them
// people's) until the game is over.
func playFuzzTable(t *testing.T, ft *fuzzTable) {
	t.Helper()
	toks := map[engine.Seat]string{0: ft.token, 1: ft.token1}
	r := engine.NewRand(NewSeed())
	for n := 0; ; n++ {
		if _, over := ft.tab.Outcome(); over {
			return
		}
		if n > 5000 {
			t.Fatalf("table %s: no end after %d moves", ft.tab.ID(), ft.tab.Moves())
		}
		_, _, pending := ft.tab.View(engine.Spectator)
		if len(pending) == 0 {
			t.Fatalf("table %s: nobody to move, and not over", ft.tab.ID())
		}
		seat := pending[0]
		_, legal, _ := ft.tab.View(seat)
		ft.tab.mu.Lock()
		text := ft.tab.st.Format(legal[r.IntN(len(legal))])
		ft.tab.mu.Unlock()
		if _, err := ft.tab.Play(context.Background(), toks[seat], text); err != nil {
			t.Fatal(err)
		}
	}
}

// fuzzTables keeps the tables of a target on its current server: a
// server opened afresh, or a table spent, makes a new table of that kind.
type fuzzTables struct {
	servers fuzzServers
	tables  map[int]*fuzzTable
	make    func(t *testing.T, fs *fuzzServer, kind int) *fuzzTable
}

func (p *fuzzTables) get(t *testing.T, kind int) (*fuzzServer, *fuzzTable) {
	t.Helper()
	fs, fresh := p.servers.get(t)
	if fresh || p.tables == nil {
		p.tables = map[int]*fuzzTable{}
	}
	ft := p.tables[kind]
	if ft == nil || ft.spent {
		ft = p.make(t, fs, kind)
		p.tables[kind] = ft
	}
	return fs, ft
}

// POST /api/tables with any body.
func FuzzCreateBody(f *testing.F) {
	for _, b := range []string{
		`{"game":"cardline","options":{"players":2},"seats":["human","human"]}`,
		`{"game":"cardline","options":{"players":3},"seats":["human","bot:fan","human"],"open":true,"name":"Ala"}`,
		`{"game":"tagteam","seats":["human","bot:greedy"],"seat":0}`,
		`{"game":"tagteam","seats":["bot:random","bot:greedy"],"seed":7}`,
		`{"game":"tagteam","seats":["human","human"],"seat":-1}`,
		`{"game":"tagteam","seats":["human","human"],"seat":1,"name":" Bob\u0000\u202e "}`,
		`{"game":"frontline","options":{"players":4,"variant":"standard"},"seats":["human","human","bot:random","bot:greedy"]}`,
		`{"game":"asterix","options":{"players":2},"seats":["human","bot:greedy"]}`,
		`{"game":"tagteam","seats":["human","human"],"seed":3}`,
		`{"game":"tagteam","seats":["human","human"],"seat":2}`,
		`{"game":"tagteam","seats":["human","bot:greedy"],"seat":1}`,
		`{"game":"tagteam","seats":["human","human"],"seat":-2}`,
		`{"game":"tagteam","seats":["human"]}`,
		`{"game":"tagteam","seats":["human","robot"]}`,
		`{"game":"tagteam","seats":["human","bot:nobody"]}`,
		`{"game":"tagteam","seats":["human","bot:"]}`,
		`{"game":"tagteam","seats":null}`,
		`{"game":"cardline","options":{"players":1},"seats":["human"]}`,
		`{"game":"cardline","options":{"players":99},"seats":["human"]}`,
		`{"game":"cardline","options":{"players":"2"},"seats":["human","human"]}`,
		`{"game":"cardline","options":{"players":2.5},"seats":["human","human"]}`,
		`{"game":"cardline","options":{"players":1e300},"seats":["human","human"]}`,
		`{"game":"cardline","options":{"nope":1},"seats":["human","human"]}`,
		`{"game":"cardline","options":[],"seats":["human","human"]}`,
		`{"game":"chess","seats":["human","human"]}`,
		`{"game":"","seats":[]}`,
		`{"game":"tagteam","seats":["human","human"],"extra":1}`,
		`{"game":"tagteam","seats":["human","human"]} {}`,
		`{"game":"tagteam","seats":["human","human"],"seed":-1}`,
		`{"game":"tagteam","seats":["human","human"],"seat":"0"}`,
		`{"GAME":"tagteam","Seats":["human","human"]}`,
		`{"game":"tagteam","game":"cardline","seats":["human","human"]}`,
		`{}`, `null`, `[]`, `""`, ``, `{`, `{"game":`,
	} {
		f.Add([]byte(b))
	}
	var servers fuzzServers
	f.Cleanup(servers.close)
	f.Fuzz(func(t *testing.T, body []byte) {
		fs, _ := servers.get(t)
		before := fs.count(t)
		status, data := fs.post(t, "/api/tables", body)
		after := fs.count(t)
		if status >= 400 {
			if after != before {
				t.Fatalf("a refused create (%d %s) changed the tables: %v, then %v", status, data, before, after)
			}
			return
		}
		if status != http.StatusCreated {
			t.Fatalf("create: %d %s", status, data)
		}
		fs.created++
		if after != [2]int{before[0] + 1, before[1] + 1} {
			t.Fatalf("a table created: the tables %v, then %v", before, after)
		}
		var c Created
		strictDecode(t, data, &c)
		tab, err := fs.s.Table(c.ID)
		if err != nil {
			t.Fatalf("the table created (%s) is not there: %v", data, err)
		}
		seats := tab.Seats()
		humans := 0
		for _, s := range seats {
			if s.Kind == "human" {
				humans++
			}
		}
		switch {
		case c.Seat >= 0:
			if seat, err := tab.SeatOf(c.Token); err != nil || int(seat) != c.Seat {
				t.Fatalf("the creator's token claims seat %d (%v), not %d", seat, err, c.Seat)
			}
			humans--
		case c.Seat != -1 || c.Token != "":
			t.Fatalf("a creator at no seat: seat %d, token %q", c.Seat, c.Token)
		}
		if len(c.Invites) != humans {
			t.Fatalf("%d invitations for %d free human seats: %s", len(c.Invites), humans, data)
		}
		for _, inv := range c.Invites {
			tab.mu.Lock()
			seat, ok := tab.inviteOf(inv.Code)
			tab.mu.Unlock()
			if !ok || int(seat) != inv.Seat || inv.Seat == c.Seat {
				t.Fatalf("the invitation to seat %d claims seat %d (%v)", inv.Seat, seat, ok)
			}
		}
		if open := tab.Public().Open; open == (c.Watch != "") {
			t.Fatalf("an open table (%v) with a watch code %q", open, c.Watch)
		}
	})
}

// POST /api/tables/{id}/join with any body, at an open or a private table
// whose seat 0 is taken and seats 1 and 2 are free.
func FuzzJoinBody(f *testing.F) {
	for _, b := range []string{
		`{"invite":"$INVITE"}`, `{"invite":"$INVITE","name":"Bob"}`, `{"invite":"$INVITE","seat":1}`,
		`{"invite":"$INVITE","seat":2}`, `{"invite":"$INVITE","seat":0}`, `{"invite":"$INVITE","seat":-1}`,
		`{}`, `{"name":"Cyd"}`, `{"seat":1}`, `{"seat":2}`, `{"seat":0}`, `{"seat":-1}`, `{"seat":-2}`, `{"seat":3}`,
		`{"seat":9223372036854775807}`, `{"seat":-9223372036854775808}`, `{"seat":1e40}`, `{"seat":1.5}`, `{"seat":"1"}`,
		`{"invite":"nope"}`, `{"invite":""}`, `{"invite":"$TOKEN"}`, `{"invite":"$INVITE$INVITE"}`, `{"invite":null}`,
		`{"invite":"$INVITE","extra":true}`, `{"invite":"$INVITE"}{}`, `{"INVITE":"$INVITE"}`,
		`{"invite":"$INVITE","name":"` + strings.Repeat("ż", 100) + `"}`, `{"name":"\u0000\u202e\ufffd"}`, `{"name":"\xff"}`,
		`null`, `[]`, `""`, ``, `{`, `{"invite":`,
	} {
		f.Add(true, []byte(b))
		f.Add(false, []byte(b))
	}
	tables := fuzzTables{make: func(t *testing.T, fs *fuzzServer, kind int) *fuzzTable {
		return newFuzzTable(t, fs, "cardline", 3, kind == 1, false)
	}}
	f.Cleanup(tables.servers.close)
	f.Fuzz(func(t *testing.T, open bool, body []byte) {
		kind := 0
		if open {
			kind = 1
		}
		fs, ft := tables.get(t, kind)
		body = ft.fill(body)
		before := fs.snapshot(t, ft.tab)
		status, data := fs.post(t, "/api/tables/"+ft.tab.ID()+"/join", body)
		if status >= 400 {
			if after := fs.snapshot(t, ft.tab); after != before {
				t.Fatalf("a refused join (%d %s) changed the table:\n%s\n%s", status, data, before, after)
			}
			return
		}
		if status != http.StatusOK {
			t.Fatalf("join: %d %s", status, data)
		}
		ft.spent = true
		var st SeatToken
		strictDecode(t, data, &st)
		if seat, err := ft.tab.SeatOf(st.Token); err != nil || int(seat) != st.Seat || st.Seat == 0 {
			t.Fatalf("the joiner's token claims seat %d (%v), not %d", seat, err, st.Seat)
		}
		if !ft.tab.Players()[st.Seat].Taken {
			t.Fatalf("seat %d joined, not taken", st.Seat)
		}
		if seat, err := ft.tab.SeatOf(ft.token); err != nil || seat != 0 {
			t.Fatalf("a join took seat 0 from its player: %d %v", seat, err)
		}
	})
}

// POST /api/tables/{id}/leave, /invite and /rematch (op 0, 1, 2) with any
// body, at a table in play (seats 0 and 1 taken, seat 2 free) or at a
// finished one (seats 0 and 1 taken).
func FuzzSeatBody(f *testing.F) {
	for _, b := range []string{
		`{"token":"$TOKEN"}`, `{"token":"$TOKEN1"}`, `{"token":"$TOKEN","seat":2}`, `{"token":"$TOKEN1","seat":2}`,
		`{"token":"$TOKEN","seat":1}`, `{"token":"$TOKEN","seat":0}`, `{"token":"$TOKEN","seat":-1}`, `{"token":"$TOKEN","seat":3}`,
		`{"token":"$TOKEN","seat":9223372036854775807}`, `{"token":"$TOKEN","seat":-9223372036854775808}`,
		`{"token":"$TOKEN","seat":"2"}`, `{"token":"$TOKEN","seat":2.0}`, `{"token":"$TOKEN","seat":null}`,
		`{"token":""}`, `{"token":null}`, `{"token":123}`, `{"token":"$INVITE"}`, `{"token":"nope"}`, `{"token":"$TOKEN$TOKEN1"}`,
		`{"token":"$TOKEN","extra":1}`, `{"token":"$TOKEN"} {}`, `{"token":"$TOKEN"} x`, `{"TOKEN":"$TOKEN"}`,
		`{"token":"$TOKEN1","token":"$TOKEN"}`, `{"token":"$TOKEN","seat":2,"seat":1}`,
		`{}`, `null`, `[]`, `""`, ``, `{`, `{"token":`,
	} {
		for op := range uint8(3) {
			f.Add(op, false, []byte(b))
			f.Add(op, true, []byte(b))
		}
	}
	tables := fuzzTables{make: func(t *testing.T, fs *fuzzServer, kind int) *fuzzTable {
		if kind == 1 {
			ft := newFuzzTable(t, fs, "cardline", 2, false, true)
			playFuzzTable(t, ft)
			return ft
		}
		return newFuzzTable(t, fs, "cardline", 3, false, true)
	}}
	f.Cleanup(tables.servers.close)
	ops := []string{"leave", "invite", "rematch"}
	f.Fuzz(func(t *testing.T, op uint8, finished bool, body []byte) {
		kind := 0
		if finished {
			kind = 1
		}
		fs, ft := tables.get(t, kind)
		body = ft.fill(body)
		name := ops[int(op)%len(ops)]
		before := fs.snapshot(t, ft.tab)
		status, data := fs.post(t, "/api/tables/"+ft.tab.ID()+"/"+name, body)
		if status >= 400 {
			if after := fs.snapshot(t, ft.tab); after != before {
				t.Fatalf("a refused %s (%d %s) changed the table:\n%s\n%s", name, status, data, before, after)
			}
			return
		}
		var req struct {
			Token string `json:"token"`
			Seat  int    `json:"seat"`
		}
		json.Unmarshal(body, &req)
		switch name {
		case "leave":
			if status != http.StatusOK || string(data) != "{}\n" {
				t.Fatalf("leave: %d %s", status, data)
			}
			ft.spent = true
			if seat, err := ft.tab.SeatOf(req.Token); err == nil {
				t.Fatalf("the token of a seat left still claims seat %d", seat)
			}
		case "invite":
			if status != http.StatusOK {
				t.Fatalf("invite: %d %s", status, data)
			}
			ft.spent = true
			var inv Invite
			strictDecode(t, data, &inv)
			ft.tab.mu.Lock()
			seat, ok := ft.tab.inviteOf(inv.Code)
			ft.tab.mu.Unlock()
			if !ok || int(seat) != inv.Seat || ft.tab.Players()[inv.Seat].Taken {
				t.Fatalf("the invitation %s claims seat %d (%v)", data, seat, ok)
			}
		case "rematch":
			if status != http.StatusCreated {
				t.Fatalf("rematch: %d %s", status, data)
			}
			if _, over := ft.tab.Outcome(); !over {
				t.Fatalf("a rematch of a game in play: %s", data)
			}
			fs.created++
			var rs RematchSeat
			strictDecode(t, data, &rs)
			next, err := fs.s.Table(rs.ID)
			if err != nil || ft.tab.Public().Rematch != rs.ID {
				t.Fatalf("the rematch %s is not the table's (%q): %v", rs.ID, ft.tab.Public().Rematch, err)
			}
			old, _ := ft.tab.SeatOf(req.Token)
			if seat, err := next.SeatOf(rs.Token); err != nil || int(seat) != rs.Seat || seat != old {
				t.Fatalf("the rematch's token claims seat %d (%v); the asker sat at %d, was told %d", seat, err, old, rs.Seat)
			}
		}
	})
}
