package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

var versionCommand = &command{
	name:     "version",
	synopsis: "",
	summary:  "print stolik's version, the commit it was built from and the Go that built it (also stolik --version)",
	examples: []string{"version", "--version"},
	flags:    versionFlags,
}

func versionFlags(fs *flag.FlagSet) runFunc {
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(pos) > 0 {
			return usageError("version: unexpected %q", pos[0])
		}
		info, _ := debug.ReadBuildInfo()
		printVersion(stdout, info)
		return nil
	}
}

// printVersion prints the module's version ("(devel)" for a build from
// a checkout), the version control's revision, time and whether the tree
// had changes, when the build recorded them, and the Go version.
func printVersion(w io.Writer, info *debug.BuildInfo) {
	version, goVersion := "(devel)", runtime.Version()
	settings := map[string]string{}
	if info != nil {
		if v := info.Main.Version; v != "" {
			version = v
		}
		if info.GoVersion != "" {
			goVersion = info.GoVersion
		}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
	}
	fmt.Fprintf(w, "stolik %s\n", version)
	if rev := settings["vcs.revision"]; rev != "" {
		fmt.Fprintf(w, "  revision  %s\n", rev)
		if t := settings["vcs.time"]; t != "" {
			fmt.Fprintf(w, "  time      %s\n", t)
		}
		if settings["vcs.modified"] == "true" {
			fmt.Fprintf(w, "  modified  true (built with changes not committed)\n")
		}
	}
	fmt.Fprintf(w, "  go        %s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
}
