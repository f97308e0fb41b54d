import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { allFields, type ChoiceField, type FormDefinition } from '../../forms/engine.ts'
import { formDefinitions } from '../../forms/registry.ts'
import { buildApp } from '../../server/app.ts'
import type { Database } from '../../server/db/database.ts'
import { hashClientIp } from '../../server/leads/submission-metadata.ts'
import { loggerOptions } from '../../server/logger.ts'
import { decryptValue, sensitiveFieldNames } from '../../server/security/sensitive-fields.ts'
import { expectedStoredFields, isHoneypot, validPayload } from './helpers/form-payloads.ts'
import { drivers, openTestDatabase, type TestDatabase, testEncryptionKey } from './helpers/test-database.ts'

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
}

function contactForm(): FormDefinition {
  const form = formDefinitions.find((candidate) => candidate.key === 'contact-message')
  if (!form) throw new Error('contact-message is not registered')
  return form
}

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

describe.each(drivers)('form API on %s', (driver) => {
  let test: TestDatabase
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    test = await openTestDatabase(driver)
    db = test.db
    app = await buildApp({
      db,
      ipHashSalt: salt,
      encryptionKey: testEncryptionKey,
      submitRateLimit: false,
      now: () => today,
    })
  })
  afterAll(async () => {
    await app?.close()
    await test?.dispose()
  })

  async function leadCount(): Promise<number> {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')
    return row?.n ?? 0
  }

  async function lastLead(): Promise<StoredLead> {
    const [row] = await db.query<StoredLead>('SELECT * FROM leads ORDER BY received_at DESC, id LIMIT 1')
    if (!row) throw new Error('no lead stored')
    return row
  }

  async function jobCount(leadId: string): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM delivery_jobs WHERE lead_id = $1',
      [leadId],
    )
    return row?.n ?? 0
  }

  function submit(formKey: string, payload: unknown, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: `/api/forms/${formKey}`,
      headers: { 'content-type': 'application/json', 'user-agent': 'vitest-browser/1.0', ...headers },
      payload: JSON.stringify(payload),
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
      '%s: answers OK and stores the fields under the spec names with a delivery job',
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

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
      'content type %s → 415',
      async (contentType) => {
        await expectRefused(
          () =>
            app.inject({
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
      await expectRefused(() => app.inject({ method: 'POST', url: '/api/forms/contact-message' }), 415)
    })

    it('malformed JSON → 400 without parser details', async () => {
      const body = await expectRefused(
        () =>
          app.inject({
            method: 'POST',
            url: '/api/forms/contact-message',
            headers: { 'content-type': 'application/json' },
            payload: '{"firstName": "Jane",',
          }),
        400,
      )
      expect(body.error).not.toMatch(/Unexpected|position|JSON\.parse/)
    })

    it('an empty JSON body → 400', async () => {
      await expectRefused(
        () =>
          app.inject({
            method: 'POST',
            url: '/api/forms/contact-message',
            headers: { 'content-type': 'application/json' },
            payload: '',
          }),
        400,
      )
    })

    it('__proto__ or constructor.prototype in the body → 400, nothing polluted', async () => {
      const payload = JSON.stringify(validPayload(contactForm(), today))
      for (const poison of [
        '"__proto__": {"polluted": "yes"}',
        '"constructor": {"prototype": {"polluted": "yes"}}',
      ]) {
        await expectRefused(
          () =>
            app.inject({
              method: 'POST',
              url: '/api/forms/contact-message',
              headers: { 'content-type': 'application/json' },
              payload: `{${poison}, ${payload.slice(1)}`,
            }),
          400,
        )
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
      const rows = await db.query<StoredLead>('SELECT * FROM leads WHERE idempotency_key = $1', [key])
      expect(rows).toHaveLength(1)
      expect(await jobCount(rows[0]?.id ?? '')).toBe(1)
    })

    it('different keys store different leads', async () => {
      const payload = validPayload(contactForm(), today)
      const before = await leadCount()
      await submit('contact-message', payload, { 'idempotency-key': `a-${driver}` })
      await submit('contact-message', payload, { 'idempotency-key': `b-${driver}` })
      expect(await leadCount()).toBe(before + 2)
    })
  })

  describe('health', () => {
    it('reports the database up and its driver', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        status: 'ok',
        database: 'up',
        driver,
        deliveries: { failed: expect.any(Number), waiting: expect.any(Number) },
      })
    })

    it('answers 503 when the database is down', async () => {
      const down = await openTestDatabase(driver)
      const downApp = await buildApp({
        db: down.db,
        ipHashSalt: salt,
        encryptionKey: testEncryptionKey,
        submitRateLimit: false,
      })
      try {
        await down.db.close()
        const response = await downApp.inject({ method: 'GET', url: '/api/health' })
        expect(response.statusCode).toBe(503)
        expect(response.json()).toEqual({ status: 'error', database: 'down', driver })
      } finally {
        await downApp.close()
        await down.dispose()
      }
    })
  })
})

describe('form API limits and logs', () => {
  let test: TestDatabase
  beforeAll(async () => {
    test = await openTestDatabase('pglite')
  })
  afterAll(async () => {
    await test?.dispose()
  })

  let logs: string
  beforeEach(() => {
    logs = ''
  })

  it('answers 429 with Retry-After past the submission rate limit', async () => {
    const app = await buildApp({
      db: test.db,
      ipHashSalt: salt,
      encryptionKey: testEncryptionKey,
      submitRateLimit: { max: 2, windowMs: 60_000 },
    })
    try {
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/forms/contact-message',
          headers: { 'content-type': 'application/json' },
          payload: validPayload(contactForm(), today),
        })
      expect((await send()).statusCode).toBe(200)
      expect((await send()).statusCode).toBe(200)
      const limited = await send()
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(limited.json()).toHaveProperty('error')
      // Pages and health are never limited.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('never logs request bodies or client addresses', async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString()
        done()
      },
    })
    const app = await buildApp({
      db: test.db,
      ipHashSalt: salt,
      encryptionKey: testEncryptionKey,
      submitRateLimit: false,
      logger: { ...loggerOptions('debug'), stream },
    })
    try {
      const marker = 'Uniquemarkername'
      const payload = { ...validPayload(contactForm(), today), firstName: marker, lastName: marker }
      const ok = await app.inject({
        method: 'POST',
        url: '/api/forms/contact-message',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(ok.statusCode).toBe(200)
      await app.inject({
        method: 'POST',
        url: '/api/forms/contact-message',
        headers: { 'content-type': 'application/json' },
        payload: `{"firstName": "${marker}",`,
      })
      expect(logs).toContain('/api/forms/contact-message')
      expect(logs).not.toContain(marker)
      expect(logs).not.toContain('127.0.0.1')
    } finally {
      await app.close()
    }
  })
})
