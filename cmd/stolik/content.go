package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"stolik/engine"
	"stolik/games/all"
)

var contentValidateCommand = &command{
	name:     "content validate",
	synopsis: "DIR [--game GAME] [--lang pl|en]",
	summary: engine.Text{PL: "sprawdza paczkę treści i wypisuje każdy problem z plikiem, wierszem, kartą i polem",
		EN: "check a content pack and print every problem with its file, line, card and field"},
	examples: []string{"content validate mypack", "content validate mypack --game cardline"},
	flags:    contentValidateFlags,
}

func contentValidateFlags(fs *flag.FlagSet, u usage) runFunc {
	game := fs.String("game", "", u.say("gra, dla której jest paczka (domyślnie: każda gra, która umie ją odczytać)",
		"the game the pack is for (default: every game that can read it)"))
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return usageRule(errGiveOneDir.Err())
		}
		dir := pos[0]
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return failRule(1, errNotADirectory.Err(dir))
		}
		names := gameNames()
		if *game != "" {
			if _, err := all.Lookup(*game, ""); err != nil {
				return usageRule(errUnknownGame.Err(*game, strings.Join(gameNames(), ", ")))
			}
			names = []string{*game}
		}
		// A directory of packs (DIR/GAME, as --content reads it): every
		// pack in it is checked.
		if holdsPacks(dir) {
			for _, name := range names {
				sub := filepath.Join(dir, name)
				if st, err := os.Stat(sub); err != nil || !st.IsDir() {
					continue
				}
				g, err := all.WithContent(name, sub)
				if err != nil {
					return packError(sub, err)
				}
				fmt.Fprintln(stdout, packValid(sub, name, g).In(l))
			}
			return nil
		}
		var firstErr error
		for _, name := range names {
			g, err := all.WithContent(name, dir)
			if err != nil {
				if firstErr == nil {
					firstErr = packError(dir, err)
				}
				continue
			}
			fmt.Fprintln(stdout, packValid(dir, name, g).In(l))
			return nil
		}
		return firstErr
	}
}

var nounCard = engine.N("karta|karty|kart", "card|cards")

// packValid says that dir holds a valid pack of the game.
func packValid(dir, name string, g engine.Game) engine.Text {
	what := engine.Text{PL: "ok", EN: "ok"}
	if c, ok := g.(interface{ CardCount() int }); ok { // every game has it
		what = nounCard.Count(c.CardCount())
	}
	title := g.Title()
	return engine.Text{PL: fmt.Sprintf("%s: paczka gry %s jest poprawna (%s)", dir, title.PL, what.PL),
		EN: fmt.Sprintf("%s: the %s pack is valid (%s)", dir, title.EN, what.EN)}
}
