/**
 * Phone notifications from the real server (`node server/main.ts`) on both databases, as an
 * operator starts it in development: no VAPID variables, so the server makes its key pair in
 * DATA_DIR and offers its public key on the Notifications page; a browser subscribed through the
 * API with a session receives a new lead's push, signed with that key and decrypted with the
 * browser's own, within 10 s of the lead's OK at the default DELIVERY_POLL_MS.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { vapidKeysFromSecret } from '#server/security/vapid-keys.ts'
import { signedInStaff } from '#tests/kit/staff.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { decryptPush, startPushService, testBrowser, verifiedVapidClaims } from './helpers/push-service.ts'
import { startServerProcess } from './helpers/server-process.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { drivers } from './helpers/test-database.ts'

const ipHashSalt = 'web-push-server-salt-0123456789'
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

describe.each(drivers)('phone notifications from the server on %s', (driver) => {
  it('pushes a new lead to a browser subscribed on the desk within 10 s, signed with the DATA_DIR key', async () => {
    const service = await startPushService()
    cleanups.push(() => service.close())
    const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-push-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      IP_HASH_SALT: ipHashSalt,
      LEAD_ENCRYPTION_KEY: 'ab'.repeat(32),
      DIGEST_TIME: 'off',
    }
    if (driver === 'postgres') {
      // A copy of the run's migrated database, as the embedded one below is.
      const scratch = await createScratchDatabase({ template: inject('postgresTemplate') })
      cleanups.push(() => scratch.drop())
      env.DATABASE_URL = scratch.url
    }
    // A member and a session, as signing in leaves them (the embedded database is the server's
    // once it runs).
    const setup: Database = env.DATABASE_URL
      ? await openPostgresDatabase(env.DATABASE_URL)
      : await openPgliteDatabase(path.join(dataDir, 'pglite'), { template: inject('pgliteTemplate') })
    let cookie: string
    try {
      await runMigrations(setup)
      cookie = (await signedInStaff(setup, 'nora@oakridge-insurance.example')).cookie
    } finally {
      await setup.close()
    }
    const server = await startServerProcess({ env, timeoutMs: 90_000 })
    cleanups.push(() => server.kill())

    // The pair the server made in DATA_DIR, offered to browsers on the page.
    const generated = vapidKeysFromSecret(
      (await readFile(path.join(dataDir, 'vapid-private-key'), 'utf8')).trim(),
      'unused',
    )
    const page = await fetch(`${server.url}/admin/notifications`, { headers: { cookie } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`data-push-key="${generated?.publicKey}"`)

    const browser = testBrowser(`${service.url}/push/server-${driver}`)
    const subscribed = await fetch(`${server.url}/api/admin/push-subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify(browser.subscription),
    })
    expect(subscribed.status, await subscribed.clone().text()).toBe(201)

    const form = getFormDefinition('contact-message')
    if (!form) throw new Error('no contact-message form')
    const response = await fetch(`${server.url}/api/forms/contact-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-proof-of-work': await solvedProof(ipHashSalt) },
      body: JSON.stringify({ ...validPayload(form, new Date()), firstName: 'Lucía' }),
    })
    expect(await response.text()).toBe('OK')
    const okAt = Date.now()
    const reference = String(response.headers.get('lead-reference'))

    const push = await service.next(`/push/server-${driver}`, 10_000)
    console.info(`${driver}: the push reached the push service ${push.at - okAt} ms after the OK`)
    expect(push.at - okAt).toBeLessThan(10_000)
    const claims = verifiedVapidClaims(String(push.headers.authorization), generated?.publicKey ?? '')
    expect(claims.aud).toBe(service.url)
    expect(JSON.parse(decryptPush(browser, push.body))).toMatchObject({
      title: `New lead · ${reference}`,
      body: `${form.title} · Lucía`,
    })
  }, 180_000)
})
