/**
 * Phone notifications (Web Push, migration 024) on both database drivers: a browser subscribes
 * through the staff API; a new lead, an assignment and a due follow-up reach a push service on
 * 127.0.0.1 through the delivery worker; the test decrypts each message with the browser's own keys
 * (RFC 8291) and checks the server's VAPID signature (RFC 8292) with node:crypto, then reads what a
 * phone would show. Each member's choices and quiet hours hold; a push service's 410 forgets the
 * browser; a new lead reaches the phone within 10 s of its OK.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { getFormDefinition } from '#forms/registry.ts'
import type { Queryable } from '#server/db/database.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import type { PushSettings } from '#server/push/push-delivery.ts'
import { subscriptionsPerMember } from '#server/push/push-subscriptions.ts'
import { type SignedInStaff, signedInStaff } from '#tests/kit/staff.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import {
  decryptPush,
  type PushService,
  startPushService,
  type TestBrowser,
  testBrowser,
  verifiedVapidClaims,
} from './helpers/push-service.ts'
import { injectForm, ownOrigin, submitStoredLead } from './helpers/requests.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const ipHashSalt = 'web-push-test-ip-hash-salt-0123456789'
const today = new Date('2026-11-24T15:00:00Z')
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:desk@oakridge-insurance.example' }
const quiet = { info() {}, warn() {} }
const formTitle = getFormDefinition('contact-message')?.title ?? ''

describe.each(drivers)('phone notifications on %s', (driver) => {
  const t = useTestApp(
    driver,
    { ipHashSalt, now: () => today, admin: { push: { publicKey: vapid.publicKey, allowLoopback: true } } },
    { truncate: 'leads, delivery_jobs, staff_users, push_subscriptions' },
  )
  let service: PushService
  let ana: SignedInStaff
  let maria: SignedInStaff

  beforeAll(async () => {
    service = await startPushService()
  })
  afterAll(async () => {
    await service.close()
  })
  beforeEach(async () => {
    service.received.length = 0
    service.answer.clear()
    ana = await signedInStaff(t.db, 'ana@oakridge-insurance.example', { now: today, displayName: 'Ana Ruiz' })
    maria = await signedInStaff(t.db, 'maria@oakridge-insurance.example', { now: today })
  })

  function worker(push: Partial<PushSettings> = {}, { pollMs }: { pollMs?: number } = {}) {
    return createDeliveryWorker({
      db: t.db,
      transport: { kind: 'files', send: async () => {}, close: async () => {} },
      getForm: getFormDefinition,
      log: quiet,
      pollMs,
      settings: {
        from: 'website@oakridge-insurance.example',
        to: 'hello@oakridge-insurance.example',
        maxAttempts: 10,
        baseDelayMs: 20,
        maxDelayMs: 100,
        leaseMs: 60_000,
      },
      push: { vapid, allowLoopback: true, ...push },
    })
  }

  /** A browser of `member` subscribed through the API, as the desk's page does it. */
  async function subscribe(member: SignedInStaff, name: string): Promise<TestBrowser> {
    const browser = testBrowser(`${service.url}/push/${driver}-${name}`)
    const response = await postSubscription(member, browser.subscription)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ endpoint: browser.subscription.endpoint })
    return browser
  }

  function postSubscription(member: { cookie: string }, body: unknown, origin: string | null = ownOrigin) {
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/push-subscriptions',
      headers: { 'content-type': 'application/json', cookie: member.cookie, ...(origin ? { origin } : {}) },
      payload: JSON.stringify(body),
    })
  }

  async function submitLead(fields: Record<string, string> = {}): Promise<{ id: string; reference: string }> {
    const payload = {
      ...validPayload(registeredForm('contact-message'), today),
      firstName: 'José',
      lastName: 'Secretname',
      email: 'jose.secretname@example.com',
      msg: 'Private words about my boat',
      ...fields,
    }
    const { id } = await submitStoredLead(t.app, t.db, 'contact-message', payload, {
      salt: ipHashSalt,
      now: today,
    })
    const [row] = await t.db.query<{ reference: string }>('SELECT reference FROM leads WHERE id = $1', [id])
    return { id, reference: String(row?.reference) }
  }

  function pushesTo(browser: TestBrowser) {
    const path = new URL(browser.subscription.endpoint).pathname
    return service.received.filter((push) => push.path === path)
  }

  /** What the phone shows: the decrypted JSON, once the VAPID signature and claims check out. */
  function shown(browser: TestBrowser, index = 0): { title: string; body: string; url: string; tag: string } {
    const push = pushesTo(browser)[index]
    if (!push) throw new Error('no push received')
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(push.headers.ttl)).toBeGreaterThan(0)
    const claims = verifiedVapidClaims(String(push.headers.authorization), vapid.publicKey)
    expect(claims.aud).toBe(service.url)
    expect(claims.sub).toBe(vapid.subject)
    expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now())
    expect(Number(claims.exp) * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000)
    return JSON.parse(decryptPush(browser, push.body))
  }

  async function subscriptionCount(db: Queryable = t.db): Promise<number> {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions')
    return Number(row?.n)
  }

  it('pushes a new lead to a subscribed browser: encrypted to its keys, signed, short, opening the lead', async () => {
    const phone = await subscribe(ana, 'phone')
    const lead = await submitLead()
    await worker().runOnce()

    expect(pushesTo(phone)).toHaveLength(1)
    const notification = shown(phone)
    expect(notification).toEqual({
      title: `New lead · ${lead.reference}`,
      body: `${formTitle} · José`,
      url: `/admin/leads/${lead.id}`,
      tag: `lead-${lead.id}`,
    })
    // Nothing else the visitor typed: a lock screen is read by whoever holds the phone.
    const plain = decryptPush(phone, pushesTo(phone)[0]?.body ?? Buffer.alloc(0))
    for (const secret of ['Secretname', 'jose.secretname', 'Private words'])
      expect(plain).not.toContain(secret)
    // Encrypted on the wire: the push service sees none of it.
    expect(pushesTo(phone)[0]?.body.toString('latin1')).not.toContain('José')

    // Sent once: another pass sends nothing again.
    await worker().runOnce()
    expect(pushesTo(phone)).toHaveLength(1)
  })

  it('sends nothing for spam', async () => {
    const phone = await subscribe(ana, 'phone')
    await submitLead({ company: 'Cheap pills' })
    await worker().runOnce()
    expect(pushesTo(phone)).toHaveLength(0)
  })

  it('respects each member’s choice: assigned-only gets nothing for a new lead, then its assignment', async () => {
    const anaPhone = await subscribe(ana, 'ana')
    const mariaPhone = await subscribe(maria, 'maria')
    const saved = await injectForm(
      t.app,
      '/admin/notifications',
      { assigned: 'on', followUps: 'on' },
      { cookie: maria.cookie },
    )
    expect(saved.statusCode).toBe(303)

    const lead = await submitLead()
    await worker().runOnce()
    expect(pushesTo(anaPhone)).toHaveLength(1)
    expect(pushesTo(mariaPhone)).toHaveLength(0)

    expect(
      (
        await injectForm(
          t.app,
          `/admin/leads/${lead.id}/assign`,
          { assignee: maria.id },
          { cookie: ana.cookie },
        )
      ).statusCode,
    ).toBe(303)
    await worker().runOnce()
    expect(pushesTo(mariaPhone)).toHaveLength(1)
    expect(shown(mariaPhone)).toMatchObject({ title: `Assigned to you · ${lead.reference}` })
    // Ana assigned it: she is not told of her own click.
    expect(pushesTo(anaPhone)).toHaveLength(1)
  })

  it('tells the assignee of a follow-up when it falls due', async () => {
    const phone = await subscribe(maria, 'maria')
    const lead = await submitLead()
    await worker().runOnce()
    expect(pushesTo(phone)).toHaveLength(1)
    // Subscribed yesterday; the follow-up fell due a minute ago.
    await t.db.query(`UPDATE push_subscriptions SET created_at = now() - interval '1 day'`)
    await t.db.query(
      `UPDATE leads SET assigned_to = $1, status = 'contacted', follow_up_at = now() - interval '1 minute' WHERE id = $2`,
      [maria.id, lead.id],
    )
    await worker().runOnce()
    expect(pushesTo(phone)).toHaveLength(2)
    expect(shown(phone, 1)).toMatchObject({
      title: `Follow-up due · ${lead.reference}`,
      url: `/admin/leads/${lead.id}`,
    })
    // Told once per due time.
    await worker().runOnce()
    expect(pushesTo(phone)).toHaveLength(2)
  })

  it('holds a member’s notifications outside the office’s hours when they keep quiet hours', async () => {
    const anaPhone = await subscribe(ana, 'ana')
    const mariaPhone = await subscribe(maria, 'maria')
    await injectForm(
      t.app,
      '/admin/notifications',
      { newLeads: 'on', assigned: 'on', followUps: 'on', quietHours: 'on' },
      { cookie: maria.cookie },
    )
    await submitLead()
    // Sunday 03:00 in Georgia: the office opens on Monday at 09:00 (config/agency.ts).
    const sundayNight = new Date('2026-11-29T08:00:00Z')
    await worker({ now: () => sundayNight }).runOnce()
    expect(pushesTo(anaPhone)).toHaveLength(1)
    expect(pushesTo(mariaPhone)).toHaveLength(0)
    const [held] = await t.db.query<{ status: string; next_attempt_at: Date | string }>(
      `SELECT m.status, m.next_attempt_at FROM push_messages m JOIN push_subscriptions s ON s.id = m.subscription_id
        WHERE s.staff_user_id = $1`,
      [maria.id],
    )
    expect(held?.status).toBe('pending')
    expect(new Date(held?.next_attempt_at ?? 0).toISOString()).toBe('2026-11-30T14:00:00.000Z')

    // During the office's hours, the same choice lets everything through.
    await submitLead()
    const mondayMorning = new Date('2026-11-30T15:00:00Z')
    await worker({ now: () => mondayMorning }).runOnce()
    expect(pushesTo(mariaPhone)).toHaveLength(1)
  })

  it('forgets a browser the push service says is gone (410), and keeps retrying a busy one', async () => {
    const gone = await subscribe(ana, 'gone')
    const busy = await subscribe(maria, 'busy')
    service.answer.set(new URL(gone.subscription.endpoint).pathname, 410)
    service.answer.set(new URL(busy.subscription.endpoint).pathname, 503)
    await submitLead()
    await worker().runOnce()
    expect(pushesTo(gone)).toHaveLength(1)
    const [left] = await t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions')
    expect(await subscriptionCount()).toBe(1)
    expect(left?.endpoint).toBe(busy.subscription.endpoint)
    // The busy one is retried with backoff until the push service takes it.
    expect(pushesTo(busy).length).toBeGreaterThanOrEqual(1)
    service.answer.delete(new URL(busy.subscription.endpoint).pathname)
    const before = pushesTo(busy).length
    const retrying = worker()
    const deadline = Date.now() + 5_000
    while (pushesTo(busy).length === before && Date.now() < deadline) await retrying.runOnce()
    expect(pushesTo(busy).length).toBe(before + 1)
    const [message] = await t.db.query<{ status: string }>('SELECT status FROM push_messages')
    expect(message?.status).toBe('sent')
  })

  it('reaches a subscribed browser within 10 s of the lead’s OK, the worker polling as in production', async () => {
    const phone = await subscribe(ana, 'timed')
    const running = worker({}, { pollMs: 1000 })
    running.start()
    try {
      const sentAt = Date.now()
      const lead = await submitLead()
      const push = await service.next(new URL(phone.subscription.endpoint).pathname, 10_000)
      expect(push.at - sentAt).toBeLessThan(10_000)
      expect(shown(phone)).toMatchObject({ title: `New lead · ${lead.reference}` })
    } finally {
      await running.stop()
    }
  })

  describe('the subscription API', () => {
    it('takes a browser’s PushSubscription for the signed-in member (201) and forgets it on DELETE', async () => {
      const browser = await subscribe(ana, 'api')
      // The same browser again: still one.
      expect((await postSubscription(ana, browser.subscription)).statusCode).toBe(201)
      expect(await subscriptionCount()).toBe(1)
      const remove = (member: SignedInStaff) =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/admin/push-subscriptions',
          headers: { 'content-type': 'application/json', cookie: member.cookie, origin: ownOrigin },
          payload: JSON.stringify({ endpoint: browser.subscription.endpoint }),
        })
      // Another member cannot remove it.
      expect((await remove(maria)).statusCode).toBe(404)
      expect((await remove(ana)).statusCode).toBe(204)
      expect(await subscriptionCount()).toBe(0)
      // The endpoint may also go in the query, with no body.
      await subscribe(ana, 'api')
      const byQuery = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/push-subscriptions?endpoint=${encodeURIComponent(browser.subscription.endpoint)}`,
        headers: { cookie: ana.cookie, origin: ownOrigin },
      })
      expect(byQuery.statusCode, byQuery.body).toBe(204)
      expect(await subscriptionCount()).toBe(0)
      await submitLead()
      await worker().runOnce()
      expect(service.received).toHaveLength(0)
    })

    it('keeps a member’s latest browsers only: one more forgets the oldest', async () => {
      const first = await subscribe(ana, 'browser-0')
      for (let index = 1; index <= subscriptionsPerMember; index++) await subscribe(ana, `browser-${index}`)
      expect(await subscriptionCount()).toBe(subscriptionsPerMember)
      const endpoints = await t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions')
      expect(endpoints.map((row) => row.endpoint)).not.toContain(first.subscription.endpoint)
    })

    it('refuses what is not a push subscription, with a reason; and requests without a session or Origin', async () => {
      const browser = testBrowser(`${service.url}/push/refused`)
      const refused = async (body: unknown) => {
        const response = await postSubscription(ana, body)
        expect(response.statusCode).toBe(400)
        return String(response.json().error)
      }
      expect(await refused({ ...browser.subscription, endpoint: 'http://push.example.com/x' })).toMatch(
        /https:\/\//,
      )
      expect(await refused({ ...browser.subscription, endpoint: 'https://10.0.0.5/x' })).toMatch(/internet/)
      expect(
        await refused({ ...browser.subscription, endpoint: 'https://metadata.google.internal/x' }),
      ).toMatch(/internet/)
      expect(
        await refused({ ...browser.subscription, keys: { ...browser.subscription.keys, p256dh: 'AAAA' } }),
      ).toMatch(/p256dh/)
      expect(
        await refused({ ...browser.subscription, keys: { ...browser.subscription.keys, auth: 'AAAA' } }),
      ).toMatch(/auth/)
      expect((await postSubscription(ana, { endpoint: browser.subscription.endpoint })).statusCode).toBe(400)
      expect((await postSubscription({ cookie: '' }, browser.subscription)).statusCode).toBe(401)
      expect((await postSubscription(ana, browser.subscription, null)).statusCode).toBe(403)
      expect((await postSubscription(ana, browser.subscription, 'https://evil.example')).statusCode).toBe(403)
      expect(await subscriptionCount()).toBe(0)
    })
  })
})
