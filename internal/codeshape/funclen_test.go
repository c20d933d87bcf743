package codeshape

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The longest a function outside tests may be, and how many may pass
// the shorter bound.
const (
	maxLines     = 150
	longLines    = 100
	maxLongFuncs = 8
)

// TestFunctionLengths fails when a function outside the tests runs over
// maxLines lines, or when more than maxLongFuncs run over longLines: a long
// function is split along the game's own structure (one event kind, one
// phase, one part of a pack), not into arbitrary pieces.
func TestFunctionLengths(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	type long struct {
		where string
		lines int
	}
	var longs []long
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "out" || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n > longLines {
				rel, _ := filepath.Rel(root, path)
				longs = append(longs, long{rel + ": " + fn.Name.Name, n})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(longs, func(a, b long) int { return b.lines - a.lines })
	for _, l := range longs {
		t.Logf("%4d lines: %s", l.lines, l.where)
		if l.lines > maxLines {
			t.Errorf("%s runs %d lines, over %d", l.where, l.lines, maxLines)
		}
	}
	if len(longs) > maxLongFuncs {
		t.Errorf("%d functions run over %d lines; at most %d may", len(longs), longLines, maxLongFuncs)
	}
}
