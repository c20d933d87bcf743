package main

import (
	"flag"
	"net/url"
	"os"
	"strings"

	"stolik/engine"
	"stolik/mailer"
	"stolik/server"
)

// smtpEnv holds the SMTP URL when --smtp is not given: it holds a
// password, which the environment keeps off the command line.
const smtpEnv = "STOLIK_SMTP"

// noticeFlags are serve's flags for the notices (docs/notifications.md).
type noticeFlags struct {
	smtp, from, public string
}

func (n *noticeFlags) register(fs *flag.FlagSet, u usage) {
	fs.StringVar(&n.smtp, "smtp", "", u.say(
		"smtp://USER:HASŁO@HOST:587 (STARTTLS) albo smtps://…:465: wysyłaj powiadomienia e-mailem przez ten serwer; bez flagi "+smtpEnv+"; puste: bez e-maili",
		"smtp://USER:PASSWORD@HOST:587 (STARTTLS) or smtps://…:465: send notices by mail through this server; "+smtpEnv+" when not given; empty: no mails"))
	fs.StringVar(&n.from, "mail-from", "", u.say("z --smtp: adres nadawcy wiadomości, np. \"Stolik <stolik@example.org>\"",
		"with --smtp: the address mails come from, such as \"Stolik <stolik@example.org>\""))
	fs.StringVar(&n.public, "public-url", "", u.say(
		"adres serwera, pod którym gracze go otwierają, dla odnośników w wiadomościach; puste: https://pierwszy --origin albo http://--addr",
		"the server's address as players open it, for the links in mails; empty: https://the first --origin, or http://--addr"))
}

// notice flags' errors; none shows the SMTP URL, which holds a password.
var (
	errSMTP      = engine.Rule{Code: "usage", PL: "serve: --smtp: podaj smtp://USER:HASŁO@HOST[:PORT] albo smtps://… (znaki specjalne hasła zakoduj %XX)", EN: "serve: --smtp: want smtp://USER:PASSWORD@HOST[:PORT] or smtps://… (percent-encode special characters of the password)"}
	errMailFrom  = engine.Rule{Code: "usage", PL: "serve: --smtp wymaga --mail-from z poprawnym adresem", EN: "serve: --smtp needs --mail-from with a valid address"}
	errPublicURL = engine.Rule{Code: "usage", PL: "serve: --public-url: podaj http(s)://HOST[:PORT]", EN: "serve: --public-url: want http(s)://HOST[:PORT]"}
)

// config is the server's NotifyConfig for the flags: the SMTP URL from
// --smtp or the environment, the public address from --public-url, else
// the first --origin that names one host, else addr.
func (n noticeFlags) config(addr string, origins []string) (server.NotifyConfig, error) {
	var c server.NotifyConfig
	c.PublicURL = n.public
	if c.PublicURL == "" {
		c.PublicURL = "http://" + addr
		for _, o := range origins {
			if !strings.ContainsAny(o, "*?[") {
				c.PublicURL = "https://" + o
				break
			}
		}
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return c, usageRule(errPublicURL.Err())
	}
	raw := n.smtp
	if raw == "" {
		raw = os.Getenv(smtpEnv)
	}
	if raw == "" {
		return c, nil
	}
	if n.from == "" {
		return c, usageRule(errMailFrom.Err())
	}
	m, err := mailer.New(raw, n.from)
	switch {
	case err == mailer.ErrURL:
		return c, usageRule(errSMTP.Err())
	case err != nil:
		return c, usageRule(errMailFrom.Err())
	}
	c.Mail = m
	return c, nil
}
