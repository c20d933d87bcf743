package store

import (
	"context"
	"fmt"
	"time"
)

// The passkeys' statements, the same for both stores (accountsql.go).

const passkeyColumns = `id, account, credential_id, name, credential, created, used`

func scanPasskey(scan func(...any) error) (Passkey, error) {
	var p Passkey
	var created, used int64
	err := scan(&p.ID, &p.Account, &p.CredentialID, &p.Name, &p.Credential, &created, &used)
	p.Created, p.Used = time.UnixMilli(created), time.UnixMilli(used)
	return p, err
}

func (q accountSQL) addPasskey(ctx context.Context, p Passkey) error {
	if p.Created.IsZero() {
		p.Created = time.Now()
	}
	if p.Used.IsZero() {
		p.Used = p.Created
	}
	n, err := q.r.exec(ctx, `INSERT INTO passkeys (`+passkeyColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`,
		p.ID, p.Account, p.CredentialID, p.Name, p.Credential, p.Created.UnixMilli(), p.Used.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: adding a passkey: %w", err)
	}
	if n == 0 {
		return ErrPasskeyTaken
	}
	return nil
}

func (q accountSQL) passkeys(ctx context.Context, where string, arg any) ([]Passkey, error) {
	var out []Passkey
	err := q.r.query(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE `+where+` = ? ORDER BY created, id`, func(scan func(...any) error) error {
		p, err := scanPasskey(scan)
		out = append(out, p)
		return err
	}, arg)
	if err != nil {
		return nil, fmt.Errorf("store: reading passkeys: %w", err)
	}
	return out, nil
}

func (q accountSQL) passkeyByCredential(ctx context.Context, credentialID string) (Passkey, error) {
	list, err := q.passkeys(ctx, "credential_id", credentialID)
	if err != nil {
		return Passkey{}, err
	}
	if len(list) == 0 {
		return Passkey{}, ErrNoPasskey
	}
	return list[0], nil
}

// changePasskey runs a statement that changes one passkey: ErrNoPasskey
// when it changed none.
func (q accountSQL) changePasskey(ctx context.Context, query string, args ...any) error {
	n, err := q.r.exec(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: changing a passkey: %w", err)
	}
	if n == 0 {
		return ErrNoPasskey
	}
	return nil
}

func (q accountSQL) putCeremony(ctx context.Context, c Ceremony) error {
	_, err := q.r.exec(ctx, `INSERT INTO webauthn_ceremonies (id, kind, account, data, expires) VALUES (?, ?, ?, ?, ?)`,
		c.ID, c.Kind, c.Account, c.Data, c.Expires.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: keeping a ceremony: %w", err)
	}
	return nil
}

// takeCeremony reads the ceremony, then deletes it: of two takes at once
// only the one whose delete removed the row has it.
func (q accountSQL) takeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error) {
	c := Ceremony{ID: id}
	var expires int64
	err := queryRow(ctx, q.r, `SELECT kind, account, data, expires FROM webauthn_ceremonies WHERE id = ?`,
		[]any{&c.Kind, &c.Account, &c.Data, &expires}, id)
	if err == errNoRow {
		return Ceremony{}, ErrNoCeremony
	}
	if err != nil {
		return Ceremony{}, fmt.Errorf("store: reading a ceremony: %w", err)
	}
	n, err := q.r.exec(ctx, `DELETE FROM webauthn_ceremonies WHERE id = ?`, id)
	if err != nil {
		return Ceremony{}, fmt.Errorf("store: taking a ceremony: %w", err)
	}
	c.Expires = time.UnixMilli(expires)
	if n == 0 || !now.Before(c.Expires) {
		return Ceremony{}, ErrNoCeremony
	}
	return c, nil
}

func (q accountSQL) pruneCeremonies(ctx context.Context, before time.Time) error {
	if _, err := q.r.exec(ctx, `DELETE FROM webauthn_ceremonies WHERE expires < ?`, before.UnixMilli()); err != nil {
		return fmt.Errorf("store: forgetting ceremonies: %w", err)
	}
	return nil
}

// The methods of Passkeys, the same on both stores.

var (
	_ Passkeys = (*SQLite)(nil)
	_ Passkeys = (*Postgres)(nil)
)

const (
	usePasskey    = `UPDATE passkeys SET credential = ?, used = ? WHERE id = ?`
	deletePasskey = `DELETE FROM passkeys WHERE account = ? AND id = ?`
)

func (s *SQLite) AddPasskey(ctx context.Context, p Passkey) error {
	return s.accounts().addPasskey(ctx, p)
}
func (p *Postgres) AddPasskey(ctx context.Context, k Passkey) error {
	return p.accounts().addPasskey(ctx, k)
}
func (s *SQLite) Passkeys(ctx context.Context, account string) ([]Passkey, error) {
	return s.accounts().passkeys(ctx, "account", account)
}
func (p *Postgres) Passkeys(ctx context.Context, account string) ([]Passkey, error) {
	return p.accounts().passkeys(ctx, "account", account)
}
func (s *SQLite) PasskeyByCredential(ctx context.Context, credentialID string) (Passkey, error) {
	return s.accounts().passkeyByCredential(ctx, credentialID)
}
func (p *Postgres) PasskeyByCredential(ctx context.Context, credentialID string) (Passkey, error) {
	return p.accounts().passkeyByCredential(ctx, credentialID)
}
func (s *SQLite) UsePasskey(ctx context.Context, id, credential string, at time.Time) error {
	return s.accounts().changePasskey(ctx, usePasskey, credential, at.UnixMilli(), id)
}
func (p *Postgres) UsePasskey(ctx context.Context, id, credential string, at time.Time) error {
	return p.accounts().changePasskey(ctx, usePasskey, credential, at.UnixMilli(), id)
}
func (s *SQLite) DeletePasskey(ctx context.Context, account, id string) error {
	return s.accounts().changePasskey(ctx, deletePasskey, account, id)
}
func (p *Postgres) DeletePasskey(ctx context.Context, account, id string) error {
	return p.accounts().changePasskey(ctx, deletePasskey, account, id)
}
func (s *SQLite) PutCeremony(ctx context.Context, c Ceremony) error {
	return s.accounts().putCeremony(ctx, c)
}
func (p *Postgres) PutCeremony(ctx context.Context, c Ceremony) error {
	return p.accounts().putCeremony(ctx, c)
}
func (s *SQLite) TakeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error) {
	return s.accounts().takeCeremony(ctx, id, now)
}
func (p *Postgres) TakeCeremony(ctx context.Context, id string, now time.Time) (Ceremony, error) {
	return p.accounts().takeCeremony(ctx, id, now)
}
func (s *SQLite) PruneCeremonies(ctx context.Context, before time.Time) error {
	return s.accounts().pruneCeremonies(ctx, before)
}
func (p *Postgres) PruneCeremonies(ctx context.Context, before time.Time) error {
	return p.accounts().pruneCeremonies(ctx, before)
}
