/**
 * The submission pipeline without HTTP (server/leads/submission.ts), on both drivers: what a
 * visitor or the agency notices of a submission — one stored lead with its reference, the same
 * answer for a repeated submission, a conflict for a reused key, field errors with nothing stored,
 * and spam kept out of the agency's mail when the proof of work is missing or replayed. The route's
 * own answers (status codes, pages) are held by form-api.test.ts and no-js-forms.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { createLeadRepository } from '#server/leads/lead-repository.ts'
import { createSubmissionService } from '#server/leads/submission.ts'
import { hashClientIp } from '#server/leads/submission-metadata.ts'
import { createProofVerifier, proofKeyFrom } from '#server/spam/proof-verifier.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { drivers, testEncryptionKey, useTestDatabase } from './helpers/test-database.ts'

const salt = 'submission-service-tests-salt-01'
const referencePattern = /^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/

interface StoredLead {
  id: string
  form_key: string
  reference: string
  language: string
  user_agent: string | null
  ip_hash: string | null
  is_spam: boolean
  spam_reasons: string[]
  fields: Record<string, string>
  source: unknown
}

describe.each(drivers)('the submission service on %s', (driver) => {
  const test = useTestDatabase(driver)
  let clock: Date
  let service: ReturnType<typeof createSubmissionService>
  let keys = 0

  beforeEach(() => {
    clock = new Date()
    // A verifier per test, as a server has one: proofs used by an earlier test are not remembered.
    service = createSubmissionService({
      leads: createLeadRepository(test.db),
      ipHashSalt: salt,
      encryptionKey: testEncryptionKey,
      proofVerifier: createProofVerifier({
        hmacKey: proofKeyFrom(salt),
        maxNumber: 200,
        lifetimeMs: 3_600_000,
      }),
      minFillMs: 2000,
      now: () => clock,
    })
  })

  const contact = () => registeredForm('contact-message')
  /** The contact form's answers with a message of their own, so no test's text repeats another's. */
  const answers = (note: string): Record<string, string> => ({
    ...validPayload(contact(), clock),
    msg: `A question about my policy (${driver}, ${note})`,
  })

  /** As the island sends it: JSON, a fresh Idempotency-Key, a proof solved a minute after the first touch. */
  async function sendJson(
    body: Record<string, unknown>,
    overrides: Partial<Parameters<typeof service.submit>[0]> = {},
  ) {
    return service.submit({
      form: contact(),
      body,
      encoding: 'json',
      language: 'en',
      clientAddress: '203.0.113.5',
      userAgent: 'vitest-browser/1.0',
      idempotencyKey: `service-${driver}-${++keys}`,
      proof: await solvedProof(salt, { now: clock }),
      ...overrides,
    })
  }

  /** As a browser without JavaScript posts it: urlencoded fields, no key, no proof. */
  function sendForm(body: Record<string, string>, clientAddress = '198.51.100.20') {
    return service.submit({
      form: contact(),
      body,
      encoding: 'form',
      language: 'es',
      clientAddress,
      userAgent: 'Lynx/2.9',
      idempotencyKey: null,
      proof: undefined,
    })
  }

  async function leadsWithReference(reference: string): Promise<StoredLead[]> {
    return test.db.query<StoredLead>('SELECT * FROM leads WHERE reference = $1', [reference])
  }

  async function onlyLead(reference: string): Promise<StoredLead> {
    const rows = await leadsWithReference(reference)
    expect(rows).toHaveLength(1)
    return rows[0] as StoredLead
  }

  async function leadCount(): Promise<number> {
    const [row] = await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')
    return row?.n ?? 0
  }

  async function jobCount(leadId: string): Promise<number> {
    const [row] = await test.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM delivery_jobs WHERE lead_id = $1',
      [leadId],
    )
    return row?.n ?? 0
  }

  function referenceOf(outcome: Awaited<ReturnType<typeof service.submit>>): string {
    if (outcome.kind !== 'stored') throw new Error(`expected a stored lead, got ${outcome.kind}`)
    return outcome.reference
  }

  it('stores a valid lead once, with its reference, metadata and one delivery job', async () => {
    const before = await leadCount()
    const outcome = await sendJson(answers('valid'), { language: 'es' })
    expect(outcome).toEqual({
      kind: 'stored',
      reference: expect.stringMatching(referencePattern),
      counted: 'stored',
    })
    expect(await leadCount()).toBe(before + 1)

    const lead = await onlyLead(referenceOf(outcome))
    expect(lead.form_key).toBe('contact-message')
    expect(lead.fields.msg).toBe(`A question about my policy (${driver}, valid)`)
    expect(lead.language).toBe('es')
    expect(lead.user_agent).toBe('vitest-browser/1.0')
    expect(lead.ip_hash).toBe(hashClientIp('203.0.113.5', salt))
    expect(JSON.stringify(lead)).not.toContain('203.0.113.5')
    expect(lead.is_spam).toBe(false)
    expect(await jobCount(lead.id)).toBe(1)
  })

  it('takes the visit’s source out of the body and stores it with the lead', async () => {
    const body: Record<string, unknown> = {
      ...answers('with a source'),
      _source: { landing: '/boat-insurance', utmSource: 'google' },
    }
    const outcome = await sendJson(body)
    const lead = await onlyLead(referenceOf(outcome))
    expect(lead.source).toEqual({ landing: '/boat-insurance', utmSource: 'google' })
    expect(body).not.toHaveProperty('_source')
    expect(lead.fields).not.toHaveProperty('_source')
  })

  describe('an Idempotency-Key', () => {
    it('with the same body again answers the same lead, stored once', async () => {
      const idempotencyKey = `same-${driver}`
      const first = await sendJson(answers('same key'), { idempotencyKey })
      const before = await leadCount()
      const again = await sendJson(answers('same key'), { idempotencyKey })
      expect(again).toEqual({ kind: 'stored', reference: referenceOf(first), counted: 'repeat' })
      expect(await leadCount()).toBe(before)
      expect(await jobCount((await onlyLead(referenceOf(first))).id)).toBe(1)
    })

    it('sent twice at once (a double click) stores one lead, and both get its reference', async () => {
      const idempotencyKey = `together-${driver}`
      const proof = await solvedProof(salt, { now: clock })
      const [one, two] = await Promise.all([
        sendJson(answers('double click'), { idempotencyKey, proof }),
        sendJson(answers('double click'), { idempotencyKey, proof }),
      ])
      expect(referenceOf(one)).toBe(referenceOf(two))
      expect([one, two].map((outcome) => outcome.kind === 'stored' && outcome.counted).sort()).toEqual([
        'repeat',
        'stored',
      ])
      const lead = await onlyLead(referenceOf(one))
      expect(lead.is_spam).toBe(false)
    })

    it('with another body, or for another form, is a conflict and changes nothing', async () => {
      const idempotencyKey = `conflict-${driver}`
      const first = await sendJson(answers('first body'), { idempotencyKey })
      const before = await leadCount()
      expect(await sendJson(answers('another body'), { idempotencyKey })).toEqual({ kind: 'key-reused' })
      const quote = registeredForm('quote-request')
      expect(await sendJson(validPayload(quote, clock), { idempotencyKey, form: quote })).toEqual({
        kind: 'key-reused',
      })
      expect(await leadCount()).toBe(before)
      const lead = await onlyLead(referenceOf(first))
      expect(lead.fields.msg).toBe(`A question about my policy (${driver}, first body)`)
    })
  })

  describe('an invalid body', () => {
    it('answers each wrong field’s message and stores nothing', async () => {
      const before = await leadCount()
      const outcome = await sendJson({ ...answers('invalid'), email: 'not an address', firstName: '' })
      if (outcome.kind !== 'invalid') throw new Error(`expected invalid, got ${outcome.kind}`)
      expect(Object.keys(outcome.fields).sort()).toEqual(['email', 'firstName'])
      for (const message of Object.values(outcome.fields)) expect(message).toMatch(/\w/)
      expect(await leadCount()).toBe(before)
    })

    it('does not use up its proof: the corrected submission is not taken for a replay', async () => {
      const proof = await solvedProof(salt, { now: clock })
      const invalid = await sendJson({ ...answers('corrected'), email: 'not an address' }, { proof })
      expect(invalid.kind).toBe('invalid')
      const corrected = await sendJson(answers('corrected'), { proof })
      expect(corrected).toMatchObject({ kind: 'stored', counted: 'stored' })
      const lead = await onlyLead(referenceOf(corrected))
      expect(lead.is_spam).toBe(false)
      expect(lead.spam_reasons).toEqual([])
    })
  })

  describe('the proof of work', () => {
    it('missing from a JSON post: the lead is stored as spam with its reason, and never mailed', async () => {
      const outcome = await sendJson(answers('no proof'), { proof: undefined })
      expect(outcome).toMatchObject({ kind: 'stored', counted: 'spam' })
      const lead = await onlyLead(referenceOf(outcome))
      expect(lead.is_spam).toBe(true)
      expect(lead.spam_reasons.join(' ')).toMatch(/without the proof of work/)
      expect(await jobCount(lead.id)).toBe(0)
    })

    it('replayed for another submission: that lead is spam, the first one is not', async () => {
      const proof = await solvedProof(salt, { now: clock })
      const first = await sendJson(answers('first use'), { proof })
      const replay = await sendJson(answers('replay'), { proof })
      expect(first).toMatchObject({ counted: 'stored' })
      expect(replay).toMatchObject({ kind: 'stored', counted: 'spam' })
      const lead = await onlyLead(referenceOf(replay))
      expect(lead.spam_reasons.join(' ')).toMatch(/already used proof/)
      expect(await jobCount(lead.id)).toBe(0)
    })

    it('solved by another server is an invalid proof', async () => {
      const outcome = await sendJson(answers('forged'), {
        proof: await solvedProof('some-other-servers-salt', { now: clock }),
      })
      const lead = await onlyLead(referenceOf(outcome))
      expect(lead.is_spam).toBe(true)
      expect(lead.spam_reasons.join(' ')).toMatch(/invalid proof/)
    })
  })

  it('a filled honeypot is stored as spam with a reference like anyone’s, even when the rest is invalid', async () => {
    const outcome = await sendJson({ email: 'bot', company: 'Acme SEO' }, { proof: undefined })
    expect(outcome).toEqual({
      kind: 'stored',
      reference: expect.stringMatching(referencePattern),
      counted: 'spam',
    })
    const lead = await onlyLead(referenceOf(outcome))
    expect(lead.is_spam).toBe(true)
    expect(lead.spam_reasons.join(' ')).toMatch(/hidden field/)
    expect(await jobCount(lead.id)).toBe(0)
  })

  describe('a form posted without JavaScript', () => {
    it('is a lead without a proof; the same post from the same address is one lead across the window’s edge', async () => {
      const body = () => answers(`no-js ${clock.getTime()}`)
      const first = await sendForm(body())
      expect(first).toMatchObject({ kind: 'stored', counted: 'stored' })
      const lead = await onlyLead(referenceOf(first))
      expect(lead.is_spam).toBe(false)
      expect(lead.language).toBe('es')
      expect(await jobCount(lead.id)).toBe(1)

      const sent = body()
      const before = await leadCount()
      expect(await sendForm({ ...sent })).toEqual({
        kind: 'stored',
        reference: lead.reference,
        counted: 'repeat',
      })
      clock = new Date(clock.getTime() + 10 * 60_000)
      expect(await sendForm({ ...sent })).toEqual({
        kind: 'stored',
        reference: lead.reference,
        counted: 'repeat',
      })
      expect(await leadCount()).toBe(before)

      // Twenty minutes on, the same post is a new lead (the visitor asks again).
      clock = new Date(clock.getTime() + 10 * 60_000)
      const later = await sendForm({ ...sent })
      expect(later).toMatchObject({ kind: 'stored', counted: 'stored' })
      expect(referenceOf(later)).not.toBe(lead.reference)
    })

    it('from another address is another lead, and spam for its repeated text', async () => {
      const sent = answers('campaign text')
      const first = await sendForm({ ...sent }, '198.51.100.30')
      const other = await sendForm({ ...sent }, '198.51.100.31')
      expect(referenceOf(other)).not.toBe(referenceOf(first))
      expect(other).toMatchObject({ counted: 'spam' })
      expect((await onlyLead(referenceOf(other))).spam_reasons.join(' ')).toMatch(
        /same text came from 1 other address/,
      )
    })
  })
})
