/**
 * A restored snapshot never mails again what the agency most likely got already: the notifications
 * it had not sent (SMTP refused them while the backup was taken) are held by `npm run restore`, the
 * restored server mails nothing by itself, and an owner decides on the desk. Send mails each once,
 * Discard mails nothing, a staff member (not an owner) and a post from another site change nothing.
 * The webhooks it had not made (the CRM refused them) are held and decided the same way: the
 * restored server posts none by itself, Send posts each once (its webhook-id kept), Discard none.
 * On both databases.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database, DriverName } from '#server/db/database.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { addStaffUser } from '#server/staff/staff-accounts.ts'
import { createSession, defaultSessionSettings } from '#server/staff/staff-sessions.ts'
import { generateWebhookSecret } from '#server/webhooks/destinations.ts'
import { runScript, startLeadLoad } from './helpers/lead-load.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { type ServerProcess, startServerProcess, waitFor } from './helpers/server-process.ts'
import { startSmtpSink } from './helpers/smtp-sink.ts'
import { drivers } from './helpers/test-database.ts'

const ipHashSalt = 'restore-held-salt-0123456789'
const metricsToken = 'restore-held-monitor-0123456'
const ownerEmail = 'owner@oakridge-insurance.example'
const staffEmail = 'desk@oakridge-insurance.example'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

async function place(driver: DriverName, name: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `agency-held-${name}-`))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    IP_HASH_SALT: ipHashSalt,
    LEAD_ENCRYPTION_KEY: 'cd'.repeat(32),
    METRICS_TOKEN: metricsToken,
    SUBMIT_RATE_LIMIT: '100000/1s',
    DELIVERY_POLL_MS: '50',
  }
  const open = (): Promise<Database> =>
    env.DATABASE_URL
      ? openPostgresDatabase(env.DATABASE_URL)
      : openPgliteDatabase(path.join(dataDir, 'pglite'))
  if (driver === 'postgres') {
    const scratch = await createScratchDatabase()
    cleanups.push(() => scratch.drop())
    env.DATABASE_URL = scratch.url
  }
  return { env, open }
}

/** A CRM's endpoint on 127.0.0.1: refuses (500) until told to accept; counts requests by webhook-id. */
async function startCrm() {
  const crm = { url: '', accept: false, requests: [] as string[], accepted: new Map<string, number>() }
  const server = createServer((request, response) => {
    request.resume()
    const id = String(request.headers['webhook-id'])
    crm.requests.push(id)
    if (!crm.accept) return void response.writeHead(500).end('down for maintenance')
    crm.accepted.set(id, (crm.accepted.get(id) ?? 0) + 1)
    response.writeHead(200).end('{"received":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  crm.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return crm
}

/** A signed-in session's cookie for a new account of `role`, made straight in the database. */
async function signedIn(db: Database, email: string, role: 'owner' | 'staff'): Promise<string> {
  const user = await addStaffUser(db, email, 'a long staff password 42', role)
  const session = await createSession(db, user.id, new Date(), defaultSessionSettings)
  return `staff_session=${session.token}`
}

function desk(server: ServerProcess) {
  return {
    get: (url: string, cookie: string) =>
      fetch(`${server.url}${url}`, { headers: { cookie }, redirect: 'manual' }),
    post: (url: string, cookie: string, body: Record<string, string>, origin = server.url) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
        redirect: 'manual',
      }),
  }
}

describe.each(drivers)('notifications held after a restore on %s', (driver) => {
  it('mails nothing after a restore until an owner sends (once each) or discards', async () => {
    const sink = await startSmtpSink({ mode: 'reject' })
    cleanups.push(() => sink.close())
    const crm = await startCrm()
    const webhook = { WEBHOOK_URL: crm.url, WEBHOOK_SECRET: generateWebhookSecret() }
    const source = await place(driver, 'source')
    // SMTP and the CRM refuse: every notification and webhook stays pending, retried every few seconds.
    const first = await startServerProcess({
      env: { ...source.env, ...webhook, SMTP_URL: sink.url, DELIVERY_RETRY_BASE_MS: '3000' },
      timeoutMs: 90_000,
    })
    cleanups.push(() => first.kill())
    const load = startLeadLoad({ url: first.url, ipHashSalt, prefix: `held-${driver}`, concurrency: 1 })
    await load.untilAcknowledged(3)
    await load.stop()
    await waitFor(() => sink.refused >= 1, { what: 'a refused delivery attempt' })
    await waitFor(() => crm.requests.length >= 1, { what: 'a refused webhook' })
    const backupFile = path.join(source.env.DATA_DIR as string, 'pending.backup')
    const backup = await runScript('backup', [backupFile], source.env)
    expect(backup.code, backup.output).toBe(0)
    await first.stop()
    expect(sink.messages).toHaveLength(0)

    const target = await place(driver, 'target')
    const restore = await runScript('restore', [backupFile], target.env)
    expect(restore.code, restore.output).toBe(0)
    const leads = load.acknowledged().length
    // One lead.received webhook each, whether the snapshot had fanned its event out or not.
    expect(restore.output).toContain(
      `${leads} notifications and ${leads} webhooks were not sent when the backup was taken`,
    )

    const setup = await target.open()
    const owner = await signedIn(setup, ownerEmail, 'owner')
    const staff = await signedIn(setup, staffEmail, 'staff')
    await setup.close()

    sink.setMode('accept')
    crm.accept = true
    const refusedBefore = crm.requests.length
    const second = await startServerProcess({
      env: { ...target.env, ...webhook, SMTP_URL: sink.url },
      timeoutMs: 90_000,
    })
    cleanups.push(() => second.kill())
    expect(second.output()).toContain('notifications held after a restore')
    const { get, post } = desk(second)
    // Many polls of the delivery worker later, still nothing mailed; staff see the count.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(sink.messages).toHaveLength(0)
    expect(crm.requests).toHaveLength(refusedBefore)
    const health = await (await get('/api/admin/health', owner)).json()
    expect(health.deliveries).toEqual({ failed: 0, waiting: 0, held: leads })

    const page = await get('/admin/held-notifications', owner)
    expect(page.status).toBe(200)
    const listed = await page.text()
    expect(listed).toContain('Notifications held after a restore')
    for (const answer of load.acknowledged()) expect(listed).toContain(answer.reference)
    // Each row has its Send and its Discard.
    const jobIds = [
      ...new Set(
        [...listed.matchAll(/name="job" value="([0-9a-f-]{36})"/g)].map((match) => match[1] as string),
      ),
    ]
    expect(jobIds).toHaveLength(leads)
    // The inbox links there for owners.
    expect(await (await get('/admin', owner)).text()).toContain('href="/admin/held-notifications"')

    // A staff member cannot see or decide; a post from another site is refused.
    expect((await get('/admin/held-notifications', staff)).status).toBe(403)
    expect((await post('/admin/held-notifications/send', staff, { all: 'yes' })).status).toBe(403)
    const forged = await post(
      '/admin/held-notifications/send',
      owner,
      { all: 'yes' },
      'https://attacker.example',
    )
    expect(forged.status).toBe(403)

    const [sendOne, discardOne] = jobIds
    const sent = await post('/admin/held-notifications/send', owner, { job: sendOne as string })
    expect(sent.status).toBe(303)
    expect(
      (await post('/admin/held-notifications/discard', owner, { job: discardOne as string })).status,
    ).toBe(303)
    // A second click on a decided job changes nothing.
    await post('/admin/held-notifications/send', owner, { job: discardOne as string })
    expect((await post('/admin/held-notifications/send', owner, { all: 'yes' })).status).toBe(303)

    // The held webhooks: listed with their Send and Discard, decided the same way.
    const deliveryIds = [
      ...new Set(
        [...listed.matchAll(/name="delivery" value="([0-9a-f-]{36})"/g)].map((match) => match[1] as string),
      ),
    ]
    expect(deliveryIds).toHaveLength(leads)
    expect(listed).toContain(crm.url)
    expect((await post('/admin/held-notifications/webhooks/send', staff, { all: 'yes' })).status).toBe(403)
    const [sendHook, discardHook] = deliveryIds
    expect(
      (await post('/admin/held-notifications/webhooks/send', owner, { delivery: sendHook as string })).status,
    ).toBe(303)
    expect(
      (await post('/admin/held-notifications/webhooks/discard', owner, { delivery: discardHook as string }))
        .status,
    ).toBe(303)
    await post('/admin/held-notifications/webhooks/send', owner, { delivery: discardHook as string })
    expect((await post('/admin/held-notifications/webhooks/send', owner, { all: 'yes' })).status).toBe(303)

    await waitFor(() => sink.messages.length >= leads - 1, { what: 'the sent notifications' })
    await waitFor(() => crm.accepted.size >= leads - 1, { what: 'the sent webhooks' })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(sink.messages).toHaveLength(leads - 1)
    const after = await (await get('/admin/held-notifications', owner)).text()
    expect(after).toContain('No notification is held')
    expect(after).toContain('No webhook is held')
    expect(after).toContain(`${ownerEmail} discarded`)
    expect(after).toContain(`${ownerEmail} discarded the webhook lead.received`)
    // Each sent webhook reached the CRM once after the restore; the discarded one never.
    expect(crm.accepted.size).toBe(leads - 1)
    for (const count of crm.accepted.values()) expect(count).toBe(1)
    await second.stop()
    const db = await target.open()
    try {
      const jobs = await db.query<{ id: string; lead_id: string; status: string; decided_by: string }>(
        'SELECT id, lead_id, status, decided_by FROM delivery_jobs',
      )
      const byLead = sink.byLeadId()
      for (const job of jobs) {
        expect(job.decided_by).toBe(ownerEmail)
        expect(job.status).toBe(job.id === discardOne ? 'discarded' : 'sent')
        expect(byLead.get(job.lead_id) ?? []).toHaveLength(job.id === discardOne ? 0 : 1)
      }
      const deliveries = await db.query<{ id: string; status: string; decided_by: string }>(
        'SELECT id, status, decided_by FROM webhook_deliveries',
      )
      expect(deliveries).toHaveLength(leads)
      for (const delivery of deliveries) {
        expect(delivery.decided_by).toBe(ownerEmail)
        expect(delivery.status).toBe(delivery.id === discardHook ? 'discarded' : 'sent')
        const webhookId = `msg_${delivery.id.replaceAll('-', '')}`
        expect(crm.accepted.get(webhookId) ?? 0).toBe(delivery.id === discardHook ? 0 : 1)
      }
    } finally {
      await db.close()
    }
    expect(second.output()).toContain('admin: held notifications discarded')
    expect(second.output()).toContain('admin: held webhooks discarded')
  }, 300_000)
})
