package main

import (
	"context"
	"errors"
	"flag"

	"stolik/engine"
	"stolik/store"
)

// errNoRatings: the ratings commands' store keeps no ratings.
var errNoRatings = engine.Rule{Code: "failed", PL: "%s: magazyn %s nie prowadzi rankingów", EN: "%s: the store %s keeps no ratings"}

// openRatings opens the store of the ratings commands (the flags of the
// user commands); close closes it.
func (uf *userFlags) openRatings(ctx context.Context, fs *flag.FlagSet, cmd string) (store.Store, store.Ratings, func(), error) {
	dsn, err := database(fs, *uf.db, *uf.dbFile)
	if err != nil {
		return nil, nil, nil, err
	}
	st, err := store.Open(ctx, dsn, store.Full)
	if errors.Is(err, store.ErrDSN) {
		return nil, nil, nil, usageRule(errDSN.Err(cmd, store.MaskURL(dsn)))
	}
	if err != nil {
		return nil, nil, nil, failed(cmd, err)
	}
	r, ok := st.(store.Ratings)
	if !ok {
		st.Close()
		return nil, nil, nil, failRule(1, errNoRatings.Err(cmd, store.Describe(dsn)))
	}
	return st, r, func() { st.Close() }, nil
}
