//go:build !unix

package bots

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the program alone.
func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }
