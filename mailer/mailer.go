// Package mailer sends the server's mails over SMTP: plain text in
// UTF-8, with the headers a bulk sender owes its readers (RFC 2369's
// List-Unsubscribe with RFC 8058's one-click unsubscribe, RFC 3834's
// Auto-Submitted).
package mailer

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Sender sends mails through one SMTP server.
type Sender struct {
	host, port string
	implicit   bool // smtps: TLS from the first byte; smtp: STARTTLS when offered
	user, pass string
	from       *mail.Address
	// TLS configures the TLS to the server (its ServerName is set); nil
	// for the system's roots.
	TLS *tls.Config
	// Timeout bounds one mail's whole conversation (30 s if zero).
	Timeout time.Duration
}

// ErrURL: the SMTP URL does not read; it says nothing of the URL itself,
// which holds a password.
var ErrURL = errors.New("mailer: want smtp://[USER:PASSWORD@]HOST[:PORT] or smtps://…")

// New is a sender through the server of rawURL, smtp://user:pass@host:587
// (STARTTLS when the server offers it; port 587 if none given) or
// smtps://user:pass@host:465 (TLS at once; port 465), sending as from.
func New(rawURL, from string) (*Sender, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" || u.Path != "" && u.Path != "/" {
		return nil, ErrURL
	}
	s := &Sender{host: u.Hostname(), port: u.Port()}
	switch u.Scheme {
	case "smtp":
		if s.port == "" {
			s.port = "587"
		}
	case "smtps":
		s.implicit = true
		if s.port == "" {
			s.port = "465"
		}
	default:
		return nil, ErrURL
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	if s.from, err = mail.ParseAddress(from); err != nil {
		return nil, fmt.Errorf("mailer: the sender's address %q does not read: %w", from, err)
	}
	return s, nil
}

// From is the sender's address.
func (s *Sender) From() string { return s.from.Address }

// String names the server without its user or password, for logs.
func (s *Sender) String() string {
	scheme := "smtp"
	if s.implicit {
		scheme = "smtps"
	}
	return scheme + "://" + net.JoinHostPort(s.host, s.port)
}

// Mail is one mail to send.
type Mail struct {
	To      string
	Subject string
	Body    string // plain text
	Lang    string // its language (Content-Language)
	// Unsubscribe, when set, is the address that turns this kind of mail
	// off: a GET shows a page that asks, a POST (one click, RFC 8058)
	// turns it off.
	Unsubscribe string
}

// Send sends m.
func (s *Sender) Send(ctx context.Context, m Mail) error {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("mailer: the address does not read: %w", err)
	}
	msg, err := s.compose(m, to, time.Now())
	if err != nil {
		return err
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c, err := s.dial(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := s.converse(c, to.Address, msg); err != nil {
		return fmt.Errorf("mailer: %s: %w", s, err)
	}
	return nil
}

// dial connects and greets the server, with TLS as the URL asks.
func (s *Sender) dial(ctx context.Context) (*smtp.Client, error) {
	addr := net.JoinHostPort(s.host, s.port)
	var conn net.Conn
	var err error
	if s.implicit {
		d := tls.Dialer{Config: s.tlsConfig()}
		conn, err = d.DialContext(ctx, "tcp", addr)
	} else {
		var d net.Dialer
		conn, err = d.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return nil, fmt.Errorf("mailer: %s: %w", s, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("mailer: %s: %w", s, err)
	}
	return c, nil
}

func (s *Sender) tlsConfig() *tls.Config {
	c := &tls.Config{}
	if s.TLS != nil {
		c = s.TLS.Clone()
	}
	c.ServerName = s.host
	return c
}

// converse sends one mail on c: STARTTLS when offered (smtp://), the
// sign-in (which net/smtp sends only over TLS or to the machine itself),
// the envelope and the message.
func (s *Sender) converse(c *smtp.Client, to string, msg []byte) error {
	if !s.implicit {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(s.tlsConfig()); err != nil {
				return err
			}
		}
	}
	if s.user != "" {
		if err := c.Auth(smtp.PlainAuth("", s.user, s.pass, s.host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// compose writes the message: headers, then the body in quoted-printable
// UTF-8.
func (s *Sender) compose(m Mail, to *mail.Address, now time.Time) ([]byte, error) {
	for _, v := range []string{m.Subject, m.Unsubscribe, m.Lang} {
		if strings.ContainsAny(v, "\r\n") {
			return nil, errors.New("mailer: a header holds a line break")
		}
	}
	var id [12]byte
	rand.Read(id[:])
	domain := s.from.Address[strings.LastIndexByte(s.from.Address, '@')+1:]
	var b bytes.Buffer
	h := func(k, v string) { b.WriteString(k + ": " + v + "\r\n") }
	h("From", s.from.String())
	h("To", to.String())
	h("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	h("Date", now.Format(time.RFC1123Z))
	h("Message-ID", "<"+hex.EncodeToString(id[:])+"@"+domain+">")
	h("MIME-Version", "1.0")
	h("Content-Type", `text/plain; charset="utf-8"`)
	h("Content-Transfer-Encoding", "quoted-printable")
	if m.Lang != "" {
		h("Content-Language", m.Lang)
	}
	h("Auto-Submitted", "auto-generated")
	if m.Unsubscribe != "" {
		h("List-Unsubscribe", "<"+m.Unsubscribe+">")
		h("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	qp.Write([]byte(strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n")))
	qp.Close()
	return b.Bytes(), nil
}
