package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver
)

// SQLite is the embedded store: one file, written through one connection
// (SQLite allows one writer), in WAL mode so readers never wait for it.
type SQLite struct {
	db         *sql.DB
	insertMove *sql.Stmt
	appends    chan appendReq
	writerDone chan struct{}
	mu         sync.RWMutex // closed, and sends on appends
	closed     bool
}

const schema = `
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
	rematch  TEXT
);
CREATE TABLE IF NOT EXISTS moves (
	table_id TEXT NOT NULL REFERENCES tables(id),
	n        INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	move     TEXT NOT NULL,
	PRIMARY KEY (table_id, n)
);
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables(finished) WHERE finished = 0;
`

// OpenSQLite opens (creating if needed) the database file at path;
// ":memory:" keeps it in memory.
func OpenSQLite(path string) (*SQLite, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)"
	if path == ":memory:" {
		dsn = "file::memory:?_pragma=foreign_keys(ON)"
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: creating the schema in %s: %w", path, err)
	}
	if err := migrate(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: upgrading the schema in %s: %w", path, err)
	}
	insert, err := db.Prepare(`INSERT INTO moves (table_id, n, seat, move) VALUES (?, ?, ?, ?)`)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	s := &SQLite{db: db, insertMove: insert, appends: make(chan appendReq, maxBatch), writerDone: make(chan struct{})}
	go s.writer()
	return s, nil
}

// migrate adds the columns that files made by earlier versions lack.
func migrate(db *sql.DB) error {
	rows, err := db.Query(`SELECT name FROM pragma_table_info('tables')`)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		have[name] = true
	}
	rows.Close()
	for _, c := range []struct{ name, def string }{{"open", "INTEGER NOT NULL DEFAULT 0"}, {"rematch", "TEXT"}} {
		if !have[c.name] {
			if _, err := db.Exec(`ALTER TABLE tables ADD COLUMN ` + c.name + ` ` + c.def); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *SQLite) CreateTable(ctx context.Context, t Table) error {
	seats, err := json.Marshal(t.Seats)
	if err != nil {
		return err
	}
	if t.Created.IsZero() {
		t.Created = time.Now()
	}
	var setup any
	if len(t.Setup) > 0 {
		setup = string(t.Setup)
	}
	opts := string(t.Options)
	if opts == "" {
		opts = "{}"
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO tables (id, game, options, setup, seed, seats, created, open) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.Game, opts, setup, int64(t.Seed), string(seats), t.Created.UnixMilli(), t.Open)
	if err != nil {
		return fmt.Errorf("store: creating table %s: %w", t.ID, err)
	}
	return nil
}

// AppendMove hands the move to the writer, which commits the moves that
// arrive together in one transaction (group commit), and waits for its
// own result. Once handed over, a move is written whatever becomes of
// ctx, so that a caller never gives up on a move that is then stored.
func (s *SQLite) AppendMove(ctx context.Context, tableID string, m Move) error {
	req := appendReq{table: tableID, move: m, done: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	s.appends <- req
	s.mu.RUnlock()
	return <-req.done
}

type appendReq struct {
	table string
	move  Move
	done  chan error
}

// maxBatch is the most moves one transaction commits.
const maxBatch = 256

// writer commits moves: whatever has queued up while the last commit ran
// goes into the next transaction.
func (s *SQLite) writer() {
	defer close(s.writerDone)
	batch := make([]appendReq, 0, maxBatch)
	for req := range s.appends {
		batch = append(batch[:0], req)
	drain:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-s.appends:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		s.commit(batch)
	}
}

func (s *SQLite) commit(batch []appendReq) {
	ctx := context.Background()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		for _, r := range batch {
			r.done <- fmt.Errorf("store: appending move %d to table %s: %w", r.move.N, r.table, err)
		}
		return
	}
	stmt := tx.StmtContext(ctx, s.insertMove)
	errs := make([]error, len(batch))
	for i, r := range batch {
		_, err := stmt.ExecContext(ctx, r.table, r.move.N, r.move.Seat, r.move.Move)
		errs[i] = moveError(err, r.table, r.move.N)
	}
	if err := tx.Commit(); err != nil {
		for i := range errs {
			errs[i] = fmt.Errorf("store: committing moves: %w", err)
		}
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}

// moveError maps a failed insert of a move to the store's errors; a
// failed statement undoes only itself, so the rest of the batch stands.
func moveError(err error, tableID string, n int) error {
	if err == nil {
		return nil
	}
	if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") {
		return ErrConflict
	}
	if strings.Contains(err.Error(), "FOREIGN KEY") {
		return ErrNotFound
	}
	return fmt.Errorf("store: appending move %d to table %s: %w", n, tableID, err)
}

func (s *SQLite) Finish(ctx context.Context, tableID string, outcome json.RawMessage) error {
	res, err := s.db.ExecContext(ctx, `UPDATE tables SET finished = 1, outcome = ? WHERE id = ?`, string(outcome), tableID)
	if err != nil {
		return fmt.Errorf("store: finishing table %s: %w", tableID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *SQLite) UpdateSeats(ctx context.Context, tableID string, seats []Seat) error {
	raw, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	return s.update(ctx, tableID, `UPDATE tables SET seats = ? WHERE id = ?`, string(raw))
}

func (s *SQLite) SetRematch(ctx context.Context, tableID, rematch string) error {
	return s.update(ctx, tableID, `UPDATE tables SET rematch = ? WHERE id = ?`, rematch)
}

func (s *SQLite) update(ctx context.Context, tableID, query string, value any) error {
	res, err := s.db.ExecContext(ctx, query, value, tableID)
	if err != nil {
		return fmt.Errorf("store: updating table %s: %w", tableID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *SQLite) Load(ctx context.Context, tableID string) (Table, []Move, error) {
	var t Table
	var opts, seats string
	var setup, outcome, rematch sql.NullString
	var seed, created int64
	var finished int
	err := s.db.QueryRowContext(ctx, `SELECT id, game, options, setup, seed, seats, created, finished, outcome, open, rematch FROM tables WHERE id = ?`, tableID).
		Scan(&t.ID, &t.Game, &opts, &setup, &seed, &seats, &created, &finished, &outcome, &t.Open, &rematch)
	if errors.Is(err, sql.ErrNoRows) {
		return Table{}, nil, ErrNotFound
	}
	if err != nil {
		return Table{}, nil, fmt.Errorf("store: loading table %s: %w", tableID, err)
	}
	t.Options, t.Seed, t.Created, t.Finished = json.RawMessage(opts), uint64(seed), time.UnixMilli(created), finished != 0
	if setup.Valid {
		t.Setup = json.RawMessage(setup.String)
	}
	if outcome.Valid {
		t.Outcome = json.RawMessage(outcome.String)
	}
	t.Rematch = rematch.String
	if err := json.Unmarshal([]byte(seats), &t.Seats); err != nil {
		return Table{}, nil, fmt.Errorf("store: table %s: seats: %w", tableID, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT n, seat, move FROM moves WHERE table_id = ? ORDER BY n`, tableID)
	if err != nil {
		return Table{}, nil, fmt.Errorf("store: loading the moves of table %s: %w", tableID, err)
	}
	defer rows.Close()
	var moves []Move
	for rows.Next() {
		var m Move
		if err := rows.Scan(&m.N, &m.Seat, &m.Move); err != nil {
			return Table{}, nil, err
		}
		if m.N != len(moves) {
			return Table{}, nil, fmt.Errorf("store: table %s: move %d is missing", tableID, len(moves))
		}
		moves = append(moves, m)
	}
	return t, moves, rows.Err()
}

func (s *SQLite) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM tables WHERE finished = 0 ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Close lets the writer commit what it holds, then closes the file.
func (s *SQLite) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.appends)
	s.mu.Unlock()
	<-s.writerDone
	s.insertMove.Close()
	return s.db.Close()
}

func (s *SQLite) Recent(ctx context.Context, limit int) ([]Table, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, game, options, seed, seats, created, finished, open, rematch,
		(SELECT COUNT(*) FROM moves WHERE moves.table_id = tables.id) FROM tables ORDER BY created DESC, id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	defer rows.Close()
	var out []Table
	for rows.Next() {
		var t Table
		var opts, seats string
		var rematch sql.NullString
		var seed, created int64
		var finished int
		if err := rows.Scan(&t.ID, &t.Game, &opts, &seed, &seats, &created, &finished, &t.Open, &rematch, &t.Moves); err != nil {
			return nil, err
		}
		t.Options, t.Seed, t.Created, t.Finished, t.Rematch = json.RawMessage(opts), uint64(seed), time.UnixMilli(created), finished != 0, rematch.String
		if err := json.Unmarshal([]byte(seats), &t.Seats); err != nil {
			return nil, fmt.Errorf("store: table %s: seats: %w", t.ID, err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
