package store

import (
	"context"
	"errors"
	"time"
)

// Accounts keeps the people who have a name on the server, their sessions
// and their failed sign-ins. Both stores offer it; a store that does not
// has no accounts, and its server plays with guests alone.
//
// The store holds no secret in the clear: a password only as its hash
// (the server's PHC string), a session only as the SHA-256 of its secret
// (HashSecret). Times are kept to the millisecond.
type Accounts interface {
	// CreateAccount stores a new account; ErrNameTaken if an account
	// has its Key already.
	CreateAccount(ctx context.Context, a Account) error
	// Account is the account of id; ErrNoAccount if there is none.
	Account(ctx context.Context, id string) (Account, error)
	// AccountByKey is the account whose name key is key; ErrNoAccount if
	// there is none.
	AccountByKey(ctx context.Context, key string) (Account, error)
	// ListAccounts lists every account, by name key.
	ListAccounts(ctx context.Context) ([]Account, error)
	// UpdateProfile sets an account's display name and language.
	UpdateProfile(ctx context.Context, id, display, lang string) error
	// SetPassword sets an account's password hash ("" for none).
	SetPassword(ctx context.Context, id, hash string) error
	// SetBanned bans an account, with a reason, or lifts the ban (reason
	// is then dropped). A ban ends none of its sessions by itself: the
	// caller does (DeleteSessions).
	SetBanned(ctx context.Context, id string, banned bool, reason string) error

	// CreateSession stores a new session.
	CreateSession(ctx context.Context, s Session) error
	// SessionByHash is the session whose secret hashes to hash;
	// ErrNoSession if there is none.
	SessionByHash(ctx context.Context, hash string) (Session, error)
	// TouchSession records that a session was used at at.
	TouchSession(ctx context.Context, id string, at time.Time) error
	// Sessions lists an account's sessions, the last used first.
	Sessions(ctx context.Context, account string) ([]Session, error)
	// DeleteSession ends one session of account; ErrNoSession if account
	// has no session id.
	DeleteSession(ctx context.Context, account, id string) error
	// DeleteSessions ends every session of account, and says how many.
	DeleteSessions(ctx context.Context, account string) (int, error)
	// DeleteIdleSessions ends every session last used before before.
	DeleteIdleSessions(ctx context.Context, before time.Time) (int, error)

	// RecordFailure records a failed sign-in at at under each of keys
	// (an account's name key, an address), so that every server sharing
	// the store counts it.
	RecordFailure(ctx context.Context, at time.Time, keys ...string) error
	// Failures counts the failures recorded under key since since, and
	// says when the oldest of them was.
	Failures(ctx context.Context, key string, since time.Time) (int, time.Time, error)
	// ClearFailures forgets the failures recorded under key.
	ClearFailures(ctx context.Context, key string) error
	// PruneFailures forgets the failures recorded before before.
	PruneFailures(ctx context.Context, before time.Time) error

	// Passkeys: the accounts' passkeys and the ceremonies begun.
	Passkeys
}

// Account is a person with a name on the server.
type Account struct {
	ID string
	// Name is the user name as its owner wrote it (shown); Key is its
	// normalised, case-folded form, unique among accounts.
	Name, Key string
	Display   string // the display name
	Lang      string // "pl" or "en"
	// PasswordHash is the password's hash in the PHC string format, empty
	// when the account has no password.
	PasswordHash string
	Created      time.Time
	Banned       bool
	BanReason    string
}

// Session is one signed-in device of an account. Its secret is the
// cookie's; the store keeps only its hash.
type Session struct {
	ID      string // public: how its owner names it to end it
	Hash    string // HashSecret of the secret
	Account string
	Created time.Time
	Used    time.Time
	Device  string // a short description ("Firefox on Linux")
}

// ErrNameTaken: an account has that name (its key) already.
var ErrNameTaken = errors.New("store: an account has that name")

// ErrNoAccount: no account with that id or name.
var ErrNoAccount = errors.New("store: no such account")

// ErrNoSession: no such session (or not of that account).
var ErrNoSession = errors.New("store: no such session")

// Passkeys keeps the passkeys (WebAuthn credentials) of accounts and the
// ceremonies begun with them: a ceremony's challenge is kept here, not by
// the client, so that any server sharing the store finishes what another
// began. Part of Accounts.
type Passkeys interface {
	// AddPasskey stores a new passkey; ErrPasskeyTaken if a passkey has
	// its CredentialID already.
	AddPasskey(ctx context.Context, p Passkey) error
	// Passkeys lists an account's passkeys, the oldest first.
	Passkeys(ctx context.Context, account string) ([]Passkey, error)
	// PasskeyByCredential is the passkey of a credential id; ErrNoPasskey
	// if there is none.
	PasskeyByCredential(ctx context.Context, credentialID string) (Passkey, error)
	// UsePasskey records a passkey's use at at with its credential as the
	// sign-in left it (its signature counter, its flags).
	UsePasskey(ctx context.Context, id, credential string, at time.Time) error
	// DeletePasskey removes one passkey of account; ErrNoPasskey if
	// account has no passkey id.
	DeletePasskey(ctx context.Context, account, id string) error

	// PutCeremony stores a ceremony begun.
	PutCeremony(ctx context.Context, c Ceremony) error
	// TakeCeremony removes the ceremony id and returns it, once: a second
	// take, or one after it expired (by now), is ErrNoCeremony.
	TakeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error)
	// PruneCeremonies forgets the ceremonies that expired before before.
	PruneCeremonies(ctx context.Context, before time.Time) error
}

// Passkey is a WebAuthn credential of an account: the public key its
// authenticator signs with, never a secret.
type Passkey struct {
	ID           string // public: how its owner names it to remove it
	Account      string
	CredentialID string // the authenticator's id of the credential, base64url
	Name         string // its owner's name for it ("phone")
	// Credential is the server's record of the credential (its public
	// key, counter and flags) as JSON, as the WebAuthn library keeps it.
	Credential string
	Created    time.Time
	Used       time.Time // the last sign-in with it; Created until one
}

// Ceremony is a WebAuthn ceremony begun and not finished: the challenge
// sent to the browser, kept until the browser's answer comes back.
type Ceremony struct {
	ID      string // the handle the browser finishes it with
	Kind    string // what it does: the server's word ("register", "signin", "signup")
	Account string // the account it is for; "" before there is one
	Data    string // the server's state of it (JSON)
	Expires time.Time
}

// ErrPasskeyTaken: a passkey has that credential id already.
var ErrPasskeyTaken = errors.New("store: a passkey has that credential id")

// ErrNoPasskey: no such passkey (or not of that account).
var ErrNoPasskey = errors.New("store: no such passkey")

// ErrNoCeremony: no such ceremony, or it expired, or it was taken.
var ErrNoCeremony = errors.New("store: no such ceremony")
