// Package storetest helps test stores and what uses them: Run checks the
// behaviour every store.Store shares (SQLite's and PostgreSQL's tests run
// it), and Faulty wraps a store and fails its writes on demand, as a full
// or read-only disk would.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"stolik/store"
)

// ErrInjected is the error a Faulty store's failing writes return.
var ErrInjected = errors.New("storetest: write failed (injected fault: disk full)")

// Faulty is a store whose writes fail on demand: moves, outcomes, or
// every write. Reads always go through.
type Faulty struct {
	store.Store
	mu                   sync.Mutex
	moves, finishes, all bool // what fails
	refused              int
	refusal              chan struct{} // a refusal happened (buffered, one pending at most)
}

// NewFaulty wraps s; writes go through until a Fail.
func NewFaulty(s store.Store) *Faulty { return &Faulty{Store: s, refusal: make(chan struct{}, 1)} }

// Fail makes every write fail, or none.
func (f *Faulty) Fail(on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.moves, f.finishes, f.all = on, on, on
}

// FailMoves makes the moves' writes fail, or not.
func (f *Faulty) FailMoves(on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.moves = on
}

// FailFinish makes the outcomes' writes fail, or not.
func (f *Faulty) FailFinish(on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.finishes = on
}

// Refused is the number of writes refused so far.
func (f *Faulty) Refused() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refused
}

// Refusals receives after a refusal (at least once for any number of
// refusals since the last receive).
func (f *Faulty) Refusals() <-chan struct{} { return f.refusal }

// check refuses a write when fails is on.
func (f *Faulty) check(fails *bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !*fails {
		return nil
	}
	f.refused++
	select {
	case f.refusal <- struct{}{}:
	default:
	}
	return ErrInjected
}

func (f *Faulty) CreateTable(ctx context.Context, t store.Table) error {
	if err := f.check(&f.all); err != nil {
		return err
	}
	return f.Store.CreateTable(ctx, t)
}

func (f *Faulty) AppendMove(ctx context.Context, id string, m store.Move) error {
	if err := f.check(&f.moves); err != nil {
		return err
	}
	return f.Store.AppendMove(ctx, id, m)
}

func (f *Faulty) Finish(ctx context.Context, id string, outcome json.RawMessage) error {
	if err := f.check(&f.finishes); err != nil {
		return err
	}
	return f.Store.Finish(ctx, id, outcome)
}

func (f *Faulty) UpdateSeats(ctx context.Context, id string, seats []store.Seat) error {
	if err := f.check(&f.all); err != nil {
		return err
	}
	return f.Store.UpdateSeats(ctx, id, seats)
}

func (f *Faulty) SetRematch(ctx context.Context, id, rematch string) error {
	if err := f.check(&f.all); err != nil {
		return err
	}
	return f.Store.SetRematch(ctx, id, rematch)
}

func (f *Faulty) Abandon(ctx context.Context, id string) error {
	if err := f.check(&f.all); err != nil {
		return err
	}
	return f.Store.Abandon(ctx, id)
}

func (f *Faulty) MarkDamaged(ctx context.Context, id, reason string) error {
	if err := f.check(&f.all); err != nil {
		return err
	}
	return f.Store.MarkDamaged(ctx, id, reason)
}
