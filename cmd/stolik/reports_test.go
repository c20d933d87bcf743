package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"stolik/games/all"
	"stolik/server"
	"stolik/store"
)

// stolik reports lists a report made at a table (who wrote what, who
// reported it and why), reports delete deletes the message, reports close
// closes the report; the operator listener's token is asked for and
// taken from STOLIK_ADMIN_TOKEN.
func TestReportsCommands(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st, Games: all.Games()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const token = "0123456789abcdef0123"
	admin := httptest.NewServer(srv.AdminHandler(server.AdminOptions{Token: token}))
	defer admin.Close()
	ctx := context.Background()
	tab, sec, err := srv.Create(ctx, server.Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Sit: true, Name: "Ala"})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Chat(ctx, tab, 0, sec.Token, nil, server.ClientMessage{Type: "chat", Text: "you all cheat"}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddReport(ctx, store.Report{Table: tab.ID(), N: 0, Reporter: -1, Reason: "rude"}); err != nil {
		t.Fatal(err)
	}
	t.Setenv(adminTokenEnv, "")
	if _, errOut, code := stolik(t, "", "reports", "--admin", admin.URL, "--lang", "en"); code != 1 || !strings.Contains(errOut, "401") {
		t.Errorf("without the token: exit %d, %s", code, errOut)
	}
	if _, errOut, code := stolik(t, "", "reports", "--lang", "en"); code != 2 || !strings.Contains(errOut, "--admin ADDR") {
		t.Errorf("without --admin: exit %d, %s", code, errOut)
	}
	t.Setenv(adminTokenEnv, token)
	out, errOut, code := stolik(t, "", "reports", "--admin", admin.URL, "--lang", "en")
	if code != 0 {
		t.Fatalf("reports: exit %d, %s", code, errOut)
	}
	for _, want := range []string{"#1", tab.ID(), "message 0", `written by seat 1 "Ala": "you all cheat"`, "reported by a spectator: rude"} {
		if !strings.Contains(out, want) {
			t.Errorf("reports does not say %q:\n%s", want, out)
		}
	}
	if out, errOut, code := stolik(t, "", "reports", "delete", tab.ID(), "0", "--admin", admin.URL, "--lang", "pl"); code != 0 || !strings.Contains(out, "Usunięto wiadomość 0") {
		t.Fatalf("reports delete: exit %d, %s%s", code, out, errOut)
	}
	tail, _ := st.ChatTail(ctx, tab.ID(), 10)
	if len(tail) != 1 || tail[0].Text != "" || tail[0].DeletedBy != server.OperatorDeleted {
		t.Errorf("after reports delete the store holds %+v", tail)
	}
	if _, errOut, code := stolik(t, "", "reports", "delete", tab.ID(), "5", "--admin", admin.URL, "--lang", "en"); code != 1 || !strings.Contains(errOut, "no such message") {
		t.Errorf("deleting a message not there: exit %d, %s", code, errOut)
	}
	if _, errOut, code := stolik(t, "", "reports", "delete", tab.ID(), "--admin", admin.URL); code != 2 {
		t.Errorf("reports delete without N: exit %d, %s", code, errOut)
	}
	if out, errOut, code := stolik(t, "", "reports", "close", "1", "--admin", admin.URL, "--lang", "en"); code != 0 || !strings.Contains(out, "Closed report 1") {
		t.Fatalf("reports close: exit %d, %s%s", code, out, errOut)
	}
	if out, _, code := stolik(t, "", "reports", "--admin", admin.URL, "--lang", "en"); code != 0 || !strings.Contains(out, "No open reports") {
		t.Errorf("after closing: exit %d, %s", code, out)
	}
}
