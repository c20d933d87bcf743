package e2e_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"

	"stolik/server"
)

// cheapPasswords hash passwords cheaply: the browser tests time pages,
// not argon2id.
func cheapPasswords(c *server.Config) {
	c.Password = server.PasswordParams{Time: 1, Memory: 64, Threads: 1, SaltLen: 16, KeyLen: 32}
}

// accountPage is the account's page state the test waits on: who the
// header names, and which page /account shows.
const accountPage = `() => ({
  link: (document.getElementById("account-link") || {}).textContent || "",
  signedIn: !!document.getElementById("account-signed"),
  signedOut: !!document.getElementById("signin-form"),
  sessions: document.querySelectorAll("#session-list li").length,
  passkeys: document.querySelectorAll("#passkey-list li button").length,
  error: Array.from(document.querySelectorAll(".error")).map((e) => e.textContent.trim()).filter(Boolean).join(" "),
})`

type accountState struct {
	Link      string `json:"link"`
	SignedIn  bool   `json:"signedIn"`
	SignedOut bool   `json:"signedOut"`
	Sessions  int    `json:"sessions"`
	Passkeys  int    `json:"passkeys"`
	Error     string `json:"error"`
}

// waitAccount waits until pred (JavaScript, of accountPage's value) holds.
func (tb *tab) waitAccount(pred, what string) accountState {
	tb.t.Helper()
	var st accountState
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	if timedOut, err := tb.waitJS(ctx, accountPage, pred, stepTimeout, &st); err != nil || timedOut {
		tb.t.Fatalf("%s: %v (timed out %v); the page: %+v", what, err, timedOut, st)
	}
	return st
}

// withAuthenticator gives the tab a platform authenticator that keeps
// discoverable credentials and verifies its user at once (the DevTools
// virtual authenticator).
func (tb *tab) withAuthenticator() {
	tb.t.Helper()
	tb.do(stepTimeout, "a virtual authenticator", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, webauthn.Enable, webauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{Options: &webauthn.VirtualAuthenticatorOptions{
			Protocol: webauthn.AuthenticatorProtocolCtap2, Transport: webauthn.AuthenticatorTransportInternal,
			HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true,
		}})
		return err
	}))
}

// Signing up with a passkey, out and in again with it; signing up with a
// password as a guest who holds a seat (the seat then shows the account),
// in on a third browser with the password; the header names each; the
// sessions listed, and one ended from the other device.
func TestBrowserAccount(t *testing.T) {
	browser(t)
	t.Parallel()
	s := startServer(t, cheapPasswords, allowSeeds)
	// A passkey belongs to a host name: the pages are opened by localhost.
	base := strings.Replace(s.URL, "127.0.0.1", "localhost", 1)
	account := base + "/account?lang=en"

	ola := newTab(t)
	ola.withAuthenticator()
	ola.do(stepTimeout, "open /account", chromedp.Navigate(account))
	ola.waitAccount(`(s) => s.signedOut`, "the sign-in page")
	ola.do(stepTimeout, "sign up with a passkey",
		chromedp.SendKeys(chromedp.CSS("#signup-name"), "Ola"), chromedp.SendKeys(chromedp.CSS("#signup-display"), "Ola K."),
		chromedp.Click(chromedp.CSS("#signup-passkey")))
	st := ola.waitAccount(`(s) => s.signedIn && s.passkeys === 1 || s.error`, "signed up with a passkey")
	if st.Link != "Ola K." || st.Error != "" {
		t.Fatalf("after signing up with a passkey: %+v", st)
	}
	ola.do(stepTimeout, "sign out", chromedp.Click(chromedp.CSS("#signout")))
	if st := ola.waitAccount(`(s) => s.signedOut`, "signed out"); st.Link != "Sign in" {
		t.Errorf("the header once signed out: %q, want Sign in", st.Link)
	}
	ola.do(stepTimeout, "sign in with the passkey", chromedp.Click(chromedp.CSS("#signin-passkey")))
	if st := ola.waitAccount(`(s) => s.signedIn || s.error`, "signed in with the passkey"); st.Link != "Ola K." || st.Error != "" {
		t.Fatalf("after signing in with the passkey: %+v", st)
	}

	// Bob holds a seat as a guest, then signs up with a password.
	table := s.create(t, "cardline", map[string]any{"players": 2}, []string{"human", "human"}, 5)
	bob := newTab(t)
	seats, _ := json.Marshal(map[string]string{table.ID: table.Token})
	bob.do(stepTimeout, "open /account with a seat held",
		chromedp.Navigate(account),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[any](`localStorage.setItem("stolik.seats", `+jsString(string(seats))+`)`)(ctx, t)
			return err
		}))
	bob.waitAccount(`(s) => s.signedOut`, "the sign-in page")
	bob.do(stepTimeout, "sign up with a password",
		chromedp.SendKeys(chromedp.CSS("#signup-name"), "Bob"), chromedp.SendKeys(chromedp.CSS("#signup-password"), "tajne-hasło-1"),
		chromedp.Click(chromedp.CSS("#signup-submit")))
	if st := bob.waitAccount(`(s) => s.signedIn || s.error`, "signed up with a password"); st.Link != "Bob" || st.Error != "" {
		t.Fatalf("after signing up with a password: %+v", st)
	}
	var pub struct {
		Players []struct {
			Account string `json:"account"`
		} `json:"players"`
	}
	if code := s.call(t, "GET", "/api/tables/"+table.ID+"?token="+table.Token, nil, &pub); code != 200 || len(pub.Players) == 0 || pub.Players[0].Account != "Bob" {
		t.Errorf("the seat Bob held as a guest: %d %+v, want his account", code, pub)
	}

	// Bob on another device, by password; he ends the first device's session.
	other := newTab(t)
	other.do(stepTimeout, "open /account", chromedp.Navigate(account))
	other.waitAccount(`(s) => s.signedOut`, "the sign-in page")
	other.do(stepTimeout, "sign in with the password",
		chromedp.SendKeys(chromedp.CSS("#signin-name"), "bob"), chromedp.SendKeys(chromedp.CSS("#signin-password"), "tajne-hasło-1"),
		chromedp.Click(chromedp.CSS(`#signin-form button[type="submit"]`)))
	if st := other.waitAccount(`(s) => s.signedIn && s.sessions === 2 || s.error`, "signed in on a second device"); st.Link != "Bob" || st.Error != "" {
		t.Fatalf("the second device: %+v", st)
	}
	other.do(stepTimeout, "end the other session", chromedp.Click(chromedp.CSS(`#session-list li:not([data-current]) button`)))
	other.waitAccount(`(s) => s.sessions === 1`, "the other session ended")
	bob.do(stepTimeout, "reload", chromedp.Reload())
	if st := bob.waitAccount(`(s) => s.signedOut || s.signedIn`, "the ended session's page"); !st.SignedOut || st.Link != "Sign in" {
		t.Errorf("the device whose session was ended: %+v, want signed out", st)
	}
}
