//go:build unix

package bots

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the program in a process group of its own, so that
// killGroup also ends the programs it starts.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the program's process group: the program and whatever
// it started that stayed in the group, also after the program itself has
// exited.
func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill()
}
