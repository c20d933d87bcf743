package main

import (
	"flag"
	"io"

	"stolik/engine"
)

var helpCommand = &command{
	name:     "help",
	synopsis: "[COMMAND] [--lang pl|en]",
	summary: engine.Text{PL: "wypisuje sposób użycia każdego polecenia albo jednego z jego flagami, ich wartościami domyślnymi i przykładami",
		EN: "print the usage of every command, or of one with its flags, their defaults and examples"},
	examples: []string{"help", "help arena", "help bench server"},
	flags:    helpFlags,
}

func helpFlags(fs *flag.FlagSet, u usage) runFunc {
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) == 0 {
			printUsage(stdout, l)
			return nil
		}
		if c, rest := findCommand(pos); c != nil && len(rest) == 0 {
			c.printHelp(stdout, l)
			return nil
		}
		cs := group(pos[0])
		if len(pos) > 1 || len(cs) == 0 {
			return usageRule(errNoHelp.Err(joinWords(pos)))
		}
		for _, c := range cs {
			c.printHelp(stdout, l)
		}
		return nil
	}
}
