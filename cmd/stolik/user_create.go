package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"stolik/engine"
	"stolik/server"
)

var userCreateCommand = &command{
	name:     "user create",
	synopsis: "NAME [--display NAME] [--account-lang pl|en] [--db sqlite:stolik.db|postgres://... | --db-file FILE] [--lang pl|en] < PASSWORD",
	summary: engine.Text{PL: "zakłada konto; hasło z wejścia, a bez niego wymyślone i pokazane raz",
		EN: "create an account; the password from stdin, or else made up and shown once"},
	examples: []string{"user create ala --display 'Ala K.'", "user create ala < password.txt"},
	flags:    userCreateFlags,
}

func userCreateFlags(fs *flag.FlagSet, u usage) runFunc {
	var uf userFlags
	uf.register(fs, u)
	display := fs.String("display", "", u.say("nazwa wyświetlana (domyślnie nazwa użytkownika)", "the display name (default: the user name)"))
	accLang := fs.String("account-lang", "pl", u.say("język konta: pl albo en", "the account's language: pl or en"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		name, err := oneName("user create", pos)
		if err != nil {
			return err
		}
		ctx := context.Background()
		a, closeStore, err := uf.open(ctx, fs, "user create")
		if err != nil {
			return err
		}
		defer closeStore()
		pw := newPassword(stdin, stdout, l)
		acc, err := server.CreateAccount(ctx, a, server.NewHasher(server.DefaultPasswordParams, 1),
			server.NewAccount{Name: name, Display: *display, Lang: *accLang, Password: pw})
		if err != nil {
			return failed("user create", err)
		}
		fmt.Fprintln(stdout, engine.Text{PL: "Założono konto " + acc.Name + ".", EN: "Created the account " + acc.Name + "."}.In(l))
		return nil
	}
}
