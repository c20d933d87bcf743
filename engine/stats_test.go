package engine

import (
	"testing"
	"testing/fstest"
)

func TestHashFiles(t *testing.T) {
	pack := fstest.MapFS{
		"heroes.yaml":   {Data: []byte("cards: [a]\n")},
		"villains.yaml": {Data: []byte("cards: [b]\n")},
		"README.md":     {Data: []byte("not part of the pack")},
	}
	h, err := HashFiles(pack)
	if err != nil || len(h) != 16 {
		t.Fatalf("hash %q, %v", h, err)
	}
	pack["README.md"] = &fstest.MapFile{Data: []byte("changed")}
	if again, _ := HashFiles(pack); again != h {
		t.Error("a file that is not YAML changed the hash")
	}
	pack["villains.yaml"] = &fstest.MapFile{Data: []byte("cards: [c]\n")}
	if changed, _ := HashFiles(pack); changed == h {
		t.Error("a changed card left the hash as it was")
	}
	// The same bytes under another name are another pack.
	moved := fstest.MapFS{"heroes.yaml": {Data: []byte("cards: [a]\ncards: [b]\n")}}
	if m, _ := HashFiles(moved); m == h {
		t.Error("files joined into one have the same hash")
	}
}

func TestCardUseNames(t *testing.T) {
	for u := CardDealt; u < NumCardUses; u++ {
		if CardUseNames[u] == "" || CardUseTexts[u].PL == "" || CardUseTexts[u].EN == "" {
			t.Errorf("use %d has no name", u)
		}
	}
}
