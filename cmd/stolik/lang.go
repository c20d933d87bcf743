package main

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"stolik/engine"
	"stolik/games/all"
)

// getenv reads the environment; tests leave it as it is and set the
// variables with t.Setenv.
var getenv = os.Getenv

// langFlag defines --lang on fs, for a command that prints text.
func langFlag(fs *flag.FlagSet, u usage) {
	fs.String("lang", "", u.say("język wyników, pomocy i błędów: pl albo en (domyślnie z LC_ALL, potem LANG, inaczej pl)",
		"language of the output, the help and errors: pl or en (default: from LC_ALL, then LANG, else pl)"))
}

// outputLang is the language a command speaks, the one rule of every
// command: --lang when given; else the first of LC_ALL and LANG that
// starts with "en" (English) or "pl" (Polish); else Polish.
func outputLang(fs *flag.FlagSet) (engine.Lang, error) {
	if f := fs.Lookup("lang"); f != nil && f.Value.String() != "" {
		l, err := engine.ParseLang(f.Value.String())
		if err != nil {
			return engine.PL, usageRule(errUnknownLang.Err(f.Value.String()))
		}
		return l, nil
	}
	return envLang(), nil
}

// envLang is the language the environment names, else Polish.
func envLang() engine.Lang {
	for _, v := range []string{"LC_ALL", "LANG"} {
		s := strings.ToLower(getenv(v))
		switch {
		case strings.HasPrefix(s, "en"):
			return engine.EN
		case strings.HasPrefix(s, "pl"):
			return engine.PL
		}
	}
	return engine.PL
}

// argsLang is the language args' --lang names, else the environment's:
// that of a command's help and of a mistake in its flags, both told
// before the flags are parsed.
func argsLang(args []string) engine.Lang {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, v, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			v = args[i+1]
		}
		if l, err := engine.ParseLang(v); err == nil {
			return l
		}
	}
	return envLang()
}

// detail is err's message in both languages: a RuleError's own; else
// the text of an error of the system or a library, which has one.
func detail(err error) engine.Text {
	if re, ok := engine.AsRuleError(err); ok {
		return re.Msg
	}
	return engine.Text{PL: err.Error(), EN: err.Error()}
}

// The command line's own errors, in both languages.
var (
	errUnknownCommand = engine.Rule{Code: "usage", PL: "nieznane polecenie %q (stolik help wymienia polecenia)", EN: "unknown command %q (stolik help lists the commands)"}
	errGiveWhat       = engine.Rule{Code: "usage", PL: "%[1]s: podaj, co zrobić: %[2]s (stolik help %[1]s)", EN: "%[1]s: give what to do: %[2]s (stolik help %[1]s)"}
	errUnknownFlag    = engine.Rule{Code: "usage", PL: "%[1]s: nieznana flaga %[2]s (stolik %[1]s --help)", EN: "%[1]s: unknown flag %[2]s (stolik %[1]s --help)"}
	errFlagNeedsValue = engine.Rule{Code: "usage", PL: "%[1]s: flaga %[2]s potrzebuje wartości (stolik %[1]s --help)", EN: "%[1]s: flag %[2]s needs a value (stolik %[1]s --help)"}
	errFlagValue      = engine.Rule{Code: "usage", PL: "%[1]s: zła wartość %[2]q flagi --%[3]s: %[4]s (stolik %[1]s --help)", EN: "%[1]s: invalid value %[2]q for --%[3]s: %[4]s (stolik %[1]s --help)"}
	errFlagSyntax     = engine.Rule{Code: "usage", PL: "%[1]s: nie rozumiem flag: %[2]s (stolik %[1]s --help)", EN: "%[1]s: cannot read the flags: %[2]s (stolik %[1]s --help)"}
	errPositive       = engine.Rule{Code: "usage", PL: "%s: wartość %s musi być dodatnia", EN: "%s: %s must be positive"}
	errUnexpected     = engine.Rule{Code: "usage", PL: "%s: nieoczekiwane %q", EN: "%s: unexpected %q"}
	errOpt            = engine.Rule{Code: "usage", PL: "--opt: %s", EN: "--opt: %s"}
	errPlayersTwice   = engine.Rule{Code: "usage", PL: "--players i --opt players=... oba podane", EN: "--players and --opt players=... both given"}
	errGameOptions    = engine.Rule{Code: "usage", PL: "%s: %s", EN: "%s: %s"}
	errBadBot         = engine.Rule{Code: "usage", PL: "%s: %s", EN: "%s: %s"}
	errFailed         = engine.Rule{Code: "failed", PL: "%s: %s", EN: "%s: %s"}
	errNoHelp         = engine.Rule{Code: "usage", PL: "help: nie ma polecenia %q (stolik help wymienia polecenia)", EN: "help: no command %q (stolik help lists the commands)"}
	errGiveOneDir     = engine.Rule{Code: "usage", PL: "content validate: podaj jeden katalog", EN: "content validate: give one directory"}
	errUnknownLang    = engine.Rule{Code: "usage", PL: "--lang: nieznany język %q (pl albo en)", EN: "--lang: unknown language %q (use pl or en)"}
	errUnknownGame    = engine.Rule{Code: "unknown_game", PL: "nieznana gra %q (gry: %s)", EN: "unknown game %q (games: %s)"}
	errOneGame        = engine.Rule{Code: "usage", PL: "%s: podaj jedną grę (%s)", EN: "%s: give one game (%s)"}
	errContentDir     = engine.Rule{Code: "usage", PL: "--content %s: to nie katalog", EN: "--content %s: not a directory"}
	errContentPack    = engine.Rule{Code: "content_pack", PL: "paczka treści %s: %s", EN: "content pack %s: %s"}
	errNotFinished    = engine.Rule{Code: "not_finished", PL: "%s: niedokończone partie: %s; pierwsza: %s", EN: "%s: %s did not finish; the first: %s"}
	errNotADirectory  = engine.Rule{Code: "usage", PL: "content validate: %s to nie katalog", EN: "content validate: %s is not a directory"}
)

// failed is the failure of what cmd did, told by err: exit status 1.
func failed(cmd string, err error) error { return failRule(1, errFailed.Err(cmd, detail(err))) }

// usageRule is a mistake on the command line, in both languages.
func usageRule(re *engine.RuleError) error { return &exitError{2, re} }

// failRule is a failure with exit status code, in both languages.
func failRule(code int, re *engine.RuleError) error { return &exitError{code, re} }

// notFinished is the error of a run whose n games did not finish.
func notFinished(cmd string, n int, first string) error {
	return failRule(1, errNotFinished.Err(cmd, engine.Text{PL: strconv.Itoa(n), EN: nounGame.Count(n).EN}, first))
}

// localized is an error shown in one language.
type localized struct {
	msg string
	err error
}

func (e *localized) Error() string { return e.msg }
func (e *localized) Unwrap() error { return e.err }

// localize puts the message of a RuleError within err in language l
// (without its code, which is for programs); other errors are left as
// they are.
func localize(err error, l engine.Lang) error {
	var re *engine.RuleError
	if err == nil || !errors.As(err, &re) {
		return err
	}
	msg := strings.Replace(err.Error(), re.Error(), re.Msg.In(l), 1)
	code := 1
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	return &exitError{code, &localized{msg, err}}
}

// loadGame is the game name with its pack from --content dir, the one
// meaning of --content: a directory holding a pack per game, dir/NAME
// (as serve reads it). dir itself, when it is a pack of the game, is
// accepted too; where dir holds packs of other games only, the game
// keeps its own cards. It returns the pack's directory, "" for the
// game's own cards.
func loadGame(name, dir string) (engine.Game, string, error) {
	g, err := all.Lookup(name, "")
	if err != nil {
		return nil, "", usageRule(errUnknownGame.Err(name, strings.Join(gameNames(), ", ")))
	}
	if dir == "" {
		return g, "", nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, "", usageRule(errContentDir.Err(dir))
	}
	sub := filepath.Join(dir, name)
	if st, err := os.Stat(sub); err == nil && st.IsDir() {
		pg, err := all.WithContent(name, sub)
		if err != nil {
			return nil, "", packError(sub, err)
		}
		return pg, sub, nil
	}
	pg, err := all.WithContent(name, dir)
	if err == nil {
		return pg, dir, nil
	}
	if holdsPacks(dir) {
		return g, "", nil
	}
	return nil, "", packError(dir, err)
}

// holdsPacks tells whether dir has a folder named for a game.
func holdsPacks(dir string) bool {
	for _, n := range gameNames() {
		if st, err := os.Stat(filepath.Join(dir, n)); err == nil && st.IsDir() {
			return true
		}
	}
	return false
}

// contentGames is every game, each with its pack from dir as loadGame
// finds it, or its own cards where dir has none for it.
func contentGames(dir string) ([]engine.Game, error) {
	games := all.Games()
	if dir == "" {
		return games, nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, usageRule(errContentDir.Err(dir))
	}
	for i, g := range games {
		sub := filepath.Join(dir, g.Name())
		if st, err := os.Stat(sub); err == nil && st.IsDir() {
			pg, err := all.WithContent(g.Name(), sub)
			if err != nil {
				return nil, packError(sub, err)
			}
			games[i] = pg
		} else if pg, err := all.WithContent(g.Name(), dir); err == nil {
			games[i] = pg
		}
	}
	return games, nil
}

// packError is a pack that does not load: its problems are told in
// both languages, each with its file, line, card and field.
func packError(dir string, err error) error {
	var ce engine.ContentErrors
	if errors.As(err, &ce) {
		return failRule(1, errContentPack.Err(dir, ce.Msg()))
	}
	if re, ok := engine.AsRuleError(err); ok {
		return failRule(1, errContentPack.Err(dir, re.Msg))
	}
	return failRule(1, errContentPack.Err(dir, err.Error()))
}
