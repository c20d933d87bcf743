package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The accounts' statements are the same for both stores, written with ?
// for their parameters (PostgreSQL's $N are put in by pgRunner); flags
// are integers and times milliseconds since 1970 in both.

// runner runs the accounts' statements on one store.
type runner interface {
	exec(ctx context.Context, query string, args ...any) (int64, error)
	// query calls each for every row, with what scans it.
	query(ctx context.Context, query string, each func(scan func(...any) error) error, args ...any) error
}

// errNoRow: a query for one row found none.
var errNoRow = errors.New("store: no row")

// queryRow scans the first row of query into dest; errNoRow if none.
func queryRow(ctx context.Context, r runner, query string, dest []any, args ...any) error {
	found := false
	err := r.query(ctx, query, func(scan func(...any) error) error {
		if found {
			return nil
		}
		found = true
		return scan(dest...)
	}, args...)
	if err == nil && !found {
		return errNoRow
	}
	return err
}

// sqliteRunner writes through the store's writer and reads beside it.
type sqliteRunner struct{ s *SQLite }

func (r sqliteRunner) exec(ctx context.Context, query string, args ...any) (int64, error) {
	var n int64
	err := r.s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return n, err
}

func (r sqliteRunner) query(ctx context.Context, query string, each func(scan func(...any) error) error, args ...any) error {
	rows, err := r.s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// pgRunner runs the statements on the pool, numbering their parameters.
type pgRunner struct{ p *Postgres }

// numbered turns each ? of query into $1, $2, ...
func numbered(query string) string {
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (r pgRunner) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := r.p.pool.Exec(ctx, numbered(query), args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (r pgRunner) query(ctx context.Context, query string, each func(scan func(...any) error) error, args ...any) error {
	rows, err := r.p.pool.Query(ctx, numbered(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// accountSQL is Accounts on a runner.
type accountSQL struct{ r runner }

func (s *SQLite) accounts() accountSQL   { return accountSQL{sqliteRunner{s}} }
func (p *Postgres) accounts() accountSQL { return accountSQL{pgRunner{p}} }

const accountColumns = `id, name, name_key, display, lang, password, created, banned, ban_reason`

func scanAccount(scan func(...any) error) (Account, error) {
	var a Account
	var created, banned int64
	err := scan(&a.ID, &a.Name, &a.Key, &a.Display, &a.Lang, &a.PasswordHash, &created, &banned, &a.BanReason)
	a.Created, a.Banned = time.UnixMilli(created), banned != 0
	return a, err
}

func flag(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (q accountSQL) create(ctx context.Context, a Account) error {
	if a.Created.IsZero() {
		a.Created = time.Now()
	}
	n, err := q.r.exec(ctx, `INSERT INTO accounts (`+accountColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING`,
		a.ID, a.Name, a.Key, a.Display, a.Lang, a.PasswordHash, a.Created.UnixMilli(), flag(a.Banned), a.BanReason)
	if err != nil {
		return fmt.Errorf("store: creating an account: %w", err)
	}
	if n == 0 {
		return ErrNameTaken
	}
	return nil
}

func (q accountSQL) one(ctx context.Context, where string, arg any) (Account, error) {
	var a Account
	found := false
	err := q.r.query(ctx, `SELECT `+accountColumns+` FROM accounts WHERE `+where+` = ?`, func(scan func(...any) error) error {
		var err error
		a, err = scanAccount(scan)
		found = true
		return err
	}, arg)
	if err != nil {
		return Account{}, fmt.Errorf("store: reading an account: %w", err)
	}
	if !found {
		return Account{}, ErrNoAccount
	}
	return a, nil
}

func (q accountSQL) list(ctx context.Context) ([]Account, error) {
	var out []Account
	err := q.r.query(ctx, `SELECT `+accountColumns+` FROM accounts`, func(scan func(...any) error) error {
		a, err := scanAccount(scan)
		out = append(out, a)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: listing accounts: %w", err)
	}
	// Sorted here, bytewise, as the database's locale would not.
	slices.SortFunc(out, func(a, b Account) int { return strings.Compare(a.Key, b.Key) })
	return out, nil
}

// update runs an UPDATE of one account (its id the last parameter).
func (q accountSQL) update(ctx context.Context, query string, args ...any) error {
	n, err := q.r.exec(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: updating an account: %w", err)
	}
	if n == 0 {
		return ErrNoAccount
	}
	return nil
}

const sessionColumns = `id, hash, account, created, used, device`

func scanSession(scan func(...any) error) (Session, error) {
	var s Session
	var created, used int64
	err := scan(&s.ID, &s.Hash, &s.Account, &created, &used, &s.Device)
	s.Created, s.Used = time.UnixMilli(created), time.UnixMilli(used)
	return s, err
}

func (q accountSQL) createSession(ctx context.Context, s Session) error {
	if s.Created.IsZero() {
		s.Created = time.Now()
	}
	if s.Used.IsZero() {
		s.Used = s.Created
	}
	_, err := q.r.exec(ctx, `INSERT INTO sessions (`+sessionColumns+`) VALUES (?, ?, ?, ?, ?, ?)`,
		s.ID, s.Hash, s.Account, s.Created.UnixMilli(), s.Used.UnixMilli(), s.Device)
	if err != nil {
		return fmt.Errorf("store: creating a session: %w", err)
	}
	return nil
}

func (q accountSQL) sessionByHash(ctx context.Context, hash string) (Session, error) {
	var s Session
	found := false
	err := q.r.query(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE hash = ?`, func(scan func(...any) error) error {
		var err error
		s, err = scanSession(scan)
		found = true
		return err
	}, hash)
	if err != nil {
		return Session{}, fmt.Errorf("store: reading a session: %w", err)
	}
	if !found {
		return Session{}, ErrNoSession
	}
	return s, nil
}

func (q accountSQL) sessions(ctx context.Context, account string) ([]Session, error) {
	var out []Session
	err := q.r.query(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE account = ? ORDER BY used DESC, id`, func(scan func(...any) error) error {
		s, err := scanSession(scan)
		out = append(out, s)
		return err
	}, account)
	if err != nil {
		return nil, fmt.Errorf("store: listing sessions: %w", err)
	}
	return out, nil
}

func (q accountSQL) deleteSessions(ctx context.Context, query string, args ...any) (int, error) {
	n, err := q.r.exec(ctx, query, args...)
	if err != nil {
		return 0, fmt.Errorf("store: ending sessions: %w", err)
	}
	return int(n), nil
}

func (q accountSQL) recordFailure(ctx context.Context, at time.Time, keys ...string) error {
	for _, k := range keys {
		if _, err := q.r.exec(ctx, `INSERT INTO sign_in_failures (key, at) VALUES (?, ?)`, k, at.UnixMilli()); err != nil {
			return fmt.Errorf("store: recording a failed sign-in: %w", err)
		}
	}
	return nil
}

func (q accountSQL) failures(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	var n int64
	var oldest sql.NullInt64
	err := queryRow(ctx, q.r, `SELECT COUNT(*), MIN(at) FROM sign_in_failures WHERE key = ? AND at >= ?`,
		[]any{&n, &oldest}, key, since.UnixMilli())
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("store: counting failed sign-ins: %w", err)
	}
	var first time.Time
	if oldest.Valid {
		first = time.UnixMilli(oldest.Int64)
	}
	return int(n), first, nil
}

func (q accountSQL) clear(ctx context.Context, query string, args ...any) error {
	if _, err := q.r.exec(ctx, query, args...); err != nil {
		return fmt.Errorf("store: forgetting failed sign-ins: %w", err)
	}
	return nil
}

// The methods of Accounts, the same on both stores.

var (
	_ Accounts = (*SQLite)(nil)
	_ Accounts = (*Postgres)(nil)
)

func (s *SQLite) CreateAccount(ctx context.Context, a Account) error {
	return s.accounts().create(ctx, a)
}
func (p *Postgres) CreateAccount(ctx context.Context, a Account) error {
	return p.accounts().create(ctx, a)
}
func (s *SQLite) Account(ctx context.Context, id string) (Account, error) {
	return s.accounts().one(ctx, "id", id)
}
func (p *Postgres) Account(ctx context.Context, id string) (Account, error) {
	return p.accounts().one(ctx, "id", id)
}
func (s *SQLite) AccountByKey(ctx context.Context, key string) (Account, error) {
	return s.accounts().one(ctx, "name_key", key)
}
func (p *Postgres) AccountByKey(ctx context.Context, key string) (Account, error) {
	return p.accounts().one(ctx, "name_key", key)
}
func (s *SQLite) ListAccounts(ctx context.Context) ([]Account, error) { return s.accounts().list(ctx) }
func (p *Postgres) ListAccounts(ctx context.Context) ([]Account, error) {
	return p.accounts().list(ctx)
}

const (
	updateProfile = `UPDATE accounts SET display = ?, lang = ? WHERE id = ?`
	updatePass    = `UPDATE accounts SET password = ? WHERE id = ?`
	updateBan     = `UPDATE accounts SET banned = ?, ban_reason = ? WHERE id = ?`
)

func (s *SQLite) UpdateProfile(ctx context.Context, id, display, lang string) error {
	return s.accounts().update(ctx, updateProfile, display, lang, id)
}
func (p *Postgres) UpdateProfile(ctx context.Context, id, display, lang string) error {
	return p.accounts().update(ctx, updateProfile, display, lang, id)
}
func (s *SQLite) SetPassword(ctx context.Context, id, hash string) error {
	return s.accounts().update(ctx, updatePass, hash, id)
}
func (p *Postgres) SetPassword(ctx context.Context, id, hash string) error {
	return p.accounts().update(ctx, updatePass, hash, id)
}
func (s *SQLite) SetBanned(ctx context.Context, id string, banned bool, reason string) error {
	if !banned {
		reason = ""
	}
	return s.accounts().update(ctx, updateBan, flag(banned), reason, id)
}
func (p *Postgres) SetBanned(ctx context.Context, id string, banned bool, reason string) error {
	if !banned {
		reason = ""
	}
	return p.accounts().update(ctx, updateBan, flag(banned), reason, id)
}

func (s *SQLite) CreateSession(ctx context.Context, ses Session) error {
	return s.accounts().createSession(ctx, ses)
}
func (p *Postgres) CreateSession(ctx context.Context, ses Session) error {
	return p.accounts().createSession(ctx, ses)
}
func (s *SQLite) SessionByHash(ctx context.Context, hash string) (Session, error) {
	return s.accounts().sessionByHash(ctx, hash)
}
func (p *Postgres) SessionByHash(ctx context.Context, hash string) (Session, error) {
	return p.accounts().sessionByHash(ctx, hash)
}

const touchSession = `UPDATE sessions SET used = ? WHERE id = ?`

func (s *SQLite) TouchSession(ctx context.Context, id string, at time.Time) error {
	_, err := s.accounts().deleteSessions(ctx, touchSession, at.UnixMilli(), id)
	return err
}
func (p *Postgres) TouchSession(ctx context.Context, id string, at time.Time) error {
	_, err := p.accounts().deleteSessions(ctx, touchSession, at.UnixMilli(), id)
	return err
}
func (s *SQLite) Sessions(ctx context.Context, account string) ([]Session, error) {
	return s.accounts().sessions(ctx, account)
}
func (p *Postgres) Sessions(ctx context.Context, account string) ([]Session, error) {
	return p.accounts().sessions(ctx, account)
}

const deleteSession = `DELETE FROM sessions WHERE account = ? AND id = ?`

func (s *SQLite) DeleteSession(ctx context.Context, account, id string) error {
	return oneSession(s.accounts().deleteSessions(ctx, deleteSession, account, id))
}
func (p *Postgres) DeleteSession(ctx context.Context, account, id string) error {
	return oneSession(p.accounts().deleteSessions(ctx, deleteSession, account, id))
}

func oneSession(n int, err error) error {
	if err == nil && n == 0 {
		return ErrNoSession
	}
	return err
}

func (s *SQLite) DeleteSessions(ctx context.Context, account string) (int, error) {
	return s.accounts().deleteSessions(ctx, `DELETE FROM sessions WHERE account = ?`, account)
}
func (p *Postgres) DeleteSessions(ctx context.Context, account string) (int, error) {
	return p.accounts().deleteSessions(ctx, `DELETE FROM sessions WHERE account = ?`, account)
}
func (s *SQLite) DeleteIdleSessions(ctx context.Context, before time.Time) (int, error) {
	return s.accounts().deleteSessions(ctx, `DELETE FROM sessions WHERE used < ?`, before.UnixMilli())
}
func (p *Postgres) DeleteIdleSessions(ctx context.Context, before time.Time) (int, error) {
	return p.accounts().deleteSessions(ctx, `DELETE FROM sessions WHERE used < ?`, before.UnixMilli())
}

func (s *SQLite) RecordFailure(ctx context.Context, at time.Time, keys ...string) error {
	return s.accounts().recordFailure(ctx, at, keys...)
}
func (p *Postgres) RecordFailure(ctx context.Context, at time.Time, keys ...string) error {
	return p.accounts().recordFailure(ctx, at, keys...)
}
func (s *SQLite) Failures(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	return s.accounts().failures(ctx, key, since)
}
func (p *Postgres) Failures(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	return p.accounts().failures(ctx, key, since)
}
func (s *SQLite) ClearFailures(ctx context.Context, key string) error {
	return s.accounts().clear(ctx, `DELETE FROM sign_in_failures WHERE key = ?`, key)
}
func (p *Postgres) ClearFailures(ctx context.Context, key string) error {
	return p.accounts().clear(ctx, `DELETE FROM sign_in_failures WHERE key = ?`, key)
}
func (s *SQLite) PruneFailures(ctx context.Context, before time.Time) error {
	return s.accounts().clear(ctx, `DELETE FROM sign_in_failures WHERE at < ?`, before.UnixMilli())
}
func (p *Postgres) PruneFailures(ctx context.Context, before time.Time) error {
	return p.accounts().clear(ctx, `DELETE FROM sign_in_failures WHERE at < ?`, before.UnixMilli())
}
