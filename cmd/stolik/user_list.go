package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"stolik/engine"
)

var userListCommand = &command{
	name:     "user list",
	synopsis: "[--db sqlite:stolik.db|postgres://... | --db-file FILE] [--lang pl|en]",
	summary:  engine.Text{PL: "wypisuje konta", EN: "list the accounts"},
	examples: []string{"user list"},
	flags:    userListFlags,
}

func userListFlags(fs *flag.FlagSet, u usage) runFunc {
	var uf userFlags
	uf.register(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) != 0 {
			return usageRule(errUnexpected.Err("user list", pos[0]))
		}
		ctx := context.Background()
		a, closeStore, err := uf.open(ctx, fs, "user list")
		if err != nil {
			return err
		}
		defer closeStore()
		list, err := a.ListAccounts(ctx)
		if err != nil {
			return failed("user list", err)
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, engine.Text{PL: "NAZWA\tWYŚWIETLANA\tJĘZYK\tZAŁOŻONE\tBLOKADA", EN: "NAME\tDISPLAY\tLANG\tCREATED\tBAN"}.In(l))
		for _, acc := range list {
			ban := "-"
			if acc.Banned {
				ban = engine.Text{PL: "tak", EN: "yes"}.In(l)
				if acc.BanReason != "" {
					ban += ": " + acc.BanReason
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", acc.Name, acc.Display, acc.Lang, acc.Created.UTC().Format("2006-01-02"), ban)
		}
		return tw.Flush()
	}
}
