// GET /push-sw.js — the console's service worker for Web Push: shows each pushed notification
// and opens its link (a path on this console only) when clicked. Served from the app rather
// than a static folder so the production bundle carries it like any route.
const SCRIPT = `'use strict';
self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { title: event.data ? event.data.text() : '' }; }
  const link = typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//') ? data.link : '/notifications';
  event.waitUntil(self.registration.showNotification(data.title || 'RMM notification', {
    body: data.body || '',
    tag: data.alertId || undefined,
    renotify: Boolean(data.alertId),
    requireInteraction: data.severity === 'critical',
    data: { link },
  }));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/notifications';
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
    for (const client of list) {
      if ('focus' in client) return client.navigate(link).then((c) => (c || client).focus());
    }
    return self.clients.openWindow(link);
  }));
});
`;

export const dynamic = 'force-static';

export function GET(): Response {
  return new Response(SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'service-worker-allowed': '/' } });
}
