package storetest

import (
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"stolik/store"
)

// RunNotices checks a store's notices (store.Notices): the accounts'
// settings, the push subscriptions, the server's keys, a notice claimed
// once however many ask at once, and the hourly slot of mails. open gives
// an empty store that offers store.Noticer and store.Accounts.
func RunNotices(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(*testing.T, store.Accounts, store.Notices)
	}{
		{"Settings", testNoticeSettings},
		{"PushSubscriptions", testPushSubscriptions},
		{"ServerKeyIsMadeOnce", testServerKey},
		{"NoticeIsClaimedOnce", testClaimNotice},
		{"MailSlot", testMailSlot},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			n, ok := s.(store.Noticer)
			a, ok2 := s.(store.Accounts)
			if !ok || !ok2 {
				t.Fatalf("%T does not offer store.Noticer and store.Accounts", s)
			}
			c.test(t, a, n.Notices())
		})
	}
}

func testNoticeSettings(t *testing.T, a store.Accounts, n store.Notices) {
	newAccount(t, a, "a1", "Ala", "ala")
	got, err := n.NoticeSettings(ctx, "a1")
	if err != nil || got.Account != "a1" || got.Email != "" || got.EmailVerified || len(got.Off) != 0 {
		t.Fatalf("no settings yet: %+v, %v", got, err)
	}
	want := store.NoticeSettings{Account: "a1", Email: "ala@example.org", Off: []string{"turn:email", "ended:push", "turn:email"}}
	if err := n.SetNoticeSettings(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err = n.NoticeSettings(ctx, "a1")
	if err != nil || got.Email != "ala@example.org" || got.EmailVerified || !slices.Equal(got.Off, []string{"ended:push", "turn:email"}) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	want = store.NoticeSettings{Account: "a1", Email: "ala@example.org", EmailVerified: true}
	if err := n.SetNoticeSettings(ctx, want); err != nil {
		t.Fatal(err)
	}
	if got, _ := n.NoticeSettings(ctx, "a1"); !got.EmailVerified || len(got.Off) != 0 {
		t.Errorf("replaced: %+v", got)
	}
}

func testPushSubscriptions(t *testing.T, a store.Accounts, n store.Notices) {
	newAccount(t, a, "a1", "Ala", "ala")
	newAccount(t, a, "a2", "Bob", "bob")
	t0 := ms(time.Now().Add(-time.Hour))
	subs := []store.PushSubscription{
		{Account: "a1", Endpoint: "https://push.example/1", P256dh: "BPk1", Auth: "au1", Created: t0},
		{Account: "a1", Endpoint: "https://push.example/2", P256dh: "BPk2", Auth: "au2", Created: t0.Add(time.Minute)},
		{Account: "a2", Endpoint: "https://push.example/3", P256dh: "BPk3", Auth: "au3", Created: t0},
	}
	for _, p := range subs {
		if err := n.AddPushSubscription(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	list, err := n.PushSubscriptions(ctx, "a1")
	if err != nil || !slices.Equal(list, subs[:2]) {
		t.Fatalf("a1's subscriptions: %+v, %v", list, err)
	}
	// The browser of endpoint 3 is now signed in as a1: the endpoint is a1's.
	moved := store.PushSubscription{Account: "a1", Endpoint: "https://push.example/3", P256dh: "BPk4", Auth: "au4", Created: t0.Add(2 * time.Minute)}
	if err := n.AddPushSubscription(ctx, moved); err != nil {
		t.Fatal(err)
	}
	if list, _ := n.PushSubscriptions(ctx, "a2"); len(list) != 0 {
		t.Errorf("a2 keeps %+v", list)
	}
	if list, _ := n.PushSubscriptions(ctx, "a1"); len(list) != 3 || list[2] != moved {
		t.Errorf("a1's after the move: %+v", list)
	}
	if err := n.DeletePushSubscription(ctx, "a2", "https://push.example/1"); !errors.Is(err, store.ErrNoSubscription) {
		t.Errorf("another account removes one: %v, want ErrNoSubscription", err)
	}
	if err := n.DeletePushSubscription(ctx, "a1", "https://push.example/1"); err != nil {
		t.Fatal(err)
	}
	if err := n.ForgetPushEndpoint(ctx, "https://push.example/2"); err != nil {
		t.Fatal(err)
	}
	if list, _ := n.PushSubscriptions(ctx, "a1"); len(list) != 1 || list[0] != moved {
		t.Errorf("a1's after removals: %+v", list)
	}
}

func testServerKey(t *testing.T, _ store.Accounts, n store.Notices) {
	var made atomic.Int64
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Go(func() {
			v, err := n.ServerKey(ctx, "vapid", func() (string, error) {
				made.Add(1)
				return string(rune('a' + i)), nil
			})
			if err != nil {
				t.Error(err)
			}
			got[i] = v
		})
	}
	wg.Wait()
	for _, v := range got {
		if v != got[0] || v == "" {
			t.Fatalf("servers asking at once got %q", got)
		}
	}
	v, err := n.ServerKey(ctx, "vapid", func() (string, error) { return "", errors.New("made again") })
	if err != nil || v != got[0] {
		t.Errorf("asked again: %q, %v", v, err)
	}
	if _, err := n.ServerKey(ctx, "other", func() (string, error) { return "", errors.New("no") }); err == nil {
		t.Error("a key that could not be made was given")
	}
}

func testClaimNotice(t *testing.T, _ store.Accounts, n store.Notices) {
	k := store.NoticeKey{Account: "a1", Table: "t1", Kind: "turn", N: 7}
	var won atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			ok, err := n.ClaimNotice(ctx, k, time.Now())
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Fatalf("%d claims of one notice won, want 1", won.Load())
	}
	for _, other := range []store.NoticeKey{
		{Account: "a2", Table: "t1", Kind: "turn", N: 7}, {Account: "a1", Table: "t2", Kind: "turn", N: 7},
		{Account: "a1", Table: "t1", Kind: "ended", N: 7}, {Account: "a1", Table: "t1", Kind: "turn", N: 8},
	} {
		if ok, err := n.ClaimNotice(ctx, other, time.Now()); !ok || err != nil {
			t.Errorf("%+v: %v, %v", other, ok, err)
		}
	}
	if err := n.PruneNotices(ctx, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if ok, _ := n.ClaimNotice(ctx, k, time.Now()); !ok {
		t.Error("a pruned notice is still claimed")
	}
}

func testMailSlot(t *testing.T, _ store.Accounts, n store.Notices) {
	t0 := ms(time.Now())
	take := func(at time.Time, since time.Time) bool {
		t.Helper()
		ok, err := n.TakeMailSlot(ctx, "a1", "t1", at, since)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !take(t0, t0.Add(-time.Hour)) {
		t.Fatal("the first mail is refused")
	}
	if take(t0.Add(time.Minute), t0.Add(time.Minute-time.Hour)) {
		t.Error("a second mail within the hour is let through")
	}
	if ok, _ := n.TakeMailSlot(ctx, "a1", "t2", t0.Add(time.Minute), t0.Add(time.Minute-time.Hour)); !ok {
		t.Error("a mail about another table is refused")
	}
	if !take(t0.Add(2*time.Minute), t0.Add(2*time.Minute)) {
		t.Error("an urgent mail (since now) is refused")
	}
	if take(t0.Add(61*time.Minute), t0.Add(61*time.Minute-time.Hour)) {
		t.Error("the hour counts from the urgent mail, which was let through")
	}
	if !take(t0.Add(63*time.Minute), t0.Add(3*time.Minute)) {
		t.Error("a mail an hour after the last is refused")
	}
}
