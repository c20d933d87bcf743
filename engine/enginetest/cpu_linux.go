package enginetest

import (
	"syscall"
	"time"
)

// ThreadCPU is the CPU time the calling thread has used: a benchmark of
// decisions reads it before and after each one (with -cpu 1), so a busy
// machine's other programs do not count.
func ThreadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
