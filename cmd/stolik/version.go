package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"stolik/engine"
)

var versionCommand = &command{
	name:     "version",
	synopsis: "[--lang pl|en]",
	summary: engine.Text{PL: "wypisuje wersję stolika, commit, z którego go zbudowano, i Go, które go zbudowało (także stolik --version)",
		EN: "print stolik's version, the commit it was built from and the Go that built it (also stolik --version)"},
	examples: []string{"version", "--version"},
	flags:    versionFlags,
}

func versionFlags(fs *flag.FlagSet, u usage) runFunc {
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(pos) > 0 {
			return usageRule(errUnexpected.Err("version", pos[0]))
		}
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		info, _ := debug.ReadBuildInfo()
		printVersion(stdout, info, l)
		return nil
	}
}

// printVersion prints the module's version ("(devel)" for a build from
// a checkout), the version control's revision, time and whether the tree
// had changes, when the build recorded them, and the Go version.
func printVersion(w io.Writer, info *debug.BuildInfo, l engine.Lang) {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
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
		fmt.Fprintf(w, "  %-9s %s\n", t("rewizja", "revision"), rev)
		if at := settings["vcs.time"]; at != "" {
			fmt.Fprintf(w, "  %-9s %s\n", t("czas", "time"), at)
		}
		if settings["vcs.modified"] == "true" {
			fmt.Fprintf(w, "  %-9s %s\n", t("zmieniony", "modified"), t("true (zbudowany ze zmianami spoza commitów)", "true (built with changes not committed)"))
		}
	}
	fmt.Fprintf(w, "  go        %s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
}
