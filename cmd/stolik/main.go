// Command stolik serves and plays Stolik's card games.
//
// Usage:
//
//	stolik serve                  run the game server for browsers (HTTP API, WebSocket, SQLite or PostgreSQL)
//	stolik play GAME              play in the terminal, against bots or at one keyboard
//	stolik sim GAME               play many games between bots and print the balance figures
//	stolik sim merge PART...      merge the parts of a run played on several machines
//	stolik replay FILE            replay a record
//	stolik games                  list the games, their options and bots
//	stolik content validate DIR   check a content pack
//	stolik arena GAME --bots ...  rate bots against each other
//	stolik bench [GAME]           measure the games and the search bot
//	stolik bench server           measure a server under WebSocket clients
//	stolik store copy FROM TO     copy the tables of one store to another
//	stolik user create NAME       create an account (the password from stdin, or made up)
//	stolik user reset NAME        give an account a new password and end its sessions
//	stolik user ban NAME          ban an account and end its sessions
//	stolik user unban NAME        lift an account's ban
//	stolik user list              list the accounts
//	stolik ratings rebuild        recompute every rating from the stored tables
//	stolik ratings show GAME      print a game's leaderboard
//	stolik reports                list the open reports of chat messages
//	stolik reports delete TABLE N delete a chat message (the operator)
//	stolik reports close ID       close a report
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
	"regexp"
	"strconv"
	"strings"

	"stolik/bots"
	"stolik/engine"
	"stolik/server/loadgen"
)

// exitError carries an exit status.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func main() {
	if loadgen.IdleClientsWanted() { // bench server --idle's clients
		os.Exit(loadgen.IdleClients(os.Stdin, os.Stdout))
	}
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
		printUsage(stdout, argsLang(args))
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
			return nil, usageRule(errUnknownFlag.Err(fs.Name(), a))
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 >= len(args) {
			return nil, usageRule(errFlagNeedsValue.Err(fs.Name(), a))
		}
		i++
		flags = append(flags, args[i])
	}
	if err := fs.Parse(flags); errors.Is(err, flag.ErrHelp) {
		return nil, err
	} else if err != nil {
		return nil, flagError(fs, err)
	}
	return pos, nil
}

// flagValueRE is how the flag package words a value a flag refuses.
var flagValueRE = regexp.MustCompile(`^invalid (?:boolean )?value (".*") for (?:flag )?-(\S+): `)

// flagError is err, the flag package's, in both languages: a value a
// flag refuses is given to it again, for its own error (a RuleError of
// ours, or the flag package's about a number).
func flagError(fs *flag.FlagSet, err error) error {
	if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: "); ok {
		return usageRule(errUnknownFlag.Err(fs.Name(), "-"+name))
	}
	m := flagValueRE.FindStringSubmatch(err.Error())
	if m == nil {
		return usageRule(errFlagSyntax.Err(fs.Name(), err.Error()))
	}
	v, _ := strconv.Unquote(m[1])
	why := engine.Text{PL: "nie do odczytania", EN: "cannot be read"}
	if f := fs.Lookup(m[2]); f != nil {
		if serr := f.Value.Set(v); serr != nil {
			if re, ok := engine.AsRuleError(serr); ok {
				why = re.Msg
			} else if errors.Is(serr, strconv.ErrRange) || strings.Contains(serr.Error(), "out of range") {
				why = engine.Text{PL: "poza zakresem", EN: "out of range"}
			}
		}
	}
	return usageRule(errFlagValue.Err(fs.Name(), v, m[2], why))
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
