package tagteam

import "testing"

func TestDefaultPack(t *testing.T) {
	p := DefaultPack()
	if len(p.Fighters) != 12 || p.NumInstances() != 120 {
		t.Fatalf("%d fighters, %d cards; want 12 and 120", len(p.Fighters), p.NumInstances())
	}
	for fi, f := range p.Fighters {
		if n := len(p.fightInsts[fi]); n != 10 {
			t.Errorf("%s: %d cards", f.ID, n)
		}
		if !p.Card(p.startInst[fi]).Starting {
			t.Errorf("%s: no starting card", f.ID)
		}
	}
}

func TestFixturePack(t *testing.T) {
	p, err := LoadDir("testdata/pack")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Fighters) != 6 {
		t.Fatalf("%d fixture fighters", len(p.Fighters))
	}
}
