package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"stolik/engine"
	"stolik/server"
)

var userResetCommand = &command{
	name:     "user reset",
	synopsis: "NAME [--db sqlite:stolik.db|postgres://... | --db-file FILE] [--lang pl|en] < PASSWORD",
	summary: engine.Text{PL: "daje kontu nowe hasło (z wejścia albo wymyślone) i kończy jego sesje",
		EN: "give an account a new password (from stdin, or made up) and end its sessions"},
	examples: []string{"user reset ala"},
	flags:    userResetFlags,
}

func userResetFlags(fs *flag.FlagSet, u usage) runFunc {
	var uf userFlags
	uf.register(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		name, err := oneName("user reset", pos)
		if err != nil {
			return err
		}
		ctx := context.Background()
		a, closeStore, err := uf.open(ctx, fs, "user reset")
		if err != nil {
			return err
		}
		defer closeStore()
		acc, err := findUser(ctx, a, "user reset", name)
		if err != nil {
			return err
		}
		pw := newPassword(stdin, stdout, l)
		if err := server.ResetPassword(ctx, a, server.NewHasher(server.DefaultPasswordParams, 1), acc, pw); err != nil {
			return failed("user reset", err)
		}
		fmt.Fprintln(stdout, engine.Text{PL: "Nowe hasło konta " + acc.Name + "; jego sesje zakończone.",
			EN: "The account " + acc.Name + " has a new password; its sessions ended."}.In(l))
		return nil
	}
}
