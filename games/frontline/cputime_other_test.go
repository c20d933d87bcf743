//go:build !unix

package frontline

import "time"

var cpuStart = time.Now()

// processCPU falls back to the time since the start where the process's
// CPU time is not at hand.
func processCPU() time.Duration { return time.Since(cpuStart) }
