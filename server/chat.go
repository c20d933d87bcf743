package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"stolik/engine"
	"stolik/store"
)

// A table's chat (docs/chat.md): players and spectators write over the
// table's WebSocket; the node that runs the table numbers each message,
// stores it (store.Chats) and sends it to every client of the table, its
// relayed ones on other nodes too. A client is sent the last chatTail
// messages when it connects. The text is kept and sent as text; it never
// reaches a log line or a metric.

// Chat settings of a table (the option chat at creation).
const (
	ChatAll     = "all"     // players and spectators write
	ChatPlayers = "players" // spectators read only
	ChatOff     = "off"     // no chat
)

// Limits of the chat.
const (
	chatTail      = 100 // messages a client is sent on connecting
	maxChatRunes  = 500 // characters of a message, after NFC and trimming
	maxReasonRune = 300 // characters of a report's reason
	chatRate      = 0.5 // messages a second a seat (or a spectator's socket) may write, on average
	chatBurst     = 5   // and at once
)

// chatPhrases are the keys of the quick phrases; the clients show each in
// the reader's language (web/static/chat.js, docs/chat.md).
var chatPhrases = []string{"hi", "luck", "gg", "thanks", "wait", "sorry", "bravo"}

// Chat errors.
var (
	errChatOff      = engine.Rule{Code: "chat_off", PL: "Czat przy tym stoliku jest wyłączony.", EN: "Chat is off at this table."}
	errChatPlayers  = engine.Rule{Code: "chat_players", PL: "Przy tym stoliku piszą tylko gracze; widzowie czytają.", EN: "Only the players write at this table; spectators read."}
	errChatEmpty    = engine.Rule{Code: "chat_empty", PL: "Wiadomość jest pusta.", EN: "The message is empty."}
	errChatLong     = engine.Rule{Code: "chat_too_long", PL: "Wiadomość jest za długa: najwyżej %d znaków.", EN: "The message is too long: %d characters at most."}
	errChatControl  = engine.Rule{Code: "chat_control", PL: "Wiadomość zawiera znaki sterujące.", EN: "The message contains control characters."}
	errChatPhrase   = engine.Rule{Code: "chat_phrase", PL: "Nie ma takiej gotowej frazy.", EN: "There is no such quick phrase."}
	errChatTooFast  = engine.Rule{Code: "chat_too_fast", PL: "Za dużo wiadomości na czacie; poczekaj chwilę.", EN: "Too many chat messages; wait a moment."}
	errChatNoMsg    = engine.Rule{Code: "no_chat_message", PL: "Przy tym stoliku nie ma takiej wiadomości.", EN: "This table has no such message."}
	errChatNoStore  = engine.Rule{Code: "chat_unavailable", PL: "Ten serwer nie przechowuje czatu.", EN: "This server does not keep the chat."}
	errChatMode     = engine.Rule{Code: "bad_chat", PL: "Czat: all, players albo off, nie %q.", EN: "Chat: all, players or off, not %q."}
	errReasonLong   = engine.Rule{Code: "reason_too_long", PL: "Powód zgłoszenia jest za długi: najwyżej %d znaków.", EN: "The report's reason is too long: %d characters at most."}
	errNoReport     = engine.Rule{Code: "no_report", PL: "Nie ma zgłoszenia o tym numerze.", EN: "There is no report of that number."}
	errChatBothKind = engine.Rule{Code: "bad_message", PL: "Wiadomość czatu ma tekst albo frazę, nie oba.", EN: "A chat message has a text or a phrase, not both."}
)

// ChatLine is one message as clients are sent it.
type ChatLine struct {
	N         int    `json:"n"`
	At        int64  `json:"at"` // milliseconds since 1970
	Seat      int    `json:"seat"`
	Name      string `json:"name,omitempty"`
	Text      string `json:"text,omitempty"`
	Phrase    string `json:"phrase,omitempty"`
	Spectator bool   `json:"spectator"`
	Deleted   bool   `json:"deleted"`
	// DeletedBy is who deleted the message: "operator".
	DeletedBy string `json:"deleted_by,omitempty"`
}

// ChatUpdate is what a client is sent: on connecting the chat's setting
// and its last messages, then each message new or changed (deleted).
type ChatUpdate struct {
	Type     string     `json:"type"` // "chat"
	Mode     string     `json:"mode"`
	Messages []ChatLine `json:"messages"`
}

func chatLine(m store.ChatMessage) ChatLine {
	return ChatLine{N: m.N, At: m.At.UnixMilli(), Seat: m.Seat, Name: m.Name, Text: m.Text, Phrase: m.Phrase,
		Spectator: m.Seat < 0, Deleted: m.DeletedBy != "", DeletedBy: m.DeletedBy}
}

// chatState is a table's chat in memory: its setting and its last
// messages, each with the version of its last change.
type chatState struct {
	mu       sync.Mutex
	loaded   bool
	mode     string
	lines    []chatEntry // the last chatTail messages
	next     int         // the number of the next message
	ver      int         // counts the changes
	tick     chan struct{}
	seatRate map[engine.Seat]*bucket
}

type chatEntry struct {
	msg store.ChatMessage
	ver int
}

// chatChanged is closed at the chat's next change.
func (t *Table) chatChanged() <-chan struct{} {
	c := &t.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tick == nil {
		c.tick = make(chan struct{})
	}
	return c.tick
}

// changedChat marks a change; c.mu is held.
func (c *chatState) changed() {
	c.ver++
	if c.tick != nil {
		close(c.tick)
	}
	c.tick = make(chan struct{})
}

// loadChat reads the table's chat from chats once; c.mu is held.
func (t *Table) loadChat(ctx context.Context, chats store.Chats) error {
	c := &t.chat
	if c.loaded {
		return nil
	}
	if chats != nil {
		if c.mode == "" {
			mode, err := chats.ChatMode(ctx, t.rec.ID)
			if err != nil {
				return err
			}
			c.mode = mode
		}
		tail, err := chats.ChatTail(ctx, t.rec.ID, chatTail)
		if err != nil {
			return err
		}
		c.lines = c.lines[:0]
		for _, m := range tail {
			c.lines = append(c.lines, chatEntry{msg: m})
		}
		if len(tail) > 0 {
			c.next = tail[len(tail)-1].N + 1
		}
	}
	if c.mode == "" {
		c.mode = ChatAll
	}
	c.loaded = true
	return nil
}

// chatSince is the chat's setting and the messages changed after version
// seen (all of them when seen is negative), and the version now.
func (t *Table) chatSince(ctx context.Context, chats store.Chats, seen int) (ChatUpdate, int, error) {
	c := &t.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := t.loadChat(ctx, chats); err != nil {
		return ChatUpdate{}, seen, err
	}
	u := ChatUpdate{Type: "chat", Mode: c.mode, Messages: []ChatLine{}}
	if seen >= 0 && seen == c.ver {
		return u, c.ver, nil // nothing new: a state woke the writer
	}
	for _, e := range c.lines {
		if seen < 0 || e.ver > seen {
			u.Messages = append(u.Messages, chatLine(e.msg))
		}
	}
	return u, c.ver, nil
}

// cleanChat is a message's text as it is kept: NFC, trimmed, checked.
func cleanChat(text string) (string, error) {
	text = strings.TrimSpace(norm.NFC.String(text))
	if text == "" {
		return "", errChatEmpty.Err()
	}
	if utf8.RuneCountInString(text) > maxChatRunes {
		return "", errChatLong.Err(maxChatRunes)
	}
	if strings.ContainsFunc(text, isControl) {
		return "", errChatControl.Err()
	}
	return text, nil
}

// isControl: a control character, or one that turns the direction of
// the text around those that follow (which could make a message read as
// another's).
func isControl(r rune) bool {
	return unicode.IsControl(r) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == utf8.RuneError
}

// chatAllowed checks that the table's setting lets seat write, and its
// limit of messages; c.mu is held.
func (c *chatState) allowed(seat engine.Seat, socket *bucket, now time.Time) error {
	switch {
	case c.mode == ChatOff:
		return errChatOff.Err()
	case c.mode == ChatPlayers && seat < 0:
		return errChatPlayers.Err()
	}
	b := socket
	if seat >= 0 {
		if c.seatRate == nil {
			c.seatRate = map[engine.Seat]*bucket{}
		}
		if b = c.seatRate[seat]; b == nil {
			b = newBucket(now, chatRate, chatBurst)
			c.seatRate[seat] = b
		}
	}
	if b != nil && !b.allow(now) {
		return errChatTooFast.Err()
	}
	return nil
}

// chatMessage is what a client asked to write, checked: a text or a
// quick phrase's key.
func chatMessage(msg ClientMessage) (text, phrase string, err error) {
	switch {
	case msg.Text != "" && msg.Phrase != "":
		return "", "", errChatBothKind.Err()
	case msg.Phrase != "":
		if !slices.Contains(chatPhrases, msg.Phrase) {
			return "", "", errChatPhrase.Err()
		}
		return "", msg.Phrase, nil
	}
	text, err = cleanChat(msg.Text)
	return text, "", err
}

// Chat writes a message to the table for seat (engine.Spectator for a
// spectator, whose socket's own limit is socket) holding token: checked,
// numbered, stored, then sent to every client.
func (s *Server) Chat(ctx context.Context, t *Table, seat engine.Seat, token string, socket *bucket, msg ClientMessage) error {
	text, phrase, err := chatMessage(msg)
	if err != nil {
		return err
	}
	m := store.ChatMessage{Table: t.ID(), At: time.Now(), Seat: -1, Text: text, Phrase: phrase}
	if seat >= 0 {
		t.mu.Lock()
		now, err := t.seatOf(token)
		if err == nil && now == seat {
			m.Seat, m.Name = int(seat), t.rec.Seats[seat].Name
		}
		t.mu.Unlock()
		if m.Seat < 0 {
			return ErrBadToken
		}
	}
	stored := false
	defer func() { // after c.mu is let go: mentions take t.mu
		if stored && m.Text != "" {
			s.mentionNotices(t, m)
		}
	}()
	c := &t.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := t.loadChat(ctx, s.chats); err != nil {
		return err
	}
	if err := c.allowed(seat, socket, m.At); err != nil {
		if re, ok := engine.AsRuleError(err); ok && re.Code == errChatTooFast.Code {
			s.metrics.limitHit(limitChat)
		}
		return err
	}
	m.N = c.next
	if s.chats != nil {
		if err := s.chats.AppendChat(ctx, m); err != nil {
			if errors.Is(err, store.ErrConflict) {
				c.loaded = false // another node wrote meanwhile: read it again next time
			}
			return err
		}
	}
	c.next++
	c.lines = append(c.lines, chatEntry{msg: m, ver: c.ver + 1})
	if len(c.lines) > chatTail {
		c.lines = slices.Delete(c.lines, 0, len(c.lines)-chatTail)
	}
	c.changed()
	t.wakeSockets()
	from := "player"
	if m.Seat < 0 {
		from = "spectator"
	}
	s.metrics.chat.WithLabelValues(from).Inc()
	stored = true
	return nil
}

// deleteChat deletes message n of the table for by, in the store and on
// every client.
func (s *Server) deleteChat(ctx context.Context, t *Table, n int, by string) error {
	c := &t.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := t.loadChat(ctx, s.chats); err != nil {
		return err
	}
	if n < 0 || n >= c.next {
		return errChatNoMsg.Err()
	}
	if s.chats != nil {
		if _, err := s.chats.DeleteChat(ctx, t.ID(), n, by); err != nil {
			if errors.Is(err, store.ErrNoMessage) {
				return errChatNoMsg.Err()
			}
			return err
		}
	}
	for i := range c.lines {
		if m := &c.lines[i]; m.msg.N == n {
			m.msg.Text, m.msg.Phrase, m.msg.DeletedBy, m.ver = "", "", by, c.ver+1
		}
	}
	c.changed()
	t.wakeSockets()
	s.metrics.chat.WithLabelValues("deleted").Inc()
	return nil
}

// setChatMode records the chat setting of a table just made.
func (s *Server) setChatMode(ctx context.Context, t *Table, mode string) error {
	if mode == "" {
		mode = ChatAll
	}
	t.chat.mu.Lock()
	t.chat.mode = mode
	t.chat.mu.Unlock()
	if s.chats == nil || mode == ChatAll {
		return nil
	}
	return s.chats.SetChatMode(ctx, t.ID(), mode)
}

// checkChatMode checks the chat setting asked for at creation.
func checkChatMode(mode string) error {
	switch mode {
	case "", ChatAll, ChatPlayers, ChatOff:
		return nil
	}
	return errChatMode.Err(mode)
}

// ChatMode is the table's chat setting.
func (s *Server) ChatMode(ctx context.Context, t *Table) (string, error) {
	t.chat.mu.Lock()
	defer t.chat.mu.Unlock()
	err := t.loadChat(ctx, s.chats)
	return t.chat.mode, err
}

// handleReport takes a report of a message: POST
// /api/tables/{id}/chat/{n}/report {token or watch, reason}, from a seat
// (its token) or a spectator (the watch code of a private table).
func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token  string `json:"token"`
		Watch  string `json:"watch"`
		Reason string `json:"reason"`
	}
	if s.limited(w, r) || !decode(w, r, &req) {
		return
	}
	t, _, seat, ok := s.table(w, r, Credentials{Token: req.Token, Watch: req.Watch})
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		s.fail(w, r, errChatNoMsg.Err())
		return
	}
	reason := strings.TrimSpace(norm.NFC.String(req.Reason))
	switch {
	case utf8.RuneCountInString(reason) > maxReasonRune:
		s.fail(w, r, errReasonLong.Err(maxReasonRune))
		return
	case strings.ContainsFunc(reason, isControl):
		s.fail(w, r, errChatControl.Err())
		return
	case s.chats == nil:
		reject(w, http.StatusNotImplemented, errChatNoStore.Err())
		return
	}
	if err := s.ensureChatMessage(r.Context(), t, n); err != nil {
		s.fail(w, r, err)
		return
	}
	id, err := s.chats.AddReport(r.Context(), store.Report{Table: t.ID(), N: n, Reporter: int(seat), Reason: reason, At: time.Now()})
	if errors.Is(err, store.ErrNoMessage) {
		err = errChatNoMsg.Err()
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("chat message reported", "table", t.ID(), "message", n, "report", id, "by", int(seat))
	writeJSON(w, http.StatusCreated, struct {
		ID int64 `json:"id"`
	}{id})
}

// ensureChatMessage checks that the table's chat has message n.
func (s *Server) ensureChatMessage(ctx context.Context, t *Table, n int) error {
	t.chat.mu.Lock()
	defer t.chat.mu.Unlock()
	if err := t.loadChat(ctx, s.chats); err != nil {
		return err
	}
	if n >= t.chat.next {
		return errChatNoMsg.Err()
	}
	return nil
}

// sendChat sends the client what changed in the chat since it was last
// sent it; false: the connection is over.
func (wc *wsConn) sendChat() bool {
	if !wc.reads {
		return true
	}
	u, ver, err := wc.t.chatSince(wc.ctx, wc.s.chats, wc.chatSeen)
	if err != nil {
		wc.s.log.Error("the chat could not be read", "table", wc.t.ID(), "err", err)
		return true // tried again at the next change
	}
	if wc.chatSeen >= 0 && len(u.Messages) == 0 {
		wc.chatSeen = ver
		return true
	}
	msg, err := json.Marshal(u)
	if err != nil {
		return false
	}
	if err := wc.write(msg); err != nil {
		return false
	}
	wc.chatSeen = ver
	return true
}

// chat writes a client's chat message; the error is the client's answer
// when it is refused.
func (wc *wsConn) chat(ctx context.Context, msg ClientMessage) *engine.RuleError {
	err := wc.s.Chat(ctx, wc.t, wc.seat, wc.token, wc.chatRate, msg)
	if err == nil {
		return nil
	}
	if errors.Is(err, ErrBadToken) {
		return errBadTokenRule.Err()
	}
	re, ok := engine.AsRuleError(err)
	if !ok {
		id := NewToken()[:16]
		wc.s.log.Error("a chat message could not be stored", "request", id, "table", wc.t.ID(), "seat", int(wc.seat), "err", err)
		re = errInternal.Err(id)
	}
	return re
}
