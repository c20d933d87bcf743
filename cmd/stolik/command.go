package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"stolik/engine"
)

// A command is one of stolik's commands. The global usage, each
// command's help, the dispatch and the check of docs/cli.md are all made
// from the table of them (commands), so that they cannot disagree.
type command struct {
	name string // "serve", or two words for a command under another: "bench server"
	// synopsis is what follows the name in the usage: the positional
	// arguments and every flag.
	synopsis string
	summary  engine.Text // what it does, in a line
	examples []string    // command lines, without "stolik "
	// flags defines the command's flags on fs, each telling what it does
	// in u's language, and returns what runs it, given the positional
	// arguments, once fs has parsed the rest.
	flags func(fs *flag.FlagSet, u usage) runFunc
}

// usage is the language a command's flags tell what they do in: the
// help's. Each flag says it in both languages (u.say), so that the help
// follows the one rule of every output (outputLang).
type usage engine.Lang

// say is a flag's usage in u's language.
func (u usage) say(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(engine.Lang(u)) }

// runFunc runs a command whose flags are parsed.
type runFunc func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error

// commands is every command, in the order the usage lists them. It is
// set in init because help, one of the commands, reads it.
var commands []*command

func init() {
	commands = []*command{serveCommand, playCommand, simCommand, simMergeCommand, replayCommand, gamesCommand, contentValidateCommand,
		arenaCommand, benchCommand, benchServerCommand, storeCopyCommand, userCreateCommand, userResetCommand, userBanCommand,
		userUnbanCommand, userListCommand, ratingsRebuildCommand, ratingsShowCommand, reportsCommand, reportsDeleteCommand,
		reportsCloseCommand, helpCommand, versionCommand}
}

// flagSet is the command's flags, defined with their usages in l, and
// what runs it.
func (c *command) flagSet(l engine.Lang) (*flag.FlagSet, runFunc) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs, c.flags(fs, usage(l))
}

// findCommand is the command that args begin with, and the arguments
// after its name: a command of two words ("bench server") before one
// of one ("bench").
func findCommand(args []string) (*command, []string) {
	if len(args) >= 2 {
		for _, c := range commands {
			if c.name == args[0]+" "+args[1] {
				return c, args[2:]
			}
		}
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c, args[1:]
		}
	}
	return nil, nil
}

// group is the commands whose first word is word ("content" gives
// "content validate").
func group(word string) []*command {
	var cs []*command
	for _, c := range commands {
		if strings.HasPrefix(c.name, word+" ") {
			cs = append(cs, c)
		}
	}
	return cs
}

func isHelpFlag(a string) bool { return a == "-h" || a == "--help" || a == "-help" }

// dispatch runs the command args name. What comes before the command's
// flags are read (its help, a mistake in them) speaks the language of
// argsLang; the rest that of outputLang.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	l := argsLang(args)
	c, rest := findCommand(args)
	if c == nil {
		cs := group(args[0])
		if len(cs) == 0 {
			return localize(usageRule(errUnknownCommand.Err(args[0])), l)
		}
		if len(args) > 1 && (isHelpFlag(args[1]) || args[1] == "help") {
			for _, c := range cs {
				c.printHelp(stdout, l)
			}
			return nil
		}
		var names []string
		for _, c := range cs {
			names = append(names, "stolik "+c.name+" "+c.synopsis)
		}
		return localize(usageRule(errGiveWhat.Err(args[0], strings.Join(names, "; "))), l)
	}
	fs, runCmd := c.flagSet(l)
	pos, err := parse(fs, rest)
	if errors.Is(err, flag.ErrHelp) {
		c.printHelp(stdout, l)
		return nil
	}
	if err != nil {
		return localize(err, l)
	}
	out, lerr := outputLang(fs)
	if lerr != nil {
		return localize(lerr, envLang())
	}
	return localize(runCmd(pos, stdin, stdout, stderr), out)
}

// The headings of the help, in both languages.
var (
	textUsage    = engine.Text{PL: "użycie", EN: "usage"}
	textFlags    = engine.Text{PL: "Flagi (-nazwa albo --nazwa; więcej w docs/cli.md):", EN: "Flags (-name or --name; docs/cli.md tells more):"}
	textExamples = engine.Text{PL: "Przykłady:", EN: "Examples:"}
	textDefault  = engine.Text{PL: "domyślnie", EN: "default"}
)

// printHelp prints the command's usage, flags and examples in l, as go
// help does.
func (c *command) printHelp(w io.Writer, l engine.Lang) {
	fmt.Fprintf(w, "%s: %s\n\n%s.\n", textUsage.In(l), wrap("stolik "+c.name+" "+c.synopsis, 8), upperFirst(c.summary.In(l)))
	fs, _ := c.flagSet(l)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintf(w, "\n%s\n", textFlags.In(l))
		printFlags(w, fs, l)
	}
	if len(c.examples) > 0 {
		fmt.Fprintf(w, "\n%s\n", textExamples.In(l))
		for _, e := range c.examples {
			fmt.Fprintf(w, "  stolik %s\n", e)
		}
	}
	fmt.Fprintln(w)
}

// printFlags prints fs's flags as flag.PrintDefaults does, in l: the
// kind of value a flag takes and "default" are words too.
func printFlags(w io.Writer, fs *flag.FlagSet, l engine.Lang) {
	fs.VisitAll(func(f *flag.Flag) {
		kind, text := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if kind != "" {
			line += " " + valueKind(kind).In(l)
		}
		if len(line) <= 4 { // a flag of one letter: the text on its line
			line += "\t"
		} else {
			line += "\n    \t"
		}
		line += strings.ReplaceAll(text, "\n", "\n    \t")
		switch f.DefValue {
		case "", "0", "0s", "false":
		default:
			def := f.DefValue
			if kind == "string" {
				def = fmt.Sprintf("%q", def)
			}
			line += fmt.Sprintf(" (%s %s)", textDefault.In(l), def)
		}
		fmt.Fprintln(w, line)
	})
}

// valueKind names the kind of value flag.UnquoteUsage gives a flag.
func valueKind(kind string) engine.Text {
	switch kind {
	case "string":
		return engine.Text{PL: "tekst", EN: kind}
	case "int", "uint", "float":
		return engine.Text{PL: "liczba", EN: kind}
	case "duration":
		return engine.Text{PL: "czas", EN: kind}
	case "value":
		return engine.Text{PL: "wartość", EN: kind}
	}
	return engine.Text{PL: kind, EN: kind}
}

// printUsage prints the global usage in l: every command of the table,
// what it does, then its synopsis.
func printUsage(w io.Writer, l engine.Lang) {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	fmt.Fprintf(w, "%s\n\n%s\n", t("stolik — gry karciane przy jednym stole", "stolik — card games at one table"), t("Polecenia:", "Commands:"))
	for _, c := range commands {
		fmt.Fprintf(w, "  %-17s %s\n", c.name, c.summary.In(l))
	}
	fmt.Fprintf(w, "\n%s\n", t("Użycie:", "Usage:"))
	for _, c := range commands {
		fmt.Fprintf(w, "  %s\n", wrap("stolik "+c.name+" "+c.synopsis, 10))
	}
	fmt.Fprintf(w, "\n%s %s\n", t("GAME, czyli gra:", "GAME:"), strings.Join(gameNames(), ", "))
	fmt.Fprintln(w, t("stolik help POLECENIE albo stolik POLECENIE --help: flagi polecenia, ich wartości domyślne i przykłady.",
		"stolik help COMMAND or stolik COMMAND --help: the command's flags, their defaults and examples."))
	fmt.Fprintln(w, t("Każde polecenie, flaga, kod wyjścia i pole JSON: docs/cli.md.", "Every command, flag, exit status and JSON field: docs/cli.md."))
	fmt.Fprintln(w, t("Pomoc, wyniki i błędy są w języku z --lang, inaczej z LC_ALL albo LANG, inaczej po polsku.",
		"Help, output and errors are in the language of --lang, else of LC_ALL or LANG, else Polish."))
}

// wrap breaks a synopsis into lines of about 100 characters, between
// bracketed groups, never inside one ("[--addr ADDR]"), and indents the
// lines after the first.
func wrap(s string, indent int) string {
	const width = 100
	var words []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '[':
			depth++
		case ']':
			depth--
		case ' ':
			if depth == 0 {
				words = append(words, s[start:i])
				start = i + 1
			}
		}
	}
	words = append(words, s[start:])
	var b strings.Builder
	line := 0
	for i, w := range words {
		if w == "" {
			continue
		}
		if i > 0 && line+1+len(w) > width {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			line = indent
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}

func joinWords(words []string) string { return strings.Join(words, " ") }

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
