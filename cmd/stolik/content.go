package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"stolik/engine"
	"stolik/games/all"
)

var contentValidateCommand = &command{
	name:     "content validate",
	synopsis: "DIR [--game GAME]",
	summary:  "check a content pack and print every problem with its file, line, card and field",
	examples: []string{"content validate mypack", "content validate mypack --game cardline"},
	flags:    contentValidateFlags,
}

func contentValidateFlags(fs *flag.FlagSet) runFunc {
	game := fs.String("game", "", "the game the pack is for (default: every game that can read it)")
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(pos) != 1 {
			return usageError("content validate: give one directory")
		}
		dir := pos[0]
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fail(1, "content validate: %s is not a directory", dir)
		}
		names := gameNames()
		if *game != "" {
			if _, err := all.Lookup(*game, ""); err != nil {
				return usageError("content validate: %v", err)
			}
			names = []string{*game}
		}
		var firstErr error
		for _, name := range names {
			g, err := all.WithContent(name, dir)
			if err != nil {
				if firstErr == nil {
					firstErr = fmt.Errorf("%s pack %s: %v", name, dir, err)
				}
				continue
			}
			fmt.Fprintf(stdout, "%s: the %s pack is valid (%s)\n", dir, name, describePack(g))
			return nil
		}
		return fail(1, "%v", firstErr)
	}
}

func describePack(g engine.Game) string {
	if c, ok := g.(interface{ CardCount() int }); ok {
		return strconv.Itoa(c.CardCount()) + " cards"
	}
	return "ok"
}
