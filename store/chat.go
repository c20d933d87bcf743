package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ChatMessage is one message written at a table: its place in the
// table's chat (from 0), when, by which seat (-1: a spectator) under the
// name the table showed, and either its text or the key of a quick
// phrase. A deleted message keeps its place; its text is gone.
type ChatMessage struct {
	Table  string    `json:"table"`
	N      int       `json:"n"`
	At     time.Time `json:"at"`
	Seat   int       `json:"seat"`
	Name   string    `json:"name,omitempty"`
	Text   string    `json:"text,omitempty"`
	Phrase string    `json:"phrase,omitempty"`
	// DeletedBy is who deleted the message ("operator"), empty while
	// it stands.
	DeletedBy string `json:"deleted_by,omitempty"`
}

// Report is a message of a table's chat reported to the operator: by
// which seat (-1: a spectator), why, when, and whether the operator has
// dealt with it. Message is the message as it stands (filled by Reports).
type Report struct {
	ID       int64       `json:"id"`
	Table    string      `json:"table"`
	N        int         `json:"n"`
	Reporter int         `json:"reporter"`
	Reason   string      `json:"reason,omitempty"`
	At       time.Time   `json:"at"`
	Closed   bool        `json:"closed,omitempty"`
	Message  ChatMessage `json:"message"`
}

// Chats keeps tables' chat: the messages, the reports of them and each
// table's chat setting. Both stores offer it; a store that does not (a
// test's) leaves the server's chat in memory.
type Chats interface {
	// AppendChat stores a table's next message; m.N must be the number
	// of messages already stored (ErrConflict otherwise).
	AppendChat(ctx context.Context, m ChatMessage) error
	// ChatTail is the last limit messages of a table, in order.
	ChatTail(ctx context.Context, table string, limit int) ([]ChatMessage, error)
	// DeleteChat deletes message n of a table for by: its text goes, its
	// place stays. The message as it now stands comes back;
	// ErrNoMessage when there is none.
	DeleteChat(ctx context.Context, table string, n int, by string) (ChatMessage, error)
	// SetChatMode records a table's chat setting ("all", "players",
	// "off").
	SetChatMode(ctx context.Context, table, mode string) error
	// ChatMode is a table's chat setting, "" when none was recorded.
	ChatMode(ctx context.Context, table string) (string, error)
	// AddReport stores a report (its ID and Message are ignored) and
	// gives its id; ErrNoMessage when the message is not stored.
	AddReport(ctx context.Context, r Report) (int64, error)
	// Reports lists the reports not closed, oldest first, each with its
	// message.
	Reports(ctx context.Context) ([]Report, error)
	// CloseReport marks a report dealt with; ErrNoReport when there is
	// none of that id.
	CloseReport(ctx context.Context, id int64) error
}

// ErrNoMessage: the table has no chat message of that number.
var ErrNoMessage = errors.New("store: no such chat message")

// ErrNoReport: no report of that id.
var ErrNoReport = errors.New("store: no such report")

var (
	_ Chats = (*SQLite)(nil)
	_ Chats = (*Postgres)(nil)
)

// chatColumns are the columns of chat that scanChat reads, in its order.
const chatColumns = `table_id, n, at, seat, name, text, phrase, deleted_by`

// chatScanner is a row of chat or of reports joined with chat.
type chatScanner interface{ Scan(dest ...any) error }

// scanFunc is a row's Scan as a chatScanner.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

// chatTail is ChatTail on either store: the last limit messages of
// table, oldest first.
func chatTail(ctx context.Context, r runner, table string, limit int) ([]ChatMessage, error) {
	out := []ChatMessage{}
	err := r.query(ctx, `SELECT `+chatColumns+` FROM (SELECT * FROM chat WHERE table_id = ? ORDER BY n DESC LIMIT ?) c ORDER BY n`,
		func(scan func(...any) error) error {
			m, err := scanChat(scanFunc(scan))
			out = append(out, m)
			return err
		}, table, limit)
	if err != nil {
		return nil, fmt.Errorf("store: reading the chat of table %s: %w", table, err)
	}
	return out, nil
}

// scanChat reads one message (chatColumns) after the values of extra.
func scanChat(row chatScanner, extra ...any) (ChatMessage, error) {
	var m ChatMessage
	var at int64
	var deleted *string
	err := row.Scan(append(extra, &m.Table, &m.N, &at, &m.Seat, &m.Name, &m.Text, &m.Phrase, &deleted)...)
	m.At = time.UnixMilli(at)
	if deleted != nil {
		m.DeletedBy = *deleted
	}
	return m, err
}
