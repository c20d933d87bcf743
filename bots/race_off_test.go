//go:build !race

package bots_test

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
