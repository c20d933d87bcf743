package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayEndOfInput: input that ends before the game is a failure
// (exit 1, saying so), while q is leaving the game on purpose (exit 0).
func TestPlayEndOfInput(t *testing.T) {
	_, errOut, code := stolik(t, "", "play", "cardline", "--players", "2", "--seed", "9", "--lang", "en")
	if code != 1 || !strings.Contains(errOut, "input ended") {
		t.Errorf("end of input: exit %d, %q", code, errOut)
	}
	out, errOut, code := stolik(t, "q\n", "play", "cardline", "--players", "2", "--seed", "9", "--lang", "en")
	if code != 0 || !strings.Contains(out, "See you!") {
		t.Errorf("q: exit %d, %q", code, errOut)
	}
}

// TestPlayRecordUnwritable: a record that cannot be written is refused
// before the game starts, not after it.
func TestPlayRecordUnwritable(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "no", "such", "game.json")
	out, errOut, code := stolik(t, "1\n", "play", "cardline", "--players", "2", "--seed", "9", "--lang", "en", "--record", rec)
	if code != 1 || out != "" || !strings.Contains(errOut, rec) {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	if _, err := os.Stat(rec); err == nil {
		t.Errorf("%s was written", rec)
	}
}
