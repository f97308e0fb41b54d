/**
 * The events a CRM hears of (docs/api.md, "Webhooks"; decision 046-webhook-sequence-frozen-body-and-rotation),
 * checked by a real receiver on 127.0.0.1 that verifies every signature with the Standard Webhooks
 * reference library: notes, contact attempts that keep the status, follow-ups set and cleared, spam
 * and not spam, lost with its reason, each with a per-lead `sequence` and who did it by name; each
 * destination's choice of events; a body built once and sent byte for byte on every attempt and
 * replay; a test event; a rotated secret signing beside the old one for a day; the deliveries in
 * the API by page. On PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { createMailTransport } from '#server/mail/mail-transport.ts'
import { generateWebhookSecret, listDestinations } from '#server/webhooks/destinations.ts'
import type { WebhookEventType } from '#server/webhooks/webhook-jobs.ts'
import { makeApiToken } from '#tests/kit/api-tokens.ts'
import { signedInStaff } from '#tests/kit/staff.ts'
import { makeDestination } from '#tests/kit/webhooks.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet, ownOrigin, submitStoredLead } from './helpers/requests.ts'
import { waitFor } from './helpers/server-process.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers, testEncryptionKey } from './helpers/test-database.ts'

const today = new Date('2026-11-24T15:00:00Z')
const ipHashSalt = 'webhook-events-salt-0123456789'
const siteUrl = 'https://desk.oakridge-insurance.example'
const ssn = '123456789'

interface Message {
  id: string
  timestamp: string
  signature: string
  body: string
  payload: {
    type: string
    sequence?: number
    data: Record<string, unknown> & { id: string; by?: string | null }
  }
}

/** A CRM's endpoint: verifies each signature, answers `status()` (200 unless told otherwise). */
interface Receiver {
  url: string
  secret: string
  /** Every signed request, in the order it came (repeats included). */
  messages: Message[]
  badSignatures: number
  status: (message: Message) => number
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

async function startReceiver(): Promise<Receiver> {
  const receiver: Omit<Receiver, 'url' | 'close'> = {
    secret: generateWebhookSecret(),
    messages: [],
    badSignatures: 0,
    status: () => 200,
  }
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request)
    let payload: Message['payload']
    try {
      payload = new Webhook(receiver.secret).verify(
        body,
        request.headers as Record<string, string>,
      ) as Message['payload']
    } catch {
      receiver.badSignatures++
      response.writeHead(401).end()
      return
    }
    const message: Message = {
      id: String(request.headers['webhook-id']),
      timestamp: String(request.headers['webhook-timestamp']),
      signature: String(request.headers['webhook-signature']),
      body,
      payload,
    }
    receiver.messages.push(message)
    response.writeHead(receiver.status(message)).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

const quiet = { info() {}, warn() {} }

describe.each(drivers)('webhook events on %s', (driver) => {
  const t = useTestApp(
    driver,
    { ipHashSalt, now: () => today, admin: { localWebhookDestinations: true } },
    { truncate: 'leads, staff_users, webhook_destinations' },
  )
  const receivers: Receiver[] = []
  let owner: { id: string; cookie: string; email: string }

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()))
  })

  beforeEach(async () => {
    owner = await signedInStaff(t.db, 'dana@oakridge-insurance.example', {
      role: 'owner',
      displayName: 'Dana Whitfield',
      now: today,
    })
  })

  async function receiver(): Promise<Receiver> {
    const started = await startReceiver()
    receivers.push(started)
    return started
  }

  async function destination(target: Receiver, events?: WebhookEventType[]) {
    const made = await makeDestination(t.db, target.url, {
      secret: target.secret,
      ...(events ? { events } : {}),
      createdBy: 'test',
    })
    return made.id
  }

  const delivery = () =>
    createDeliveryWorker({
      db: t.db,
      transport: createMailTransport({
        mailDir: `${tmpdir()}/webhook-events-${randomBytes(4).toString('hex')}`,
      }),
      getForm: getFormDefinition,
      log: quiet,
      settings: {
        from: 'website@oakridge-insurance.example',
        to: 'hello@oakridge-insurance.example',
        maxAttempts: 10,
        baseDelayMs: 20,
        maxDelayMs: 50,
        leaseMs: 60_000,
      },
      webhooks: { encryptionKey: testEncryptionKey, siteUrl, allowLoopback: true },
    })

  /** Delivery passes until `check` holds. */
  function deliverUntil(check: () => boolean, what: string) {
    const worker = delivery()
    return waitFor(
      async () => {
        await worker.runOnce()
        return check()
      },
      { what, timeoutMs: 15_000 },
    )
  }

  async function submit(formKey: string, fields: Record<string, string> = {}): Promise<string> {
    const payload = { ...validPayload(registeredForm(formKey), today), ...fields }
    return (await submitStoredLead(t.app, t.db, formKey, payload, { salt: ipHashSalt, now: today })).id
  }

  /** A call of the staff API with the owner's session (or `auth` headers of a token). */
  function api(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, auth?: Record<string, string>) {
    return t.app.inject({
      method,
      url,
      headers: auth ?? { cookie: owner.cookie, origin: ownOrigin },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })
  }

  it('tells notes, contacts, follow-ups, spam, not spam and lost, in sequence, by name, without SSN', async () => {
    const crm = await receiver()
    await destination(crm)
    const leadId = await submit('workers-comp-quote', { ssn1: ssn, contactName: 'Marta Okonkwo' })
    const base = `/api/admin/leads/${leadId}`
    const followUp = new Date(today.getTime() + 2 * 86_400_000).toISOString()
    const steps = [
      await api('POST', `${base}/notes`, { note: 'Asked for last year’s payroll.' }),
      await api('POST', `${base}/contacts`, { channel: 'call', outcome: 'no-answer', note: 'Rang twice.' }),
      await api('PATCH', base, { followUpAt: followUp }),
      await api('PATCH', base, { followUpAt: null }),
      await api('PATCH', base, { spam: true }),
      await api('PATCH', base, { spam: false }),
      await api('PATCH', base, { status: 'lost', lostReason: 'price' }),
      await api('PATCH', base, { assignee: owner.email }),
    ]
    for (const step of steps) expect(step.statusCode, step.body).toBe(200)
    await deliverUntil(() => crm.messages.length >= 9, 'nine events')
    // Deliveries may arrive in any order: the sequence puts them back in the order they happened.
    const payloads = crm.messages
      .map((message) => message.payload)
      .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0))
    expect(payloads.map((payload) => payload.type)).toEqual([
      'lead.received',
      'lead.note_added',
      'lead.contact_logged',
      'lead.follow_up_set',
      'lead.follow_up_cleared',
      'lead.marked_spam',
      'lead.marked_not_spam',
      'lead.status_changed',
      'lead.assigned',
    ])
    expect(payloads.map((payload) => payload.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    for (const payload of payloads) expect(payload.data.id).toBe(leadId)
    const [received, note, contact, set, cleared, spam, notSpam, lost, assigned] = payloads
    expect(received?.data.by).toBeUndefined()
    for (const payload of payloads.slice(1)) expect(payload.data.by).toBe('Dana Whitfield')
    expect(note?.data.note).toBe('Asked for last year’s payroll.')
    expect(contact?.data.contact).toEqual({ channel: 'call', outcome: 'no-answer', note: 'Rang twice.' })
    expect(contact?.data.status).toBe('new')
    expect(new Date(String(set?.data.followUpAt)).getTime()).toBeGreaterThan(today.getTime())
    expect(cleared?.data).toMatchObject({ followUpAt: null, previousFollowUpAt: set?.data.followUpAt })
    expect(spam?.data.spam).toBe(true)
    expect(notSpam?.data.spam).toBe(false)
    expect(lost?.data).toMatchObject({ status: 'lost', previousStatus: 'new', lostReason: 'price' })
    // The assignee by their e-mail (the field of before) and by name; who did it by name only.
    expect(assigned?.data).toMatchObject({ assignedTo: owner.email, assigneeName: 'Dana Whitfield' })
    expect(typeof received?.data.reference).toBe('string')
    for (const message of crm.messages) {
      expect(message.body).not.toContain(ssn)
      if (message.payload.type !== 'lead.assigned') expect(message.body).not.toContain(owner.email)
    }
    expect(crm.badSignatures).toBe(0)
  })

  it('sends lead.received, not lead.marked_not_spam, for a spam lead the CRM never had', async () => {
    const crm = await receiver()
    await destination(crm)
    const spamId = await submit('contact-message', { company: 'Cheap pills' })
    // A change of a lead never received is not told.
    expect((await api('POST', `/api/admin/leads/${spamId}/notes`, { note: 'Junk.' })).statusCode).toBe(200)
    expect((await api('PATCH', `/api/admin/leads/${spamId}`, { spam: false })).statusCode).toBe(200)
    await deliverUntil(() => crm.messages.length >= 1, 'the lead received')
    await delivery().runOnce()
    expect(crm.messages.map((message) => [message.payload.type, message.payload.sequence])).toEqual([
      ['lead.received', 1],
    ])
    expect(crm.messages[0]?.payload.data).toMatchObject({ id: spamId, status: 'new' })
  })

  it('sends each destination only the events it chose; one from before keeps the three of then', async () => {
    const everything = await receiver()
    const receivedOnly = await receiver()
    await destination(everything)
    const onlyId = await destination(receivedOnly, ['lead.received'])
    // A destination from before events were chosen (the column's default): the three of then.
    // Raw SQL on purpose, not the kit: the app (addDestination, so makeDestination) always writes
    // the events, so only a row stored before the column existed takes its default. Switched off,
    // with a secret that is no secret: nothing is ever sent to it.
    await t.db.query(
      `INSERT INTO webhook_destinations (url, secret_encrypted, created_by, enabled)
       VALUES ('https://crm.example.com/old', 'x', 'test', false)`,
    )
    const old = (await listDestinations(t.db)).find((row) => row.url === 'https://crm.example.com/old')
    expect(old?.events).toEqual(['lead.received', 'lead.status_changed', 'lead.assigned'])
    const leadId = await submit('contact-message')
    expect((await api('POST', `/api/admin/leads/${leadId}/notes`, { note: 'Called back.' })).statusCode).toBe(
      200,
    )
    await deliverUntil(() => everything.messages.length >= 2 && receivedOnly.messages.length >= 1, 'both')
    expect(receivedOnly.messages.map((message) => message.payload.type)).toEqual(['lead.received'])
    // Chosen in the API: notes only from now on.
    const edited = await api('PATCH', `/api/admin/webhooks/${onlyId}`, { events: ['lead.note_added'] })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().events).toEqual(['lead.note_added'])
    expect((await api('POST', `/api/admin/leads/${leadId}/notes`, { note: 'Again.' })).statusCode).toBe(200)
    await deliverUntil(() => receivedOnly.messages.length >= 2, 'the note')
    expect(receivedOnly.messages[1]?.payload).toMatchObject({ type: 'lead.note_added', sequence: 3 })
  })

  it('sends the same bytes under the same webhook-id on every attempt and replay, whatever the lead became', async () => {
    const crm = await receiver()
    const id = await destination(crm)
    crm.status = () => (crm.messages.length === 1 ? 503 : 200)
    const leadId = await submit('contact-message', { firstName: 'Jane', lastName: 'Quillfeather' })
    const worker = delivery()
    await waitFor(
      async () => {
        await worker.runOnce()
        return crm.messages.length >= 1
      },
      { what: 'the first attempt', timeoutMs: 15_000 },
    )
    // Between the attempts, the lead changes (its name, and its status without an event).
    await t.db.query(
      `UPDATE leads SET fields = jsonb_set(fields, '{firstName}', '"Janet"'), status = 'quoted' WHERE id = $1`,
      [leadId],
    )
    await deliverUntil(() => crm.messages.length >= 2, 'the second attempt')
    const [first, second] = crm.messages
    expect(second?.id).toBe(first?.id)
    expect(second?.body).toBe(first?.body)
    expect(first?.body).toContain('"Jane"')
    expect(first?.payload.data.status).toBe('new')

    // In the API: one delivery, sent after two attempts, then replayed with the same bytes.
    const listed = await api('GET', `/api/admin/webhooks/${id}/deliveries`)
    expect(listed.statusCode, listed.body).toBe(200)
    const [row] = listed.json().deliveries
    expect(row).toMatchObject({ event: 'lead.received', leadId, sequence: 1, status: 'sent', attempts: 2 })
    expect(row.lastStatusCode).toBe(200)
    expect(row.webhookId).toBe(first?.id)
    const replay = await api('POST', `/api/admin/webhooks/${id}/deliveries/${row.id}/replay`)
    expect(replay.statusCode, replay.body).toBe(200)
    expect(replay.json().replayed).toEqual([row.id])
    await deliverUntil(() => crm.messages.length >= 3, 'the replay')
    expect(crm.messages[2]?.body).toBe(first?.body)
    expect(crm.messages[2]?.id).toBe(first?.id)

    // A lead's deliveries since a time: those of later events only.
    expect((await api('POST', `/api/admin/leads/${leadId}/notes`, { note: 'Quoted.' })).statusCode).toBe(200)
    await deliverUntil(() => crm.messages.length >= 4, 'the note')
    const since = await api('POST', `/api/admin/webhooks/${id}/replay`, {
      leadId,
      since: new Date(today.getTime() - 1000).toISOString(),
    })
    expect(since.statusCode, since.body).toBe(200)
    expect(since.json().replayed).toHaveLength(2)
    const later = await api('POST', `/api/admin/webhooks/${id}/replay`, {
      leadId,
      since: new Date(Date.now() + 3_600_000).toISOString(),
    })
    expect(later.json().replayed).toEqual([])
    const unknown = await api('POST', `/api/admin/webhooks/${id}/deliveries/${leadId}/replay`)
    expect(unknown.statusCode).toBe(404)
  })

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const crm = await receiver()
    const id = await destination(crm)
    const oldSecret = crm.secret
    const rotated = await api('POST', `/api/admin/webhooks/${id}/rotate-secret`)
    expect(rotated.statusCode, rotated.body).toBe(200)
    const { secret, previousSecretUntil } = rotated.json()
    expect(secret).toMatch(/^whsec_/)
    expect(secret).not.toBe(oldSecret)
    expect(new Date(previousSecretUntil).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000)
    await submit('contact-message')
    await deliverUntil(() => crm.messages.length >= 1, 'the lead under both signatures')
    const [message] = crm.messages
    expect(message?.signature.split(' ')).toHaveLength(2)
    // Each secret verifies the request on its own (the receiver checked with the old one).
    const headers = {
      'webhook-id': message?.id ?? '',
      'webhook-timestamp': message?.timestamp ?? '',
      'webhook-signature': message?.signature ?? '',
    }
    expect(new Webhook(secret).verify(message?.body ?? '', headers)).toMatchObject({ type: 'lead.received' })
    expect(new Webhook(oldSecret).verify(message?.body ?? '', headers)).toMatchObject({
      type: 'lead.received',
    })
    crm.secret = secret
    await submit('contact-message')
    await deliverUntil(() => crm.messages.length >= 2, 'the next lead, verified with the new secret')
    // A day later: the new secret only.
    await t.db.query(`UPDATE webhook_destinations SET previous_secret_until = now() - interval '1 second'`)
    await submit('contact-message')
    await deliverUntil(() => crm.messages.length >= 3, 'the lead after the overlap')
    expect(crm.messages[2]?.signature.split(' ')).toHaveLength(1)
    crm.secret = oldSecret
    const before = crm.badSignatures
    await submit('contact-message')
    const worker = delivery()
    await waitFor(
      async () => {
        await worker.runOnce()
        return crm.badSignatures > before
      },
      { what: 'the old secret refused', timeoutMs: 15_000 },
    )
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM staff_audit WHERE action = 'webhook-rotate'`,
    )
    expect(audit).toHaveLength(1)
  })

  it('sends a webhook.test now and answers what the receiver said', async () => {
    const crm = await receiver()
    const id = await destination(crm)
    const ok = await api('POST', `/api/admin/webhooks/${id}/test`)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ ok: true, statusCode: 200 })
    expect(crm.messages[0]?.payload.type).toBe('webhook.test')
    crm.status = () => 503
    const refused = await api('POST', `/api/admin/webhooks/${id}/test`)
    expect(refused.json()).toMatchObject({ ok: false, statusCode: 503 })
    expect(crm.messages[1]?.id).not.toBe(crm.messages[0]?.id)
    const missing = await api('POST', '/api/admin/webhooks/00000000-0000-4000-8000-000000000000/test')
    expect(missing.statusCode).toBe(404)
  })

  it('lists deliveries by page to a leads:read token, and keeps every change an owner’s', async () => {
    const crm = await receiver()
    const id = await destination(crm)
    for (let n = 0; n < 3; n++) await submit('contact-message')
    await deliverUntil(() => crm.messages.length >= 3, 'three leads')
    const bearer = {
      authorization: (await makeApiToken(t.db, { name: 'crm-sync', now: today, salt: ipHashSalt }))
        .authorization,
    }
    const first = await api('GET', `/api/admin/webhooks/${id}/deliveries?pageSize=2`, undefined, bearer)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().deliveries).toHaveLength(2)
    const cursor = first.json().nextCursor
    expect(typeof cursor).toBe('string')
    const second = await api(
      'GET',
      `/api/admin/webhooks/${id}/deliveries?pageSize=2&cursor=${cursor}`,
      undefined,
      bearer,
    )
    expect(second.json().deliveries).toHaveLength(1)
    expect(second.json().nextCursor).toBeNull()
    const ids = [...first.json().deliveries, ...second.json().deliveries].map((row: { id: string }) => row.id)
    expect(new Set(ids).size).toBe(3)
    const bad = await api('GET', `/api/admin/webhooks/${id}/deliveries?cursor=nope`, undefined, bearer)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('cursor')

    // Owner actions: a token, or a member who is not an owner, is refused.
    for (const url of [`/api/admin/webhooks/${id}/test`, `/api/admin/webhooks/${id}/rotate-secret`])
      expect((await api('POST', url, undefined, bearer)).statusCode).toBe(403)
    expect((await api('PATCH', `/api/admin/webhooks/${id}`, { enabled: false }, bearer)).statusCode).toBe(403)
    const member = await signedInStaff(t.db, 'sam@oakridge-insurance.example', { now: today })
    const asMember = { cookie: member.cookie, origin: ownOrigin }
    expect((await api('PATCH', `/api/admin/webhooks/${id}`, { enabled: false }, asMember)).statusCode).toBe(
      403,
    )

    // The owner edits it: address, lines, off; an unknown event or a bad address is named.
    const edited = await api('PATCH', `/api/admin/webhooks/${id}`, {
      url: `${crm.url}?v=2`,
      lines: ['vehicle'],
      enabled: false,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ url: `${crm.url}?v=2`, lines: ['vehicle'], enabled: false })
    const unknownEvent = await api('PATCH', `/api/admin/webhooks/${id}`, { events: ['lead.sold'] })
    expect(unknownEvent.statusCode).toBe(400)
    expect(unknownEvent.json().fields).toHaveProperty('events.0')
    const ftp = await api('PATCH', `/api/admin/webhooks/${id}`, { url: 'ftp://crm.example.com' })
    expect(ftp.statusCode).toBe(400)
    expect(ftp.json().fields).toHaveProperty('url')
    const listed = await api('GET', '/api/admin/webhooks')
    expect(listed.json().destinations).toHaveLength(1)
    expect(listed.body).not.toContain(crm.secret)
  })

  it('lets an owner edit, test, rotate and replay on the desk', async () => {
    const crm = await receiver()
    const id = await destination(crm)
    const leadId = await submit('contact-message')
    await deliverUntil(() => crm.messages.length >= 1, 'the lead')
    const post = (action: string, fields: Record<string, string>) =>
      injectForm(t.app, `/admin/webhooks/${action}`, fields, { cookie: owner.cookie })
    const follow = async (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode, response.body).toBe(303)
      return pageText((await injectGet(t.app, String(response.headers.location), owner.cookie)).body)
    }
    // Every event is ticked for a new destination; the page names them.
    const page = await injectGet(t.app, '/admin/webhooks', owner.cookie)
    expect(page.body).toContain('name="event-lead.note_added" checked=""')

    expect(await follow(await post('test', { id }))).toContain(
      'Test sent: the receiver accepted it (HTTP 200).',
    )
    expect(crm.messages.at(-1)?.payload.type).toBe('webhook.test')

    // Edit: notes only, and a new address on the same receiver.
    const edited = await post('edit', {
      id,
      url: `${crm.url}?edited=1`,
      'event-lead.note_added': 'yes',
      'enabled-yes': 'yes',
    })
    expect(await follow(edited)).toContain('Saved.')
    const [row] = await listDestinations(t.db)
    expect(row).toMatchObject({ url: `${crm.url}?edited=1`, events: ['lead.note_added'], enabled: true })

    // Rotate: the new secret once, then the list; both signatures for a day.
    const rotatedPage = await follow(await post('rotate', { id }))
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec(rotatedPage)?.[0]
    expect(secret).toBeDefined()
    expect(secret).not.toBe(crm.secret)
    expect(rotatedPage).toContain('each request carries both signatures')
    expect(pageText((await injectGet(t.app, '/admin/webhooks', owner.cookie)).body)).toContain(
      'The previous secret signs too until',
    )

    // Send again: a delivered one, and the lead's since yesterday, with the same body and id.
    const [sent] = (
      await t.db.query<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE status = 'sent'`)
    ).map((r) => r)
    expect(await follow(await post('replay', { delivery: String(sent?.id), destination: id }))).toContain(
      'Sent again with the same body and webhook-id.',
    )
    const [lead] = await t.db.query<{ reference: string }>('SELECT reference FROM leads WHERE id = $1', [
      leadId,
    ])
    const byLead = await post('replay-lead', {
      destination: id,
      lead: String(lead?.reference).toLowerCase(),
      since: '2026-11-20T09:00',
    })
    expect(await follow(byLead)).toContain('Sent again with the same body and webhook-id.')
    const before = crm.messages.filter((message) => message.payload.type === 'lead.received')
    await deliverUntil(
      () => crm.messages.filter((message) => message.payload.type === 'lead.received').length >= 2,
      'the replay',
    )
    const received = crm.messages.filter((message) => message.payload.type === 'lead.received')
    expect(received[1]?.body).toBe(before[0]?.body)
    expect(received[1]?.id).toBe(before[0]?.id)
    const unknown = await post('replay-lead', { destination: id, lead: 'ZZZ-ZZZ', since: '2026-11-20T09:00' })
    expect(await follow(unknown)).toContain('There is no lead with that reference.')
  })
})
