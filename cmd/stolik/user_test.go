package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"stolik/server"
	"stolik/store"
)

// The user commands on one database: create (the password from stdin,
// or made up and shown once when stdin gives none), list, ban, unban,
// reset; a password never appears in the output it was given on.
func TestUserCommands(t *testing.T) {
	t.Parallel()
	db := "sqlite:" + filepath.Join(t.TempDir(), "users.db")
	cmd := func(stdin string, args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := run(append(args, "--db", db, "--lang", "en"), strings.NewReader(stdin), &out, &errOut); err != nil {
			t.Fatalf("stolik %s: %v (%s)", strings.Join(args, " "), err, errOut.String())
		}
		return out.String()
	}
	if out := cmd("tajne-hasło-1\n", "user", "create", "Ala", "--display", "Ala K."); strings.Contains(out, "tajne") || !strings.Contains(out, "Created the account Ala") {
		t.Errorf("create: %s", out)
	}
	out := cmd("", "user", "create", "Bolek")
	made, ok := strings.CutPrefix(strings.Split(out, "\n")[0], "password (shown this once): ")
	if !ok || len(made) != 20 {
		t.Fatalf("create without a password: %q", out)
	}
	if err := run([]string{"user", "create", "ALA", "--db", db}, strings.NewReader("tajne-hasło-2\n"), &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("a second account named ALA was created")
	}
	cmd("", "user", "ban", "bolek", "--reason", "spam")
	if out := cmd("", "user", "list"); !strings.Contains(out, "Ala K.") || !strings.Contains(out, "yes: spam") {
		t.Errorf("list: %s", out)
	}
	st, err := store.Open(context.Background(), db, store.Full)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a := st.(store.Accounts)
	bolek, err := server.FindAccount(context.Background(), a, "Bolek")
	if err != nil || !bolek.Banned {
		t.Fatalf("Bolek after the ban: %+v, %v", bolek, err)
	}
	a.CreateSession(context.Background(), store.Session{ID: "s1", Hash: "h1", Account: bolek.ID})
	cmd("", "user", "unban", "Bolek")
	cmd("nowe-hasło-123\n", "user", "reset", "Bolek")
	if list, _ := a.Sessions(context.Background(), bolek.ID); len(list) != 0 {
		t.Errorf("the reset left sessions: %+v", list)
	}
	h := server.NewHasher(server.DefaultPasswordParams, 1)
	bolek, _ = server.FindAccount(context.Background(), a, "Bolek")
	if ok, _ := h.Verify(bolek.PasswordHash, "nowe-hasło-123"); !ok || bolek.Banned {
		t.Errorf("after unban and reset: banned %v, new password taken %v", bolek.Banned, ok)
	}
}
