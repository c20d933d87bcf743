package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"stolik/engine"
	"stolik/server"
	"stolik/store"
)

// The user commands' own errors.
var (
	errOneName    = engine.Rule{Code: "usage", PL: "%s: podaj jedną nazwę użytkownika", EN: "%s: give one user name"}
	errNoAccounts = engine.Rule{Code: "failed", PL: "%s: magazyn %s nie prowadzi kont", EN: "%s: the store %s keeps no accounts"}
)

// userFlags are the flags every user command shares: the store, as
// stolik serve names it, and the language.
type userFlags struct{ db, dbFile *string }

func (uf *userFlags) register(fs *flag.FlagSet, u usage) {
	uf.db = fs.String("db", "sqlite:stolik.db", u.say(
		"baza danych serwera: sqlite:PATH albo postgres://USER@HOST/DB; bez flagi "+dbEnv,
		"the server's database: sqlite:PATH or postgres://USER@HOST/DB; "+dbEnv+" when not given"))
	uf.dbFile = fs.String("db-file", "", u.say("FILE: odczytaj --db z tego pliku", "FILE: read --db from this file"))
	langFlag(fs, u)
}

// open opens the store's accounts for cmd; close closes the store.
func (uf *userFlags) open(ctx context.Context, fs *flag.FlagSet, cmd string) (store.Accounts, func(), error) {
	dsn, err := database(fs, *uf.db, *uf.dbFile)
	if err != nil {
		return nil, nil, err
	}
	st, err := store.Open(ctx, dsn, store.Full)
	if errors.Is(err, store.ErrDSN) {
		return nil, nil, usageRule(errDSN.Err(cmd, store.MaskURL(dsn)))
	}
	if err != nil {
		return nil, nil, failed(cmd, err)
	}
	a, ok := st.(store.Accounts)
	if !ok {
		st.Close()
		return nil, nil, failRule(1, errNoAccounts.Err(cmd, store.Describe(dsn)))
	}
	return a, func() { st.Close() }, nil
}

// oneName is the one positional argument of a user command.
func oneName(cmd string, pos []string) (string, error) {
	if len(pos) != 1 {
		return "", usageRule(errOneName.Err(cmd))
	}
	return pos[0], nil
}

// findUser is the account of name, or the command's failure.
func findUser(ctx context.Context, a store.Accounts, cmd, name string) (store.Account, error) {
	acc, err := server.FindAccount(ctx, a, name)
	if err != nil {
		return store.Account{}, failed(cmd, err)
	}
	return acc, nil
}

// newPassword is the password for an account: the first line of stdin,
// or, when stdin is a terminal or gives nothing, one made here and
// printed once on stdout. A password is never a flag: a command line is
// seen by every user of the machine.
func newPassword(stdin io.Reader, stdout io.Writer, l engine.Lang) string {
	if f, ok := stdin.(*os.File); !ok || !isTerminal(f) {
		line, _ := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
		if pw := strings.TrimRight(line, "\r\n"); pw != "" {
			return pw
		}
	}
	pw := server.NewPassword()
	fmt.Fprintf(stdout, "%s: %s\n", engine.Text{PL: "hasło (pokazane tylko teraz)", EN: "password (shown this once)"}.In(l), pw)
	return pw
}
