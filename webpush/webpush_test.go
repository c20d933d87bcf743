package webpush_test

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"testing"
	"time"

	"stolik/webpush"
	"stolik/webpush/pushtest"
)

func b64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// RFC 8291 Appendix A: the same keys and salt give the published message,
// byte for byte, and the receiver reads it back.
func TestEncryptMatchesRFC8291Example(t *testing.T) {
	as, err := ecdh.P256().NewPrivateKey(b64(t, "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
	if err != nil {
		t.Fatal(err)
	}
	uaPublic := b64(t, "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
	auth := b64(t, "BTBZMqHH6r4Tts7J_aSIgg")
	plain := b64(t, "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24")
	got, err := webpush.EncryptWith(plain, uaPublic, auth, as, b64(t, "DGv6ra1nlYgDCS1FRnbzlw"))
	if err != nil {
		t.Fatal(err)
	}
	want := b64(t, "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
	if !bytes.Equal(got, want) {
		t.Fatalf("encrypted:\n got %x\nwant %x", got, want)
	}
	ua, err := ecdh.P256().NewPrivateKey(b64(t, "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"))
	if err != nil {
		t.Fatal(err)
	}
	back, err := pushtest.Decrypt(want, ua, auth)
	if err != nil || string(back) != "When I grow up, I want to be a watermelon" {
		t.Fatalf("decrypted %q, %v", back, err)
	}
}

func TestKeysRoundTrip(t *testing.T) {
	k, err := webpush.NewKeys()
	if err != nil {
		t.Fatal(err)
	}
	again, err := webpush.ParseKeys(k.Private())
	if err != nil || again.Public() != k.Public() {
		t.Fatalf("parsed keys %v, %v", again, err)
	}
	if len(b64(t, k.Public())) != 65 {
		t.Errorf("the public key is not an uncompressed P-256 point: %s", k.Public())
	}
	if _, err := webpush.ParseKeys("not a key"); err == nil {
		t.Error("a bad key parsed")
	}
}

// A message sent to a push service arrives with a VAPID token the
// service verifies, and decrypts with the device's key to what was sent;
// an endpoint that answers 410 is ErrGone.
func TestSendDecryptsAtThePushService(t *testing.T) {
	svc := pushtest.Start(t)
	sub := svc.Subscribe("phone")
	k, err := webpush.NewKeys()
	if err != nil {
		t.Fatal(err)
	}
	msg := webpush.Message{Payload: []byte(`{"title":"Twój ruch"}`), TTL: time.Hour, Urgency: "high", Topic: "t1"}
	if err := k.Send(context.Background(), svc.Client(), sub, msg, "mailto:ops@example.org", time.Now()); err != nil {
		t.Fatal(err)
	}
	got := svc.Next(t)
	if string(got.Payload) != `{"title":"Twój ruch"}` || got.Key != k.Public() || got.Claims["sub"] != "mailto:ops@example.org" {
		t.Errorf("received %q, key %s, claims %v", got.Payload, got.Key, got.Claims)
	}
	if got.Header.Get("Urgency") != "high" || got.Header.Get("Topic") != "t1" || got.Header.Get("TTL") != "3600" {
		t.Errorf("headers %v", got.Header)
	}
	svc.Forget("phone")
	if err := k.Send(context.Background(), svc.Client(), sub, msg, "mailto:ops@example.org", time.Now()); !errors.Is(err, webpush.ErrGone) {
		t.Errorf("a gone endpoint: %v, want ErrGone", err)
	}
	if _, err := webpush.Encrypt(make([]byte, 5000), sub); !errors.Is(err, webpush.ErrTooLarge) {
		t.Errorf("a payload too large: %v", err)
	}
}
