//go:build race

package loadgen

// raceEnabled: the tests run under the race detector, whose shadow
// memory makes every socket dearer.
const raceEnabled = true
