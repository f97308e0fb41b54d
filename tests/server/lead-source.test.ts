/**
 * Where a lead came from (forms/lead-source.ts, migration 015): the `_source` the visitor's
 * tab sends with the form is validated and stored on the lead, from the island's JSON body and from
 * a form the browser posted itself; a bad one is dropped and the lead is stored anyway. On both
 * databases.
 */
import { describe, expect, it } from 'vitest'
import { leadForWebhook } from '#server/webhooks/payload.ts'
import { boatAdVisit, registeredForm, validPayload } from './helpers/form-payloads.ts'
import { injectForm } from './helpers/requests.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const today = new Date()
const answers = validPayload(registeredForm('contact-message'), today)

describe.each(featureDrivers)('where a lead came from, on %s', (driver) => {
  const t = useTestApp(driver, { now: () => today })
  let keys = 0

  function postJson(body: Record<string, unknown>, idempotencyKey = `source-test-${++keys}`) {
    return t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-message',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      payload: body,
    })
  }

  /** The form as the browser posts it without the island (sent here without an Origin header). */
  const sendForm = (fields: Record<string, string>, remoteAddress: string) =>
    injectForm(t.app, '/api/forms/contact-message', fields, { origin: null, remoteAddress })

  async function storedSource(reference: unknown): Promise<unknown> {
    const rows = await t.db.query<{ source: unknown }>('SELECT source FROM leads WHERE reference = $1', [
      String(reference),
    ])
    expect(rows).toHaveLength(1)
    return rows[0]?.source
  }

  it('stores the source the island sends in its JSON body, and the webhook carries it', async () => {
    const response = await postJson({ ...answers, _source: boatAdVisit })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('OK')
    expect(await storedSource(response.headers['lead-reference'])).toEqual(boatAdVisit)
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM leads WHERE reference = $1', [
      String(response.headers['lead-reference']),
    ])
    expect((await leadForWebhook(t.db, String(row?.id)))?.source).toEqual(boatAdVisit)
  })

  it('stores the source of a form posted without the island (the hidden field the page script adds)', async () => {
    const response = await sendForm({ ...answers, _source: JSON.stringify(boatAdVisit) }, '192.0.2.10')
    expect(response.statusCode).toBe(303)
    expect(await storedSource(response.headers['lead-reference'])).toEqual(boatAdVisit)
  })

  it('stores nothing when nothing is known (no JavaScript at all)', async () => {
    const json = await postJson({ ...answers })
    expect(json.statusCode).toBe(200)
    expect(await storedSource(json.headers['lead-reference'])).toBeNull()
    const form = await sendForm({ ...answers, msg: `${answers.msg} (by post)` }, '192.0.2.11')
    expect(form.statusCode).toBe(303)
    expect(await storedSource(form.headers['lead-reference'])).toBeNull()
  })

  it('keeps only known keys of short clean text, and never a click id itself', async () => {
    const response = await postJson({
      ...answers,
      _source: {
        landing: '/insurance/home?gclid=abc123#top',
        referrer: 'https://evil.example/path',
        utmSource: 'x'.repeat(500),
        utmMedium: 'email\u0007',
        utmCampaign: 'spring\u202Esale',
        utmTerm: 42,
        clickId: 'Cj0KCQiA-the-click-id',
        email: 'someone@example.com',
      },
    })
    expect(response.statusCode).toBe(200)
    expect(await storedSource(response.headers['lead-reference'])).toEqual({
      landing: '/insurance/home',
      utmSource: 'x'.repeat(100),
    })
  })

  it.each([
    ['not JSON', '{landing: /home'],
    ['a list', '["/home"]'],
    ['another site as the landing page', { landing: '//evil.example/home' }],
    ['far too long', JSON.stringify({ landing: '/', utmTerm: 'y'.repeat(3000) })],
  ])('drops a source that is %s and stores the lead', async (_what, source) => {
    const response = await sendForm(
      {
        ...answers,
        msg: `${answers.msg} ${_what}`,
        _source: typeof source === 'string' ? source : JSON.stringify(source),
      },
      '192.0.2.12',
    )
    expect(response.statusCode).toBe(303)
    expect(await storedSource(response.headers['lead-reference'])).toBeNull()
  })

  it('leaves the submission itself unchanged: the same key and answers with another source are the same lead', async () => {
    const first = await postJson({ ...answers, _source: boatAdVisit }, 'source-same-key')
    const again = await postJson({ ...answers, _source: { landing: '/contact' } }, 'source-same-key')
    expect(again.statusCode).toBe(200)
    expect(again.headers['lead-reference']).toBe(first.headers['lead-reference'])
    expect(await storedSource(first.headers['lead-reference'])).toEqual(boatAdVisit)
  })
})
