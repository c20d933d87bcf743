package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/store"
)

// cheapPasswords are argon2id parameters cheap enough for tests.
var cheapPasswords = PasswordParams{Time: 1, Memory: 64, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestCheckName(t *testing.T) {
	for _, c := range []struct {
		name, in, key, code string
	}{
		{"plain", "Ala", "ala", ""},
		{"Polish letters", "Żółć_2", "żółć_2", ""},
		{"case variants share a key", "ZOSIA.k", "zosia.k", ""},
		{"Cyrillic alone", "Иван-1", "иван-1", ""},
		{"Greek alone", "Σοφία", "σοφία", ""},
		{"combining acute composes (NFC)", "Rene\u0301e", "renée", ""},
		{"Cyrillic а in a Latin name", "B\u0430rt", "", "name_mixed"},
		{"Latin o in a Cyrillic name", "Ив\u006fн", "", "name_mixed"},
		{"Greek omicron in a Latin name", "R\u03bfman", "", "name_mixed"},
		{"fullwidth letters", "\uff21\uff4c\uff41", "", "name_chars"},
		{"a mark that composes with nothing", "ab\u0301\u0323c", "", "name_chars"},
		{"zero width joiner", "Al\u200da", "", "name_chars"},
		{"zero width space", "Al\u200ba", "", "name_chars"},
		{"a space", "Ala Ma", "", "name_chars"},
		{"phonetic alpha", "\u0251la", "", "name_chars"},
		{"dotless i", "adm\u0131n", "", "name_chars"},
		{"Arabic-Indic digits", "ala\u0661", "", "name_chars"},
		{"begins with punctuation", ".ala", "", "name_chars"},
		{"too short", "Al", "", "name_length"},
		{"too long", strings.Repeat("a", 25), "", "name_length"},
		{"24 characters", strings.Repeat("ż", 24), strings.Repeat("ż", 24), ""},
		{"reserved", "Admin", "", "name_reserved"},
		{"reserved with punctuation", "s.y.s.t.e.m", "", "name_reserved"},
		{"reserved prefix", "stolik_team", "", "name_reserved"},
		{"bot", "BOT", "", "name_reserved"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, key, err := CheckName(c.in)
			code := ""
			if re, ok := engine.AsRuleError(err); ok {
				code = re.Code
			} else if err != nil {
				t.Fatalf("not a rule error: %v", err)
			}
			if code != c.code || key != c.key {
				t.Errorf("CheckName(%q) = %q, %q; want %q, %q", c.in, key, code, c.key, c.code)
			}
			if err != nil && (re(err).Msg.PL == "" || re(err).Msg.EN == "") {
				t.Errorf("the error is not in both languages: %+v", err)
			}
		})
	}
}

func re(err error) *engine.RuleError { r, _ := engine.AsRuleError(err); return r }

func TestCheckDisplay(t *testing.T) {
	for _, c := range []struct{ in, want, code string }{
		{"  Ala Kowalska ", "Ala Kowalska", ""},
		{"Rene\u0301e", "Renée", ""},
		{"👩\u200d💻 Ola", "👩\u200d💻 Ola", ""},
		{"", "", "display_name"},
		{"   ", "", "display_name"},
		{strings.Repeat("x", 41), "", "display_name"},
		{"Ala\x07", "", "display_name"},
		{"Ala\u202egnp.exe", "", "display_name"},
	} {
		got, err := CheckDisplay(c.in)
		code := ""
		if err != nil {
			code = re(err).Code
		}
		if got != c.want || code != c.code {
			t.Errorf("CheckDisplay(%q) = %q, %q; want %q, %q", c.in, got, code, c.want, c.code)
		}
	}
}

// The defaults are RFC 9106's second recommended option, written in the
// PHC string format.
func TestPasswordDefaults(t *testing.T) {
	want := PasswordParams{Time: 3, Memory: 64 * 1024, Threads: 4, SaltLen: 16, KeyLen: 32}
	if DefaultPasswordParams != want {
		t.Fatalf("DefaultPasswordParams = %+v, want %+v", DefaultPasswordParams, want)
	}
	if testing.Short() {
		t.Skip("-short: one hash of 64 MiB is left out")
	}
	h := DefaultPasswordParams.Hash("correct horse")
	if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=3,p=4$") || len(strings.Split(h, "$")[4]) != 22 || len(strings.Split(h, "$")[5]) != 43 {
		t.Errorf("hash %q: want $argon2id$v=19$m=65536,t=3,p=4$ with a 16-byte salt and a 32-byte key", h)
	}
	if ok, rehash := verifyPassword(h, "correct horse", DefaultPasswordParams); !ok || rehash {
		t.Errorf("verify: %v, rehash %v", ok, rehash)
	}
}

// A password verifies against its hash and no other; a hash made with
// weaker parameters asks to be made again; a hash that does not read
// matches nothing.
func TestPasswordVerify(t *testing.T) {
	h := cheapPasswords.Hash("hasło-123")
	stronger := cheapPasswords
	stronger.Time = 2
	for _, c := range []struct {
		hash, pw     string
		want         PasswordParams
		ok, rehashed bool
	}{
		{h, "hasło-123", cheapPasswords, true, false},
		{h, "hasło-124", cheapPasswords, false, false},
		{h, "hasło-123", stronger, true, true},
		{h, "", cheapPasswords, false, false},
		{"", "hasło-123", cheapPasswords, false, false},
		{"$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaA", "x", cheapPasswords, false, false},
		{strings.Replace(h, "t=1", "t=0", 1), "hasło-123", cheapPasswords, false, false},
	} {
		ok, rehash := verifyPassword(c.hash, c.pw, c.want)
		if ok != c.ok || rehash != c.rehashed {
			t.Errorf("verify %q with %q: %v, %v; want %v, %v", c.hash, c.pw, ok, rehash, c.ok, c.rehashed)
		}
	}
	if h2 := cheapPasswords.Hash("hasło-123"); h2 == h {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
}

// accountServer is a server with accounts, cheap passwords and its log
// in a buffer.
func accountServer(t *testing.T, tune ...func(*Config)) (*Server, *httptest.Server, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "accounts.db"), append([]func(*Config){func(c *Config) {
		c.Password = cheapPasswords
		c.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		lim := DefaultLimits()
		lim.JoinRate = Rate{}
		c.Limits = &lim
	}}, tune...)...)
	return s, hs, logs
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// browser is a client with a cookie jar whose requests come from the
// server's own page (Origin), as a browser's do.
type browser struct {
	t      *testing.T
	base   string
	c      *http.Client
	origin string
	bodies *[]byte // every answer's body, appended
}

func newBrowser(t *testing.T, base string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: base, c: &http.Client{Jar: jar}, origin: base, bodies: new([]byte)}
}

func (b *browser) do(method, path, body string) (int, []byte, *http.Response) {
	b.t.Helper()
	req, _ := http.NewRequest(method, b.base+path, strings.NewReader(body))
	if method != "GET" {
		req.Header.Set("Content-Type", "application/json")
	}
	if b.origin != "" {
		req.Header.Set("Origin", b.origin)
	}
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	*b.bodies = append(*b.bodies, data...)
	*b.bodies = append(*b.bodies, fmt.Sprint(resp.Header)...)
	return resp.StatusCode, data, resp
}

func (b *browser) must(method, path, body string, status int) []byte {
	b.t.Helper()
	code, data, _ := b.do(method, path, body)
	if code != status {
		b.t.Fatalf("%s %s %s: %d %s, want %d", method, path, body, code, data, status)
	}
	return data
}

func (b *browser) sessionCookie() *http.Cookie {
	for _, c := range b.c.Jar.Cookies(mustURL(b.base)) {
		if c.Name == SessionCookie {
			return c
		}
	}
	return nil
}

func signUp(t *testing.T, b *browser, name, pw string) {
	t.Helper()
	b.must("POST", "/api/account/signup", fmt.Sprintf(`{"name":%q,"password":%q,"lang":"en"}`, name, pw), 201)
}

// Signing up, in and out; the cookie's attributes; the sessions listed
// and ended one by one and all at once; the profile and the password
// changed.
func TestAccountSessions(t *testing.T) {
	_, hs, _ := accountServer(t)
	a := newBrowser(t, hs.URL)
	_, data, resp := a.do("POST", "/api/account/signup", `{"name":"Ala","display":"Ala K.","password":"tajne-hasło","lang":"pl"}`)
	if resp.StatusCode != 201 || !strings.Contains(string(data), `"name":"Ala"`) || !strings.Contains(string(data), `"display":"Ala K."`) {
		t.Fatalf("sign-up: %d %s", resp.StatusCode, data)
	}
	var sc *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == SessionCookie {
			sc = c
		}
	}
	if sc == nil || !sc.HttpOnly || sc.SameSite != http.SameSiteLaxMode || sc.Path != "/" || sc.Secure || sc.MaxAge != int(sessionIdle.Seconds()) || len(sc.Value) != 43 {
		t.Fatalf("the session cookie: %+v", sc)
	}
	a.must("GET", "/api/account", "", 200)
	a.must("POST", "/api/account/signup", `{"name":"ALA","password":"tajne-hasło"}`, 409)
	a.must("PATCH", "/api/account", `{"display":"Ala Kowalska","lang":"en"}`, 200)
	if got := string(a.must("GET", "/api/account", "", 200)); !strings.Contains(got, `"display":"Ala Kowalska"`) || !strings.Contains(got, `"lang":"en"`) {
		t.Errorf("after the change: %s", got)
	}
	// A second device signs in (any case of the name).
	b := newBrowser(t, hs.URL)
	b.must("POST", "/api/account/signin", `{"name":"ala","password":"tajne-hasło"}`, 200)
	var list []SessionView
	json.Unmarshal(a.must("GET", "/api/account/sessions", "", 200), &list)
	if len(list) != 2 || list[0].Device != "Firefox on Linux" {
		t.Fatalf("sessions: %+v", list)
	}
	other := list[0].ID
	if list[0].Current {
		other = list[1].ID
	}
	a.must("DELETE", "/api/account/sessions/"+other, "", 200)
	b.must("GET", "/api/account", "", 401)
	a.must("DELETE", "/api/account/sessions/"+other, "", 404)
	// The password: the old one is needed, and the other sessions end.
	b.must("POST", "/api/account/signin", `{"name":"Ala","password":"tajne-hasło"}`, 200)
	a.must("POST", "/api/account/password", `{"old":"złe-hasło!","new":"nowe-hasło"}`, 403)
	a.must("POST", "/api/account/password", `{"old":"tajne-hasło","new":"krótkie"}`, 400)
	a.must("POST", "/api/account/password", `{"old":"tajne-hasło","new":"nowe-hasło"}`, 200)
	b.must("GET", "/api/account", "", 401)
	b.must("POST", "/api/account/signin", `{"name":"Ala","password":"tajne-hasło"}`, 401)
	b.must("POST", "/api/account/signin", `{"name":"Ala","password":"nowe-hasło"}`, 200)
	// Signing out everywhere ends both.
	var ended struct{ Ended int }
	json.Unmarshal(b.must("POST", "/api/account/signout-everywhere", "", 200), &ended)
	if ended.Ended != 2 {
		t.Errorf("signed out everywhere: %d sessions ended, want 2", ended.Ended)
	}
	a.must("GET", "/api/account", "", 401)
	b.must("GET", "/api/account", "", 401)
	a.must("POST", "/api/account/signin", `{"name":"Ala","password":"nowe-hasło"}`, 200)
	a.must("POST", "/api/account/signout", "", 200)
	a.must("GET", "/api/account", "", 401)
	if c := a.sessionCookie(); c != nil {
		t.Errorf("the cookie outlives signing out: %+v", c)
	}
}

// Behind a reverse proxy that says the client came over TLS, the cookie
// is Secure.
func TestSessionCookieSecureBehindTLS(t *testing.T) {
	_, hs, _ := accountServer(t, func(c *Config) { c.RealIPHeader = "X-Real-IP" })
	req, _ := http.NewRequest("POST", hs.URL+"/api/account/signup", strings.NewReader(`{"name":"Ala","password":"tajne-hasło"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-Proto", "https")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// The session's cookie and its marker, both Secure.
	if cs := resp.Cookies(); resp.StatusCode != 201 || len(cs) != 2 || !cs[0].Secure || !cs[1].Secure {
		t.Fatalf("%d, cookies %+v: want two Secure cookies", resp.StatusCode, cs)
	}
}

// Failed sign-ins are limited per name and per address, after the same
// answers for a name that has an account and one that has none; a
// banned account cannot sign in, and its sessions die.
func TestSignInLimits(t *testing.T) {
	s, hs, _ := accountServer(t, func(c *Config) { c.SignIn = &SignInLimits{PerName: 3, PerAddress: 8, Window: time.Hour} })
	a := newBrowser(t, hs.URL)
	signUp(t, a, "Ala", "tajne-hasło")
	answers := map[string]string{}
	for _, name := range []string{"Ala", "Nikt"} {
		for i := range 3 {
			code, data, _ := a.do("POST", "/api/account/signin", fmt.Sprintf(`{"name":%q,"password":"złe-hasło-%d"}`, name, i))
			if code != 401 {
				t.Fatalf("%s, a wrong password: %d %s", name, code, data)
			}
			answers[name] = string(data)
		}
		code, data, resp := a.do("POST", "/api/account/signin", fmt.Sprintf(`{"name":%q,"password":"tajne-hasło"}`, name))
		if code != 429 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(data), "sign_in_limited") {
			t.Errorf("%s after 3 failures: %d %s (Retry-After %q), want 429", name, code, data, resp.Header.Get("Retry-After"))
		}
	}
	if answers["Ala"] != answers["Nikt"] {
		t.Errorf("a wrong password and an unknown name are told apart: %s / %s", answers["Ala"], answers["Nikt"])
	}
	// A ban: the sessions die, the right password is refused.
	b := newBrowser(t, hs.URL)
	signUp(t, b, "Bolek", "tajne-hasło")
	acc, err := FindAccount(context.Background(), s.accounts(), "bolek")
	if err != nil {
		t.Fatal(err)
	}
	if err := Ban(context.Background(), s.accounts(), acc, true, "spam"); err != nil {
		t.Fatal(err)
	}
	b.must("GET", "/api/account", "", 401)
	b.must("POST", "/api/account/signin", `{"name":"Bolek","password":"tajne-hasło"}`, 403)
	Ban(context.Background(), s.accounts(), acc, false, "")
	b.must("POST", "/api/account/signin", `{"name":"Bolek","password":"tajne-hasło"}`, 200)
	// Other names from the same address, up to the address's limit.
	for i := range 2 {
		a.must("POST", "/api/account/signin", fmt.Sprintf(`{"name":"Inny%d","password":"złe-hasło"}`, i), 401)
	}
	a.must("POST", "/api/account/signin", `{"name":"Ktoś","password":"złe-hasło"}`, 429)
}

// A request with a session cookie that changes something must come from
// the server's own page.
func TestAccountRefusesOtherOrigins(t *testing.T) {
	_, hs, _ := accountServer(t)
	a := newBrowser(t, hs.URL)
	signUp(t, a, "Ala", "tajne-hasło")
	for _, origin := range []string{"https://evil.example", ""} {
		a.origin = origin
		a.must("POST", "/api/account/signout-everywhere", "", 403)
		a.must("PATCH", "/api/account", `{"display":"pwned"}`, 403)
	}
	a.origin = hs.URL
	if got := string(a.must("GET", "/api/account", "", 200)); strings.Contains(got, "pwned") {
		t.Errorf("a request of another page changed the account: %s", got)
	}
}

// A seat taken by a signed-in person records their account, shown as its
// user name; a guest's seat is linked once they sign in. The cookie never
// acts for a seat: without its token, a signed-in person cannot move,
// leave, or see the seat's hidden view.
func TestSessionUnlocksNoSeat(t *testing.T) {
	s, hs, _ := accountServer(t)
	ala, ola := newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	var c Created
	json.Unmarshal(ala.must("POST", "/api/tables", `{"game":"cardline","seats":["human","human"],"options":{"players":2},"open":true,"name":"Ala"}`, 201), &c)
	// Ola joins as a guest, then signs up and links her seat.
	var joined SeatToken
	json.Unmarshal(ola.must("POST", "/api/tables/"+c.ID+"/join", `{"name":"Ola"}`, 200), &joined)
	tab, _ := s.Table(c.ID)
	if p := tab.Players(); p[0].Account != "Ala" || p[1].Account != "" {
		t.Fatalf("players: %+v", p)
	}
	signUp(t, ola, "Ola", "tajne-hasło")
	var linked struct{ Linked []string }
	json.Unmarshal(ola.must("POST", "/api/account/seats", fmt.Sprintf(`{"tokens":{%q:%q,%q:"bad"}}`, c.ID, joined.Token, NewToken()), 200), &linked)
	if len(linked.Linked) != 1 || linked.Linked[0] != c.ID {
		t.Errorf("linked: %+v", linked)
	}
	if p := tab.Players(); p[1].Account != "Ola" {
		t.Errorf("after linking: %+v", p)
	}
	for _, st := range tab.Seats() {
		if st.Account == "" {
			t.Errorf("a seat lost its account: %+v", st)
		}
	}
	pub := string(ala.must("GET", "/api/tables/"+c.ID, "", 200))
	if strings.Contains(pub, tab.Seats()[0].Account) {
		t.Errorf("the table shows an account's id: %s", pub)
	}
	// Ala's cookie with no token: not a seat.
	ala.must("POST", "/api/tables/"+c.ID+"/leave", `{"token":""}`, 400)
	ala.must("POST", "/api/tables/"+c.ID+"/leave", `{"token":"`+joined.Token[:31]+`x"}`, 403)
	hdr := http.Header{"Cookie": {SessionCookie + "=" + ala.sessionCookie().Value}, "Origin": {hs.URL}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, wsURL(hs.URL)+"/ws/tables/"+c.ID, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	_, data, err := conn.Read(ctx)
	var m StateMessage
	if json.Unmarshal(data, &m); err != nil || m.Seat != -1 {
		t.Fatalf("a socket with the cookie alone acts for seat %d (%v), want a spectator's", m.Seat, err)
	}
	spect, _, _ := tab.View(engine.Spectator)
	if mustJSON(m.View) != mustJSON(spect) {
		t.Error("a socket with the cookie alone sees more than a spectator")
	}
	conn.Write(ctx, websocket.MessageText, []byte(`{"type":"move","move":"x"}`))
	for {
		_, data, err = conn.Read(ctx)
		if err != nil || bytes.Contains(data, []byte(`"type":"error"`)) {
			break
		}
	}
	if !bytes.Contains(data, []byte(`"spectator"`)) {
		t.Errorf("a move with the cookie alone: %s %v, want refused as a spectator's", data, err)
	}
	if tab.Moves() != 0 || !tab.Players()[1].Taken {
		t.Error("the cookie alone changed the table")
	}
}

// Passwords, session secrets and hashes reach neither the log nor any
// answer.
func TestAccountSecretsNeverLeak(t *testing.T) {
	s, hs, logs := accountServer(t)
	const pw, pw2 = "Sekret-Hasło-1234", "Drugie-Hasło-5678"
	a := newBrowser(t, hs.URL)
	a.must("POST", "/api/account/signup", `{"name":"Ala","password":"`+pw+`"}`, 201)
	secret := a.sessionCookie().Value
	a.must("GET", "/api/account", "", 200)
	a.must("GET", "/api/account/sessions", "", 200)
	a.must("POST", "/api/account/signout", "", 200)
	a.must("POST", "/api/account/signin", `{"name":"Ala","password":"zle-haslo"}`, 401)
	a.must("POST", "/api/account/signin", `{"name":"Ala","password":"`+pw+`"}`, 200)
	secret2 := a.sessionCookie().Value
	a.must("POST", "/api/account/password", `{"old":"`+pw+`","new":"`+pw2+`"}`, 200)
	a.must("POST", "/api/account/signout", "", 200)
	acc, err := FindAccount(context.Background(), s.accounts(), "ala")
	if err != nil {
		t.Fatal(err)
	}
	bodies := string(*a.bodies)
	for _, sec := range []string{pw, pw2, secret, secret2, store.HashSecret(secret), store.HashSecret(secret2), acc.PasswordHash, strings.Split(acc.PasswordHash, "$")[5]} {
		if strings.Contains(logs.String(), sec) {
			t.Errorf("the log holds a secret %q:\n%s", sec, logs.String())
		}
		if strings.Contains(bodies, sec) && sec != secret && sec != secret2 {
			t.Errorf("an answer holds a secret %q", sec)
		}
	}
	// The session secrets go in Set-Cookie only: never in a body.
	for _, sec := range []string{secret, secret2} {
		if strings.Count(bodies, sec) > 1 {
			t.Errorf("a session secret appears beyond its Set-Cookie")
		}
	}
	if !strings.Contains(logs.String(), "signed in") {
		t.Errorf("the log holds no sign-in: the test reads the wrong log\n%s", logs.String())
	}
}

// Without a store that keeps accounts, the account API says so.
func TestNoAccountsStore(t *testing.T) {
	s, hs, _ := accountServer(t)
	s.cfg.Store = noAccounts{s.cfg.Store}
	a := newBrowser(t, hs.URL)
	a.must("POST", "/api/account/signup", `{"name":"Ala","password":"tajne-hasło"}`, 501)
	a.must("GET", "/api/account", "", 501)
}

type noAccounts struct{ store.Store }

func mustURL(s string) *url.URL { u, _ := url.Parse(s); return u }

// The page learns whether to ask who is signed in from a second cookie it
// may read (stolik_signed_in=1, no secret in it): a guest's page asks
// nothing, and so logs no refused request. It comes and goes with the
// session cookie.
func TestSignedInMarkerCookie(t *testing.T) {
	_, hs, _ := accountServer(t)
	a := newBrowser(t, hs.URL)
	marker := func(resp *http.Response) *http.Cookie {
		for _, c := range resp.Cookies() {
			if c.Name == SignedInCookie {
				return c
			}
		}
		return nil
	}
	_, _, resp := a.do("POST", "/api/account/signup", `{"name":"Ala","password":"tajne-hasło","lang":"pl"}`)
	m := marker(resp)
	if m == nil || m.HttpOnly || m.Value != "1" || m.Path != "/" || m.SameSite != http.SameSiteLaxMode || m.MaxAge != int(sessionIdle.Seconds()) {
		t.Fatalf("after sign-up the marker cookie is %+v", m)
	}
	_, _, resp = a.do("POST", "/api/account/signout", "")
	if m := marker(resp); m == nil || m.MaxAge >= 0 {
		t.Fatalf("after sign-out the marker cookie is %+v, want it removed", m)
	}
}
