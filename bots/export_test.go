package bots

import "time"

// SetClock makes the bots measure decisions by f until restore is called.
// Only tests that do not run in parallel may set it.
func SetClock(f func() time.Time) (restore func()) {
	old := clock
	clock = f
	return func() { clock = old }
}

// SearchEverything makes b play all its playouts even once its move is
// settled.
func SearchEverything(b *MCTS) { b.noEarlyStop = true }
