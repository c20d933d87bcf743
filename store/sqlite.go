package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver
)

// SQLite is the embedded store: one file, written through one connection
// (SQLite allows one writer), in WAL mode so readers never wait for it.
type SQLite struct {
	db       *sql.DB
	ckpt     *sql.DB // a second connection that checkpoints the log (nil in memory)
	ckptStop chan struct{}
	ckptDone chan struct{}
	// logFrames is the length of the log in pages when the checkpointer
	// last looked; checkpoints and restarts count the checkpointer's
	// passes and the writer's.
	logFrames             atomic.Int64
	checkpoints, restarts atomic.Int64
	restartFrames         int64                      // the log's length past which the writer restarts it
	insertMoves           [len(insertRows)]*sql.Stmt // inserting insertRows[i] moves at once
	appends               chan appendReq
	writerDone            chan struct{}
	mu                    sync.RWMutex // closed, and sends on appends
	closed                bool
}

// Durability is how a commit reaches the disk.
type Durability string

const (
	// Full syncs the write-ahead log to the disk at every commit: an
	// acknowledged move survives an operating-system crash or a power
	// loss. Moves arriving together share one commit, so one sync.
	Full Durability = "full"
	// Normal leaves the syncing to checkpoints: an acknowledged move
	// survives the server being killed, but an operating-system crash or a
	// power loss may lose the last ones.
	Normal Durability = "normal"
)

// ParseDurability reads "full" or "normal".
func ParseDurability(s string) (Durability, error) {
	switch d := Durability(s); d {
	case Full, Normal:
		return d, nil
	}
	return "", fmt.Errorf("durability %q: want full or normal", s)
}

// OpenSQLite opens (creating if needed) the database file at path with
// Full durability; ":memory:" keeps it in memory.
func OpenSQLite(path string) (*SQLite, error) { return OpenSQLiteWith(path, Full) }

// OpenSQLiteWith opens the database file at path with the durability d.
func OpenSQLiteWith(path string, d Durability) (*SQLite, error) {
	if _, err := ParseDurability(string(d)); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	base := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(" + strings.ToUpper(string(d)) + ")&_pragma=foreign_keys(ON)"
	// The writer leaves checkpoints to the checkpointer: a commit that
	// copied the log into the database would hold up every move queued
	// behind it.
	dsn := base + "&_pragma=wal_autocheckpoint(0)&_pragma=journal_size_limit(" + strconv.Itoa(logSizeLimit) + ")"
	if path == ":memory:" {
		dsn = "file::memory:?_pragma=foreign_keys(ON)"
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if err := migrateSQLite(context.Background(), db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: preparing the schema in %s: %w", path, err)
	}
	s := &SQLite{db: db, appends: make(chan appendReq, maxBatch), writerDone: make(chan struct{}), restartFrames: restartFrames}
	for i, rows := range insertRows {
		q := `INSERT INTO moves (table_id, n, seat, move, at) VALUES (?, ?, ?, ?, ?)` + strings.Repeat(`, (?, ?, ?, ?, ?)`, rows-1)
		if s.insertMoves[i], err = db.Prepare(q); err != nil {
			s.closeStatements()
			db.Close()
			return nil, fmt.Errorf("store: %s: %w", path, err)
		}
	}
	if path != ":memory:" {
		ckpt, err := sql.Open("sqlite", base)
		if err != nil {
			s.closeStatements()
			db.Close()
			return nil, fmt.Errorf("store: opening %s: %w", path, err)
		}
		ckpt.SetMaxOpenConns(1)
		s.ckpt, s.ckptStop, s.ckptDone = ckpt, make(chan struct{}), make(chan struct{})
		go s.checkpointer()
	}
	go s.writer()
	return s, nil
}

// checkpointEvery is how often the checkpointer copies the log into the
// database.
const checkpointEvery = 100 * time.Millisecond

// checkpointer copies what the log holds into the database, on its own
// connection, beside the writer: a passive checkpoint waits for nobody
// and holds nobody up. While moves keep coming it never catches up with
// the last of them, so the log would only grow: once it is long, the
// writer finishes the copy itself between two commits (restartLog),
// with little left to copy, and the log is written again from its
// start.
func (s *SQLite) checkpointer() {
	defer close(s.ckptDone)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ckptStop:
			return
		case <-tick.C:
			var busy, log, done int64
			if err := s.ckpt.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &done); err == nil {
				s.logFrames.Store(log)
				s.checkpoints.Add(1)
			} // else the next tick tries again
		}
	}
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
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		return whole(ctx, tx, func(r runner) error {
			_, err := r.exec(ctx, `INSERT INTO tables (id, game, options, setup, seed, seats, created, open, watch, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				t.ID, t.Game, opts, setup, int64(t.Seed), string(seats), t.Created.UnixMilli(), t.Open, nullable(t.Watch), nullable(t.Owner))
			if err != nil {
				return err
			}
			return indexSeats(ctx, r, t.ID, t.Seats)
		})
	})
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
	return s.queue(appendReq{table: tableID, move: m, done: make(chan error, 1)})
}

// write hands a change other than a move to the writer, to be committed
// with whatever else arrives together: with Full durability every commit
// waits for the disk, so a table created, a seat taken or a game finished
// shares its sync with the moves of other tables.
func (s *SQLite) write(ctx context.Context, exec func(context.Context, *sql.Tx) error) error {
	return s.queue(appendReq{exec: exec, done: make(chan error, 1)})
}

func (s *SQLite) queue(req appendReq) error {
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	s.appends <- req
	s.mu.RUnlock()
	return <-req.done
}

// appendReq is a move to append to table, or else a change to exec.
type appendReq struct {
	table string
	move  Move
	exec  func(context.Context, *sql.Tx) error
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
		if s.logFrames.Load() > s.restartFrames {
			s.restartLog()
		}
	}
}

// restartFrames is the length of the log (in pages of 4 KiB) past which
// the writer finishes a checkpoint itself.
const restartFrames = 4000

// logSizeLimit is the size in bytes the log's file is cut back to when it
// is written again from its start.
var logSizeLimit = 64 << 20

// restartLog checkpoints on the writer's connection between commits, so
// that the checkpoint reaches the log's end and the next commit writes
// the log from its start.
func (s *SQLite) restartLog() {
	s.logFrames.Store(0)
	s.restarts.Add(1)
	s.db.Exec(`PRAGMA wal_checkpoint(PASSIVE)`) //nolint:errcheck // tried again when the log is long again
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// insertRows are the numbers of moves one statement inserts: a run of
// moves goes in as few statements as these make it, the last one
// inserting a move alone.
var insertRows = [...]int{32, 8, 1}

// closeStatements closes the prepared inserts.
func (s *SQLite) closeStatements() {
	for _, st := range s.insertMoves {
		if st != nil {
			st.Close()
		}
	}
}

func (s *SQLite) commit(batch []appendReq) {
	ctx := context.Background()
	now := time.Now().UnixMilli()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		for _, r := range batch {
			r.done <- fmt.Errorf("store: appending move %d to table %s: %w", r.move.N, r.table, err)
		}
		return
	}
	var stmts [len(insertRows)]*sql.Stmt
	stmt := func(i int) *sql.Stmt {
		if stmts[i] == nil {
			stmts[i] = tx.StmtContext(ctx, s.insertMoves[i])
		}
		return stmts[i]
	}
	errs := make([]error, len(batch))
	args := make([]any, 0, 5*insertRows[0])
	for i := 0; i < len(batch); {
		if batch[i].exec != nil {
			errs[i] = batch[i].exec(ctx, tx)
			i++
			continue
		}
		run := 0 // the moves from i on, up to the next other change
		for i+run < len(batch) && batch[i+run].exec == nil {
			run++
		}
		for k, rows := range insertRows {
			for run >= rows {
				args = args[:0]
				for _, r := range batch[i : i+rows] {
					args = append(args, r.table, r.move.N, r.move.Seat, r.move.Move, now)
				}
				_, err := stmt(k).ExecContext(ctx, args...)
				if err != nil && rows > 1 {
					// A failed statement undoes only itself: the moves go
					// in one by one, so that each gets its own answer.
					for j, r := range batch[i : i+rows] {
						_, err := stmt(len(insertRows)-1).ExecContext(ctx, r.table, r.move.N, r.move.Seat, r.move.Move, now)
						errs[i+j] = moveError(err, r.table, r.move.N)
					}
				} else {
					for j, r := range batch[i : i+rows] {
						errs[i+j] = moveError(err, r.table, r.move.N)
					}
				}
				i, run = i+rows, run-rows
			}
		}
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
	return s.end(ctx, tableID, `UPDATE tables SET finished = 1, outcome = ? WHERE id = ?`, string(outcome))
}

// end ends a table with query (its value, then the table's id), and marks
// it ended in the index of the accounts at its seats, in one go.
func (s *SQLite) end(ctx context.Context, tableID, query string, value any) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		return whole(ctx, tx, func(r runner) error {
			n, err := r.exec(ctx, query, value, tableID)
			if err != nil {
				return fmt.Errorf("store: updating table %s: %w", tableID, err)
			}
			if n == 0 {
				return ErrNotFound
			}
			return markEnded(ctx, r, tableID)
		})
	})
}

func (s *SQLite) UpdateSeats(ctx context.Context, tableID string, seats []Seat) error {
	raw, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		return whole(ctx, tx, func(r runner) error {
			n, err := r.exec(ctx, `UPDATE tables SET seats = ? WHERE id = ?`, string(raw), tableID)
			if err != nil {
				return fmt.Errorf("store: updating table %s: %w", tableID, err)
			}
			if n == 0 {
				return ErrNotFound
			}
			return indexSeats(ctx, r, tableID, seats)
		})
	})
}

func (s *SQLite) SetRematch(ctx context.Context, tableID, rematch string) error {
	return s.update(ctx, tableID, `UPDATE tables SET rematch = ? WHERE id = ?`, rematch)
}

func (s *SQLite) Abandon(ctx context.Context, tableID string) error {
	return s.end(ctx, tableID, `UPDATE tables SET finished = 1, abandoned = ? WHERE id = ?`, 1)
}

func (s *SQLite) MarkDamaged(ctx context.Context, tableID, reason string) error {
	return s.update(ctx, tableID, `UPDATE tables SET damaged = ? WHERE id = ?`, reason)
}

// update changes one table with query (its value, then the table's id),
// through the writer.
func (s *SQLite) update(ctx context.Context, tableID, query string, value any) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, value, tableID)
		if err != nil {
			return fmt.Errorf("store: updating table %s: %w", tableID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

func (s *SQLite) Load(ctx context.Context, tableID string) (Table, []Move, error) {
	r, err := s.load(ctx, tableID, false)
	return r.Table, r.Moves, err
}

// Export reads a table whole, with the time of every move.
func (s *SQLite) Export(ctx context.Context, tableID string) (Record, error) {
	r, err := s.load(ctx, tableID, true)
	r.Table.Active = time.Time{}
	return r, err
}

// load reads a table and its moves, and with at when each move was
// stored. A row that does not read, whatever its column, is
// ErrUnreadable.
func (s *SQLite) load(ctx context.Context, tableID string, at bool) (Record, error) {
	v := make([]any, 16)
	err := s.db.QueryRowContext(ctx, `SELECT `+tableColumns+`, (SELECT MAX(at) FROM moves WHERE moves.table_id = tables.id)
		FROM tables WHERE id = ?`, tableID).Scan(scanTargets(v)...)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, ErrNotFound
	}
	if err != nil {
		return Record{}, fmt.Errorf("store: loading table %s: %w", tableID, err)
	}
	var r rowReader
	t := r.table(v)
	t.Active = t.Created
	if active := r.optMillis("moves.at", v[15]); active.After(t.Created) {
		t.Active = active
	}
	if err := r.err(tableID); err != nil {
		return Record{}, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+moveColumns+` FROM moves WHERE table_id = ? ORDER BY n`, tableID)
	if err != nil {
		return Record{}, fmt.Errorf("store: loading the moves of table %s: %w", tableID, err)
	}
	defer rows.Close()
	return r.allMoves(rows, Record{Table: t}, tableID, at)
}

// millis is a time to store: milliseconds, NULL when zero.
func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// TableIDs lists every table, oldest first.
func (s *SQLite) TableIDs(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM tables ORDER BY created, id`)
}

// Import stores a table whole in one transaction.
func (s *SQLite) Import(ctx context.Context, r Record) error {
	t := r.Table
	seats, err := json.Marshal(t.Seats)
	if err != nil {
		return err
	}
	if len(r.At) != 0 && len(r.At) != len(r.Moves) {
		return fmt.Errorf("store: importing table %s: %d moves, %d times", t.ID, len(r.Moves), len(r.At))
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: importing table %s: %w", t.ID, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tables WHERE id = ?`, t.ID).Scan(&n); err != nil {
		return fmt.Errorf("store: importing table %s: %w", t.ID, err)
	}
	if n > 0 {
		return ErrExists
	}
	var setup, outcome any
	if t.Setup != nil {
		setup = string(t.Setup)
	}
	if t.Outcome != nil {
		outcome = string(t.Outcome)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO tables (id, game, options, setup, seed, seats, created, finished, outcome, open, rematch,
		watch, owner, abandoned, damaged) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.Game, string(t.Options), setup, int64(t.Seed), string(seats), t.Created.UnixMilli(), t.Finished, outcome, t.Open,
		nullable(t.Rematch), nullable(t.Watch), nullable(t.Owner), t.Abandoned, nullable(t.Damaged))
	if err != nil {
		return fmt.Errorf("store: importing table %s: %w", t.ID, err)
	}
	for i, m := range r.Moves {
		var at any
		if len(r.At) > 0 {
			at = millis(r.At[i])
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO moves (table_id, n, seat, move, at) VALUES (?, ?, ?, ?, ?)`, t.ID, m.N, m.Seat, m.Move, at); err != nil {
			return fmt.Errorf("store: importing move %d of table %s: %w", m.N, t.ID, err)
		}
	}
	if err := indexSeats(ctx, sqlTxRunner{tx}, t.ID, t.Seats); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: importing table %s: %w", t.ID, err)
	}
	return nil
}

func (s *SQLite) Unfinished(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM tables WHERE finished = 0 AND damaged IS NULL ORDER BY created, id`)
}

// ids lists the ids query selects; an id that is not text (a row
// nobody can name) is left out.
func (s *SQLite) ids(ctx context.Context, query string) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id any
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: listing tables: %w", err)
		}
		if id, ok := id.(string); ok {
			ids = append(ids, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	return ids, nil
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
	if s.ckpt != nil {
		close(s.ckptStop)
		<-s.ckptDone
		s.ckpt.Close()
	}
	s.closeStatements()
	return s.db.Close()
}

// Recent reads the page of tables first, then sums up the moves of each
// from the index of moves (their number, the least and the greatest
// number), so that a listed table is known to have none missing. Every
// row is read on its own: one that does not read is listed with its id
// and why.
func (s *SQLite) Recent(ctx context.Context, limit int) ([]Table, error) {
	rows, err := s.db.QueryContext(ctx, `WITH page AS MATERIALIZED (SELECT `+tableColumns+` FROM tables
			WHERE damaged IS NULL ORDER BY created DESC, id LIMIT ?)
		SELECT page.*, (SELECT COUNT(*) FROM moves WHERE table_id = page.id), (SELECT MIN(n) FROM moves WHERE table_id = page.id),
			(SELECT MAX(n) FROM moves WHERE table_id = page.id)
		FROM page ORDER BY created DESC, id`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	defer rows.Close()
	var out []Table
	v := make([]any, 15+movesSummary)
	for rows.Next() {
		if err := rows.Scan(scanTargets(v)...); err != nil {
			return nil, fmt.Errorf("store: listing tables: %w", err)
		}
		out = append(out, recentRow(v))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing tables: %w", err)
	}
	return out, nil
}
