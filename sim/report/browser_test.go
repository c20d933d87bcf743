package report_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"stolik/engine"
	"stolik/games/all"
	"stolik/internal/chromium"
	"stolik/sim/report"
)

// TestReportInChromium opens a report of every game from a file in
// headless Chromium with the network off: the page must load nothing but
// itself, raise no script error, draw its charts (SVG with a size) and
// keep its text within the page's width; a screenshot of each goes to
// $STOLIK_SCREENSHOTS (else stolik-screenshots in the temporary
// directory).
func TestReportInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("opens reports in Chromium; skipped under -short")
	}
	path := chromium.Path()
	if path == "" {
		t.Skip(chromium.Missing)
	}
	shots := os.Getenv("STOLIK_SCREENSHOTS")
	if shots == "" {
		shots = filepath.Join(os.TempDir(), "stolik-screenshots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.CombinedOutput(&out),
		chromedp.WindowSize(1100, 900))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	start, cancelStart := context.WithTimeout(bctx, 90*time.Second)
	defer cancelStart()
	if err := chromedp.Do(start); err != nil {
		t.Fatalf("starting Chromium %s: %v\n%s", path, err, out.String())
	}
	dir := t.TempDir()
	for _, g := range all.Games() {
		cfg, res := run(t, g, 200, nil)
		for _, lang := range []engine.Lang{engine.PL, engine.EN} {
			file := filepath.Join(dir, g.Name()+"-"+string(lang)+".html")
			f, err := os.Create(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := report.Write(f, report.Report{Lang: lang, Game: g, Options: cfg.Options, Result: &res}); err != nil {
				t.Fatal(err)
			}
			f.Close()
			shot := filepath.Join(shots, "report-"+g.Name()+"-"+string(lang)+".png")
			openReport(t, bctx, "file://"+file, shot)
		}
	}
}

func openReport(t *testing.T, bctx context.Context, url, shot string) {
	t.Helper()
	var mu sync.Mutex
	var requests, errs []string
	listen := func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			if e.Request != nil {
				requests = append(requests, e.Request.URL)
			}
		case *runtime.EventExceptionThrown:
			if e.ExceptionDetails != nil {
				errs = append(errs, e.ExceptionDetails.Text)
			}
		}
	}
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext(), chromedp.WithListener(listen))
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	defer cancelT()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady("footer")); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	title, err := chromedp.Run(ctx, chromedp.Title())
	if err != nil {
		t.Fatal(err)
	}
	charts, err := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("svg.chart")].filter((s) => s.getBoundingClientRect().width > 100 && s.getBoundingClientRect().height > 20).length`))
	if err != nil {
		t.Fatal(err)
	}
	sections, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("section").length`))
	if err != nil {
		t.Fatal(err)
	}
	// A chart may scroll inside its box (.scroll), the page itself not.
	overflow, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
	if err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(requests) == 0 {
		t.Errorf("%s: no request seen at all: is the network monitor deaf?", url)
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, "file://") && !strings.HasPrefix(r, "data:") {
			t.Errorf("%s loaded %s", url, r)
		}
	}
	if len(errs) > 0 {
		t.Errorf("%s: script errors %v", url, errs)
	}
	if title == "" || charts < 3 || sections < 6 {
		t.Errorf("%s: title %q, %d charts drawn, %d sections", url, title, charts, sections)
	}
	if overflow {
		t.Errorf("%s: the page is wider than the window", url)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("%s: the screenshot is not a PNG", url)
	}
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", shot)
}
