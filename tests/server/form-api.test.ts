import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it, onTestFinished } from 'vitest'
import { agency, formatPhone } from '#config/agency.ts'
import { allFields, type ChoiceField, type FormDefinition } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import { type AppOptions, buildApp } from '#server/app.ts'
import { hashClientIp } from '#server/leads/submission-metadata.ts'
import { loggerOptions } from '#server/logger.ts'
import { decryptValue, sensitiveFieldNames } from '#server/security/sensitive-fields.ts'
import { expectedStoredFields, isHoneypot, registeredForm, validPayload } from './helpers/form-payloads.ts'
import { submitForm } from './helpers/requests.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { testAppOptions, useTestApp } from './helpers/test-app.ts'
import { drivers, openTestDatabase, testEncryptionKey, useTestDatabase } from './helpers/test-database.ts'

const salt = 'form-api-tests-salt-0123'
const today = new Date()
const invalidMessage = 'Please correct the highlighted fields.'

interface StoredLead {
  id: string
  form_key: string
  fields: Record<string, string>
  language: string
  user_agent: string | null
  ip_hash: string | null
  is_spam: boolean
  idempotency_key: string | null
  status: string
  reference: string
}

const contactForm = () => registeredForm('contact-message')

/** Forms having a field that matches, with the first such field. */
function formsWith<F>(pick: (form: FormDefinition) => F | undefined): [string, FormDefinition, F][] {
  return formDefinitions.flatMap((form) => {
    const field = pick(form)
    return field === undefined ? [] : [[form.key, form, field] as [string, FormDefinition, F]]
  })
}

const firstRequired = (form: FormDefinition) =>
  allFields(form).find((field) => field.required && !isHoneypot(field))
const firstChoice = (form: FormDefinition) =>
  allFields(form).find((field): field is ChoiceField => field.kind === 'select' || field.kind === 'radio')
const firstPatterned = (form: FormDefinition) =>
  allFields(form).find((field) => 'pattern' in field && field.pattern !== undefined)

/** The contact form sent as JSON without a proof of work: valid answers unless told otherwise. */
function sendContact(
  app: FastifyInstance,
  payload: string | object = validPayload(contactForm(), today),
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/forms/contact-message',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  })
}

describe.each(drivers)('form API on %s', (driver) => {
  const t = useTestApp(driver, { ipHashSalt: salt, now: () => today })

  async function leadCount(): Promise<number> {
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')
    return row?.n ?? 0
  }

  async function lastLead(): Promise<StoredLead> {
    const [row] = await t.db.query<StoredLead>('SELECT * FROM leads ORDER BY received_at DESC, id LIMIT 1')
    if (!row) throw new Error('no lead stored')
    return row
  }

  async function jobCount(leadId: string): Promise<number> {
    const [row] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM delivery_jobs WHERE lead_id = $1',
      [leadId],
    )
    return row?.n ?? 0
  }

  /** As the form's script sends it: JSON with a solved proof of work, a minute after the first touch. */
  function submit(formKey: string, payload: unknown, headers: Record<string, string> = {}) {
    return submitForm(t.app, formKey, payload, {
      salt,
      now: today,
      headers: { 'user-agent': 'vitest-browser/1.0', ...headers },
    })
  }

  /** Sends a request that must be refused, and checks nothing was stored. */
  async function expectRefused(send: () => ReturnType<typeof submit>, status: number) {
    const before = await leadCount()
    const response = await send()
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const body = response.json<{ error: string }>()
    expect(typeof body.error).toBe('string')
    // No stack traces or internals in error bodies.
    expect(response.body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/)
    expect(await leadCount()).toBe(before)
    return body
  }

  it('registers all 24 forms', () => {
    expect(formDefinitions).toHaveLength(24)
  })

  describe('a valid submission', () => {
    it.each(formDefinitions.map((form) => [form.key, form] as const))(
      '%s: answers OK and stores the fields under their form names with a delivery job',
      async (_key, form) => {
        const before = await leadCount()
        const response = await submit(form.key, validPayload(form, today))
        expect(response.statusCode, response.body).toBe(200)
        expect(response.headers['content-type']).toMatch(/^text\/plain/)
        expect(response.body).toBe('OK')
        expect(await leadCount()).toBe(before + 1)

        const lead = await lastLead()
        expect(lead.form_key).toBe(form.key)
        // Sensitive fields (SSN, EIN) are stored encrypted: never the plain number, and they decrypt back.
        const sensitive = sensitiveFieldNames(form)
        for (const name of sensitive) {
          expect(lead.fields[name]).toMatch(/^enc:v1:/)
          expect(lead.fields[name]).not.toContain(expectedStoredFields(form, today)[name])
        }
        const decrypted = Object.fromEntries(
          Object.entries(lead.fields).map(([name, value]) => [
            name,
            sensitive.has(name) ? decryptValue(String(value), testEncryptionKey) : value,
          ]),
        )
        expect(decrypted).toEqual(expectedStoredFields(form, today))
        expect(lead.is_spam).toBe(false)
        expect(lead.status).toBe('new')
        expect(lead.language).toBe('en')
        expect(await jobCount(lead.id)).toBe(1)
      },
    )

    it('stores the language, user agent and a salted hash of the address, never the address', async () => {
      const response = await submit('contact-message', validPayload(contactForm(), today), {
        'content-language': 'es',
        'user-agent': `Mozilla/5.0 ${'x'.repeat(800)}`,
      })
      expect(response.statusCode).toBe(200)
      const lead = await lastLead()
      expect(lead.language).toBe('es')
      expect(lead.user_agent).toHaveLength(500)
      expect(lead.user_agent?.startsWith('Mozilla/5.0 ')).toBe(true)
      expect(lead.ip_hash).toBe(hashClientIp('127.0.0.1', salt))
      expect(JSON.stringify(lead)).not.toContain('127.0.0.1')
    })

    it('accepts application/json with a charset', async () => {
      const response = await submit('contact-message', validPayload(contactForm(), today), {
        'content-type': 'application/json; charset=utf-8',
      })
      expect(response.statusCode).toBe(200)
    })
  })

  describe('the lead reference', () => {
    it('travels in the Lead-Reference header, the body stays OK, and it is the stored lead’s', async () => {
      const response = await submit('contact-message', validPayload(contactForm(), today))
      expect(response.body).toBe('OK')
      const reference = response.headers['lead-reference']
      expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/)
      const lead = await lastLead()
      expect(lead.reference).toBe(reference)
    })

    it('is new for every lead, and the same for a repeated idempotent request', async () => {
      const payload = validPayload(contactForm(), today)
      const key = `reference-${driver}-${Date.now()}`
      const first = await submit('contact-message', payload, { 'idempotency-key': key })
      const again = await submit('contact-message', payload, { 'idempotency-key': key })
      const other = await submit('contact-message', payload)
      expect(again.headers['lead-reference']).toBe(first.headers['lead-reference'])
      expect(other.headers['lead-reference']).not.toBe(first.headers['lead-reference'])
    })

    it('is given to a honeypot hit too, so a bot cannot tell it was caught', async () => {
      const response = await submit('contact-message', {
        ...validPayload(contactForm(), today),
        company: 'x',
      })
      expect(response.headers['lead-reference']).toBe((await lastLead()).reference)
    })

    it('is drawn again when the first draw is already taken', async () => {
      const [taken] = await t.db.query<{ reference: string }>('SELECT reference FROM leads LIMIT 1')
      if (!taken) throw new Error('no lead stored yet')
      // The next insert carries a stored reference, as if drawn twice; the one after is left as drawn.
      await t.db.exec(`CREATE SEQUENCE reference_draws;
        CREATE FUNCTION repeat_a_reference() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF nextval('reference_draws') = 1 THEN NEW.reference := '${taken.reference}'; END IF;
            RETURN NEW;
          END $$;
        CREATE TRIGGER repeat_a_reference BEFORE INSERT ON leads
          FOR EACH ROW EXECUTE FUNCTION repeat_a_reference()`)
      try {
        const before = await leadCount()
        const response = await submit('contact-message', validPayload(contactForm(), today))
        expect(response.statusCode, response.body).toBe(200)
        expect(await leadCount()).toBe(before + 1)
        const lead = await lastLead()
        expect(lead.reference).not.toBe(taken.reference)
        expect(response.headers['lead-reference']).toBe(lead.reference)
      } finally {
        await t.db.exec(`DROP TRIGGER repeat_a_reference ON leads; DROP FUNCTION repeat_a_reference();
          DROP SEQUENCE reference_draws`)
      }
    })
  })

  describe('phone numbers', () => {
    it.each(['(770) 555-0142', '770-555-0142', '770.555.0142', '+1 770 555 0142', '1 (770) 555-0142'])(
      '"%s" is accepted and stored as 7705550142',
      async (phone) => {
        const response = await submit('contact-message', { ...validPayload(contactForm(), today), phone })
        expect(response.statusCode, response.body).toBe(200)
        expect((await lastLead()).fields.phone).toBe('7705550142')
      },
    )

    it.each(['1', '77055501', '+44 20 7946 0958', '770-555-0142 x3', '0705550142'])(
      '"%s" is refused with a field error, nothing stored',
      async (phone) => {
        const body = await expectRefused(
          () => submit('contact-message', { ...validPayload(contactForm(), today), phone }),
          400,
        )
        expect(body).toEqual({
          error: invalidMessage,
          fields: { phone: `Enter a 10-digit US phone number, for example ${formatPhone(agency.phone)}.` },
        })
      },
    )
  })

  describe('invalid input stores nothing', () => {
    it.each(formsWith(firstRequired))(
      '%s: a missing required field → 400 naming it',
      async (_key, form, field) => {
        const payload = validPayload(form, today)
        delete payload[field.name]
        const body = await expectRefused(() => submit(form.key, payload), 400)
        expect(body.error).toBe(invalidMessage)
        expect(body).toHaveProperty(['fields', field.name])
      },
    )

    it.each(formsWith(firstChoice))('%s: a value not among the options → 400', async (_key, form, field) => {
      const payload = { ...validPayload(form, today), [field.name]: 'Not one of the options' }
      const body = await expectRefused(() => submit(form.key, payload), 400)
      expect(body.error).toBe(invalidMessage)
      expect(body).toHaveProperty(['fields', field.name])
    })

    it.each(formsWith(firstPatterned))(
      '%s: a value breaking the pattern → 400',
      async (_key, form, field) => {
        const payload = { ...validPayload(form, today), [field.name]: 'abc123!' }
        const body = await expectRefused(() => submit(form.key, payload), 400)
        expect(body.error).toBe(invalidMessage)
        expect(body).toHaveProperty(['fields', field.name])
      },
    )

    it.each([
      ['an array', []],
      ['null', null],
      ['a string', 'hello'],
    ])('a body that is %s → 400', async (_label, payload) => {
      await expectRefused(() => submit('contact-message', payload), 400)
    })

    it('an unknown form → 404', async () => {
      const body = await expectRefused(() => submit('no-such-form', validPayload(contactForm(), today)), 404)
      expect(body).not.toHaveProperty('fields')
    })

    it('a body over 64 KiB → 413', async () => {
      const payload = { ...validPayload(contactForm(), today), padding: 'x'.repeat(65 * 1024) }
      await expectRefused(() => submit('contact-message', payload), 413)
    })

    // application/x-www-form-urlencoded is a browser posting the form without JavaScript (no-js-forms.test.ts).
    it.each(['text/plain', 'multipart/form-data; boundary=x'])(
      'content type %s → 415',
      async (contentType) => {
        await expectRefused(
          () =>
            t.app.inject({
              method: 'POST',
              url: '/api/forms/contact-message',
              headers: { 'content-type': contentType },
              payload: 'firstName=Jane',
            }),
          415,
        )
      },
    )

    it('no content type → 415', async () => {
      await expectRefused(() => t.app.inject({ method: 'POST', url: '/api/forms/contact-message' }), 415)
    })

    it('malformed JSON → 400 without parser details', async () => {
      const body = await expectRefused(() => sendContact(t.app, '{"firstName": "Jane",'), 400)
      expect(body.error).not.toMatch(/Unexpected|position|JSON\.parse/)
    })

    it('an empty JSON body → 400', async () => {
      await expectRefused(() => sendContact(t.app, ''), 400)
    })

    it('__proto__ or constructor.prototype in the body → 400, nothing polluted', async () => {
      const payload = JSON.stringify(validPayload(contactForm(), today))
      for (const poison of [
        '"__proto__": {"polluted": "yes"}',
        '"constructor": {"prototype": {"polluted": "yes"}}',
      ]) {
        await expectRefused(() => sendContact(t.app, `{${poison}, ${payload.slice(1)}`), 400)
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })

    it('a malformed Idempotency-Key → 400', async () => {
      for (const key of ['has spaces', 'x'.repeat(101), 'semi;colon']) {
        await expectRefused(
          () => submit('contact-message', validPayload(contactForm(), today), { 'idempotency-key': key }),
          400,
        )
      }
    })
  })

  describe('the honeypot', () => {
    it('a filled company field answers OK and stores spam without a delivery job', async () => {
      const before = await leadCount()
      const response = await submit('contact-message', {
        ...validPayload(contactForm(), today),
        company: 'Acme SEO',
      })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('OK')
      expect(await leadCount()).toBe(before + 1)
      const lead = await lastLead()
      expect(lead.is_spam).toBe(true)
      expect(lead.fields.company).toBe('Acme SEO')
      expect(await jobCount(lead.id)).toBe(0)
    })

    it('answers OK to a bot even when the rest is invalid', async () => {
      const response = await submit('quote-request', {
        company: 'bot',
        email: 'not-an-email',
        extra: { a: 1 },
      })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('OK')
      const lead = await lastLead()
      expect(lead.is_spam).toBe(true)
      expect(lead.fields).not.toHaveProperty('extra')
    })

    it('an empty company field is a person, not spam, and is not stored', async () => {
      const response = await submit('contact-message', {
        ...validPayload(contactForm(), today),
        company: '   ',
      })
      expect(response.statusCode).toBe(200)
      const lead = await lastLead()
      expect(lead.is_spam).toBe(false)
      expect(lead.fields).not.toHaveProperty('company')
    })
  })

  describe('idempotency', () => {
    it('a repeated Idempotency-Key stores one lead and one job, and answers OK each time', async () => {
      const key = `double-submit-${driver}-${Date.now()}`
      const payload = validPayload(contactForm(), today)
      const before = await leadCount()
      const responses = await Promise.all([
        submit('contact-message', payload, { 'idempotency-key': key }),
        submit('contact-message', payload, { 'idempotency-key': key }),
      ])
      const again = await submit('contact-message', payload, { 'idempotency-key': key })
      for (const response of [...responses, again]) {
        expect(response.statusCode).toBe(200)
        expect(response.body).toBe('OK')
      }
      expect(await leadCount()).toBe(before + 1)
      const rows = await t.db.query<StoredLead>('SELECT * FROM leads WHERE idempotency_key = $1', [key])
      expect(rows).toHaveLength(1)
      expect(await jobCount(rows[0]?.id ?? '')).toBe(1)
    })

    it('the same key with another body is refused with 409 and nothing is dropped silently', async () => {
      const key = `changed-body-${driver}-${Date.now()}`
      const first = validPayload(contactForm(), today)
      expect((await submit('contact-message', first, { 'idempotency-key': key })).statusCode).toBe(200)
      const before = await leadCount()
      const body = await expectRefused(
        () =>
          submit('contact-message', { ...first, msg: 'A different question' }, { 'idempotency-key': key }),
        409,
      )
      expect(body.error).toMatch(/already used for a different submission/)
      // The same key on another form is another submission too.
      const quote = registeredForm('quote-request')
      await expectRefused(
        () => submit('quote-request', validPayload(quote, today), { 'idempotency-key': key }),
        409,
      )
      expect(await leadCount()).toBe(before)
      // The original body under its key is still answered OK.
      expect((await submit('contact-message', first, { 'idempotency-key': key })).statusCode).toBe(200)
    })

    it('different keys store different leads', async () => {
      const payload = validPayload(contactForm(), today)
      const before = await leadCount()
      await submit('contact-message', payload, { 'idempotency-key': `a-${driver}` })
      await submit('contact-message', payload, { 'idempotency-key': `b-${driver}` })
      expect(await leadCount()).toBe(before + 2)
    })
  })

  describe('spam scoring', () => {
    async function spamRow(): Promise<StoredLead & { spam_reasons: string[] }> {
      const lead = await lastLead()
      const [row] = await t.db.query<StoredLead & { spam_reasons: string[] }>(
        'SELECT * FROM leads WHERE id = $1',
        [lead.id],
      )
      if (!row) throw new Error('no lead')
      return row
    }

    function distinctPayload(note: string) {
      return { ...validPayload(contactForm(), today), msg: `Question about my policy, ${note}` }
    }

    it('a direct API post without the proof of work is stored as spam with its reason, never queued', async () => {
      const response = await submit('contact-message', distinctPayload('no proof'), { 'x-proof-of-work': '' })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('OK')
      const row = await spamRow()
      expect(row.is_spam).toBe(true)
      expect(row.spam_reasons.join(' ')).toMatch(/without the proof of work/)
      expect(await jobCount(row.id)).toBe(0)
    })

    it('a forged or reused proof counts as no proof', async () => {
      const proof = await solvedProof(salt, { now: today })
      await submit('contact-message', distinctPayload('first use'), { 'x-proof-of-work': proof })
      expect((await spamRow()).is_spam).toBe(false)
      await submit('contact-message', distinctPayload('replay'), { 'x-proof-of-work': proof })
      expect((await spamRow()).spam_reasons.join(' ')).toMatch(/already used proof/)
      const forged = await solvedProof('some-other-servers-salt', { now: today })
      await submit('contact-message', distinctPayload('forged'), { 'x-proof-of-work': forged })
      expect((await spamRow()).spam_reasons.join(' ')).toMatch(/invalid proof/)
    })

    it('a submission refused as invalid does not use up its proof: the corrected one is not a replay', async () => {
      const proof = await solvedProof(salt, { now: today })
      const invalid = await submit(
        'contact-message',
        { ...distinctPayload('corrected'), email: 'not an address' },
        { 'x-proof-of-work': proof, 'idempotency-key': 'corrected-1' },
      )
      expect(invalid.statusCode).toBe(400)
      await submit('contact-message', distinctPayload('corrected'), {
        'x-proof-of-work': proof,
        'idempotency-key': 'corrected-2',
      })
      const row = await spamRow()
      expect(row.spam_reasons).toEqual([])
      expect(row.is_spam).toBe(false)
    })

    it('a form filled in under two seconds from its first touch is spam', async () => {
      const proof = await solvedProof(salt, { now: today, startedMsAgo: 600 })
      await submit('contact-message', distinctPayload('fast'), { 'x-proof-of-work': proof })
      const row = await spamRow()
      expect(row.is_spam).toBe(true)
      expect(row.spam_reasons.join(' ')).toMatch(/Filled in 0\.6 s/)
    })

    it('link-laden SEO text is spam; one link in a real question is not', async () => {
      await submit('contact-message', {
        ...validPayload(contactForm(), today),
        msg: 'We rank your website on the first page of Google. Cheap backlinks: https://seo.example https://links.example',
      })
      const row = await spamRow()
      expect(row.is_spam).toBe(true)
      expect(row.spam_reasons.join(' ')).toMatch(/2 links.*Spam words: .*backlinks/s)
      await submit('contact-message', {
        ...validPayload(contactForm(), today),
        msg: 'My current policy is described at https://www.carrier.example/policy, can you beat it?',
      })
      expect((await spamRow()).is_spam).toBe(false)
    })

    it('the same body from another address is spam; the same person sending twice is not', async () => {
      const payload = distinctPayload(`campaign ${Date.now()}`)
      const from = (remoteAddress: string) =>
        submitForm(t.app, 'contact-message', payload, { salt, now: today, remoteAddress })
      await from('198.51.100.7')
      expect((await spamRow()).is_spam).toBe(false)
      await from('198.51.100.7')
      expect((await spamRow()).is_spam).toBe(false)
      await from('198.51.100.8')
      const row = await spamRow()
      expect(row.is_spam).toBe(true)
      expect(row.spam_reasons.join(' ')).toMatch(/same text came from 1 other address/)
    })
  })

  describe('health', () => {
    it('tells the public up, and nothing about deliveries', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ status: 'up' })
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: 'Bearer not-the-monitoring-token' },
      })
      expect(wrong.json()).toEqual({ status: 'up' })
    })

    it('gives the delivery counts to a monitor with METRICS_TOKEN', async () => {
      const token = 'monitoring-token-0123456789'
      const monitored = await buildApp(testAppOptions(t.db, { ipHashSalt: salt, metricsToken: token }))
      try {
        const response = await monitored.inject({
          method: 'GET',
          url: '/api/health',
          headers: { authorization: `Bearer ${token}` },
        })
        expect(response.json()).toEqual({
          status: 'up',
          driver,
          deliveries: { failed: expect.any(Number), waiting: expect.any(Number) },
        })
        expect((await monitored.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
          status: 'up',
        })
      } finally {
        await monitored.close()
      }
    })

    it('answers 503 when the database is down', async () => {
      const down = await openTestDatabase(driver)
      const downApp = await buildApp(testAppOptions(down.db, { ipHashSalt: salt }))
      try {
        await down.db.close()
        const response = await downApp.inject({ method: 'GET', url: '/api/health' })
        expect(response.statusCode).toBe(503)
        expect(response.json()).toEqual({ status: 'down' })
      } finally {
        await downApp.close()
        await down.dispose()
      }
    })
  })
})

describe('form API limits and logs', () => {
  const test = useTestDatabase('pglite')

  /** Fields of a request's log line, as the tests read them. */
  interface LogLine {
    msg?: string
    req?: { method?: string; url?: string }
    res?: { statusCode?: number }
    responseTime?: unknown
  }

  /** An app for one test on the shared database, closed when the test ends. */
  async function appForTest(options: Partial<AppOptions>) {
    const app = await buildApp(testAppOptions(test.db, { ipHashSalt: salt, ...options }))
    onTestFinished(() => app.close())
    return app
  }

  /** The app with its log (pino's JSON lines at `level`) kept for the test to read. */
  async function appWithLog(level: string) {
    let text = ''
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += chunk.toString()
        done()
      },
    })
    const app = await appForTest({ logger: { ...loggerOptions(level), stream } })
    return {
      app,
      log: () => text,
      lines: (): LogLine[] =>
        text
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line)),
    }
  }

  it('answers 429 with Retry-After past the submission rate limit', async () => {
    const app = await appForTest({ submitRateLimit: { max: 2, windowMs: 60_000 } })
    const send = () => sendContact(app)
    expect((await send()).statusCode).toBe(200)
    expect((await send()).statusCode).toBe(200)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toHaveProperty('error')
    // Pages and health are never limited.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('behind one proxy (TRUST_PROXY=1), a client cannot rotate its way past the limit', async () => {
    const app = await appForTest({ submitRateLimit: { max: 2, windowMs: 60_000 }, trustProxy: 1 })
    // The client writes any X-Forwarded-For it likes; the proxy appends the address it saw.
    const send = (n: number) => sendContact(app, undefined, { 'x-forwarded-for': `10.9.${n}.1, 203.0.113.7` })
    expect((await send(1)).statusCode).toBe(200)
    expect((await send(2)).statusCode).toBe(200)
    expect((await send(3)).statusCode).toBe(429)
  })

  it('never logs request bodies or client addresses', async () => {
    const { app, log } = await appWithLog('debug')
    const marker = 'Uniquemarkername'
    const payload = { ...validPayload(contactForm(), today), firstName: marker, lastName: marker }
    const ok = await sendContact(app, payload)
    expect(ok.statusCode).toBe(200)
    await sendContact(app, `{"firstName": "${marker}",`)
    expect(log()).toContain('/api/forms/contact-message')
    expect(log()).not.toContain(marker)
    expect(log()).not.toContain('127.0.0.1')
  })

  it('writes one log line per request, once it is answered: method, path, status and time', async () => {
    const { app, lines } = await appWithLog('info')
    const ok = await sendContact(app)
    expect(ok.statusCode).toBe(200)
    const broken = await sendContact(app, '{"firstName": ')
    expect(broken.statusCode).toBe(400)
    expect(lines().filter((line) => line.msg === 'incoming request')).toEqual([])
    const completed = lines().filter((line) => line.msg === 'request completed')
    expect(completed.map((line) => [line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['POST', '/api/forms/contact-message', 200],
      ['POST', '/api/forms/contact-message', 400],
    ])
    expect(completed.every((line) => typeof line.responseTime === 'number')).toBe(true)
  })

  it('never logs a page request’s query string (a form sent by GET, an inbox search)', async () => {
    const { app, log } = await appWithLog('debug')
    const marker = 'Querymarkername'
    await app.inject({ method: 'GET', url: `/contact?firstName=${marker}&email=${marker}%40mail.example` })
    await app.inject({ method: 'GET', url: `/admin?q=${marker}` })
    expect(log()).toContain('/contact?[query not logged]')
    expect(log()).toContain('/admin?[query not logged]')
    expect(log()).not.toContain(marker)
  })
})
