// Command stolik plays Stolik's card games: in a terminal, in simulations,
// as replays of records, and (soon) as a server for browsers.
//
// The commands, flags, exit codes and JSON fields follow docs/cli.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"stolik/engine"
)

const usage = `stolik — gry karciane przy jednym stole / card games at one table

  stolik serve   [--addr 127.0.0.1:8080] [--db sqlite:stolik.db|postgres://...]
  stolik play    GAME [--players N] [--seats human,bot:fan,...] [--seed S] [--lang pl|en] [--opt k=v]... [--record FILE]
  stolik sim     GAME [--games N | --time 30s] [--players N] [--bots random,fan:expert,...] [--seed S]
                 [--workers K] [--opt k=v]... [--json] [--records DIR] [--report FILE.html] [--lang pl|en]
                 [--sweep name=a,b,c]... [--compare-content DIR]
  stolik replay  FILE [--json] [--seat N] [--step] [--lang pl|en]
  stolik games   [--json]
  stolik content validate DIR [--game GAME]
  stolik bench   [GAME] [--json] [--players N] [--time 2s]
  stolik arena   GAME --bots a,b,c,... [--games N] [--players N] [--seed S] [--workers K]
                 [--opt k=v]... [--json] [--lang pl|en]
  stolik store   copy FROM TO [--merge]

Every command that names a GAME takes --content DIR to play with an owner's content pack.
GAME: %s
`

// exitError carries an exit status.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func fail(code int, format string, args ...any) error {
	return &exitError{code, fmt.Errorf(format, args...)}
}

// usageError is a mistake on the command line: exit status 2.
func usageError(format string, args ...any) error { return fail(2, format, args...) }

func main() {
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err == nil {
		return
	}
	code := 1
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if !errors.Is(err, errQuiet) {
		fmt.Fprintln(os.Stderr, "stolik:", err)
	}
	os.Exit(code)
}

// errQuiet marks failures whose message was already printed.
var errQuiet = errors.New("")

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintf(stdout, usage, strings.Join(gameNames(), ", "))
		return nil
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return cmdServe(rest, stdout)
	case "play":
		return cmdPlay(rest, stdin, stdout)
	case "sim":
		return cmdSim(rest, stdout, stderr)
	case "replay":
		return cmdReplay(rest, stdin, stdout)
	case "games":
		return cmdGames(rest, stdout)
	case "content":
		return cmdContent(rest, stdout)
	case "bench":
		return cmdBench(rest, stdout, stderr)
	case "arena":
		return cmdArena(rest, stdout, stderr)
	case "store":
		return cmdStore(rest, stdout, stderr)
	}
	return usageError("unknown command %q (commands: serve, play, sim, replay, games, content, bench, arena, store; stolik help)", cmd)
}

// multiFlag collects a repeated flag such as --opt k=v.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// parse parses flags that may come before, between or after positional
// arguments ("stolik sim cardline --games 10" and "stolik sim --games 10
// cardline" both work) and returns the positional ones.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			return nil, usageError("%s: unknown flag %s", fs.Name(), a)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 >= len(args) {
			return nil, usageError("%s: flag %s needs a value", fs.Name(), a)
		}
		i++
		flags = append(flags, args[i])
	}
	if err := fs.Parse(flags); err != nil {
		return nil, usageError("%s: %v", fs.Name(), err)
	}
	return pos, nil
}

func parseLang(s string) (engine.Lang, error) {
	l, err := engine.ParseLang(s)
	if err != nil {
		return l, usageError("--lang: %v", err)
	}
	return l, nil
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
