/**
 * Every lead reaches the agency's other systems: a real HTTP receiver on 127.0.0.1 checks each
 * request's signature with the Standard Webhooks reference library (`standardwebhooks`
 * Webhook.verify), refuses the first two attempts of each message (500), and must then see each
 * event exactly once (by webhook-id): a lead received, its status changed, its assignment. Spam
 * sends nothing; SSN and EIN never leave unless a destination over https is allowed them; a
 * destination failing for a day is paused and named in the morning digest; owners manage
 * destinations at /admin/webhooks. On PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { Webhook } from 'standardwebhooks'
import { afterAll, describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { ConfigError, loadConfig } from '#server/config.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { composeDigest } from '#server/desk/morning-digest.ts'
import { createWorkLog } from '#server/leads/work-log.ts'
import { createMailTransport } from '#server/mail/mail-transport.ts'
import { decryptValue } from '#server/security/sensitive-fields.ts'
import {
  generateWebhookSecret,
  setDestinationEnabled,
  syncEnvironmentDestination,
} from '#server/webhooks/destinations.ts'
import { buildWebhookPayload, leadForWebhook } from '#server/webhooks/payload.ts'
import { recentDeliveries } from '#server/webhooks/webhook-jobs.ts'
import { signedInStaff } from '#tests/kit/staff.ts'
import { makeDestination } from '#tests/kit/webhooks.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { injectForm, ownOrigin, submitStoredLead } from './helpers/requests.ts'
import { waitFor } from './helpers/server-process.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers, testEncryptionKey } from './helpers/test-database.ts'

const today = new Date()
const ipHashSalt = 'webhook-tests-salt-0123456789'
const siteUrl = 'https://desk.oakridge-insurance.example'
const ssns = ['111223333', '444556666', '777889999']
const ein = '582345671'

interface Delivered {
  id: string
  body: string
  payload: { type: string; timestamp: string; data: Record<string, unknown> & { id: string } }
}

/** A CRM's endpoint: verifies every signature, refuses the first `failFirst` attempts of each message. */
interface Receiver {
  url: string
  secret: string
  /** Accepted messages, in order, each once (a repeat of an accepted id is counted, not added). */
  accepted: Delivered[]
  attempts: Map<string, number>
  repeats: number
  badSignatures: number
  /** Every body that reached it, signed or not, accepted or not. */
  bodies: string[]
  failFirst: number
  close(): Promise<void>
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

async function startReceiver(failFirst = 2): Promise<Receiver> {
  const secret = generateWebhookSecret()
  const verifier = new Webhook(secret)
  const receiver: Omit<Receiver, 'url' | 'close'> = {
    secret,
    accepted: [],
    attempts: new Map(),
    repeats: 0,
    badSignatures: 0,
    bodies: [],
    failFirst,
  }
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request)
    receiver.bodies.push(body)
    let payload: Delivered['payload']
    try {
      payload = verifier.verify(body, request.headers as Record<string, string>) as Delivered['payload']
    } catch {
      receiver.badSignatures++
      response.writeHead(401).end('bad signature')
      return
    }
    const id = String(request.headers['webhook-id'])
    const attempt = (receiver.attempts.get(id) ?? 0) + 1
    receiver.attempts.set(id, attempt)
    if (attempt <= receiver.failFirst) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`busy, attempt ${attempt}`)
      return
    }
    if (receiver.accepted.some((entry) => entry.id === id)) receiver.repeats++
    else receiver.accepted.push({ id, body, payload })
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

const quiet = { info() {}, warn() {} }

describe.each(featureDrivers)('webhooks on %s', (driver) => {
  const t = useTestApp(driver, { ipHashSalt, now: () => today })
  const receivers: Receiver[] = []

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()))
  })

  async function receiver(failFirst = 2): Promise<Receiver> {
    const started = await startReceiver(failFirst)
    receivers.push(started)
    return started
  }

  /**
   * The delivery worker as main.ts makes it, with short retry delays and mail to files; the desk's
   * destinations may reach the receivers on 127.0.0.1 unless `outsideOnly` (as in production).
   */
  function worker({ outsideOnly = false } = {}) {
    return createDeliveryWorker({
      db: t.db,
      transport: createMailTransport({
        mailDir: `${tmpdir()}/webhook-test-mail-${randomBytes(4).toString('hex')}`,
      }),
      getForm: getFormDefinition,
      log: quiet,
      settings: {
        from: 'website@oakridge-insurance.example',
        to: 'hello@oakridge-insurance.example',
        maxAttempts: 10,
        baseDelayMs: 20,
        maxDelayMs: 100,
        leaseMs: 60_000,
      },
      webhooks: { encryptionKey: testEncryptionKey, siteUrl, allowLoopback: !outsideOnly },
    })
  }

  async function submit(formKey: string, payload: Record<string, string>): Promise<string> {
    return (await submitStoredLead(t.app, t.db, formKey, payload, { salt: ipHashSalt, now: today })).id
  }

  /** Delivery passes until `check` holds. */
  const deliverUntil = (check: () => boolean, what: string, options?: { outsideOnly: boolean }) => {
    const delivery = worker(options)
    return waitFor(
      async () => {
        await delivery.runOnce()
        return check()
      },
      { what, timeoutMs: 15_000 },
    )
  }

  async function removeEveryDestination() {
    await t.db.query('DELETE FROM webhook_destinations')
  }

  it('sends each event of a lead once, signed, after two refused attempts; spam sends nothing', async () => {
    await removeEveryDestination()
    const crm = await receiver(2)
    await makeDestination(t.db, crm.url, { secret: crm.secret })
    const contact: Record<string, string> = {
      ...validPayload(registeredForm('contact-message'), today),
      firstName: 'Jane',
      lastName: 'Quillfeather',
      email: 'jane.quillfeather@example.com',
      msg: 'Please call me about a boat.',
    }
    const leadId = await submit('contact-message', contact)
    const spamId = await submit('contact-message', {
      ...contact,
      lastName: 'Spammer',
      company: 'Cheap pills',
    })
    await deliverUntil(() => crm.accepted.length >= 1, 'the lead.received delivery')

    const owner = await signedInStaff(t.db, `owner-${driver}@oakridge-insurance.example`, {
      role: 'owner',
    })
    const actor = { userId: owner.id, email: owner.email }
    const workLog = createWorkLog(t.db, agency.timeZone)
    expect(await workLog.setStatus({ leadId, actor, status: 'contacted', at: new Date() })).toBe(true)
    expect(await workLog.assign({ leadId, actor, assignee: owner.id, at: new Date() })).toBe('ok')
    // The spam lead the CRM never received: its status change and assignment are not sent.
    expect(await workLog.setStatus({ leadId: spamId, actor, status: 'closed', at: new Date() })).toBe(true)
    expect(await workLog.assign({ leadId: spamId, actor, assignee: owner.id, at: new Date() })).toBe('ok')
    await deliverUntil(() => crm.accepted.length >= 3, 'the status and assignment deliveries')
    // More passes later, nothing new and nothing twice.
    const later = worker()
    for (let pass = 0; pass < 5; pass++) {
      await new Promise((resolve) => setTimeout(resolve, 60))
      await later.runOnce()
    }

    expect(crm.badSignatures).toBe(0)
    expect(crm.repeats).toBe(0)
    expect(crm.accepted.map((entry) => entry.payload.type)).toEqual([
      'lead.received',
      'lead.status_changed',
      'lead.assigned',
    ])
    // Each message was tried three times under one webhook-id: two refusals, then accepted.
    for (const entry of crm.accepted) expect(crm.attempts.get(entry.id)).toBe(3)
    expect(new Set(crm.accepted.map((entry) => entry.id)).size).toBe(3)
    for (const body of crm.bodies) expect(body).not.toContain(spamId)

    const [stored] = await t.db.query<{ reference: string }>('SELECT reference FROM leads WHERE id = $1', [
      leadId,
    ])
    const [received, status, assigned] = crm.accepted.map((entry) => entry.payload)
    expect(received?.data).toMatchObject({
      id: leadId,
      reference: stored?.reference,
      form: { key: 'contact-message', title: registeredForm('contact-message').title },
      line: 'service',
      language: 'en',
      status: 'new',
      assignedTo: null,
      visitor: {
        name: 'Jane Quillfeather',
        email: 'jane.quillfeather@example.com',
        phone: contact.phone ?? null,
      },
      deskUrl: `${siteUrl}/admin/leads/${leadId}`,
      source: null,
    })
    expect((received?.data.fields as Record<string, string> | undefined)?.msg).toBe(
      'Please call me about a boat.',
    )
    expect(status?.data).toMatchObject({ id: leadId, status: 'contacted', previousStatus: 'new' })
    expect(assigned?.data).toMatchObject({ id: leadId, assignedTo: owner.email })

    // The desk lists each delivery: delivered, three attempts, the receiver's last answer.
    const listed = await recentDeliveries(t.db, 10)
    expect(listed).toHaveLength(3)
    for (const row of listed) expect(row).toMatchObject({ status: 'sent', attempts: 3, lastStatusCode: 200 })
    // Our word for it, never the receiver's text.
    expect(listed[0]?.lastResponse).toBe('accepted: HTTP 200')
  })

  it('never sends SSN or EIN unless a destination over https is allowed them', async () => {
    await removeEveryDestination()
    const plain = await receiver(0)
    const handEdited = await receiver(0)
    for (const target of [plain, handEdited])
      await makeDestination(t.db, target.url, { secret: target.secret })
    // A row changed by hand to allow SSN/EIN over plain http: still withheld at send time.
    await t.db.query('UPDATE webhook_destinations SET send_sensitive = true WHERE url = $1', [handEdited.url])
    const workersComp = {
      ...validPayload(registeredForm('workers-comp-quote'), today),
      ssn1: ssns[0] ?? '',
      ssn2: ssns[1] ?? '',
      ssn3: ssns[2] ?? '',
      contactName: 'Marta Okonkwo',
    }
    const wcLead = await submit('workers-comp-quote', workersComp)
    await submit('general-liability-quote', {
      ...validPayload(registeredForm('general-liability-quote'), today),
      ein,
    })
    await deliverUntil(
      () => plain.accepted.length >= 2 && handEdited.accepted.length >= 2,
      'both leads at both destinations',
    )
    for (const body of [...plain.bodies, ...handEdited.bodies])
      for (const secret of [...ssns, ein]) expect(body).not.toContain(secret)
    const wc = plain.accepted.find((entry) => entry.payload.data.id === wcLead)?.payload.data
    expect(wc?.sensitiveWithheld).toEqual(['ssn1', 'ssn2', 'ssn3'])
    expect(wc?.labels).toMatchObject({ owner1Name: 'Owner 1 — Full name', owner2Name: 'Owner 2 — Full name' })
    expect(wc?.line).toBe('business')

    // Allowed over https, the payload carries them, decrypted only when it is built.
    const lead = await leadForWebhook(t.db, wcLead)
    if (!lead) throw new Error('the lead is gone')
    expect(lead.fields.ssn1).not.toBe(ssns[0])
    const event = { type: 'lead.received' as const, detail: {}, occurredAt: new Date() }
    const allowed = buildWebhookPayload(event, lead, registeredForm('workers-comp-quote'), {
      siteUrl,
      sensitive: { key: testEncryptionKey },
    })
    expect(allowed.data.fields).toMatchObject({ ssn1: ssns[0], ssn2: ssns[1], ssn3: ssns[2] })
    expect(allowed.data.sensitiveWithheld).toEqual([])
  })

  it('sends only the forms and lines a destination takes', async () => {
    await removeEveryDestination()
    const boats = await receiver(0)
    await makeDestination(t.db, boats.url, { secret: boats.secret, lines: ['vehicle'] })
    const boatLead = await submit('boat-quote', validPayload(registeredForm('boat-quote'), today))
    const contactLead = await submit(
      'contact-message',
      validPayload(registeredForm('contact-message'), today),
    )
    await deliverUntil(() => boats.accepted.length >= 1, 'the boat lead')
    await worker().runOnce()
    expect(boats.accepted.map((entry) => entry.payload.data.id)).toEqual([boatLead])
    expect(boats.bodies.join('')).not.toContain(contactLead)
  })

  it('pauses a destination failing for a day, names it in the digest, and resumes when turned on', async () => {
    await removeEveryDestination()
    const down = await receiver(Number.POSITIVE_INFINITY)
    const { id } = await makeDestination(t.db, down.url, { secret: down.secret })
    const leadId = await submit('contact-message', validPayload(registeredForm('contact-message'), today))
    await deliverUntil(() => down.bodies.length >= 1, 'a first refused attempt')
    const digestOf = async () =>
      (
        await composeDigest(
          t.db,
          '2026-11-25',
          new Date(),
          { deskUrl: siteUrl, timeZone: agency.timeZone },
          (key) => key,
        )
      ).text
    expect(await digestOf()).not.toContain('Webhooks paused')

    // Every attempt has failed for 25 hours: the next failure pauses it.
    await t.db.query(
      `UPDATE webhook_destinations SET failing_since = now() - interval '25 hours' WHERE id = $1`,
      [id],
    )
    const tried = down.bodies.length
    await deliverUntil(() => down.bodies.length > tried, 'one more refused attempt')
    const [paused] = await t.db.query<{ paused_at: unknown }>(
      'SELECT paused_at FROM webhook_destinations WHERE id = $1',
      [id],
    )
    expect(paused?.paused_at).not.toBeNull()
    const host = new URL(down.url).host
    expect(await digestOf()).toContain(`Webhooks paused after failing for a day: ${host}.`)

    // Paused: nothing more is tried, however many passes.
    const seen = down.bodies.length
    const delivery = worker()
    for (let pass = 0; pass < 5; pass++) {
      await new Promise((resolve) => setTimeout(resolve, 60))
      await delivery.runOnce()
    }
    expect(down.bodies.length).toBe(seen)

    // The receiver is fixed and the owner turns the destination on: the waiting lead goes out.
    down.failFirst = 0
    expect(await setDestinationEnabled(t.db, id, true)).toBe(true)
    await deliverUntil(() => down.accepted.length >= 1, 'the delivery after resuming')
    expect(down.accepted[0]?.payload.data.id).toBe(leadId)
    expect(await digestOf()).not.toContain('Webhooks paused')
  })

  describe('the desk page', () => {
    async function signedIn(email: string, role: 'owner' | 'staff'): Promise<string> {
      return (await signedInStaff(t.db, email, { role })).cookie
    }
    const post = (cookie: string, url: string, body: Record<string, string>, origin = ownOrigin) =>
      injectForm(t.app, url, body, { cookie, origin })

    it('lets an owner add a destination (secret shown once, stored encrypted) and refuses unsafe ones', async () => {
      await removeEveryDestination()
      const owner = await signedIn(`hooks-owner-${driver}@oakridge-insurance.example`, 'owner')
      const staff = await signedIn(`hooks-staff-${driver}@oakridge-insurance.example`, 'staff')

      const page = await t.app.inject({ url: '/admin/webhooks', headers: { cookie: owner } })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('href="/admin/webhooks"')
      expect((await t.app.inject({ url: '/admin/webhooks', headers: { cookie: staff } })).statusCode).toBe(
        403,
      )
      const inbox = await t.app.inject({ url: '/admin', headers: { cookie: staff } })
      expect(inbox.body).not.toContain('href="/admin/webhooks"')

      const crm = 'https://crm.example/hooks/oak-ridge'
      const byStaff = await post(staff, '/admin/webhooks', { url: crm })
      expect(byStaff.statusCode).toBe(403)
      const forged = await post(owner, '/admin/webhooks', { url: crm }, 'https://evil.example')
      expect(forged.statusCode).toBe(403)

      const sensitiveOverHttp = await post(owner, '/admin/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        'send-sensitive': 'yes',
      })
      expect(sensitiveOverHttp.statusCode).toBe(400)
      expect(sensitiveOverHttp.body).toContain('must start with https:// to receive SSN and EIN')
      const plainHttp = await post(owner, '/admin/webhooks', { url: 'http://crm.example/hook' })
      expect(plainHttp.statusCode).toBe(400)
      const notHttp = await post(owner, '/admin/webhooks', { url: 'ftp://crm.example/hook' })
      expect(notHttp.statusCode).toBe(400)
      expect((await t.db.query('SELECT id FROM webhook_destinations')).length).toBe(0)

      const added = await post(owner, '/admin/webhooks', {
        url: crm,
        'line-vehicle': 'yes',
        'form-workers-comp-quote': 'yes',
      })
      // Post/Redirect/Get: the secret is on the page the redirect names, once; a refresh adds nothing.
      expect(added.statusCode).toBe(303)
      const location = String(added.headers.location)
      expect(location).toMatch(/^\/admin\/webhooks\?added=[0-9a-f-]{36}$/)
      const shown = await t.app.inject({ url: location, headers: { cookie: owner } })
      expect(shown.statusCode).toBe(200)
      const secret = /whsec_[A-Za-z0-9+/=]+/.exec(shown.body)?.[0]
      if (!secret) throw new Error('no secret shown')
      const [row] = await t.db.query<{
        id: string
        secret_encrypted: string
        form_keys: unknown
        lines: unknown
        send_sensitive: boolean
      }>('SELECT id, secret_encrypted, form_keys, lines, send_sensitive FROM webhook_destinations')
      expect(row?.secret_encrypted).not.toContain(secret.slice(6))
      expect(decryptValue(row?.secret_encrypted ?? '', testEncryptionKey)).toBe(secret)
      const list = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)
      expect(list(row?.form_keys)).toEqual(['workers-comp-quote'])
      expect(list(row?.lines)).toEqual(['vehicle'])
      expect(row?.send_sensitive).toBe(false)
      // Shown once: the same page again, and the list page, never carry it.
      const refreshed = await t.app.inject({ url: location, headers: { cookie: owner } })
      expect(refreshed.statusCode).toBe(200)
      expect(refreshed.body).not.toContain(secret)
      const after = await t.app.inject({ url: '/admin/webhooks', headers: { cookie: owner } })
      expect(after.body).toContain(crm)
      expect(after.body).not.toContain(secret)
      expect(location).not.toContain(secret.slice(6, 20))
      expect((await t.db.query('SELECT id FROM webhook_destinations')).length).toBe(1)

      const off = await post(owner, '/admin/webhooks/switch', { id: String(row?.id), on: 'no' })
      expect(off.statusCode).toBe(303)
      const [state] = await t.db.query<{ enabled: boolean }>('SELECT enabled FROM webhook_destinations')
      expect(state?.enabled).toBe(false)
    })

    it('retries a failed delivery from the desk, under the same webhook-id', async () => {
      await removeEveryDestination()
      const owner = await signedIn(`retry-owner-${driver}@oakridge-insurance.example`, 'owner')
      const crm = await receiver(Number.POSITIVE_INFINITY)
      await makeDestination(t.db, crm.url, { secret: crm.secret })
      await submit('contact-message', validPayload(registeredForm('contact-message'), today))
      await deliverUntil(() => crm.bodies.length >= 1, 'a refused attempt')
      await t.db.query(`UPDATE webhook_deliveries SET status = 'failed'`)
      const [failed] = await recentDeliveries(t.db, 1)
      expect(failed?.lastStatusCode).toBe(500)
      // The status and a short reason of ours: the receiver's text ("busy, attempt 1") is never kept.
      expect(failed?.lastResponse).toBe('refused: HTTP 500')
      const page = await t.app.inject({ url: '/admin/webhooks', headers: { cookie: owner } })
      expect(page.body).toContain('refused: HTTP 500')
      expect(page.body).not.toContain('busy, attempt')
      expect(page.body).toContain(`name="delivery" value="${failed?.id}"`)

      crm.failFirst = 0
      const retried = await post(owner, '/admin/webhooks/retry', { delivery: String(failed?.id) })
      expect(retried.statusCode).toBe(303)
      await deliverUntil(() => crm.accepted.length >= 1, 'the retried delivery')
      expect(crm.attempts.size).toBe(1)
    })
  })

  it('keeps the destination of WEBHOOK_URL / WEBHOOK_SECRET in step with the environment', async () => {
    await removeEveryDestination()
    const crm = await receiver(0)
    const config = loadConfig(
      {
        WEBHOOK_URL: crm.url,
        WEBHOOK_SECRET: crm.secret,
        IP_HASH_SALT: ipHashSalt,
        LEAD_ENCRYPTION_KEY: 'ab'.repeat(32),
      },
      tmpdir(),
    )
    expect(config.webhook).toEqual({ url: crm.url, secret: crm.secret })
    await syncEnvironmentDestination(t.db, config.webhook, testEncryptionKey)
    await syncEnvironmentDestination(t.db, config.webhook, testEncryptionKey)
    const leadId = await submit('contact-message', validPayload(registeredForm('contact-message'), today))
    // Set by whoever runs the server, it may be on this machine: no test setting needed.
    await deliverUntil(() => crm.accepted.length >= 1, 'the environment destination', { outsideOnly: true })
    expect(crm.accepted.map((entry) => entry.payload.data.id)).toEqual([leadId])

    await syncEnvironmentDestination(t.db, undefined, testEncryptionKey)
    const rows = await t.db.query<{ enabled: boolean }>(
      'SELECT enabled FROM webhook_destinations WHERE from_environment',
    )
    expect(rows).toEqual([{ enabled: false }])
  })
})

describe('WEBHOOK_URL and WEBHOOK_SECRET', () => {
  const base = { IP_HASH_SALT: ipHashSalt, LEAD_ENCRYPTION_KEY: 'ab'.repeat(32) }
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env }, tmpdir())
    } catch (error) {
      if (error instanceof ConfigError) return error.message
      throw error
    }
    return 'accepted'
  }

  it('refuses a bad secret or URL with one line naming the variable, never echoing the secret', () => {
    const secret = generateWebhookSecret()
    expect(refusal({ WEBHOOK_URL: 'https://crm.example/hook' })).toContain(
      'WEBHOOK_SECRET: required with WEBHOOK_URL',
    )
    const badSecret = refusal({
      WEBHOOK_URL: 'https://crm.example/hook',
      WEBHOOK_SECRET: 'not-a-whsec-secret',
    })
    expect(badSecret).toContain('WEBHOOK_SECRET: must be a whsec_ secret')
    expect(badSecret).not.toContain('not-a-whsec-secret')
    expect(refusal({ WEBHOOK_URL: 'ftp://crm.example/hook', WEBHOOK_SECRET: secret })).toContain(
      'WEBHOOK_URL: must start with https://',
    )
    expect(refusal({ WEBHOOK_URL: 'http://crm.example/hook', WEBHOOK_SECRET: secret })).toContain(
      'http:// only to this machine',
    )
    expect(refusal({ WEBHOOK_URL: 'http://127.0.0.1:8080/hook', WEBHOOK_SECRET: secret })).toBe('accepted')
  })
})
