// Package chromium finds the headless Chromium the browser tests drive
// (e2e, and sim/report's reports).
//
// Most tests drive chromium-headless-shell where it is installed: the
// same Blink and V8 as the browser, without the browser around them, at
// less than half its CPU. The few that need what only the browser has
// (notifications, push, the permission prompt) ask for Full.
package chromium

import (
	"os"
	"os/exec"
)

// Missing is what a test says when it skips for want of Chromium.
const Missing = "no Chromium: install Debian's chromium package (apt-get install -y chromium chromium-headless-shell) or set STOLIK_CHROMIUM"

// MissingFull is what a test that needs the browser itself says when it
// skips.
const MissingFull = "no Chromium browser (this test needs its notifications): install Debian's chromium package (apt-get install -y chromium) or set STOLIK_CHROMIUM_FULL"

// Path is $STOLIK_CHROMIUM, else /usr/bin/chromium-headless-shell, else
// Full's browser; "" when none.
func Path() string {
	if p := os.Getenv("STOLIK_CHROMIUM"); p != "" {
		return p
	}
	if p, err := exec.LookPath("chromium-headless-shell"); err == nil {
		return p
	}
	return browser()
}

// Full is the browser itself, for the tests that need more than its
// headless shell: $STOLIK_CHROMIUM_FULL, else $STOLIK_CHROMIUM, else
// /usr/bin/chromium, else the first of chromium, chromium-browser,
// google-chrome on PATH; "" when none.
func Full() string {
	for _, env := range []string{"STOLIK_CHROMIUM_FULL", "STOLIK_CHROMIUM"} {
		if p := os.Getenv(env); p != "" {
			return p
		}
	}
	return browser()
}

func browser() string {
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}
