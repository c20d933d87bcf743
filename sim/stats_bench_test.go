package sim_test

import (
	"testing"

	"stolik/sim"
	"stolik/sim/simbench"
)

func BenchmarkBaseline(b *testing.B) { simbench.Baseline(b) }

// BenchmarkRun and BenchmarkRunDetail play the same 1000 four-player
// Cardline games between random bots on one worker, without and with the
// card statistics and the game's own figures: the cost of Config.Detail.
func BenchmarkRun(b *testing.B)       { benchRun(b, false) }
func BenchmarkRunDetail(b *testing.B) { benchRun(b, true) }

func benchRun(b *testing.B, detail bool) {
	cfg := cardlineConfig(nil, 4, "random", "random", "random", "random")
	cfg.Games, cfg.Workers, cfg.Detail = 1000, 1, detail
	b.ReportAllocs()
	for b.Loop() {
		if res, err := sim.Run(cfg); err != nil || res.Errors > 0 {
			b.Fatal(err, res.FirstError)
		}
	}
}
