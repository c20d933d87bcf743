package mailer_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"stolik/mailer"
	"stolik/mailer/smtptest"
)

// A mail goes over TCP to a real SMTP server, signed in, and arrives with
// its subject and body in UTF-8 and the unsubscribe headers of RFC 8058.
func TestSendOverSMTP(t *testing.T) {
	srv := smtptest.Start(t)
	s, err := mailer.New(srv.URL, "Stolik <stolik@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), mailer.Mail{To: "ala@example.org", Subject: "Twój ruch: żółw", Lang: "pl",
		Body: "Zażółć gęślą jaźń.\nDruga linia, bardzo długa " + strings.Repeat("ą", 80), Unsubscribe: "https://stolik.example.org/u?t=x"})
	if err != nil {
		t.Fatal(err)
	}
	m := srv.Next(t)
	if m.From != "stolik@example.org" || len(m.To) != 1 || m.To[0] != "ala@example.org" {
		t.Errorf("envelope %s → %v", m.From, m.To)
	}
	if m.Subject != "Twój ruch: żółw" || !strings.HasPrefix(m.Body, "Zażółć gęślą jaźń.\nDruga linia") || !strings.Contains(m.Body, strings.Repeat("ą", 80)) {
		t.Errorf("subject %q, body %q", m.Subject, m.Body)
	}
	for k, v := range map[string]string{"List-Unsubscribe": "<https://stolik.example.org/u?t=x>",
		"List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "Content-Language": "pl", "Auto-Submitted": "auto-generated"} {
		if got := m.Header.Get(k); got != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
}

// The URL holds a password: neither a bad URL's error nor the sender's
// name for logs shows it, and a wrong password is refused by the server.
func TestSMTPURLIsASecret(t *testing.T) {
	for _, u := range []string{"http://u:hunter2@host", "smtp://u:hunter2@", "smtp://u:hunter2@host/path"} {
		_, err := mailer.New(u, "a@b.c")
		if !errors.Is(err, mailer.ErrURL) || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%s: %v", u, err)
		}
	}
	s, err := mailer.New("smtps://u:hunter2@mail.example.org", "a@b.c")
	if err != nil || s.String() != "smtps://mail.example.org:465" {
		t.Errorf("%v, %v", s, err)
	}
	srv := smtptest.Start(t)
	bad, err := mailer.New(strings.Replace(srv.URL, srv.Password, "hunter2", 1), "a@b.c")
	if err != nil {
		t.Fatal(err)
	}
	err = bad.Send(context.Background(), mailer.Mail{To: "x@y.z", Subject: "s", Body: "b"})
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("a wrong password: %v", err)
	}
	srv.None(t)
}
