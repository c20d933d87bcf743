package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"stolik/engine"
	"stolik/server"
)

var userBanCommand = &command{
	name:     "user ban",
	synopsis: "NAME [--reason TEXT] [--db sqlite:stolik.db|postgres://... | --db-file FILE] [--lang pl|en]",
	summary:  engine.Text{PL: "blokuje konto i kończy jego sesje", EN: "ban an account and end its sessions"},
	examples: []string{"user ban troll --reason spam"},
	flags:    userBanFlags,
}

func userBanFlags(fs *flag.FlagSet, u usage) runFunc {
	var uf userFlags
	uf.register(fs, u)
	reason := fs.String("reason", "", u.say("powód, zapisany przy koncie", "the reason, kept with the account"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		return setBan(fs, &uf, pos, stdout, "user ban", true, *reason)
	}
}

// setBan bans the account named in pos, or lifts its ban.
func setBan(fs *flag.FlagSet, uf *userFlags, pos []string, stdout io.Writer, cmd string, banned bool, reason string) error {
	l, err := outputLang(fs)
	if err != nil {
		return err
	}
	name, err := oneName(cmd, pos)
	if err != nil {
		return err
	}
	ctx := context.Background()
	a, closeStore, err := uf.open(ctx, fs, cmd)
	if err != nil {
		return err
	}
	defer closeStore()
	acc, err := findUser(ctx, a, cmd, name)
	if err != nil {
		return err
	}
	if err := server.Ban(ctx, a, acc, banned, reason); err != nil {
		return failed(cmd, err)
	}
	done := engine.Text{PL: "Zablokowano konto " + acc.Name + "; jego sesje zakończone.", EN: "Banned the account " + acc.Name + "; its sessions ended."}
	if !banned {
		done = engine.Text{PL: "Odblokowano konto " + acc.Name + ".", EN: "Lifted the ban of the account " + acc.Name + "."}
	}
	fmt.Fprintln(stdout, done.In(l))
	return nil
}
