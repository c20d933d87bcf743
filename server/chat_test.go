package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"stolik/store"
)

// chatTable is an open table of two people who joined as Ala and Bob, on
// a server of its own, with the tokens of their seats.
func chatTable(t *testing.T, chat string, tune ...func(*Config)) (*Server, string, *Table, []string, store.Store) {
	t.Helper()
	s, hs, st := newServer(t, filepath.Join(t.TempDir(), "chat.db"), tune...)
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true, Chat: chat})
	var toks []string
	for _, name := range []string{"Ala", "Bob"} {
		_, token, err := tab.Join(context.Background(), name, -1, "")
		if err != nil {
			t.Fatal(err)
		}
		toks = append(toks, token)
	}
	return s, hs.URL, tab, toks, st
}

// chatClient dials the table's WebSocket asking for the chat, with
// query (a token, a watch code) and reads the first chat update.
func chatClient(t *testing.T, base string, tab *Table, query string) (*wsClient, ChatUpdate) {
	t.Helper()
	c, _, err := dial(t, wsURL(base)+"/ws/tables/"+tab.ID()+"?chat=1&"+query)
	if err != nil {
		t.Fatal(err)
	}
	return c, c.chat()
}

// chat reads messages up to the next chat update, failing on an error.
func (w *wsClient) chat() ChatUpdate {
	w.t.Helper()
	for {
		typ, data := w.next()
		switch typ {
		case "chat":
			var u ChatUpdate
			if err := json.Unmarshal(data, &u); err != nil {
				w.t.Fatal(err)
			}
			return u
		case "error":
			w.t.Fatalf("got an error, want a chat update: %s", data)
		}
	}
}

// chatError reads messages up to the next error, and gives its code.
func (w *wsClient) chatError() string {
	w.t.Helper()
	for {
		typ, data := w.next()
		switch typ {
		case "error":
			var m ErrorMessage
			json.Unmarshal(data, &m)
			if m.Message.PL == "" || m.Message.EN == "" || m.Message.PL == m.Message.EN {
				w.t.Errorf("error %s: want its message in Polish and English", data)
			}
			return m.Code
		}
	}
}

// lines reads chat updates until they hold n messages in all.
func (w *wsClient) lines(n int) []ChatLine {
	w.t.Helper()
	var out []ChatLine
	for len(out) < n {
		out = append(out, w.chat().Messages...)
	}
	return out
}

func chatJSON(text string) string {
	b, _ := json.Marshal(ClientMessage{Type: "chat", Text: text})
	return string(b)
}

// Two players and a spectator: a message written by one reaches all
// three, with the seat and the name the table shows, a spectator's
// marked; a quick phrase goes by its key; a client connecting later is
// sent them all, and a server started again on the store has them too.
func TestChatReachesEveryClientAndReplays(t *testing.T) {
	s, base, tab, toks, st := chatTable(t, "")
	p0, first := chatClient(t, base, tab, "token="+toks[0])
	if first.Mode != ChatAll || len(first.Messages) != 0 {
		t.Fatalf("first chat update: %+v", first)
	}
	p1, _ := chatClient(t, base, tab, "token="+toks[1])
	sp, _ := chatClient(t, base, tab, "")
	p0.send(chatJSON("  Cześć <b>wszystkim</b>!  "))
	want := ChatLine{N: 0, Seat: 0, Name: "Ala", Text: "Cześć <b>wszystkim</b>!"}
	for who, c := range map[string]*wsClient{"seat 0": p0, "seat 1": p1, "spectator": sp} {
		u := c.chat()
		if len(u.Messages) != 1 {
			t.Fatalf("%s: %+v", who, u)
		}
		got := u.Messages[0]
		got.At = 0
		if got != want {
			t.Errorf("%s was sent %+v, want %+v", who, got, want)
		}
	}
	sp.send(chatJSON("go go"))
	p1.send(`{"type":"chat","phrase":"gg"}`)
	for _, c := range []*wsClient{p0, p1, sp} {
		for _, m := range c.lines(2) {
			switch {
			case m.Text == "go go" && (!m.Spectator || m.Seat != -1 || m.Name != ""):
				t.Errorf("the spectator's message: %+v", m)
			case m.Phrase == "gg" && (m.Text != "" || m.Seat != 1 || m.Name != "Bob" || m.Spectator):
				t.Errorf("the phrase: %+v", m)
			case m.Text != "go go" && m.Phrase != "gg":
				t.Errorf("a message never written: %+v", m)
			}
		}
	}
	_, again := chatClient(t, base, tab, "token="+toks[0])
	if len(again.Messages) != 3 || again.Messages[0].Text != want.Text || again.Messages[2].N != 2 {
		t.Errorf("on reconnecting: %+v", again)
	}
	tail, err := st.(store.Chats).ChatTail(context.Background(), tab.ID(), 10)
	if err != nil || len(tail) != 3 || tail[0].Text != want.Text {
		t.Errorf("the store holds %+v, %v", tail, err)
	}
	// A server started again on the store numbers the next message on.
	s2, err := New(Config{Store: st, Games: s.cfg.Games})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	hs2 := httptest.NewServer(s2.Handler())
	defer hs2.Close()
	tab2, err := s2.Table(tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	c2, old := chatClient(t, hs2.URL, tab2, "token="+toks[1])
	if len(old.Messages) != 3 {
		t.Fatalf("the restarted server's chat: %+v", old)
	}
	c2.send(chatJSON("again"))
	if u := c2.chat(); len(u.Messages) != 1 || u.Messages[0].N != 3 {
		t.Errorf("after a restart: %+v", u)
	}
}

// A client that does not ask for the chat is sent none of it, so that
// clients made before it (bots' programs) read what they always read.
func TestChatOnlyToClientsThatAsk(t *testing.T) {
	_, base, tab, toks, _ := chatTable(t, "")
	plain, _, err := dial(t, wsURL(base)+"/ws/tables/"+tab.ID()+"?token="+toks[1])
	if err != nil {
		t.Fatal(err)
	}
	plain.state()
	plain.send(chatJSON("hi"))
	plain.send(`{"type":"move","move":"no-such-move"}`)
	if typ, data := plain.next(); typ != "error" {
		t.Errorf("a client that did not ask for the chat was sent %s", data)
	}
}

// The limits of a message: text only, trimmed and in NFC, at most 500
// characters, no control characters, a known phrase, not both.
func TestChatLimits(t *testing.T) {
	_, base, tab, toks, _ := chatTable(t, "")
	p0, _ := chatClient(t, base, tab, "token="+toks[0])
	p1, _ := chatClient(t, base, tab, "token="+toks[1])
	for _, c := range []struct{ msg, code string }{
		{chatJSON(strings.Repeat("ż", 501)), "chat_too_long"},
		{chatJSON("   "), "chat_empty"},
		{chatJSON("a\nb"), "chat_control"},
		{chatJSON("a\u0007b"), "chat_control"},
		{chatJSON("abc\u202edcba"), "chat_control"},
		{`{"type":"chat","phrase":"nope"}`, "chat_phrase"},
		{`{"type":"chat","phrase":"gg","text":"x"}`, "bad_message"},
	} {
		p0.send(c.msg)
		if got := p0.chatError(); got != c.code {
			t.Errorf("%.40s: %s, want %s", c.msg, got, c.code)
		}
	}
	p1.send(chatJSON(strings.Repeat("ż", 499) + "e\u0301"))
	u := p1.chat()
	if len(u.Messages) != 1 || u.Messages[0].N != 0 || !strings.HasSuffix(u.Messages[0].Text, "é") || len([]rune(u.Messages[0].Text)) != 500 {
		t.Errorf("500 characters after NFC: %+v", u)
	}
}

// A seat writes at most chatBurst messages at once, on all its sockets
// together; the next is refused with chat_too_fast and counted.
func TestChatRateLimit(t *testing.T) {
	s, base, tab, toks, _ := chatTable(t, "")
	a, _ := chatClient(t, base, tab, "token="+toks[0])
	b, _ := chatClient(t, base, tab, "token="+toks[0])
	for i := range chatBurst {
		a.send(chatJSON(fmt.Sprint("m", i)))
		if u := a.chat(); len(u.Messages) != 1 || u.Messages[0].N != i {
			t.Fatalf("message %d: %+v", i, u)
		}
	}
	b.send(chatJSON("one more"))
	if code := b.chatError(); code != "chat_too_fast" {
		t.Errorf("one over the burst: %s", code)
	}
	if n := limitHits(t, s, limitChat); n != 1 {
		t.Errorf("chat limit hits: %v", n)
	}
}

// The table's setting: "players" keeps spectators reading only, "off"
// takes the chat away; a setting not known is refused at creation.
func TestChatSettings(t *testing.T) {
	_, base, tab, toks, _ := chatTable(t, ChatPlayers)
	sp, first := chatClient(t, base, tab, "")
	if first.Mode != ChatPlayers {
		t.Errorf("mode %q", first.Mode)
	}
	sp.send(chatJSON("hi"))
	if code := sp.chatError(); code != "chat_players" {
		t.Errorf("a spectator at a players' table: %s", code)
	}
	p, _ := chatClient(t, base, tab, "token="+toks[0])
	p.send(chatJSON("hi"))
	if u := p.chat(); len(u.Messages) != 1 {
		t.Errorf("a player at a players' table: %+v", u)
	}
	if u := sp.chat(); len(u.Messages) != 1 {
		t.Errorf("the spectator reads: %+v", u)
	}

	_, base, off, toks, _ := chatTable(t, ChatOff)
	p, first = chatClient(t, base, off, "token="+toks[0])
	if first.Mode != ChatOff {
		t.Errorf("mode %q", first.Mode)
	}
	p.send(chatJSON("hi"))
	if code := p.chatError(); code != "chat_off" {
		t.Errorf("chat off: %s", code)
	}
	code, data := post(t, base+"/api/tables", `{"game":"cardline","seats":["human","human"],"options":{"players":2},"chat":"loud"}`)
	if code != http.StatusBadRequest || !bytes.Contains(data, []byte("bad_chat")) {
		t.Errorf("chat \"loud\": %d %s", code, data)
	}
}

// A report reaches the store with who reported it; the operator's
// listener lists it, deletes the message (every connected client is sent
// it deleted, and a client connecting later too) and closes the report.
func TestChatReportAndOperatorDelete(t *testing.T) {
	var logs bytes.Buffer
	s, base, tab, toks, _ := chatTable(t, "", func(c *Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	p0, _ := chatClient(t, base, tab, "token="+toks[0])
	p1, _ := chatClient(t, base, tab, "token="+toks[1])
	sp, _ := chatClient(t, base, tab, "")
	secret := "pretty rude words"
	p1.send(chatJSON(secret))
	for _, c := range []*wsClient{p0, p1, sp} {
		c.chat()
	}
	api := base + "/api/tables/" + tab.ID() + "/chat/"
	if code, data := post(t, api+"0/report", `{"token":"`+toks[0]+`","reason":"rude"}`); code != http.StatusCreated {
		t.Fatalf("report: %d %s", code, data)
	}
	if code, _ := post(t, api+"7/report", `{"token":"`+toks[0]+`"}`); code != http.StatusNotFound {
		t.Errorf("reporting a message not there: %d", code)
	}
	if code, _ := post(t, api+"0/report", `{"token":"`+toks[0]+`","reason":"`+strings.Repeat("x", maxReasonRune+1)+`"}`); code != http.StatusBadRequest {
		t.Errorf("a reason too long: %d", code)
	}
	admin := httptest.NewServer(s.AdminHandler(AdminOptions{}))
	defer admin.Close()
	var reports []store.Report
	if code := call(t, "GET", admin.URL+"/chat/reports", "", &reports); code != 200 || len(reports) != 1 {
		t.Fatalf("reports: %d %+v", code, reports)
	}
	r := reports[0]
	if r.Table != tab.ID() || r.N != 0 || r.Reporter != 0 || r.Reason != "rude" || r.Message.Text != secret || r.Message.Seat != 1 || r.Message.Name != "Bob" {
		t.Errorf("report: %+v", r)
	}
	if code := call(t, "POST", admin.URL+"/chat/tables/"+tab.ID()+"/0/delete", "", nil); code != 200 {
		t.Fatalf("delete: %d", code)
	}
	for who, c := range map[string]*wsClient{"seat 0": p0, "seat 1": p1, "spectator": sp} {
		u := c.chat()
		if len(u.Messages) != 1 || !u.Messages[0].Deleted || u.Messages[0].DeletedBy != OperatorDeleted || u.Messages[0].Text != "" || u.Messages[0].N != 0 {
			t.Errorf("%s was sent %+v", who, u)
		}
	}
	if _, later := chatClient(t, base, tab, ""); len(later.Messages) != 1 || !later.Messages[0].Deleted || later.Messages[0].Text != "" {
		t.Errorf("a client connecting after the delete: %+v", later)
	}
	if code := call(t, "POST", admin.URL+"/chat/tables/"+tab.ID()+"/9/delete", "", nil); code != 404 {
		t.Errorf("deleting a message not there: %d", code)
	}
	if code := call(t, "POST", admin.URL+"/chat/reports/"+fmt.Sprint(r.ID)+"/close", "", nil); code != 200 {
		t.Errorf("close: %d", code)
	}
	if code := call(t, "POST", admin.URL+"/chat/reports/"+fmt.Sprint(r.ID+50)+"/close", "", nil); code != 404 {
		t.Errorf("closing a report not there: %d", code)
	}
	if code := call(t, "GET", admin.URL+"/chat/reports", "", &reports); code != 200 || len(reports) != 0 {
		t.Errorf("reports after closing: %d %+v", code, reports)
	}
	if bytes.Contains(logs.Bytes(), []byte(secret)) || bytes.Contains(logs.Bytes(), []byte("rude words")) {
		t.Errorf("a chat text reached the log:\n%s", logs.String())
	}
	if !bytes.Contains(logs.Bytes(), []byte("chat message deleted by the operator")) {
		t.Errorf("the delete is not logged:\n%s", logs.String())
	}
	var text bytes.Buffer
	if _, err := scrapeText(admin.URL, &text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), `stolik_chat_messages_total{from="player"} 1`) || !strings.Contains(text.String(), `stolik_chat_messages_total{from="deleted"} 1`) {
		t.Errorf("the chat's metric is not counted")
	}
	if strings.Contains(text.String(), "rude words") {
		t.Errorf("a chat text reached the metrics")
	}
}

// scrapeText reads the metrics at base as text.
func scrapeText(base string, into *bytes.Buffer) (int64, error) {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return into.ReadFrom(resp.Body)
}

// A rematch keeps its table's chat setting, read back from the store by a
// server that did not make the table.
func TestChatSettingSurvivesRematchAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chat.db")
	s, st := openServer(t, path)
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true, Chat: ChatPlayers})
	toks := tokens(t, tab)
	playOut(t, s, tab, toks)
	s.Close()
	s2, err := New(Config{Store: st, Games: s.cfg.Games})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s2.Close(); st.Close() }()
	old, err := s2.Table(tab.ID())
	if err != nil {
		t.Fatal(err)
	}
	if mode, err := s2.ChatMode(context.Background(), old); err != nil || mode != ChatPlayers {
		t.Fatalf("after a restart: %q %v", mode, err)
	}
	next, _, _, err := s2.Rematch(context.Background(), old, toks[0], "1.2.3.4")
	if err != nil {
		t.Fatal(err)
	}
	if mode, err := s2.ChatMode(context.Background(), next); err != nil || mode != ChatPlayers {
		t.Errorf("the rematch's chat: %q %v", mode, err)
	}
}

// FuzzCleanChat: whatever a client writes, a message kept is in NFC,
// trimmed, of 500 characters at most, without a control character, and
// kept as it is when written again.
func FuzzCleanChat(f *testing.F) {
	for _, s := range []string{"hi", "  e\u0301  ", "a\nb", strings.Repeat("ż", 501), "\u202e", "\xff", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, err := cleanChat(in)
		if err != nil {
			return
		}
		if out == "" || out != strings.TrimSpace(out) || len([]rune(out)) > maxChatRunes || strings.ContainsFunc(out, isControl) {
			t.Fatalf("%q kept as %q", in, out)
		}
		if again, err := cleanChat(out); err != nil || again != out {
			t.Fatalf("%q kept as %q, then as %q (%v)", in, out, again, err)
		}
	})
}
