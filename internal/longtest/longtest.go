// Package longtest is the one switch for the tests' long calibrations:
// the strength ladders of the bots, thousands of conformance games, the
// cluster's kill rounds and frozen node, the crash test's kill rounds and
// the socket flood. They run when the environment variable STOLIK_LONG is
// 1 (as .ci/run sets it); without it `go test ./...` still checks every
// package's contract, on smaller samples, in a few minutes.
//
//	games := longtest.Pick(100, 1000)
//	...
//	longtest.Skip(t) // a calibration with nothing smaller to run
package longtest

import (
	"os"
	"testing"
)

// Env is the variable that turns the long calibrations on.
const Env = "STOLIK_LONG"

// Long reports whether the long calibrations run: STOLIK_LONG=1.
func Long() bool { return os.Getenv(Env) == "1" }

// Skip skips t, saying why, unless the long calibrations run.
func Skip(t testing.TB) {
	t.Helper()
	if !Long() {
		t.Skip("long calibration; " + Env + "=1 runs it")
	}
}

// Pick returns normal, or long when the long calibrations run.
func Pick[T any](normal, long T) T {
	if Long() {
		return long
	}
	return normal
}
