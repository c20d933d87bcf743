package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"stolik/engine"
	"stolik/server"
)

var gamesCommand = &command{
	name:     "games",
	synopsis: "[--json] [--lang pl|en] [--content DIR]",
	summary:  engine.Text{PL: "wymienia gry z liczbą graczy, opcjami i botami", EN: "list the games with their player counts, options and bots"},
	examples: []string{"games", "games --lang en", "games --json"},
	flags:    gamesFlags,
}

func gamesFlags(fs *flag.FlagSet, u usage) runFunc {
	asJSON := fs.Bool("json", false, u.say("wypisz JSON", "print JSON"))
	langFlag(fs, u)
	content := fs.String("content", "", u.say(
		"katalog z paczką treści dla każdej gry (DIR/cardline, DIR/asterix, ...): wymień gry takie, jakie są z tymi paczkami",
		"a directory with a content pack per game (DIR/cardline, DIR/asterix, ...): list the games as they play with them"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		games, err := contentGames(*content)
		if err != nil {
			return err
		}
		infos := server.GameInfos(games)
		if *asJSON {
			data, _ := json.MarshalIndent(infos, "", "  ")
			fmt.Fprintln(stdout, string(data))
			return nil
		}
		for _, gi := range infos {
			fmt.Fprintf(stdout, "%s — %s (%d–%d)\n", gi.Name, gi.Title.In(l), gi.MinPlayers, gi.MaxPlayers)
			for _, o := range gi.Options {
				vals := ""
				switch o.Kind {
				case engine.IntOption:
					vals = fmt.Sprintf("%d..%d", o.Min, o.Max)
				case engine.EnumOption:
					vals = strings.Join(o.Values, "|")
				case engine.BoolOption:
					vals = "true|false"
				}
				fmt.Fprintf(stdout, "  --opt %s=%s (%s %v)\n      %s\n", o.Name, vals, textDefault.In(l), o.Default, o.Help.In(l))
				if o.Kind == engine.EnumOption {
					fmt.Fprintf(stdout, "      %s\n", valuesInWords(o, l))
				}
			}
			for _, b := range gi.Bots {
				lv := ""
				if len(b.Levels) > 0 {
					lv = "[:" + strings.Join(b.Levels, "|") + "]"
				}
				fmt.Fprintf(stdout, "  bot %s%s — %s%s\n", b.Name, lv, botTitle(b, l), b.Help.In(l))
			}
		}
		return nil
	}
}

// valuesInWords are an enum's values, each with its words: "random:
// losowo; strength: Siła; …".
func valuesInWords(o engine.OptionSpec, l engine.Lang) string {
	parts := make([]string, len(o.Values))
	for i, v := range o.Values {
		parts[i] = v + ": " + o.ValueText(v).In(l)
	}
	return strings.Join(parts, "; ")
}

// botTitle is a bot's plain name and its levels' ("Strateg (łatwy,
// średni, …): "), or nothing where it has none.
func botTitle(b server.BotInfo, l engine.Lang) string {
	title := b.Title.In(l)
	var levels []string
	for i, t := range b.LevelTitles {
		if w := t.In(l); w != "" {
			levels = append(levels, w)
		} else {
			levels = append(levels, b.Levels[i])
		}
	}
	switch {
	case title == "" && len(levels) == 0:
		return ""
	case title == "":
		title = b.Name
	}
	if len(levels) > 0 {
		title += " (" + strings.Join(levels, ", ") + ")"
	}
	return title + ": "
}
