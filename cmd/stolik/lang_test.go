package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/server"
	"stolik/server/loadgen"
)

// noLocale clears the environment's language, so that a test sees the
// default or sets its own.
func noLocale(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LANG", "")
}

func TestSimSpeaksTheChosenLanguage(t *testing.T) {
	noLocale(t)
	pl, errOut, code := stolik(t, "", "sim", "cardline", "--games", "5", "--players", "3", "--lang", "pl")
	if code != 0 || !strings.Contains(pl, "wygran") || !strings.Contains(pl, "3 gracze") || strings.Contains(pl, " wins") {
		t.Errorf("sim --lang pl: exit %d %s\n%s", code, errOut, pl)
	}
	en, _, _ := stolik(t, "", "sim", "cardline", "--games", "5", "--players", "3", "--lang", "en")
	if !strings.Contains(en, " wins") || !strings.Contains(en, "3 players") {
		t.Errorf("sim --lang en:\n%s", en)
	}
	// The last line is the time taken, which differs from run to run.
	untimed := func(s string) string { return s[:strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n")] }
	if def, _, _ := stolik(t, "", "sim", "cardline", "--games", "5", "--players", "3"); untimed(def) != untimed(pl) {
		t.Errorf("sim without --lang or a locale is not Polish:\n%s", def)
	}
	sweep, _, _ := stolik(t, "", "sim", "cardline", "--games", "5", "--sweep", "players=2,3", "--lang", "pl")
	if !strings.Contains(sweep, "miejsce 2") || strings.Contains(sweep, "seat") {
		t.Errorf("sim --sweep --lang pl:\n%s", sweep)
	}
}

func TestLanguageFromTheEnvironment(t *testing.T) {
	noLocale(t)
	en, _, _ := stolik(t, "", "games", "--lang", "en")
	pl, _, _ := stolik(t, "", "games", "--lang", "pl")
	if en == pl {
		t.Fatal("games prints the same in both languages")
	}
	if out, _, _ := stolik(t, "", "games"); out != pl {
		t.Error("games without --lang or a locale is not Polish")
	}
	t.Setenv("LANG", "en_US.UTF-8")
	if out, _, _ := stolik(t, "", "games"); out != en {
		t.Error("LANG=en_US.UTF-8 stolik games is not English")
	}
	if out, _, _ := stolik(t, "", "games", "--lang", "pl"); out != pl {
		t.Error("--lang pl does not win over LANG")
	}
	t.Setenv("LC_ALL", "pl_PL.UTF-8")
	if out, _, _ := stolik(t, "", "games"); out != pl {
		t.Error("LC_ALL=pl_PL does not win over LANG=en_US")
	}
	t.Setenv("LC_ALL", "")
	t.Setenv("LANG", "en_US.UTF-8")
	_, errOut, code := stolik(t, "", "arena", "chess", "--bots", "random,fan")
	if code != 2 || !strings.Contains(errOut, "unknown game") {
		t.Errorf("arena chess under LANG=en_US: exit %d %s", code, errOut)
	}
	for _, args := range [][]string{
		{"sim", "cardline", "--lang", "de"}, {"games", "--lang", "xx"}, {"content", "validate", ".", "--lang", "fr"},
	} {
		if _, _, code := stolik(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestContentValidateSpeaksTheChosenLanguage(t *testing.T) {
	noLocale(t)
	pack := "../../games/cardline/testdata/pack"
	en, errOut, code := stolik(t, "", "content", "validate", pack, "--game", "cardline", "--lang", "en")
	if code != 0 || !strings.Contains(en, "is valid") {
		t.Errorf("content validate --lang en: exit %d %s\n%s", code, errOut, en)
	}
	pl, errOut, code := stolik(t, "", "content", "validate", pack, "--game", "cardline")
	if code != 0 || !strings.Contains(pl, "poprawna") {
		t.Errorf("content validate in Polish: exit %d %s\n%s", code, errOut, pl)
	}
	_, errOut, code = stolik(t, "", "content", "validate", t.TempDir(), "--lang", "pl")
	if code != 1 || !strings.Contains(errOut, "paczka") {
		t.Errorf("content validate of an empty directory --lang pl: exit %d %s", code, errOut)
	}
}

func TestErrorsInTheChosenLanguage(t *testing.T) {
	noLocale(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "chess", "--lang", "pl"}, "nieznana gra"},
		{[]string{"sim", "chess", "--lang", "en"}, "unknown game"},
		{[]string{"sim", "chess"}, "nieznana gra"},
		{[]string{"arena", "--bots", "random,fan", "--lang", "pl"}, "podaj jedną grę"},
		{[]string{"play", "chess", "--lang", "en"}, "unknown game"},
		{[]string{"bench", "chess", "--lang", "pl"}, "nieznana gra"},
	} {
		_, errOut, code := stolik(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d %q, want %q", c.args, code, errOut, c.want)
		}
	}
}

// copyDir copies the files of a flat directory.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	es, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.IsDir() {
			copyDir(t, filepath.Join(from, e.Name()), filepath.Join(to, e.Name()))
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestContentMeansADirectoryOfPacks(t *testing.T) {
	noLocale(t)
	dir := t.TempDir()
	copyDir(t, "../../games/cardline/testdata/pack", filepath.Join(dir, "cardline"))
	if out, errOut, code := stolik(t, "", "games", "--content", dir); code != 0 || !strings.Contains(out, "cardline") {
		t.Errorf("games --content DIR: exit %d %s", code, errOut)
	}
	// DIR/cardline is the pack; the other games keep their own cards.
	for _, game := range []string{"cardline", "asterix"} {
		if out, errOut, code := stolik(t, "", "sim", game, "--content", dir, "--games", "3", "--json"); code != 0 || !strings.Contains(out, `"errors": 0`) {
			t.Errorf("sim %s --content DIR: exit %d %s", game, code, errOut)
		}
	}
	if _, errOut, code := stolik(t, "", "bench", "cardline", "--content", dir, "--time", "20ms", "--search=false"); code != 0 {
		t.Errorf("bench --content DIR: exit %d %s", code, errOut)
	}
	if _, errOut, code := stolik(t, "", "content", "validate", dir, "--game", "cardline"); code != 0 {
		t.Errorf("content validate DIR holding DIR/cardline: exit %d %s", code, errOut)
	}
	// A broken pack under DIR fails every command that loads it.
	bad := t.TempDir()
	if err := os.MkdirAll(filepath.Join(bad, "cardline"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"games", "--content", bad}, {"sim", "cardline", "--content", bad, "--games", "1"}} {
		if _, _, code := stolik(t, "", args...); code != 1 {
			t.Errorf("%v with an empty DIR/cardline: exit %d, want 1", args, code)
		}
	}
	// A directory that is neither a pack nor holds one is a mistake.
	if _, _, code := stolik(t, "", "sim", "cardline", "--content", t.TempDir(), "--games", "1"); code != 1 {
		t.Errorf("sim --content of an empty directory: exit %d, want 1", code)
	}
	if _, _, code := stolik(t, "", "games", "--content", filepath.Join(dir, "nope")); code != 2 {
		t.Errorf("games --content of a missing directory: exit %d, want 2", code)
	}
}

// TestUsageErrorsFollowTheLanguage: a mistake on the command line or a
// failure is told in Polish by default and in English with --lang en
// (or LANG=en_US, for what comes before a command's flags are read),
// with the same exit status.
func TestUsageErrorsFollowTheLanguage(t *testing.T) {
	empty, file := t.TempDir(), filepath.Join(t.TempDir(), "record.json")
	if err := os.WriteFile(file, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		code   int
		pl, en string
	}{
		{[]string{"nosuch"}, 2, "nieznane polecenie", "unknown command"},
		{[]string{"content"}, 2, "podaj, co zrobić", "give what to do"},
		{[]string{"help", "nosuch"}, 2, "nie ma polecenia", "no command"},
		{[]string{"sim", "cardline", "--nosuch"}, 2, "nieznana flaga", "unknown flag"},
		{[]string{"sim", "cardline", "--games"}, 2, "potrzebuje wartości", "needs a value"},
		{[]string{"sim", "cardline", "--games", "many"}, 2, "zła wartość", "invalid value"},
		{[]string{"sim", "cardline", "--games", "0"}, 2, "musi być dodatnia", "must be positive"},
		{[]string{"sim", "cardline", "--players", "99"}, 2, "poza zakresem", "out of range"},
		{[]string{"sim", "cardline", "--players", "x"}, 2, "zła wartość", "invalid value"},
		{[]string{"sim", "cardline", "--opt", "players=many"}, 2, "nie jest liczbą całkowitą", "is not a whole number"},
		{[]string{"sim", "cardline", "--opt", "nosuch=1"}, 2, "nieznana opcja", "unknown option"},
		{[]string{"sim", "cardline", "--opt", "players"}, 2, "nazwa=wartość", "want name=value"},
		{[]string{"sim", "cardline", "--players", "3", "--opt", "players=3"}, 2, "oba podane", "both given"},
		{[]string{"sim", "cardline", "--bots", "mcts:xyz"}, 2, "nieznany poziom", "unknown level"},
		{[]string{"sim", "cardline", "--bots", "nobody"}, 2, "nie ma bota", "no bot"},
		{[]string{"sim", "cardline", "--bots", "fan:xyz"}, 2, "nieznany poziom", "unknown level"},
		{[]string{"sim", "cardline", "--bots", "exec:"}, 2, "brak polecenia", "no command"},
		{[]string{"sim", "cardline", "--bots", "random,random,random", "--players", "2"}, 2, "3 boty na 2 graczy", "3 bots for 2 players"},
		{[]string{"sim", "cardline", "--sweep", "nosuch=1,2"}, 2, "nie ma opcji", "has no option"},
		{[]string{"sim", "cardline", "--content", filepath.Join(empty, "nope")}, 2, "to nie katalog", "not a directory"},
		{[]string{"sim", "cardline", "--content", empty, "--games", "1"}, 1, "paczka treści", "content pack"},
		{[]string{"arena", "cardline", "--bots", "random"}, 2, "co najmniej dwóch botów", "at least two bots"},
		{[]string{"arena", "cardline", "--bots", "random,random"}, 2, "dwukrotnie", "listed twice"},
		{[]string{"play", "cardline", "--seats", "human,bot:nosuch"}, 2, "nie ma bota", "no bot"},
		{[]string{"play", "cardline", "--seats", "human,human,human", "--players", "2"}, 2, "3 miejsca na 2 graczy", "3 seats given for 2 players"},
		{[]string{"replay"}, 2, "podaj jeden plik", "give one record file"},
		{[]string{"replay", filepath.Join(empty, "nope.json")}, 2, "nie można otworzyć", "cannot open"},
		{[]string{"replay", file}, 2, "nie można odczytać zapisu", "cannot read the record"},
		{[]string{"bench", "server", "--tables", "0"}, 2, "muszą być dodatnie", "must be positive"},
		{[]string{"bench", "server", "--game", "chess"}, 2, "nieznana gra", "unknown game"},
		{[]string{"store", "copy", "a"}, 2, "podaj magazyn", "give the store"},
		{[]string{"serve", "--bot-workers", "0"}, 2, "co najmniej 1", "at least 1"},
		{[]string{"serve", "--durability", "sometimes"}, 2, "trwałość", "durability"},
		{[]string{"serve", "--create-rate", "often"}, 2, "zła wartość", "invalid value"},
		{[]string{"version", "extra"}, 2, "nieoczekiwane", "unexpected"},
		{[]string{"content", "validate"}, 2, "podaj jeden katalog", "give one directory"},
	} {
		noLocale(t)
		_, pl, code := stolik(t, "", c.args...)
		if code != c.code || !strings.Contains(pl, c.pl) {
			t.Errorf("%v: exit %d %q, want %d and %q", c.args, code, pl, c.code, c.pl)
		}
		_, en, code := stolik(t, "", append(c.args, "--lang", "en")...)
		// Where --lang en could not be read, the environment says it.
		// and for serve and bench server, which have no --lang.
		if c.args[0] == "nosuch" || len(c.args) == 1 || c.args[len(c.args)-1] == "--games" || c.args[0] == "serve" || c.args[1] == "server" {
			t.Setenv("LANG", "en_US.UTF-8")
			_, en, code = stolik(t, "", c.args...)
		}
		if code != c.code || !strings.Contains(en, c.en) {
			t.Errorf("%v --lang en: exit %d %q, want %d and %q", c.args, code, en, c.code, c.en)
		}
		if pl == en {
			t.Errorf("%v: the same error in both languages: %q", c.args, pl)
		}
	}
}

// TestBenchServerReportFollowsTheLanguage: bench server's report is in
// Polish or English as the rest.
func TestBenchServerReportFollowsTheLanguage(t *testing.T) {
	res := loadgen.LoadResult{Game: "cardline", Tables: 3, Players: 2, Moves: 100, Seconds: 1, MovesPerS: 100, Errors: 1,
		Server: &server.ServerFigures{MovesAccepted: 100}}
	var pl, en strings.Builder
	printLoadResult(&pl, res, 8, engine.PL)
	printLoadResult(&en, res, 8, engine.EN)
	for _, english := range []string{"moves", "tables", "CPU per move", "latency"} {
		if strings.Contains(pl.String(), english) || !strings.Contains(en.String(), english) {
			t.Errorf("%q: in Polish\n%s\nin English\n%s", english, pl.String(), en.String())
		}
	}
}
