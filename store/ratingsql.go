package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// ratingsSchema is the ratings' step of both stores, the same statements
// for both (see accountsSchema): the current rating per account and game;
// the history, one row per rated table and player, whose key makes a
// table rated once; the finished tables each account played; the tables
// their creator left unrated. Shipped: never edit it.
const ratingsSchema = `
CREATE TABLE IF NOT EXISTS ratings (
	account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	game    TEXT NOT NULL,
	mu      DOUBLE PRECISION NOT NULL,
	sigma   DOUBLE PRECISION NOT NULL,
	games   INTEGER NOT NULL,
	wins    INTEGER NOT NULL,
	PRIMARY KEY (account, game)
);
CREATE INDEX IF NOT EXISTS ratings_game ON ratings(game);
CREATE TABLE IF NOT EXISTS rating_history (
	table_id     TEXT NOT NULL,
	account      TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	game         TEXT NOT NULL,
	at           BIGINT NOT NULL,
	place        INTEGER NOT NULL,
	team         INTEGER NOT NULL,
	mu_before    DOUBLE PRECISION NOT NULL,
	sigma_before DOUBLE PRECISION NOT NULL,
	mu_after     DOUBLE PRECISION NOT NULL,
	sigma_after  DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (table_id, account)
);
CREATE INDEX IF NOT EXISTS rating_history_account ON rating_history(account, at);
CREATE TABLE IF NOT EXISTS played (
	account  TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	table_id TEXT NOT NULL,
	game     TEXT NOT NULL,
	at       BIGINT NOT NULL,
	PRIMARY KEY (account, table_id)
);
CREATE INDEX IF NOT EXISTS played_account_at ON played(account, at);
CREATE TABLE IF NOT EXISTS unrated_tables (
	table_id TEXT PRIMARY KEY
);
`

// sqliteRatingsStep adds the ratings (ratingsSchema).
func sqliteRatingsStep(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, ratingsSchema)
	return err
}

// postgresRatingsStep adds the ratings (ratingsSchema).
func postgresRatingsStep(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, ratingsSchema)
	return err
}

// sqlTxRunner runs statements inside a SQLite transaction.
type sqlTxRunner struct{ tx *sql.Tx }

func (r sqlTxRunner) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := r.tx.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r sqlTxRunner) query(ctx context.Context, query string, each func(scan func(...any) error) error, args ...any) error {
	rows, err := r.tx.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// pgTxRunner runs statements inside a PostgreSQL transaction.
type pgTxRunner struct{ tx pgx.Tx }

func (r pgTxRunner) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := r.tx.Exec(ctx, numbered(query), args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (r pgTxRunner) query(ctx context.Context, query string, each func(scan func(...any) error) error, args ...any) error {
	rows, err := r.tx.Query(ctx, numbered(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// inTx runs fn in a transaction of its own: all of it is stored or none.
// SQLite's writer commits several changes together, so fn runs inside a
// savepoint there, undone alone when it fails.
func (s *SQLite) inTx(ctx context.Context, fn func(runner) error) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error { return whole(ctx, tx, fn) })
}

// whole runs fn inside a savepoint of the writer's transaction tx,
// undone alone when it fails: all of it is committed or none.
func whole(ctx context.Context, tx *sql.Tx, fn func(runner) error) error {
	if _, err := tx.ExecContext(ctx, `SAVEPOINT whole`); err != nil {
		return err
	}
	if err := fn(sqlTxRunner{tx}); err != nil {
		tx.ExecContext(ctx, `ROLLBACK TO whole`)
		tx.ExecContext(ctx, `RELEASE whole`)
		return err
	}
	_, err := tx.ExecContext(ctx, `RELEASE whole`)
	return err
}

func (p *Postgres) inTx(ctx context.Context, fn func(runner) error) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error { return fn(pgTxRunner{tx}) })
}

// ratingSQL is Ratings on a runner, with inTx for what must be whole.
type ratingSQL struct {
	r    runner
	inTx func(context.Context, func(runner) error) error
}

func (s *SQLite) ratings() ratingSQL   { return ratingSQL{sqliteRunner{s}, s.inTx} }
func (p *Postgres) ratings() ratingSQL { return ratingSQL{pgRunner{p}, p.inTx} }

func (q ratingSQL) setUnrated(ctx context.Context, tableID string) error {
	if _, err := q.r.exec(ctx, `INSERT INTO unrated_tables (table_id) VALUES (?) ON CONFLICT (table_id) DO NOTHING`, tableID); err != nil {
		return fmt.Errorf("store: marking table %s unrated: %w", tableID, err)
	}
	return nil
}

func (q ratingSQL) unrated(ctx context.Context, tableID string) (bool, error) {
	var n int64
	if err := queryRow(ctx, q.r, `SELECT COUNT(*) FROM unrated_tables WHERE table_id = ?`, []any{&n}, tableID); err != nil {
		return false, fmt.Errorf("store: reading whether table %s is rated: %w", tableID, err)
	}
	return n > 0, nil
}

const ratingColumns = `account, game, mu, sigma, games, wins`

func scanRating(scan func(...any) error, extra ...any) (PlayerRating, error) {
	var p PlayerRating
	var games, wins int64
	err := scan(append([]any{&p.Account, &p.Game, &p.Mu, &p.Sigma, &games, &wins}, extra...)...)
	p.Games, p.Wins = int(games), int(wins)
	return p, err
}

// list reads the ratings query selects.
func (q ratingSQL) list(ctx context.Context, r runner, query string, args ...any) ([]PlayerRating, error) {
	var out []PlayerRating
	err := r.query(ctx, query, func(scan func(...any) error) error {
		p, err := scanRating(scan)
		out = append(out, p)
		return err
	}, args...)
	if err != nil {
		return nil, fmt.Errorf("store: reading ratings: %w", err)
	}
	return out, nil
}

func (q ratingSQL) ratings(ctx context.Context, game string, accounts []string) ([]PlayerRating, error) {
	out := make([]PlayerRating, len(accounts))
	for i, a := range accounts {
		got, err := q.list(ctx, q.r, `SELECT `+ratingColumns+` FROM ratings WHERE account = ? AND game = ?`, a, game)
		if err != nil {
			return nil, err
		}
		out[i] = PlayerRating{Account: a, Game: game}
		if len(got) > 0 {
			out[i] = got[0]
		}
	}
	return out, nil
}

const historyColumns = `table_id, account, game, at, place, team, mu_before, sigma_before, mu_after, sigma_after`

func scanEntry(scan func(...any) error) (RatingEntry, error) {
	var e RatingEntry
	var at, place, team int64
	err := scan(&e.Table, &e.Account, &e.Game, &at, &place, &team, &e.MuBefore, &e.SigmaBefore, &e.MuAfter, &e.SigmaAfter)
	e.At, e.Place, e.Team = time.UnixMilli(at), int(place), int(team)
	return e, err
}

func (q ratingSQL) history(ctx context.Context, query string, args ...any) ([]RatingEntry, error) {
	var out []RatingEntry
	err := q.r.query(ctx, query, func(scan func(...any) error) error {
		e, err := scanEntry(scan)
		out = append(out, e)
		return err
	}, args...)
	if err != nil {
		return nil, fmt.Errorf("store: reading the ratings' history: %w", err)
	}
	return out, nil
}

func insertEntry(ctx context.Context, r runner, e RatingEntry) (int64, error) {
	return r.exec(ctx, `INSERT INTO rating_history (`+historyColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id, account) DO NOTHING`,
		e.Table, e.Account, e.Game, e.At.UnixMilli(), e.Place, e.Team, e.MuBefore, e.SigmaBefore, e.MuAfter, e.SigmaAfter)
}

func insertRating(ctx context.Context, r runner, p PlayerRating) (int64, error) {
	return r.exec(ctx, `INSERT INTO ratings (`+ratingColumns+`) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (account, game) DO NOTHING`,
		p.Account, p.Game, p.Mu, p.Sigma, p.Games, p.Wins)
}

func (q ratingSQL) apply(ctx context.Context, u RatingUpdate) error {
	if len(u.Before) != len(u.After) {
		return fmt.Errorf("store: a rating update of %d players with %d ratings before", len(u.After), len(u.Before))
	}
	err := q.inTx(ctx, func(r runner) error {
		for _, e := range u.Entries {
			n, err := insertEntry(ctx, r, e)
			if err != nil {
				return err
			}
			if n == 0 {
				return ErrRated
			}
		}
		for i, after := range u.After {
			before := u.Before[i]
			var n int64
			var err error
			if before.Games == 0 {
				n, err = insertRating(ctx, r, after)
			} else {
				n, err = r.exec(ctx, `UPDATE ratings SET mu = ?, sigma = ?, games = ?, wins = ?
					WHERE account = ? AND game = ? AND games = ? AND mu = ? AND sigma = ?`,
					after.Mu, after.Sigma, after.Games, after.Wins, after.Account, after.Game, before.Games, before.Mu, before.Sigma)
			}
			if err != nil {
				return err
			}
			if n == 0 {
				return ErrStale
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrRated) && !errors.Is(err, ErrStale) {
		return fmt.Errorf("store: storing a table's ratings: %w", err)
	}
	return err
}

func (q ratingSQL) recordPlayed(ctx context.Context, p Played) error {
	for _, a := range p.Accounts {
		_, err := q.r.exec(ctx, `INSERT INTO played (account, table_id, game, at) VALUES (?, ?, ?, ?) ON CONFLICT (account, table_id) DO NOTHING`,
			a, p.Table, p.Game, p.At.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: recording the players of table %s: %w", p.Table, err)
		}
	}
	return nil
}

func (q ratingSQL) gameRatings(ctx context.Context, game string) ([]PlayerRating, error) {
	var out []PlayerRating
	err := q.r.query(ctx, `SELECT r.account, r.game, r.mu, r.sigma, r.games, r.wins, a.name FROM ratings r
		JOIN accounts a ON a.id = r.account WHERE r.game = ? AND r.games > 0 AND a.banned = 0`, func(scan func(...any) error) error {
		var name string
		p, err := scanRating(scan, &name)
		p.Name = name
		out = append(out, p)
		return err
	}, game)
	if err != nil {
		return nil, fmt.Errorf("store: reading the ratings of %s: %w", game, err)
	}
	return out, nil
}

func (q ratingSQL) played(ctx context.Context, account string, limit int) ([]Played, error) {
	var out []Played
	err := q.r.query(ctx, `SELECT table_id, game, at FROM played WHERE account = ? ORDER BY at DESC, table_id LIMIT ?`,
		func(scan func(...any) error) error {
			p := Played{Account: account}
			var at int64
			err := scan(&p.Table, &p.Game, &at)
			p.At = time.UnixMilli(at)
			out = append(out, p)
			return err
		}, account, limit)
	if err != nil {
		return nil, fmt.Errorf("store: listing the tables played: %w", err)
	}
	return out, nil
}

func (q ratingSQL) finished(ctx context.Context) ([]Played, error) {
	var out []Played
	byID := map[string]int{}
	err := q.r.query(ctx, `SELECT table_id, game, at, account FROM played`, func(scan func(...any) error) error {
		var p Played
		var at int64
		var account string
		if err := scan(&p.Table, &p.Game, &at, &account); err != nil {
			return err
		}
		p.At = time.UnixMilli(at)
		i, ok := byID[p.Table]
		if !ok {
			i, byID[p.Table] = len(out), len(out)
			out = append(out, p)
		}
		if p.At.Before(out[i].At) {
			out[i].At = p.At
		}
		out[i].Accounts = append(out[i].Accounts, account)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: listing the tables played: %w", err)
	}
	// Sorted here, bytewise, as the database's locale would not.
	slices.SortFunc(out, func(a, b Played) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return strings.Compare(a.Table, b.Table)
	})
	for i := range out {
		slices.Sort(out[i].Accounts)
	}
	return out, nil
}

func (q ratingSQL) replace(ctx context.Context, ratings []PlayerRating, history []RatingEntry) error {
	err := q.inTx(ctx, func(r runner) error {
		for _, stmt := range []string{`DELETE FROM rating_history`, `DELETE FROM ratings`} {
			if _, err := r.exec(ctx, stmt); err != nil {
				return err
			}
		}
		for _, e := range history {
			if _, err := insertEntry(ctx, r, e); err != nil {
				return err
			}
		}
		for _, p := range ratings {
			if _, err := insertRating(ctx, r, p); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: replacing the ratings: %w", err)
	}
	return nil
}

// The methods of Ratings, the same on both stores.

var (
	_ Ratings = (*SQLite)(nil)
	_ Ratings = (*Postgres)(nil)
)

const (
	accountRatings = `SELECT ` + ratingColumns + ` FROM ratings WHERE account = ? ORDER BY game`
	allRatings     = `SELECT ` + ratingColumns + ` FROM ratings ORDER BY account, game`
	accountHistory = `SELECT ` + historyColumns + ` FROM rating_history WHERE account = ? ORDER BY at, table_id`
	allHistory     = `SELECT ` + historyColumns + ` FROM rating_history ORDER BY at, table_id, account`
)

func (s *SQLite) SetUnrated(ctx context.Context, id string) error {
	return s.ratings().setUnrated(ctx, id)
}
func (p *Postgres) SetUnrated(ctx context.Context, id string) error {
	return p.ratings().setUnrated(ctx, id)
}
func (s *SQLite) Unrated(ctx context.Context, id string) (bool, error) {
	return s.ratings().unrated(ctx, id)
}
func (p *Postgres) Unrated(ctx context.Context, id string) (bool, error) {
	return p.ratings().unrated(ctx, id)
}
func (s *SQLite) Ratings(ctx context.Context, game string, accounts []string) ([]PlayerRating, error) {
	return s.ratings().ratings(ctx, game, accounts)
}
func (p *Postgres) Ratings(ctx context.Context, game string, accounts []string) ([]PlayerRating, error) {
	return p.ratings().ratings(ctx, game, accounts)
}
func (s *SQLite) ApplyRating(ctx context.Context, u RatingUpdate) error {
	return s.ratings().apply(ctx, u)
}
func (p *Postgres) ApplyRating(ctx context.Context, u RatingUpdate) error {
	return p.ratings().apply(ctx, u)
}
func (s *SQLite) RecordPlayed(ctx context.Context, pl Played) error {
	return s.ratings().recordPlayed(ctx, pl)
}
func (p *Postgres) RecordPlayed(ctx context.Context, pl Played) error {
	return p.ratings().recordPlayed(ctx, pl)
}
func (s *SQLite) GameRatings(ctx context.Context, game string) ([]PlayerRating, error) {
	return s.ratings().gameRatings(ctx, game)
}
func (p *Postgres) GameRatings(ctx context.Context, game string) ([]PlayerRating, error) {
	return p.ratings().gameRatings(ctx, game)
}
func (s *SQLite) AccountRatings(ctx context.Context, account string) ([]PlayerRating, error) {
	q := s.ratings()
	return q.list(ctx, q.r, accountRatings, account)
}
func (p *Postgres) AccountRatings(ctx context.Context, account string) ([]PlayerRating, error) {
	q := p.ratings()
	return q.list(ctx, q.r, accountRatings, account)
}
func (s *SQLite) RatingHistory(ctx context.Context, account string) ([]RatingEntry, error) {
	return s.ratings().history(ctx, accountHistory, account)
}
func (p *Postgres) RatingHistory(ctx context.Context, account string) ([]RatingEntry, error) {
	return p.ratings().history(ctx, accountHistory, account)
}
func (s *SQLite) PlayedTables(ctx context.Context, account string, limit int) ([]Played, error) {
	return s.ratings().played(ctx, account, limit)
}
func (p *Postgres) PlayedTables(ctx context.Context, account string, limit int) ([]Played, error) {
	return p.ratings().played(ctx, account, limit)
}
func (s *SQLite) AllRatings(ctx context.Context) ([]PlayerRating, error) {
	q := s.ratings()
	return q.list(ctx, q.r, allRatings)
}
func (p *Postgres) AllRatings(ctx context.Context) ([]PlayerRating, error) {
	q := p.ratings()
	return q.list(ctx, q.r, allRatings)
}
func (s *SQLite) AllHistory(ctx context.Context) ([]RatingEntry, error) {
	return s.ratings().history(ctx, allHistory)
}
func (p *Postgres) AllHistory(ctx context.Context) ([]RatingEntry, error) {
	return p.ratings().history(ctx, allHistory)
}
func (s *SQLite) ReplaceRatings(ctx context.Context, r []PlayerRating, h []RatingEntry) error {
	return s.ratings().replace(ctx, r, h)
}
func (p *Postgres) ReplaceRatings(ctx context.Context, r []PlayerRating, h []RatingEntry) error {
	return p.ratings().replace(ctx, r, h)
}
func (s *SQLite) FinishedTables(ctx context.Context) ([]Played, error) {
	return s.ratings().finished(ctx)
}
func (p *Postgres) FinishedTables(ctx context.Context) ([]Played, error) {
	return p.ratings().finished(ctx)
}
