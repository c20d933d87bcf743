package rating

import (
	"math"
	"testing"
)

// The expected numbers below are the published test vectors of the
// OpenSkill libraries for their Plackett–Luce model, copied as numbers:
//
//   - "model": philihp/openskill.js, src/models/__tests__/plackett-luce.test.ts
//     (the model alone: no tau).
//   - "rate": philihp/openskill.js, src/__tests__/rate.test.ts (through its
//     rate(), which adds the default tau = 25/300 before the game unless a
//     tau is given).
//   - "parity": vivekjoshy/openskill.py v6.2.0,
//     tests/models/data/plackettluce.json, as vendored and asserted by
//     philihp/openskill.js, src/__tests__/parity-plackett-luce.test.ts
//     (model mu 20.35125162611535, sigma 8.33148112355601; beta, kappa and
//     tau the defaults).
//
// The sources give 16 to 17 significant digits; we match to 1e-9, since our
// sums run in another order than theirs and our exp is our own.
const vectorTolerance = 1e-9

type vector struct {
	name   string
	params Params
	teams  [][]Rating
	ranks  []int
	scores []float64
	want   [][]Rating
}

var (
	noTau  = Params{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001}
	parity = Params{Mu: 20.35125162611535, Sigma: 8.33148112355601, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
	fresh  = Default.New()
	pr     = parity.New()
	a1     = Rating{29.182, 4.782}
	b1     = Rating{27.174, 4.922}
	c1     = Rating{16.672, 6.217}
	w1     = Rating{15, 25.0 / 3}
	x1     = Rating{20, 25.0 / 3}
	y1     = Rating{25, 25.0 / 3}
	z1     = Rating{30, 25.0 / 3}
)

func withTau(tau float64) Params {
	p := Default
	p.Tau = tau
	return p
}

func solo(rs ...Rating) [][]Rating {
	teams := make([][]Rating, len(rs))
	for i, r := range rs {
		teams[i] = []Rating{r}
	}
	return teams
}

func copies(r Rating, n int) []Rating {
	team := make([]Rating, n)
	for i := range team {
		team[i] = r
	}
	return team
}

var vectors = []vector{
	{name: "model 1v1", params: noTau, teams: solo(fresh, fresh), want: solo(
		Rating{27.63523138347365, 8.065506316323548},
		Rating{22.36476861652635, 8.065506316323548})},
	{name: "model 3 players", params: noTau, teams: solo(fresh, fresh, fresh), want: solo(
		Rating{27.868876552746237, 8.204837030780652},
		Rating{25.717219138186557, 8.057829747583874},
		Rating{21.413904309067206, 8.057829747583874})},
	{name: "model 4 players", params: noTau, teams: solo(fresh, fresh, fresh, fresh), want: solo(
		Rating{27.795084971874736, 8.263160757613477},
		Rating{26.552824984374855, 8.179213704945203},
		Rating{24.68943500312503, 8.083731307186588},
		Rating{20.96265504062538, 8.083731307186588})},
	{name: "model 5 players", params: noTau, teams: solo(fresh, fresh, fresh, fresh, fresh), want: solo(
		Rating{27.666666666666668, 8.290556877154474},
		Rating{26.833333333333332, 8.240145629781066},
		Rating{25.72222222222222, 8.179996679645559},
		Rating{24.055555555555557, 8.111796013701358},
		Rating{20.72222222222222, 8.111796013701358})},
	{name: "model teams of 3, 1 and 2", params: noTau,
		teams: [][]Rating{copies(fresh, 3), copies(fresh, 1), copies(fresh, 2)},
		want: [][]Rating{
			copies(Rating{25.939870821784513, 8.247641552260456}, 3),
			copies(Rating{27.21366020491262, 8.274321317985242}, 1),
			copies(Rating{21.84646897330287, 8.213058173195341}, 2)}},
	{name: "rate 4 players", params: Default, teams: solo(a1, b1, c1, fresh), want: solo(
		Rating{30.210227447000438, 4.765617924939384},
		Rating{27.644725221915632, 4.883479590134575},
		Rating{17.4036218889969, 6.101259408259549},
		Rating{19.21460876538932, 7.854669920480409})},
	{name: "rate 4 players tau 0.01", params: withTau(0.01), teams: solo(a1, b1, c1, fresh), want: solo(
		Rating{30.20997558824299, 4.764909330988368},
		Rating{27.64461002009721, 4.882799245921361},
		Rating{17.403587237635527, 6.100731158882956},
		Rating{19.21478808745494, 7.854267281042293})},
	{name: "rate 2v2", params: Default, teams: [][]Rating{{a1, b1}, {c1, fresh}}, want: [][]Rating{
		{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}},
		{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}}}},
	{name: "rate 2v2 tau 0.01", params: withTau(0.01), teams: [][]Rating{{a1, b1}, {c1, fresh}}, want: [][]Rating{
		{{29.60722003260825, 4.754607604502581}, {27.624482251695827, 4.892124276331747}},
		{{15.953286947567106, 6.1253654293947335}, {23.708689129525133, 8.111303923213725}}}},
	{name: "rate 1v1 reversed ranks", params: Default, teams: solo(fresh, fresh), ranks: []int{2, 1}, want: solo(
		Rating{22.364610506859503, 8.06590141354368},
		Rating{27.635389493140497, 8.06590141354368})},
	{name: "rate misordered ranks", params: Default, teams: solo(fresh, fresh, fresh, fresh), ranks: []int{2, 1, 4, 3}, want: solo(
		Rating{26.55291815138952, 8.17961798837266},
		Rating{27.795252672501135, 8.263571791259416},
		Rating{20.962412806387245, 8.084127880168786},
		Rating{24.689416369722096, 8.084127880168786})},
	{name: "rate ranks of unequal players", params: Default, teams: solo(w1, x1, y1, z1), ranks: []int{1, 3, 4, 2}, want: solo(
		Rating{18.131120980297805, 8.283536573151807},
		Rating{20.405169039419135, 8.107860440531121},
		Rating{20.65583040714804, 8.082574596348321},
		Rating{30.80787957313502, 8.155100416275928})},
	{name: "rate three teams of two", params: Default,
		teams: [][]Rating{{a1, fresh}, {b1, fresh}, {c1, fresh}}, ranks: []int{3, 1, 2},
		want: [][]Rating{
			{{27.857622571955794, 4.744504197327133}, {20.97892943330433, 8.129851804000902}},
			{{27.990904891666695, 4.901705733959291}, {27.341233554297506, 8.2314516336455}},
			{{17.607030910762578, 6.141282638892306}, {26.67983701239816, 8.149157818911323}}}},
	{name: "rate tie for second", params: Default,
		teams: solo(Rating{10, 8}, Rating{5, 10}, Rating{0, 12}), ranks: []int{1, 2, 2}, want: solo(
			Rating{11.942996666741225, 7.926888197620324},
			Rating{2.9381178546315034, 9.653804487570165},
			Rating{-1.4024317012198733, 11.323641575516767})},
	{name: "rate four-way tie", params: Default, teams: solo(fresh, fresh, fresh, fresh), ranks: []int{1, 1, 1, 1},
		want: solo(copies(Rating{25, 8.263571791259416}, 4)...)},
	{name: "rate ties out of order", params: Default, teams: solo(w1, x1, y1, z1), ranks: []int{2, 4, 2, 1}, want: solo(
		Rating{15.340043358359136, 8.213141619804967},
		Rating{18.007678675484204, 8.189033933813437},
		Rating{24.25801928251219, 8.166918055585525},
		Rating{32.39425868364447, 8.247687230833794})},
	{name: "rate equal scores", params: Default, teams: solo(fresh, fresh, fresh), scores: []float64{1, 1, 1},
		want: solo(copies(Rating{25, 8.205243377397993}, 3)...)},
	{name: "rate tau 0.3", params: withTau(0.3), teams: solo(Rating{25, 3}, Rating{25, 3}), want: solo(
		Rating{25.624880438870754, 2.9879993738476953},
		Rating{24.375119561129246, 2.9879993738476953})},
	{name: "parity normal", params: parity, teams: [][]Rating{{pr}, {pr, pr}}, want: [][]Rating{
		{{23.855123082692877, 8.22447878583752}},
		copies(Rating{16.84738016953782, 8.179571171464575}, 2)}},
	{name: "parity ranks", params: parity, teams: [][]Rating{{pr}, {pr, pr}, {pr}, {pr, pr}}, ranks: []int{2, 1, 4, 3},
		want: [][]Rating{
			{{22.35555943890167, 8.265434830225024}},
			copies(Rating{22.373451456616035, 8.258479912445537}, 2),
			{{18.311159777900297, 8.219170401234347}},
			copies(Rating{18.364835831043397, 8.112716571808326}, 2)}},
	{name: "parity scores", params: parity, teams: [][]Rating{{pr}, {pr, pr}}, scores: []float64{1, 2}, want: [][]Rating{
		{{19.4016459546452, 8.22447878583752}},
		copies(Rating{21.300857297585495, 8.179571171464575}, 2)}},
	{name: "parity ties", params: parity, teams: [][]Rating{{pr}, {pr, pr}, {pr, pr, pr}}, ranks: []int{1, 2, 1},
		want: [][]Rating{
			{{21.63766806988004, 8.310709773172306}},
			copies(Rating{19.53956360838512, 8.268148437657915}, 2),
			copies(Rating{19.87652320008089, 8.237522411103104}, 3)}},
}

// TestPublishedVectors checks the method against OpenSkill's own examples:
// 1v1 from new ratings, free-for-alls of 3 to 5, teams of unequal size, a
// 2v2, ties, scores and tau.
func TestPublishedVectors(t *testing.T) {
	for _, v := range vectors {
		t.Run(v.name, func(t *testing.T) {
			ranks := v.ranks
			if v.scores != nil {
				ranks = RanksFromScores(v.scores)
			}
			got, err := v.params.Rate(v.teams, ranks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range v.want {
				for j, want := range v.want[i] {
					g := got[i][j]
					if math.Abs(g.Mu-want.Mu) > vectorTolerance || math.Abs(g.Sigma-want.Sigma) > vectorTolerance {
						t.Errorf("team %d player %d = %v, want %v", i+1, j+1, g, want)
					}
				}
			}
		})
	}
}
