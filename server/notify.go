package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"stolik/engine"
	"stolik/mailer"
	"stolik/store"
	"stolik/webpush"
)

// The kinds of notices, and the channels they go by (docs/notifications.md).
const (
	NoticeTurn    = "turn"    // it is your move
	NoticeInvited = "invited" // you are invited to a table
	NoticeEnded   = "ended"   // a game you played has ended
	NoticeMention = "mention" // someone wrote @you in a table's chat
)

var (
	noticeKinds    = []string{NoticeTurn, NoticeInvited, NoticeEnded, NoticeMention}
	noticeChannels = []string{"push", "email"}
)

// Notice is one thing to tell an account about a table. N is the move
// number it is about (for a mention, the chat message's number): with
// the account, the table and the kind it names the notice, which goes
// out once.
type Notice struct {
	Kind    string
	Account string // the account's id
	Table   string
	N       int
	Game    string // the game's name
	From    string // who invited, or wrote the mention
	Text    string // the mention's text
	// Deadline is when the seat must have moved (a turn at a table with
	// a clock); zero for none.
	Deadline time.Time
	// Moves is how many moves the game took (an ended game).
	Moves int
}

// NotifyConfig is how a server tells players about their games while
// they are away.
type NotifyConfig struct {
	// Mail sends the mails; nil: no mails (Web Push alone).
	Mail *mailer.Sender
	// PublicURL is the server's address as players reach it, for the
	// links in mails (https://stolik.example.org).
	PublicURL string
	// PushClient posts to the push services (a client with a 10 s
	// timeout if nil).
	PushClient *http.Client
	// Queue is how many notices may wait to be sent (256 if zero); a
	// notice past that is dropped and logged, never waited for.
	Queue int
}

// noticeQueue is the default length of the queue of notices.
const noticeQueue = 256

// Server keys kept in the store.
const (
	vapidKeyName  = "vapid"
	noticeKeyName = "notice-links"
)

// notifier sends the server's notices from a queue of its own, so that a
// move never waits for a mail or a push service.
type notifier struct {
	s       *Server
	st      store.Notices
	queue   chan Notice
	vapid   *webpush.Keys
	linkKey []byte // signs the links in mails (unsubscribe, confirm)
	mail    *mailer.Sender
	base    string
	client  *http.Client
	subject string // the VAPID subject: the operator's contact
	// busy counts the notices queued and not yet dealt with, for a test
	// to wait on.
	busy sync.WaitGroup
}

// startNotifier makes the server's notifier when its store keeps
// notices: the VAPID keys and the links' key are made by the first
// server to start and kept in the store, so that every node of a
// cluster uses the same.
func (s *Server) startNotifier() error {
	ns, ok := s.cfg.Store.(store.Noticer)
	if !ok {
		return nil
	}
	c := s.cfg.Notify
	n := &notifier{s: s, st: ns.Notices(), mail: c.Mail, base: strings.TrimSuffix(c.PublicURL, "/"), client: c.PushClient}
	if n.client == nil {
		n.client = pushClient()
	}
	size := c.Queue
	if size <= 0 {
		size = noticeQueue
	}
	n.queue = make(chan Notice, size)
	priv, err := n.st.ServerKey(s.ctx, vapidKeyName, func() (string, error) {
		k, err := webpush.NewKeys()
		if err != nil {
			return "", err
		}
		return k.Private(), nil
	})
	if err != nil {
		return err
	}
	if n.vapid, err = webpush.ParseKeys(priv); err != nil {
		return err
	}
	link, err := n.st.ServerKey(s.ctx, noticeKeyName, func() (string, error) {
		b := make([]byte, 32)
		_, err := rand.Read(b)
		return base64.RawURLEncoding.EncodeToString(b), err
	})
	if err != nil {
		return err
	}
	n.linkKey = []byte(link)
	switch {
	case n.mail != nil:
		n.subject = "mailto:" + n.mail.From()
	case strings.HasPrefix(n.base, "https://"):
		n.subject = n.base
	default:
		n.subject = "mailto:stolik@localhost"
	}
	s.notes = n
	s.wg.Add(1)
	go n.work()
	return nil
}

// notice queues n to be sent, unless this node does not run its table
// (only the lease holder of a table sends its notices) or the queue is
// full (the notice is dropped and logged). It never blocks.
func (s *Server) notice(ctx context.Context, n Notice) {
	if s.cl != nil && n.Table != "" && !s.cl.holds(n.Table) {
		return
	}
	s.queueNotice(n)
}

// queueNotice queues n without asking whose table it is: for a play
// just stored under the table's lease.
func (s *Server) queueNotice(n Notice) {
	if s.notes == nil || n.Account == "" || !slices.Contains(noticeKinds, n.Kind) {
		return
	}
	s.notes.busy.Add(1)
	select {
	case s.notes.queue <- n:
	default:
		s.notes.busy.Done()
		s.log.Warn("a notice was dropped: the queue is full", "kind", n.Kind, "table", n.Table, "account", n.Account)
	}
}

// work sends the queued notices until the server stops.
func (n *notifier) work() {
	defer n.s.wg.Done()
	for {
		select {
		case <-n.s.ctx.Done():
			return
		case no := <-n.queue:
			if err := n.send(n.s.ctx, no); err != nil && n.s.ctx.Err() == nil {
				n.s.log.Error("a notice could not be sent", "kind", no.Kind, "table", no.Table, "account", no.Account, "err", err)
			}
			n.busy.Done()
		}
	}
}

// on says whether the account's settings let kind go by channel.
func on(set store.NoticeSettings, kind, channel string) bool {
	return !slices.Contains(set.Off, kind+":"+channel)
}

// send sends one notice by every channel its account chose: once, the
// first node to record it in the store sending it.
func (n *notifier) send(ctx context.Context, no Notice) error {
	acc, err := n.s.accounts().Account(ctx, no.Account)
	if errors.Is(err, store.ErrNoAccount) {
		return nil
	}
	if err != nil || acc.Banned {
		return err
	}
	set, err := n.st.NoticeSettings(ctx, acc.ID)
	if err != nil {
		return err
	}
	var subs []store.PushSubscription
	if on(set, no.Kind, "push") {
		if subs, err = n.st.PushSubscriptions(ctx, acc.ID); err != nil {
			return err
		}
	}
	mail := n.mail != nil && set.Email != "" && set.EmailVerified && on(set, no.Kind, "email")
	if len(subs) == 0 && !mail {
		return nil
	}
	now := n.s.now()
	won, err := n.st.ClaimNotice(ctx, store.NoticeKey{Account: acc.ID, Table: no.Table, Kind: no.Kind, N: no.N}, now)
	if err != nil || !won {
		return err
	}
	words := n.words(acc, no, now)
	var errs []error
	for _, sub := range subs {
		errs = append(errs, n.push(ctx, sub, no, words))
	}
	if mail {
		errs = append(errs, n.mailTo(ctx, acc, set.Email, no, words, now))
	}
	return errors.Join(errs...)
}

// urgentBefore: a turn whose deadline is nearer than this is mailed even
// within the hour of the table's last mail.
const urgentBefore = time.Hour

// mailEvery is the least time between two mails to one account about
// one table, but for an urgent turn.
const mailEvery = time.Hour

// mailTo mails the notice to addr, unless the account was mailed about
// the table within the hour (an urgent turn goes anyway).
func (n *notifier) mailTo(ctx context.Context, acc store.Account, addr string, no Notice, w noticeWords, now time.Time) error {
	since := now.Add(-mailEvery)
	if no.Kind == NoticeTurn && !no.Deadline.IsZero() && no.Deadline.Sub(now) < urgentBefore {
		since = now
	}
	ok, err := n.st.TakeMailSlot(ctx, acc.ID, no.Table, now, since)
	if err != nil || !ok {
		return err
	}
	return n.mail.Send(ctx, mailer.Mail{To: addr, Subject: w.subject, Body: w.body + "\n\n" + w.footer, Lang: w.lang,
		Unsubscribe: n.base + "/api/notify/unsubscribe?t=" + n.sign("unsubscribe", acc.ID, no.Kind)})
}

// pushPayload is what the service worker (web/static/sw.js) shows.
type pushPayload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}

// push sends the notice to one browser; a subscription its push service
// no longer knows is forgotten.
func (n *notifier) push(ctx context.Context, sub store.PushSubscription, no Notice, w noticeWords) error {
	body, _ := json.Marshal(pushPayload{Title: w.subject, Body: w.short, URL: "/t/" + no.Table, Tag: no.Table + ":" + no.Kind})
	m := webpush.Message{Payload: body, TTL: 24 * time.Hour, Urgency: "normal", Topic: topic(no.Table + no.Kind)}
	if no.Kind == NoticeTurn {
		m.Urgency = "high"
	}
	err := n.vapid.Send(ctx, n.client, webpush.Subscription{Endpoint: sub.Endpoint, P256dh: sub.P256dh, Auth: sub.Auth}, m, n.subject, n.s.now())
	if errors.Is(err, webpush.ErrGone) {
		return n.st.ForgetPushEndpoint(ctx, sub.Endpoint)
	}
	if err != nil {
		// The endpoint is a capability URL: it is not logged.
		return fmt.Errorf("a push to a device of the account failed: %w", errors.Unwrap(err))
	}
	return nil
}

// topic is a push Topic for key: at most 32 characters of the base64url
// alphabet (RFC 8030), so that a newer message replaces an older one
// about the same table and kind.
func topic(key string) string {
	sum := sha256.Sum256([]byte(key))
	return base64.RawURLEncoding.EncodeToString(sum[:])[:32]
}

// sign makes a link's token: its purpose and values, and their HMAC
// under the server's key, so that the link works without signing in and
// cannot be made for another account.
func (n *notifier) sign(purpose string, values ...string) string {
	payload := strings.Join(append([]string{purpose}, values...), "\x00")
	m := hmac.New(sha256.New, n.linkKey)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// verify reads a token sign made for purpose, giving its values.
func (n *notifier) verify(purpose, token string) ([]string, bool) {
	p, s, ok := strings.Cut(token, ".")
	payload, err1 := base64.RawURLEncoding.DecodeString(p)
	sig, err2 := base64.RawURLEncoding.DecodeString(s)
	if !ok || err1 != nil || err2 != nil {
		return nil, false
	}
	m := hmac.New(sha256.New, n.linkKey)
	m.Write(payload)
	if !hmac.Equal(sig, m.Sum(nil)[:18]) {
		return nil, false
	}
	parts := strings.Split(string(payload), "\x00")
	if parts[0] != purpose {
		return nil, false
	}
	return parts[1:], true
}

// tableNotices queues the notices a move at t calls for: a turn to the
// accounts whose seats it made pending (before is who was pending
// before it) and who have no socket open at the table (they see it
// already), and once the game is over, its end to every account seated.
// t.mu is held.
func (t *Table) tableNotices(before []engine.Seat) {
	if t.notify == nil {
		return
	}
	if _, over := t.st.Outcome(); over {
		for _, seat := range t.rec.Seats {
			t.notify(Notice{Kind: NoticeEnded, Account: seat.Account, Table: t.rec.ID, N: t.moves, Game: t.rec.Game, Moves: t.moves})
		}
		return
	}
	t.turnNotices(before, engine.NoSeat)
}

// turnNotices queues a turn to the accounts of the pending seats but
// those in before, the seat except and those with a socket open at the
// table; keyed by the moves played, so that the first turn (at the start,
// none played) is told once and no later turn is taken for it. t.mu is
// held.
func (t *Table) turnNotices(before []engine.Seat, except engine.Seat) {
	if t.notify == nil {
		return
	}
	for _, p := range t.st.Pending() {
		if slices.Contains(before, p) || p == except || t.connected(p) {
			continue
		}
		no := Notice{Kind: NoticeTurn, Account: t.rec.Seats[p].Account, Table: t.rec.ID, N: t.moves, Game: t.rec.Game, Moves: t.moves}
		no.Deadline, _ = t.deadline(p)
		t.notify(no)
	}
}

// connected says whether a socket of seat is open at the table; t.mu is
// held.
func (t *Table) connected(seat engine.Seat) bool {
	return t.seatClients != nil && t.seatClients[seat] > 0
}

// mentionNotices queues a mention to each account seated at t whose user
// name the message names as @name, but the writer's own and those with
// a socket open at the table.
func (s *Server) mentionNotices(t *Table, m store.ChatMessage) {
	names := mentioned(m.Text)
	if len(names) == 0 {
		return
	}
	var out []Notice
	t.mu.Lock()
	for i, seat := range t.rec.Seats {
		if seat.Account == "" || i == m.Seat || t.connected(engine.Seat(i)) {
			continue
		}
		if _, key, err := CheckName(seat.AccountName); err == nil && slices.Contains(names, key) {
			out = append(out, Notice{Kind: NoticeMention, Account: seat.Account, Table: t.rec.ID, N: m.N, Game: t.rec.Game, From: m.Name, Text: m.Text})
		}
	}
	t.mu.Unlock()
	for _, no := range out {
		s.notice(s.ctx, no)
	}
}

// mentioned lists the name keys a chat text names as @name.
func mentioned(text string) []string {
	var keys []string
	for _, w := range strings.Fields(text) {
		name, ok := strings.CutPrefix(w, "@")
		if !ok {
			continue
		}
		name = strings.TrimRightFunc(name, func(r rune) bool { return strings.ContainsRune(".,:;!?)'\"", r) })
		if _, key, err := CheckName(name); err == nil {
			keys = append(keys, key)
		}
	}
	return keys
}

// errNotPublic: a push endpoint that is not on the public internet.
var errNotPublic = errors.New("a push endpoint must be a public address")

// pushClient posts to push services: a 10 s limit, no redirects, and
// public addresses only, as the address the connection is made to
// (after the name is resolved) says. An endpoint is whatever a browser
// (or anyone signed in) sent, so it must not make the server reach
// itself or its private network.
func pushClient() *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, Control: publicOnly}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy, tr.DialContext = nil, d.DialContext
	return &http.Client{Timeout: 10 * time.Second, Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// publicOnly refuses a connection to an address that is not a public
// unicast one (loopback, private, link-local, unspecified, multicast).
func publicOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !ip.Unmap().IsGlobalUnicast() || ip.Unmap().IsPrivate() {
		return errNotPublic
	}
	return nil
}
