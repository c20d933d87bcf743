package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"stolik/engine"
	"stolik/store"
)

// Accounts: a person may have a name on the server (docs/accounts.md).
// The functions here work on a store's accounts alone, for the HTTP API
// (accountsapi.go) and the operator's commands (stolik user) alike.

// Errors of accounts.
var (
	errNameTaken      = engine.Rule{Code: "name_taken", PL: "Ta nazwa użytkownika jest już zajęta.", EN: "That user name is taken."}
	errBadLang        = engine.Rule{Code: "bad_lang", PL: "Język to pl albo en.", EN: "The language is pl or en."}
	errBadCredentials = engine.Rule{Code: "bad_credentials", PL: "Zła nazwa użytkownika albo hasło.", EN: "Wrong user name or password."}
	errBanned         = engine.Rule{Code: "banned", PL: "To konto jest zablokowane.", EN: "This account is banned."}
	errNotSignedIn    = engine.Rule{Code: "not_signed_in", PL: "Nie jesteś zalogowany.", EN: "You are not signed in."}
	errNoSession      = engine.Rule{Code: "no_session", PL: "Nie masz takiej sesji.", EN: "You have no such session."}
	errNoAccounts     = engine.Rule{Code: "no_accounts", PL: "Ten serwer nie prowadzi kont.", EN: "This server keeps no accounts."}
	errSignInLimited  = engine.Rule{Code: "sign_in_limited", PL: "Za dużo nieudanych logowań; spróbuj za chwilę.", EN: "Too many failed sign-ins; try again shortly."}
	errWrongPassword  = engine.Rule{Code: "bad_password", PL: "Obecne hasło się nie zgadza.", EN: "The current password is wrong."}
	errNoAccount      = engine.Rule{Code: "no_account", PL: "Nie ma konta %q.", EN: "There is no account %q."}
)

// accountStatus is the HTTP status of the accounts' errors.
var accountStatus = map[string]int{
	errNameLength.Code: 400, errNameChars.Code: 400, errNameMixed.Code: 400, errNameReserved.Code: 400,
	errDisplayName.Code: 400, errPasswordLength.Code: 400, errBadLang.Code: 400,
	errNameTaken.Code: 409, errBadCredentials.Code: 401, errNotSignedIn.Code: 401, errBanned.Code: 403,
	errWrongPassword.Code: 403, errNoSession.Code: 404, errNoAccount.Code: 404, errNoAccounts.Code: 501,
	errSignInLimited.Code: 429, errNoRatings.Code: 501, errPasskeyHost.Code: 400, errPasskeyFailed.Code: 401, errPasskeyName.Code: 400,
	errNoPasskey.Code: 404, errLastSignIn.Code: 409, errTooManyKeys.Code: 409, errBadOrigin.Code: 403,
}

// Hasher hashes and checks passwords with one set of parameters, at most
// a few at once: each hash takes Params.Memory, and a flood of sign-ins
// must not take all of the machine's.
type Hasher struct {
	Params PasswordParams
	slots  chan struct{}
	dummy  string
	once   sync.Once
}

// NewHasher hashes with p (DefaultPasswordParams if zero), at most
// parallel at once (1 if less).
func NewHasher(p PasswordParams, parallel int) *Hasher {
	if p == (PasswordParams{}) {
		p = DefaultPasswordParams
	}
	return &Hasher{Params: p, slots: make(chan struct{}, max(1, parallel))}
}

// Hash hashes pw (checkPasswordLength first).
func (h *Hasher) Hash(pw string) string {
	h.slots <- struct{}{}
	defer func() { <-h.slots }()
	return h.Params.Hash(pw)
}

// Verify checks pw against hash; with no hash (an unknown name, an
// account without a password) it spends the same work on a dummy hash
// and says no, so that the answer's time tells nothing.
func (h *Hasher) Verify(hash, pw string) (ok, rehash bool) {
	h.once.Do(func() { h.dummy = h.Params.Hash("stolik dummy password") })
	h.slots <- struct{}{}
	defer func() { <-h.slots }()
	if hash == "" {
		verifyPassword(h.dummy, pw, h.Params)
		return false, false
	}
	return verifyPassword(hash, pw, h.Params)
}

// NewAccount is what making an account takes.
type NewAccount struct {
	Name, Display, Lang, Password string
}

// CreateAccount checks a new account and stores it, its password hashed:
// a rule error for a name, display name, language or password refused,
// errNameTaken when the name's key is another account's.
func CreateAccount(ctx context.Context, a store.Accounts, h *Hasher, n NewAccount) (store.Account, error) {
	acc, err := checkNewAccount(ctx, a, n)
	if err != nil {
		return store.Account{}, err
	}
	if err := checkPasswordLength(n.Password); err != nil {
		return store.Account{}, err
	}
	acc.PasswordHash = h.Hash(n.Password)
	if err := insertAccount(ctx, a, acc); err != nil {
		return store.Account{}, err
	}
	return acc, nil
}

// checkNewAccount checks what a new account takes but a password and
// makes it, not stored yet, with a new id: a rule error for a name,
// display name or language refused, errNameTaken when the name's key is
// another account's already.
func checkNewAccount(ctx context.Context, a store.Accounts, n NewAccount) (store.Account, error) {
	shown, key, err := CheckName(n.Name)
	if err != nil {
		return store.Account{}, err
	}
	if n.Display == "" {
		n.Display = shown
	}
	display, err := CheckDisplay(n.Display)
	if err != nil {
		return store.Account{}, err
	}
	if n.Lang == "" {
		n.Lang = string(engine.PL)
	}
	if _, err := engine.ParseLang(n.Lang); err != nil {
		return store.Account{}, errBadLang.Err()
	}
	if _, err := a.AccountByKey(ctx, key); err == nil {
		return store.Account{}, errNameTaken.Err()
	} else if !errors.Is(err, store.ErrNoAccount) {
		return store.Account{}, err
	}
	return store.Account{ID: NewToken(), Name: shown, Key: key, Display: display, Lang: n.Lang, Created: time.Now()}, nil
}

// insertAccount stores a new account: errNameTaken when its name's key
// was taken since it was checked.
func insertAccount(ctx context.Context, a store.Accounts, acc store.Account) error {
	if err := a.CreateAccount(ctx, acc); errors.Is(err, store.ErrNameTaken) {
		return errNameTaken.Err()
	} else if err != nil {
		return err
	}
	return nil
}

// FindAccount is the account of a user name as people write it (any
// case, any Unicode form); a rule error no_account if there is none.
func FindAccount(ctx context.Context, a store.Accounts, name string) (store.Account, error) {
	_, key, err := CheckName(name)
	if err != nil {
		// Reserved or malformed names have no account; look the key up
		// all the same, for accounts made under older rules.
		key = strings.ToLower(name)
	}
	acc, err := a.AccountByKey(ctx, key)
	if errors.Is(err, store.ErrNoAccount) {
		return store.Account{}, errNoAccount.Err(name)
	}
	return acc, err
}

// ResetPassword gives an account a new password and ends its sessions.
func ResetPassword(ctx context.Context, a store.Accounts, h *Hasher, acc store.Account, pw string) error {
	if err := checkPasswordLength(pw); err != nil {
		return err
	}
	if err := a.SetPassword(ctx, acc.ID, h.Hash(pw)); err != nil {
		return err
	}
	_, err := a.DeleteSessions(ctx, acc.ID)
	return err
}

// Ban bans an account, or lifts its ban; a ban ends its sessions.
func Ban(ctx context.Context, a store.Accounts, acc store.Account, banned bool, reason string) error {
	if err := a.SetBanned(ctx, acc.ID, banned, reason); err != nil {
		return err
	}
	if !banned {
		return nil
	}
	_, err := a.DeleteSessions(ctx, acc.ID)
	return err
}

// NewPassword is a password made for someone: 20 characters of base64url,
// 120 random bits.
func NewPassword() string {
	var b [15]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// SignInLimits bound the failed sign-ins: so many per account name and
// per address within Window, after which sign-ins are refused (429)
// until the oldest failure leaves the window.
type SignInLimits struct {
	PerName, PerAddress int
	Window              time.Duration
}

// DefaultSignInLimits: 5 failures per name and 20 per address in 15
// minutes.
var DefaultSignInLimits = SignInLimits{PerName: 5, PerAddress: 20, Window: 15 * time.Minute}

// sessionIdle is how long a session lives unused: each use moves its end
// (a sliding expiry); sessionTouch is how stale its last use may be
// before a request records a new one.
const (
	sessionIdle  = 30 * 24 * time.Hour
	sessionTouch = time.Minute
)

// device is a short description of a User-Agent: the browser's family
// and the system's ("Firefox on Linux"), never the header itself.
func device(ua string) string {
	browser := "?"
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"Firefox/", "Firefox"}, {"Chrome/", "Chrome"}, {"Chromium/", "Chromium"},
		{"Safari/", "Safari"}, {"curl/", "curl"}, {"Go-http-client", "Go"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, s := range []struct{ token, name string }{
		{"Android", "Android"}, {"iPhone", "iOS"}, {"iPad", "iPadOS"}, {"Windows", "Windows"},
		{"Mac OS X", "macOS"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, s.token) {
			system = s.name
			break
		}
	}
	if system == "" {
		return browser
	}
	return fmt.Sprintf("%s on %s", browser, system)
}

// holder is the account that takes a seat: its id, kept on the seat, and
// its user name, the only part of it shown. The zero holder is a guest.
type holder struct{ id, name string }

// hold records h on seat s, unless h is a guest.
func (h holder) hold(s *store.Seat) {
	if h.id != "" {
		s.Account, s.AccountName = h.id, h.name
	}
}

// link records the account h on the seat that token holds. The token
// still acts for the seat; the account alone never does.
func (t *Table) link(ctx context.Context, token string, h holder) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, err := t.seatOf(token)
	if err != nil {
		return err
	}
	if st := t.rec.Seats[seat]; st.Account == h.id && st.AccountName == h.name {
		return nil
	}
	return t.setSeat(ctx, seat, func(s *store.Seat) { h.hold(s) })
}
