package server

// RaceEnabled tells the tests outside the package (allocs_test.go) that
// the race detector is on.
const RaceEnabled = raceEnabled
