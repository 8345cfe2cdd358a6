/*
 * Web Push in the service worker (imported by the one Workbox generates): shows what the server
 * pushed ({ title, body, url }) and, on a tap, opens `url` in a window of the app (one already open
 * is focused and taken there).
 */
self.addEventListener('push', (event) => {
  let message = { title: 'Vira', body: '', url: '/' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // Not JSON: show it as text under the app's name.
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  );
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) return open.focus().then((client) => client.navigate(target.href));
      return self.clients.openWindow(target.href);
    }),
  );
});
