package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"stolik/engine"
	"stolik/server"
)

var ratingsShowCommand = &command{
	name:     "ratings show",
	synopsis: "GAME [--limit N] [--db sqlite:stolik.db|postgres://... | --db-file FILE] [--lang pl|en]",
	summary:  engine.Text{PL: "wypisuje ranking gry", EN: "print a game's leaderboard"},
	examples: []string{"ratings show cardline", "ratings show tagteam --limit 10"},
	flags:    ratingsShowFlags,
}

func ratingsShowFlags(fs *flag.FlagSet, u usage) runFunc {
	var uf userFlags
	uf.register(fs, u)
	limit := fs.Int("limit", 100, u.say("najwięcej tylu graczy", "at most this many players"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		name, err := oneGame("ratings show", pos)
		if err != nil {
			return err
		}
		g, _, err := loadGame(name, "")
		if err != nil {
			return err
		}
		ctx := context.Background()
		_, r, closeStore, err := uf.openRatings(ctx, fs, "ratings show")
		if err != nil {
			return err
		}
		defer closeStore()
		lb, err := server.LeaderboardOf(ctx, r, g, max(*limit, 1))
		if err != nil {
			return failed("ratings show", err)
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, engine.Text{PL: "#\tNAZWA\tRANKING\tMU\tPRZEDZIAŁ\tGRY\tWYGRANE\t", EN: "#\tNAME\tRATING\tMU\tRANGE\tGAMES\tWINS\t"}.In(l))
		for _, row := range lb.Rows {
			fmt.Fprintf(tw, "%d\t%s\t%.1f\t%.1f\t%.1f–%.1f\t%d\t%d\t\n", row.Place, row.Name, row.Rating, row.Mu, row.Low, row.High, row.Games, row.Wins)
		}
		return tw.Flush()
	}
}
