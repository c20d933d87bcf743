package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"stolik/engine"
	"stolik/store"
)

// SessionCookie is the name of the cookie that carries a session's
// secret.
const SessionCookie = "stolik_session"

// SignedInCookie tells the page, which cannot read the session cookie,
// that a session may be there ("1"; no secret): a guest's page does not
// ask who is signed in, and logs no refused request.
const SignedInCookie = "stolik_signed_in"

// registerAccounts adds the account API to mux (docs/protocol.md).
func (s *Server) registerAccounts(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/account/signup", s.handleSignUp)
	mux.HandleFunc("POST /api/account/signin", s.handleSignIn)
	mux.HandleFunc("POST /api/account/signout", s.signedIn(s.handleSignOut))
	mux.HandleFunc("POST /api/account/signout-everywhere", s.signedIn(s.handleSignOutEverywhere))
	mux.HandleFunc("GET /api/account", s.signedIn(s.handleAccount))
	mux.HandleFunc("PATCH /api/account", s.signedIn(s.handleUpdateAccount))
	mux.HandleFunc("GET /api/account/sessions", s.signedIn(s.handleSessions))
	mux.HandleFunc("DELETE /api/account/sessions/{id}", s.signedIn(s.handleEndSession))
	mux.HandleFunc("POST /api/account/password", s.signedIn(s.handlePassword))
	mux.HandleFunc("POST /api/account/seats", s.signedIn(s.handleLinkSeats))
	mux.HandleFunc("GET /api/account/tables", s.signedIn(s.handleMyGames))
	s.registerPasskeys(mux)
	s.registerNotices(mux)
}

// accounts is the store's accounts; nil if it keeps none.
func (s *Server) accounts() store.Accounts {
	a, _ := s.cfg.Store.(store.Accounts)
	return a
}

// Signed is who a request comes from: the account signed in and the
// session it is signed in by.
type Signed struct {
	Account store.Account
	Session store.Session
}

// AccountOf is the account signed in on r: the session its cookie names,
// unless that session has been idle too long (it is ended then) or its
// account is banned (its sessions are ended). errNotSignedIn when there
// is none. A use of a session moves its expiry (at most once a minute).
// The session gives the request an account only: never a seat, which
// still takes its token.
func (s *Server) AccountOf(r *http.Request) (Signed, error) {
	a := s.accounts()
	c, err := r.Cookie(SessionCookie)
	if a == nil || err != nil || c.Value == "" || len(c.Value) > 100 {
		return Signed{}, errNotSignedIn.Err()
	}
	ctx := r.Context()
	ses, err := a.SessionByHash(ctx, store.HashSecret(c.Value))
	if errors.Is(err, store.ErrNoSession) {
		return Signed{}, errNotSignedIn.Err()
	}
	if err != nil {
		return Signed{}, err
	}
	now := s.now()
	if now.Sub(ses.Used) > sessionIdle {
		a.DeleteSession(ctx, ses.Account, ses.ID)
		return Signed{}, errNotSignedIn.Err()
	}
	acc, err := a.Account(ctx, ses.Account)
	if err != nil {
		return Signed{}, err
	}
	if acc.Banned {
		a.DeleteSessions(ctx, acc.ID)
		return Signed{}, errNotSignedIn.Err()
	}
	if now.Sub(ses.Used) > sessionTouch {
		if err := a.TouchSession(ctx, ses.ID, now); err != nil {
			s.log.Warn("a session's use could not be recorded", "err", err)
		}
		ses.Used = now
	}
	return Signed{Account: acc, Session: ses}, nil
}

// holderOf is the account signed in on a request that changes a table
// (a create, a join), to be recorded on the seat it takes: only from a
// page of this server (sameOrigin), so that no other site's page takes
// a seat in a signed-in person's name. None for a guest.
func (s *Server) holderOf(r *http.Request) holder {
	if h, ok := r.Context().Value(relayedHolderKey{}).(holder); ok {
		return h // found by the node the request came to
	}
	if !s.sameOrigin(r) {
		return holder{}
	}
	signed, err := s.AccountOf(r)
	if err != nil {
		return holder{}
	}
	return holder{id: signed.Account.ID, name: signed.Account.Name}
}

// relayedHolderKey keys the account of a request relayed from another
// node in its context.
type relayedHolderKey struct{}

// sameOrigin says whether a request that changes something comes from a
// page of this server or of an --origin host: its Origin says so (or, a
// browser that sends none, Sec-Fetch-Site). A request with a session
// cookie and neither is refused: a cookie goes with requests a person
// never meant.
func (s *Server) sameOrigin(r *http.Request) bool {
	if o := r.Header.Get("Origin"); o != "" {
		return s.originAllowed(o, r.Host)
	}
	return r.Header.Get("Sec-Fetch-Site") == "same-origin"
}

// signedIn runs next for a signed-in request: 401 without a session; a
// request that changes something must come from a page of the server.
func (s *Server) signedIn(next func(http.ResponseWriter, *http.Request, Signed)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.accounts() == nil {
			s.fail(w, r, errNoAccounts.Err())
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !s.sameOrigin(r) {
			reject(w, http.StatusForbidden, errBadOrigin.Err(r.Header.Get("Origin")))
			return
		}
		signed, err := s.AccountOf(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		next(w, r, signed)
	}
}

// AccountView is an account as its owner is shown it.
type AccountView struct {
	Name        string    `json:"name"`
	Display     string    `json:"display"`
	Lang        string    `json:"lang"`
	Created     time.Time `json:"created"`
	HasPassword bool      `json:"has_password"`
}

func viewOf(a store.Account) AccountView {
	return AccountView{Name: a.Name, Display: a.Display, Lang: a.Lang, Created: a.Created, HasPassword: a.PasswordHash != ""}
}

// SessionView is a session as its owner is shown it.
type SessionView struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Used    time.Time `json:"used"`
	Device  string    `json:"device"`
	Current bool      `json:"current,omitempty"`
}

// startSession makes a session of acc for the request's device and sets
// its cookie on w.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, acc store.Account) error {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	secret := base64.RawURLEncoding.EncodeToString(b[:])
	now := s.now()
	ses := store.Session{ID: NewToken(), Hash: store.HashSecret(secret), Account: acc.ID, Created: now, Used: now, Device: device(r.UserAgent())}
	if err := s.accounts().CreateSession(r.Context(), ses); err != nil {
		return err
	}
	s.setSession(w, r, secret, sessionIdle)
	return nil
}

// setSession sets the session cookie for secret and its marker (a
// negative maxAge removes both).
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, secret string, maxAge time.Duration) {
	c := s.cookie(r, secret, maxAge)
	http.SetCookie(w, c)
	m := *c
	m.Name, m.HttpOnly = SignedInCookie, false
	if maxAge >= 0 {
		m.Value = "1"
	}
	http.SetCookie(w, &m)
}

// cookie is the session cookie for secret, lasting maxAge (negative:
// removed). Secure when the request came over TLS, or through a reverse
// proxy (--real-ip-header) that says it did (X-Forwarded-Proto: https).
func (s *Server) cookie(r *http.Request, secret string, maxAge time.Duration) *http.Cookie {
	secure := r.TLS != nil || s.cfg.RealIPHeader != "" && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
	c := &http.Cookie{Name: SessionCookie, Value: secret, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secure}
	if maxAge < 0 {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(maxAge.Seconds())
	}
	return c
}

func (s *Server) handleSignUp(w http.ResponseWriter, r *http.Request) {
	a := s.accounts()
	if a == nil {
		s.fail(w, r, errNoAccounts.Err())
		return
	}
	if s.limited(w, r) {
		return
	}
	var req struct {
		Name     string `json:"name"`
		Display  string `json:"display"`
		Password string `json:"password"`
		Lang     string `json:"lang"`
	}
	if !decode(w, r, &req) {
		return
	}
	acc, err := CreateAccount(r.Context(), a, s.hasher, NewAccount{Name: req.Name, Display: req.Display, Lang: req.Lang, Password: req.Password})
	if err == nil {
		err = s.startSession(w, r, acc)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("account created", "account", acc.ID)
	writeJSON(w, http.StatusCreated, viewOf(acc))
}

// signInKeys are the keys failed sign-ins are counted under: the name as
// written (its key when it is a valid name) and the address.
func (s *Server) signInKeys(r *http.Request, name string) (nameKey, addrKey string) {
	key := strings.ToLower(name)
	if _, k, err := CheckName(name); err == nil {
		key = k
	}
	if len(key) > 100 {
		key = key[:100]
	}
	return "name:" + key, "addr:" + s.clientAddr(r)
}

// signInLimited says how long until a sign-in under these keys is
// allowed again; 0 if it is now. Unknown names count as known ones do.
func (s *Server) signInLimited(ctx context.Context, nameKey, addrKey string) (time.Duration, error) {
	a, lim, now := s.accounts(), s.signIn, s.now()
	var wait time.Duration
	for _, k := range []struct {
		key  string
		most int
	}{{nameKey, lim.PerName}, {addrKey, lim.PerAddress}} {
		if k.most <= 0 {
			continue
		}
		n, oldest, err := a.Failures(ctx, k.key, now.Add(-lim.Window))
		if err != nil {
			return 0, err
		}
		if n >= k.most {
			wait = max(wait, oldest.Add(lim.Window).Sub(now), time.Second)
		}
	}
	return wait, nil
}

func (s *Server) handleSignIn(w http.ResponseWriter, r *http.Request) {
	a := s.accounts()
	if a == nil {
		s.fail(w, r, errNoAccounts.Err())
		return
	}
	var req struct {
		Name     string `json:"name"`
		Password string `json:"password"`
	}
	if !decode(w, r, &req) {
		return
	}
	ctx := r.Context()
	nameKey, addrKey := s.signInKeys(r, req.Name)
	wait, err := s.signInLimited(ctx, nameKey, addrKey)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if wait > 0 {
		s.metrics.limitHit(limitSignIn)
		tooMany(w, wait, errSignInLimited.Err())
		return
	}
	acc, err := s.checkPassword(ctx, req.Name, req.Password)
	if re, ok := engine.AsRuleError(err); ok && re.Code == errBadCredentials.Code {
		if err := a.RecordFailure(ctx, s.now(), nameKey, addrKey); err != nil {
			s.log.Error("a failed sign-in could not be recorded", "err", err)
		}
	}
	if err == nil {
		a.ClearFailures(ctx, nameKey)
		err = s.startSession(w, r, acc)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("signed in", "account", acc.ID)
	writeJSON(w, http.StatusOK, viewOf(acc))
}

// checkPassword is the account of name if pw is its password:
// bad_credentials otherwise, whether the name has an account or not, after
// the same work. A hash made with weaker parameters than the server's is
// made again. A banned account is refused once its password is right.
func (s *Server) checkPassword(ctx context.Context, name, pw string) (store.Account, error) {
	a := s.accounts()
	var acc store.Account
	_, key, err := CheckName(name)
	if err == nil && len(pw) <= maxPasswordBytes {
		acc, err = a.AccountByKey(ctx, key)
		if err != nil && !errors.Is(err, store.ErrNoAccount) {
			return store.Account{}, err
		}
	}
	if len(pw) > maxPasswordBytes {
		pw = pw[:maxPasswordBytes] // the same work, and refused below
		acc = store.Account{}
	}
	ok, rehash := s.hasher.Verify(acc.PasswordHash, pw)
	if !ok {
		return store.Account{}, errBadCredentials.Err()
	}
	if acc.Banned {
		return store.Account{}, errBanned.Err()
	}
	if rehash {
		if err := a.SetPassword(ctx, acc.ID, s.hasher.Hash(pw)); err != nil {
			s.log.Error("a password could not be hashed anew", "account", acc.ID, "err", err)
		}
	}
	return acc, nil
}

func (s *Server) handleSignOut(w http.ResponseWriter, r *http.Request, signed Signed) {
	if err := s.accounts().DeleteSession(r.Context(), signed.Account.ID, signed.Session.ID); err != nil && !errors.Is(err, store.ErrNoSession) {
		s.fail(w, r, err)
		return
	}
	s.setSession(w, r, "", -1)
	writeJSON(w, http.StatusOK, struct{}{})
}

func (s *Server) handleSignOutEverywhere(w http.ResponseWriter, r *http.Request, signed Signed) {
	n, err := s.accounts().DeleteSessions(r.Context(), signed.Account.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.setSession(w, r, "", -1)
	writeJSON(w, http.StatusOK, struct {
		Ended int `json:"ended"`
	}{n})
}

func (s *Server) handleAccount(w http.ResponseWriter, r *http.Request, signed Signed) {
	writeJSON(w, http.StatusOK, viewOf(signed.Account))
}

func (s *Server) handleUpdateAccount(w http.ResponseWriter, r *http.Request, signed Signed) {
	var req struct {
		Display *string `json:"display"`
		Lang    *string `json:"lang"`
	}
	if !decode(w, r, &req) {
		return
	}
	acc := signed.Account
	if req.Display != nil {
		d, err := CheckDisplay(*req.Display)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		acc.Display = d
	}
	if req.Lang != nil {
		if _, err := engine.ParseLang(*req.Lang); err != nil {
			s.fail(w, r, errBadLang.Err())
			return
		}
		acc.Lang = *req.Lang
	}
	if err := s.accounts().UpdateProfile(r.Context(), acc.ID, acc.Display, acc.Lang); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, viewOf(acc))
}

func (s *Server) handleSessions(w http.ResponseWriter, r *http.Request, signed Signed) {
	list, err := s.accounts().Sessions(r.Context(), signed.Account.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := []SessionView{}
	for _, ses := range list {
		out = append(out, SessionView{ID: ses.ID, Created: ses.Created, Used: ses.Used, Device: ses.Device, Current: ses.ID == signed.Session.ID})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleEndSession(w http.ResponseWriter, r *http.Request, signed Signed) {
	id := r.PathValue("id")
	err := s.accounts().DeleteSession(r.Context(), signed.Account.ID, id)
	if errors.Is(err, store.ErrNoSession) {
		err = errNoSession.Err()
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if id == signed.Session.ID {
		s.setSession(w, r, "", -1)
	}
	writeJSON(w, http.StatusOK, struct{}{})
}

// handlePassword changes the password, given the current one; every other
// session of the account ends.
func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request, signed Signed) {
	if s.limited(w, r) {
		return
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if !decode(w, r, &req) {
		return
	}
	if err := checkPasswordLength(req.New); err != nil {
		s.fail(w, r, err)
		return
	}
	acc := signed.Account
	if ok, _ := s.hasher.Verify(acc.PasswordHash, req.Old); !ok && acc.PasswordHash != "" {
		s.fail(w, r, errWrongPassword.Err())
		return
	}
	ctx := r.Context()
	a := s.accounts()
	if err := a.SetPassword(ctx, acc.ID, s.hasher.Hash(req.New)); err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := a.Sessions(ctx, acc.ID)
	for _, ses := range list {
		if err == nil && ses.ID != signed.Session.ID {
			err = a.DeleteSession(ctx, acc.ID, ses.ID)
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}

// maxLinked is the most seats one request links.
const maxLinked = 100

// handleLinkSeats records the signed-in account on the seats the tokens
// hold, table id to token as the browser keeps them: a guest who signs in
// keeps the seats they hold. A token that holds no seat is left out; the
// answer lists the tables whose seat was linked.
func (s *Server) handleLinkSeats(w http.ResponseWriter, r *http.Request, signed Signed) {
	if s.limited(w, r) {
		return
	}
	var req struct {
		Tokens map[string]string `json:"tokens"`
	}
	if !decode(w, r, &req) {
		return
	}
	if len(req.Tokens) > maxLinked {
		reject(w, http.StatusBadRequest, errBadRequest.Err("too many tokens"))
		return
	}
	h := holder{id: signed.Account.ID, name: signed.Account.Name}
	linked := []string{}
	for id, token := range req.Tokens {
		t, err := s.Table(id)
		if err != nil {
			continue
		}
		if err := t.link(r.Context(), token, h); err != nil {
			continue
		}
		linked = append(linked, id)
	}
	writeJSON(w, http.StatusOK, struct {
		Linked []string `json:"linked"`
	}{linked})
}

// sweepAccounts ends the sessions idle too long and forgets the failed
// sign-ins out of the window.
func (s *Server) sweepAccounts(now time.Time) {
	a := s.accounts()
	if a == nil {
		return
	}
	if _, err := a.DeleteIdleSessions(s.ctx, now.Add(-sessionIdle)); err != nil {
		s.log.Error("idle sessions could not be ended", "err", err)
	}
	if err := a.PruneFailures(s.ctx, now.Add(-s.signIn.Window)); err != nil {
		s.log.Error("old failed sign-ins could not be forgotten", "err", err)
	}
	if err := a.PruneCeremonies(s.ctx, now); err != nil {
		s.log.Error("passkey ceremonies left unfinished could not be forgotten", "err", err)
	}
}
