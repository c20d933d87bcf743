package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Notices keeps what the server needs to tell players about their games
// while they are away: each account's choices and e-mail address, the
// browsers subscribed to Web Push, the server's own keys (the same for
// every node sharing the store), and which notices were sent, so that a
// notice goes out once however many nodes there are. Both stores offer
// it (Noticer).
type Notices interface {
	// NoticeSettings is an account's choices; the zero settings (of that
	// account) when it made none.
	NoticeSettings(ctx context.Context, account string) (NoticeSettings, error)
	// SetNoticeSettings stores an account's choices, in place of any.
	SetNoticeSettings(ctx context.Context, n NoticeSettings) error

	// AddPushSubscription stores a browser's subscription; an endpoint
	// subscribed before (by this account or another) is replaced.
	AddPushSubscription(ctx context.Context, p PushSubscription) error
	// PushSubscriptions lists an account's subscriptions, the oldest first.
	PushSubscriptions(ctx context.Context, account string) ([]PushSubscription, error)
	// DeletePushSubscription removes one subscription of account;
	// ErrNoSubscription if account has none of that endpoint.
	DeletePushSubscription(ctx context.Context, account, endpoint string) error
	// ForgetPushEndpoint removes the subscription of an endpoint, whoever
	// had it (its push service said it is gone).
	ForgetPushEndpoint(ctx context.Context, endpoint string) error

	// ServerKey is the value kept under name, made by make and stored
	// first if there is none: the first of several servers to ask stores
	// its value, and every one gets that one.
	ServerKey(ctx context.Context, name string, make func() (string, error)) (string, error)

	// ClaimNotice records a notice as about to be sent, at at: true if it
	// was not recorded before (the caller sends it), false if it was.
	ClaimNotice(ctx context.Context, k NoticeKey, at time.Time) (bool, error)
	// PruneNotices forgets the notices recorded before before.
	PruneNotices(ctx context.Context, before time.Time) error
	// TakeMailSlot records a mail to account about table at at, unless
	// one was recorded after since: true when the mail may go.
	TakeMailSlot(ctx context.Context, account, table string, at, since time.Time) (bool, error)
}

// Noticer is a store that keeps Notices.
type Noticer interface{ Notices() Notices }

// NoticeSettings are an account's choices of notices.
type NoticeSettings struct {
	Account string
	// Email is the address mails go to ("" for none); EmailVerified says
	// its owner proved it is theirs (by the link mailed to it).
	Email         string
	EmailVerified bool
	// Off lists the notices turned off, each "kind:channel" (such as
	// "turn:email"), sorted; whatever is not listed is on.
	Off []string
}

// PushSubscription is one browser subscribed to Web Push for an account:
// where its push service takes messages and the keys to encrypt them for
// (base64url, as the browser gives them; not secrets of the server's).
type PushSubscription struct {
	Account  string
	Endpoint string
	P256dh   string
	Auth     string
	Created  time.Time
}

// NoticeKey names one notice: to an account, about a table, of a kind,
// at a move number (for a chat mention, the chat message's number).
type NoticeKey struct {
	Account, Table, Kind string
	N                    int
}

// ErrNoSubscription: the account has no subscription of that endpoint.
var ErrNoSubscription = errors.New("store: no such push subscription")

// noticesSchema is the step that adds Notices, the same statements for
// both stores. Shipped: never edit it.
const noticesSchema = `
CREATE TABLE IF NOT EXISTS notice_settings (
	account        TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
	email          TEXT NOT NULL DEFAULT '',
	email_verified INTEGER NOT NULL DEFAULT 0,
	off            TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS push_subscriptions (
	endpoint TEXT PRIMARY KEY,
	account  TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	p256dh   TEXT NOT NULL,
	auth     TEXT NOT NULL,
	created  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subscriptions_account ON push_subscriptions(account);
CREATE TABLE IF NOT EXISTS server_keys (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS notices_sent (
	account  TEXT NOT NULL,
	table_id TEXT NOT NULL,
	kind     TEXT NOT NULL,
	n        INTEGER NOT NULL,
	at       BIGINT NOT NULL,
	PRIMARY KEY (account, table_id, kind, n)
);
CREATE INDEX IF NOT EXISTS notices_sent_at ON notices_sent(at);
CREATE TABLE IF NOT EXISTS notice_mail (
	account  TEXT NOT NULL,
	table_id TEXT NOT NULL,
	at       BIGINT NOT NULL,
	PRIMARY KEY (account, table_id)
);
`

// noticeSQL is Notices on a runner.
type noticeSQL struct{ r runner }

// Notices is the store's Notices.
func (s *SQLite) Notices() Notices { return noticeSQL{sqliteRunner{s}} }

// Notices is the store's Notices.
func (p *Postgres) Notices() Notices { return noticeSQL{pgRunner{p}} }

func (q noticeSQL) NoticeSettings(ctx context.Context, account string) (NoticeSettings, error) {
	n := NoticeSettings{Account: account}
	var verified int64
	var off string
	err := queryRow(ctx, q.r, `SELECT email, email_verified, off FROM notice_settings WHERE account = ?`,
		[]any{&n.Email, &verified, &off}, account)
	if errors.Is(err, errNoRow) {
		return n, nil
	}
	if err != nil {
		return n, fmt.Errorf("store: reading the notice settings: %w", err)
	}
	n.EmailVerified, n.Off = verified != 0, strings.Fields(off)
	return n, nil
}

func (q noticeSQL) SetNoticeSettings(ctx context.Context, n NoticeSettings) error {
	off := slices.Sorted(slices.Values(n.Off))
	off = slices.Compact(off)
	_, err := q.r.exec(ctx, `INSERT INTO notice_settings (account, email, email_verified, off) VALUES (?, ?, ?, ?)
		ON CONFLICT (account) DO UPDATE SET email = excluded.email, email_verified = excluded.email_verified, off = excluded.off`,
		n.Account, n.Email, flag(n.EmailVerified), strings.Join(off, " "))
	if err != nil {
		return fmt.Errorf("store: storing the notice settings: %w", err)
	}
	return nil
}

func (q noticeSQL) AddPushSubscription(ctx context.Context, p PushSubscription) error {
	if p.Created.IsZero() {
		p.Created = time.Now()
	}
	_, err := q.r.exec(ctx, `INSERT INTO push_subscriptions (endpoint, account, p256dh, auth, created) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET account = excluded.account, p256dh = excluded.p256dh, auth = excluded.auth, created = excluded.created`,
		p.Endpoint, p.Account, p.P256dh, p.Auth, p.Created.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: storing a push subscription: %w", err)
	}
	return nil
}

func (q noticeSQL) PushSubscriptions(ctx context.Context, account string) ([]PushSubscription, error) {
	var out []PushSubscription
	err := q.r.query(ctx, `SELECT endpoint, p256dh, auth, created FROM push_subscriptions WHERE account = ? ORDER BY created, endpoint`,
		func(scan func(...any) error) error {
			p := PushSubscription{Account: account}
			var created int64
			err := scan(&p.Endpoint, &p.P256dh, &p.Auth, &created)
			p.Created = time.UnixMilli(created)
			out = append(out, p)
			return err
		}, account)
	if err != nil {
		return nil, fmt.Errorf("store: listing push subscriptions: %w", err)
	}
	return out, nil
}

func (q noticeSQL) DeletePushSubscription(ctx context.Context, account, endpoint string) error {
	n, err := q.r.exec(ctx, `DELETE FROM push_subscriptions WHERE account = ? AND endpoint = ?`, account, endpoint)
	if err != nil {
		return fmt.Errorf("store: removing a push subscription: %w", err)
	}
	if n == 0 {
		return ErrNoSubscription
	}
	return nil
}

func (q noticeSQL) ForgetPushEndpoint(ctx context.Context, endpoint string) error {
	if _, err := q.r.exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint); err != nil {
		return fmt.Errorf("store: removing a push subscription: %w", err)
	}
	return nil
}

func (q noticeSQL) ServerKey(ctx context.Context, name string, make func() (string, error)) (string, error) {
	var v string
	err := queryRow(ctx, q.r, `SELECT value FROM server_keys WHERE name = ?`, []any{&v}, name)
	if err == nil {
		return v, nil
	}
	if !errors.Is(err, errNoRow) {
		return "", fmt.Errorf("store: reading the server's key %s: %w", name, err)
	}
	made, err := make()
	if err != nil {
		return "", err
	}
	// Another server may store its own first: its value wins, and is read.
	if _, err := q.r.exec(ctx, `INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, made); err != nil {
		return "", fmt.Errorf("store: storing the server's key %s: %w", name, err)
	}
	if err := queryRow(ctx, q.r, `SELECT value FROM server_keys WHERE name = ?`, []any{&v}, name); err != nil {
		return "", fmt.Errorf("store: reading the server's key %s: %w", name, err)
	}
	return v, nil
}

func (q noticeSQL) ClaimNotice(ctx context.Context, k NoticeKey, at time.Time) (bool, error) {
	n, err := q.r.exec(ctx, `INSERT INTO notices_sent (account, table_id, kind, n, at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (account, table_id, kind, n) DO NOTHING`, k.Account, k.Table, k.Kind, k.N, at.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("store: recording a notice: %w", err)
	}
	return n == 1, nil
}

func (q noticeSQL) PruneNotices(ctx context.Context, before time.Time) error {
	if _, err := q.r.exec(ctx, `DELETE FROM notices_sent WHERE at < ?`, before.UnixMilli()); err != nil {
		return fmt.Errorf("store: forgetting old notices: %w", err)
	}
	if _, err := q.r.exec(ctx, `DELETE FROM notice_mail WHERE at < ?`, before.UnixMilli()); err != nil {
		return fmt.Errorf("store: forgetting old notices: %w", err)
	}
	return nil
}

func (q noticeSQL) TakeMailSlot(ctx context.Context, account, table string, at, since time.Time) (bool, error) {
	n, err := q.r.exec(ctx, `INSERT INTO notice_mail (account, table_id, at) VALUES (?, ?, ?)
		ON CONFLICT (account, table_id) DO UPDATE SET at = excluded.at WHERE notice_mail.at <= ?`,
		account, table, at.UnixMilli(), since.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("store: recording a mail: %w", err)
	}
	return n == 1, nil
}
