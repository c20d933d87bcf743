package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"stolik/engine"
	"stolik/store"
)

// store copy's own errors.
var (
	errTwoStores = engine.Rule{Code: "usage", PL: "store copy: podaj magazyn, z którego kopiować, i ten, do którego kopiować (sqlite:PATH, PATH albo postgres://...)",
		EN: "store copy: give the store to copy from and the one to copy to (sqlite:PATH, PATH or postgres://...)"}
	errSameStore = engine.Rule{Code: "usage", PL: "store copy: %s to zarazem źródło i cel kopii", EN: "store copy: %s is both where to copy from and where to copy to"}
	errNotEmpty  = engine.Rule{Code: "not_empty", PL: "store copy: %s ma już stoły: dodaj --merge, by skopiować tylko te, których nie ma",
		EN: "store copy: %s already holds tables: add --merge to copy only the tables it does not hold"}
	errCopyBroke = engine.Rule{Code: "failed", PL: "store copy: %s (skopiowane dotąd stoły są całe; --merge dokończy kopię)",
		EN: "store copy: %s (the tables copied so far are whole; --merge finishes the copy)"}
	errUnreadable = engine.Rule{Code: "unreadable", PL: "store copy: pominięto nieczytelne stoły: %[1]d", EN: "store copy: %[2]s left out: %[3]s not read"}
	errNoArchive  = engine.Rule{Code: "failed", PL: "store copy: %s nie da się skopiować", EN: "store copy: %s cannot be copied"}
)

var storeCopyCommand = &command{
	name:     "store copy",
	synopsis: "FROM TO [--merge] [--lang pl|en]",
	summary: engine.Text{PL: "kopiuje każdy stół z jego ruchami z jednego magazynu do drugiego (sqlite:PATH, PATH albo postgres://...)",
		EN: "copy every table with its moves from one store to another (sqlite:PATH, PATH or postgres://...)"},
	examples: []string{"store copy stolik.db postgres://stolik@db/stolik", "store copy stolik.db postgres://stolik@db/stolik --merge"},
	flags:    storeCopyFlags,
}

func storeCopyFlags(fs *flag.FlagSet, u usage) runFunc {
	merge := fs.Bool("merge", false, u.say("kopiuj do magazynu, który już ma stoły, pomijając stoły o identyfikatorach, które już ma",
		"copy into a store that already holds tables, leaving out the tables whose id it holds"))
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) != 2 {
			return usageRule(errTwoStores.Err())
		}
		if pos[0] == pos[1] {
			return usageRule(errSameStore.Err(store.Describe(pos[0])))
		}
		if path, ok := store.SQLitePath(pos[0]); ok && path != ":memory:" {
			if _, err := os.Stat(path); err != nil {
				return usageRule(errFlagFile.Err("store copy", detail(err)))
			}
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		from, err := openArchive(ctx, pos[0])
		if err != nil {
			return err
		}
		defer from.Close()
		to, err := openArchive(ctx, pos[1])
		if err != nil {
			return err
		}
		defer to.Close()
		opts := store.CopyOptions{Merge: *merge}
		if f, ok := stderr.(*os.File); ok && isTerminal(f) {
			opts.Progress = func(done, total int) {
				fmt.Fprintf(stderr, "\r%d/%d stołów / tables", done, total)
				if done == total {
					fmt.Fprintln(stderr)
				}
			}
		}
		res, err := store.Copy(ctx, from, to, opts)
		if errors.Is(err, store.ErrNotEmpty) {
			return failRule(1, errNotEmpty.Err(store.Describe(pos[1])))
		}
		if err != nil {
			return failRule(1, errCopyBroke.Err(detail(err)))
		}
		for _, u := range res.Unreadable {
			fmt.Fprintf(stderr, "%s: %s\n", engine.Text{PL: "nieczytelny, pominięty", EN: "unreadable, left out"}.In(l), u)
		}
		sum := copySummary(res, store.Describe(pos[0]), store.Describe(pos[1]))
		fmt.Fprintln(stdout, sum.In(l))
		if len(res.Unreadable) > 0 {
			n := len(res.Unreadable)
			return failRule(1, errUnreadable.Err(n, nounTable.Count(n).EN, engine.PluralEN(n, "it does", "they do")))
		}
		return nil
	}
}

// openArchive opens the store dsn names, for copying.
func openArchive(ctx context.Context, dsn string) (store.Archive, error) {
	st, err := store.Open(ctx, dsn, store.Full)
	if errors.Is(err, store.ErrDSN) {
		return nil, usageRule(errDSN.Err("store copy", store.MaskURL(dsn)))
	}
	if err != nil {
		return nil, failed("store copy", err)
	}
	a, ok := st.(store.Archive)
	if !ok {
		st.Close()
		return nil, failRule(1, errNoArchive.Err(store.Describe(dsn)))
	}
	return a, nil
}

var nounMove = engine.N("ruch|ruchy|ruchów", "move|moves")

// copySummary is what a copy did, in both languages.
func copySummary(res store.CopyResult, from, to string) engine.Text {
	tables, moves := nounTable.Count(res.Tables), nounMove.Count(res.Moves)
	return engine.Text{
		PL: fmt.Sprintf("Skopiowano %s (%s) z %s do %s; pominięto już obecnych: %d, nieczytelnych: %d.",
			tables.PL, moves.PL, from, to, res.Existing, len(res.Unreadable)),
		EN: fmt.Sprintf("Copied %s (%s) from %s to %s; left out %d already there, %d unreadable.",
			tables.EN, moves.EN, from, to, res.Existing, len(res.Unreadable)),
	}
}
