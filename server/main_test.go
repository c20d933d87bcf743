package server

import (
	"os"
	"testing"

	"stolik/internal/longtest"
	"stolik/store/pgtest"
)

// The tests that need PostgreSQL share one server, each with a database
// of its own. The cluster's tests and the damaged rows' run in parallel:
// they mostly wait on the database, the bus and their leases.
func TestMain(m *testing.M) {
	longtest.AtLeastParallel(8)
	os.Exit(pgtest.Main(m))
}
