package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"

	"stolik/engine"
	"stolik/store"
)

// A request for a table this node does not run goes to the node that
// does over the bus, as a request with a reply; the owner serves it with
// its own handler, exactly as if the client had come to it. A WebSocket is
// accepted here, and the owner opens a virtual client to its own handler
// for it (over an in-memory connection); their frames travel on subjects
// of the connection, with heartbeats both ways, so that either side
// notices the other is gone.

// relayTimeout bounds the wait for the owner's answer to a request
// (cluster.patience, which tests shorten).
const relayTimeout = 5 * time.Second

// relayBuffer is how many frames of one relayed WebSocket may wait on
// either side; a peer that falls further behind is disconnected (its
// client reconnects and gets the whole state).
const relayBuffer = 256

// relayedFor is the header a virtual client's request carries its real
// client's address in; only the in-memory listener's requests are read
// for it.
const relayedFor = "X-Stolik-Relayed-For"

// relayRequest is an HTTP request or a WebSocket's opening, relayed.
type relayRequest struct {
	Method      string `json:"method"`
	Target      string `json:"target"` // path and query
	Host        string `json:"host"`
	Origin      string `json:"origin,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	Addr        string `json:"addr"` // the client's, for the limits
	Body        []byte `json:"body,omitempty"`
	Conn        string `json:"conn,omitempty"` // a WebSocket's subjects
	// Account and AccountName are the account signed in on the request,
	// as the node it came to found it (holderOf): the session's secret
	// never travels on the bus.
	Account     string `json:"account,omitempty"`
	AccountName string `json:"account_name,omitempty"`
}

// relayResponse is the owner's answer: for a WebSocket, 101 once its
// virtual client is connected.
type relayResponse struct {
	Status int         `json:"status"`
	Header http.Header `json:"header,omitempty"`
	Body   []byte      `json:"body,omitempty"`
}

type relayedKey struct{}

// relayedAddr is the real client's address of a request relayed from
// another node.
func relayedAddr(r *http.Request) (string, bool) {
	a, ok := r.Context().Value(relayedKey{}).(string)
	return a, ok
}

// relayer serves relayed requests: the server's own handler, and an
// HTTP server on an in-memory listener for virtual clients.
type relayer struct {
	handler http.Handler
	ln      *pipeListener
	srv     *http.Server
	client  *http.Client
}

func (r *relayer) start(s *Server) {
	r.handler = s.Handler()
	r.ln = newPipeListener()
	r.srv = HTTPServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		addr := req.Header.Get(relayedFor)
		req.Header.Del(relayedFor)
		r.handler.ServeHTTP(w, req.WithContext(context.WithValue(req.Context(), relayedKey{}, addr)))
	}))
	go r.srv.Serve(r.ln)
	r.client = &http.Client{Transport: &http.Transport{
		DialContext:       func(ctx context.Context, _, _ string) (net.Conn, error) { return r.ln.dial(ctx) },
		DisableKeepAlives: true,
	}}
}

func (r *relayer) stop() {
	if r.srv != nil {
		r.srv.Close()
	}
}

// route sends a table's requests that reach a node not running it to the
// node that does, or, when no node does, opens the table here.
func (s *Server) route(next http.Handler) http.Handler {
	if s.cl == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ws, ok := tablePath(r.URL.Path)
		if t := s.cl.lapsed(id); t != nil {
			s.cl.drop(t, whyLapsed) // and the request goes where the table runs now
		}
		if !ok || !validID(id) || s.InMemory(id) {
			next.ServeHTTP(w, r)
			return
		}
		if _, relayed := relayedAddr(r); relayed {
			unavailable(w, 0) // let go of after the request was relayed here
			return
		}
		if !s.cl.onBus() {
			unavailable(w, offBusRetry)
			return
		}
		if ws {
			s.cl.relayWS(w, r, id, next)
		} else {
			s.cl.relayHTTP(w, r, id, next)
		}
	})
}

// tablePath is the table a path is about: /api/tables/ID[/...] or
// /ws/tables/ID.
func tablePath(p string) (id string, ws bool, ok bool) {
	rest, api := strings.CutPrefix(p, "/api/tables/")
	if !api {
		if rest, ws = strings.CutPrefix(p, "/ws/tables/"); !ws {
			return "", false, false
		}
	}
	id, _, _ = strings.Cut(rest, "/")
	return id, ws, id != ""
}

// here serves a request for a table nobody answers for: the node takes
// the lease and opens the table, or answers 503 while another node's
// lease lasts.
func (c *cluster) here(w http.ResponseWriter, r *http.Request, id string, next http.Handler) {
	if _, err := c.table(id); err != nil {
		_, isRule := engine.AsRuleError(err)
		switch {
		case isRule, errors.Is(err, store.ErrNotFound), errors.As(err, new(*busyError)), errors.As(err, new(*ErrDamaged)), errors.Is(err, errOffBus):
			c.s.fail(w, r, err)
		default:
			// Taking the table over failed on the way (the database or
			// the bus slow or gone for a moment): the client asks again.
			c.s.log.Warn("a table could not be taken over here; the client is told to try again", "table", id, "err", err)
			unavailable(w, time.Second)
		}
		return
	}
	next.ServeHTTP(w, r)
}

// unheld says, when asking a table's node failed with err, whether the
// table may be opened here: nobody listens for it, or its node is silent
// (a machine gone, which the bus has not noticed yet) and its lease has
// run out.
func (c *cluster) unheld(ctx context.Context, id string, err error) bool {
	if errors.Is(err, nats.ErrNoResponders) {
		return true
	}
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrTimeout) {
		return false
	}
	l, lerr := c.leases.Owner(ctx, id)
	return lerr == nil && l.Node == ""
}

// unavailable answers 503 for a table whose node did not answer, with
// Retry-After when its next node is to answer (cluster.retryIn).
func (c *cluster) unavailable(w http.ResponseWriter, r *http.Request, id string, err error) {
	if errors.Is(err, errOffBus) {
		unavailable(w, offBusRetry)
		return
	}
	l, err := c.leases.Owner(r.Context(), id)
	if err != nil {
		l = store.Lease{}
	}
	unavailable(w, c.retryIn(l))
}

func (c *cluster) relayHTTP(w http.ResponseWriter, r *http.Request, id string, next http.Handler) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10+1))
	if err != nil {
		reject(w, http.StatusBadRequest, errBadRequest.Err(err.Error()))
		return
	}
	req := relayRequest{Method: r.Method, Target: r.URL.RequestURI(), Host: r.Host, Origin: r.Header.Get("Origin"),
		ContentType: r.Header.Get("Content-Type"), Addr: c.s.clientAddr(r), Body: body}
	if r.Method != http.MethodGet {
		h := c.s.holderOf(r)
		req.Account, req.AccountName = h.id, h.name
	}
	resp, err := c.ask(r.Context(), tableSubject(id, "http"), req)
	switch {
	case err != nil && c.unheld(r.Context(), id, err):
		r.Body = io.NopCloser(bytes.NewReader(body))
		c.here(w, r, id, next)
	case err != nil:
		c.unavailable(w, r, id, err)
	default:
		writeRelayed(w, resp)
	}
}

// ask sends req to the table's owner and waits for its answer.
func (c *cluster) ask(ctx context.Context, subject string, req relayRequest) (relayResponse, error) {
	data, err := json.Marshal(req)
	if err != nil {
		return relayResponse{}, err
	}
	m, err := c.request(ctx, subject, data)
	if err != nil {
		return relayResponse{}, err
	}
	var resp relayResponse
	if err := json.Unmarshal(m.Data, &resp); err != nil || resp.Status == 0 {
		return relayResponse{}, errors.New("server: a relayed answer does not read")
	}
	return resp, nil
}

func writeRelayed(w http.ResponseWriter, resp relayResponse) {
	h := w.Header()
	for k, v := range resp.Header {
		h[k] = v
	}
	w.WriteHeader(resp.Status)
	w.Write(resp.Body)
}

// answer serves, at the owner, a request relayed from another node.
func (rl *relayer) answer(c *cluster, id string, m *nats.Msg) {
	var req relayRequest
	if json.Unmarshal(m.Data, &req) != nil {
		return
	}
	respond := func(resp relayResponse) {
		data, _ := json.Marshal(resp)
		m.Respond(data)
	}
	if t := c.lapsed(id); t != nil {
		c.drop(t, whyLapsed)
	}
	if !c.holds(id) {
		respond(relayResponse{Status: http.StatusServiceUnavailable, Header: http.Header{"Retry-After": {"1"}}})
		return
	}
	if strings.HasSuffix(m.Subject, ".ws") {
		c.virtualClient(req, respond)
		return
	}
	if strings.HasSuffix(m.Subject, ".chat") {
		c.answerChat(id, req, respond)
		return
	}
	ctx := context.WithValue(c.s.ctx, relayedKey{}, req.Addr)
	ctx = context.WithValue(ctx, relayedHolderKey{}, holder{id: req.Account, name: req.AccountName})
	hr, err := http.NewRequestWithContext(ctx, req.Method, "http://localhost"+req.Target, bytes.NewReader(req.Body))
	if err != nil {
		respond(relayResponse{Status: http.StatusBadRequest})
		return
	}
	hr.Host, hr.RemoteAddr = req.Host, req.Addr
	if req.Origin != "" {
		hr.Header.Set("Origin", req.Origin)
	}
	if req.ContentType != "" {
		hr.Header.Set("Content-Type", req.ContentType)
	}
	rec := &recorder{header: http.Header{}}
	rl.handler.ServeHTTP(rec, hr)
	respond(relayResponse{Status: rec.status(), Header: rec.header, Body: rec.body.Bytes()})
}

// recorder keeps a relayed request's answer.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}
func (r *recorder) status() int { return max(r.code, http.StatusOK) }

// Frames of a relayed WebSocket are messages on its subjects whose header
// "k" says what they are: a text or binary message, a heartbeat, or the
// end (with the close code and reason).
const (
	frameText   = "t"
	frameBinary = "b"
	frameBeat   = "h"
	frameClose  = "c"
)

func frame(subject, kind string, data []byte) *nats.Msg {
	return &nats.Msg{Subject: subject, Header: nats.Header{"k": {kind}}, Data: data}
}

func closeFrame(subject string, code websocket.StatusCode, reason string) *nats.Msg {
	m := frame(subject, frameClose, nil)
	m.Header.Set("code", strconv.Itoa(int(code)))
	m.Header.Set("reason", reason)
	return m
}

// closing is the code and reason a close frame carries, as one may send
// them on.
func closing(m *nats.Msg) (websocket.StatusCode, string) {
	n, err := strconv.Atoi(m.Header.Get("code"))
	code := websocket.StatusCode(n)
	switch {
	case err != nil, code < 1000, code == websocket.StatusNoStatusRcvd, code == websocket.StatusAbnormalClosure, code == websocket.StatusTLSHandshake:
		return websocket.StatusServiceRestart, "reconnect"
	}
	return code, m.Header.Get("reason")
}

func messageKind(typ websocket.MessageType) string {
	if typ == websocket.MessageBinary {
		return frameBinary
	}
	return frameText
}

func messageType(kind string) websocket.MessageType {
	if kind == frameBinary {
		return websocket.MessageBinary
	}
	return websocket.MessageText
}

// inbox subscribes to a relayed WebSocket's subject; overflow is closed
// if the frames come faster than they are taken.
func (c *cluster) inbox(subject string) (*nats.Subscription, <-chan *nats.Msg, <-chan struct{}, error) {
	ch := make(chan *nats.Msg, relayBuffer)
	overflow := make(chan struct{})
	var once sync.Once
	sub, err := c.nc.Subscribe(subject, func(m *nats.Msg) {
		select {
		case ch <- m:
		default:
			once.Do(func() { close(overflow) })
		}
	})
	if err == nil {
		// Subscribed at the server before the other side may send.
		if err = c.flush(); err != nil {
			sub.Unsubscribe()
		}
	}
	return sub, ch, overflow, err
}

// relayWS accepts a client's WebSocket for a table another node runs and
// relays it there.
func (c *cluster) relayWS(w http.ResponseWriter, r *http.Request, id string, next http.Handler) {
	conn := NewToken()
	sub, down, overflow, err := c.inbox(connPrefix + conn + ".down")
	if err != nil {
		unavailable(w, 0)
		return
	}
	defer sub.Unsubscribe()
	req := relayRequest{Method: r.Method, Target: r.URL.RequestURI(), Host: r.Host, Addr: c.s.clientAddr(r), Conn: conn}
	resp, err := c.ask(r.Context(), tableSubject(id, "ws"), req)
	switch {
	case err != nil && c.unheld(r.Context(), id, err):
		sub.Unsubscribe()
		c.here(w, r, id, next)
		return
	case err != nil:
		c.unavailable(w, r, id, err)
		return
	case resp.Status != http.StatusSwitchingProtocols:
		writeRelayed(w, resp)
		return
	}
	up := connPrefix + conn + ".up"
	if !c.s.enter() {
		c.nc.PublishMsg(closeFrame(up, websocket.StatusGoingAway, ""))
		unavailable(w, 0)
		return
	}
	defer c.s.wg.Done()
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	// The client's messages count against its limit at the owner; its
	// pings, answered here, count here (handleWS).
	var ws *websocket.Conn
	limit := &messageLimit{bucket: newBucket(time.Now(), c.s.cfg.MessageRate, c.s.cfg.MessageBurst)}
	var flood sync.Once
	onPing := func(context.Context, []byte) bool {
		if limit.allow(time.Now()) {
			return true
		}
		c.s.metrics.limitHit(limitMessages)
		if limit.flooding() {
			flood.Do(func() { go ws.Close(StatusTooFast, "too many messages") })
		}
		return false
	}
	ws, err = websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: c.s.cfg.Origins, OnPingReceived: onPing})
	if err != nil {
		c.nc.PublishMsg(closeFrame(up, websocket.StatusGoingAway, ""))
		return
	}
	ws.SetReadLimit(maxMessage)
	c.pump(ws, up, down, overflow, true)
}

// virtualClient connects, at the owner, a client of the server's own
// handler for a WebSocket another node accepted, and relays it.
func (c *cluster) virtualClient(req relayRequest, respond func(relayResponse)) {
	sub, up, overflow, err := c.inbox(connPrefix + req.Conn + ".up")
	if err != nil {
		respond(relayResponse{Status: http.StatusServiceUnavailable})
		return
	}
	defer sub.Unsubscribe()
	ctx, cancel := context.WithTimeout(c.s.ctx, relayTimeout)
	ws, resp, err := websocket.Dial(ctx, "ws://localhost"+req.Target, &websocket.DialOptions{HTTPClient: c.relay.client,
		HTTPHeader: http.Header{relayedFor: {req.Addr}}})
	cancel()
	if err != nil {
		out := relayResponse{Status: http.StatusServiceUnavailable, Header: http.Header{"Retry-After": {"1"}}}
		if resp != nil {
			body, _ := io.ReadAll(resp.Body)
			out = relayResponse{Status: resp.StatusCode, Header: resp.Header, Body: body}
		}
		respond(out)
		return
	}
	ws.SetReadLimit(-1) // the server's own messages
	respond(relayResponse{Status: http.StatusSwitchingProtocols})
	c.pump(ws, connPrefix+req.Conn+".down", up, overflow, false)
}

// pump relays frames between ws and the bus until either side ends: what
// ws reads goes to out; what comes in goes to ws. Both sides send a
// heartbeat every beat; one not heard of for three ends the connection,
// the client told to connect again. The client's side (edge) also pings
// its client, as the server does its own.
func (c *cluster) pump(ws *websocket.Conn, out string, in <-chan *nats.Msg, overflow <-chan struct{}, edge bool) {
	ctx, cancel := context.WithCancel(c.s.ctx)
	readerDone := make(chan struct{})
	defer func() {
		cancel()
		ws.CloseNow()
		<-readerDone
	}()
	var ended sync.Once
	end := func(code websocket.StatusCode, reason string) {
		ended.Do(func() { c.nc.PublishMsg(closeFrame(out, code, reason)) })
	}
	go func() {
		defer close(readerDone)
		defer cancel()
		for {
			typ, data, err := ws.Read(ctx)
			if err != nil {
				code, reason := websocket.StatusGoingAway, ""
				var ce websocket.CloseError
				if errors.As(err, &ce) {
					code, reason = ce.Code, ce.Reason
				}
				end(code, reason)
				return
			}
			c.nc.PublishMsg(frame(out, messageKind(typ), data))
		}
	}()
	beat := time.NewTicker(c.beat)
	defer beat.Stop()
	var ping <-chan time.Time
	if edge {
		pt := time.NewTicker(c.s.cfg.PingInterval)
		defer pt.Stop()
		ping = pt.C
	}
	heard := time.Now()
	for {
		select {
		case m := <-in:
			heard = time.Now()
			switch k := m.Header.Get("k"); k {
			case frameText, frameBinary:
				wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
				err := ws.Write(wctx, messageType(k), m.Data)
				wcancel()
				if err != nil {
					end(websocket.StatusGoingAway, "")
					return
				}
			case frameClose:
				ended.Do(func() {}) // the other side has ended: nothing to tell it
				code, reason := closing(m)
				ws.Close(code, reason)
				return
			}
		case <-beat.C:
			c.nc.PublishMsg(frame(out, frameBeat, nil))
			if time.Since(heard) > 3*c.beat {
				end(websocket.StatusServiceRestart, "")
				ws.Close(websocket.StatusServiceRestart, "the table's server is gone; connect again")
				return
			}
		case <-ping:
			pctx, pcancel := context.WithTimeout(ctx, c.s.cfg.PingTimeout)
			err := ws.Ping(pctx)
			pcancel()
			if err != nil {
				end(websocket.StatusGoingAway, "")
				return
			}
		case <-overflow:
			end(websocket.StatusTryAgainLater, "")
			ws.Close(websocket.StatusTryAgainLater, "too far behind; connect again")
			return
		case <-ctx.Done():
			if c.s.ctx.Err() != nil {
				end(websocket.StatusGoingAway, "")
				ws.Close(websocket.StatusGoingAway, "the server is stopping")
			}
			return
		}
	}
}

// pipeListener is a listener of in-memory connections, for the virtual
// clients of relayed WebSockets.
type pipeListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

func (l *pipeListener) dial(ctx context.Context) (net.Conn, error) {
	a, b := net.Pipe()
	select {
	case l.conns <- b:
		return a, nil
	case <-l.done:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "relay" }
