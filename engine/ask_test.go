package engine

import "testing"

func TestPickBestBreaksTiesAtRandom(t *testing.T) {
	legal := []Move{1, 2, 3, 4}
	score := func(m Move) int {
		if m == 1 {
			return -5
		}
		return 7 // 2, 3 and 4 tie
	}
	r := NewRand(1)
	count := map[Move]int{}
	for range 3000 {
		count[PickBest(legal, r, score)]++
	}
	if count[1] != 0 {
		t.Errorf("the worse move was picked %d times", count[1])
	}
	for _, m := range []Move{2, 3, 4} {
		if count[m] < 800 || count[m] > 1200 {
			t.Errorf("move %d picked %d times of 3000, want about 1000", m, count[m])
		}
	}
	if got := PickBest([]Move{9}, r, func(Move) int { return -1 << 40 }); got != 9 {
		t.Errorf("a single move with a very low score: got %d", got)
	}
}

// PickBestOf picks what PickBest picks from the same scores and draws.
func TestPickBestOfPicksAsPickBest(t *testing.T) {
	src := NewRand(34)
	for n := 0; n < 2000; n++ {
		legal := make([]Move, 1+src.IntN(8))
		scores := make([]int, len(legal))
		for i := range legal {
			legal[i], scores[i] = Move(i+1), src.IntN(3)
		}
		i := 0
		want := PickBest(legal, NewRand(uint64(n)), func(Move) int { i++; return scores[i-1] })
		if got := PickBestOf(legal, scores, NewRand(uint64(n))); got != want {
			t.Fatalf("scores %v: PickBestOf chose %d, PickBest %d", scores, got, want)
		}
	}
}
