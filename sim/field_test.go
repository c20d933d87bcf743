package sim_test

import (
	"reflect"
	"testing"

	"stolik/engine"
	"stolik/games/frontline"
	"stolik/sim"
)

// Measuring bots against a field: the result does not depend on the
// number of workers, every seat is taken equally often, and random play
// wins less than its fair share against greedy bots.
func TestField(t *testing.T) {
	g := frontline.New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 4})
	if err != nil {
		t.Fatal(err)
	}
	cfg := sim.FieldConfig{Game: g, Options: opts, Bots: []string{"random", "greedy"}, Field: "greedy", Games: 80, Seed: 5, Workers: 1}
	a, err := sim.Field(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	b, err := sim.Field(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a.ElapsedS, b.ElapsedS = 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("1 worker and 3 workers disagree:\n%+v\n%+v", a, b)
	}
	if a.Errors != 0 || a.FairShare != 0.25 || len(a.Bots) != 2 {
		t.Fatalf("result %+v", a)
	}
	r := a.Bots[0]
	if r.Games != 80 || len(r.BySeat) != 4 || r.Low > r.Share || r.High < r.Share {
		t.Fatalf("random's line %+v", r)
	}
	if r.High >= a.FairShare {
		t.Errorf("random wins %.2f [%.2f, %.2f] against three greedy bots: not clearly below the fair share", r.Share, r.Low, r.High)
	}
}
