package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// The schema of each store is a numbered list of steps; the database keeps
// the number of steps applied (SQLite in PRAGMA user_version, PostgreSQL
// in the table schema_version). Opening a database applies the steps it
// lacks, each in one transaction together with the new number, so that a
// step is either done and counted or not done at all; a database with more
// steps than the program knows was made by a newer program and is refused.
//
// Adding a step (a column, an index, a table):
//   - append it to the steps of each store it concerns: both for what both
//     keep (then check the behaviour in storetest.Run), postgresSteps
//     alone for what only servers sharing a database need;
//   - never edit, reorder or remove a step that has shipped: databases out
//     there have run it, and a database that has not runs the steps in
//     order, from step 1;
//   - write its statements out in the step (or in a constant of its own,
//     as sqliteSchema1), never built from code that a later change edits;
//   - keep to statements that run inside a transaction (not VACUUM or
//     PRAGMA journal_mode in SQLite, not CREATE INDEX CONCURRENTLY in
//     PostgreSQL);
//   - test the upgrade of a database of the previous version in the
//     store's own tests (as TestSQLiteUpgradesAnOlderFile does).

// sqliteStep changes a SQLite database's schema on conn, inside the
// transaction migrateSQLite began there.
type sqliteStep struct {
	about string
	apply func(ctx context.Context, conn *sql.Conn) error
}

// postgresStep changes a PostgreSQL database's schema inside tx.
type postgresStep struct {
	about string
	apply func(ctx context.Context, tx pgx.Tx) error
}

var sqliteSteps = []sqliteStep{
	{"tables and moves; the columns that files of earlier versions lack", sqliteStep1},
	{"accounts, their sessions and failed sign-ins", sqliteStep2},
	{"ratings, their history, the tables each account played", sqliteRatingsStep},
	{"passkeys and the WebAuthn ceremonies begun", sqliteStep3},
	{"chat: the messages of tables, their reports, each table's chat setting", sqliteChatStep},
	{"clocks: each timed table's clock", sqliteClocksStep},
	{"the index of the accounts at tables' seats", sqliteSeatAccountsStep},
	{"notices: the accounts' choices, push subscriptions, the server's keys, the notices sent", sqliteNoticesStep},
}

var postgresSteps = []postgresStep{
	{"tables and moves", postgresStep1},
	{"leases: which server holds which table", postgresStep2},
	{"accounts, their sessions and failed sign-ins", postgresStep3},
	{"ratings, their history, the tables each account played", postgresRatingsStep},
	{"passkeys and the WebAuthn ceremonies begun", postgresStep4},
	{"chat: the messages of tables, their reports, each table's chat setting", postgresChatStep},
	{"clocks: each timed table's clock", postgresClocksStep},
	{"the index of the accounts at tables' seats", postgresSeatAccountsStep},
	{"notices: the accounts' choices, push subscriptions, the server's keys, the notices sent", postgresNoticesStep},
}

// ErrNewerSchema: the database was written by a newer program, whose
// schema this one does not know.
var ErrNewerSchema = errors.New("the database was written by a newer stolik: use that one (or a newer one)")

// newerSchema is the refusal of a database made by a newer program.
func newerSchema(have, know int) error {
	return fmt.Errorf("%w (schema version %d; this one knows versions up to %d)", ErrNewerSchema, have, know)
}

const sqliteSchema1 = `
CREATE TABLE IF NOT EXISTS tables (
	id       TEXT PRIMARY KEY,
	game     TEXT NOT NULL,
	options  TEXT NOT NULL,
	setup    TEXT,
	seed     INTEGER NOT NULL,
	seats    TEXT NOT NULL,
	created  INTEGER NOT NULL,
	finished INTEGER NOT NULL DEFAULT 0,
	outcome  TEXT,
	open     INTEGER NOT NULL DEFAULT 0,
	rematch  TEXT,
	watch    TEXT,
	owner    TEXT,
	abandoned INTEGER NOT NULL DEFAULT 0,
	damaged  TEXT
);
CREATE TABLE IF NOT EXISTS moves (
	table_id TEXT NOT NULL REFERENCES tables(id),
	n        INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	move     TEXT NOT NULL,
	at       INTEGER,
	PRIMARY KEY (table_id, n)
);
`

// sqliteStep1 creates the tables, or brings a file of a version before
// schema versions (user_version 0, some columns missing) to their shape.
func sqliteStep1(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, sqliteSchema1); err != nil {
		return err
	}
	for _, c := range []struct{ table, name, def string }{
		{"tables", "open", "INTEGER NOT NULL DEFAULT 0"}, {"tables", "rematch", "TEXT"},
		{"tables", "watch", "TEXT"}, {"tables", "owner", "TEXT"},
		{"tables", "abandoned", "INTEGER NOT NULL DEFAULT 0"}, {"tables", "damaged", "TEXT"},
		{"moves", "at", "INTEGER"},
	} {
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?`, c.table, c.name).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := conn.ExecContext(ctx, `ALTER TABLE `+c.table+` ADD COLUMN `+c.name+` `+c.def); err != nil {
				return err
			}
		}
	}
	_, err := conn.ExecContext(ctx, `CREATE INDEX IF NOT EXISTS tables_unfinished ON tables(finished) WHERE finished = 0`)
	return err
}

// postgresStep1 creates the tables. Ids sort bytewise (COLLATE "C"), as
// SQLite sorts them, whatever the database's locale. JSON is kept as text,
// byte for byte as written, as SQLite keeps it.
func postgresStep1(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `
CREATE TABLE tables (
	id        TEXT COLLATE "C" PRIMARY KEY,
	game      TEXT NOT NULL,
	options   TEXT NOT NULL,
	setup     TEXT,
	seed      BIGINT NOT NULL,
	seats     TEXT NOT NULL,
	created   BIGINT NOT NULL,
	finished  BOOLEAN NOT NULL DEFAULT FALSE,
	outcome   TEXT,
	open      BOOLEAN NOT NULL DEFAULT FALSE,
	rematch   TEXT,
	watch     TEXT,
	owner     TEXT,
	abandoned BOOLEAN NOT NULL DEFAULT FALSE,
	damaged   TEXT
);
CREATE TABLE moves (
	table_id TEXT COLLATE "C" NOT NULL REFERENCES tables(id),
	n        INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	move     TEXT NOT NULL,
	at       BIGINT,
	PRIMARY KEY (table_id, n)
);
CREATE INDEX tables_unfinished ON tables(finished) WHERE NOT finished;
CREATE INDEX tables_created ON tables(created DESC, id);
`)
	return err
}

// postgresStep2 adds the leases of servers sharing the database (Leaser):
// a row per table held, with the holder and when the lease runs out, in
// the database's own clock so that the servers' clocks never matter. A
// lease may name a table not stored yet (it is taken before the table is
// created), so there is no foreign key.
func postgresStep2(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `
CREATE TABLE leases (
	table_id TEXT COLLATE "C" PRIMARY KEY,
	node     TEXT NOT NULL,
	expires  TIMESTAMPTZ NOT NULL,
	taken    BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX leases_node ON leases(node);
`)
	return err
}

// accountsSchema is step 2 of SQLite and step 3 of PostgreSQL, the same
// statements for both: an account's name key is unique; a session is
// found by its secret's hash; failed sign-ins are counted per key
// (an account's name key or an address) over a window. Shipped: never
// edit it; a change to either store's accounts is a step of its own.
const accountsSchema = `
CREATE TABLE IF NOT EXISTS accounts (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	name_key   TEXT NOT NULL UNIQUE,
	display    TEXT NOT NULL,
	lang       TEXT NOT NULL,
	password   TEXT NOT NULL DEFAULT '',
	created    BIGINT NOT NULL,
	banned     INTEGER NOT NULL DEFAULT 0,
	ban_reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS sessions (
	id      TEXT PRIMARY KEY,
	hash    TEXT NOT NULL UNIQUE,
	account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	created BIGINT NOT NULL,
	used    BIGINT NOT NULL,
	device  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account);
CREATE INDEX IF NOT EXISTS sessions_used ON sessions(used);
CREATE TABLE IF NOT EXISTS sign_in_failures (
	key TEXT NOT NULL,
	at  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_failures_key ON sign_in_failures(key, at);
CREATE INDEX IF NOT EXISTS sign_in_failures_at ON sign_in_failures(at);
`

// sqliteStep2 adds the accounts (accountsSchema).
func sqliteStep2(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, accountsSchema)
	return err
}

// postgresStep3 adds the accounts (accountsSchema).
func postgresStep3(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, accountsSchema)
	return err
}

// passkeysSchema is step 3 of SQLite and step 4 of PostgreSQL, the same
// statements for both: a passkey is found by its credential id, unique;
// a ceremony by its handle, and forgotten once expired. Shipped: never
// edit it.
const passkeysSchema = `
CREATE TABLE IF NOT EXISTS passkeys (
	id            TEXT PRIMARY KEY,
	account       TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	credential_id TEXT NOT NULL UNIQUE,
	name          TEXT NOT NULL,
	credential    TEXT NOT NULL,
	created       BIGINT NOT NULL,
	used          BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys(account);
CREATE TABLE IF NOT EXISTS webauthn_ceremonies (
	id      TEXT PRIMARY KEY,
	kind    TEXT NOT NULL,
	account TEXT NOT NULL DEFAULT '',
	data    TEXT NOT NULL,
	expires BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS webauthn_ceremonies_expires ON webauthn_ceremonies(expires);
`

// sqliteStep3 adds the passkeys (passkeysSchema).
func sqliteStep3(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, passkeysSchema)
	return err
}

// postgresStep4 adds the passkeys (passkeysSchema).
func postgresStep4(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, passkeysSchema)
	return err
}

// migrateSQLite applies the steps the file lacks. Each runs in a write
// transaction begun at once (BEGIN IMMEDIATE), so that two programs
// opening one file never both apply a step.
func migrateSQLite(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for {
		done, err := sqliteNextStep(ctx, conn)
		if err != nil || done {
			return err
		}
	}
}

// sqliteNextStep applies the first step the file lacks, if any.
func sqliteNextStep(ctx context.Context, conn *sql.Conn) (done bool, err error) {
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		return false, err
	}
	defer func() {
		if err != nil || done {
			conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
		}
	}()
	var v int
	if err := conn.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return false, err
	}
	if v > len(sqliteSteps) {
		return false, newerSchema(v, len(sqliteSteps))
	}
	if v == len(sqliteSteps) {
		return true, nil
	}
	if err := sqliteSteps[v].apply(ctx, conn); err != nil {
		return false, fmt.Errorf("schema step %d (%s): %w", v+1, sqliteSteps[v].about, err)
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v+1)); err != nil {
		return false, err
	}
	if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
		return false, err
	}
	return false, nil
}

// postgresLock is the advisory lock that keeps two programs from
// migrating one database at once.
const postgresLock = 0x5354_4f4c_494b // "STOLIK"

// migratePostgres applies the steps the database lacks.
func migratePostgres(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}) error {
	for {
		done, err := postgresNextStep(ctx, db)
		if err != nil || done {
			return err
		}
	}
}

// postgresNextStep applies the first step the database lacks, if any.
func postgresNextStep(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}) (done bool, err error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(postgresLock)); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), version INTEGER NOT NULL)`); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING`); err != nil {
		return false, err
	}
	var v int
	if err := tx.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil {
		return false, err
	}
	if v > len(postgresSteps) {
		return false, newerSchema(v, len(postgresSteps))
	}
	if v == len(postgresSteps) {
		return true, tx.Commit(ctx)
	}
	if err := postgresSteps[v].apply(ctx, tx); err != nil {
		return false, fmt.Errorf("schema step %d (%s): %w", v+1, postgresSteps[v].about, err)
	}
	if _, err := tx.Exec(ctx, `UPDATE schema_version SET version = $1`, v+1); err != nil {
		return false, err
	}
	return false, tx.Commit(ctx)
}

// sqliteChatStep adds the tables' chat (Chats): the messages, numbered
// from 0 per table; the reports of them; and each table's chat setting.
func sqliteChatStep(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, `
CREATE TABLE IF NOT EXISTS chat (
	table_id   TEXT NOT NULL REFERENCES tables(id),
	n          INTEGER NOT NULL,
	at         INTEGER NOT NULL,
	seat       INTEGER NOT NULL,
	name       TEXT NOT NULL DEFAULT '',
	text       TEXT NOT NULL DEFAULT '',
	phrase     TEXT NOT NULL DEFAULT '',
	deleted_by TEXT,
	PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS chat_reports (
	id       INTEGER PRIMARY KEY AUTOINCREMENT,
	table_id TEXT NOT NULL,
	n        INTEGER NOT NULL,
	reporter INTEGER NOT NULL,
	reason   TEXT NOT NULL DEFAULT '',
	at       INTEGER NOT NULL,
	closed   INTEGER NOT NULL DEFAULT 0,
	FOREIGN KEY (table_id, n) REFERENCES chat(table_id, n)
);
CREATE INDEX IF NOT EXISTS chat_reports_open ON chat_reports(id) WHERE closed = 0;
CREATE TABLE IF NOT EXISTS chat_modes (
	table_id TEXT PRIMARY KEY REFERENCES tables(id),
	mode     TEXT NOT NULL
);
`)
	return err
}

// postgresChatStep adds the tables' chat, as sqliteChatStep does.
func postgresChatStep(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `
CREATE TABLE chat (
	table_id   TEXT COLLATE "C" NOT NULL REFERENCES tables(id),
	n          INTEGER NOT NULL,
	at         BIGINT NOT NULL,
	seat       INTEGER NOT NULL,
	name       TEXT NOT NULL DEFAULT '',
	text       TEXT NOT NULL DEFAULT '',
	phrase     TEXT NOT NULL DEFAULT '',
	deleted_by TEXT,
	PRIMARY KEY (table_id, n)
);
CREATE TABLE chat_reports (
	id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	table_id TEXT COLLATE "C" NOT NULL,
	n        INTEGER NOT NULL,
	reporter INTEGER NOT NULL,
	reason   TEXT NOT NULL DEFAULT '',
	at       BIGINT NOT NULL,
	closed   BOOLEAN NOT NULL DEFAULT FALSE,
	FOREIGN KEY (table_id, n) REFERENCES chat(table_id, n)
);
CREATE INDEX chat_reports_open ON chat_reports(id) WHERE NOT closed;
CREATE TABLE chat_modes (
	table_id TEXT COLLATE "C" PRIMARY KEY REFERENCES tables(id),
	mode     TEXT NOT NULL
);
`)
	return err
}

// sqliteNoticesStep adds the notices (noticesSchema).
func sqliteNoticesStep(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, noticesSchema)
	return err
}

// postgresNoticesStep adds the notices (noticesSchema).
func postgresNoticesStep(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, noticesSchema)
	return err
}
