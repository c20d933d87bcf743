package rating

import "testing"

// BenchmarkRateFourPlayers: one update of a free-for-all of four.
func BenchmarkRateFourPlayers(b *testing.B) {
	teams := solo(a1, b1, c1, Default.New())
	ranks := []int{2, 1, 4, 3}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Default.Rate(teams, ranks); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRateTwoVersusTwo: one update of a game of two teams of two.
func BenchmarkRateTwoVersusTwo(b *testing.B) {
	teams := [][]Rating{{a1, b1}, {c1, Default.New()}}
	ranks := []int{2, 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Default.Rate(teams, ranks); err != nil {
			b.Fatal(err)
		}
	}
}
