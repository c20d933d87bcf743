// Package smtptest is an SMTP server for tests, listening on a port of
// the machine (github.com/emersion/go-smtp): it asks for a user name and
// password, and hands over every mail it receives, parsed.
package smtptest

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one mail: its envelope, headers (the subject decoded) and
// its body decoded.
type Received struct {
	From    string
	To      []string
	Header  mail.Header
	Subject string
	Body    string
}

// Server is a running SMTP server.
type Server struct {
	// URL is how a sender reaches it: smtp://USER:PASSWORD@127.0.0.1:PORT.
	URL      string
	User     string
	Password string
	got      chan Received
	errs     chan error
}

// Start starts a server on 127.0.0.1 (where net/smtp signs in without
// TLS), closed when the test ends.
func Start(t testing.TB) *Server {
	s := &Server{User: "stolik", Password: "sekret-haslo", got: make(chan Received, 64), errs: make(chan error, 64)}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.URL = "smtp://" + s.User + ":" + s.Password + "@" + ln.Addr().String()
	return s
}

// Next is the next mail received; it fails the test when none comes.
func (s *Server) Next(t testing.TB) Received {
	t.Helper()
	select {
	case r := <-s.got:
		return r
	case err := <-s.errs:
		t.Fatalf("smtp server: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("smtp server: no mail came")
	}
	return Received{}
}

// None checks that no mail came since the last Next.
func (s *Server) None(t testing.TB) {
	t.Helper()
	select {
	case r := <-s.got:
		t.Fatalf("smtp server: an unexpected mail to %v: %s", r.To, r.Subject)
	default:
	}
}

type session struct {
	s      *Server
	authed bool
	from   string
	to     []string
}

func (c *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (c *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != c.s.User || pass != c.s.Password {
			return errors.New("invalid credentials")
		}
		c.authed = true
		return nil
	}), nil
}

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	if !c.authed {
		return smtp.ErrAuthRequired
	}
	c.from = from
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	c.to = append(c.to, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		c.s.errs <- err
		return err
	}
	var body []byte
	if m.Header.Get("Content-Transfer-Encoding") == "quoted-printable" {
		body, err = io.ReadAll(quotedprintable.NewReader(m.Body))
	} else {
		body, err = io.ReadAll(m.Body)
	}
	if err != nil {
		c.s.errs <- err
		return err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		c.s.errs <- err
		return err
	}
	c.s.got <- Received{From: c.from, To: c.to, Header: m.Header, Subject: subject, Body: string(bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n")))}
	return nil
}

func (c *session) Reset()        { c.from, c.to = "", nil }
func (c *session) Logout() error { return nil }
