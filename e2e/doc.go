// Package e2e holds Stolik's end-to-end tests: whole games and pages
// played in headless Chromium through the browser client (web/static),
// against a real server on 127.0.0.1 with its SQLite store. They skip,
// saying why, under -short or where no Chromium is installed (apt-get
// install -y chromium, or $STOLIK_CHROMIUM); axe-core's checks need
// $STOLIK_AXE or out/axe (npm install --prefix out/axe axe-core). Their
// screenshots go to $STOLIK_SCREENSHOTS. STOLIK_LONG=1 plays every game to
// its end in both languages.
package e2e
