//go:build !linux

package enginetest

import "time"

var cpuStart = time.Now()

// ThreadCPU stands in for the thread's CPU time where it cannot be read:
// the time since the program started.
func ThreadCPU() time.Duration { return time.Since(cpuStart) }
