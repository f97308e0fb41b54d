/**
 * The desk's API for integrations (/api/admin/*, docs/guide.md "The desk's API for integrations",
 * docs/api.md "Staff"), as an agency's other tool uses it: it signs in like the sign-in page, keeps
 * the cookie, reads leads with the inbox's filters and pages, reads one lead, changes status and
 * spam, retries a failed e-mail, reads the delivery counts and the CSV export, and signs out.
 * Sensitive values never leave in clear except through a recorded reveal. Leads are stored through
 * the forms API's own repository, on a fresh database of each driver.
 */
import { readFile } from 'node:fs/promises'
import { beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { encryptValue } from '#server/security/sensitive-fields.ts'
import { forceLeadState, storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { cookieOf } from './helpers/cookies.ts'
import { injectJson } from './helpers/requests.ts'
import { registeredRoutes } from './helpers/routes.ts'
import { postSignIn } from './helpers/staff-session.ts'
import { testAppOptions, useTestApp } from './helpers/test-app.ts'
import { featureDrivers, testEncryptionKey } from './helpers/test-database.ts'

const toolEmail = 'reports@oakridge-insurance.example'
const toolPassword = 'the reporting tool password 7'
/** light-my-request's default Host is localhost:80: the Origin a tool sends for this desk. */
const deskOrigin = 'http://localhost'
const unknownId = '00000000-0000-4000-8000-000000000000'
const ssn = '123456789'

/** The keys of every lead in a list, a PATCH answer and (with more) one lead's answer. */
const summaryKeys = [
  'assignedTo',
  'assigneeName',
  'delivery',
  'email',
  'fields',
  'firstContactAt',
  'followUpAt',
  'formKey',
  'id',
  'language',
  'line',
  'lostReason',
  'name',
  'phone',
  'receivedAt',
  'reference',
  'source',
  'spam',
  'spamReasons',
  'status',
  'updatedAt',
]

function person(firstName: string, lastName: string): Record<string, string> {
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone: '7705550100',
    msg: 'Please call me back.',
  }
}

describe.each(featureDrivers)('the desk API for integrations on %s', (driver) => {
  let clock: Date
  const t = useTestApp(
    driver,
    { now: () => clock },
    { truncate: 'leads, delivery_jobs, staff_users, staff_sessions, sensitive_reveals' },
  )
  beforeEach(async () => {
    clock = new Date()
    await makeStaff(t.db, toolEmail, { password: toolPassword })
  })

  /** What the README's curl does: the sign-in form's fields, with the desk's Origin. */
  async function signIn(server = t.app): Promise<{ cookie: string; location: string | undefined }> {
    const response = await postSignIn(server, toolEmail, toolPassword, { origin: deskOrigin })
    expect(response.statusCode).toBe(303)
    return { cookie: cookieOf(response), location: response.headers.location }
  }

  function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) {
    return injectJson(t.app, method, url, cookie, body)
  }

  it('signs in with the sign-in form, then every answer is JSON and never cached', async () => {
    const { cookie, location } = await signIn()
    expect(location).toBe('/admin')
    const session = await call('GET', '/api/admin/session', cookie)
    expect(session.statusCode).toBe(200)
    expect(session.headers['content-type']).toMatch(/^application\/json/)
    expect(session.headers['cache-control']).toBe('no-store')
    expect(session.json()).toEqual({
      email: toolEmail,
      expiresAt: new Date(clock.getTime() + 12 * 3_600_000).toISOString(),
    })
  })

  it('refuses a tool without a session, or with a session still owing its two-step code, with 401', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/leads' })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ error: 'Sign in first.' })

    const strict = await buildApp(
      testAppOptions(t.db, { now: () => clock, admin: { requireSecondFactor: true } }),
    )
    try {
      const { cookie, location } = await signIn(strict)
      expect(location).toBe('/admin/two-factor')
      const owing = await strict.inject({ method: 'GET', url: '/api/admin/leads', headers: { cookie } })
      expect(owing.statusCode).toBe(401)
    } finally {
      await strict.close()
    }
  })

  it('refuses a change sent without the desk’s Origin with 403, and changes nothing', async () => {
    const { cookie } = await signIn()
    const id = (await storeLead(t.db, { fields: person('Orin', 'Origin') })).id
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/leads/${id}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'closed' }),
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toHaveProperty('error')
    expect((await call('GET', `/api/admin/leads/${id}`, cookie)).json().lead.status).toBe('new')
  })

  it('lists leads newest first as summaries, with the total, the page and its size', async () => {
    const { cookie } = await signIn()
    const older = (await storeLead(t.db, { fields: person('Olive', 'Older') })).id
    await forceLeadState(t.db, older, { receivedAt: new Date('2026-11-02T15:00:00Z') })
    const newer = (await storeLead(t.db, { fields: person('Nina', 'Newer'), language: 'es' })).id
    await forceLeadState(t.db, newer, { receivedAt: new Date('2026-11-03T15:00:00Z') })

    const response = await call('GET', '/api/admin/leads', cookie)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25 })
    expect(body.leads.map((lead: { id: string }) => lead.id)).toEqual([newer, older])
    expect(Object.keys(body.leads[0]).sort()).toEqual(summaryKeys)
    expect(body.leads[0]).toMatchObject({
      id: newer,
      reference: expect.stringMatching(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/),
      formKey: 'contact-message',
      receivedAt: '2026-11-03T15:00:00.000Z',
      language: 'es',
      status: 'new',
      spam: false,
      spamReasons: [],
      name: 'Nina Newer',
      email: 'nina.newer@example.com',
      phone: '7705550100',
      delivery: 'pending',
      assignedTo: null,
      assigneeName: null,
      firstContactAt: null,
      followUpAt: null,
      lostReason: null,
    })
  })

  it('filters by status, spam, form, days, search and assignment, as the inbox does', async () => {
    const { cookie } = await signIn()
    const jane = (await storeLead(t.db, { fields: person('Jane', 'Doe') })).id
    await forceLeadState(t.db, jane, { receivedAt: new Date('2026-11-02T15:00:00Z') })
    const boat = (
      await storeLead(t.db, {
        fields: { primaryOperatorName: 'Marisol Vega', email: 'mv@lake.example' },
        form: 'boat-quote',
      })
    ).id
    await forceLeadState(t.db, boat, { receivedAt: new Date('2026-11-05T15:00:00Z') })
    const spam = (
      await storeLead(t.db, { fields: person('Sam', 'Spammer'), isSpam: true, spamReasons: ['honeypot'] })
    ).id
    const closed = (await storeLead(t.db, { fields: person('Cleo', 'Closed') })).id
    await call('PATCH', `/api/admin/leads/${closed}`, cookie, { status: 'closed' })
    const ids = async (query: string) => {
      const response = await call('GET', `/api/admin/leads${query}`, cookie)
      expect(response.statusCode).toBe(200)
      return response.json().leads.map((lead: { id: string }) => lead.id)
    }

    expect(await ids('?status=closed')).toEqual([closed])
    expect(await ids('?status=spam')).toEqual([spam])
    expect((await call('GET', '/api/admin/leads?status=spam', cookie)).json().leads[0].spamReasons).toEqual([
      'honeypot',
    ])
    expect((await ids('?status=all')).sort()).toEqual([jane, boat, spam, closed].sort())
    expect((await ids('')).sort()).toEqual([jane, boat, closed].sort())
    expect(await ids('?form=boat-quote')).toEqual([boat])
    expect(await ids('?from=2026-11-01&to=2026-11-03')).toEqual([jane])
    expect(await ids('?q=marisol%20vega')).toEqual([boat])
    expect(await ids('?q=jane.doe%40example.com')).toEqual([jane])
    expect(await ids('?assigned=mine')).toEqual([])
    expect((await ids('?assigned=unassigned')).sort()).toEqual([jane, boat, closed].sort())

    const bad = await call('GET', '/api/admin/leads?status=bogus&from=2026-13-01&form=nope', cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      error: expect.stringMatching(/^Invalid parameters: (?=.*status)(?=.*from)(?=.*form)/),
      fields: { status: expect.any(String), from: expect.any(String), form: expect.any(String) },
    })
  })

  it('names the assignee as the desk shows them: the display name, else the e-mail; null when unassigned', async () => {
    const { cookie } = await signIn()
    await makeStaff(t.db, 'dana@oakridge-insurance.example', { displayName: 'Dana Desk' })
    const named = (await storeLead(t.db, { fields: person('Ned', 'Named') })).id
    const unnamed = (await storeLead(t.db, { fields: person('Una', 'Unnamed') })).id
    const nobody = (await storeLead(t.db, { fields: person('Nora', 'Nobody') })).id
    for (const [id, assignee] of [
      [named, 'dana@oakridge-insurance.example'],
      [unnamed, toolEmail],
    ]) {
      expect((await call('PATCH', `/api/admin/leads/${id}`, cookie, { assignee })).statusCode).toBe(200)
    }
    const expected = {
      [named]: { assignedTo: 'dana@oakridge-insurance.example', assigneeName: 'Dana Desk' },
      [unnamed]: { assignedTo: toolEmail, assigneeName: toolEmail },
      [nobody]: { assignedTo: null, assigneeName: null },
    }

    const listed = (await call('GET', '/api/admin/leads', cookie)).json().leads
    const byId = Object.fromEntries(
      listed.map((lead: { id: string; assignedTo: string | null; assigneeName: string | null }) => [
        lead.id,
        { assignedTo: lead.assignedTo, assigneeName: lead.assigneeName },
      ]),
    )
    expect(byId).toEqual(expected)
    for (const [id, assignee] of Object.entries(expected)) {
      const detail = await call('GET', `/api/admin/leads/${id}`, cookie)
      expect(detail.json().lead).toMatchObject(assignee)
    }
  })

  it('pages through the leads 25 at a time', async () => {
    const { cookie } = await signIn()
    for (let n = 0; n < 27; n++) (await storeLead(t.db, { fields: person('Paige', `Number${n}`) })).id
    const first = (await call('GET', '/api/admin/leads', cookie)).json()
    const second = (await call('GET', '/api/admin/leads?page=2', cookie)).json()
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 })
    expect(first.leads).toHaveLength(25)
    expect(second).toMatchObject({ total: 27, page: 2 })
    expect(second.leads).toHaveLength(2)
    const all = [...first.leads, ...second.leads].map((lead: { id: string }) => lead.id)
    expect(new Set(all).size).toBe(27)
    expect((await call('GET', '/api/admin/leads?page=3', cookie)).json().leads).toEqual([])
  })

  it('reads one lead: its fields under their labels, its e-mail jobs, reveals and work log', async () => {
    const { cookie } = await signIn()
    const id = (await storeLead(t.db, { fields: person('Lucía', 'Gómez'), language: 'es' })).id
    const response = await call('GET', `/api/admin/leads/${id}`, cookie)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(Object.keys(body).sort()).toEqual(['deliveryJobs', 'lead', 'reveals', 'workLog'])
    expect(Object.keys(body.lead).sort()).toEqual([...summaryKeys, 'otherFields', 'sections'].sort())
    const fields = body.lead.sections.flatMap((section: { fields: unknown[] }) => section.fields)
    expect(fields).toContainEqual({
      name: 'firstName',
      label: 'First name',
      value: 'Lucía',
      sensitive: false,
    })
    expect(body.deliveryJobs).toEqual([
      expect.objectContaining({ leadId: id, status: 'pending', attempts: 0, lastError: null }),
    ])
    expect(body.reveals).toEqual([])
    expect(body.workLog).toEqual([])

    expect((await call('GET', `/api/admin/leads/${unknownId}`, cookie)).statusCode).toBe(404)
    const malformed = await call('GET', '/api/admin/leads/not-a-uuid', cookie)
    expect(malformed.statusCode).toBe(404)
    expect(malformed.json()).toEqual({ error: 'There is no such lead.' })
  })

  it('never sends an SSN or EIN in clear, except through a reveal, which is recorded', async () => {
    const { cookie } = await signIn()
    const id = (
      await storeLead(t.db, {
        fields: {
          businessName: 'Peach State Roofing',
          owner1Name: 'Rosa Diaz',
          ssn1: encryptValue(ssn, testEncryptionKey),
          email: 'rosa@peach.example',
        },
        form: 'workers-comp-quote',
      })
    ).id
    const list = await call('GET', '/api/admin/leads', cookie)
    const detail = await call('GET', `/api/admin/leads/${id}`, cookie)
    const csv = await t.app.inject({ method: 'GET', url: '/admin/export.csv', headers: { cookie } })
    for (const body of [list.body, detail.body, csv.body]) {
      expect(body).not.toContain(ssn)
      expect(body).not.toContain('enc:v1:')
    }
    const ssnField = detail
      .json()
      .lead.sections.flatMap((section: { fields: { name: string }[] }) => section.fields)
      .find((field: { name: string }) => field.name === 'ssn1')
    expect(ssnField).toMatchObject({ value: '•••••6789', sensitive: true })

    const revealed = await call('POST', `/api/admin/leads/${id}/reveal`, cookie, { field: 'ssn1' })
    expect(revealed.statusCode).toBe(200)
    expect(revealed.json()).toEqual({ field: 'ssn1', value: ssn })
    const after = (await call('GET', `/api/admin/leads/${id}`, cookie)).json()
    expect(after.reveals).toEqual([
      { staffEmail: toolEmail, fieldName: 'ssn1', revealedAt: clock.toISOString(), webhookUrl: null },
    ])
    expect(JSON.stringify(after)).not.toContain(ssn)

    const refused = await call('POST', `/api/admin/leads/${id}/reveal`, cookie, { field: 'email' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ error: 'That field is not a sensitive field of this lead.' })
    expect(
      (await call('POST', `/api/admin/leads/${unknownId}/reveal`, cookie, { field: 'ssn1' })).statusCode,
    ).toBe(404)
    expect(await t.db.query('SELECT 1 FROM sensitive_reveals')).toHaveLength(1)
  })

  it('changes status (logged under the tool’s account) and spam; "not spam" queues the e-mail once', async () => {
    const { cookie } = await signIn()
    const id = (await storeLead(t.db, { fields: person('Stan', 'Status') })).id
    const patched = await call('PATCH', `/api/admin/leads/${id}`, cookie, { status: 'contacted' })
    expect(patched.statusCode).toBe(200)
    expect(Object.keys(patched.json().lead).sort()).toEqual(summaryKeys)
    expect(patched.json().lead).toMatchObject({ id, status: 'contacted' })
    const workLog = (await call('GET', `/api/admin/leads/${id}`, cookie)).json().workLog
    expect(workLog).toEqual([
      expect.objectContaining({ kind: 'status', detail: 'contacted', staffEmail: toolEmail }),
    ])

    const honeypotHit = (
      await storeLead(t.db, { fields: person('Hal', 'Honeypot'), isSpam: true, spamReasons: ['honeypot'] })
    ).id
    const jobs = async () =>
      (await call('GET', `/api/admin/leads/${honeypotHit}`, cookie)).json().deliveryJobs
    expect(await jobs()).toEqual([])
    for (let click = 0; click < 2; click++) {
      const unmarked = await call('PATCH', `/api/admin/leads/${honeypotHit}`, cookie, { spam: false })
      expect(unmarked.json().lead).toMatchObject({ spam: false, delivery: 'pending' })
    }
    expect(await jobs()).toHaveLength(1)
    const marked = await call('PATCH', `/api/admin/leads/${honeypotHit}`, cookie, { spam: true })
    expect(marked.json().lead.spam).toBe(true)

    // A body with neither property, or with a value outside the lists, changes nothing.
    for (const body of [
      {},
      { note: 'not a property of PATCH' },
      { status: 'archived' },
      { spam: 'yes' },
      { followUpAt: '2026-02-30T10:00:00Z' },
      { followUpAt: '2026-12-01T25:00:00Z' },
    ]) {
      expect((await call('PATCH', `/api/admin/leads/${id}`, cookie, body)).statusCode).toBe(400)
    }
    expect(
      (await call('PATCH', `/api/admin/leads/${unknownId}`, cookie, { status: 'closed' })).statusCode,
    ).toBe(404)
    expect((await call('GET', `/api/admin/leads/${id}`, cookie)).json().lead.status).toBe('contacted')
  })

  it('retries an e-mail that failed for good, and says 404 for any other job', async () => {
    const { cookie } = await signIn()
    const id = (await storeLead(t.db, { fields: person('Fay', 'Failed') })).id
    const [job] = (await call('GET', `/api/admin/leads/${id}`, cookie)).json().deliveryJobs
    expect((await call('POST', `/api/admin/leads/${id}/retry`, cookie, { jobId: job.id })).statusCode).toBe(
      404,
    )
    await t.db.query(
      `UPDATE delivery_jobs SET status = 'failed', attempts = 10, last_error = 'SMTP 554' WHERE id = $1`,
      [job.id],
    )
    const health = await call('GET', '/api/admin/health', cookie)
    expect(health.json()).toEqual({ status: 'up', deliveries: { failed: 1, waiting: 0 } })
    const retried = await call('POST', `/api/admin/leads/${id}/retry`, cookie, { jobId: job.id })
    expect(retried.statusCode).toBe(200)
    expect(retried.json()).toEqual({ retried: true })
    const [after] = (await call('GET', `/api/admin/leads/${id}`, cookie)).json().deliveryJobs
    expect(after).toMatchObject({ id: job.id, status: 'pending', attempts: 0 })
    expect((await call('GET', '/api/admin/health', cookie)).json().deliveries).toEqual({
      failed: 0,
      waiting: 1,
    })
    expect(
      (await call('POST', `/api/admin/leads/${id}/retry`, cookie, { jobId: unknownId })).statusCode,
    ).toBe(404)
  })

  it('exports the filtered leads as CSV with the same cookie', async () => {
    const { cookie } = await signIn()
    await storeLead(t.db, { fields: person('Cass', 'Csv') })
    await storeLead(t.db, { fields: person('Sid', 'Spam'), isSpam: true })
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/export.csv?status=new',
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = response.body.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('"Cass Csv"')
  })

  it('signs out: 204, the cookie cleared, the session gone', async () => {
    const { cookie } = await signIn()
    const out = await call('DELETE', '/api/admin/session', cookie)
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0')
    expect((await call('GET', '/api/admin/leads', cookie)).statusCode).toBe(401)
  })

  it('docs/api.md lists every /api/admin route the app registers, and no other', async () => {
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.includes(' /api/admin/'),
    )
    const docs = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8')
    const documented = [...docs.matchAll(/`((?:GET|POST|PATCH|DELETE) \/api\/admin\/[^`?]*)`/g)].map(
      (match) => match[1],
    )
    expect([...new Set(documented)].sort()).toEqual([...registered].sort())
  })
})
