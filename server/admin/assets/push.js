// The notifications page (/admin/notifications): turns phone notifications on or off in this
// browser. On: the browser's permission, the desk's service worker (/admin/push-worker.js, scope
// /admin/), a push subscription for the server's VAPID key, sent to POST /api/admin/push-subscriptions.
// Off: DELETE with the endpoint, then the subscription is dropped. Without this script the page
// still saves what reaches the member; only the browser's own switch needs it.
const panel = document.querySelector('[data-push-key]')
if (panel) {
  const status = panel.querySelector('[data-push-status]')
  const on = panel.querySelector('[data-push-on]')
  const off = panel.querySelector('[data-push-off]')
  const say = (text) => {
    status.textContent = text
  }
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  if (!supported) {
    say(
      'This browser cannot receive notifications here. On an iPhone or iPad, add the desk to your Home Screen (Share, then “Add to Home Screen”), open it from there and come back to this page.',
    )
  } else {
    const registration = navigator.serviceWorker.register('/admin/push-worker.js', { scope: '/admin/' })
    const show = async () => {
      const subscription = await (await registration).pushManager.getSubscription()
      on.hidden = Boolean(subscription)
      off.hidden = !subscription
      say(
        subscription
          ? 'Notifications are on in this browser.'
          : Notification.permission === 'denied'
            ? 'Notifications are blocked for this site: allow them in the browser’s site settings, then reload this page.'
            : 'Notifications are off in this browser.',
      )
    }
    const keyBytes = () => {
      const text = panel.getAttribute('data-push-key').replace(/-/g, '+').replace(/_/g, '/')
      return Uint8Array.from(atob(text + '='.repeat((4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0))
    }
    on.addEventListener('click', async () => {
      on.disabled = true
      try {
        if ((await Notification.requestPermission()) !== 'granted') {
          say('Notifications were not allowed. Allow them in the browser’s site settings, then try again.')
          return
        }
        await registration
        const ready = await navigator.serviceWorker.ready
        const subscription = await ready.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(),
        })
        const response = await fetch('/api/admin/push-subscriptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(subscription),
        })
        if (!response.ok) {
          await subscription.unsubscribe()
          const answer = await response.json().catch(() => ({}))
          throw new Error(answer.error ?? `the server answered ${response.status}`)
        }
        window.location.assign('/admin/notifications')
      } catch (error) {
        say(`Notifications could not be turned on: ${error instanceof Error ? error.message : error}`)
      } finally {
        on.disabled = false
      }
    })
    off.addEventListener('click', async () => {
      off.disabled = true
      try {
        const subscription = await (await registration).pushManager.getSubscription()
        if (subscription) {
          await fetch('/api/admin/push-subscriptions', {
            method: 'DELETE',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ endpoint: subscription.endpoint }),
          })
          await subscription.unsubscribe()
        }
        window.location.assign('/admin/notifications')
      } catch (error) {
        say(`Notifications could not be turned off: ${error instanceof Error ? error.message : error}`)
      } finally {
        off.disabled = false
      }
    })
    show().catch((error) => say(`Notifications are not available here: ${error.message}`))
  }
}
