package longtest

import (
	"flag"
	"fmt"
)

// AtLeastParallel lets at least n parallel tests of the package run at
// once (go test's -parallel defaults to GOMAXPROCS), unless -parallel was
// given: for a TestMain whose parallel tests mostly wait on a database, a
// bus or a lease rather than compute. It parses the test flags.
func AtLeastParallel(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	p := flag.Lookup("test.parallel")
	if given || p == nil {
		return
	}
	if g, ok := p.Value.(flag.Getter); ok {
		if cur, ok := g.Get().(int); ok && cur >= n {
			return
		}
	}
	p.Value.Set(fmt.Sprint(n))
}
