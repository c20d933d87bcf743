// Package webpush sends Web Push messages on the standard library alone:
// the payload encrypted for the browser's subscription (RFC 8291, in the
// aes128gcm content coding of RFC 8188) and the server identified to the
// push service by a VAPID token (RFC 8292).
package webpush

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Subscription is one browser's subscription, as PushManager.subscribe
// gives it: where to post, and the keys to encrypt for (base64url).
type Subscription struct {
	Endpoint string `json:"endpoint"`
	P256dh   string `json:"p256dh"`
	Auth     string `json:"auth"`
}

// Keys are the server's VAPID key pair (P-256).
type Keys struct {
	priv *ecdsa.PrivateKey
}

// NewKeys makes a VAPID key pair.
func NewKeys() (*Keys, error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	return &Keys{priv: priv}, nil
}

// ParseKeys reads a key pair kept as Private gives it.
func ParseKeys(private string) (*Keys, error) {
	d, err := base64.RawURLEncoding.DecodeString(private)
	if err != nil {
		return nil, fmt.Errorf("webpush: the VAPID private key does not read: %w", err)
	}
	priv, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
	if err != nil {
		return nil, fmt.Errorf("webpush: the VAPID private key does not read: %w", err)
	}
	return &Keys{priv: priv}, nil
}

// Private is the private key, base64url (a secret: kept in the store,
// never shown).
func (k *Keys) Private() string {
	d, _ := k.priv.Bytes()
	return base64.RawURLEncoding.EncodeToString(d)
}

// Public is the public key as browsers take it (applicationServerKey):
// the uncompressed point, base64url.
func (k *Keys) Public() string {
	b, _ := k.priv.PublicKey.Bytes()
	return base64.RawURLEncoding.EncodeToString(b)
}

// maxPayload is the most plaintext one message carries: the push
// services' 4096-byte record, less the header, the delimiter and the tag.
const maxPayload = 4096 - 86 - 1 - 16

// recordSize is the record size written in the header (RFC 8188).
const recordSize = 4096

// ErrTooLarge: the payload does not fit in one message.
var ErrTooLarge = errors.New("webpush: the payload is too large")

// Encrypt encrypts plaintext for the subscription (RFC 8291), with a key
// pair and a salt of its own.
func Encrypt(plaintext []byte, sub Subscription) ([]byte, error) {
	ua, err := decode(sub.P256dh)
	if err != nil {
		return nil, fmt.Errorf("webpush: the subscription's p256dh: %w", err)
	}
	auth, err := decode(sub.Auth)
	if err != nil {
		return nil, fmt.Errorf("webpush: the subscription's auth: %w", err)
	}
	as, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	return encrypt(plaintext, ua, auth, as, salt)
}

// encrypt is Encrypt with the application server's key pair and the salt
// given: RFC 8291 section 3.4 for the key, RFC 8188 for the record.
func encrypt(plaintext, uaPublic, auth []byte, as *ecdh.PrivateKey, salt []byte) ([]byte, error) {
	if len(plaintext) > maxPayload {
		return nil, ErrTooLarge
	}
	if len(auth) != 16 || len(salt) != 16 {
		return nil, errors.New("webpush: the auth secret and the salt take 16 bytes")
	}
	ua, err := ecdh.P256().NewPublicKey(uaPublic)
	if err != nil {
		return nil, fmt.Errorf("webpush: the subscription's key: %w", err)
	}
	secret, err := as.ECDH(ua)
	if err != nil {
		return nil, err
	}
	asPublic := as.PublicKey().Bytes()
	cek, nonce, err := contentKeys(secret, auth, salt, uaPublic, asPublic)
	if err != nil {
		return nil, err
	}
	gcm, err := newGCM(cek)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Write(salt)
	binary.Write(&out, binary.BigEndian, uint32(recordSize))
	out.WriteByte(byte(len(asPublic)))
	out.Write(asPublic)
	// One record, the last: the plaintext, then its delimiter 2.
	record := append(append(make([]byte, 0, len(plaintext)+1), plaintext...), 2)
	return gcm.Seal(out.Bytes(), nonce, record, nil), nil
}

// contentKeys derives the content encryption key and the nonce from the
// ECDH secret (RFC 8291 section 3.3, RFC 8188 section 2.2): the same on
// both ends, with uaPublic and asPublic in that order.
func contentKeys(secret, auth, salt, uaPublic, asPublic []byte) (cek, nonce []byte, err error) {
	keyInfo := "WebPush: info\x00" + string(uaPublic) + string(asPublic)
	ikm, err := hkdf.Key(sha256.New, secret, auth, keyInfo, 32)
	if err != nil {
		return nil, nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, nil, err
	}
	if cek, err = hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16); err != nil {
		return nil, nil, err
	}
	nonce, err = hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	return cek, nonce, err
}

func newGCM(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// decode reads base64url with or without padding, as browsers give it.
func decode(s string) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.RawURLEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.StdEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("not base64url")
}

// Authorization is the Authorization header for a message to endpoint
// (RFC 8292): a JWT signed with ES256 for the endpoint's origin, lasting
// ttl from now (at most a day), with subject sub (mailto: or https:).
func (k *Keys) Authorization(endpoint, sub string, now time.Time, ttl time.Duration) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", fmt.Errorf("webpush: the endpoint is not a URL")
	}
	ttl = min(ttl, 24*time.Hour)
	header := base64.RawURLEncoding.EncodeToString([]byte(`{"typ":"JWT","alg":"ES256"}`))
	claims, _ := json.Marshal(struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}{u.Scheme + "://" + u.Host, now.Add(ttl).Unix(), sub})
	signing := header + "." + base64.RawURLEncoding.EncodeToString(claims)
	digest := sha256.Sum256([]byte(signing))
	r, s, err := ecdsa.Sign(rand.Reader, k.priv, digest[:])
	if err != nil {
		return "", err
	}
	// JWS wants r and s as two 32-byte big-endian numbers, not ASN.1.
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return "vapid t=" + signing + "." + base64.RawURLEncoding.EncodeToString(sig) + ", k=" + k.Public(), nil
}

// ErrGone: the push service no longer knows the subscription (404, 410):
// it is to be forgotten.
var ErrGone = errors.New("webpush: the subscription is gone")

// Message is one message to send.
type Message struct {
	Payload []byte
	// TTL is how long the push service keeps the message for a browser
	// that is offline; Urgency and Topic as RFC 8030 says ("" for none).
	TTL            time.Duration
	Urgency, Topic string
}

// Send posts m to the subscription's push service with client. ErrGone
// when the service says the subscription is gone; another error for any
// answer but 2xx.
func (k *Keys) Send(ctx context.Context, client *http.Client, sub Subscription, m Message, subject string, now time.Time) error {
	body, err := Encrypt(m.Payload, sub)
	if err != nil {
		return err
	}
	auth, err := k.Authorization(sub.Endpoint, subject, now, 12*time.Hour)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sub.Endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("Content-Encoding", "aes128gcm")
	req.Header.Set("TTL", strconv.Itoa(int(m.TTL.Seconds())))
	req.Header.Set("Authorization", auth)
	if m.Urgency != "" {
		req.Header.Set("Urgency", m.Urgency)
	}
	if m.Topic != "" {
		req.Header.Set("Topic", m.Topic)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return ErrGone
	case resp.StatusCode/100 != 2:
		return fmt.Errorf("webpush: the push service answered %s", resp.Status)
	}
	return nil
}

// EncryptWith is Encrypt with the application server's key pair and the
// salt given, for checking against published examples.
func EncryptWith(plaintext, uaPublic, auth []byte, as *ecdh.PrivateKey, salt []byte) ([]byte, error) {
	return encrypt(plaintext, uaPublic, auth, as, salt)
}
