package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"stolik/engine"
	"stolik/rating"
	"stolik/store"
)

// The public pages of ratings: a game's leaderboard and a player's
// profile. Both are public and hold nothing private: user names and
// display names, never an account's id, session or language; a profile
// lists finished tables only, so that nothing of a game in play shows.

var errNoRatings = engine.Rule{Code: "no_ratings", PL: "Ten serwer nie prowadzi rankingów.", EN: "This server keeps no ratings."}

// registerRatings adds the ratings' endpoints.
func (s *Server) registerRatings(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/ratings/{game}", s.handleLeaderboard)
	mux.HandleFunc("GET /api/users/{name}", s.handleProfile)
}

// Shown is a rating as a page shows it: rating.Show's numbers.
type Shown struct {
	Rating float64 `json:"rating"` // mu − 3σ, what leaderboards sort by
	Mu     float64 `json:"mu"`
	Low    float64 `json:"low"` // mu − 2σ
	High   float64 `json:"high"`
}

func shown(mu, sigma float64) Shown {
	sh := rating.Rating{Mu: mu, Sigma: sigma}.Show()
	return Shown{Rating: sh.Rating, Mu: sh.Mu, Low: sh.Low, High: sh.High}
}

// LeaderRow is one line of a leaderboard.
type LeaderRow struct {
	Place int    `json:"place"`
	Name  string `json:"name"`
	Shown
	Games int `json:"games"`
	Wins  int `json:"wins"`
}

// Leaderboard is a game's leaderboard: the accounts that played it rated,
// best first.
type Leaderboard struct {
	Game  string      `json:"game"`
	Title engine.Text `json:"title"`
	Rows  []LeaderRow `json:"rows"`
}

// leaderLimit is the most rows a leaderboard gives, and leaderDefault
// how many when the request does not say.
const leaderLimit, leaderDefault = 500, 100

// GameLeaderboard is game's leaderboard on this server (LeaderboardOf).
func (s *Server) GameLeaderboard(ctx context.Context, game string, limit int) (Leaderboard, error) {
	g, err := s.lookup(game)
	if err != nil {
		return Leaderboard{}, errNoGame.Err(game)
	}
	r := s.ratings()
	if r == nil {
		return Leaderboard{}, errNoRatings.Err()
	}
	return LeaderboardOf(ctx, r, g, limit)
}

// LeaderboardOf is g's leaderboard in r, at most limit rows: by the
// ordinal (mu − 3σ), higher first, then by user name.
func LeaderboardOf(ctx context.Context, r store.Ratings, g engine.Game, limit int) (Leaderboard, error) {
	list, err := r.GameRatings(ctx, g.Name())
	if err != nil {
		return Leaderboard{}, err
	}
	ord := func(p store.PlayerRating) float64 { return rating.Rating{Mu: p.Mu, Sigma: p.Sigma}.Ordinal() }
	slices.SortFunc(list, func(a, b store.PlayerRating) int {
		if oa, ob := ord(a), ord(b); oa != ob {
			if oa > ob {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	out := Leaderboard{Game: g.Name(), Title: g.Title(), Rows: []LeaderRow{}}
	for i, p := range list[:min(len(list), limit)] {
		out.Rows = append(out.Rows, LeaderRow{Place: i + 1, Name: p.Name, Shown: shown(p.Mu, p.Sigma), Games: p.Games, Wins: p.Wins})
	}
	return out, nil
}

func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	limit := leaderDefault
	if q := r.URL.Query().Get("limit"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 {
			reject(w, http.StatusBadRequest, errBadRequest.Err("limit: a number from 1"))
			return
		}
		limit = min(n, leaderLimit)
	}
	lb, err := s.GameLeaderboard(r.Context(), r.PathValue("game"), limit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lb)
}

// Profile is a player's public page.
type Profile struct {
	Name    string        `json:"name"`
	Display string        `json:"display"`
	Games   []GameProfile `json:"games"`
	// Tables are the finished tables the player held a seat of, newest
	// first (at most profileTables). Tables in play are never listed.
	Tables []ProfileTable `json:"tables"`
}

// GameProfile is a player's rating in one game, its history and places.
type GameProfile struct {
	Game  string      `json:"game"`
	Title engine.Text `json:"title"`
	Shown
	Sigma float64 `json:"sigma"`
	Games int     `json:"games"`
	Wins  int     `json:"wins"`
	// Places counts the rated tables by place: Places[0] the first
	// places, and so on.
	Places  []int          `json:"places"`
	History []HistoryPoint `json:"history"`
}

// HistoryPoint is the rating after one rated table.
type HistoryPoint struct {
	Table string    `json:"table"`
	At    time.Time `json:"at"`
	Place int       `json:"place"`
	Shown
}

// ProfileTable is a finished table of a profile.
type ProfileTable struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Title   engine.Text     `json:"title"`
	At      time.Time       `json:"at"`
	Seat    int             `json:"seat"`
	Rated   bool            `json:"rated"`
	Players []Player        `json:"players"`
	Outcome *engine.Outcome `json:"outcome,omitempty"`
	// Replay is the page that replays the table.
	Replay string `json:"replay"`
}

// profileTables is the most finished tables a profile lists.
const profileTables = 50

// UserProfile is the public profile of the account named name; errNoAccount
// for a name no account has, or a banned account's.
func (s *Server) UserProfile(ctx context.Context, name string) (Profile, error) {
	a, r := s.accounts(), s.ratings()
	if a == nil || r == nil {
		return Profile{}, errNoRatings.Err()
	}
	acc, err := FindAccount(ctx, a, name)
	if err != nil {
		return Profile{}, err
	}
	if acc.Banned {
		return Profile{}, errNoAccount.Err(name)
	}
	p := Profile{Name: acc.Name, Display: acc.Display, Games: []GameProfile{}, Tables: []ProfileTable{}}
	ratings, err := r.AccountRatings(ctx, acc.ID)
	if err != nil {
		return Profile{}, err
	}
	history, err := r.RatingHistory(ctx, acc.ID)
	if err != nil {
		return Profile{}, err
	}
	for _, pr := range ratings {
		p.Games = append(p.Games, s.gameProfile(pr, history))
	}
	played, err := r.PlayedTables(ctx, acc.ID, profileTables)
	if err != nil {
		return Profile{}, err
	}
	for _, pl := range played {
		if pt, ok := s.profileTable(ctx, acc.ID, pl, history); ok {
			p.Tables = append(p.Tables, pt)
		}
	}
	return p, nil
}

func (s *Server) gameProfile(pr store.PlayerRating, history []store.RatingEntry) GameProfile {
	gp := GameProfile{Game: pr.Game, Shown: shown(pr.Mu, pr.Sigma), Sigma: pr.Sigma, Games: pr.Games, Wins: pr.Wins,
		Places: []int{}, History: []HistoryPoint{}}
	if g, err := s.lookup(pr.Game); err == nil {
		gp.Title = g.Title()
	} else {
		gp.Title = engine.Text{PL: pr.Game, EN: pr.Game}
	}
	for _, e := range history {
		if e.Game != pr.Game {
			continue
		}
		gp.History = append(gp.History, HistoryPoint{Table: e.Table, At: e.At, Place: e.Place, Shown: shown(e.MuAfter, e.SigmaAfter)})
		for len(gp.Places) < e.Place {
			gp.Places = append(gp.Places, 0)
		}
		if e.Place > 0 {
			gp.Places[e.Place-1]++
		}
	}
	return gp
}

// profileTable reads a finished table of a profile from the store; one
// that does not read, or is not finished, is left out.
func (s *Server) profileTable(ctx context.Context, account string, pl store.Played, history []store.RatingEntry) (ProfileTable, bool) {
	rec, _, err := s.cfg.Store.Load(ctx, pl.Table)
	if err != nil || !rec.Finished || rec.Damaged != "" {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Error("a played table could not be read for a profile", "table", pl.Table, "err", err)
		}
		return ProfileTable{}, false
	}
	pt := ProfileTable{ID: rec.ID, Game: rec.Game, At: pl.At, Seat: -1, Players: playersOf(rec.Seats), Replay: "/t/" + rec.ID + "?replay",
		Rated: slices.ContainsFunc(history, func(e store.RatingEntry) bool { return e.Table == rec.ID })}
	if g, err := s.lookup(rec.Game); err == nil {
		pt.Title = g.Title()
	}
	for i, st := range rec.Seats {
		if st.Account == account {
			pt.Seat = i
			break
		}
	}
	var out engine.Outcome
	if json.Unmarshal(rec.Outcome, &out) == nil {
		pt.Outcome = &out
	}
	return pt, true
}

func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	p, err := s.UserProfile(r.Context(), r.PathValue("name"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
