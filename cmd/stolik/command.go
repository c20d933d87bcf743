package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// A command is one of stolik's commands. The global usage, each
// command's help, the dispatch and the check of docs/cli.md are all made
// from the table of them (commands), so that they cannot disagree.
type command struct {
	name string // "serve", or two words for a command under another: "bench server"
	// synopsis is what follows the name in the usage: the positional
	// arguments and every flag.
	synopsis string
	summary  string   // what it does, in a line
	examples []string // command lines, without "stolik "
	// flags defines the command's flags on fs and returns what runs it,
	// given the positional arguments, once fs has parsed the rest.
	flags func(fs *flag.FlagSet) runFunc
}

// runFunc runs a command whose flags are parsed.
type runFunc func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error

// commands is every command, in the order the usage lists them. It is
// set in init because help, one of the commands, reads it.
var commands []*command

func init() {
	commands = []*command{serveCommand, playCommand, simCommand, replayCommand, gamesCommand, contentValidateCommand,
		arenaCommand, benchCommand, benchServerCommand, storeCopyCommand, helpCommand, versionCommand}
}

// flagSet is the command's flags, defined, and what runs it.
func (c *command) flagSet() (*flag.FlagSet, runFunc) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs, c.flags(fs)
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

// dispatch runs the command args name.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	c, rest := findCommand(args)
	if c == nil {
		cs := group(args[0])
		if len(cs) == 0 {
			return usageError("unknown command %q (stolik help lists the commands)", args[0])
		}
		if len(args) > 1 && (isHelpFlag(args[1]) || args[1] == "help") {
			for _, c := range cs {
				c.printHelp(stdout)
			}
			return nil
		}
		var names []string
		for _, c := range cs {
			names = append(names, "stolik "+c.name+" "+c.synopsis)
		}
		return usageError("%s: give what to do: %s (stolik help %s)", args[0], strings.Join(names, "; "), args[0])
	}
	fs, runCmd := c.flagSet()
	pos, err := parse(fs, rest)
	if errors.Is(err, flag.ErrHelp) {
		c.printHelp(stdout)
		return nil
	}
	if err != nil {
		return err
	}
	l, lerr := outputLang(fs)
	if lerr != nil {
		return localize(lerr, envLang())
	}
	return localize(runCmd(pos, stdin, stdout, stderr), l)
}

// printHelp prints the command's usage, flags and examples, as go help
// does.
func (c *command) printHelp(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n\n%s.\n", wrap("stolik "+c.name+" "+c.synopsis, 8), upperFirst(c.summary))
	fs, _ := c.flagSet()
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintf(w, "\nFlags (-name or --name; docs/cli.md tells more):\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	if len(c.examples) > 0 {
		fmt.Fprintf(w, "\nExamples:\n")
		for _, e := range c.examples {
			fmt.Fprintf(w, "  stolik %s\n", e)
		}
	}
	fmt.Fprintln(w)
}

// printUsage prints the global usage: every command of the table, what
// it does, then its synopsis.
func printUsage(w io.Writer) {
	fmt.Fprintf(w, "stolik — gry karciane przy jednym stole / card games at one table\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-17s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nUsage:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %s\n", wrap("stolik "+c.name+" "+c.synopsis, 10))
	}
	fmt.Fprintf(w, "\nGAME: %s\n", strings.Join(gameNames(), ", "))
	fmt.Fprintf(w, "stolik help COMMAND or stolik COMMAND --help: the command's flags, their defaults and examples.\n")
	fmt.Fprintf(w, "Every command, flag, exit status and JSON field: docs/cli.md.\n")
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
	return strings.ToUpper(s[:1]) + s[1:]
}
