package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"stolik/engine"
	"stolik/mailer"
	"stolik/mailer/smtptest"
	"stolik/server/bustest"
	"stolik/store"
	"stolik/store/pgtest"
	"stolik/webpush/pushtest"
)

// noticeClock is a clock the test moves.
type noticeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *noticeClock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *noticeClock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// noticeRig is a server that sends notices to a push service and an SMTP
// server of the test's, with two accounts: Ala (Polish) and Bob
// (English), each with a confirmed address and a subscribed browser, at
// a table of Cardline where Ala sits at seat 0 and Bob at seat 1.
type noticeRig struct {
	s        *Server
	base     string
	push     *pushtest.Service
	mail     *smtptest.Server
	clock    *noticeClock
	ala, bob *browser
	tab      *Table
	tokens   [2]string
	deadline sync.Map // seat → time.Time
}

const rigURL = "https://stolik.test"

func newNoticeRig(t *testing.T) *noticeRig {
	r := &noticeRig{push: pushtest.Start(t), mail: smtptest.Start(t), clock: &noticeClock{t: time.Now()}}
	sender, err := mailer.New(r.mail.URL, "Stolik <stolik@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	s, hs, _ := accountServer(t, func(c *Config) {
		c.Notify = NotifyConfig{Mail: sender, PublicURL: rigURL, PushClient: r.push.Client()}
		c.Now = r.clock.now
		c.testDeadline = func(_ string, seat engine.Seat) (time.Time, bool) {
			d, ok := r.deadline.Load(seat)
			if !ok {
				return time.Time{}, false
			}
			return d.(time.Time), true
		}
	})
	r.s, r.base = s, hs.URL
	r.ala, r.bob = newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	r.ala.must("POST", "/api/account/signup", `{"name":"Ala","password":"tajne-hasło","lang":"pl"}`, 201)
	r.bob.must("POST", "/api/account/signup", `{"name":"Bob","password":"tajne-hasło","lang":"en"}`, 201)
	var c Created
	json.Unmarshal(r.ala.must("POST", "/api/tables", `{"game":"cardline","seats":["human","human"],"options":{"players":2},"open":true,"name":"Ala"}`, 201), &c)
	var joined SeatToken
	json.Unmarshal(r.bob.must("POST", "/api/tables/"+c.ID+"/join", `{"name":"Bob"}`, 200), &joined)
	r.tab, _ = s.Table(c.ID)
	r.tokens = [2]string{c.Token, joined.Token}
	// Ala moves first: her first turn is no notice.
	if _, _, pending := r.tab.View(0); pending[0] == 1 {
		_, legal, _ := r.tab.View(1)
		r.tab.mu.Lock()
		text := r.tab.st.Format(legal[0])
		r.tab.mu.Unlock()
		if _, err := s.Play(context.Background(), r.tab, r.tokens[1], text); err != nil {
			t.Fatal(err)
		}
	}
	// The turns told so far go nowhere: nobody has a device or an address
	// yet.
	s.notes.busy.Wait()
	for _, b := range []struct {
		b      *browser
		addr   string
		device string
	}{{r.ala, "ala@example.org", "ala"}, {r.bob, "bob@example.org", "bob"}} {
		b.b.must("PUT", "/api/account/notifications", `{"email":"`+b.addr+`","choices":{}}`, 200)
		confirm := r.mail.Next(t)
		link := r.link(t, confirm.Body, confirmPath)
		if confirm.To[0] != b.addr || link == "" {
			t.Fatalf("the confirming mail: %+v", confirm)
		}
		b.b.must("GET", link, "", 200)
		var v NoticesView
		json.Unmarshal(b.b.must("GET", "/api/account/notifications", "", 200), &v)
		if !v.EmailVerified || v.Email != b.addr || !v.Mail || v.PushKey == "" {
			t.Fatalf("after confirming: %+v", v)
		}
		sub := r.push.Subscribe(b.device)
		b.b.must("POST", "/api/account/push", fmt.Sprintf(`{"endpoint":%q,"expirationTime":null,"keys":{"p256dh":%q,"auth":%q}}`, sub.Endpoint, sub.P256dh, sub.Auth), 200)
	}
	return r
}

// link finds the server's link of path in a mail's body, as an address
// of the test's server.
func (r *noticeRig) link(t *testing.T, body, path string) string {
	t.Helper()
	m := regexp.MustCompile(regexp.QuoteMeta(rigURL+path) + `\?t=[A-Za-z0-9_.-]+`).FindString(body)
	return strings.TrimPrefix(m, rigURL)
}

// untilTurn plays the first legal move of whichever seat is to move
// until seat is to move after a move of another seat's.
func (r *noticeRig) untilTurn(t *testing.T, seat engine.Seat) {
	t.Helper()
	for range 500 {
		_, _, pending := r.tab.View(0)
		if len(pending) != 1 {
			t.Fatalf("pending %v: Cardline moves one seat at a time", pending)
		}
		p := pending[0]
		_, legal, _ := r.tab.View(p)
		r.tab.mu.Lock()
		text := r.tab.st.Format(legal[0])
		r.tab.mu.Unlock()
		if _, err := r.s.Play(context.Background(), r.tab, r.tokens[p], text); err != nil {
			t.Fatal(err)
		}
		if _, _, now := r.tab.View(0); p != seat && len(now) == 1 && now[0] == seat {
			return
		}
		if r.tab.Ended() {
			t.Fatal("the game ended first")
		}
	}
	t.Fatal("seat never came to move")
}

// nextPush is the next push, to device, decrypted.
func (r *noticeRig) nextPush(t *testing.T, device string) pushPayload {
	t.Helper()
	got := r.push.Next(t)
	var p pushPayload
	if err := json.Unmarshal(got.Payload, &p); err != nil || got.Device != device {
		t.Fatalf("a push to %s: %s (%v), want one to %s", got.Device, got.Payload, err, device)
	}
	if got.Key != r.s.notes.vapid.Public() || got.Claims["sub"] != "mailto:stolik@example.org" {
		t.Errorf("the push's VAPID: key %s, claims %v", got.Key, got.Claims)
	}
	return p
}

// A turn reaches its player by push and mail, in the player's language;
// a second mail about the table waits an hour, unless the turn has under
// an hour left; the mail's one-click unsubscribe turns that kind off
// without signing in.
func TestNoticeOfTurnByPushAndMail(t *testing.T) {
	r := newNoticeRig(t)
	id := r.tab.ID()
	r.untilTurn(t, 1)
	p := r.nextPush(t, "bob")
	if p.Title != "Your move: Cardline: Marvel" || p.URL != "/t/"+id || !strings.Contains(p.Body, "waiting for your move") {
		t.Errorf("Bob's push: %+v", p)
	}
	m := r.mail.Next(t)
	if m.To[0] != "bob@example.org" || m.Subject != "Your move: Cardline: Marvel" || m.Header.Get("Content-Language") != "en" ||
		!strings.Contains(m.Body, rigURL+"/t/"+id) || !strings.Contains(m.Body, "it is your move; "+movesEN(r.tab.Moves())+" played so far.") {
		t.Errorf("Bob's mail: %+v", m)
	}
	r.untilTurn(t, 0)
	if p := r.nextPush(t, "ala"); p.Title != "Twój ruch: Cardline: Marvel" {
		t.Errorf("Ala's push: %+v", p)
	}
	m = r.mail.Next(t)
	if m.To[0] != "ala@example.org" || m.Subject != "Twój ruch: Cardline: Marvel" || m.Header.Get("Content-Language") != "pl" ||
		!strings.Contains(m.Body, "dotąd rozegrano "+movesPL(r.tab.Moves())+".") {
		t.Errorf("Ala's mail: %+v", m)
	}
	unsub := m.Header.Get("List-Unsubscribe")
	if m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" || !strings.HasPrefix(unsub, "<"+rigURL+unsubscribePath+"?t=") {
		t.Errorf("unsubscribe headers: %q, %q", unsub, m.Header.Get("List-Unsubscribe-Post"))
	}
	// Within the hour: pushes, no mails.
	r.untilTurn(t, 1)
	r.nextPush(t, "bob")
	r.untilTurn(t, 0)
	r.nextPush(t, "ala")
	// Under an hour left: a mail anyway, saying how long.
	r.deadline.Store(engine.Seat(1), r.clock.now().Add(45*time.Minute))
	r.untilTurn(t, 1)
	if p := r.nextPush(t, "bob"); !strings.Contains(p.Body, "Time left for your move: 45 minutes.") {
		t.Errorf("an urgent push: %+v", p)
	}
	if m := r.mail.Next(t); m.To[0] != "bob@example.org" || !strings.Contains(m.Body, "Time left for your move: 45 minutes.") {
		t.Errorf("an urgent mail: %+v", m)
	}
	r.deadline.Delete(engine.Seat(1))
	// An hour on: Ala's next turn is mailed (so her last was not).
	r.clock.add(61 * time.Minute)
	r.untilTurn(t, 0)
	r.nextPush(t, "ala")
	if m := r.mail.Next(t); m.To[0] != "ala@example.org" {
		t.Errorf("a mail an hour on: %+v", m)
	}
	// One click turns Ala's mails of turns off; a forged link does not.
	link := strings.TrimPrefix(strings.Trim(unsub, "<>"), rigURL)
	anon := newBrowser(t, r.base)
	anon.origin = ""
	if code, page, _ := anon.do("GET", link, ""); code != 200 || !strings.Contains(string(page), "Wyłączyć") {
		t.Errorf("the unsubscribe page: %d %s", code, page)
	}
	if code, _, _ := anon.doForm("POST", link[:len(link)-2]+"xx", "List-Unsubscribe=One-Click"); code != 404 {
		t.Errorf("a forged link: %d", code)
	}
	if code, page, _ := anon.doForm("POST", link, "List-Unsubscribe=One-Click"); code != 200 {
		t.Errorf("one click: %d %s", code, page)
	}
	var v NoticesView
	json.Unmarshal(r.ala.must("GET", "/api/account/notifications", "", 200), &v)
	if v.Choices["turn"]["email"] || !v.Choices["turn"]["push"] || !v.Choices["ended"]["email"] {
		t.Errorf("after unsubscribing: %+v", v.Choices)
	}
	// Hours on: Ala's turn is pushed, not mailed; Bob's are mailed (the
	// mail after Ala's turn is Bob's).
	r.clock.add(61 * time.Minute)
	r.untilTurn(t, 1)
	r.nextPush(t, "bob")
	if m := r.mail.Next(t); m.To[0] != "bob@example.org" {
		t.Errorf("a mail to %v, want Bob's", m.To)
	}
	r.untilTurn(t, 0)
	r.nextPush(t, "ala")
	r.clock.add(61 * time.Minute)
	r.untilTurn(t, 1)
	r.nextPush(t, "bob")
	if m := r.mail.Next(t); m.To[0] != "bob@example.org" {
		t.Errorf("the next mail is to %v, want Bob's (Ala unsubscribed)", m.To)
	}
}

// movesEN and movesPL count moves as the rulebooks of both languages'
// grammar do: 1 move, 2 moves; 1 ruch, 2–4 ruchy, 5–21 ruchów, 22 ruchy.
func movesEN(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprint(n, " moves")
}

func movesPL(n int) string {
	switch {
	case n == 1:
		return "1 ruch"
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return fmt.Sprint(n, " ruchy")
	}
	return fmt.Sprint(n, " ruchów")
}

// doForm sends a form, as a mail client's one-click unsubscribe does.
func (b *browser) doForm(method, path, body string) (int, []byte, *http.Response) {
	req, _ := http.NewRequest(method, b.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data, resp
}

// A mention in the chat reaches the account named, not the writer; the
// end of the game reaches every account seated; a device whose push
// service says it is gone is forgotten.
func TestNoticeOfMentionAndEnd(t *testing.T) {
	r := newNoticeRig(t)
	ctx := context.Background()
	if err := r.s.Chat(ctx, r.tab, 0, r.tokens[0], nil, ClientMessage{Type: "chat", Text: "@bob, twój ruch! @Ala"}); err != nil {
		t.Fatal(err)
	}
	if p := r.nextPush(t, "bob"); p.Title != "Ala wrote to you: Cardline: Marvel" || p.Body != "@bob, twój ruch! @Ala" {
		t.Errorf("a mention: %+v", p)
	}
	if m := r.mail.Next(t); m.To[0] != "bob@example.org" || !strings.Contains(m.Body, "@bob, twój ruch!") {
		t.Errorf("a mention's mail: %+v", m)
	}
	r.push.Forget("bob")
	// Ala wants no pushes of turns: the next push she gets is the end.
	r.ala.must("PUT", "/api/account/notifications", `{"email":"ala@example.org","choices":{"turn":{"push":false}}}`, 200)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; !r.tab.Ended(); i++ {
		if i > 5000 {
			t.Fatal("the game does not end")
		}
		_, _, pending := r.tab.View(0)
		_, legal, _ := r.tab.View(pending[0])
		r.tab.mu.Lock()
		text := r.tab.st.Format(legal[rng.IntN(len(legal))])
		r.tab.mu.Unlock()
		if _, err := r.s.Play(ctx, r.tab, r.tokens[pending[0]], text); err != nil {
			t.Fatal(err)
		}
	}
	if p := r.nextPush(t, "ala"); p.Title != "Koniec gry: Cardline: Marvel" || p.URL != "/t/"+r.tab.ID() {
		t.Errorf("the end: %+v", p)
	}
	var v NoticesView
	json.Unmarshal(r.bob.must("GET", "/api/account/notifications", "", 200), &v)
	if v.Devices != 0 {
		t.Errorf("Bob's gone device is still subscribed: %d", v.Devices)
	}
}

// With two nodes on one store, a notice goes out once: only the node
// holding the table's lease queues it, and of two that send one notice
// (a node whose lease lapsed as it queued), the store lets one through.
func TestNoticeOnceInACluster(t *testing.T) {
	pg, bus := pgtest.Start(t), bustest.Start(t)
	push := pushtest.Start(t)
	tune := func(c *Config) { c.Notify = NotifyConfig{PublicURL: rigURL, PushClient: push.Client()} }
	a := startNode(t, pg, bus, "a", 5*time.Second, tune)
	b := startNode(t, pg, bus, "b", 5*time.Second, tune)
	ctx := context.Background()
	acc := store.Account{ID: "acc-ala", Name: "Ala", Key: "ala", Display: "Ala", Lang: "pl"}
	if err := a.st.CreateAccount(ctx, acc); err != nil {
		t.Fatal(err)
	}
	sub := push.Subscribe("ala")
	if err := a.st.Notices().AddPushSubscription(ctx, store.PushSubscription{Account: acc.ID, Endpoint: sub.Endpoint, P256dh: sub.P256dh, Auth: sub.Auth}); err != nil {
		t.Fatal(err)
	}
	if a.s.notes.vapid.Public() != b.s.notes.vapid.Public() {
		t.Error("the nodes sign with different VAPID keys")
	}
	tab, _, err := a.s.Create(ctx, Spec{Game: "cardline", Seats: []string{"human", "human"}, Options: map[string]any{"players": 2}})
	if err != nil {
		t.Fatal(err)
	}
	n := Notice{Kind: NoticeInvited, Account: acc.ID, Table: tab.ID(), Game: "cardline", From: "Bob"}
	b.s.notice(ctx, n) // not b's table: nothing
	a.s.notice(ctx, n)
	if p := push.Next(t); !strings.Contains(string(p.Payload), "Bob zaprasza") {
		t.Errorf("the invitation: %s", p.Payload)
	}
	n.N = 1
	a.s.queueNotice(n)
	b.s.queueNotice(n)
	// Each node sends its queue in order: once a later notice of each
	// has come, both have dealt with the one they shared.
	for i, node := range []*clusterNode{a, b} {
		node.s.queueNotice(Notice{Kind: NoticeMention, Account: acc.ID, Table: tab.ID(), Game: "cardline", N: 10 + i, From: node.s.Node(), Text: "znacznik"})
	}
	shared, markers := 0, 0
	for markers < 2 {
		p := push.Next(t)
		if strings.Contains(string(p.Payload), "znacznik") {
			markers++
		} else {
			shared++
		}
	}
	if shared != 1 {
		t.Errorf("the shared notice came %d times, want once", shared)
	}
	push.None(t)
}

// An invitation by name reaches the invited account, naming who invites.
func TestNoticeOfInvitation(t *testing.T) {
	r := newNoticeRig(t)
	var c Created
	json.Unmarshal(r.ala.must("POST", "/api/tables", `{"game":"asterix","seats":["human","human"],"options":{"players":2},"name":"Ala"}`, 201), &c)
	r.ala.must("POST", "/api/tables/"+c.ID+"/invite", `{"token":"`+c.Token+`","seat":1,"account":"bob"}`, 200)
	if p := r.nextPush(t, "bob"); !strings.Contains(p.Body, "Ala invites you to a table") {
		t.Errorf("the invitation's push: %+v", p)
	}
}

// The first turn is told too: a table that starts (its last seat taken)
// tells the seat to move, once, unless that seat is whoever took the last
// seat; the turns after it are told as ever, none taken for the first.
func TestNoticeOfFirstTurn(t *testing.T) {
	r := newNoticeRig(t)
	var c Created
	json.Unmarshal(r.ala.must("POST", "/api/tables", `{"game":"cardline","seats":["human","human"],"options":{"players":2},"open":true,"name":"Ala"}`, 201), &c)
	tab, _ := r.s.Table(c.ID)
	ala := engine.Seat(0)
	if _, _, p := tab.View(0); p[0] != 0 { // Ala takes the seat to move first
		r.ala.must("POST", "/api/tables/"+c.ID+"/swap", `{"token":"`+c.Token+`","a":0,"b":1}`, 200)
		ala = 1
	}
	var joined SeatToken
	json.Unmarshal(r.bob.must("POST", "/api/tables/"+c.ID+"/join", `{"name":"Bob"}`, 200), &joined)
	tokens := map[engine.Seat]string{ala: c.Token, 1 - ala: joined.Token}
	if p := r.nextPush(t, "ala"); p.Title != "Twój ruch: Cardline: Marvel" || p.URL != "/t/"+c.ID {
		t.Errorf("Ala's first turn: %+v", p)
	}
	if m := r.mail.Next(t); m.To[0] != "ala@example.org" || !strings.Contains(m.Body, rigURL+"/t/"+c.ID) {
		t.Errorf("Ala's first turn's mail: %+v", m)
	}
	play := func(seat engine.Seat) {
		t.Helper()
		_, legal, _ := tab.View(seat)
		tab.mu.Lock()
		text := tab.st.Format(legal[0])
		tab.mu.Unlock()
		if _, err := r.s.Play(context.Background(), tab, tokens[seat], text); err != nil {
			t.Fatal(err)
		}
	}
	for _, turn := range []struct {
		seat   engine.Seat
		device string // told of the next turn
	}{{ala, "bob"}, {1 - ala, "ala"}} {
		seat := turn.seat
		play(seat)
		if _, _, p := tab.View(0); len(p) != 1 || p[0] == seat {
			t.Fatalf("pending %v after seat %d moved", p, seat)
		}
		r.nextPush(t, turn.device)
	}
	r.push.None(t)
}

// The server posts pushes only to public addresses: an endpoint that
// names the server itself or its private network is never reached.
func TestPushClientReachesOnlyPublicAddresses(t *testing.T) {
	reached := false
	hs := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached = true }))
	defer hs.Close()
	if _, err := pushClient().Post(hs.URL, "application/octet-stream", nil); !errors.Is(err, errNotPublic) || reached {
		t.Errorf("a push to %s: %v (reached %v), want it refused", hs.URL, err, reached)
	}
	for _, a := range []string{"127.0.0.1:443", "[::1]:443", "10.1.2.3:443", "192.168.0.1:443", "169.254.169.254:80", "[fd00::1]:443", "0.0.0.0:443"} {
		if publicOnly("tcp", a, nil) == nil {
			t.Errorf("%s was let through", a)
		}
	}
	for _, a := range []string{"142.250.74.36:443", "[2a00:1450:400f:80d::200a]:443"} {
		if err := publicOnly("tcp", a, nil); err != nil {
			t.Errorf("%s was refused: %v", a, err)
		}
	}
}

// An account's browsers are few: past maxPushDevices subscriptions the
// oldest are forgotten, the newest kept.
func TestPushDevicesAreFew(t *testing.T) {
	r := newNoticeRig(t)
	for i := range maxPushDevices + 3 {
		r.clock.add(time.Second)
		r.ala.must("POST", "/api/account/push", fmt.Sprintf(`{"endpoint":"https://push.example.org/%d","keys":{"p256dh":"k","auth":"a"}}`, i), 200)
	}
	acc, err := FindAccount(context.Background(), r.s.accounts(), "ala")
	if err != nil {
		t.Fatal(err)
	}
	subs, err := r.s.notes.st.PushSubscriptions(context.Background(), acc.ID)
	if err != nil || len(subs) != maxPushDevices || subs[len(subs)-1].Endpoint != fmt.Sprintf("https://push.example.org/%d", maxPushDevices+2) {
		t.Fatalf("after %d subscriptions: %d kept (%v)", maxPushDevices+4, len(subs), err) // the rig subscribed one too
	}
}
