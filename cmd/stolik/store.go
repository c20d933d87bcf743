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

var storeCopyCommand = &command{
	name:     "store copy",
	synopsis: "FROM TO [--merge] [--lang pl|en]",
	summary:  "copy every table with its moves from one store to another (sqlite:PATH, PATH or postgres://...)",
	examples: []string{"store copy stolik.db postgres://stolik@db/stolik", "store copy stolik.db postgres://stolik@db/stolik --merge"},
	flags:    storeCopyFlags,
}

func storeCopyFlags(fs *flag.FlagSet) runFunc {
	merge := fs.Bool("merge", false, "copy into a store that already holds tables, leaving out the tables whose id it holds")
	langFlag(fs)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) != 2 {
			return usageError("store copy: give the store to copy from and the one to copy to (sqlite:PATH, PATH or postgres://...)")
		}
		if pos[0] == pos[1] {
			return usageError("store copy: %s is both where to copy from and where to copy to", store.Describe(pos[0]))
		}
		if path, ok := store.SQLitePath(pos[0]); ok && path != ":memory:" {
			if _, err := os.Stat(path); err != nil {
				return usageError("store copy: %v", err)
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
			return fail(1, "store copy: %s already holds tables: add --merge to copy only the tables it does not hold", store.Describe(pos[1]))
		}
		if err != nil {
			return fail(1, "store copy: %v (the tables copied so far are whole; --merge finishes the copy)", err)
		}
		for _, u := range res.Unreadable {
			fmt.Fprintf(stderr, "%s: %s\n", engine.Text{PL: "nieczytelny, pominięty", EN: "unreadable, left out"}.In(l), u)
		}
		sum := copySummary(res, store.Describe(pos[0]), store.Describe(pos[1]))
		fmt.Fprintln(stdout, sum.In(l))
		if len(res.Unreadable) > 0 {
			return fail(1, "store copy: %s left out: %s not read", nounTable.Count(len(res.Unreadable)).EN,
				engine.PluralEN(len(res.Unreadable), "it does", "they do"))
		}
		return nil
	}
}

// openArchive opens the store dsn names, for copying.
func openArchive(ctx context.Context, dsn string) (store.Archive, error) {
	st, err := store.Open(ctx, dsn, store.Full)
	if errors.Is(err, store.ErrDSN) {
		return nil, usageError("store copy: %v", err)
	}
	if err != nil {
		return nil, fail(1, "store copy: %v", err)
	}
	a, ok := st.(store.Archive)
	if !ok {
		st.Close()
		return nil, fail(1, "store copy: %s cannot be copied", store.Describe(dsn))
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
