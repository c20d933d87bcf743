package main

import (
	"flag"
	"io"
)

var helpCommand = &command{
	name:     "help",
	synopsis: "[COMMAND]",
	summary:  "print the usage of every command, or of one with its flags, their defaults and examples",
	examples: []string{"help", "help arena", "help bench server"},
	flags:    helpFlags,
}

func helpFlags(fs *flag.FlagSet) runFunc {
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(pos) == 0 {
			printUsage(stdout)
			return nil
		}
		if c, rest := findCommand(pos); c != nil && len(rest) == 0 {
			c.printHelp(stdout)
			return nil
		}
		cs := group(pos[0])
		if len(pos) > 1 || len(cs) == 0 {
			return usageError("help: no command %q (stolik help lists the commands)", joinWords(pos))
		}
		for _, c := range cs {
			c.printHelp(stdout)
		}
		return nil
	}
}
