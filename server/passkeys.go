package server

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"stolik/engine"
	"stolik/store"
)

// Passkeys (WebAuthn): an account signs in with a key its device keeps,
// and may have no password at all (docs/accounts.md). Each ceremony is
// begun by one request and finished by the next; what the server needs to
// finish it (the challenge above all) is kept in the store for
// ceremonyLife, never trusted from the browser, so that any node of a
// cluster finishes what another began.

// Errors of passkeys.
var (
	errPasskeyHost   = engine.Rule{Code: "passkey_host", PL: "Klucze dostępu działają tylko pod nazwą serwera, nie pod adresem IP.", EN: "Passkeys work only under the server's name, not an IP address."}
	errPasskeyFailed = engine.Rule{Code: "passkey_failed", PL: "Klucz dostępu nie został przyjęty; spróbuj jeszcze raz.", EN: "The passkey was not accepted; try again."}
	errPasskeyName   = engine.Rule{Code: "passkey_name", PL: "Nazwa klucza ma od 1 do 40 znaków.", EN: "A passkey's name is 1 to 40 characters."}
	errNoPasskey     = engine.Rule{Code: "no_passkey", PL: "Nie masz takiego klucza dostępu.", EN: "You have no such passkey."}
	errLastSignIn    = engine.Rule{Code: "last_sign_in", PL: "To jedyny sposób logowania na to konto: najpierw ustaw hasło albo dodaj inny klucz.", EN: "This is the account's only way to sign in: set a password or add another passkey first."}
	errTooManyKeys   = engine.Rule{Code: "too_many_passkeys", PL: "Konto ma już %d kluczy dostępu.", EN: "The account has %d passkeys already."}
)

const (
	// ceremonyLife is how long a ceremony begun may be finished.
	ceremonyLife = 5 * time.Minute
	// maxPasskeys is the most passkeys one account has.
	maxPasskeys = 20
)

// The kinds of ceremony.
const (
	ceremonyRegister = "register" // a signed-in account adds a passkey
	ceremonySignIn   = "signin"   // someone signs in with a passkey
	ceremonySignUp   = "signup"   // a new account with a passkey and no password
)

// registerPasskeys adds the passkeys' API to mux (docs/protocol.md).
func (s *Server) registerPasskeys(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/account/passkeys/register/begin", s.signedIn(s.handleRegisterBegin))
	mux.HandleFunc("POST /api/account/passkeys/register/finish", s.signedIn(s.handleRegisterFinish))
	mux.HandleFunc("POST /api/account/passkeys/signin/begin", s.handlePasskeySignInBegin)
	mux.HandleFunc("POST /api/account/passkeys/signin/finish", s.handlePasskeySignInFinish)
	mux.HandleFunc("POST /api/account/passkeys/signup/begin", s.handlePasskeySignUpBegin)
	mux.HandleFunc("POST /api/account/passkeys/signup/finish", s.handlePasskeySignUpFinish)
	mux.HandleFunc("GET /api/account/passkeys", s.signedIn(s.handlePasskeys))
	mux.HandleFunc("DELETE /api/account/passkeys/{id}", s.signedIn(s.handleDeletePasskey))
}

// passkeyUser is an account as the WebAuthn library sees it: its user
// handle is the account's id (random, never shown).
type passkeyUser struct {
	acc   store.Account
	creds []webauthn.Credential
}

func (u passkeyUser) WebAuthnID() []byte                         { return []byte(u.acc.ID) }
func (u passkeyUser) WebAuthnName() string                       { return u.acc.Name }
func (u passkeyUser) WebAuthnDisplayName() string                { return u.acc.Display }
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// userOf is acc with its passkeys.
func (s *Server) userOf(ctx context.Context, acc store.Account) (passkeyUser, []store.Passkey, error) {
	keys, err := s.accounts().Passkeys(ctx, acc.ID)
	if err != nil {
		return passkeyUser{}, nil, err
	}
	u := passkeyUser{acc: acc}
	for _, k := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal([]byte(k.Credential), &c); err != nil {
			return passkeyUser{}, nil, err
		}
		u.creds = append(u.creds, c)
	}
	return u, keys, nil
}

// relyingParty is the WebAuthn relying party of the page r comes from:
// the host its Origin names (the server's own, or an --origin host), with
// that origin alone. A passkey belongs to a host name: a page opened by
// an IP address cannot have one (passkey_host).
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	o := r.Header.Get("Origin")
	if o == "" || !s.originAllowed(o, r.Host) {
		return nil, errBadOrigin.Err(o)
	}
	u, err := url.Parse(o)
	if err != nil || protocol.ValidateRPID(u.Hostname()) != nil {
		return nil, errPasskeyHost.Err()
	}
	return webauthn.New(&webauthn.Config{
		RPID:          u.Hostname(),
		RPDisplayName: "Stolik",
		RPOrigins:     []string{u.Scheme + "://" + u.Host},
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey:      protocol.ResidentKeyRequirementRequired,
			UserVerification: protocol.VerificationPreferred,
		},
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Enforce: true, Timeout: ceremonyLife},
			Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: ceremonyLife},
		},
	})
}

// ceremonyState is what the store keeps of a ceremony: the library's
// session data, and for a sign-up the account to be made.
type ceremonyState struct {
	Session webauthn.SessionData `json:"session"`
	Account *store.Account       `json:"account,omitempty"`
}

// begun keeps a ceremony and answers the browser with its handle and the
// options to hand to navigator.credentials.
func (s *Server) begun(w http.ResponseWriter, r *http.Request, kind, account string, st ceremonyState, options any) {
	id := NewToken()
	data, err := json.Marshal(st)
	if err == nil {
		err = s.accounts().PutCeremony(r.Context(), store.Ceremony{ID: id, Kind: kind, Account: account, Data: string(data), Expires: s.now().Add(ceremonyLife)})
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Ceremony string `json:"ceremony"`
		Options  any    `json:"options"`
	}{id, options})
}

// finishing is the body of a finish: the ceremony's handle, the
// browser's credential (PublicKeyCredential as JSON) and, for a new
// passkey, its name.
type finishing struct {
	Ceremony   string          `json:"ceremony"`
	Name       string          `json:"name,omitempty"`
	Credential json.RawMessage `json:"credential"`
}

// take takes the ceremony f names, of kind and account: passkey_failed
// if there is none (finished already, expired, or another's).
func (s *Server) take(ctx context.Context, f finishing, kind, account string) (ceremonyState, error) {
	c, err := s.accounts().TakeCeremony(ctx, f.Ceremony, s.now())
	if errors.Is(err, store.ErrNoCeremony) || err == nil && (c.Kind != kind || c.Account != account) {
		return ceremonyState{}, errPasskeyFailed.Err()
	}
	if err != nil {
		return ceremonyState{}, err
	}
	var st ceremonyState
	if err := json.Unmarshal([]byte(c.Data), &st); err != nil {
		return ceremonyState{}, err
	}
	return st, nil
}

// passkeyName is a passkey's name as its owner gave it, or the device's
// when none.
func passkeyName(name string, r *http.Request) (string, error) {
	if name == "" {
		name = device(r.UserAgent())
	}
	n, err := CheckDisplay(name)
	if err != nil {
		return "", errPasskeyName.Err()
	}
	return n, nil
}

// newPasskey makes the store's passkey of a credential just made.
func newPasskey(acc store.Account, name string, c *webauthn.Credential, now time.Time) (store.Passkey, error) {
	data, err := json.Marshal(c)
	if err != nil {
		return store.Passkey{}, err
	}
	return store.Passkey{ID: NewToken(), Account: acc.ID, CredentialID: base64.RawURLEncoding.EncodeToString(c.ID),
		Name: name, Credential: string(data), Created: now, Used: now}, nil
}

// PasskeyView is a passkey as its owner is shown it.
type PasskeyView struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Used    time.Time `json:"used"`
}

func passkeyView(k store.Passkey) PasskeyView {
	return PasskeyView{ID: k.ID, Name: k.Name, Created: k.Created, Used: k.Used}
}
