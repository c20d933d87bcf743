//go:build unix

package frontline

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used: with one P (-cpu 1) it
// times a decision without the time the machine gave to other programs.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
