package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"stolik/engine"
	"stolik/server"
)

var ratingsRebuildCommand = &command{
	name:     "ratings rebuild",
	synopsis: "[--db sqlite:stolik.db|postgres://... | --db-file FILE] [--lang pl|en]",
	summary: engine.Text{PL: "przelicza wszystkie rankingi od nowa z zapisanych stolików",
		EN: "recompute every rating from the stored tables"},
	examples: []string{"ratings rebuild", "ratings rebuild --db postgres://stolik@db/stolik"},
	flags:    ratingsRebuildFlags,
}

func ratingsRebuildFlags(fs *flag.FlagSet, u usage) runFunc {
	var uf userFlags
	uf.register(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) != 0 {
			return usageRule(errUnexpected.Err("ratings rebuild", pos[0]))
		}
		ctx := context.Background()
		st, _, closeStore, err := uf.openRatings(ctx, fs, "ratings rebuild")
		if err != nil {
			return err
		}
		defer closeStore()
		rb, err := server.RebuildRatings(ctx, st)
		if err != nil {
			return failed("ratings rebuild", err)
		}
		for _, p := range rb.Problems {
			fmt.Fprintln(stderr, "ratings rebuild:", p)
		}
		fmt.Fprintln(stdout, engine.Text{
			PL: fmt.Sprintf("stoliki rankingowe: %d, bez rankingu: %d; rankingi: %d, w tym inne niż zapisane: %d",
				rb.Tables, rb.Skipped, rb.Ratings, rb.Changed),
			EN: fmt.Sprintf("rated tables: %d, unrated: %d; ratings: %d, of which differ from those stored: %d",
				rb.Tables, rb.Skipped, rb.Ratings, rb.Changed),
		}.In(l))
		return nil
	}
}
