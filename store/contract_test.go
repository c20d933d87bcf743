package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"stolik/store"
	"stolik/store/pgtest"
	"stolik/store/storetest"
)

// One PostgreSQL server for the package's tests, started by the first
// that needs it.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func TestSQLiteContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "contract.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestPostgresContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestSQLiteAccounts(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "accounts.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestPostgresAccounts(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestSQLiteRatings(t *testing.T) {
	storetest.RunRatings(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "ratings.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestPostgresRatings(t *testing.T) {
	storetest.RunRatings(t, func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// Moves of many tables at once, one goroutine per table as the server
// writes them: what one stored move costs.
func BenchmarkAppendMove(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		s, err := store.OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchAppend(b, s, nil)
	})
	b.Run("postgres", func(b *testing.B) {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(b))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchAppend(b, s, nil)
	})
	// As a node of a cluster writes them: each move checks and holds the
	// node's lease in its statement.
	b.Run("postgres-fenced", func(b *testing.B) {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(b))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchAppend(b, s.Fenced("n"), func(id string) error {
			_, err := s.Acquire(context.Background(), id, "n", time.Hour)
			return err
		})
	})
}

// benchAppend appends moves to tables of their own, each made ready by
// lease (when not nil) before its first move.
func benchAppend(b *testing.B, s store.Store, lease func(id string) error) {
	ctx := context.Background()
	var tables atomic.Int64
	b.SetParallelism(8)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint("t", tables.Add(1))
		if err := s.CreateTable(ctx, store.Table{ID: id, Game: "g"}); err != nil {
			b.Error(err)
			return
		}
		if lease != nil {
			if err := lease(id); err != nil {
				b.Error(err)
				return
			}
		}
		for n := 0; pb.Next(); n++ {
			if err := s.AppendMove(ctx, id, store.Move{N: n, Move: "m"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func TestPostgresLeases(t *testing.T) {
	storetest.RunLeaser(t, func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// The lobby's read: the newest 200 of 1000 tables, each with 100 moves,
// every row and the summary of its moves checked.
func BenchmarkRecent(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		s, err := store.OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchRecent(b, s)
	})
	b.Run("postgres", func(b *testing.B) {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(b))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchRecent(b, s)
	})
}

func benchRecent(b *testing.B, s store.Archive) {
	ctx := context.Background()
	for i := range 1000 {
		r := store.Record{Table: store.Table{ID: fmt.Sprintf("t%04d", i), Game: "cardline", Options: []byte(`{"players":2}`),
			Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}, Created: time.UnixMilli(int64(1_700_000_000_000 + i)), Open: true}}
		for n := range 100 {
			r.Moves = append(r.Moves, store.Move{N: n, Seat: n % 2, Move: "hulk@0"})
		}
		if err := s.Import(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if t, err := s.Recent(ctx, 200); err != nil || len(t) != 200 || t[0].Moves != 100 {
			b.Fatalf("%d tables, %v", len(t), err)
		}
	}
}

func TestSQLiteChats(t *testing.T) {
	storetest.RunChats(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "chat.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestPostgresChats(t *testing.T) {
	storetest.RunChats(t, func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestSQLiteClocks(t *testing.T) {
	storetest.RunClocks(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "clocks.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestPostgresClocks(t *testing.T) {
	storetest.RunClocks(t, func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestSQLiteNotices(t *testing.T) {
	storetest.RunNotices(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "notices.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestPostgresNotices(t *testing.T) {
	storetest.RunNotices(t, func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
