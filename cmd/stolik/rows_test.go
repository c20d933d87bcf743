//go:build unix

package main

import (
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// An attacker who can write to stolik.db (or a disk that spoils it) puts
// text where the server keeps a number: `stolik serve` still starts on
// the file, the lobby answers 200 with the other tables, and the spoiled
// one is answered as a damaged table, never breaking the server.
func TestServeSpoiledRow(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "stolik.db")
	get := func(url string, out any) int {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		if out != nil && resp.StatusCode == 200 {
			if err := json.Unmarshal(data, out); err != nil {
				t.Fatalf("%s: %v in %s", url, err, data)
			}
		}
		return resp.StatusCode
	}
	create := func(base string) string {
		t.Helper()
		resp, err := http.Post(base+"/api/tables", "application/json",
			strings.NewReader(`{"game":"cardline","options":{"players":2},"seats":["human","human"],"open":true}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var c struct{ ID string }
		if err := json.NewDecoder(resp.Body).Decode(&c); err != nil || resp.StatusCode != 201 || c.ID == "" {
			t.Fatalf("creating a table: %d %v", resp.StatusCode, err)
		}
		return c.ID
	}

	first := startCrashServer(t, db)
	good, bad := create(first.url), create(first.url)
	first.kill()

	for _, column := range []string{"created", "seed", "open", "options"} {
		sqlDB, err := sql.Open("sqlite", db)
		if err != nil {
			t.Fatal(err)
		}
		_, err = sqlDB.Exec(`UPDATE tables SET `+column+` = 'spoiled' WHERE id = ?`, bad)
		sqlDB.Close()
		if err != nil {
			t.Fatal(err)
		}
		child := startCrashServer(t, db)
		var lobby []struct{ ID string }
		if code := get(child.url+"/api/tables", &lobby); code != 200 || len(lobby) != 1 || lobby[0].ID != good {
			child.dump(t)
			t.Fatalf("%s spoiled: the lobby answers %d %+v, want 200 and only %s", column, code, lobby, good)
		}
		var e struct{ Code string }
		resp, err := http.Get(child.url + "/api/tables/" + bad)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != 500 || e.Code != "internal" {
			t.Errorf("%s spoiled: the table answers %d %q, want a damaged table's 500 internal", column, resp.StatusCode, e.Code)
		}
		if code := get(child.url+"/api/tables/"+good, nil); code != 200 {
			t.Errorf("%s spoiled: the other table answers %d", column, code)
		}
		child.kill()
		// The next column is spoiled on a row not marked damaged yet.
		sqlDB, err = sql.Open("sqlite", db)
		if err != nil {
			t.Fatal(err)
		}
		_, err = sqlDB.Exec(`UPDATE tables SET damaged = NULL, `+column+` = (SELECT `+column+` FROM tables WHERE id = ?) WHERE id = ?`, good, bad)
		sqlDB.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
}
