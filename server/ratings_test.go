package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

// newPair makes a Cardline table of host (seat 0) and guest (seat 1),
// both signed in unless guest is nil, with the create's extra fields.
func newPair(t *testing.T, s *Server, host, guest *browser, extra string) (*Table, map[engine.Seat]string) {
	t.Helper()
	var c Created
	json.Unmarshal(host.must("POST", "/api/tables", `{"game":"cardline","seats":["human","human"],"options":{"players":2},"name":"Host"`+extra+`}`, 201), &c)
	var joined SeatToken
	code, data := 0, []byte(nil)
	body := `{"name":"Guest","invite":"` + c.Invites[0].Code + `"}`
	if guest != nil {
		data = guest.must("POST", "/api/tables/"+c.ID+"/join", body, 200)
	} else {
		code, data = post(t, host.base+"/api/tables/"+c.ID+"/join", body)
		if code != 200 {
			t.Fatalf("a guest joins: %d %s", code, data)
		}
	}
	json.Unmarshal(data, &joined)
	tab, err := s.Table(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return tab, map[engine.Seat]string{0: c.Token, engine.Seat(joined.Seat): joined.Token}
}

func leaderboard(t *testing.T, b *browser, game string) Leaderboard {
	t.Helper()
	var lb Leaderboard
	if err := json.Unmarshal(b.must("GET", "/api/ratings/"+game, "", 200), &lb); err != nil {
		t.Fatal(err)
	}
	return lb
}

func profile(t *testing.T, b *browser, name string) (Profile, []byte) {
	t.Helper()
	data := b.must("GET", "/api/users/"+name, "", 200)
	var p Profile
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	return p, data
}

// A table between two accounts is rated when it finishes: both ratings
// move, once; the leaderboard lists both by rating, the profiles show
// the game, its history and the table with its replay.
func TestRatedTableMovesRatingsOnce(t *testing.T) {
	s, hs, _ := accountServer(t)
	ala, bob := newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	tab, tokens := newPair(t, s, ala, bob, "")
	if st := tab.Public().Rating; st == nil || !st.Rated || st.Message.PL == "" {
		t.Fatalf("a table of two accounts: %+v", st)
	}
	playOut(t, s, tab, tokens)
	out, _ := tab.Outcome()
	lb := leaderboard(t, ala, "cardline")
	if len(lb.Rows) != 2 || lb.Rows[0].Rating < lb.Rows[1].Rating || lb.Rows[0].Games != 1 {
		t.Fatalf("leaderboard: %+v", lb)
	}
	if !out.Draw {
		winner := []string{"Ala", "Bob"}[out.Winners[0]]
		if lb.Rows[0].Name != winner || lb.Rows[0].Wins != 1 || lb.Rows[1].Wins != 0 || lb.Rows[0].Mu <= 25 || lb.Rows[1].Mu >= 25 {
			t.Fatalf("leaderboard after %s won: %+v", winner, lb)
		}
	}
	for _, name := range []string{"Ala", "Bob"} {
		p, _ := profile(t, bob, strings.ToLower(name))
		if p.Name != name || len(p.Games) != 1 || p.Games[0].Games != 1 || len(p.Games[0].History) != 1 || len(p.Tables) != 1 {
			t.Fatalf("%s's profile: %+v", name, p)
		}
		if pt := p.Tables[0]; pt.ID != tab.ID() || !pt.Rated || pt.Replay != "/t/"+tab.ID()+"?replay" || pt.Outcome == nil || len(pt.Players) != 2 {
			t.Fatalf("%s's table: %+v", name, pt)
		}
	}
	r := s.ratings()
	before, _ := r.AllRatings(context.Background())
	tab.mu.Lock()
	err := s.rateFinished(context.Background(), tab.rec, out)
	tab.mu.Unlock()
	after, _ := r.AllRatings(context.Background())
	if err != nil || !slices.Equal(before, after) {
		t.Fatalf("rated again: %v; %+v became %+v", err, before, after)
	}
}

// A table with a bot, a guest or its creator's choice is not rated, and
// says why; one the creator left unrated is still on the profiles.
func TestUnratedTablesSayWhy(t *testing.T) {
	s, hs, _ := accountServer(t)
	ala, bob := newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	for _, c := range []struct {
		what  string
		guest *browser
		extra string
		code  string
	}{
		{"chosen", bob, `,"rated":false`, unratedChoice.Code},
		{"a guest", nil, "", unratedGuests.Code},
	} {
		tab, tokens := newPair(t, s, ala, c.guest, c.extra)
		if st := tab.Public().Rating; st == nil || st.Rated || st.Code != c.code || !strings.HasPrefix(st.Message.EN, "Unrated: ") {
			t.Fatalf("%s: %+v", c.what, st)
		}
		playOut(t, s, tab, tokens)
		if st := tab.Public().Rating; st.Rated || st.Code != c.code {
			t.Fatalf("%s, finished: %+v", c.what, st)
		}
	}
	var c Created
	json.Unmarshal(ala.must("POST", "/api/tables", `{"game":"cardline","seats":["human","bot:random"],"options":{"players":2}}`, 201), &c)
	tab, _ := s.Table(c.ID)
	if st := tab.Public().Rating; st.Code != unratedBots.Code {
		t.Fatalf("with a bot: %+v", st)
	}
	if lb := leaderboard(t, ala, "cardline"); len(lb.Rows) != 0 {
		t.Fatalf("leaderboard after unrated tables: %+v", lb)
	}
	p, _ := profile(t, bob, "bob")
	if len(p.Games) != 0 || len(p.Tables) != 1 || p.Tables[0].Rated {
		t.Fatalf("Bob's profile after an unrated table: %+v", p)
	}
}

// A rebuild recomputes every rating from the stored tables and gets the
// same numbers, to the bit, and the same history.
func TestRatingsRebuildToTheBit(t *testing.T) {
	s, hs, _ := accountServer(t)
	st := s.cfg.Store
	people := []*browser{newBrowser(t, hs.URL), newBrowser(t, hs.URL), newBrowser(t, hs.URL)}
	for i, b := range people {
		signUp(t, b, fmt.Sprintf("Gracz%d", i), "tajne-hasło")
	}
	for i := range 5 {
		tab, tokens := newPair(t, s, people[i%3], people[(i+1)%3], "")
		playOut(t, s, tab, tokens)
	}
	r := s.ratings()
	ctx := context.Background()
	ratings, _ := r.AllRatings(ctx)
	history, _ := r.AllHistory(ctx)
	if len(ratings) != 3 || len(history) != 10 {
		t.Fatalf("after 5 tables: %d ratings, %d history rows", len(ratings), len(history))
	}
	rb, err := RebuildRatings(ctx, st)
	if err != nil || rb.Tables != 5 || rb.Changed != 0 || rb.Ratings != 3 {
		t.Fatalf("rebuild: %+v, %v", rb, err)
	}
	again, _ := r.AllRatings(ctx)
	againH, _ := r.AllHistory(ctx)
	for i := range ratings {
		a, b := ratings[i], again[i]
		if math.Float64bits(a.Mu) != math.Float64bits(b.Mu) || math.Float64bits(a.Sigma) != math.Float64bits(b.Sigma) || a != b {
			t.Fatalf("rating %d: %+v rebuilt as %+v", i, a, b)
		}
	}
	if !slices.Equal(history, againH) {
		t.Fatalf("history:\n%+v\nrebuilt as\n%+v", history, againH)
	}
}

// The seats of one team rate as one team: teammates who start equal end
// equal, and the winning team's players rise.
func TestTeamsRateTogether(t *testing.T) {
	rt := ratedTable{id: "t", game: "g", accounts: []string{"a", "b", "c", "d"}, teams: []int{0, 1, 0, 1}, places: []int{1, 2, 1, 2},
		won: []bool{true, false, true, false}}
	before := make([]store.PlayerRating, 4)
	for i, a := range rt.accounts {
		before[i] = store.PlayerRating{Account: a, Game: "g"}
	}
	u, err := rt.update(before)
	if err != nil {
		t.Fatal(err)
	}
	a := u.After
	if a[0] != (store.PlayerRating{Account: "a", Game: "g", Mu: a[2].Mu, Sigma: a[2].Sigma, Games: 1, Wins: 1}) || a[0].Mu <= 25 || a[1].Mu >= 25 || a[1].Mu != a[3].Mu {
		t.Fatalf("after a 2v2: %+v", a)
	}
	if u.Entries[2].Team != 0 || u.Entries[3].Team != 1 || u.Entries[1].Place != 2 {
		t.Fatalf("history rows: %+v", u.Entries)
	}
}

// A profile reveals nothing of a table in play: the profile of a player
// seated at one is the same, byte for byte, before the table is made and
// after every few moves, and holds none of the hidden facts of any seat.
func TestProfileRevealsNothingInPlay(t *testing.T) {
	s, hs, _ := accountServer(t)
	ala, bob := newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	done, tokens := newPair(t, s, ala, bob, "")
	playOut(t, s, done, tokens) // a finished table, listed
	_, want := profile(t, ala, "ala")
	tab, _ := newPair(t, s, ala, bob, "")
	facts := all.HiddenFacts("cardline")
	r := engine.NewRand(7)
	for n := 0; n < 60; n++ {
		seat, text, ok := randomMove(tab, r)
		if !ok {
			break
		}
		if _, err := tab.playSeat(context.Background(), seat, text); err != nil {
			t.Fatal(err)
		}
		if _, over := tab.Outcome(); over {
			break
		}
		_, got := profile(t, ala, "ala")
		if string(got) != string(want) {
			t.Fatalf("move %d: the profile changed with a table in play:\n%s\nwas\n%s", n, got, want)
		}
		tab.mu.Lock()
		st := tab.st.Clone()
		tab.mu.Unlock()
		for who := engine.Spectator; who < 2; who++ {
			for _, f := range facts(st, who) {
				if strings.Contains(string(got), f) {
					t.Fatalf("move %d: the profile holds %q, hidden from seat %d", n, f, who)
				}
			}
		}
	}
}

// The ratings' endpoints are public and hold nothing private: the same
// answer whoever asks, no account id, session or language in it; a
// banned account is on no leaderboard and has no profile (its name stays
// at the tables it played, as the tables show it).
func ratingsMatrixFor(t *testing.T) {
	s, hs, _ := accountServer(t)
	ala, bob, cyd := newBrowser(t, hs.URL), newBrowser(t, hs.URL), newBrowser(t, hs.URL)
	signUp(t, ala, "Ala", "tajne-hasło")
	signUp(t, bob, "Bob", "tajne-hasło")
	signUp(t, cyd, "Cyd", "tajne-hasło")
	for _, pair := range [][2]*browser{{ala, bob}, {bob, cyd}} {
		tab, tokens := newPair(t, s, pair[0], pair[1], "")
		playOut(t, s, tab, tokens)
	}
	acc, _ := FindAccount(context.Background(), s.accounts(), "Cyd")
	s.accounts().SetBanned(context.Background(), acc.ID, true, "")
	var private []string
	for _, b := range []*browser{ala, bob} {
		private = append(private, b.sessionCookie().Value)
	}
	list, _ := s.accounts().ListAccounts(context.Background())
	for _, a := range list {
		private = append(private, a.ID, a.PasswordHash)
	}
	anon := newBrowser(t, hs.URL)
	evil := newBrowser(t, hs.URL)
	evil.c.Jar = ala.c.Jar
	evil.origin = "https://evil.example"
	for _, c := range []struct {
		path string
		want int
	}{
		{"/api/ratings/cardline", 200}, {"/api/ratings/cardline?limit=1", 200}, {"/api/ratings/cardline?limit=x", 400},
		{"/api/ratings/chess", 400}, {"/api/users/ala", 200}, {"/api/users/BOB", 200}, {"/api/users/cyd", 404}, {"/api/users/nikt", 404},
	} {
		var first []byte
		for who, b := range map[string]*browser{"no cookie": anon, "own session": ala, "another's session": bob, "another site's page": evil} {
			code, data, _ := b.do("GET", c.path, "")
			if code != c.want {
				t.Errorf("%s: GET %s: %d %s, want %d", who, c.path, code, data, c.want)
			}
			for _, p := range private {
				if p != "" && strings.Contains(string(data), p) {
					t.Errorf("%s: GET %s holds a private value: %s", who, c.path, data)
				}
			}
			if strings.Contains(string(data), `"lang"`) || strings.Contains(c.path, "ratings") && strings.Contains(string(data), "Cyd") {
				t.Errorf("%s: GET %s: %s", who, c.path, data)
			}
			if first != nil && string(first) != string(data) && code == 200 {
				t.Errorf("GET %s answers differently to %s", c.path, who)
			}
			first = data
		}
	}
}
