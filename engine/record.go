package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// RecordFormat is the format tag of a game record.
const RecordFormat = "stolik-record/1"

// Record is a whole game as data: what replays, tests, the server's store and
// bug reports use.
type Record struct {
	Format  string          `json:"format"`
	Game    string          `json:"game"`
	Options map[string]any  `json:"options"`
	Seed    uint64          `json:"seed"`
	Setup   json.RawMessage `json:"setup,omitempty"`
	Moves   []RecordMove    `json:"moves"`
}

// RecordMove is one move of a record, in the game's notation.
type RecordMove struct {
	Seat Seat   `json:"seat"`
	Move string `json:"move"`
	// By is ByBot where a bot played the move for a person (their time
	// ran out, or the bot had taken their seat); empty otherwise.
	By string `json:"by,omitempty"`
}

// ByBot marks a record's move a bot played for a person.
const ByBot = "bot"

// ErrBadRecord wraps every problem with a record's form (as opposed to an
// illegal move inside a well-formed record).
var ErrBadRecord = errors.New("not a valid record")

// DecodeRecord reads one record strictly: unknown fields, trailing data, a
// wrong format tag or a missing game are errors that say where.
func DecodeRecord(r io.Reader) (Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrBadRecord, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return Record{}, fmt.Errorf("%w: %s", ErrBadRecord, describeJSONError(data, err))
	}
	if dec.More() {
		return Record{}, fmt.Errorf("%w: data after the record's closing brace", ErrBadRecord)
	}
	if rec.Format != RecordFormat {
		return Record{}, fmt.Errorf("%w: format is %q, want %q", ErrBadRecord, rec.Format, RecordFormat)
	}
	if rec.Game == "" {
		return Record{}, fmt.Errorf("%w: the field \"game\" is missing", ErrBadRecord)
	}
	for i, m := range rec.Moves {
		if m.Move == "" {
			return Record{}, fmt.Errorf("%w: moves[%d] has no \"move\"", ErrBadRecord, i)
		}
	}
	return rec, nil
}

func describeJSONError(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(data, se.Offset)
		return fmt.Sprintf("JSON syntax error at line %d, column %d: %v", line, col, se)
	case errors.As(err, &te):
		line, col := lineCol(data, te.Offset)
		return fmt.Sprintf("line %d, column %d: field %q must be %v, not a JSON %s", line, col, te.Field, te.Type, te.Value)
	case errors.Is(err, io.EOF):
		return "the file is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too early"
	}
	// encoding/json names an unknown field without its place: it is found
	// as the first key of that name.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if at := keyOffset(data, name); at >= 0 {
			line, col := lineCol(data, int64(at))
			return fmt.Sprintf("line %d, column %d: unknown field %s", line, col, name)
		}
		return "unknown field " + name
	}
	return err.Error()
}

// keyOffset is where quoted, a JSON string as encoding/json quotes a
// field's name, first stands in data as an object's key (followed by a
// colon), or -1.
func keyOffset(data []byte, quoted string) int {
	for from := 0; ; {
		i := bytes.Index(data[from:], []byte(quoted))
		if i < 0 {
			return -1
		}
		at := from + i
		rest := bytes.TrimLeft(data[at+len(quoted):], " \t\r\n")
		if len(rest) > 0 && rest[0] == ':' {
			return at
		}
		from = at + len(quoted)
	}
}

func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// NewFromRecord resolves the record's options against g (as stored:
// values an earlier version took keep their meaning) and sets the game
// up.
func NewFromRecord(g Game, rec Record) (State, Options, error) {
	if rec.Game != g.Name() {
		return nil, nil, fmt.Errorf("%w: the record is for %q, not %q", ErrBadRecord, rec.Game, g.Name())
	}
	opts, err := ResolveStoredOptions(g.Options(), rec.Options)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrBadRecord, err)
	}
	st, err := g.New(opts, rec.Setup, rec.Seed)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrBadRecord, err)
	}
	return st, opts, nil
}

// ReplayResult is where a replay stopped.
type ReplayResult struct {
	State   State
	Applied int        // moves applied
	Err     *RuleError // the first rejected move's error, or nil
}

// Replay sets the game up from rec and applies its moves until one is
// rejected. The error is non-nil only when the record itself is invalid.
func Replay(g Game, rec Record) (ReplayResult, error) {
	st, _, err := NewFromRecord(g, rec)
	if err != nil {
		return ReplayResult{}, err
	}
	res := ReplayResult{State: st}
	for _, rm := range rec.Moves {
		if _, err := ApplyText(st, rm.Seat, rm.Move); err != nil {
			res.Err = err
			return res, nil
		}
		res.Applied++
	}
	return res, nil
}

// ApplyText parses and applies one move in notation. Any failure comes back
// as a rule error; the events are valid until the next Apply.
func ApplyText(st State, s Seat, text string) ([]Event, *RuleError) {
	m, err := st.Parse(text)
	var evs []Event
	if err == nil {
		evs, err = st.Apply(s, m)
	}
	if err != nil {
		if re, ok := AsRuleError(err); ok {
			return nil, re
		}
		return nil, &RuleError{Code: "internal", Msg: Text{PL: err.Error(), EN: err.Error()}}
	}
	return evs, nil
}

// Recorder builds a record while a game is played.
type Recorder struct {
	Record Record
}

// NewRecorder starts a record for a game about to be played.
func NewRecorder(game string, opts Options, seed uint64, setup json.RawMessage) *Recorder {
	o := make(map[string]any, len(opts))
	for k, v := range opts {
		o[k] = v
	}
	return &Recorder{Record: Record{Format: RecordFormat, Game: game, Options: o, Seed: seed, Setup: setup, Moves: []RecordMove{}}}
}

// Add appends a move.
func (r *Recorder) Add(s Seat, move string) {
	r.Record.Moves = append(r.Record.Moves, RecordMove{Seat: s, Move: move})
}
