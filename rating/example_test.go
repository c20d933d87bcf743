package rating_test

import (
	"fmt"

	"stolik/rating"
)

// Two new players; the first wins.
func Example() {
	alice, bob := rating.Default.New(), rating.Default.New()
	after, err := rating.Default.Rate([][]rating.Rating{{alice}, {bob}}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(after[0][0].Show())
	fmt.Println(after[1][0].Show())
	// Output:
	// 3.4 (27.6, 11.5 to 43.8)
	// -1.8 (22.4, 6.2 to 38.5)
}

// A Tag Team game: two teams of two, the second team wins.
func ExampleParams_Rate_teams() {
	p := rating.Default
	teams := [][]rating.Rating{{p.New(), p.New()}, {p.New(), p.New()}}
	after, err := p.Rate(teams, []int{2, 1})
	if err != nil {
		panic(err)
	}
	for _, team := range after {
		fmt.Println(team[0].Show(), team[1].Show())
	}
	// Output:
	// -1.5 (23.0, 6.7 to 39.4) -1.5 (23.0, 6.7 to 39.4)
	// 2.4 (27.0, 10.6 to 43.3) 2.4 (27.0, 10.6 to 43.3)
}

// Four players scored on points: the highest score ranks first, and the
// two who scored 7 tie.
func ExampleRanksFromScores() {
	fmt.Println(rating.RanksFromScores([]float64{7, 12, 7, 3}))
	// Output: [1 0 1 3]
}
