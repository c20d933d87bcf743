// The service worker of Stolik's pages (served at /sw.js, scope /): it
// shows the notices the server pushes (docs/notifications.md) and, on a
// click, focuses the table's page if it is open or opens it.

self.addEventListener('push', (event) => {
  let n = {};
  try {
    n = event.data ? event.data.json() : {};
  } catch {
    n = {title: event.data ? event.data.text() : ''};
  }
  event.waitUntil(self.registration.showNotification(n.title || 'Stolik', {
    body: n.body || '',
    tag: n.tag || undefined,
    data: {url: typeof n.url === 'string' && n.url.startsWith('/') ? n.url : '/'},
    icon: '/static/favicon.svg',
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({type: 'window', includeUncontrolled: true});
    for (const c of open) {
      if (c.url === url && 'focus' in c) return c.focus();
    }
    return self.clients.openWindow(url);
  })());
});
