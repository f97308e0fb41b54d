// The desk's service worker (served at /admin/push-worker.js, scope /admin/): it shows the phone
// notifications the server pushes (server/push/push-text.ts: title, body, the lead's desk path and
// a tag per lead) and opens the lead when one is tapped. It caches nothing and handles no fetch:
// the desk is always read from the server.

self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

/** Only a page of the desk may be opened from a notification. */
function deskUrl(path) {
  const url = new URL(typeof path === 'string' ? path : '/admin', self.location.origin)
  return url.origin === self.location.origin && /^\/admin(\/|$)/.test(url.pathname)
    ? url.href
    : new URL('/admin', self.location.origin).href
}

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    message = {}
  }
  const title = typeof message.title === 'string' ? message.title : 'Lead desk'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      // A newer notification about the same lead replaces the older one, and rings again.
      renotify: typeof message.tag === 'string',
      icon: '/apple-touch-icon.png',
      data: { url: deskUrl(message.url) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = deskUrl(event.notification.data?.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => client.url === target)
      if (open) return open.focus()
      return self.clients.openWindow(target)
    })(),
  )
})

// The push service renewed the browser's subscription: the server is told of the new one (the
// session cookie goes with a request from this origin's worker).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const subscription =
        event.newSubscription ??
        (event.oldSubscription
          ? await self.registration.pushManager.subscribe(event.oldSubscription.options)
          : undefined)
      if (!subscription) return
      await fetch('/api/admin/push-subscriptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription),
      })
    })(),
  )
})
