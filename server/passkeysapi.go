package server

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"stolik/engine"
	"stolik/store"
)

// The passkeys' endpoints (docs/protocol.md#passkeys).

// handleRegisterBegin begins adding a passkey to the account signed in.
func (s *Server) handleRegisterBegin(w http.ResponseWriter, r *http.Request, signed Signed) {
	if s.limited(w, r) || !decode(w, r, &struct{}{}) {
		return
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, keys, err := s.userOf(r.Context(), signed.Account)
	if err == nil && len(keys) >= maxPasskeys {
		err = errTooManyKeys.Err(maxPasskeys)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var exclude []protocol.CredentialDescriptor
	for _, c := range u.creds {
		exclude = append(exclude, c.Descriptor())
	}
	creation, session, err := rp.BeginRegistration(u, webauthn.WithExclusions(exclude))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.begun(w, r, ceremonyRegister, signed.Account.ID, ceremonyState{Session: *session}, creation.Response)
}

// finishing reads the end of a ceremony of kind begun for account: the
// request, the relying party of the page, the new passkey's name and the
// ceremony taken from the store; false: the answer is written.
func (s *Server) finishing(w http.ResponseWriter, r *http.Request, kind, account string) (finishing, *webauthn.WebAuthn, string, ceremonyState, bool) {
	var f finishing
	if !decode(w, r, &f) {
		return f, nil, "", ceremonyState{}, false
	}
	rp, err := s.relyingParty(r)
	var name string
	if err == nil {
		name, err = passkeyName(f.Name, r)
	}
	var st ceremonyState
	if err == nil {
		st, err = s.take(r.Context(), f, kind, account)
	}
	if err != nil {
		s.fail(w, r, err)
		return f, nil, "", ceremonyState{}, false
	}
	return f, rp, name, st, true
}

// handleRegisterFinish checks the new credential and keeps it, named.
func (s *Server) handleRegisterFinish(w http.ResponseWriter, r *http.Request, signed Signed) {
	f, rp, name, st, ok := s.finishing(w, r, ceremonyRegister, signed.Account.ID)
	if !ok {
		return
	}
	ctx := r.Context()
	u, _, err := s.userOf(ctx, signed.Account)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	key, err := s.newCredential(rp, u, st, f, name)
	if err == nil {
		err = s.addPasskey(r, key)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("passkey added", "account", signed.Account.ID)
	writeJSON(w, http.StatusCreated, passkeyView(key))
}

// newCredential checks the browser's answer to a registration and makes
// the passkey of u it creates: passkey_failed when it does not check.
func (s *Server) newCredential(rp *webauthn.WebAuthn, u passkeyUser, st ceremonyState, f finishing, name string) (store.Passkey, error) {
	parsed, err := protocol.ParseCredentialCreationResponseBytes(f.Credential)
	if err != nil {
		return store.Passkey{}, errPasskeyFailed.Err()
	}
	cred, err := rp.CreateCredential(u, st.Session, parsed)
	if err != nil {
		s.log.Info("a passkey was refused", "err", err)
		return store.Passkey{}, errPasskeyFailed.Err()
	}
	return newPasskey(u.acc, name, cred, s.now())
}

// addPasskey stores a passkey: passkey_failed when its credential is
// another passkey's already.
func (s *Server) addPasskey(r *http.Request, key store.Passkey) error {
	err := s.accounts().AddPasskey(r.Context(), key)
	if errors.Is(err, store.ErrPasskeyTaken) {
		return errPasskeyFailed.Err()
	}
	return err
}

// handlePasskeySignUpBegin begins making an account whose only way to
// sign in is a passkey: its name, display name and language are checked
// now and the account is made when the passkey is.
func (s *Server) handlePasskeySignUpBegin(w http.ResponseWriter, r *http.Request) {
	a := s.accounts()
	if a == nil {
		s.fail(w, r, errNoAccounts.Err())
		return
	}
	if s.limited(w, r) {
		return
	}
	var req struct {
		Name    string `json:"name"`
		Display string `json:"display"`
		Lang    string `json:"lang"`
	}
	if !decode(w, r, &req) {
		return
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	acc, err := checkNewAccount(r.Context(), a, NewAccount{Name: req.Name, Display: req.Display, Lang: req.Lang})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	creation, session, err := rp.BeginRegistration(passkeyUser{acc: acc})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.begun(w, r, ceremonySignUp, "", ceremonyState{Session: *session, Account: &acc}, creation.Response)
}

// handlePasskeySignUpFinish makes the account begun, with its passkey,
// and signs it in: name_taken if another took its name meanwhile.
func (s *Server) handlePasskeySignUpFinish(w http.ResponseWriter, r *http.Request) {
	a := s.accounts()
	if a == nil {
		s.fail(w, r, errNoAccounts.Err())
		return
	}
	f, rp, name, st, ok := s.finishing(w, r, ceremonySignUp, "")
	if !ok {
		return
	}
	if st.Account == nil {
		s.fail(w, r, errPasskeyFailed.Err())
		return
	}
	ctx := r.Context()
	acc := *st.Account
	acc.Created = s.now()
	key, err := s.newCredential(rp, passkeyUser{acc: acc}, st, f, name)
	if err == nil {
		err = insertAccount(ctx, a, acc)
	}
	if err == nil {
		err = s.addPasskey(r, key)
	}
	if err == nil {
		err = s.startSession(w, r, acc)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("account created with a passkey", "account", acc.ID)
	writeJSON(w, http.StatusCreated, viewOf(acc))
}

// handlePasskeySignInBegin begins a sign-in by passkey: the browser offers
// the passkeys it has for this host (discoverable credentials), so no
// name is asked. Failed sign-ins from the address count as the password's
// do.
func (s *Server) handlePasskeySignInBegin(w http.ResponseWriter, r *http.Request) {
	if s.accounts() == nil {
		s.fail(w, r, errNoAccounts.Err())
		return
	}
	if !decode(w, r, &struct{}{}) || s.passkeyLimited(w, r) {
		return
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	assertion, session, err := rp.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.begun(w, r, ceremonySignIn, "", ceremonyState{Session: *session}, assertion.Response)
}

// passkeyLimited answers 429 when the address is over its failed
// sign-ins, and says so.
func (s *Server) passkeyLimited(w http.ResponseWriter, r *http.Request) bool {
	_, addrKey := s.signInKeys(r, "")
	wait, err := s.signInLimited(r.Context(), "", addrKey)
	if err != nil {
		s.fail(w, r, err)
		return true
	}
	if wait > 0 {
		s.metrics.limitHit(limitSignIn)
		tooMany(w, wait, errSignInLimited.Err())
		return true
	}
	return false
}

// handlePasskeySignInFinish checks the browser's assertion and signs its
// account in. Every failure answers passkey_failed alike and counts
// against the address (and the account, when the passkey is one's).
func (s *Server) handlePasskeySignInFinish(w http.ResponseWriter, r *http.Request) {
	a := s.accounts()
	if a == nil {
		s.fail(w, r, errNoAccounts.Err())
		return
	}
	var f finishing
	if !decode(w, r, &f) || s.passkeyLimited(w, r) {
		return
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	acc, err := s.checkPasskey(r, rp, f)
	if re, ok := engine.AsRuleError(err); ok && re.Code == errPasskeyFailed.Code {
		_, addrKey := s.signInKeys(r, "")
		keys := []string{addrKey}
		if acc.Key != "" {
			keys = append(keys, "name:"+acc.Key)
		}
		if err := a.RecordFailure(ctx, s.now(), keys...); err != nil {
			s.log.Error("a failed sign-in could not be recorded", "err", err)
		}
	}
	if err == nil && acc.Banned {
		err = errBanned.Err()
	}
	if err == nil {
		a.ClearFailures(ctx, "name:"+acc.Key)
		err = s.startSession(w, r, acc)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("signed in with a passkey", "account", acc.ID)
	writeJSON(w, http.StatusOK, viewOf(acc))
}

// checkPasskey is the account whose passkey signed the assertion f
// carries, its use recorded. On passkey_failed the account is returned
// too when the passkey was found (for counting the failure).
func (s *Server) checkPasskey(r *http.Request, rp *webauthn.WebAuthn, f finishing) (store.Account, error) {
	ctx := r.Context()
	st, err := s.take(ctx, f, ceremonySignIn, "")
	if err != nil {
		return store.Account{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(f.Credential)
	if err != nil {
		return store.Account{}, errPasskeyFailed.Err()
	}
	var acc store.Account
	var key store.Passkey
	found := func(rawID, userHandle []byte) (webauthn.User, error) {
		k, err := s.accounts().PasskeyByCredential(ctx, base64.RawURLEncoding.EncodeToString(rawID))
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(userHandle, []byte(k.Account)) {
			return nil, errors.New("the user handle is not the passkey's account's")
		}
		if acc, err = s.accounts().Account(ctx, k.Account); err != nil {
			return nil, err
		}
		key = k
		u, _, err := s.userOf(ctx, acc)
		return u, err
	}
	_, cred, err := rp.ValidatePasskeyLogin(found, st.Session, parsed)
	if err != nil {
		s.log.Info("a passkey sign-in was refused", "err", err)
		return acc, errPasskeyFailed.Err()
	}
	data, err := json.Marshal(cred)
	if err == nil {
		err = s.accounts().UsePasskey(ctx, key.ID, string(data), s.now())
	}
	return acc, err
}

func (s *Server) handlePasskeys(w http.ResponseWriter, r *http.Request, signed Signed) {
	keys, err := s.accounts().Passkeys(r.Context(), signed.Account.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := []PasskeyView{}
	for _, k := range keys {
		out = append(out, passkeyView(k))
	}
	writeJSON(w, http.StatusOK, out)
}

// handleDeletePasskey removes a passkey of the account, unless it is the
// account's last way to sign in (no password, no other passkey).
func (s *Server) handleDeletePasskey(w http.ResponseWriter, r *http.Request, signed Signed) {
	ctx, id := r.Context(), r.PathValue("id")
	keys, err := s.accounts().Passkeys(ctx, signed.Account.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(keys) == 1 && keys[0].ID == id && signed.Account.PasswordHash == "" {
		s.fail(w, r, errLastSignIn.Err())
		return
	}
	err = s.accounts().DeletePasskey(ctx, signed.Account.ID, id)
	if errors.Is(err, store.ErrNoPasskey) {
		err = errNoPasskey.Err()
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}
