package e2e_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"
)

// noticesPage is what the notices' test waits on: the device switch, its
// state and errors, the service worker, and the notifications it shows.
const noticesPage = `async () => {
  // Each question gets a second: one the browser leaves hanging is "no".
  const within = (p, none) => Promise.race([p.catch(() => none), new Promise((r) => setTimeout(() => r(none), 1000))]);
  const reg = navigator.serviceWorker ? await within(navigator.serviceWorker.getRegistration("/"), null) : null;
  const shown = reg ? (await within(reg.getNotifications(), [])).map((n) => n.title + " | " + n.body) : [];
  return {
    switchFound: !!document.getElementById("notices-device"),
    on: !!(document.getElementById("notices-device") || {}).checked,
    state: (document.getElementById("notices-device-state") || {}).textContent || "",
    error: (document.getElementById("notices-error") || {}).textContent || "",
    worker: !!(reg && reg.active),
    scope: reg ? reg.scope : "",
    // The page says so once subscribed: asking pushManager while a
    // subscription hangs would hang the page too.
    subscribed: ((document.getElementById("notices-device-state") || {}).textContent || "").startsWith("This device"),
    shown,
  };
}`

type noticesState struct {
	SwitchFound bool     `json:"switchFound"`
	On          bool     `json:"on"`
	State       string   `json:"state"`
	Error       string   `json:"error"`
	Worker      bool     `json:"worker"`
	Scope       string   `json:"scope"`
	Subscribed  bool     `json:"subscribed"`
	Shown       []string `json:"shown"`
}

// waitNotices evaluates noticesPage until pred holds or within has
// passed; ok says pred held. It asks from here, every 100 ms: the page's
// timers are throttled while the tab is in the background, and the
// service worker's state is announced by no DOM change.
func (tb *tab) waitNotices(pred, what string, within time.Duration) (st noticesState, ok bool) {
	tb.t.Helper()
	expr := fmt.Sprintf(`(async () => { const v = await (%s)(); return {value: v, ok: !!(%s)(v)}; })()`, noticesPage, pred)
	type result struct {
		Value noticesState `json:"value"`
		OK    bool         `json:"ok"`
	}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	end := time.Now().Add(within)
	for {
		ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
		res, err := chromedp.Run(ctx, chromedp.Evaluate[result](expr, chromedp.EvalAwaitPromise))
		cancel()
		if err == nil && res.OK {
			return res.Value, true
		}
		if err == nil {
			st = res.Value
		}
		if time.Now().After(end) {
			return st, false
		}
		<-tick.C
	}
}

// "Notify me on this device" on /account registers the service worker at
// /sw.js (scope /) and subscribes the browser; a push delivered to that
// worker (through DevTools' ServiceWorker.deliverPushMessage, as a push
// service would) is shown as a notification with its title and text.
// Headless Chromium here reaches no real push service: when its
// subscribe fails for that, the test says so and checks the worker alone.
func TestBrowserNotices(t *testing.T) {
	fullBrowser(t)
	s := startServer(t, cheapPasswords)
	origin := strings.Replace(s.URL, "127.0.0.1", "localhost", 1)
	tb := newProfileTab(t)
	regs := make(chan serviceworker.RegistrationID, 16)
	if err := chromedp.Listen(tb.ctx, func(ev any) {
		if e, ok := ev.(*serviceworker.EventWorkerRegistrationUpdated); ok {
			for _, r := range e.Registrations {
				if strings.HasPrefix(r.ScopeURL, origin) && !r.IsDeleted {
					select {
					case regs <- r.RegistrationID:
					default:
					}
				}
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	tb.do(stepTimeout, "grant notifications, watch service workers", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		bc := chromedp.FromContext(ctx).BrowserContextID
		for _, p := range []*cdpbrowser.PermissionDescriptor{{Name: "notifications"}, {Name: "push", UserVisibleOnly: true}} {
			if _, err := cdp.Call(ctx, tg, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{Permission: p,
				Setting: cdpbrowser.PermissionSettingGranted, Origin: origin, BrowserContextID: bc}); err != nil {
				return err
			}
		}
		_, err := cdp.Call(ctx, tg, serviceworker.Enable, cdp.Empty{})
		return err
	}))
	tb.do(stepTimeout, "sign up", chromedp.Navigate(origin+"/account?lang=en"))
	tb.waitAccount(`(s) => s.signedOut`, "the sign-in page")
	tb.do(stepTimeout, "sign up with a password",
		chromedp.SendKeys(chromedp.CSS("#signup-name"), "Ala"), chromedp.SendKeys(chromedp.CSS("#signup-password"), "tajne-hasło-1"),
		chromedp.Click(chromedp.CSS("#signup-submit")))
	if _, ok := tb.waitNotices(`(s) => s.switchFound`, "the notifications' switch", stepTimeout); !ok {
		t.Fatal("no notifications' switch on /account")
	}
	tb.do(stepTimeout, "turn the switch on", chromedp.Click(chromedp.CSS("#notices-device")))
	st, ok := tb.waitNotices(`(s) => s.worker`, "the service worker", 20*time.Second)
	if !ok || !strings.HasSuffix(st.Scope, "/") {
		t.Fatalf("no service worker at scope /: %+v", st)
	}
	if st, ok = tb.waitNotices(`(s) => s.subscribed && s.on || s.error`, "the subscription", 3*time.Second); ok && st.Subscribed {
		t.Log("the browser subscribed through its push service")
	} else {
		t.Logf("the browser did not subscribe within 3 s (headless Chromium reaches no push service here): %+v", st)
	}
	var reg serviceworker.RegistrationID
	select {
	case reg = <-regs:
	case <-time.After(stepTimeout):
		t.Fatal("DevTools named no service worker registration")
	}
	tb.do(stepTimeout, "deliver a push", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, serviceworker.DeliverPushMessage, serviceworker.DeliverPushMessageParams{Origin: origin,
			RegistrationID: reg, Data: `{"title":"Your move: Cardline: Marvel","body":"The table is waiting for your move.","url":"/t/0123456789abcdef0123456789abcdef","tag":"t:turn"}`})
		return err
	}))
	st, ok = tb.waitNotices(`(s) => s.shown.length > 0`, "the notification shown", stepTimeout)
	if !ok || len(st.Shown) != 1 || st.Shown[0] != "Your move: Cardline: Marvel | The table is waiting for your move." {
		t.Errorf("notifications shown: %+v", st.Shown)
	}
}

// newProfileTab is newTab in the browser's own profile rather than a
// context of its own: Chromium offers no Push API in a new browser
// context, which it treats as incognito.
func newProfileTab(t *testing.T) *tab {
	t.Helper()
	tb := &tab{t: t}
	ctx, cancel := chromedp.NewContext(fullBrowser(t), chromedp.WithListener(tb.listen))
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	tb.ctx = ctx
	t.Cleanup(func() {
		cancel()
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, c := range tb.console {
			t.Logf("the page's console: %s", c)
		}
		for _, u := range tb.offsite {
			t.Errorf("the page reached beyond this machine: %s", u)
		}
		for _, e := range tb.exceptions {
			t.Errorf("the page threw an uncaught exception: %s", e)
		}
	})
	return tb
}
