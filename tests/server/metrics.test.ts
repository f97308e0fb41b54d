/**
 * /metrics (docs/decisions/015-operations.md, "Metrics from hooks"): Prometheus text behind
 * METRICS_TOKEN. Without the token 401, with a wrong one 401, unset token no route at all; with it,
 * the lead counters move by exactly what the test sent (stored, spam, invalid, rate limited), the
 * notification and HTTP series are there.
 */
import { describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { buildApp } from '#server/app.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { testAppOptions, useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const salt = 'metrics-tests-salt-0123456'
const token = 'metrics-tests-token-0123456789'
const contact = getFormDefinition('contact-message')

/** The value of one sample line, e.g. `agency_leads_received_total{form="…",outcome="stored"}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    const labelText = /\{([^}]*)\}/.exec(line)?.[1] ?? ''
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').pop())
  }
  return 0
}

describe.each(featureDrivers)('metrics on %s', (driver) => {
  const t = useTestApp(driver, {
    ipHashSalt: salt,
    submitRateLimit: { max: 4, windowMs: 60_000 },
    metricsToken: token,
    spamMinFillMs: 0,
  })

  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    return response.body
  }

  it('refuses a scrape without the right bearer token', async () => {
    const none = await t.app.inject({ url: '/metrics' })
    expect(none.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toBe('Bearer')
    expect(none.body).not.toContain('agency_')
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } })
    expect(wrong.statusCode).toBe(401)
  })

  it('counts each submission by form and outcome, exactly', async () => {
    if (!contact) throw new Error('no contact form')
    const before = await scrape()
    const post = async (body: Record<string, string>, proof: boolean, address = '203.0.113.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/forms/contact-message',
        remoteAddress: address,
        headers: {
          'content-type': 'application/json',
          ...(proof ? { 'x-proof-of-work': await solvedProof(salt) } : {}),
        },
        payload: JSON.stringify(body),
      })
    const good = validPayload(contact, new Date())
    expect((await post(good, true)).statusCode).toBe(200) // stored
    expect((await post({ ...good, message: `${good.message} again` }, true)).statusCode).toBe(200) // stored
    expect((await post({ ...good, company: 'Bots Inc' }, true)).statusCode).toBe(200) // spam (honeypot)
    expect((await post({ ...good, email: 'not an address' }, true)).statusCode).toBe(400) // invalid
    // The invalid post gave its count back: one more is stored, then the 5th counted is refused.
    expect((await post({ ...good, message: `${good.message} once more` }, true)).statusCode).toBe(200)
    expect((await post(good, true)).statusCode).toBe(429)
    expect((await post(good, true)).statusCode).toBe(429)
    const after = await scrape()

    const moved = (outcome: string) =>
      sample(after, 'agency_leads_received_total', { form: 'contact-message', outcome }) -
      sample(before, 'agency_leads_received_total', { form: 'contact-message', outcome })
    expect(moved('stored')).toBe(3)
    expect(moved('spam')).toBe(1)
    expect(moved('invalid')).toBe(1)
    expect(moved('rate_limited')).toBe(2)
    // Notifications by state come from the database: the three stored leads wait to be sent.
    expect(sample(after, 'agency_notifications', { state: 'pending' })).toBe(3)
    expect(sample(after, 'agency_notifications', { state: 'failed' })).toBe(0)
    // HTTP latency by route pattern (never the raw URL), the pool, the event loop.
    expect(
      sample(after, 'agency_http_request_duration_seconds_count', {
        route: '/api/forms/:formKey',
        status_code: '200',
      }) -
        sample(before, 'agency_http_request_duration_seconds_count', {
          route: '/api/forms/:formKey',
          status_code: '200',
        }),
    ).toBe(4)
    expect(after).toContain('agency_db_pool_connections{state="total"}')
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(after).toContain('agency_notification_delivery_seconds_bucket')
  })

  it('has no /metrics at all without METRICS_TOKEN', async () => {
    const plain = await buildApp(testAppOptions(t.db, { ipHashSalt: salt }))
    try {
      expect((await plain.inject({ url: '/metrics' })).statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
