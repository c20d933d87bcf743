package longtest

import (
	"flag"
	"testing"
)

func TestSwitch(t *testing.T) {
	for _, c := range []struct {
		value string
		long  bool
	}{{"", false}, {"0", false}, {"yes", false}, {"1", true}} {
		t.Setenv(Env, c.value)
		if Long() != c.long || Pick(1, 2) != map[bool]int{false: 1, true: 2}[c.long] {
			t.Errorf("%s=%q: Long() = %v, Pick(1, 2) = %d", Env, c.value, Long(), Pick(1, 2))
		}
	}
}

func TestSkip(t *testing.T) {
	t.Setenv(Env, "")
	skipped := true
	t.Run("short", func(t *testing.T) {
		Skip(t)
		skipped = false
	})
	if !skipped {
		t.Error("Skip did not skip without " + Env)
	}
	t.Setenv(Env, "1")
	ran := false
	t.Run("long", func(t *testing.T) {
		Skip(t)
		ran = true
	})
	if !ran {
		t.Error("Skip skipped with " + Env + "=1")
	}
}

func TestAtLeastParallel(t *testing.T) {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if given {
		t.Skip("-parallel was given on the command line, which AtLeastParallel keeps")
	}
	p := flag.Lookup("test.parallel")
	old := p.Value.String()
	t.Cleanup(func() { p.Value.Set(old) })
	p.Value.Set("1")
	AtLeastParallel(6)
	if got := p.Value.String(); got != "6" {
		t.Errorf("-test.parallel 1 raised to %s, want 6", got)
	}
	AtLeastParallel(3)
	if got := p.Value.String(); got != "6" {
		t.Errorf("-test.parallel 6 changed to %s by AtLeastParallel(3)", got)
	}
}
