package main

import (
	"flag"
	"io"

	"stolik/engine"
)

var userUnbanCommand = &command{
	name:     "user unban",
	synopsis: "NAME [--db sqlite:stolik.db|postgres://... | --db-file FILE] [--lang pl|en]",
	summary:  engine.Text{PL: "odblokowuje konto", EN: "lift an account's ban"},
	examples: []string{"user unban troll"},
	flags:    userUnbanFlags,
}

func userUnbanFlags(fs *flag.FlagSet, u usage) runFunc {
	var uf userFlags
	uf.register(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		return setBan(fs, &uf, pos, stdout, "user unban", false, "")
	}
}
