package main

import (
	"flag"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"stolik/engine"
)

// TestHelpOfEveryCommand: -h, --help and help CMD print the command's
// usage on stdout and exit 0, as every Go tool does.
func TestHelpOfEveryCommand(t *testing.T) {
	t.Setenv("LANG", "en_US.UTF-8")
	names := []string{"serve", "play", "sim", "replay", "games", "content validate", "arena", "bench", "bench server", "store copy", "help", "version"}
	for _, name := range names {
		words := strings.Fields(name)
		for _, args := range [][]string{
			append(append([]string{}, words...), "-h"),
			append(append([]string{}, words...), "--help"),
			append([]string{"help"}, words...),
		} {
			out, errOut, code := stolik(t, "", args...)
			if code != 0 || !strings.Contains(out, "usage: stolik "+name) {
				t.Errorf("%v: exit %d, stderr %q, stdout:\n%s", args, code, errOut, out)
			}
		}
	}
}

// flagNames is every flag a command defines.
func flagNames(c *command) []string {
	fs, _ := c.flagSet(engine.PL)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// TestHelpListsEveryFlag: a command's help names each of its flags with
// its help text, and its synopsis, which the global usage prints, names
// each as --name.
func TestHelpListsEveryFlag(t *testing.T) {
	usage, _, code := stolik(t, "")
	if code != 0 {
		t.Fatalf("stolik alone: exit %d", code)
	}
	for _, c := range commands {
		out, _, code := stolik(t, "", append(strings.Fields(c.name), "--help")...)
		if code != 0 {
			t.Errorf("%s --help: exit %d", c.name, code)
		}
		if !regexp.MustCompile(`(?m)^  stolik `+regexp.QuoteMeta(c.name)+`( |$)`).MatchString(usage) || !strings.Contains(usage, "  "+c.name+" ") {
			t.Errorf("the global usage does not list %q", c.name)
		}
		fs, _ := c.flagSet(engine.PL)
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(out, "  -"+f.Name+" ") && !strings.Contains(out, "  -"+f.Name+"\n") {
				t.Errorf("stolik %s --help does not list -%s:\n%s", c.name, f.Name, out)
			}
			_, text := flag.UnquoteUsage(f)
			if !strings.Contains(out, strings.SplitN(text, "\n", 2)[0]) {
				t.Errorf("stolik %s --help does not say what -%s does", c.name, f.Name)
			}
			if !regexp.MustCompile(`--` + regexp.QuoteMeta(f.Name) + `\b`).MatchString(c.synopsis) {
				t.Errorf("the synopsis of %s leaves out --%s: %s", c.name, f.Name, c.synopsis)
			}
		})
		if len(c.examples) == 0 || !strings.Contains(out, "stolik "+c.examples[0]) {
			t.Errorf("stolik %s --help gives no example", c.name)
		}
	}
	for _, want := range []string{"stolik bench server", "--field", "--search", "stolik games [--json] [--lang"} {
		if !strings.Contains(usage, want) {
			t.Errorf("the global usage leaves out %q", want)
		}
	}
}

// TestBadFlagPointsToHelp: a flag a command does not know is a mistake
// of use (exit 2) whose message says where the flags are listed.
func TestBadFlagPointsToHelp(t *testing.T) {
	for _, c := range commands {
		args := append(strings.Fields(c.name), "--no-such-flag")
		_, errOut, code := stolik(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "stolik "+c.name+" --help") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	if _, errOut, code := stolik(t, "", "content"); code != 2 || !strings.Contains(errOut, "content validate") {
		t.Errorf("content alone: exit %d, %q", code, errOut)
	}
	if _, errOut, code := stolik(t, "", "help", "nosuch"); code != 2 || errOut == "" {
		t.Errorf("help nosuch: exit %d, %q", code, errOut)
	}
}

// TestVersion: stolik version and stolik --version print the module's
// version and the Go version that built it, exit 0.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, errOut, code := stolik(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "stolik ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%v: exit %d, %q, stdout:\n%s", args, code, errOut, out)
		}
	}
}

// TestVersionShowsTheCommit: a build that recorded its version control
// prints the module version, revision, time and whether it had changes.
func TestVersionShowsTheCommit(t *testing.T) {
	var b strings.Builder
	printVersion(&b, &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2025-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}, engine.EN)
	for _, want := range []string{"stolik v1.2.3\n", "0123456789abcdef", "2025-01-02T03:04:05Z", "modified", "go1.99"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in:\n%s", want, b.String())
		}
	}
	b.Reset()
	printVersion(&b, nil, engine.EN)
	if !strings.HasPrefix(b.String(), "stolik (devel)\n") || strings.Contains(b.String(), "modified") {
		t.Errorf("without build info:\n%s", b.String())
	}
}

// TestDocsNameEveryFlag: docs/cli.md has a section for every command of
// the table ("### `stolik NAME`", up to the next heading), and that
// section names every flag the command defines as --name.
func TestDocsNameEveryFlag(t *testing.T) {
	data, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	var name string
	var text strings.Builder
	flush := func() {
		if name != "" {
			sections[name] = text.String()
		}
		name = ""
		text.Reset()
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") {
			flush()
			if h, ok := strings.CutPrefix(line, "### `stolik "); ok && strings.HasSuffix(h, "`") {
				name = strings.TrimSuffix(h, "`")
			}
			continue
		}
		text.WriteString(line + "\n")
	}
	flush()
	for _, c := range commands {
		sec, ok := sections[c.name]
		if !ok {
			t.Errorf("docs/cli.md has no section ### `stolik %s`", c.name)
			continue
		}
		for _, f := range flagNames(c) {
			if !regexp.MustCompile("--" + regexp.QuoteMeta(f) + `\b`).MatchString(sec) {
				t.Errorf("docs/cli.md, section stolik %s, does not name --%s", c.name, f)
			}
		}
	}
}

// TestDefaultDatabaseIsIgnored: stolik serve run in a checkout makes
// stolik.db (and SQLite's -wal and -shm beside it); git ignores them.
func TestDefaultDatabaseIsIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, name := range []string{"stolik.db", "stolik.db-wal", "stolik.db-shm"} {
		cmd := exec.Command("git", "check-ignore", "-q", "--no-index", name)
		cmd.Dir = "../.."
		if err := cmd.Run(); err != nil {
			t.Errorf("git check-ignore %s: %v (not ignored)", name, err)
		}
	}
}

// TestPackageDocNamesEveryCommand: the package's doc comment, what go
// doc shows, names every command of the table.
func TestPackageDocNamesEveryCommand(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	for _, c := range commands {
		if !strings.Contains(doc, "stolik "+c.name) {
			t.Errorf("the package doc does not name stolik %s:\n%s", c.name, doc)
		}
	}
}

// helpIn is the help of the command name (or the global usage, for
// ""), printed under the locale locale.
func helpIn(t *testing.T, locale, name string, extra ...string) string {
	t.Helper()
	t.Setenv("LC_ALL", "")
	t.Setenv("LANG", locale)
	args := append(strings.Fields(name), "-h")
	if name == "" {
		args = nil
	}
	out, errOut, code := stolik(t, "", append(args, extra...)...)
	if code != 0 {
		t.Fatalf("%v under LANG=%s: exit %d %s", args, locale, code, errOut)
	}
	return out
}

// TestHelpFollowsTheLanguage: the global usage and each command's help
// are in the environment's language (Polish by default), or in that of
// --lang given with -h; each heading, summary and flag's usage is in it.
func TestHelpFollowsTheLanguage(t *testing.T) {
	pl, en := helpIn(t, "pl_PL.UTF-8", ""), helpIn(t, "en_US.UTF-8", "")
	for _, want := range []string{"Polecenia:", "Użycie:", "GAME, czyli gra:"} {
		if !strings.Contains(pl, want) {
			t.Errorf("the Polish usage has no %q:\n%s", want, pl)
		}
	}
	for _, want := range []string{"Commands:", "Usage:", "GAME:"} {
		if !strings.Contains(en, want) || strings.Contains(pl, want+"\n") {
			t.Errorf("the usage: %q in English and not in Polish:\n%s\n%s", want, en, pl)
		}
	}
	if def := helpIn(t, "", ""); def != pl {
		t.Errorf("the usage without a locale is not Polish:\n%s", def)
	}
	for _, c := range commands {
		pl, en := helpIn(t, "pl_PL.UTF-8", c.name), helpIn(t, "en_US.UTF-8", c.name)
		if pl == en {
			t.Errorf("stolik %s -h prints the same in both languages", c.name)
		}
		if !strings.Contains(pl, "użycie: stolik "+c.name) || !strings.Contains(en, "usage: stolik "+c.name) {
			t.Errorf("stolik %s -h: no usage line\n%s\n%s", c.name, pl, en)
		}
		if !strings.Contains(pl, upperFirst(c.summary.PL)) || !strings.Contains(en, upperFirst(c.summary.EN)) {
			t.Errorf("stolik %s -h: the summary is not in the help's language\n%s\n%s", c.name, pl, en)
		}
		for _, english := range []string{"Flags (", "Examples:", "(default "} {
			if strings.Contains(pl, english) {
				t.Errorf("stolik %s -h in Polish says %q:\n%s", c.name, english, pl)
			}
		}
		plFlags, _ := c.flagSet(engine.PL)
		enFlags, _ := c.flagSet(engine.EN)
		plFlags.VisitAll(func(f *flag.Flag) {
			enText := strings.SplitN(enFlags.Lookup(f.Name).Usage, "\n", 2)[0]
			if !strings.Contains(pl, strings.SplitN(f.Usage, "\n", 2)[0]) || strings.Contains(pl, enText) || !strings.Contains(en, enText) {
				t.Errorf("stolik %s -h: --%s is not said in the help's language\n%s", c.name, f.Name, pl)
			}
		})
		if byFlag := helpIn(t, "", c.name, "--lang", "en"); byFlag != en {
			t.Errorf("stolik %s -h --lang en is not the English help:\n%s", c.name, byFlag)
		}
		if byFlag := helpIn(t, "en_US.UTF-8", c.name, "--lang=pl"); byFlag != pl {
			t.Errorf("LANG=en_US stolik %s -h --lang=pl is not the Polish help:\n%s", c.name, byFlag)
		}
		t.Setenv("LANG", "en_US.UTF-8")
		if out, _, _ := stolik(t, "", append([]string{"help"}, strings.Fields(c.name)...)...); out != en {
			t.Errorf("LANG=en_US stolik help %s is not the English help:\n%s", c.name, out)
		}
	}
}

// TestEveryFlagInBothLanguages: every flag of every command has a usage
// in Polish and one in English, different, and the two languages define
// the same flags with the same defaults; every summary has both.
func TestEveryFlagInBothLanguages(t *testing.T) {
	for _, c := range commands {
		if c.summary.PL == "" || c.summary.EN == "" || c.summary.PL == c.summary.EN {
			t.Errorf("%s: the summary is not in both languages: %+v", c.name, c.summary)
		}
		plFlags, _ := c.flagSet(engine.PL)
		enFlags, _ := c.flagSet(engine.EN)
		n := 0
		enFlags.VisitAll(func(*flag.Flag) { n++ })
		plFlags.VisitAll(func(f *flag.Flag) {
			n--
			e := enFlags.Lookup(f.Name)
			switch {
			case e == nil:
				t.Errorf("%s: --%s only in Polish", c.name, f.Name)
			case f.Usage == "" || e.Usage == "" || f.Usage == e.Usage:
				t.Errorf("%s: --%s lacks a Polish or an English usage: %q, %q", c.name, f.Name, f.Usage, e.Usage)
			case f.DefValue != e.DefValue:
				t.Errorf("%s: --%s defaults to %q in Polish, %q in English", c.name, f.Name, f.DefValue, e.DefValue)
			}
		})
		if n != 0 {
			t.Errorf("%s: the languages define different flags", c.name)
		}
	}
}
