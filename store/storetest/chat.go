package storetest

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"stolik/store"
)

// RunChats checks a store's chat (store.Chats): messages numbered from 0
// per table, kept in order, deleted in place, reported and the reports
// closed, and each table's chat setting. open gives an empty store that
// offers store.Chats.
func RunChats(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(*testing.T, store.Store, store.Chats)
	}{
		{"MessagesInOrder", testChatInOrder},
		{"OneWinnerPerNumber", testChatOneWinner},
		{"DeleteKeepsThePlace", testChatDelete},
		{"Reports", testChatReports},
		{"Mode", testChatMode},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			ch, ok := s.(store.Chats)
			if !ok {
				t.Fatalf("%T does not offer store.Chats", s)
			}
			c.test(t, s, ch)
		})
	}
}

func chatAt(i int) time.Time { return time.UnixMilli(1_700_000_000_000 + int64(i)*1000) }

func say(t *testing.T, ch store.Chats, table string, msgs ...store.ChatMessage) {
	t.Helper()
	for _, m := range msgs {
		m.Table = table
		if err := ch.AppendChat(ctx, m); err != nil {
			t.Fatalf("AppendChat %d: %v", m.N, err)
		}
	}
}

func testChatInOrder(t *testing.T, s store.Store, ch store.Chats) {
	create(t, s, store.Table{ID: "a", Game: "g"}, store.Table{ID: "b", Game: "g"})
	tail, err := ch.ChatTail(ctx, "a", 10)
	if err != nil || len(tail) != 0 {
		t.Fatalf("empty chat: %v, %v", tail, err)
	}
	for i := range 5 {
		say(t, ch, "a", store.ChatMessage{N: i, At: chatAt(i), Seat: i%3 - 1, Name: fmt.Sprint("Ala ", i), Text: fmt.Sprintf("zażółć <b>%d</b>", i)})
	}
	say(t, ch, "b", store.ChatMessage{N: 0, At: chatAt(9), Seat: 1, Phrase: "gg"})
	tail, err = ch.ChatTail(ctx, "a", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(tail) != 3 {
		t.Fatalf("tail of 3: %d messages", len(tail))
	}
	for i, m := range tail {
		want := store.ChatMessage{Table: "a", N: i + 2, At: chatAt(i + 2), Seat: (i+2)%3 - 1, Name: fmt.Sprint("Ala ", i+2), Text: fmt.Sprintf("zażółć <b>%d</b>", i+2)}
		if !m.At.Equal(want.At) {
			t.Errorf("message %d at %v, want %v", i, m.At, want.At)
		}
		m.At = want.At
		if m != want {
			t.Errorf("message %d = %+v, want %+v", i, m, want)
		}
	}
	b, err := ch.ChatTail(ctx, "b", 100)
	if err != nil || len(b) != 1 || b[0].Phrase != "gg" || b[0].Text != "" || b[0].Seat != 1 {
		t.Errorf("table b's chat: %+v, %v", b, err)
	}
	if err := ch.AppendChat(ctx, store.ChatMessage{Table: "nope", N: 0, Text: "x"}); err == nil {
		t.Error("a message to a table not stored was stored")
	}
}

func testChatOneWinner(t *testing.T, s store.Store, ch store.Chats) {
	create(t, s, store.Table{ID: "a", Game: "g"})
	say(t, ch, "a", store.ChatMessage{N: 0, Text: "one"})
	for _, n := range []int{0, 2} {
		if err := ch.AppendChat(ctx, store.ChatMessage{Table: "a", N: n, Text: "again"}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("message number %d with one stored: %v, want ErrConflict", n, err)
		}
	}
	tail, _ := ch.ChatTail(ctx, "a", 10)
	if len(tail) != 1 || tail[0].Text != "one" {
		t.Errorf("chat after refusals: %+v", tail)
	}
}

func testChatDelete(t *testing.T, s store.Store, ch store.Chats) {
	create(t, s, store.Table{ID: "a", Game: "g"})
	say(t, ch, "a", store.ChatMessage{N: 0, Seat: 0, Name: "Ala", Text: "hi"}, store.ChatMessage{N: 1, Seat: 1, Name: "Ola", Text: "bad words"})
	m, err := ch.DeleteChat(ctx, "a", 1, "operator")
	if err != nil {
		t.Fatal(err)
	}
	if m.N != 1 || m.Text != "" || m.DeletedBy != "operator" || m.Name != "Ola" || m.Seat != 1 {
		t.Errorf("deleted message: %+v", m)
	}
	tail, _ := ch.ChatTail(ctx, "a", 10)
	if len(tail) != 2 || tail[0].Text != "hi" || tail[1].Text != "" || tail[1].DeletedBy != "operator" {
		t.Errorf("chat after the delete: %+v", tail)
	}
	if _, err := ch.DeleteChat(ctx, "a", 5, "operator"); !errors.Is(err, store.ErrNoMessage) {
		t.Errorf("deleting a message not there: %v, want ErrNoMessage", err)
	}
	say(t, ch, "a", store.ChatMessage{N: 2, Text: "next"})
}

func testChatReports(t *testing.T, s store.Store, ch store.Chats) {
	create(t, s, store.Table{ID: "a", Game: "g"}, store.Table{ID: "b", Game: "g"})
	say(t, ch, "a", store.ChatMessage{N: 0, Seat: 0, Name: "Ala", Text: "hi"}, store.ChatMessage{N: 1, Seat: 1, Name: "Ola", Text: "rude"})
	say(t, ch, "b", store.ChatMessage{N: 0, Seat: -1, Text: "spam"})
	id1, err := ch.AddReport(ctx, store.Report{Table: "a", N: 1, Reporter: 0, Reason: "rude", At: chatAt(5)})
	if err != nil {
		t.Fatal(err)
	}
	id2, err := ch.AddReport(ctx, store.Report{Table: "b", N: 0, Reporter: -1})
	if err != nil {
		t.Fatal(err)
	}
	if id1 == id2 {
		t.Fatalf("two reports have one id %d", id1)
	}
	if _, err := ch.AddReport(ctx, store.Report{Table: "a", N: 7, Reporter: 0}); !errors.Is(err, store.ErrNoMessage) {
		t.Errorf("reporting a message not there: %v, want ErrNoMessage", err)
	}
	rs, err := ch.Reports(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].ID != id1 || rs[1].ID != id2 {
		t.Fatalf("reports: %+v", rs)
	}
	r := rs[0]
	if r.Table != "a" || r.N != 1 || r.Reporter != 0 || r.Reason != "rude" || !r.At.Equal(chatAt(5)) || r.Message.Text != "rude" || r.Message.Name != "Ola" || r.Message.Seat != 1 {
		t.Errorf("report: %+v", r)
	}
	if rs[1].Reporter != -1 || rs[1].Message.Seat != -1 {
		t.Errorf("a spectator's report of a spectator: %+v", rs[1])
	}
	if err := ch.CloseReport(ctx, id1); err != nil {
		t.Fatal(err)
	}
	if err := ch.CloseReport(ctx, id1+id2+100); !errors.Is(err, store.ErrNoReport) {
		t.Errorf("closing a report not there: %v, want ErrNoReport", err)
	}
	rs, _ = ch.Reports(ctx)
	if len(rs) != 1 || rs[0].ID != id2 {
		t.Errorf("reports after closing one: %+v", rs)
	}
}

func testChatMode(t *testing.T, s store.Store, ch store.Chats) {
	create(t, s, store.Table{ID: "a", Game: "g"})
	if m, err := ch.ChatMode(ctx, "a"); err != nil || m != "" {
		t.Errorf("mode never set: %q, %v", m, err)
	}
	for _, mode := range []string{"players", "off"} {
		if err := ch.SetChatMode(ctx, "a", mode); err != nil {
			t.Fatal(err)
		}
		if m, err := ch.ChatMode(ctx, "a"); err != nil || m != mode {
			t.Errorf("mode: %q, %v; want %q", m, err, mode)
		}
	}
}
