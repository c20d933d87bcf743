package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// A stored row is read column by column from loose values (each scanned
// into an any), so that a value of the wrong type or out of range fails
// its own row, with the column named, and never the query that lists it:
// SQLite keeps any type in any column, and a hand edit or a damaged file
// puts one there; PostgreSQL keeps the types but not what JSON or a time
// must be. What the reasons say names columns and kinds of values, never
// the values themselves.

// tableColumns are the columns of tables that rowReader.table reads, in
// its order.
const tableColumns = `id, game, options, setup, seed, seats, created, finished, outcome, open, rematch, watch, owner, abandoned, damaged`

// moveColumns are the columns of moves that rowReader.move reads.
const moveColumns = `n, seat, move, at`

// rowReader reads one row's values and keeps why the first that does not
// read fails.
type rowReader struct{ bad string }

func (r *rowReader) fail(column, format string, args ...any) {
	if r.bad == "" {
		r.bad = column + ": " + fmt.Sprintf(format, args...)
	}
}

// err is the row's fault as an ErrUnreadable error, nil if it read.
func (r *rowReader) err(tableID string) error {
	if r.bad == "" {
		return nil
	}
	return unreadable(fmt.Errorf("store: table %s: %s", tableID, r.bad))
}

// kind names the type of a value as the database handed it over.
func kind(v any) string {
	switch v.(type) {
	case nil:
		return "NULL"
	case int64, int32, int16, int:
		return "an integer"
	case float64, float32:
		return "a real number"
	case string:
		return "text"
	case []byte:
		return "a blob"
	case bool:
		return "a boolean"
	}
	return fmt.Sprintf("a %T", v)
}

// text reads a column that must hold text.
func (r *rowReader) text(column string, v any) string {
	s, ok := v.(string)
	if !ok {
		r.fail(column, "%s, not text", kind(v))
	}
	return s
}

// optText reads a column that holds text or NULL ("").
func (r *rowReader) optText(column string, v any) string {
	if v == nil {
		return ""
	}
	return r.text(column, v)
}

// integer reads a column that must hold an integer.
func (r *rowReader) integer(column string, v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int32:
		return int64(n)
	}
	r.fail(column, "%s, not an integer", kind(v))
	return 0
}

// flag reads a column that holds a boolean (PostgreSQL) or 0 or 1
// (SQLite).
func (r *rowReader) flag(column string, v any) bool {
	switch b := v.(type) {
	case bool:
		return b
	case int64:
		if b == 0 || b == 1 {
			return b == 1
		}
		r.fail(column, "%d, not 0 or 1", b)
		return false
	}
	r.fail(column, "%s, not a boolean", kind(v))
	return false
}

// The times a row may hold, in milliseconds since 1970: the years 1 to
// 9999, which the API's JSON can write.
var (
	firstMilli = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	lastMilli  = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli() - 1
)

// millis reads a column that holds a time in milliseconds.
func (r *rowReader) millis(column string, v any) time.Time {
	ms := r.integer(column, v)
	if ms < firstMilli || ms > lastMilli {
		r.fail(column, "a time out of range")
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// optMillis reads a time in milliseconds or NULL (zero).
func (r *rowReader) optMillis(column string, v any) time.Time {
	if v == nil {
		return time.Time{}
	}
	return r.millis(column, v)
}

// json reads a column that holds JSON text, or NULL (nil) when optional.
func (r *rowReader) json(column string, v any, optional bool) json.RawMessage {
	if v == nil && optional {
		return nil
	}
	s := r.text(column, v)
	if r.bad == "" && !json.Valid([]byte(s)) {
		r.fail(column, "not JSON")
	}
	if r.bad != "" {
		return nil
	}
	return json.RawMessage(s)
}

// object reads a column that holds a JSON object.
func (r *rowReader) object(column string, v any) json.RawMessage {
	raw := r.json(column, v, false)
	if r.bad == "" && !bytes.HasPrefix(bytes.TrimLeft(raw, " \t\r\n"), []byte("{")) {
		r.fail(column, "JSON, not an object")
	}
	return raw
}

// seats reads the seats' JSON, upgrading the tokens of earlier versions.
func (r *rowReader) seats(column string, v any) []Seat {
	raw := r.json(column, v, false)
	if r.bad != "" {
		return nil
	}
	var seats []Seat
	if err := json.Unmarshal(raw, &seats); err != nil {
		r.fail(column, "not a list of seats")
		return nil
	}
	upgradeSeats(seats)
	return seats
}

// table reads the values of tableColumns. A damaged column that holds
// anything but NULL marks the table damaged, with a reason even where
// none was stored.
func (r *rowReader) table(v []any) Table {
	var t Table
	t.ID = r.text("id", v[0])
	t.Game = r.text("game", v[1])
	t.Options = r.object("options", v[2])
	t.Setup = r.json("setup", v[3], true)
	t.Seed = uint64(r.integer("seed", v[4]))
	t.Seats = r.seats("seats", v[5])
	t.Created = r.millis("created", v[6])
	t.Finished = r.flag("finished", v[7])
	t.Outcome = r.json("outcome", v[8], true)
	t.Open = r.flag("open", v[9])
	t.Rematch = r.optText("rematch", v[10])
	t.Watch = r.optText("watch", v[11])
	t.Owner = r.optText("owner", v[12])
	t.Abandoned = r.flag("abandoned", v[13])
	if v[14] != nil {
		t.Damaged, _ = v[14].(string)
		if t.Damaged == "" {
			t.Damaged = "damaged, with no reason stored (" + kind(v[14]) + ")"
		}
	}
	return t
}

// move reads the values of moveColumns, and when the move was stored.
func (r *rowReader) move(v []any) (Move, time.Time) {
	m := Move{N: int(r.integer("moves.n", v[0])), Seat: int(r.integer("moves.seat", v[1])), Move: r.text("moves.move", v[2])}
	return m, r.optMillis("moves.at", v[3])
}

// movesSummary are the columns that sum up a table's moves for Recent,
// read by rowReader.moves: their number, and the least and the greatest
// number, which the index of moves gives without reading them.
const movesSummary = 3

// moves checks the summary of a table's moves (v) and returns their
// number: numbered from 0 with none missing (a number of the wrong type
// sorts above every integer, so is the greatest). The seat, text and time
// of each move are checked when the table is loaded.
func (r *rowReader) moves(v []any) int {
	n := r.integer("moves", v[0])
	if n == 0 || r.bad != "" {
		return int(n)
	}
	minN, maxN := r.integer("moves.n", v[1]), r.integer("moves.n", v[2])
	if r.bad == "" && (minN != 0 || maxN != n-1) {
		r.fail("moves.n", "a move is missing")
	}
	return int(n)
}

// scanTargets are pointers to each of v, for Scan.
func scanTargets(v []any) []any {
	p := make([]any, len(v))
	for i := range v {
		p[i] = &v[i]
	}
	return p
}

// recentRow reads a row of Recent: tableColumns, then the summary of the
// table's moves. Setup and Outcome are checked and left out; a row that
// does not read is only its id (as far as it reads) and why.
func recentRow(v []any) Table {
	var r rowReader
	t := r.table(v)
	t.Moves = r.moves(v[15:])
	if r.bad != "" {
		id, _ := v[0].(string)
		return Table{ID: id, Damaged: "the row does not read (" + r.bad + ")"}
	}
	t.Setup, t.Outcome = nil, nil
	return t
}

// moveRows are the rows of a query of moveColumns, as database/sql and
// pgx both give them.
type moveRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// allMoves reads a table's moves, in order, into rec (and their times, if
// at): a move that does not read, or a number missing, fails the table.
func (r *rowReader) allMoves(rows moveRows, rec Record, tableID string, at bool) (Record, error) {
	mv := make([]any, 4)
	for rows.Next() {
		if err := rows.Scan(scanTargets(mv)...); err != nil {
			return Record{}, fmt.Errorf("store: loading the moves of table %s: %w", tableID, err)
		}
		m, when := r.move(mv)
		if r.bad == "" && m.N != len(rec.Moves) {
			r.fail("moves.n", "move %d is missing", len(rec.Moves))
		}
		if err := r.err(tableID); err != nil {
			return Record{}, err
		}
		rec.Moves = append(rec.Moves, m)
		if at {
			rec.At = append(rec.At, when)
		}
	}
	if err := rows.Err(); err != nil {
		return Record{}, fmt.Errorf("store: loading the moves of table %s: %w", tableID, err)
	}
	return rec, nil
}
