// Command stolik serves and plays Stolik's card games.
//
// Usage:
//
//	stolik serve                  run the game server for browsers (HTTP API, WebSocket, SQLite or PostgreSQL)
//	stolik play GAME              play in the terminal, against bots or at one keyboard
//	stolik sim GAME               play many games between bots and print the balance figures
//	stolik replay FILE            replay a record
//	stolik games                  list the games, their options and bots
//	stolik content validate DIR   check a content pack
//	stolik arena GAME --bots ...  rate bots against each other
//	stolik bench [GAME]           measure the games and the search bot
//	stolik bench server           measure a server under WebSocket clients
//	stolik store copy FROM TO     copy the tables of one store to another
//	stolik help [COMMAND]         print the usage, or a command's flags and examples
//	stolik version                print the version and build information
//
// Each command lives in a file of its own and is listed in the table of
// commands (command.go), from which the usage, each command's help and
// the dispatch are made. The package wires the other packages together and
// holds no game logic. The commands, flags, exit codes and JSON fields
// are described in docs/cli.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"stolik/bots"
)

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
	if len(args) == 0 || isHelpFlag(args[0]) {
		printUsage(stdout)
		return nil
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	// No bot program outlives the command that started it, also one
	// that ignores the end of its input.
	defer bots.StopAll()
	return dispatch(args, stdin, stdout, stderr)
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
			if name == "h" || name == "help" {
				return nil, flag.ErrHelp
			}
			return nil, usageError("%s: unknown flag %s (stolik %s --help)", fs.Name(), a, fs.Name())
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 >= len(args) {
			return nil, usageError("%s: flag %s needs a value (stolik %s --help)", fs.Name(), a, fs.Name())
		}
		i++
		flags = append(flags, args[i])
	}
	if err := fs.Parse(flags); errors.Is(err, flag.ErrHelp) {
		return nil, err
	} else if err != nil {
		return nil, usageError("%s: %v (stolik %s --help)", fs.Name(), err, fs.Name())
	}
	return pos, nil
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
