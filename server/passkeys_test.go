package server

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/fxamacker/cbor/v2"

	"stolik/games/all"
)

// softKey is an authenticator in software, as a phone or a security key
// would answer: one ES256 credential, discoverable, with "none"
// attestation.
type softKey struct {
	t      *testing.T
	origin string // the page's origin; its host is the relying party's id
	key    *ecdsa.PrivateKey
	id     []byte
	user   []byte // the user handle it was made for
	count  uint32
}

var b64url = base64.RawURLEncoding

func newSoftKey(t *testing.T, origin string) *softKey {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	return &softKey{t: t, origin: origin, key: key, id: id}
}

// begun is the answer of a begin: the ceremony's handle and the options.
type begun struct {
	Ceremony string `json:"ceremony"`
	Options  struct {
		Challenge string `json:"challenge"`
		RPID      string `json:"rpId"`
		RP        struct {
			ID string `json:"id"`
		} `json:"rp"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	} `json:"options"`
}

func (k *softKey) clientData(typ, challenge string) []byte {
	data, _ := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": k.origin, "crossOrigin": false})
	return data
}

func (k *softKey) authData(flags byte, attested []byte) []byte {
	u, _ := url.Parse(k.origin)
	rp := sha256.Sum256([]byte(u.Hostname()))
	k.count++
	out := append(rp[:], flags)
	out = binary.BigEndian.AppendUint32(out, k.count)
	return append(out, attested...)
}

// create answers a registration's options with a new credential, as
// navigator.credentials.create's PublicKeyCredential in JSON.
func (k *softKey) create(b begun) json.RawMessage {
	k.user, _ = b64url.DecodeString(b.Options.User.ID)
	cose, _ := cbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: k.key.X.FillBytes(make([]byte, 32)), -3: k.key.Y.FillBytes(make([]byte, 32))})
	attested := make([]byte, 16) // the zero AAGUID
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(k.id)))
	attested = append(append(attested, k.id...), cose...)
	obj, _ := cbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": k.authData(0x45, attested)})
	cred, _ := json.Marshal(map[string]any{
		"id": b64url.EncodeToString(k.id), "rawId": b64url.EncodeToString(k.id), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64url.EncodeToString(k.clientData("webauthn.create", b.Options.Challenge)),
			"attestationObject": b64url.EncodeToString(obj),
			"transports":        []string{"internal"},
		},
		"clientExtensionResults": map[string]any{},
	})
	return cred
}

// get answers a sign-in's options with an assertion signed by the key.
func (k *softKey) get(b begun) json.RawMessage {
	auth := k.authData(0x05, nil)
	client := k.clientData("webauthn.get", b.Options.Challenge)
	sum := sha256.Sum256(client)
	digest := sha256.Sum256(append(append([]byte{}, auth...), sum[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, k.key, digest[:])
	if err != nil {
		k.t.Fatal(err)
	}
	cred, _ := json.Marshal(map[string]any{
		"id": b64url.EncodeToString(k.id), "rawId": b64url.EncodeToString(k.id), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64url.EncodeToString(client),
			"authenticatorData": b64url.EncodeToString(auth),
			"signature":         b64url.EncodeToString(sig),
			"userHandle":        b64url.EncodeToString(k.user),
		},
		"clientExtensionResults": map[string]any{},
	})
	return cred
}

// localBase is the test server's address by the name localhost: a
// passkey belongs to a host name, never to an IP address.
func localBase(url string) string { return strings.Replace(url, "127.0.0.1", "localhost", 1) }

func (b *browser) begin(path, body string) begun {
	b.t.Helper()
	var out begun
	if err := json.Unmarshal(b.must("POST", path, body, 200), &out); err != nil || out.Ceremony == "" {
		b.t.Fatalf("%s: %+v, %v", path, out, err)
	}
	return out
}

func finish(ceremony, name string, cred json.RawMessage) string {
	body, _ := json.Marshal(map[string]any{"ceremony": ceremony, "name": name, "credential": cred})
	return string(body)
}

// signUpWithPasskey makes an account whose only way in is key.
func signUpWithPasskey(t *testing.T, b *browser, key *softKey, name string) {
	t.Helper()
	bg := b.begin("/api/account/passkeys/signup/begin", `{"name":"`+name+`","display":"`+name+` K.","lang":"en"}`)
	if bg.Options.RP.ID != "localhost" {
		t.Errorf("the relying party's id is %q, want localhost", bg.Options.RP.ID)
	}
	b.must("POST", "/api/account/passkeys/signup/finish", finish(bg.Ceremony, "laptop", key.create(bg)), 201)
}

// Signing up with a passkey alone, signing in with it elsewhere, adding a
// second one, removing the first; a ceremony finishes once; a passkey
// removed, a wrong signature or another key's answer are refused alike.
func TestPasskeySignUpSignIn(t *testing.T) {
	_, hs, logs := accountServer(t)
	base := localBase(hs.URL)
	ola, phone := newBrowser(t, base), newBrowser(t, base)
	laptopKey := newSoftKey(t, base)
	signUpWithPasskey(t, ola, laptopKey, "Ola")
	var me AccountView
	json.Unmarshal(ola.must("GET", "/api/account", "", 200), &me)
	if me.Name != "Ola" || me.Display != "Ola K." || me.HasPassword {
		t.Errorf("the account made with a passkey: %+v", me)
	}
	var keys []PasskeyView
	json.Unmarshal(ola.must("GET", "/api/account/passkeys", "", 200), &keys)
	if len(keys) != 1 || keys[0].Name != "laptop" {
		t.Fatalf("the passkeys: %+v", keys)
	}
	if code, data, _ := ola.do("DELETE", "/api/account/passkeys/"+keys[0].ID, ""); code != 409 || !bytes.Contains(data, []byte("last_sign_in")) {
		t.Errorf("removing the only way in: %d %s, want 409 last_sign_in", code, data)
	}

	bg := phone.begin("/api/account/passkeys/signin/begin", `{}`)
	signIn := finish(bg.Ceremony, "", laptopKey.get(bg))
	phone.must("POST", "/api/account/passkeys/signin/finish", signIn, 200)
	json.Unmarshal(phone.must("GET", "/api/account", "", 200), &me)
	if me.Name != "Ola" {
		t.Errorf("signed in by passkey as %+v", me)
	}
	stranger := newBrowser(t, base)
	if code, data, _ := stranger.do("POST", "/api/account/passkeys/signin/finish", signIn); code != 401 || !bytes.Contains(data, []byte("passkey_failed")) {
		t.Errorf("the same ceremony finished again: %d %s, want 401 passkey_failed", code, data)
	}
	stranger.must("GET", "/api/account", "", 401)

	phoneKey := newSoftKey(t, base)
	bg = phone.begin("/api/account/passkeys/register/begin", `{}`)
	phone.must("POST", "/api/account/passkeys/register/finish", finish(bg.Ceremony, "telefon", phoneKey.create(bg)), 201)
	json.Unmarshal(phone.must("GET", "/api/account/passkeys", "", 200), &keys)
	if len(keys) != 2 || keys[0].Name != "laptop" || keys[1].Name != "telefon" {
		t.Fatalf("after adding a second passkey: %+v", keys)
	}
	ola.must("DELETE", "/api/account/passkeys/"+keys[0].ID, "", 200)
	ola.must("DELETE", "/api/account/passkeys/"+keys[0].ID, "", 404)

	for what, answer := range map[string]func(begun) json.RawMessage{
		"the removed passkey": laptopKey.get,
		"a wrong signature": func(b begun) json.RawMessage {
			return bytes.Replace(phoneKey.get(b), []byte(`"signature":"M`), []byte(`"signature":"N`), 1)
		},
		"an unknown key": newSoftKey(t, base).get,
	} {
		bg := stranger.begin("/api/account/passkeys/signin/begin", `{}`)
		if code, data, _ := stranger.do("POST", "/api/account/passkeys/signin/finish", finish(bg.Ceremony, "", answer(bg))); code != 401 || !bytes.Contains(data, []byte("passkey_failed")) {
			t.Errorf("%s: %d %s, want 401 passkey_failed", what, code, data)
		}
	}
	for range 2 { // the counter goes up at each use, and is kept
		bg := stranger.begin("/api/account/passkeys/signin/begin", `{}`)
		stranger.must("POST", "/api/account/passkeys/signin/finish", finish(bg.Ceremony, "", phoneKey.get(bg)), 200)
	}
	if strings.Contains(logs.String(), signIn) {
		t.Error("a passkey's assertion reached the log")
	}
}

// A page opened by an IP address cannot use passkeys (a relying party's
// id is a host name); a name taken while a sign-up by passkey was under
// way is refused at its end; a ceremony of one kind does not finish
// another.
func TestPasskeyRefusals(t *testing.T) {
	_, hs, _ := accountServer(t)
	byIP := newBrowser(t, hs.URL)
	for path, body := range map[string]string{"/api/account/passkeys/signin/begin": `{}`, "/api/account/passkeys/signup/begin": `{"name":"Ala"}`} {
		if code, data, _ := byIP.do("POST", path, body); code != 400 || !bytes.Contains(data, []byte("passkey_host")) {
			t.Errorf("%s from an IP address: %d %s, want 400 passkey_host", path, code, data)
		}
	}
	base := localBase(hs.URL)
	b := newBrowser(t, base)
	bg := b.begin("/api/account/passkeys/signup/begin", `{"name":"Zenek"}`)
	signUp(t, newBrowser(t, base), "zenek", "tajne-hasło")
	if code, data, _ := b.do("POST", "/api/account/passkeys/signup/finish", finish(bg.Ceremony, "x", newSoftKey(t, base).create(bg))); code != 409 || !bytes.Contains(data, []byte("name_taken")) {
		t.Errorf("a sign-up whose name was taken meanwhile: %d %s, want 409 name_taken", code, data)
	}
	if code, _, _ := b.do("POST", "/api/account/passkeys/signup/begin", `{"name":"ZENEK"}`); code != 409 {
		t.Errorf("a sign-up by passkey with a taken name: %d, want 409", code)
	}
	bg = b.begin("/api/account/passkeys/signin/begin", `{}`)
	if code, _, _ := b.do("POST", "/api/account/passkeys/signup/finish", finish(bg.Ceremony, "x", newSoftKey(t, base).create(bg))); code != 401 {
		t.Errorf("a sign-in's ceremony finishing a sign-up: %d, want 401", code)
	}
}

// Failed passkey sign-ins count against the address as failed passwords
// do: past the limit, even the begin is refused.
func TestPasskeySignInLimit(t *testing.T) {
	_, hs, _ := accountServer(t, func(c *Config) { c.SignIn = &SignInLimits{PerName: 5, PerAddress: 3, Window: time.Hour} })
	base := localBase(hs.URL)
	b := newBrowser(t, base)
	for i := range 3 {
		bg := b.begin("/api/account/passkeys/signin/begin", `{}`)
		if code, _, _ := b.do("POST", "/api/account/passkeys/signin/finish", finish(bg.Ceremony, "", newSoftKey(t, base).get(bg))); code != 401 {
			t.Fatalf("failure %d: %d, want 401", i, code)
		}
	}
	code, data, resp := b.do("POST", "/api/account/passkeys/signin/begin", `{}`)
	if code != 429 || resp.Header.Get("Retry-After") == "" || !bytes.Contains(data, []byte("sign_in_limited")) {
		t.Errorf("past the limit: %d %s, want 429 sign_in_limited with Retry-After", code, data)
	}
	if code, _, _ := b.do("POST", "/api/account/signin", `{"name":"ala","password":"whatever1"}`); code != 429 {
		t.Errorf("a password sign-in from the address past the limit: %d, want 429", code)
	}
}

// passkeyOpenMatrix is the part of the matrix of docs/security.md that
// needs no session: a ceremony begun from the server's own page, another
// site's, or a request with no Origin.
var passkeyOpenMatrix = []struct {
	who            string
	origin         string // "" none, "own" the server's
	signIn, signUp int
}{
	{"the server's page", "own", 200, 200},
	{"another site's page", "https://evil.example", 403, 403},
	{"no Origin", "", 403, 403},
}

func passkeyMatrixFor(t *testing.T) {
	_, hs, _ := accountServer(t)
	base := localBase(hs.URL)
	for i, row := range passkeyOpenMatrix {
		b := newBrowser(t, base)
		if row.origin != "own" {
			b.origin = row.origin
		}
		for _, c := range []struct {
			path, body string
			want       int
		}{
			{"/api/account/passkeys/signin/begin", `{}`, row.signIn},
			{"/api/account/passkeys/signup/begin", fmt.Sprintf(`{"name":"Ala%d"}`, i), row.signUp},
		} {
			if code, data, _ := b.do("POST", c.path, c.body); code != c.want {
				t.Errorf("%s: %s: %d %s, want %d", row.who, c.path, code, data, c.want)
			}
		}
	}
}

// A ceremony begun on one node finishes on another sharing the store: the
// challenge is the store's, not the node's.
func TestPasskeyCeremonyAcrossNodes(t *testing.T) {
	a, hsA, _ := accountServer(t)
	b, err := New(Config{Store: a.cfg.Store, Games: all.Games(), Password: cheapPasswords, Origins: []string{"localhost"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	hsB := newHTTP(t, b)
	originA := localBase(hsA.URL)
	onA, onB := newBrowser(t, originA), newBrowser(t, localBase(hsB.URL))
	onB.origin = originA // one page, its requests served by either node
	key := newSoftKey(t, originA)
	bg := onA.begin("/api/account/passkeys/signup/begin", `{"name":"Ela"}`)
	onB.must("POST", "/api/account/passkeys/signup/finish", finish(bg.Ceremony, "", key.create(bg)), 201)
	bg = onB.begin("/api/account/passkeys/signin/begin", `{}`)
	onA.must("POST", "/api/account/passkeys/signin/finish", finish(bg.Ceremony, "", key.get(bg)), 200)
	var me AccountView
	if json.Unmarshal(onA.must("GET", "/api/account", "", 200), &me); me.Name != "Ela" {
		t.Errorf("signed in across nodes as %+v", me)
	}
}
