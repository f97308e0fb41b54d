/**
 * Phone notifications in a real browser against the real server (docs/decisions/038-web-push.md):
 * the desk is an installable app (its own manifest, a service worker scoped to /admin/) and the
 * public site has none of it; the Notifications page registers the worker, saves what reaches the
 * member and lists their browsers with Remove; a push delivered to the worker (through the
 * browser's DevTools protocol, as a push service would) shows the notification that opens the
 * lead. A real push service cannot be reached from a headless browser: the server's half, from a
 * new lead to a message decrypted with the browser's keys, is tests/server/web-push.test.ts.
 */
import { createECDH, randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { axeScan, violationLines } from './support/axe.ts'
import { signInToDesk } from './support/desk.ts'
import { newStaffAccount } from './support/staff-account.ts'

async function signedInMember(page: Page) {
  const member = await newStaffAccount({
    prefix: 'push',
    name: `Nora Push ${randomBytes(2).toString('hex')}`,
  })
  await signInToDesk(page, member)
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
}

test('the public site has no manifest of the desk, no service worker and no cookie', async ({
  page,
  context,
}) => {
  for (const route of ['/', '/es', '/contact']) {
    await page.goto(route)
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
  }
  expect(await context.cookies()).toEqual([])
})

test('a member installs the desk, turns notifications on in this browser and chooses what reaches them', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await context.grantPermissions(['notifications'])
  await signedInMember(page)

  // Installable: the desk's own manifest, opening on the inbox and staying inside /admin.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin/manifest.webmanifest')
  const manifest = await (await page.request.get('/admin/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ start_url: '/admin', scope: '/admin', display: 'standalone' })

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Notifications' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Phone notifications' })).toBeVisible()
  // The page's script registered the desk's worker, for /admin/ only.
  await expect(page.getByText('Notifications are off in this browser.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Turn on notifications in this browser' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Turn them off in this browser' })).toBeHidden()
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration('/admin/')
    return { scope: found?.scope, script: (found?.active ?? found?.installing ?? found?.waiting)?.scriptURL }
  })
  expect(new URL(registration.scope ?? '').pathname).toBe('/admin/')
  expect(new URL(registration.script ?? '').pathname).toBe('/admin/push-worker.js')
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    await page.setViewportSize(viewport)
    expect(violationLines(await axeScan(page)), `at ${viewport.width}px`).toEqual([])
  }

  // What reaches them: assigned leads and follow-ups only, quiet outside office hours.
  await page.getByLabel('Every new lead (never spam)').uncheck()
  await page.getByLabel('Quiet outside office hours').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Your choices were saved.')
  await expect(page.getByLabel('Every new lead (never spam)')).not.toBeChecked()
  await expect(page.getByLabel('Leads a colleague assigns to me')).toBeChecked()
  await expect(page.getByLabel('Quiet outside office hours')).toBeChecked()

  // A browser subscribed from this page (the body PushManager.subscribe() would give, its
  // endpoint a local push service), with the page's own cookie and Origin, then listed and removed.
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const subscription = {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(4).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/api/admin/push-subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return response.status
  }, subscription)
  expect(status).toBe(201)
  await page.reload()
  await expect(page.getByText('Through 127.0.0.1:9, since')).toBeVisible()
  await page.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByRole('status')).toHaveText('That browser no longer receives your notifications.')
  await expect(page.getByText('No browser receives your notifications yet.')).toBeVisible()
})

test('a push reaching the desk’s worker shows a notification that opens the lead', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000)
  await context.grantPermissions(['notifications'])
  await signedInMember(page)
  await page.goto('/admin/notifications')
  await expect(page.getByText('Notifications are off in this browser.')).toBeVisible()

  // As a push service would: the browser's DevTools protocol delivers a message to the worker.
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const desk = registrations.find((entry) => new URL(entry.scopeURL).pathname === '/admin/')
      if (desk) resolve(desk.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const origin = new URL(page.url()).origin
  const leadPath = '/admin/leads/00000000-0000-4000-8000-000000000001'
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'New lead · K7M-Q9X',
      body: 'Contact message · José',
      url: leadPath,
      tag: 'lead-00000000-0000-4000-8000-000000000001',
    }),
  })
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/admin/')
      const [first] = (await registration?.getNotifications()) ?? []
      return first && { title: first.title, body: first.body, tag: first.tag, data: first.data }
    })
  await expect.poll(shown).toBeDefined()
  expect(await shown()).toEqual({
    title: 'New lead · K7M-Q9X',
    body: 'Contact message · José',
    tag: 'lead-00000000-0000-4000-8000-000000000001',
    data: { url: `${origin}${leadPath}` },
  })
})
