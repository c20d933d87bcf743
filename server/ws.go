package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/store"
)

// ProtocolVersion is the version of the WebSocket messages (docs/protocol.md).
const ProtocolVersion = 1

// DefaultMessageRate is the messages a second a client may send, on
// average, unless Config.MessageRate says otherwise.
const DefaultMessageRate = rateLimit

// Limits of a connection.
const (
	maxMessage   = 4 << 10 // bytes a client may send in one message
	rateLimit    = 20      // messages a second a client may send, on average
	rateBurst    = 10      // and at once
	writeTimeout = 10 * time.Second
)

// LegalMove is a move the seat may make, in notation and in words.
type LegalMove struct {
	Move string `json:"move"`
	Text string `json:"text"`
}

// StateMessage is what a client is told on connecting and after every move.
type StateMessage struct {
	Type    string          `json:"type"` // "state"
	Version int             `json:"version"`
	Table   string          `json:"table"`
	Game    string          `json:"game"`
	Seat    int             `json:"seat"` // -1: a spectator
	Moves   int             `json:"moves"`
	Pending []engine.Seat   `json:"pending"`
	View    any             `json:"view"`
	Legal   []LegalMove     `json:"legal"`
	Over    bool            `json:"over"`
	Outcome *engine.Outcome `json:"outcome,omitempty"`
	Players []Player        `json:"players"`
	Rematch string          `json:"rematch,omitempty"`
	// Abandoned: the table ended without an outcome, idle too long.
	Abandoned bool `json:"abandoned,omitempty"`
	// Gathering: the table waits for its people; nobody moves yet.
	Gathering bool `json:"gathering,omitempty"`
	// Clock is the table's clock (absent: untimed).
	Clock *ClockView `json:"clock,omitempty"`
	// Made is the number of moves accepted from this seat: a client knows
	// its move was taken when it grows (in a game where seats move at
	// once, moves counts the others' moves too).
	Made int `json:"made"`
	// src, when set, writes the view and the legal moves from the state
	// itself (buildState).
	src *stateSource
	// Events are what happened since the client's last state, redacted
	// for it; in a connection's first state, the events of the last
	// moves (up to recentMoves) the server holds, so that a reloaded
	// page has its log back.
	Events []engine.EventView `json:"events"`
}

// recentMoves is how many moves' events a connection's first state
// carries.
const recentMoves = 50

// ErrorMessage answers a message the server refused.
type ErrorMessage struct {
	Type    string      `json:"type"` // "error"
	Code    string      `json:"code"`
	Message engine.Text `json:"message"`
}

// ClientMessage is what a client sends: {"type":"move","move":"..."}.
type ClientMessage struct {
	Type string `json:"type"`
	Move string `json:"move"`
	// Text or Phrase (a quick phrase's key) of {"type":"chat"}.
	Text   string `json:"text,omitempty"`
	Phrase string `json:"phrase,omitempty"`
}

var (
	errNotMove   = engine.Rule{Code: "bad_message", PL: "Nie rozumiem wiadomości: %s.", EN: "Cannot read the message: %s."}
	errSpectator = engine.Rule{Code: "spectator", PL: "Widz nie wykonuje ruchów.", EN: "A spectator makes no moves."}
	errTooFast   = engine.Rule{Code: "too_fast", PL: "Za dużo wiadomości naraz; zwolnij.", EN: "Too many messages at once; slow down."}
)

// stateFor builds the state message of seat in lang from a snapshot, with
// the events since the client's last state redacted for it.
func stateFor(t *Table, sn snapshot, seat engine.Seat, lang engine.Lang) StateMessage {
	return buildState(t, sn, seat, lang, nil)
}

// buildState builds the state message of seat in lang from a snapshot,
// with the events since the client's last state redacted for it; with w,
// what the state can write itself (its view, its legal moves, its
// events) is left for appendJSON to write from it, in w's buffers.
func buildState(t *Table, sn snapshot, seat engine.Seat, lang engine.Lang, w *wireBuf) StateMessage {
	st := sn.state
	m := StateMessage{Type: "state", Version: ProtocolVersion, Table: t.rec.ID, Game: t.rec.Game, Seat: int(seat), Moves: sn.moves,
		Pending: append([]engine.Seat{}, st.Pending()...), Legal: []LegalMove{}, Players: sn.players,
		Rematch: sn.rematch, Made: sn.made, Abandoned: sn.abandoned, Gathering: sn.gathering, Clock: sn.clock}
	if sn.abandoned || sn.gathering {
		m.Pending = []engine.Seat{}
	}
	var src *stateSource
	if w != nil {
		src = &w.src
		*src = stateSource{st: st, seat: seat, lang: lang, moves: w.src.moves[:0], scratch: w.src.scratch}
		m.src = src
	}
	if va, ok := st.(engine.ViewAppender); ok && src != nil {
		src.view = va
	} else {
		m.View = st.View(seat)
	}
	if seat >= 0 && !sn.abandoned && !sn.gathering {
		if ma, ok := st.(engine.MoveAppender); ok && src != nil {
			src.legal, src.moves = ma, st.Legal(seat, src.moves)
		} else {
			for _, mv := range st.Legal(seat, nil) {
				m.Legal = append(m.Legal, LegalMove{Move: st.Format(mv), Text: st.Describe(mv, lang)})
			}
		}
	}
	if out, over := st.Outcome(); over {
		m.Over, m.Outcome = true, &out
	}
	if ea, ok := st.(engine.EventAppender); ok && src != nil {
		src.event, src.events, src.bot = ea, sn.events, sn.bot
	} else {
		m.Events = redactMarked(st, sn.events, sn.bot, seat, lang)
	}
	return m
}

// redactMarked is redact, with the events bot marks (one per event; nil:
// none) marked as a bot's moves for a person.
func redactMarked(st engine.State, evs []engine.Event, bot []bool, seat engine.Seat, lang engine.Lang) []engine.EventView {
	out := []engine.EventView{}
	for i, e := range evs {
		if v, ok := st.RedactEvent(e, seat, lang); ok {
			v.Bot = bot != nil && bot[i]
			out = append(out, v)
		}
	}
	return out
}

func redact(st engine.State, evs []engine.Event, seat engine.Seat, lang engine.Lang) []engine.EventView {
	out := []engine.EventView{}
	for _, e := range evs {
		if v, ok := st.RedactEvent(e, seat, lang); ok {
			out = append(out, v)
		}
	}
	return out
}

// handleWS serves one client: a seat (with ?token=) or a spectator. The
// client gets its state at once and after every change, with the events
// redacted for it; it may send moves. Reconnecting with the same token
// simply starts again from the current state.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	addr := s.clientAddr(r)
	if !s.sockets.take(addr, s.lim.SocketsPerAddress) {
		s.metrics.limitHit(limitSocketsPerAddress)
		tooMany(w, socketWait, errTooManyConns.Err())
		return
	}
	wc, ok := s.connectWS(w, r)
	if !ok {
		s.sockets.put(addr)
		return
	}
	// The socket is served on a goroutine of its own, its reader, and
	// the handler returns: the HTTP server then lets go of what it holds
	// for a request (its buffers, the handler's stack), which an idle
	// socket would otherwise keep for its whole life.
	ctx := context.WithoutCancel(r.Context())
	go func() {
		defer s.sockets.put(addr)
		defer func() { wc.t.disconnect(wc.seat, wc.sent) }()
		wc.serve(ctx)
	}()
}

// connectWS counts a client of its table and accepts its WebSocket;
// false: it was refused (and answered).
func (s *Server) connectWS(w http.ResponseWriter, r *http.Request) (*wsConn, bool) {
	creds := credentials(r)
	t, _, seat, ok := s.table(w, r, creds)
	if !ok {
		return nil, false
	}
	wc := &wsConn{s: s, t: t, seat: seat, token: creds.Token, lang: engine.PL, chatSeen: -1, chatRate: newBucket(time.Now(), chatRate, chatBurst)}
	if wc.token != "" {
		wc.tokenHash = store.HashSecret(wc.token)
	}
	if r.URL.Query().Get("lang") == "en" {
		wc.lang = engine.EN
	}
	wc.reads = r.URL.Query().Get("chat") == "1"
	// Version 2 is the client's choice; anything else is version 1.
	if r.URL.Query().Get("v") == "2" {
		wc.v2, wc.resync = true, make(chan struct{}, 1)
	}
	var refused string
	wc.sent, refused = t.connect(seat, &s.lim)
	switch refused {
	case limitSpectators:
		s.metrics.limitHit(limitSpectators)
		tooMany(w, 30*time.Second, errTooManyWatch.Err())
		return nil, false
	case limitSocketsPerSeat:
		s.metrics.limitHit(limitSocketsPerSeat)
		tooMany(w, socketWait, errTooManySockets.Err(s.lim.SocketsPerSeat))
		return nil, false
	}
	if !wc.accept(w, r) {
		t.disconnect(seat, wc.sent)
		return nil, false
	}
	return wc, true
}

// wsConn is one client's WebSocket while handleWS serves it: what its
// reader (the moves it sends) and its writer (the states it is sent)
// share. The reader is the connection's one lasting goroutine; the
// writer runs only while there is something to write (wake starts it),
// so that an idle connection holds no goroutine but its reader.
type wsConn struct {
	s         *Server
	t         *Table
	seat      engine.Seat
	token     string
	tokenHash string // hashed once: every state sent checks that the token still claims its seat
	lang      engine.Lang
	sent      int // the moves in the last state written to the client
	// chatSeen is the version of the chat last sent (-1: none yet);
	// chatRate limits a spectator's chat messages.
	chatSeen int
	chatRate *bucket
	reads    bool // the client asked for the chat (chat=1)
	// v2: the client asked for version 2 (v=2), the changes of its
	// state; hash is its document's, as last sent (empty: none yet), and
	// resync the reader's word that the client asks for the whole state.
	v2     bool
	hash   string
	resync chan struct{}

	c       *websocket.Conn
	cork    *corkedConn
	ctx     context.Context
	cancel  context.CancelFunc
	limit   *messageLimit
	flooded chan struct{} // closed when the client sends on over its limit
	flood   sync.Once
	replies chan ErrorMessage // the reader's refusals, for the writer to send
	stuck   *time.Timer       // closes the connection when a write takes too long
	pinger  *time.Timer       // wakes the writer to ping the client
	wb      *wireBuf          // taken from wirePool while a message is written

	// mu guards what the wakers tell the writer: due, something may be
	// there to write; writing, a writer runs; over, the connection ends
	// and no writer starts again; pingDue and heldOver, why it was woken.
	mu                 sync.Mutex
	due, writing, over bool
	pingDue, heldOver  bool
	writers            sync.WaitGroup

	// The writer's: the moves and changes of seats in the last state
	// sent, when, and whether a change of seats is held back until it
	// may go.
	seen, seenChanges int
	lastSent          time.Time
	holding           bool
}

// serve runs the WebSocket's reader, and its writer whenever woken,
// until the connection ends; ctx is the request's, without its end.
func (wc *wsConn) serve(ctx context.Context) {
	s, c := wc.s, wc.c
	if !s.enter() {
		c.Close(websocket.StatusGoingAway, "the server is stopping")
		return
	}
	defer s.wg.Done()
	wc.ctx, wc.cancel = context.WithCancel(ctx)
	defer wc.cancel()
	s.log.Info("client connected", "table", wc.t.ID(), "seat", int(wc.seat))

	// A write that takes longer than writeTimeout (a client that does not
	// read) ends the connection: by one timer per connection, stopped and
	// started again for every message, and no goroutine while nothing is
	// due (a connection costs its goroutines' stacks, a flood of them
	// thousands).
	wc.stuck = time.AfterFunc(writeTimeout, func() {
		s.log.Info("client gone: a write took too long", "table", wc.t.ID(), "seat", int(wc.seat))
		c.CloseNow()
	})
	wc.stuck.Stop()
	defer wc.stuck.Stop()
	wc.replies = make(chan ErrorMessage, 4)
	wc.seen, wc.seenChanges = -1, -1
	// The writer is woken by the table's changes (and its chat's), the
	// server's stopping, the ping's time and the reader.
	wc.pinger = time.AfterFunc(s.cfg.PingInterval, func() { wc.wakeFor(&wc.pingDue) })
	defer wc.pinger.Stop()
	defer context.AfterFunc(s.ctx, wc.wake)()
	wc.t.watch(wc)
	defer wc.t.unwatch(wc)
	wc.wake() // the state now
	wc.read()
	// The client went, or the writer closed the connection: the writer
	// starts no more, and the one running (a move may be being stored
	// by the reader no longer) ends before the connection is let go.
	wc.cancel()
	wc.mu.Lock()
	wc.over = true
	wc.mu.Unlock()
	c.CloseNow()
	wc.writers.Wait()
}

// wake has the connection's writer look at what changed, starting it
// when none runs; it never waits.
func (wc *wsConn) wake() { wc.wakeFor(nil) }

// wakeFor is wake, with the reason set true (nil: none).
func (wc *wsConn) wakeFor(reason *bool) {
	wc.mu.Lock()
	if reason != nil {
		*reason = true
	}
	wc.due = true
	start := !wc.writing && !wc.over
	if start {
		wc.writing = true
		wc.writers.Add(1)
	}
	wc.mu.Unlock()
	if start {
		go wc.writeDue()
	}
}

// writeDue is the writer: it writes what is due until nothing is, and
// ends; or it ends the connection.
func (wc *wsConn) writeDue() {
	defer wc.writers.Done()
	for {
		wc.mu.Lock()
		if !wc.due || wc.over {
			wc.writing = false
			wc.mu.Unlock()
			return
		}
		ping, heldOver := wc.pingDue, wc.heldOver
		wc.due, wc.pingDue, wc.heldOver = false, false, false
		wc.mu.Unlock()
		if heldOver {
			wc.holding = false
		}
		if !wc.writeOnce(ping) {
			wc.mu.Lock()
			wc.over, wc.writing = true, false
			wc.mu.Unlock()
			wc.cancel() // the reader may be waiting to hand a refusal over
			wc.c.CloseNow()
			return
		}
	}
}

// accept lifts the request's deadlines and accepts the WebSocket, with
// the client's limit of messages on its pings too; false: it was refused
// (and answered).
func (wc *wsConn) accept(w http.ResponseWriter, r *http.Request) bool {
	s := wc.s
	// The HTTP server's read and write deadlines stay on a hijacked
	// connection; a WebSocket lives longer than a request, so they go, and
	// the pings find a peer that has gone.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	// Every frame a client sends counts against its limit of messages:
	// its pings too, which the WebSocket answers by itself. One over the
	// limit is refused (a ping goes unanswered); a client that goes on
	// sending, a burst of them refused in a row, is closed (flooded).
	wc.limit = &messageLimit{bucket: newBucket(time.Now(), s.cfg.MessageRate, s.cfg.MessageBurst)}
	wc.flooded = make(chan struct{})
	onPing := func(context.Context, []byte) bool {
		if wc.limit.allow(time.Now()) {
			return true
		}
		wc.refuse()
		return false
	}
	opts := &websocket.AcceptOptions{OriginPatterns: s.cfg.Origins, OnPingReceived: onPing}
	if wc.v2 {
		// Version 2 is compressed where the client offers it (browsers
		// do): each message on its own (no context kept between them, so
		// an idle socket holds no compressor), from a size on.
		opts.CompressionMode = websocket.CompressionNoContextTakeover
		opts.CompressionThreshold = compressFrom
	}
	tw := &takeover{ResponseWriter: w, copies: wc.v2}
	c, err := websocket.Accept(tw, r, opts)
	if err != nil {
		return false // Accept has answered
	}
	c.SetReadLimit(maxMessage)
	wc.c, wc.cork = c, tw.cork
	return true
}

// refuse counts a message over the client's limit, and marks the client
// flooding when it goes on.
func (wc *wsConn) refuse() {
	wc.s.metrics.limitHit(limitMessages)
	if wc.limit.flooding() {
		wc.flood.Do(func() { close(wc.flooded) })
		wc.wake()
	}
}

// write sends one message, in one write to the socket.
func (wc *wsConn) write(msg []byte) error {
	wc.stuck.Reset(writeTimeout)
	defer wc.stuck.Stop()
	wc.cork.cork()
	err := wc.c.Write(context.Background(), websocket.MessageText, msg)
	if uerr := wc.cork.uncork(); err == nil {
		err = uerr
	}
	return err
}

// read takes moves from the client, and hands the writer an error for
// each it refuses, until the connection ends.
func (wc *wsConn) read() {
	c := wc.c
	var in bytes.Buffer // reused for every message
	var got time.Time   // when the message in hand was read
	moveCtx := received(context.WithoutCancel(wc.ctx), &got)
	for {
		// Without a deadline of its own (which would cost a timer
		// for every message): the connection is closed when ctx ends.
		typ, rd, err := c.Reader(context.Background())
		if err != nil {
			return
		}
		in.Reset()
		if _, err := in.ReadFrom(rd); err != nil {
			return // over the size limit: the connection is closed
		}
		data := in.Bytes()
		if typ == websocket.MessageText && !utf8.Valid(data) {
			c.Close(websocket.StatusInvalidFramePayloadData, "a text message must be UTF-8")
			return
		}
		got = time.Now()
		tooFast := !wc.limit.allow(got)
		if tooFast {
			wc.refuse()
		}
		select {
		case <-wc.flooded: // the writer closes the socket; what comes meanwhile is dropped
			continue
		default:
		}
		if re, move := wc.play(moveCtx, typ, data, tooFast); re != nil {
			if move {
				wc.s.metrics.refused(wc.t.rec.Game, re)
			}
			select {
			case wc.replies <- ErrorMessage{Type: "error", Code: re.Code, Message: re.Msg}:
				wc.wake()
			case <-wc.ctx.Done():
				return
			}
		}
	}
}

// play plays the move a client sent, or writes its chat message; the
// error is the client's answer when it is refused, move whether it was
// sent as a move.
func (wc *wsConn) play(ctx context.Context, typ websocket.MessageType, data []byte, tooFast bool) (re *engine.RuleError, move bool) {
	var msg ClientMessage
	read := typ == websocket.MessageText && readClientMessage(data, &msg) == nil
	switch {
	case tooFast:
		return errTooFast.Err(), true
	case read && msg.Type == "chat":
		return wc.chat(ctx, msg), false
	case read && msg.Type == "resync" && wc.v2:
		select {
		case wc.resync <- struct{}{}:
			wc.wake()
		default: // one is on its way
		}
		return nil, false
	case !read || msg.Type != "move":
		return errNotMove.Err(engine.Text{PL: "oczekuję {\"type\":\"move\",\"move\":...} albo {\"type\":\"chat\",\"text\":...}",
			EN: `want {"type":"move","move":...} or {"type":"chat","text":...}`}), true
	case wc.seat < 0:
		return errSpectator.Err(), true
	}
	return wc.playMove(ctx, msg), true
}

// playMove plays a client's move.
func (wc *wsConn) playMove(ctx context.Context, msg ClientMessage) *engine.RuleError {
	// A move under way is stored even if the client goes (ctx is not
	// the connection's).
	_, err := wc.s.Play(ctx, wc.t, wc.token, msg.Move)
	if err == nil {
		return nil
	}
	if errors.Is(err, ErrBadToken) {
		return errBadTokenRule.Err()
	}
	re, ok := engine.AsRuleError(err)
	if !ok {
		id := NewToken()[:16]
		wc.s.log.Error("a move could not be stored", "request", id, "table", wc.t.ID(), "seat", int(wc.seat), "err", err)
		re = errInternal.Err(id)
	}
	return re
}

// writeOnce sends what is due: the reader's refusals, the state when it
// changed since the last sent (a change of seats alone waits until
// LobbyInterval has passed since the last state sent, so that a storm
// of joins and leaves costs a client one message an interval; a move
// goes at once, with them), the chat, and a ping when ping; or it ends
// the connection, and says false.
func (wc *wsConn) writeOnce(ping bool) bool {
	s, t, c := wc.s, wc.t, wc.c
	select {
	case <-s.ctx.Done():
		c.Close(websocket.StatusGoingAway, "the server is stopping")
		return false
	case <-t.away:
		c.Close(websocket.StatusServiceRestart, "the table moved to another server; connect again")
		return false
	case <-wc.flooded:
		s.log.Info("client closed: too many messages", "table", t.ID(), "seat", int(wc.seat))
		c.Close(StatusTooFast, "too many messages")
		return false
	case <-wc.ctx.Done():
		c.Close(websocket.StatusNormalClosure, "")
		return false
	default:
	}
	select {
	case <-wc.resync: // nil for version 1
		wc.hash, wc.seenChanges = "", -1
	default:
	}
	for len(wc.replies) > 0 {
		msg := <-wc.replies // the reader's alone: the writer's to take
		wc.takeWire()
		wc.wb.out = msg.appendJSON(wc.wb.out[:0])
		err := wc.write(wc.wb.out)
		wc.putWire()
		if err != nil {
			return false
		}
	}
	if !wc.sendState() || !wc.sendChat() {
		return false
	}
	if ping {
		pctx, pcancel := context.WithTimeout(wc.ctx, s.cfg.PingTimeout)
		err := c.Ping(pctx)
		pcancel()
		if err != nil {
			s.log.Info("client gone: no answer to a ping", "table", t.ID(), "seat", int(wc.seat))
			return false
		}
		wc.pinger.Reset(s.cfg.PingInterval)
	}
	return true
}

// sendState sends the table's state if it changed since the last one
// sent, or holds a change of seats alone back until it may go; false: the
// connection is over.
func (wc *wsConn) sendState() bool {
	s, t, c := wc.s, wc.t, wc.c
	wc.takeWire()
	defer wc.putWire()
	from := wc.seen
	if wc.seen < 0 {
		from = max(t.Moves()-recentMoves, 0)
	}
	sn := t.since(from, wc.tokenHash, wc.wb.state)
	wc.wb.state = sn.state // copied into for the next state written
	if !sn.seated {
		c.Close(websocket.StatusPolicyViolation, "the seat was left")
		return false
	}
	if wc.seat != engine.Spectator && sn.seat != wc.seat {
		// Swapped to another seat: the client connects again, as that seat.
		c.Close(statusSeatMoved, "the seat moved")
		return false
	}
	if sn.moves == wc.seen && sn.changes == wc.seenChanges {
		return true
	}
	if wait := s.lim.LobbyInterval - time.Since(wc.lastSent); sn.moves == wc.seen && wait > 0 && !sn.abandoned {
		if !wc.holding {
			wc.holding = true
			time.AfterFunc(wait, func() { wc.wakeFor(&wc.heldOver) })
		}
		return true
	}
	var msg []byte
	var err error
	if wc.seat == engine.Spectator {
		// Every spectator of the table who saw the same state last is
		// sent the same bytes: written once.
		msg, err = t.spectatorMessage(sn, from, wc.lang, wc.wb)
	} else {
		m := buildState(t, sn, wc.seat, wc.lang, wc.wb)
		wc.wb.out, err = m.appendJSON(wc.wb.out[:0])
		msg = wc.wb.out
	}
	hash := ""
	if err == nil && wc.v2 {
		wc.wb.v2, hash, err = t.versionTwo(wc.wb.v2[:0], msg, docKey{wc.seat, wc.lang}, wc.hash)
		msg = wc.wb.v2
	}
	if err != nil {
		s.log.Error("a state could not be written", "table", t.ID(), "seat", int(wc.seat), "err", err)
		return false
	}
	if err := wc.write(msg); err != nil {
		return false
	}
	wc.sent = t.sent(wc.sent, sn.moves)
	wc.seen, wc.seenChanges, wc.lastSent, wc.holding, wc.hash = sn.moves, sn.changes, time.Now(), false, hash
	if sn.abandoned {
		c.Close(websocket.StatusNormalClosure, "the table was abandoned")
		return false
	}
	return true
}

// wirePools hold the buffers of messages being written, one pool a game
// (the copy of a state they hold is of its game's type): an idle
// connection holds none.
var wirePools sync.Map // game → *sync.Pool of *wireBuf

// takeWire takes buffers for a message from the pool of the table's
// game.
func (wc *wsConn) takeWire() {
	p, ok := wirePools.Load(wc.t.rec.Game)
	if !ok {
		p, _ = wirePools.LoadOrStore(wc.t.rec.Game, &sync.Pool{New: func() any { return new(wireBuf) }})
	}
	wc.wb = p.(*sync.Pool).Get().(*wireBuf)
}

// putWire gives the message's buffers back, once written.
func (wc *wsConn) putWire() {
	p, _ := wirePools.Load(wc.t.rec.Game)
	p.(*sync.Pool).Put(wc.wb)
	wc.wb = nil
}

// A connection's messages go to the socket in one write each, frame
// header and payload together (net/http's 4 KiB write buffer split a late
// Cardline state into two), without a buffer of a message's size held by
// every connection for its life: the WebSocket writes through a buffer
// big enough for a control frame alone, into a corkedConn that, while
// corked for a message, gathers what it is given and writes it all at
// once (writev) when uncorked.
const controlBuffer = 256 // a control frame: 125 bytes of payload, and its header

// readBuffer is the size of a socket's reading buffer.
const readBuffer = 512

// compressFrom is the size from which a version 2 message is
// compressed: below it, deflate saves too little for its work.
const compressFrom = 256

// takeover hands the WebSocket its connection through a corkedConn when
// it takes the connection over; copies: the corkedConn copies what it
// holds.
type takeover struct {
	http.ResponseWriter
	cork   *corkedConn
	copies bool
}

func (t *takeover) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := t.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("the connection cannot be taken over")
	}
	conn, rw, err := h.Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := rw.Writer.Flush(); err != nil { // the answer to the upgrade, if still held
		conn.Close()
		return nil, nil, err
	}
	t.cork = &corkedConn{conn: conn, copies: t.copies}
	// The HTTP server's reader holds 4 KiB for the socket's life; a
	// client's messages are small (maxMessage at most), and a smaller
	// one reads them in a few more reads.
	rd := rw.Reader
	if rd.Buffered() == 0 {
		rd = bufio.NewReaderSize(conn, readBuffer)
	}
	return conn, bufio.NewReadWriter(rd, bufio.NewWriterSize(t.cork, controlBuffer)), nil
}

func (t *takeover) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// corkedConn writes to conn: at once, or, while corked, all that it was
// given when uncorked.
type corkedConn struct {
	mu     sync.Mutex
	conn   net.Conn
	corked bool
	// held are the writes while corked: a write larger than the
	// WebSocket's buffer is the caller's message itself, held as it is
	// until uncork returns; a smaller one may be the buffer, and is
	// copied into small. With copies, every write is copied: a
	// compressed message is written from the WebSocket's own buffer,
	// which goes back to its pool before uncork.
	held   net.Buffers
	small  []byte
	copies bool
}

func (c *corkedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.corked {
		return c.conn.Write(p)
	}
	if len(p) > controlBuffer && !c.copies {
		c.held = append(c.held, p)
	} else {
		from := len(c.small)
		c.small = append(c.small, p...)
		c.held = append(c.held, c.small[from:len(c.small):len(c.small)])
	}
	return len(p), nil
}

// cork holds the writes until uncork.
func (c *corkedConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork writes what was held, in one write where the connection can,
// and lets it go.
func (c *corkedConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	bufs := c.held
	_, err := bufs.WriteTo(c.conn)
	clear(c.held)
	c.held, c.small = c.held[:0], c.small[:0]
	if cap(c.small) > controlBuffer {
		c.small = nil // a message's copy: not kept by an idle socket
	}
	return err
}

// moveHead is how a client's move begins, as clients write it.
var moveHead = []byte(`{"type":"move","move":"`)

// readClientMessage reads a client's message: a move written as clients
// write it is taken where it stands, anything else is decoded whole.
func readClientMessage(data []byte, m *ClientMessage) error {
	if rest, ok := bytes.CutPrefix(data, moveHead); ok && bytes.HasSuffix(rest, []byte(`"}`)) {
		move := rest[:len(rest)-2]
		plain := true
		for _, b := range move {
			if b < 0x20 || b == '"' || b == '\\' || b >= 0x80 {
				plain = false
				break
			}
		}
		if plain {
			*m = ClientMessage{Type: "move", Move: string(move)}
			return nil
		}
	}
	*m = ClientMessage{}
	return json.Unmarshal(data, m)
}

// StatusTooFast closes the WebSocket of a client that went on sending
// over its limit of messages (docs/protocol.md).
const StatusTooFast websocket.StatusCode = 4029

// statusSeatMoved closes the WebSocket of a seat the table's creator
// swapped with another before the start: the client connects again with
// the same token, which claims the other seat now (docs/protocol.md).
const statusSeatMoved websocket.StatusCode = 4009

// messageLimit is a client's limit of messages, shared by its reader and
// the WebSocket's answering of pings: it counts the messages refused in a
// row.
type messageLimit struct {
	mu      sync.Mutex
	bucket  *bucket
	refused int
}

func (l *messageLimit) allow(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.bucket.allow(now) {
		l.refused = 0
		return true
	}
	l.refused++
	return false
}

// flooding says whether a whole burst of messages was refused in a row.
func (l *messageLimit) flooding() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return float64(l.refused) >= l.bucket.burst
}

// bucket limits a client's messages: rate a second on average, burst at
// once.
type bucket struct {
	rate, burst float64
	tokens      float64
	last        time.Time
}

func newBucket(now time.Time, rate, burst float64) *bucket {
	return &bucket{rate: rate, burst: burst, tokens: burst, last: now}
}

func (b *bucket) allow(now time.Time) bool {
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
