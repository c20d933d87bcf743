package storetest

import (
	"errors"
	"testing"
	"time"

	"stolik/store"
)

// Passkeys read back as written, by account (the oldest first) and by
// credential id, which is unique; a use records the credential and the
// time; one is removed only by its own account; an account's removal
// takes them along.
func testPasskeys(t *testing.T, a store.Accounts) {
	newAccount(t, a, "a1", "Ala", "ala")
	newAccount(t, a, "a2", "Bob", "bob")
	t0 := ms(time.Now().Add(-time.Hour))
	keys := []store.Passkey{
		{ID: "p1", Account: "a1", CredentialID: "Y3JlZDE", Name: "telefon", Credential: `{"id":"1"}`, Created: t0, Used: t0},
		{ID: "p2", Account: "a1", CredentialID: "Y3JlZDI", Name: "laptop", Credential: `{"id":"2"}`, Created: t0.Add(time.Minute), Used: t0.Add(time.Minute)},
		{ID: "p3", Account: "a2", CredentialID: "Y3JlZDM", Name: "klucz", Credential: `{"id":"3"}`, Created: t0, Used: t0},
	}
	for _, p := range keys {
		if err := a.AddPasskey(ctx, p); err != nil {
			t.Fatalf("adding %s: %v", p.ID, err)
		}
	}
	err := a.AddPasskey(ctx, store.Passkey{ID: "p4", Account: "a2", CredentialID: "Y3JlZDE", Name: "x", Credential: "{}"})
	if !errors.Is(err, store.ErrPasskeyTaken) {
		t.Errorf("a second passkey of one credential id: %v, want ErrPasskeyTaken", err)
	}
	list, err := a.Passkeys(ctx, "a1")
	if err != nil || len(list) != 2 || list[0] != keys[0] || list[1] != keys[1] {
		t.Fatalf("a1's passkeys: %+v, %v; want %+v", list, err, keys[:2])
	}
	got, err := a.PasskeyByCredential(ctx, "Y3JlZDM")
	if err != nil || got != keys[2] {
		t.Errorf("by credential id: %+v, %v", got, err)
	}
	if _, err := a.PasskeyByCredential(ctx, "bm9uZQ"); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("an unknown credential id: %v, want ErrNoPasskey", err)
	}
	if err := a.UsePasskey(ctx, "p1", `{"id":"1","count":2}`, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.PasskeyByCredential(ctx, "Y3JlZDE"); got.Credential != `{"id":"1","count":2}` || !got.Used.Equal(t0.Add(time.Hour)) || !got.Created.Equal(t0) {
		t.Errorf("after a use: %+v", got)
	}
	if err := a.UsePasskey(ctx, "nope", "{}", t0); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("using an unknown passkey: %v, want ErrNoPasskey", err)
	}
	if err := a.DeletePasskey(ctx, "a2", "p1"); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("another account removes p1: %v, want ErrNoPasskey", err)
	}
	if err := a.DeletePasskey(ctx, "a1", "p1"); err != nil {
		t.Fatal(err)
	}
	if list, _ := a.Passkeys(ctx, "a1"); len(list) != 1 || list[0].ID != "p2" {
		t.Errorf("after removing p1: %+v", list)
	}
	if list, err := a.Passkeys(ctx, "nobody"); err != nil || len(list) != 0 {
		t.Errorf("an unknown account's passkeys: %+v, %v", list, err)
	}
}

// A ceremony is taken once, before it expires; expired ones are pruned.
func testCeremonies(t *testing.T, a store.Accounts) {
	now := ms(time.Now())
	for _, c := range []store.Ceremony{
		{ID: "c1", Kind: "signin", Data: `{"challenge":"x"}`, Expires: now.Add(time.Minute)},
		{ID: "c2", Kind: "register", Account: "a1", Data: `{}`, Expires: now.Add(-time.Second)},
		{ID: "c3", Kind: "signup", Data: `{}`, Expires: now.Add(-time.Hour)},
		{ID: "c4", Kind: "signup", Data: `{}`, Expires: now.Add(time.Hour)},
	} {
		if err := a.PutCeremony(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	c, err := a.TakeCeremony(ctx, "c1", now)
	if err != nil || c.Kind != "signin" || c.Data != `{"challenge":"x"}` || !c.Expires.Equal(now.Add(time.Minute)) {
		t.Fatalf("taking c1: %+v, %v", c, err)
	}
	if _, err := a.TakeCeremony(ctx, "c1", now); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("taking c1 again: %v, want ErrNoCeremony", err)
	}
	if _, err := a.TakeCeremony(ctx, "c2", now); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("taking an expired ceremony: %v, want ErrNoCeremony", err)
	}
	if _, err := a.TakeCeremony(ctx, "nope", now); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("taking an unknown ceremony: %v, want ErrNoCeremony", err)
	}
	if err := a.PruneCeremonies(ctx, now); err != nil {
		t.Fatal(err)
	}
	if _, err := a.TakeCeremony(ctx, "c3", now.Add(-2*time.Hour)); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("a pruned ceremony is still there: %v", err)
	}
	if c, err := a.TakeCeremony(ctx, "c4", now); err != nil || c.Kind != "signup" {
		t.Errorf("a ceremony not expired was pruned: %+v, %v", c, err)
	}
}
