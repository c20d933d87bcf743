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
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "?"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
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
