// Package pushtest is a push service for tests: it hands out
// subscriptions as a browser would (a P-256 key pair and an auth secret
// of its own), receives the messages posted to them, checks their VAPID
// header (RFC 8292) and decrypts them (RFC 8291) with code of its own,
// not the sender's, so that a mistake on one side is not repeated on the
// other.
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"stolik/webpush"
)

// Received is one message the service took: its plaintext, the claims
// of its VAPID token, the public key the token named and its headers.
type Received struct {
	Device  string
	Payload []byte
	Claims  map[string]any
	Key     string
	Header  http.Header
}

// Service is a push service on an httptest server, over TLS as every
// push service is: Client posts to it.
type Service struct {
	srv     *httptest.Server
	mu      sync.Mutex
	devices map[string]*device
	// Gone lists the devices whose endpoint answers 410 Gone.
	gone map[string]bool
	got  chan Received
	errs chan error
}

type device struct {
	key  *ecdh.PrivateKey
	auth []byte
}

// Start starts a service, closed when the test ends.
func Start(t testing.TB) *Service {
	s := &Service{devices: map[string]*device{}, gone: map[string]bool{}, got: make(chan Received, 64), errs: make(chan error, 64)}
	s.srv = httptest.NewTLSServer(http.HandlerFunc(s.receive))
	t.Cleanup(s.srv.Close)
	return s
}

// Client is an HTTP client that trusts the service's certificate.
func (s *Service) Client() *http.Client { return s.srv.Client() }

// Subscribe makes a device's subscription, as PushManager.subscribe does.
func (s *Service) Subscribe(name string) webpush.Subscription {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	s.mu.Lock()
	s.devices[name] = &device{key: key, auth: auth}
	s.mu.Unlock()
	enc := base64.RawURLEncoding.EncodeToString
	return webpush.Subscription{Endpoint: s.srv.URL + "/push/" + name, P256dh: enc(key.PublicKey().Bytes()), Auth: enc(auth)}
}

// Forget makes the device's endpoint answer 410 Gone from now on.
func (s *Service) Forget(name string) {
	s.mu.Lock()
	s.gone[name] = true
	s.mu.Unlock()
}

// Next is the next message received, or an error if one was refused;
// it fails the test after a while with neither.
func (s *Service) Next(t testing.TB) Received {
	t.Helper()
	select {
	case r := <-s.got:
		return r
	case err := <-s.errs:
		t.Fatalf("push service: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("push service: no message came")
	}
	return Received{}
}

// None checks that nothing was received since the last Next.
func (s *Service) None(t testing.TB) {
	t.Helper()
	select {
	case r := <-s.got:
		t.Fatalf("push service: an unexpected message to %s: %s", r.Device, r.Payload)
	case err := <-s.errs:
		t.Fatalf("push service: %v", err)
	default:
	}
}

func (s *Service) receive(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(r.URL.Path, "/push/")
	s.mu.Lock()
	d, gone := s.devices[name], s.gone[name]
	s.mu.Unlock()
	if !ok || d == nil || gone {
		http.Error(w, "gone", http.StatusGone)
		return
	}
	rec, err := s.read(r, d)
	if err != nil {
		s.errs <- err
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rec.Device = name
	s.got <- rec
	w.WriteHeader(http.StatusCreated)
}

func (s *Service) read(r *http.Request, d *device) (Received, error) {
	if r.Method != http.MethodPost || r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "" {
		return Received{}, fmt.Errorf("method %s, Content-Encoding %q, TTL %q", r.Method, r.Header.Get("Content-Encoding"), r.Header.Get("TTL"))
	}
	claims, key, err := VerifyVAPID(r.Header.Get("Authorization"), s.srv.URL, time.Now())
	if err != nil {
		return Received{}, err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return Received{}, err
	}
	plain, err := Decrypt(body, d.key, d.auth)
	if err != nil {
		return Received{}, err
	}
	return Received{Payload: plain, Claims: claims, Key: key, Header: r.Header.Clone()}, nil
}

// hmacSHA256 is HMAC-SHA-256(key, parts...).
func hmacSHA256(key []byte, parts ...[]byte) []byte {
	m := hmac.New(sha256.New, key)
	for _, p := range parts {
		m.Write(p)
	}
	return m.Sum(nil)
}

// Decrypt is the user agent's side of RFC 8291 (section 3.4 and the
// aes128gcm coding of RFC 8188), written out with HMAC as the RFC writes
// it: every HKDF output needed here is one block of Expand.
func Decrypt(body []byte, ua *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("the body is shorter than its header")
	}
	salt, idlen := body[:16], int(body[20])
	if len(body) < 21+idlen {
		return nil, errors.New("the body is shorter than its key id")
	}
	asPublic := body[21 : 21+idlen]
	as, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, fmt.Errorf("the key id is not a P-256 point: %w", err)
	}
	secret, err := ua.ECDH(as)
	if err != nil {
		return nil, err
	}
	prkKey := hmacSHA256(auth, secret)
	keyInfo := append(append([]byte("WebPush: info\x00"), ua.PublicKey().Bytes()...), asPublic...)
	ikm := hmacSHA256(prkKey, keyInfo, []byte{1})
	prk := hmacSHA256(salt, ikm)
	cek := hmacSHA256(prk, []byte("Content-Encoding: aes128gcm\x00"), []byte{1})[:16]
	nonce := hmacSHA256(prk, []byte("Content-Encoding: nonce\x00"), []byte{1})[:12]
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, body[21+idlen:], nil)
	if err != nil {
		return nil, fmt.Errorf("the record does not decrypt: %w", err)
	}
	plain = bytes.TrimRight(plain, "\x00") // padding
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("the record has no last-record delimiter")
	}
	return plain[:len(plain)-1], nil
}

// VerifyVAPID checks an Authorization header as a push service does (RFC
// 8292): "vapid t=JWT, k=KEY", the JWT signed with ES256 by KEY, for
// audience, not expired and expiring within a day. It gives the claims
// and KEY.
func VerifyVAPID(header, audience string, now time.Time) (map[string]any, string, error) {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return nil, "", fmt.Errorf("the Authorization header is not vapid: %q", header)
	}
	var token, key string
	for _, p := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		switch k {
		case "t":
			token = v
		case "k":
			key = v
		}
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return nil, "", errors.New("the token is not a JWT")
	}
	dec := base64.RawURLEncoding.DecodeString
	head, err1 := dec(parts[0])
	body, err2 := dec(parts[1])
	sig, err3 := dec(parts[2])
	pub, err4 := dec(key)
	if err := errors.Join(err1, err2, err3, err4); err != nil || len(sig) != 64 {
		return nil, "", fmt.Errorf("the token does not read: %v", err)
	}
	var h map[string]any
	if err := json.Unmarshal(head, &h); err != nil || h["alg"] != "ES256" {
		return nil, "", fmt.Errorf("the token's header is %s", head)
	}
	pk, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), pub)
	if err != nil {
		return nil, "", err
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pk, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return nil, "", errors.New("the token's signature is wrong")
	}
	var claims map[string]any
	if err := json.Unmarshal(body, &claims); err != nil {
		return nil, "", err
	}
	if claims["aud"] != audience {
		return nil, "", fmt.Errorf("the token's audience is %v, not %s", claims["aud"], audience)
	}
	exp, _ := claims["exp"].(float64)
	if int64(exp) <= now.Unix() || int64(exp) > now.Add(24*time.Hour).Unix() {
		return nil, "", fmt.Errorf("the token expires at %v", exp)
	}
	if sub, _ := claims["sub"].(string); !strings.HasPrefix(sub, "mailto:") && !strings.HasPrefix(sub, "https:") && !strings.HasPrefix(sub, "http:") {
		return nil, "", fmt.Errorf("the token's subject %q is neither mailto: nor a URL", sub)
	}
	return claims, key, nil
}
