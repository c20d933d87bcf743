package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// ErrDSN: a database named in a way no store knows.
var ErrDSN = errors.New("store: unknown kind of database (want sqlite:PATH, a file path or postgres://...)")

// Open opens the store that dsn names: a postgres:// or postgresql:// URL
// is a PostgreSQL database, sqlite:PATH or a plain path a SQLite file.
func Open(ctx context.Context, dsn string, d Durability) (Store, error) {
	kind, target, err := parseDSN(dsn)
	if err != nil {
		return nil, err
	}
	if kind == "postgres" {
		return OpenPostgresWith(ctx, target, d)
	}
	return OpenSQLiteWith(target, d)
}

// Describe is dsn as it may be logged or printed: a SQLite file's path, or
// a PostgreSQL URL without its password.
func Describe(dsn string) string {
	kind, target, err := parseDSN(dsn)
	switch {
	case err != nil:
		return "?"
	case kind == "postgres":
		return redact(target)
	}
	return target
}

// redact leaves the password out of a URL.
func redact(s string) string { return MaskURL(s) }

// Masked stands for a secret in what is shown of a URL or a command line.
const Masked = "xxxxx"

// MaskURL is s with its password masked if s is a URL with one; a string that
// looks like a URL but does not parse is masked whole.
func MaskURL(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil {
		return Masked
	}
	changed := false
	q := u.Query()
	for k := range q {
		if SecretName(k) {
			q.Set(k, Masked)
			changed = true
		}
	}
	if changed {
		u.RawQuery = q.Encode()
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), Masked)
		changed = true
	}
	if !changed {
		return s
	}
	return u.String()
}

// SecretName says whether a flag or a query parameter of that name holds
// a secret (a token, a password), not a file holding one.
func SecretName(name string) bool {
	name = strings.ToLower(name)
	if strings.HasSuffix(name, "-file") {
		return false
	}
	for _, w := range []string{"token", "password", "passwd", "secret"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

func parseDSN(dsn string) (kind, target string, err error) {
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok && path != "" {
		return "sqlite", path, nil
	}
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return "postgres", dsn, nil
	}
	if dsn == "" || strings.Contains(dsn, "://") || strings.HasPrefix(dsn, "sqlite:") {
		return "", "", fmt.Errorf("%w: %q", ErrDSN, redact(dsn))
	}
	return "sqlite", dsn, nil
}

// SQLitePath is the path of the SQLite file dsn names, if it names one.
func SQLitePath(dsn string) (string, bool) {
	kind, target, err := parseDSN(dsn)
	return target, err == nil && kind == "sqlite"
}
