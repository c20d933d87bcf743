// Package chromium finds the headless Chromium the browser tests drive
// (e2e, and sim/report's reports).
package chromium

import (
	"os"
	"os/exec"
)

// Missing is what a test says when it skips for want of Chromium.
const Missing = "no Chromium: install Debian's chromium package (apt-get install -y chromium) or set STOLIK_CHROMIUM"

// Path is $STOLIK_CHROMIUM, else /usr/bin/chromium, else the first of
// chromium, chromium-browser, google-chrome on PATH; "" when none.
func Path() string {
	if p := os.Getenv("STOLIK_CHROMIUM"); p != "" {
		return p
	}
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
