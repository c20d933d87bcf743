package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stolik/games/all"
)

// benchmarks is the names of the benchmarks in the package at dir.
func benchmarks(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if len(files) == 0 {
		t.Fatalf("%s: no test files", dir)
	}
	var names []string
	re := regexp.MustCompile(`(?m)^func (Benchmark\w+)\(`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			names = append(names, m[1])
		}
	}
	return names
}

// TestPerformanceDocsNameRealBenchmarks: every go test -bench command of
// docs/performance.md selects benchmarks that exist in its package (with
// ./games/GAME, in every game), and every BenchmarkNAME it names exists.
func TestPerformanceDocsNameRealBenchmarks(t *testing.T) {
	data, err := os.ReadFile("../../docs/performance.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	cmdRE := regexp.MustCompile(`go test (\./\S+) -run XXX -bench ('[^']*'|[\w/=|.]+)`)
	for _, m := range cmdRE.FindAllStringSubmatch(doc, -1) {
		pkgs := []string{m[1]}
		if m[1] == "./games/GAME" {
			pkgs = nil
			for _, g := range all.Names() {
				pkgs = append(pkgs, "./games/"+g)
			}
		}
		for _, pkg := range pkgs {
			// A name a line, so that a pattern may end with $.
			names := strings.Join(benchmarks(t, filepath.Join("../..", pkg)), "\n")
			for _, alt := range strings.Split(strings.Trim(m[2], "'"), "|") {
				top, _, _ := strings.Cut(alt, "/")
				if top == "." {
					continue
				}
				if !regexp.MustCompile(`(?m)Benchmark\w*` + top).MatchString(names) {
					t.Errorf("%s: %q selects no benchmark of %s (%s)", m[0], top, pkg, strings.ReplaceAll(names, "\n", " "))
				}
			}
		}
	}
	var every []string
	for _, g := range all.Names() {
		every = append(every, benchmarks(t, filepath.Join("../../games", g))...)
	}
	for _, name := range regexp.MustCompile("`(Benchmark\\w+)").FindAllStringSubmatch(doc, -1) {
		if !strings.Contains(" "+strings.Join(every, " ")+" ", " "+name[1]+" ") {
			t.Errorf("docs/performance.md names %s, which no game has", name[1])
		}
	}
}

// TestNoPathOutsideTheRepository: the docs and the code point only at
// what a clone holds, never at a folder of the machine they were
// written on.
func TestNoPathOutsideTheRepository(t *testing.T) {
	t.Parallel()
	outside := regexp.MustCompile(`/work/|\.\./\.\./shared|"\.\.", "\.\.", "shared"|\.\./shared/`)
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "out") {
			return filepath.SkipDir
		}
		if d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md")) || strings.HasSuffix(path, "docs_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if outside.MatchString(line) {
				t.Errorf("%s:%d points outside the repository: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
