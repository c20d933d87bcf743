package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stolik/engine"
	"stolik/rating"
	"stolik/store"
)

// Ratings (docs/ratings.md): a table is rated when every seat is held by
// an account at its end and its creator did not leave it unrated; when it
// finishes, the node that holds it applies one update of rating.Default
// to its players' ratings, once (the store's history has one row per
// table and player).

// Why a table is not rated.
var (
	ratedYes      = engine.Rule{Code: "rated", PL: "Rozgrywka rankingowa.", EN: "Rated."}
	unratedChoice = engine.Rule{Code: "unrated_choice", PL: "Bez rankingu: tak wybrał zakładający stolik.", EN: "Unrated: the table's creator chose so."}
	unratedBots   = engine.Rule{Code: "unrated_bots", PL: "Bez rankingu: przy stoliku grają boty.", EN: "Unrated: bots play at the table."}
	unratedGuests = engine.Rule{Code: "unrated_guests", PL: "Bez rankingu: nie każde miejsce zajmuje ktoś zalogowany.", EN: "Unrated: not every seat is held by someone signed in."}
	unratedTwice  = engine.Rule{Code: "unrated_same_account", PL: "Bez rankingu: jedno konto zajmuje dwa miejsca.", EN: "Unrated: one account holds two seats."}
)

// RatingStatus says whether a table is rated and, if not, why, in both
// languages.
type RatingStatus struct {
	Rated   bool        `json:"rated"`
	Code    string      `json:"code"`
	Message engine.Text `json:"message"`
}

// ratingStatus is the status of a table with seats whose creator chose
// unrated or not. While the table is in play it says what its end would
// be with the seats as they are.
func ratingStatus(seats []store.Seat, unrated bool) RatingStatus {
	why := unratedWhy(seats, unrated)
	if why == nil {
		return RatingStatus{Rated: true, Code: ratedYes.Code, Message: ratedYes.Err().Msg}
	}
	return RatingStatus{Code: why.Code, Message: why.Err().Msg}
}

// unratedWhy is the reason a table with seats is not rated, nil if it is.
func unratedWhy(seats []store.Seat, unrated bool) *engine.Rule {
	switch {
	case unrated:
		return &unratedChoice
	case slices.ContainsFunc(seats, func(s store.Seat) bool { return s.Kind != "human" }):
		return &unratedBots
	case slices.ContainsFunc(seats, func(s store.Seat) bool { return s.Account == "" }):
		return &unratedGuests
	}
	for i, s := range seats {
		if slices.ContainsFunc(seats[i+1:], func(o store.Seat) bool { return o.Account == s.Account }) {
			return &unratedTwice
		}
	}
	return nil
}

// ratedTable is a finished table as the rating sees it: per seat the
// account, the rating team and the place (1 the best), and whether the
// seat won.
type ratedTable struct {
	id, game string
	at       time.Time
	accounts []string
	teams    []int
	places   []int
	won      []bool
}

// tableTeams are the rating teams of a table's seats. Every game of ours
// seats one player per side: Tag Team's two-against-two is two players,
// each playing a team of two fighters, so each seat is its own team.
func tableTeams(seats int) []int {
	teams := make([]int, seats)
	for i := range teams {
		teams[i] = i
	}
	return teams
}

// newRatedTable reads a finished table's places from its outcome.
func newRatedTable(id, game string, at time.Time, seats []store.Seat, out engine.Outcome) (ratedTable, error) {
	if len(out.Ranks) != len(seats) {
		return ratedTable{}, fmt.Errorf("table %s: %d places for %d seats", id, len(out.Ranks), len(seats))
	}
	rt := ratedTable{id: id, game: game, at: time.UnixMilli(at.UnixMilli()), teams: tableTeams(len(seats)), places: out.Ranks,
		won: make([]bool, len(seats))}
	for i, s := range seats {
		rt.accounts = append(rt.accounts, s.Account)
		rt.won[i] = slices.Contains(out.Winners, engine.Seat(i)) && !out.Draw && !out.AllLost
	}
	return rt, nil
}

// update computes the table's update from its players' ratings before
// (one per seat): the seats of a team rate as one team, placed where its
// seats are (the best of them).
func (rt ratedTable) update(before []store.PlayerRating) (store.RatingUpdate, error) {
	var order []int // the teams, as first met
	for _, tm := range rt.teams {
		if !slices.Contains(order, tm) {
			order = append(order, tm)
		}
	}
	teams := make([][]rating.Rating, len(order))
	ranks := make([]int, len(order))
	members := make([][]int, len(order))
	for ti, tm := range order {
		ranks[ti] = 0
		for seat, st := range rt.teams {
			if st != tm {
				continue
			}
			r := rating.Default.New()
			if before[seat].Games > 0 {
				r = rating.Rating{Mu: before[seat].Mu, Sigma: before[seat].Sigma}
			}
			teams[ti] = append(teams[ti], r)
			members[ti] = append(members[ti], seat)
			if ranks[ti] == 0 || rt.places[seat] < ranks[ti] {
				ranks[ti] = rt.places[seat]
			}
		}
	}
	after, err := rating.Default.Rate(teams, ranks)
	if err != nil {
		return store.RatingUpdate{}, fmt.Errorf("table %s: %w", rt.id, err)
	}
	u := store.RatingUpdate{Before: before, After: make([]store.PlayerRating, len(before)), Entries: make([]store.RatingEntry, len(before))}
	for ti, seats := range members {
		for j, seat := range seats {
			b, a := before[seat], after[ti][j]
			u.After[seat] = store.PlayerRating{Account: rt.accounts[seat], Game: rt.game, Mu: a.Mu, Sigma: a.Sigma, Games: b.Games + 1, Wins: b.Wins}
			if rt.won[seat] {
				u.After[seat].Wins++
			}
			was := teams[ti][j]
			u.Entries[seat] = store.RatingEntry{Table: rt.id, Account: rt.accounts[seat], Game: rt.game, At: rt.at, Place: rt.places[seat],
				Team: order[ti], MuBefore: was.Mu, SigmaBefore: was.Sigma, MuAfter: a.Mu, SigmaAfter: a.Sigma}
		}
	}
	return u, nil
}

// ratings is the store's ratings; nil if it keeps none.
func (s *Server) ratings() store.Ratings {
	r, _ := s.cfg.Store.(store.Ratings)
	return r
}

// rates makes t rate itself when it finishes, on this server's store;
// for a stored table, it reads whether its creator left it unrated (what
// the table shows; the rating itself asks the store again).
func (s *Server) rates(t *Table, stored bool) {
	r := s.ratings()
	if r == nil {
		return
	}
	unrated := false
	if stored {
		var err error
		if unrated, err = r.Unrated(s.ctx, t.ID()); err != nil {
			s.log.Error("whether a table is rated could not be read", "table", t.ID(), "err", err)
		}
	}
	t.mu.Lock()
	t.rate = s.rateFinished
	if stored {
		t.unrated = unrated
	}
	t.mu.Unlock()
}

// staleRetries is how often a table's update is computed again when
// another table changed a player's rating in between.
const staleRetries = 8

// rateFinished records who played a finished table and, if it is rated,
// applies its update: before the table is stored as finished, so that a
// node that fails in between rates it when the table is opened again;
// the store makes a second update of one table a no-op.
func (s *Server) rateFinished(ctx context.Context, rec store.Table, out engine.Outcome) error {
	r := s.ratings()
	now := time.Now()
	var accounts []string
	for _, st := range rec.Seats {
		if st.Account != "" && !slices.Contains(accounts, st.Account) {
			accounts = append(accounts, st.Account)
		}
	}
	if len(accounts) > 0 {
		if err := r.RecordPlayed(ctx, store.Played{Table: rec.ID, Game: rec.Game, At: now, Accounts: accounts}); err != nil {
			return err
		}
	}
	unrated, err := r.Unrated(ctx, rec.ID)
	if err != nil {
		return err
	}
	if unratedWhy(rec.Seats, unrated) != nil {
		return nil
	}
	rt, err := newRatedTable(rec.ID, rec.Game, now, rec.Seats, out)
	if err != nil {
		s.log.Error("a finished table could not be rated", "table", rec.ID, "err", err)
		return nil
	}
	for range staleRetries {
		err = applyRating(ctx, r, rt)
		if !errors.Is(err, store.ErrStale) {
			break
		}
	}
	if errors.Is(err, store.ErrRated) {
		return nil
	}
	return err
}

// applyRating reads the players' ratings, computes the table's update and
// stores it.
func applyRating(ctx context.Context, r store.Ratings, rt ratedTable) error {
	before, err := r.Ratings(ctx, rt.game, rt.accounts)
	if err != nil {
		return err
	}
	u, err := rt.update(before)
	if err != nil {
		return err
	}
	return r.ApplyRating(ctx, u)
}

// Rebuilt is what a rebuild of the ratings did.
type Rebuilt struct {
	Tables   int // rated tables applied
	Ratings  int // ratings (account and game) made
	Changed  int // of which differ from those stored before in a bit
	NewRows  int // history rows
	Skipped  int // finished tables played by accounts but not rated
	Problems []string
}

// RebuildRatings recomputes every rating from the stored records: the
// finished tables that accounts played, those rated applied in their
// finishing order (ties broken by table id) to new ratings, exactly as
// they were applied when they finished. The ratings and history stored
// are replaced by the result.
func RebuildRatings(ctx context.Context, st store.Store) (Rebuilt, error) {
	var rb Rebuilt
	r, ok := st.(store.Ratings)
	if !ok {
		return rb, errors.New("this store keeps no ratings")
	}
	played, err := r.FinishedTables(ctx)
	if err != nil {
		return rb, err
	}
	current := map[[2]string]store.PlayerRating{}
	var history []store.RatingEntry
	for _, p := range played {
		rt, ok, err := rebuildTable(ctx, st, r, p)
		if err != nil {
			return rb, err
		}
		if !ok {
			rb.Skipped++
			continue
		}
		before := make([]store.PlayerRating, len(rt.accounts))
		for i, a := range rt.accounts {
			if before[i], ok = current[[2]string{a, rt.game}]; !ok {
				before[i] = store.PlayerRating{Account: a, Game: rt.game}
			}
		}
		u, err := rt.update(before)
		if err != nil {
			rb.Problems = append(rb.Problems, err.Error())
			continue
		}
		for _, a := range u.After {
			current[[2]string{a.Account, a.Game}] = a
		}
		history = append(history, u.Entries...)
		rb.Tables++
	}
	ratings := make([]store.PlayerRating, 0, len(current))
	for _, p := range current {
		ratings = append(ratings, p)
	}
	slices.SortFunc(ratings, func(a, b store.PlayerRating) int {
		return cmpStrings(a.Account, b.Account, a.Game, b.Game)
	})
	old, err := r.AllRatings(ctx)
	if err != nil {
		return rb, err
	}
	rb.Ratings, rb.NewRows, rb.Changed = len(ratings), len(history), changedRatings(old, ratings)
	return rb, r.ReplaceRatings(ctx, ratings, history)
}

func cmpStrings(a1, b1, a2, b2 string) int {
	if c := strings.Compare(a1, b1); c != 0 {
		return c
	}
	return strings.Compare(a2, b2)
}

// changedRatings counts the ratings of now that old lacks or holds with
// another bit, and those of old that now lacks.
func changedRatings(old, now []store.PlayerRating) int {
	was := map[[2]string]store.PlayerRating{}
	for _, p := range old {
		was[[2]string{p.Account, p.Game}] = p
	}
	n := 0
	for _, p := range now {
		k := [2]string{p.Account, p.Game}
		if o, ok := was[k]; !ok || o != p {
			n++
		}
		delete(was, k)
	}
	return n + len(was)
}

// rebuildTable reads a played table's record: whether it is rated, and
// its places.
func rebuildTable(ctx context.Context, st store.Store, r store.Ratings, p store.Played) (ratedTable, bool, error) {
	rec, _, err := st.Load(ctx, p.Table)
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrUnreadable) {
		return ratedTable{}, false, nil
	}
	if err != nil {
		return ratedTable{}, false, err
	}
	unrated, err := r.Unrated(ctx, p.Table)
	if err != nil {
		return ratedTable{}, false, err
	}
	if !rec.Finished || len(rec.Outcome) == 0 || rec.Damaged != "" || unratedWhy(rec.Seats, unrated) != nil {
		return ratedTable{}, false, nil
	}
	var out engine.Outcome
	if err := json.Unmarshal(rec.Outcome, &out); err != nil {
		return ratedTable{}, false, nil
	}
	rt, err := newRatedTable(rec.ID, rec.Game, p.At, rec.Seats, out)
	return rt, err == nil, nil
}
