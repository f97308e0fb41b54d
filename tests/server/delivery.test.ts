/**
 * Every lead reaches the agency: from POST /api/forms/… through the outbox and the delivery worker
 * to a real SMTP server (tests/server/helpers/smtp-sink.ts), on both database drivers; the .eml
 * fallback without SMTP_URL; retries with backoff while SMTP refuses; and two real server processes
 * sharing one PostgreSQL database, each lead mailed exactly once.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { formDefinitions, getFormDefinition } from '#forms/registry.ts'
import { loadConfig } from '#server/config.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { createDeliveryWorker, type DeliverySettings } from '#server/delivery/delivery-worker.ts'
import { loggerOptions } from '#server/logger.ts'
import { buildLeadNotification } from '#server/mail/lead-notification.tsx'
import { decryptValue } from '#server/security/sensitive-fields.ts'
import { contactPayload } from '#tests/kit/form-posts.ts'
import { isHoneypot, registeredForm, validPayload } from './helpers/form-payloads.ts'
import { type ParsedMail, parseMail } from './helpers/mime.ts'
import { createScratchDatabase, type ScratchDatabase } from './helpers/postgres-server.ts'
import { submitStoredLead } from './helpers/requests.ts'
import { type ServerProcess, startServerProcess, waitFor } from './helpers/server-process.ts'
import { useSmtpSink } from './helpers/smtp-sink.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const today = new Date()
const encryptionKeyHex = randomBytes(32).toString('hex')
const encryptionKey = Buffer.from(encryptionKeyHex, 'hex')
const ipHashSalt = 'delivery-tests-salt-0123456789'
/** The monitoring token that reads the delivery counts of /api/health. */
const metricsToken = 'delivery-tests-monitor-0123'
const monitor = { authorization: `Bearer ${metricsToken}` }
const agencyDomain = agency.email.split('@')[1] ?? ''

/** The server's defaults for LEADS_TO and MAIL_FROM, read the way main.ts reads them. */
const config = loadConfig(
  { IP_HASH_SALT: ipHashSalt, LEAD_ENCRYPTION_KEY: encryptionKeyHex, DATA_DIR: tmpdir() },
  tmpdir(),
)

const xss = '<script>alert(1)</script>'
const visitorMessage = `Hello & welcome,\n${xss}\n"double" and 'single' quotes; <b>bold</b>`
/** Sensitive numbers: never in an e-mail, never in a log line. */
const ssns = ['111223333', '444556666', '777889999']
const ein = '582345671'

function workersCompPayload(): Record<string, string> {
  // validPayload fills the optional owners 2 and 3 too, so all three SSNs are given.
  return {
    ...validPayload(registeredForm('workers-comp-quote'), today),
    ssn1: ssns[0] ?? '',
    ssn2: ssns[1] ?? '',
    ssn3: ssns[2] ?? '',
    contactName: 'Marta Okonkwo',
    email: 'marta.okonkwo@example.com',
  }
}

function generalLiabilityPayload(): Record<string, string> {
  return { ...validPayload(registeredForm('general-liability-quote'), today), ein }
}

function decodeHtmlEntities(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
}

/** A field's label as the e-mail shows it: with its section's name where two fields share the label. */
function mailLabel(definition: FormDefinition, name: string): string {
  const section = definition.sections.find((part) => part.fields.some((field) => field.name === name))
  const label = allFields(definition).find((field) => field.name === name)?.label ?? name
  const shared = allFields(definition).filter((field) => field.label === label).length > 1
  return shared && section ? `${section.legend.replace(' (optional)', '')} — ${label}` : label
}

/** The rows a lead's e-mail must list, in the form's order: every filled, non-sensitive field. */
function expectedRows(definition: FormDefinition, payload: Record<string, string>): [string, string][] {
  return allFields(definition)
    .filter((field) => !field.sensitive && !isHoneypot(field) && (payload[field.name] ?? '').trim() !== '')
    .map((field) => [mailLabel(definition, field.name), (payload[field.name] ?? '').trim()])
}

/** Checks what the agency reads: headers, subject, and both parts listing the fields in form order. */
function expectLeadMail(
  mail: ParsedMail,
  {
    leadId,
    definition,
    payload,
    visitor,
  }: { leadId: string; definition: FormDefinition; payload: Record<string, string>; visitor: string },
): void {
  expect(mail.messageId).toBe(`<lead-${leadId}@${agencyDomain}>`)
  expect(mail.header('to')).toContain(config.leadsTo)
  // From is the agency's own address; the visitor is only in Reply-To.
  expect(mail.header('from')).toContain(`@${agencyDomain}>`)
  expect(config.mailFrom).toContain(mail.header('from')?.match(/<([^>]+)>/)?.[1] ?? 'no address')
  expect(mail.header('from')).not.toContain(payload.email ?? 'no visitor e-mail')
  expect(mail.header('reply-to')).toContain(`<${payload.email}>`)
  expect(mail.subject).toContain(definition.title)
  expect(mail.subject).toContain(visitor)

  const rows = expectedRows(definition, payload)
  expect(rows.length).toBeGreaterThan(2)
  const text = mail.text ?? ''
  let position = -1
  for (const [label, value] of rows) {
    const line = `${label}: ${value}`
    const at = text.indexOf(line, position + 1)
    expect(at, `text part lists "${line}" after the previous field`).toBeGreaterThan(position)
    position = at
  }

  const html = mail.html ?? ''
  const htmlRows = [...html.matchAll(/<tr><th[^>]*>([\s\S]*?)<\/th><td[^>]*>([\s\S]*?)<\/td><\/tr>/g)].map(
    (match) => [decodeHtmlEntities(match[1] ?? ''), decodeHtmlEntities(match[2] ?? '')],
  )
  expect(htmlRows).toEqual(rows)
}

interface Capture {
  stream: Writable
  text(): string
}

function captureLogs(): Capture {
  let logs = ''
  return {
    stream: new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString()
        done()
      },
    }),
    text: () => logs,
  }
}

/** What must never appear in a log line: sensitive numbers and anything the visitor typed. */
const secretsInBodies = [...ssns, ein, 'Quillfeather', 'Okonkwo', 'jane.quillfeather@example.com', xss]

describe.each(drivers)('lead delivery on %s', (driver) => {
  const logs = captureLogs()
  const t = useTestApp(driver, {
    ipHashSalt,
    encryptionKey,
    now: () => today,
    logger: { ...loggerOptions('debug'), stream: logs.stream },
    metricsToken,
  })
  const sink = useSmtpSink()
  let mailDir: string

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'agency-mail-'))
  })
  afterAll(async () => {
    if (mailDir) await rm(mailDir, { recursive: true, force: true })
  })

  /** A worker as main.ts makes it, sending to the sink (or to .eml files), with short delays. */
  function worker(settings: Partial<DeliverySettings> = {}, { smtp = true }: { smtp?: boolean } = {}) {
    return createDeliveryWorker({
      db: t.db,
      transport: sink.transport({ smtp, mailDir }),
      getForm: getFormDefinition,
      log: t.app.log,
      settings: {
        from: config.mailFrom,
        to: config.leadsTo,
        maxAttempts: 10,
        baseDelayMs: 100,
        maxDelayMs: 2000,
        leaseMs: 60_000,
        ...settings,
      },
    })
  }

  /** Submits through the API; answers the stored lead's id (by its idempotency key). */
  async function submit(formKey: string, payload: unknown, headers: Record<string, string> = {}) {
    return (await submitStoredLead(t.app, t.db, formKey, payload, { salt: ipHashSalt, now: today, headers }))
      .id
  }

  interface JobRow {
    status: string
    attempts: number
    /** Milliseconds from the database's now to next_attempt_at. */
    due_in_ms: number
    next_attempt_at: Date | string
    last_error: string | null
  }

  async function job(leadId: string): Promise<JobRow> {
    const rows = await t.db.query<JobRow>(
      `SELECT status, attempts, next_attempt_at, last_error,
              (extract(epoch FROM next_attempt_at - now()) * 1000)::float8 AS due_in_ms
         FROM delivery_jobs WHERE lead_id = $1`,
      [leadId],
    )
    expect(rows).toHaveLength(1)
    return rows[0] as JobRow
  }

  const mailsFor = (leadId: string) => sink.byLeadId().get(leadId) ?? []

  /** For waitFor: one delivery pass, then the check. */
  const passThen = (delivery: { runOnce(): Promise<number> }, check: () => Promise<boolean>) => async () => {
    await delivery.runOnce()
    return check()
  }

  it('mails a lead once to LEADS_TO, from MAIL_FROM, Reply-To the visitor, fields in form order, HTML escaped', async () => {
    const definition = registeredForm('contact-message')
    const payload = contactPayload(today, { msg: visitorMessage })
    const leadId = await submit('contact-message', payload)
    const delivery = worker()
    expect(await delivery.runOnce()).toBe(1)
    // A second pass finds nothing due: the lead is not mailed again.
    expect(await delivery.runOnce()).toBe(0)

    const mails = mailsFor(leadId)
    expect(mails).toHaveLength(1)
    const mail = mails[0] as (typeof mails)[number]
    expect(mail.envelope.to).toEqual([config.leadsTo])
    expect(config.mailFrom).toContain(`<${mail.envelope.from}>`)
    expectLeadMail(mail, { leadId, definition, payload, visitor: 'Jane Quillfeather' })
    expect(mail.text).toContain('Language of the visitor: English')
    // The visitor's markup arrives verbatim in the text part and escaped in the HTML part.
    expect(mail.text).toContain(visitorMessage)
    expect(mail.html).not.toContain(xss)
    expect(mail.html).not.toContain('<b>bold</b>')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).toContain('Hello &amp; welcome')
    expect(mail.html).toContain('&quot;double&quot; and &#x27;single&#x27;')

    const [stored] = await t.db.query<{ status: string; attempts: number; sent_at: unknown }>(
      'SELECT status, attempts, sent_at FROM delivery_jobs WHERE lead_id = $1',
      [leadId],
    )
    expect(stored).toMatchObject({ status: 'sent', attempts: 1 })
    expect(stored?.sent_at).not.toBeNull()
  })

  it('says when a lead came in Spanish', async () => {
    const leadId = await submit(
      'contact-message',
      contactPayload(today, { msg: visitorMessage, firstName: 'Lucía' }),
      {
        'content-language': 'es-US,es;q=0.9',
      },
    )
    await worker().runOnce()
    const [mail] = mailsFor(leadId)
    expect(mail?.subject).toContain('Lucía Quillfeather')
    expect(mail?.subject).toMatch(/^\[ES\] /)
    expect(mail?.text).toContain('Language of the visitor: Spanish')
    expect(mail?.html).toContain('Language of the visitor: Spanish')
  })

  it('says what a person needs at a glance: name, line and reference in the subject, local time, a link to the lead, labelled owners', async () => {
    const leadId = await submit('workers-comp-quote', workersCompPayload(), {
      'content-language': 'es-US,es;q=0.9',
    })
    await worker().runOnce()
    const [mail] = mailsFor(leadId)
    const [stored] = await t.db.query<{ reference: string; received_at: Date | string }>(
      'SELECT reference, received_at FROM leads WHERE id = $1',
      [leadId],
    )
    const reference = stored?.reference ?? 'no reference'
    expect(mail?.subject).toBe(`[ES] Workers' compensation quote from Marta Okonkwo · ${reference}`)
    expect(mail?.text).toContain(`Reference: ${reference}`)
    expect(mail?.text).toContain(`Open the lead: ${agency.siteUrl}/admin/leads/${leadId}`)
    expect(mail?.html).toContain(`href="${agency.siteUrl}/admin/leads/${leadId}"`)
    expect(mail?.text).toContain('Language of the visitor: Spanish (español)')
    // The time in the agency's time zone, not UTC.
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: agency.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(stored?.received_at ?? 0))
    expect(mail?.text).toContain(`Received: ${local} (E`)
    expect(mail?.text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/)
    // Owners 1 and 2 ask the same questions: each label names its owner.
    expect(mail?.text).toContain('Owner 1 — Full name: ')
    expect(mail?.text).toContain('Owner 2 — Full name: ')
    expect(mail?.text).not.toMatch(/^Full name: /m)
    expect(mail?.text).not.toMatch(/\b(\w+) \1\b/i)
    expect(mail?.subject).not.toMatch(/\b(\w+) \1\b/i)
  })

  it('gives the time received in the agency time zone and never doubles the form title', () => {
    const message = buildLeadNotification(
      registeredForm('quote-request'),
      {
        id: '00000000-0000-4000-8000-000000000001',
        reference: 'K7M-Q9X',
        formKey: 'quote-request',
        fields: {
          ...validPayload(registeredForm('quote-request'), today),
          firstName: 'Maria',
          lastName: 'Johnson',
        },
        language: 'en',
        receivedAt: new Date('2026-11-25T12:35:22.640Z'),
      },
      { siteUrl: 'https://www.oakridge-insurance.example', timeZone: 'America/New_York' },
    )
    expect(message.subject).toMatch(/^Quote request \(.+\) from Maria Johnson · K7M-Q9X$/)
    expect(message.text).toContain('Received: Nov 25, 2026, 7:35 AM (EST)')
    expect(message.text).not.toContain('request request')
    expect(message.text).toContain(
      'Open the lead: https://www.oakridge-insurance.example/admin/leads/00000000-0000-4000-8000-000000000001',
    )
  })

  it('never mails SSNs or an EIN, and stores them encrypted', async () => {
    const workersComp = registeredForm('workers-comp-quote')
    const wcPayload = workersCompPayload()
    const wcLead = await submit('workers-comp-quote', wcPayload)
    const glLead = await submit('general-liability-quote', generalLiabilityPayload())
    expect(await worker().runOnce()).toBe(2)

    const [wcMail] = mailsFor(wcLead)
    const [glMail] = mailsFor(glLead)
    if (!wcMail || !glMail) throw new Error('a sensitive lead was not mailed')
    expectLeadMail(wcMail, {
      leadId: wcLead,
      definition: workersComp,
      payload: wcPayload,
      visitor: 'Marta Okonkwo',
    })
    for (const mail of [wcMail, glMail]) {
      for (const secret of [...ssns, ein]) {
        expect(mail.text).not.toContain(secret)
        expect(mail.html).not.toContain(secret)
        expect(mail.raw).not.toContain(secret)
      }
      expect(mail.text).not.toContain('Social Security number')
      expect(mail.text).not.toContain('Employer Identification Number')
      expect(mail.text).toContain('Sensitive numbers (SSN, EIN) were provided')
    }

    const rows = await t.db.query<{ id: string; fields: Record<string, string>; text: string }>(
      'SELECT id, fields, fields::text AS text FROM leads WHERE id = ANY($1::uuid[])',
      [[wcLead, glLead]],
    )
    const byId = new Map(rows.map((row) => [row.id, row]))
    const wc = byId.get(wcLead)
    const gl = byId.get(glLead)
    for (const [index, ssn] of ssns.entries()) {
      const stored = wc?.fields[`ssn${index + 1}`] ?? ''
      expect(stored).toMatch(/^enc:v1:/)
      expect(decryptValue(stored, encryptionKey)).toBe(ssn)
    }
    expect(gl?.fields.ein).toMatch(/^enc:v1:/)
    expect(decryptValue(gl?.fields.ein ?? '', encryptionKey)).toBe(ein)
    for (const secret of [...ssns, ein]) {
      expect(wc?.text).not.toContain(secret)
      expect(gl?.text).not.toContain(secret)
    }
  })

  it('keeps the lead while SMTP refuses, retries with growing backoff, then mails it once', async () => {
    sink.setMode('reject')
    const refusedBefore = sink.refused
    const leadId = await submit('contact-message', contactPayload(today, { msg: visitorMessage }))
    const delivery = worker({ baseDelayMs: 400, maxDelayMs: 5000 })

    const seen: JobRow[] = []
    // Attempts 1 and 2: MAIL FROM refused; attempt 3: the connection itself refused.
    for (const [attempt, mode] of [
      [1, 'reject'],
      [2, 'reject'],
      [3, 'disconnect'],
    ] as const) {
      sink.setMode(mode)
      await waitFor(
        passThen(delivery, async () => (await job(leadId)).attempts >= attempt),
        {
          what: `attempt ${attempt}`,
        },
      )
      const state = await job(leadId)
      expect(state.attempts).toBe(attempt)
      expect(state.status).toBe('pending')
      expect(state.last_error).toBeTruthy()
      seen.push(state)
      // Not due again at once: a pass right after the failure leaves the job alone.
      if (attempt < 3) {
        expect(await delivery.runOnce()).toBe(0)
        expect((await job(leadId)).attempts).toBe(attempt)
      }
    }
    expect(sink.refused).toBeGreaterThanOrEqual(refusedBefore + 3)
    expect(mailsFor(leadId)).toHaveLength(0)
    // next_attempt_at moves later each time, by 400, 800, then 1600 ms (less the time taken since).
    const due = seen.map((state) => new Date(state.next_attempt_at).getTime())
    expect(due[1]).toBeGreaterThan(due[0] ?? Number.POSITIVE_INFINITY)
    expect(due[2]).toBeGreaterThan(due[1] ?? Number.POSITIVE_INFINITY)
    expect(seen[0]?.due_in_ms).toBeLessThanOrEqual(400)
    expect(seen[2]?.due_in_ms).toBeGreaterThan(800)
    expect(seen[2]?.due_in_ms).toBeLessThanOrEqual(1600)
    expect((due[2] ?? 0) - (due[1] ?? 0)).toBeGreaterThan((due[1] ?? 0) - (due[0] ?? 0))

    sink.setMode('accept')
    await waitFor(
      passThen(delivery, async () => mailsFor(leadId).length > 0),
      { what: 'the mail' },
    )
    expect(await delivery.runOnce()).toBe(0)
    expect(mailsFor(leadId)).toHaveLength(1)
    expect(await job(leadId)).toMatchObject({ status: 'sent', attempts: 4, last_error: null })
  })

  it('marks the job failed after the last attempt, and /api/health counts it', async () => {
    const healthBefore = (await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor })).json()
    sink.setMode('reject')
    const leadId = await submit('contact-message', contactPayload(today, { msg: visitorMessage }))
    const delivery = worker({ maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 100 })
    await waitFor(
      passThen(delivery, async () => (await job(leadId)).status === 'failed'),
      {
        what: 'the job to fail',
      },
    )
    expect(await job(leadId)).toMatchObject({ status: 'failed', attempts: 3 })

    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({
      status: 'up',
      deliveries: { failed: healthBefore.deliveries.failed + 1, waiting: 0 },
    })
    // A failed job waits for staff: it is not retried on its own, and the lead stays stored.
    sink.setMode('accept')
    expect(await delivery.runOnce()).toBe(0)
    expect(mailsFor(leadId)).toHaveLength(0)
    const [lead] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE id = $1', [
      leadId,
    ])
    expect(lead?.n).toBe(1)
  })

  it('without SMTP_URL writes the same message as an .eml file under the mail folder', async () => {
    const definition = registeredForm('contact-message')
    const payload = contactPayload(today, { msg: visitorMessage })
    const smtpLead = await submit('contact-message', payload)
    await worker().runOnce()
    const fileLead = await submit('contact-message', payload)
    expect(await worker({}, { smtp: false }).runOnce()).toBe(1)

    const files = (await readdir(mailDir)).filter((name) => name.endsWith(`-${fileLead}.eml`))
    expect(files).toHaveLength(1)
    const eml = parseMail(await readFile(path.join(mailDir, files[0] as string), 'utf8'))
    expectLeadMail(eml, { leadId: fileLead, definition, payload, visitor: 'Jane Quillfeather' })
    expect(mailsFor(fileLead)).toHaveLength(0)

    const smtpMail = mailsFor(smtpLead)[0]
    const references = new Map(
      (
        await t.db.query<{ id: string; reference: string }>(
          'SELECT id, reference FROM leads WHERE id = ANY($1::uuid[])',
          [[smtpLead, fileLead]],
        )
      ).map((row) => [String(row.id), row.reference]),
    )
    const comparable = (mail: ParsedMail | undefined, leadId: string) => {
      const same = (text: string | undefined) =>
        text
          ?.replaceAll(leadId, 'ID')
          .replaceAll(references.get(leadId) ?? 'no reference', 'REF')
          .replace(/Received: [^\n<]+/, 'Received: T')
          .trimEnd()
      return {
        subject: same(mail?.subject),
        from: mail?.header('from'),
        to: mail?.header('to'),
        replyTo: mail?.header('reply-to'),
        text: same(mail?.text),
        html: same(mail?.html),
      }
    }
    expect(comparable(eml, fileLead)).toEqual(comparable(smtpMail, smtpLead))
  })

  it('never logs an SSN or what a visitor typed', () => {
    const text = logs.text()
    // The logs did record the requests and the deliveries, retries and failure.
    expect(text).toContain('/api/forms/workers-comp-quote')
    expect(text).toContain('lead notification delivered')
    expect(text).toContain('will retry')
    expect(text).toContain('failed for good')
    for (const secret of secretsInBodies) expect(text).not.toContain(secret)
  })
})

describe('two server processes on one PostgreSQL database', () => {
  const sink = useSmtpSink()
  let scratch: ScratchDatabase
  let dataDir: string
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    ;[scratch, dataDir] = await Promise.all([
      createScratchDatabase(),
      mkdtemp(path.join(tmpdir(), 'agency-two-servers-')),
    ])
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()))
    await Promise.all([scratch?.drop(), dataDir && rm(dataDir, { recursive: true, force: true })])
  })

  it('mails each of 40 leads exactly once, whichever process took it', async () => {
    const env = (name: string) => ({
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dataDir, name),
      SMTP_URL: sink.url,
      // Only the agency's notifications are counted here: the visitor's copy is tested on its own
      // (tests/server/visitor-confirmation.test.ts).
      VISITOR_CONFIRMATION: 'off',
      DELIVERY_POLL_MS: '50',
      DELIVERY_RETRY_BASE_MS: '100',
      DELIVERY_RETRY_MAX_MS: '400',
      // However slow the machine, no job runs out of attempts while SMTP refuses.
      DELIVERY_MAX_ATTEMPTS: '1000',
      SUBMIT_RATE_LIMIT: '100000/1s',
      LEAD_ENCRYPTION_KEY: encryptionKeyHex,
      IP_HASH_SALT: ipHashSalt,
      METRICS_TOKEN: metricsToken,
      NODE_ENV: 'development',
    })
    // Both start at once: their migrations meet at the advisory lock.
    await Promise.all(
      ['a', 'b'].map(async (name) => servers.push(await startServerProcess({ env: env(name) }))),
    )

    // The first half arrives while SMTP refuses, so both processes also retry.
    sink.setMode('reject')
    const keys: string[] = []
    const send = async (index: number) => {
      const server = servers[index % 2] as ServerProcess
      const key = `two-servers-${index}`
      keys.push(key)
      const [formKey, payload] =
        index % 4 === 3
          ? ['workers-comp-quote', workersCompPayload()]
          : ['contact-message', contactPayload(today, { msg: visitorMessage })]
      const response = await fetch(`${server.url}/api/forms/${formKey}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': key,
          'x-proof-of-work': await solvedProof(ipHashSalt),
        },
        body: JSON.stringify(payload),
      })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('OK')
    }
    for (let batch = 0; batch < 4; batch++) {
      if (batch === 2) {
        await waitFor(() => sink.refused > 0, { what: 'a refused attempt' })
        sink.setMode('accept')
      }
      await Promise.all(Array.from({ length: 10 }, (_, i) => send(batch * 10 + i)))
    }

    const db = await openPostgresDatabase(scratch.url)
    try {
      const leads = await db.query<{ id: string }>('SELECT id FROM leads WHERE idempotency_key = ANY($1)', [
        keys,
      ])
      expect(leads).toHaveLength(40)
      const ids = leads.map((lead) => lead.id)
      await waitFor(() => ids.every((id) => sink.byLeadId().has(id)), {
        timeoutMs: 30_000,
        what: 'every lead to be mailed',
      })
      // Once no job is waiting, nothing more can be sent: the count is final.
      await waitFor(
        async () => {
          const [row] = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM delivery_jobs WHERE status <> 'sent'`,
          )
          return row?.n === 0
        },
        { what: 'every job to be sent' },
      )
      const received = sink.byLeadId()
      for (const id of ids) expect(received.get(id), `lead ${id}`).toHaveLength(1)
      expect(sink.messages).toHaveLength(40)
    } finally {
      await db.close()
    }

    for (const server of servers) {
      const health = await fetch(`${server.url}/api/health`, { headers: monitor })
      expect(await health.json()).toMatchObject({
        status: 'up',
        driver: 'postgres',
        deliveries: { failed: 0, waiting: 0 },
      })
    }
    await Promise.all(servers.map((server) => server.stop()))
    const output = servers.map((server) => server.output()).join('\n')
    expect(output).toContain('lead notification delivered')
    expect(output).toContain('will retry')
    for (const secret of secretsInBodies) expect(output).not.toContain(secret)
    for (const server of servers) expect(server.process.exitCode).toBe(0)
  })
})

// The registry is what the tests above pick forms from.
it('has the forms these tests use', () => {
  for (const key of ['contact-message', 'workers-comp-quote', 'general-liability-quote']) {
    expect(formDefinitions.some((definition) => definition.key === key)).toBe(true)
  }
})
