/**
 * The staff lead inbox (/admin and /api/admin) through inject on a fresh database of each driver:
 * nothing without a session, sign-in with a generic error and a lockout that expires, sessions that
 * end (sign-out, absolute and idle expiry), the Origin rule on every change, filters and search,
 * the CSV export and its formula guard, reveals that are recorded, status, spam, delivery retries,
 * and retention.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { csvCell, csvColumns, csvRow } from '#server/admin/csv-export.ts'
import { buildApp } from '#server/app.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { runRetention } from '#server/leads/retention-job.ts'
import type { MailTransport, OutgoingMail } from '#server/mail/mail-transport.ts'
import { encryptValue } from '#server/security/sensitive-fields.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { cookieOf } from './helpers/cookies.ts'
import { deskColumns } from './helpers/csv-columns.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet, injectJson, ownOrigin } from './helpers/requests.ts'
import { registeredRoutes } from './helpers/routes.ts'
import { postSignIn, signInThroughPage } from './helpers/staff-session.ts'
import { testAppOptions, useTestApp } from './helpers/test-app.ts'
import { featureDrivers, testEncryptionKey } from './helpers/test-database.ts'

const staffEmail = 'desk@oakridge-insurance.example'
const staffPassword = 'a long staff password 42'
const dayMs = 86_400_000
const minuteMs = 60_000
const unknownId = '00000000-0000-4000-8000-000000000000'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
/** 'kept': a lead's work form, answered with the sign-in page carrying what was typed (401). */
type Kind = 'page' | 'api' | 'kept'

/**
 * Every route that needs a session, once. Pages answer 303 to the sign-in page without one; the
 * JSON API answers 401. A test below checks this table against the routes the app registers.
 */
const protectedRoutes: { method: Method; url: string; kind: Kind; body?: Record<string, unknown> }[] = [
  { method: 'GET', url: '/admin', kind: 'page' },
  { method: 'GET', url: '/admin/leads/:id', kind: 'page' },
  { method: 'GET', url: '/admin/export.csv', kind: 'page' },
  // A password of one's own, asked for after an owner made one (tests/server/own-password.test.ts).
  { method: 'GET', url: '/admin/password', kind: 'page' },
  {
    method: 'POST',
    url: '/admin/password',
    kind: 'page',
    body: { current: 'x', password: 'a long new password', repeat: 'a long new password' },
  },
  { method: 'POST', url: '/admin/leads/:id/status', kind: 'page', body: { status: 'closed' } },
  { method: 'POST', url: '/admin/leads/:id/spam', kind: 'page', body: { spam: 'true' } },
  { method: 'POST', url: '/admin/leads/:id/retry', kind: 'page', body: { job: unknownId } },
  { method: 'POST', url: '/admin/leads/:id/reveal', kind: 'page', body: { field: 'ssn1' } },
  {
    method: 'POST',
    url: '/admin/leads/:id/contact',
    kind: 'page',
    body: { channel: 'call', reached: 'yes' },
  },
  { method: 'POST', url: '/admin/leads/:id/note', kind: 'page', body: { note: 'Called back' } },
  { method: 'POST', url: '/admin/leads/:id/assign', kind: 'page', body: { assignee: '' } },
  {
    method: 'POST',
    url: '/admin/leads/:id/work',
    kind: 'kept',
    body: { note: 'Called back', status: 'won' },
  },
  { method: 'GET', url: '/admin/staff', kind: 'page' },
  { method: 'POST', url: '/admin/staff', kind: 'page', body: { email: 'new@example.com', role: 'staff' } },
  { method: 'POST', url: '/admin/staff/password', kind: 'page', body: { email: 'x@example.com' } },
  { method: 'POST', url: '/admin/staff/sessions', kind: 'page', body: { email: 'x@example.com' } },
  { method: 'POST', url: '/admin/staff/two-factor', kind: 'page', body: { email: 'x@example.com' } },
  { method: 'POST', url: '/admin/staff/role', kind: 'page', body: { email: 'x@example.com', role: 'owner' } },
  {
    method: 'POST',
    url: '/admin/staff/remove',
    kind: 'page',
    body: { email: 'x@example.com', confirm: 'yes' },
  },
  { method: 'POST', url: '/admin/staff/unlock', kind: 'page', body: { key: `address:${'a'.repeat(64)}` } },
  // The confirmation pages before an owner's change to an account, and the change of a name.
  { method: 'GET', url: '/admin/staff/password', kind: 'page' },
  { method: 'GET', url: '/admin/staff/password-shown', kind: 'page' },
  { method: 'GET', url: '/admin/staff/sessions', kind: 'page' },
  { method: 'GET', url: '/admin/staff/two-factor', kind: 'page' },
  { method: 'GET', url: '/admin/staff/remove', kind: 'page' },
  { method: 'GET', url: '/admin/staff/name', kind: 'page' },
  { method: 'POST', url: '/admin/staff/name', kind: 'page', body: { account: unknownId, name: 'Ana Ruiz' } },
  // The member's own account.
  { method: 'GET', url: '/admin/account', kind: 'page' },
  { method: 'POST', url: '/admin/account/name', kind: 'page', body: { name: 'Ana Ruiz' } },
  {
    method: 'POST',
    url: '/admin/account/password',
    kind: 'page',
    body: { current: 'x', password: 'y', confirm: 'y' },
  },
  { method: 'GET', url: '/admin/account/recovery-codes', kind: 'page' },
  { method: 'POST', url: '/admin/account/recovery-codes', kind: 'page', body: { password: 'x' } },
  { method: 'POST', url: '/admin/account/recovery-codes.txt', kind: 'page', body: { codes: 'a b c' } },
  // Notifications held after a restore, and webhooks (owners).
  { method: 'GET', url: '/admin/held-notifications', kind: 'page' },
  { method: 'POST', url: '/admin/held-notifications/:action', kind: 'page', body: { job: unknownId } },
  {
    method: 'POST',
    url: '/admin/held-notifications/webhooks/:action',
    kind: 'page',
    body: { delivery: unknownId },
  },
  { method: 'POST', url: '/admin/leads/:id/reply', kind: 'page', body: { subject: 'Hi', body: 'Hello' } },
  { method: 'GET', url: '/admin/replies', kind: 'page' },
  {
    method: 'POST',
    url: '/admin/replies',
    kind: 'page',
    body: { template: 'thanks', language: 'en', subject: 'Hi', body: 'Hello' },
  },
  { method: 'GET', url: '/admin/webhooks', kind: 'page' },
  { method: 'POST', url: '/admin/webhooks', kind: 'page', body: { url: 'https://crm.example/hook' } },
  { method: 'POST', url: '/admin/webhooks/:action', kind: 'page', body: { destination: unknownId } },
  // The member's phone notifications: their choices and browsers.
  { method: 'GET', url: '/admin/notifications', kind: 'page' },
  { method: 'POST', url: '/admin/notifications', kind: 'page', body: { newLeads: 'on' } },
  { method: 'POST', url: '/admin/notifications/browsers/:id/remove', kind: 'page', body: {} },
  {
    method: 'POST',
    url: '/api/admin/push-subscriptions',
    kind: 'api',
    body: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'x', auth: 'y' } },
  },
  {
    method: 'DELETE',
    url: '/api/admin/push-subscriptions',
    kind: 'api',
    body: { endpoint: 'https://push.example.com/x' },
  },
  { method: 'GET', url: '/admin/tokens', kind: 'page' },
  {
    method: 'POST',
    url: '/admin/tokens',
    kind: 'page',
    body: { name: 'crm-sync', 'scope-leads-read': 'yes' },
  },
  { method: 'POST', url: '/admin/tokens/revoke', kind: 'page', body: { name: 'crm-sync' } },
  // The site settings (owners): the page's sections, publish, restore, preview, and the API.
  { method: 'GET', url: '/admin/site', kind: 'page' },
  { method: 'POST', url: '/admin/site', kind: 'page', body: { section: 'brand', brandColour: '#000000' } },
  { method: 'POST', url: '/admin/site/publish', kind: 'page', body: {} },
  { method: 'POST', url: '/admin/site/discard', kind: 'page', body: {} },
  { method: 'POST', url: '/admin/site/uploads', kind: 'page', body: {} },
  { method: 'POST', url: '/admin/site/images/remove', kind: 'page', body: {} },
  { method: 'POST', url: '/admin/site/versions/:version/restore', kind: 'page', body: {} },
  { method: 'GET', url: '/admin/site/preview', kind: 'page' },
  { method: 'GET', url: '/api/admin/site', kind: 'api' },
  { method: 'PATCH', url: '/api/admin/site', kind: 'api', body: { brandColour: '#000000' } },
  { method: 'POST', url: '/api/admin/site/publish', kind: 'api', body: {} },
  { method: 'POST', url: '/api/admin/site/uploads', kind: 'api', body: {} },
  { method: 'POST', url: '/api/admin/site/versions/:version/restore', kind: 'api', body: {} },
  { method: 'GET', url: '/api/admin/webhooks', kind: 'api' },
  { method: 'PATCH', url: '/api/admin/webhooks/:id', kind: 'api', body: { enabled: false } },
  { method: 'POST', url: '/api/admin/webhooks/:id/test', kind: 'api' },
  { method: 'POST', url: '/api/admin/webhooks/:id/rotate-secret', kind: 'api' },
  { method: 'GET', url: '/api/admin/webhooks/:id/deliveries', kind: 'api' },
  { method: 'POST', url: '/api/admin/webhooks/:id/deliveries/:deliveryId/replay', kind: 'api' },
  {
    method: 'POST',
    url: '/api/admin/webhooks/:id/replay',
    kind: 'api',
    body: { leadId: unknownId, since: '2026-11-24T15:00:00Z' },
  },
  { method: 'GET', url: '/api/admin/health', kind: 'api' },
  { method: 'GET', url: '/api/admin/openapi.json', kind: 'api' },
  { method: 'GET', url: '/api/admin/session', kind: 'api' },
  { method: 'DELETE', url: '/api/admin/session', kind: 'api' },
  { method: 'GET', url: '/api/admin/leads', kind: 'api' },
  { method: 'GET', url: '/api/admin/leads/:id', kind: 'api' },
  { method: 'PATCH', url: '/api/admin/leads/:id', kind: 'api', body: { status: 'closed' } },
  { method: 'POST', url: '/api/admin/leads/:id/reveal', kind: 'api', body: { field: 'ssn1' } },
  { method: 'POST', url: '/api/admin/leads/:id/retry', kind: 'api', body: { jobId: unknownId } },
  { method: 'GET', url: '/api/admin/leads/new-count', kind: 'api' },
  {
    method: 'POST',
    url: '/api/admin/leads/:id/contacts',
    kind: 'api',
    body: { channel: 'call', outcome: 'reached' },
  },
  { method: 'POST', url: '/api/admin/leads/:id/notes', kind: 'api', body: { note: 'Called back' } },
]

/** The routes anyone may call: signing in and out, and the pages' stylesheet and script. */
const publicRoutes = [
  'GET /admin/login',
  'POST /admin/login',
  'POST /admin/logout',
  'GET /admin/login/code',
  'POST /admin/login/code',
  'GET /admin/two-factor',
  'POST /admin/two-factor',
  'GET /admin/assets/admin.css',
  'GET /admin/assets/admin.js',
  // The desk as an installable app: browsers fetch these without the session.
  'GET /admin/assets/push.js',
  'GET /admin/manifest.webmanifest',
  'GET /admin/push-worker.js',
]

function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString()
}

function person(firstName: string, lastName: string, extra: Record<string, string> = {}) {
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone: '7705550100',
    state: 'GA',
    msg: 'Please call me back.',
    ...extra,
  }
}

describe('CSV cells and columns', () => {
  it('names every column of every form apart', () => {
    const headers = csvColumns().map((column) => column.header)
    expect(new Set(headers).size).toBe(headers.length)
    expect(headers).toContain('Vehicle 2: Year')
  })

  it('quotes every cell and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('"plain"')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=1+1')).toBe(`"'=1+1"`)
    expect(csvCell('\r=1')).toBe(`"'\r=1"`)
    expect(csvCell('-')).toBe(`"'-"`)
    expect(csvCell('  @SUM(A1)')).toBe(`"'  @SUM(A1)"`)
    expect(csvCell('＝1+1')).toBe(`"'＝1+1"`)
  })

  // A spreadsheet set to `;` or tab separators splits unquoted text there: `x;=1+1` became a formula.
  it.each([',', ';', '\t', '|'])(
    'leaves no cell starting a formula when read with %j as separator',
    (separator) => {
      const hostile = [
        'x;=1+1',
        'x\t=1+1',
        'x,=1+1',
        'x|=1+1',
        '=HYPERLINK("http://evil.example")',
        '+1',
        '@A1',
        'ok',
      ]
      const [cells = []] = parseCsv(csvRow(hostile), separator)
      if (separator === ',') expect(cells).toHaveLength(hostile.length)
      for (const cell of cells) expect(cell).not.toMatch(/^\s*[=+\-@]/)
    },
  )
})

/** How a spreadsheet reads CSV text: quoted text is one cell, `""` is a quote. */
function parseCsv(body: string, separator = ','): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const input = body.replace(/^\uFEFF/, '')
  for (let index = 0; index < input.length; index++) {
    const char = input[index]
    if (quoted) {
      if (char === '"' && input[index + 1] === '"') {
        cell += '"'
        index++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === separator) {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && input[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index++
    } else cell += char
  }
  return rows
}

describe.each(featureDrivers)('staff inbox on %s', (driver) => {
  let clock: Date
  const t = useTestApp(
    driver,
    { now: () => clock, admin: { throttle: { addressLimit: 8 } } },
    { truncate: 'leads, delivery_jobs, staff_users, staff_sessions, sign_in_throttles, sensitive_reveals' },
  )
  beforeEach(async () => {
    clock = new Date()
    await makeStaff(t.db, staffEmail, { password: staffPassword })
  })

  function signInRequest(email: string, password: string, remoteAddress = '203.0.113.10') {
    return postSignIn(t.app, email, password, { remoteAddress })
  }

  function signIn(email = staffEmail, password = staffPassword): Promise<string> {
    return signInThroughPage(t.app, email, password, { remoteAddress: '203.0.113.10' })
  }

  const get = (url: string, cookie?: string) => injectGet(t.app, url, cookie)

  function postForm(
    url: string,
    fields: Record<string, string>,
    cookie?: string,
    origin: string | null = ownOrigin,
  ) {
    return injectForm(t.app, url, fields, { cookie, origin })
  }

  function api(
    method: Method,
    url: string,
    cookie: string,
    body?: unknown,
    origin: string | null = ownOrigin,
  ) {
    return injectJson(t.app, method, url, cookie, body, origin)
  }

  async function leadRow(id: string) {
    const [row] = await t.db.query<{ status: string; is_spam: boolean }>(
      'SELECT status, is_spam FROM leads WHERE id = $1',
      [id],
    )
    return row
  }

  describe('without a session', () => {
    it('the table above lists every /admin and /api/admin route the app registers', async () => {
      const admin = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) =>
        / \/admin|\/api\/admin/.test(route),
      )
      const listed = [...protectedRoutes.map((route) => `${route.method} ${route.url}`), ...publicRoutes]
      expect([...admin].sort()).toEqual([...listed].sort())
    })

    it.each(protectedRoutes)('$method $url refuses', async (route) => {
      const id = (await storeLead(t.db, { fields: person('Nora', 'Nosession') })).id
      for (const cookie of [undefined, 'staff_session=not-a-real-token', `staff_session=${'A'.repeat(43)}`]) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url.replace(':id', id).replace(':version', '1'),
          headers: {
            origin: ownOrigin,
            ...(cookie ? { cookie } : {}),
            ...(route.body
              ? {
                  'content-type':
                    route.kind === 'api' ? 'application/json' : 'application/x-www-form-urlencoded',
                }
              : {}),
          },
          ...(route.body
            ? {
                payload:
                  route.kind === 'api'
                    ? JSON.stringify(route.body)
                    : formBody(
                        Object.fromEntries(Object.entries(route.body).map(([k, v]) => [k, String(v)])),
                      ),
              }
            : {}),
        })
        if (route.kind === 'api') {
          expect(response.statusCode).toBe(401)
          expect(response.json()).toEqual({ error: 'Sign in first.' })
        } else if (route.kind === 'kept') {
          expect(response.statusCode).toBe(401)
          expect(response.body).toContain('Staff sign-in')
          expect(response.body).toContain('name="draft_note" value="Called back"')
        } else {
          expect(response.statusCode).toBe(303)
          expect(response.headers.location).toMatch(/^\/admin\/login(\?next=.*)?$/)
        }
        expect(response.headers['cache-control']).toBe('no-store')
        expect(response.headers['x-robots-tag']).toContain('noindex')
      }
      // Nothing changed, nothing was revealed.
      expect(await leadRow(id)).toEqual({ status: 'new', is_spam: false })
      const reveals = await t.db.query('SELECT 1 FROM sensitive_reveals')
      expect(reveals).toHaveLength(0)
    })

    it('a page asked for comes back after signing in', async () => {
      const id = (await storeLead(t.db, { fields: person('Nora', 'Next') })).id
      const refused = await get(`/admin/leads/${id}`)
      expect(refused.headers.location).toBe(`/admin/login?next=${encodeURIComponent(`/admin/leads/${id}`)}`)
      const login = await get(String(refused.headers.location))
      expect(login.body).toContain(`name="next" value="/admin/leads/${id}"`)
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/login',
        headers: { origin: ownOrigin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ email: staffEmail, password: staffPassword, next: `/admin/leads/${id}` }),
      })
      expect(response.headers.location).toBe(`/admin/leads/${id}`)
      // Another site is never a destination.
      const offsite = await t.app.inject({
        method: 'POST',
        url: '/admin/login',
        headers: { origin: ownOrigin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ email: staffEmail, password: staffPassword, next: '//evil.example/admin' }),
      })
      expect(offsite.headers.location).toBe('/admin')
    })

    it('the sign-in page is a strict page: no inline script or style, CSP, noindex, no-store', async () => {
      const response = await get('/admin/login')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['content-security-policy']).toContain("script-src 'self'")
      expect(response.headers['content-security-policy']).toContain("style-src 'self'")
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['x-robots-tag']).toContain('noindex')
      expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)/)
      expect(response.body).not.toMatch(/\sstyle=|<style/)
      expect(response.body.match(/<h1[\s>]/g)).toHaveLength(1)
      expect(response.body).toContain('<label for="email">E-mail</label>')
      expect(response.body).toContain('<label for="password">Password</label>')
      for (const asset of ['/admin/assets/admin.css', '/admin/assets/admin.js']) {
        expect((await get(asset)).statusCode).toBe(200)
      }
    })
  })

  describe('signing in', () => {
    it('a right password opens a session in an HttpOnly, SameSite=Strict cookie (not Secure on http)', async () => {
      const response = await signInRequest(staffEmail.toUpperCase(), staffPassword)
      expect(response.statusCode).toBe(303)
      const cookie = String(response.headers['set-cookie'])
      expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43}; /)
      expect(cookie).toContain('HttpOnly')
      expect(cookie).toContain('SameSite=Strict')
      expect(cookie).toContain('Path=/')
      expect(cookie).not.toContain('Secure')
      // Only the token's hash is stored.
      const token = cookieOf(response).split('=')[1] ?? ''
      const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_sessions')
      expect(stored).toHaveLength(1)
      expect(stored[0]?.token_hash).not.toContain(token)
      const inbox = await get('/admin', cookieOf(response))
      expect(inbox.statusCode).toBe(200)
      expect(inbox.body).toContain(`Signed in as ${staffEmail}`)
    })

    it('with ADMIN_COOKIE_SECURE the cookie is __Host- and Secure, and sign-out clears it with the same flags', async () => {
      const secureApp = await buildApp(testAppOptions(t.db, { now: () => clock, adminCookieSecure: true }))
      try {
        const response = await secureApp.inject({
          method: 'POST',
          url: '/admin/login',
          headers: { origin: ownOrigin, 'content-type': 'application/x-www-form-urlencoded' },
          payload: formBody({ email: staffEmail, password: staffPassword }),
        })
        expect(response.statusCode).toBe(303)
        const set = String(response.headers['set-cookie'])
        expect(set).toMatch(/^__Host-staff_session=[A-Za-z0-9_-]{43}; /)
        for (const flag of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict', `Max-Age=${12 * 3600}`])
          expect(set.split('; ')).toContain(flag)
        const cookie = cookieOf(response)
        // The plain name is not this app's cookie: it must not open a session.
        const plain = await secureApp.inject({
          method: 'GET',
          url: '/admin',
          headers: { cookie: cookie.slice(7) },
        })
        expect(plain.statusCode).toBe(303)
        expect(
          (await secureApp.inject({ method: 'GET', url: '/admin', headers: { cookie } })).statusCode,
        ).toBe(200)
        const out = await secureApp.inject({
          method: 'POST',
          url: '/admin/logout',
          headers: { origin: ownOrigin, cookie },
        })
        const cleared = String(out.headers['set-cookie'])
        expect(cleared).toMatch(/^__Host-staff_session=; /)
        for (const flag of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict', 'Max-Age=0'])
          expect(cleared.split('; ')).toContain(flag)
      } finally {
        await secureApp.close()
      }
    })

    it('a wrong password and an unknown e-mail get the same answer', async () => {
      const wrong = await signInRequest(staffEmail, 'not the password at all')
      const unknown = await signInRequest('nobody@oakridge-insurance.example', staffPassword)
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401)
        expect(response.headers['set-cookie']).toBeUndefined()
        expect(pageText(response.body)).toContain('The e-mail or password is not correct.')
      }
      expect(pageText(wrong.body).replace(staffEmail, '')).toBe(
        pageText(unknown.body).replace('nobody@oakridge-insurance.example', ''),
      )
    })

    it('five failures lock the account for 15 minutes, even with the right password; then it opens again', async () => {
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await signInRequest(staffEmail, `wrong password ${attempt}`)).statusCode).toBe(401)
      }
      const locked = await signInRequest(staffEmail, staffPassword)
      expect(locked.statusCode).toBe(429)
      expect(locked.headers['set-cookie']).toBeUndefined()
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
      expect(pageText(locked.body)).toContain('Too many failed sign-in attempts')

      // The lockout is in the database: it holds for every request until it runs out.
      clock = new Date(clock.getTime() + 14 * minuteMs)
      expect((await signInRequest(staffEmail, staffPassword)).statusCode).toBe(429)
      clock = new Date(clock.getTime() + 2 * minuteMs)
      expect((await signInRequest(staffEmail, staffPassword)).statusCode).toBe(303)
    })

    it('an unknown e-mail locks the same way (a lockout does not tell which e-mails exist)', async () => {
      // 20 attempts from addresses the account never signed in from lock it for every such address
      // (docs/decisions/021-sign-in-under-attack.md).
      for (let attempt = 1; attempt <= 20; attempt++) {
        await signInRequest('ghost@oakridge-insurance.example', `guess ${attempt}`, `198.51.100.${attempt}`)
      }
      expect(
        (await signInRequest('ghost@oakridge-insurance.example', 'guess 21', '198.51.100.99')).statusCode,
      ).toBe(429)
    })

    it('too many failures from one address lock that address for every account', async () => {
      // addressLimit is 8 in these tests; each e-mail stays under its own limit of 5.
      for (let attempt = 1; attempt <= 8; attempt++) {
        await signInRequest(`guess${attempt % 3}@example.com`, 'wrong password', '192.0.2.50')
      }
      expect((await signInRequest(staffEmail, staffPassword, '192.0.2.50')).statusCode).toBe(429)
      expect((await signInRequest(staffEmail, staffPassword, '192.0.2.51')).statusCode).toBe(303)
    })

    it('a burst of 100 attempts sent at once lets at most 20 reach the password check', async () => {
      // 99 wrong passwords, the right one last, from 100 addresses (only the account limit applies:
      // 20 for addresses the account never signed in from, docs/decisions/021-sign-in-under-attack.md).
      const attempts = Array.from({ length: 100 }, (_, index) =>
        signInRequest(staffEmail, index === 99 ? staffPassword : `wrong ${index}`, `198.51.100.${index + 1}`),
      )
      const statuses = (await Promise.all(attempts)).map((response) => response.statusCode)
      // 503: the password pool was full, the password not checked.
      const checked = statuses.filter((status) => status !== 429 && status !== 503)
      expect(checked.length).toBeLessThanOrEqual(20)
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(80)
      // The account is locked now: the right password is refused too.
      const after = await signInRequest(staffEmail, staffPassword, '198.51.100.200')
      expect(after.statusCode).toBe(429)
      expect(after.headers['set-cookie']).toBeUndefined()
    })

    it('an office signing in all day from one address never locks itself out', async () => {
      // The address limit here is 8; a correct sign-in gives its attempt back.
      for (let day = 0; day < 12; day++)
        expect((await signInRequest(staffEmail, staffPassword)).statusCode).toBe(303)
    })

    it('failures older than the window do not add up', async () => {
      for (let attempt = 1; attempt <= 4; attempt++) await signInRequest(staffEmail, 'wrong password')
      clock = new Date(clock.getTime() + 16 * minuteMs)
      for (let attempt = 1; attempt <= 4; attempt++) await signInRequest(staffEmail, 'wrong password')
      expect((await signInRequest(staffEmail, staffPassword)).statusCode).toBe(303)
    })
  })

  describe('sessions end', () => {
    it('sign-out deletes the session: the old cookie no longer works', async () => {
      const cookie = await signIn()
      expect((await get('/admin', cookie)).statusCode).toBe(200)
      const out = await postForm('/admin/logout', {}, cookie)
      expect(out.statusCode).toBe(303)
      expect(out.headers.location).toBe('/admin/login?notice=signed-out')
      expect(String(out.headers['set-cookie'])).toContain('Max-Age=0')
      expect((await get('/admin', cookie)).statusCode).toBe(303)
      expect((await api('GET', '/api/admin/leads', cookie)).statusCode).toBe(401)
      expect(await t.db.query('SELECT 1 FROM staff_sessions')).toHaveLength(0)
    })

    it('DELETE /api/admin/session signs out too', async () => {
      const cookie = await signIn()
      expect((await api('GET', '/api/admin/session', cookie)).json()).toMatchObject({ email: staffEmail })
      expect((await api('DELETE', '/api/admin/session', cookie)).statusCode).toBe(204)
      expect((await api('GET', '/api/admin/session', cookie)).statusCode).toBe(401)
    })

    it('a session past its absolute expiry (12 hours) is refused, however active', async () => {
      const cookie = await signIn()
      for (let hour = 1; hour < 12; hour++) {
        clock = new Date(clock.getTime() + 60 * minuteMs)
        expect((await get('/admin', cookie)).statusCode).toBe(200)
      }
      clock = new Date(clock.getTime() + 61 * minuteMs)
      expect((await get('/admin', cookie)).statusCode).toBe(303)
      expect((await api('GET', '/api/admin/session', cookie)).statusCode).toBe(401)
    })

    it('a session idle for more than 2 hours is refused', async () => {
      const cookie = await signIn()
      clock = new Date(clock.getTime() + 119 * minuteMs)
      expect((await get('/admin', cookie)).statusCode).toBe(200)
      clock = new Date(clock.getTime() + 121 * minuteMs)
      expect((await get('/admin', cookie)).statusCode).toBe(303)
    })

    it('removing the account ends its sessions', async () => {
      const cookie = await signIn()
      await t.db.query('DELETE FROM staff_users WHERE email = $1', [staffEmail])
      expect((await get('/admin', cookie)).statusCode).toBe(303)
    })
  })

  describe('cross-site requests', () => {
    it.each([
      ['another site', 'https://evil.example'],
      ['the same host on another port', 'http://localhost:8080'],
      ['an opaque origin', 'null'],
      ['no Origin header', null],
    ])('a state change from %s is refused with 403 and changes nothing', async (_name, origin) => {
      const cookie = await signIn()
      const id = (await storeLead(t.db, { fields: person('Cora', 'Crosssite') })).id
      const page = await postForm(`/admin/leads/${id}/status`, { status: 'closed' }, cookie, origin)
      expect(page.statusCode).toBe(403)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      const json = await api(
        'PATCH',
        `/api/admin/leads/${id}`,
        cookie,
        { status: 'closed', spam: true },
        origin,
      )
      expect(json.statusCode).toBe(403)
      expect(json.json()).toHaveProperty('error')
      const spam = await postForm(`/admin/leads/${id}/spam`, { spam: 'true' }, cookie, origin)
      expect(spam.statusCode).toBe(403)
      expect(await leadRow(id)).toEqual({ status: 'new', is_spam: false })
      // Nor can another site sign someone in or out.
      expect((await postForm('/admin/logout', {}, cookie, origin)).statusCode).toBe(403)
      expect((await get('/admin', cookie)).statusCode).toBe(200)
      const login = await t.app.inject({
        method: 'POST',
        url: '/admin/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
        payload: formBody({ email: staffEmail, password: staffPassword }),
      })
      expect(login.statusCode).toBe(403)
      expect(login.headers['set-cookie']).toBeUndefined()
    })

    it('the Origin is compared with the Host the request was sent to', async () => {
      const cookie = await signIn()
      const id = (await storeLead(t.db, { fields: person('Hana', 'Host') })).id
      const response = await t.app.inject({
        method: 'POST',
        url: `/admin/leads/${id}/status`,
        headers: {
          host: 'leads.oakridge-insurance.example',
          origin: 'https://leads.oakridge-insurance.example',
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: formBody({ status: 'contacted' }),
      })
      expect(response.statusCode).toBe(303)
      expect(await leadRow(id)).toEqual({ status: 'contacted', is_spam: false })
    })
  })

  describe('the inbox', () => {
    let cookie: string
    beforeEach(async () => {
      cookie = await signIn()
    })

    async function listIds(query: string): Promise<string[]> {
      const response = await api('GET', `/api/admin/leads${query}`, cookie)
      expect(response.statusCode).toBe(200)
      return response.json<{ leads: { id: string }[] }>().leads.map((lead) => lead.id)
    }

    it('lists leads newest first, with filters by form, status, spam and dates', async () => {
      const base = Date.parse('2026-03-10T17:00:00Z')
      const ids = {
        contact: (await storeLead(t.db, { fields: person('Ann', 'Alpha'), receivedAt: new Date(base) })).id,
        boat: (
          await storeLead(t.db, {
            form: 'boat-quote',
            fields: person('Ben', 'Bravo'),
            receivedAt: new Date(base - dayMs),
            status: 'contacted',
          })
        ).id,
        closed: (
          await storeLead(t.db, {
            fields: person('Cid', 'Charlie'),
            receivedAt: new Date(base - 2 * dayMs),
            status: 'closed',
          })
        ).id,
        spam: (
          await storeLead(t.db, {
            fields: person('Dee', 'Delta'),
            receivedAt: new Date(base - 3 * dayMs),
            isSpam: true,
          })
        ).id,
        // 04:30 UTC on 8 March is 23:30 on 7 March in Georgia (EST): it belongs to the 7th.
        lateEvening: (
          await storeLead(t.db, {
            fields: person('Eve', 'Echo'),
            receivedAt: new Date('2026-03-08T04:30:00Z'),
          })
        ).id,
      }
      expect(await listIds('')).toEqual([ids.contact, ids.boat, ids.closed, ids.lateEvening])
      expect(await listIds('?form=boat-quote')).toEqual([ids.boat])
      expect(await listIds('?status=new')).toEqual([ids.contact, ids.lateEvening])
      expect(await listIds('?status=contacted')).toEqual([ids.boat])
      expect(await listIds('?status=closed')).toEqual([ids.closed])
      expect(await listIds('?status=spam')).toEqual([ids.spam])
      expect(await listIds('?status=all')).toHaveLength(5)
      expect(await listIds('?from=2026-03-08&to=2026-03-09&status=all')).toEqual(
        [ids.closed, ids.boat].reverse(),
      )
      expect(await listIds('?to=2026-03-07')).toEqual([ids.lateEvening])
      expect(await listIds('?from=2026-03-08&to=2026-03-08')).toEqual([ids.closed])

      const page = await get('/admin?form=boat-quote', cookie)
      expect(page.statusCode).toBe(200)
      expect(pageText(page.body)).toContain('Ben Bravo')
      expect(pageText(page.body)).not.toContain('Ann Alpha')
      expect(page.body).toContain('<option value="boat-quote" selected="">')
    })

    it('searches names, e-mails and phones inside the stored fields', async () => {
      const jane = (await storeLead(t.db, { fields: person('Jane', 'Doe', { phone: '(770) 555-0142' }) })).id
      const john = (
        await storeLead(t.db, {
          fields: person('John', 'Smith', { email: 'jsmith@mailbox.example', phone: '4045550199' }),
        })
      ).id
      const business = (
        await storeLead(t.db, {
          form: 'workers-comp-quote',
          fields: {
            businessName: 'Peach State Roofing',
            contactName: 'Rosa Diaz',
            email: 'rosa@peach.example',
            phone: '6785550123',
          },
        })
      ).id
      const percent = (await storeLead(t.db, { fields: person('Per', 'Cent', { msg: '100% sure' }) })).id
      expect(await listIds('?q=jane%20doe')).toEqual([jane])
      expect(await listIds('?q=SMITH')).toEqual([john])
      expect(await listIds('?q=mailbox.example')).toEqual([john])
      expect(await listIds('?q=770-555-0142')).toEqual([jane])
      expect(await listIds('?q=5550199')).toEqual([john])
      expect(await listIds('?q=peach%20state')).toEqual([business])
      expect(await listIds('?q=rosa%20diaz')).toEqual([business])
      // LIKE wildcards in the search are plain characters; messages are not searched.
      expect(await listIds('?q=%25')).toEqual([])
      expect(await listIds('?q=_')).toEqual([])
      expect(await listIds('?q=sure')).toEqual([])
      expect(percent).toBeTruthy()
    })

    it('searches without accents or case: staff on a US keyboard find Díaz by typing diaz', async () => {
      const luis = (await storeLead(t.db, { fields: person('Luis', 'Díaz', { email: 'luis@example.com' }) }))
        .id
      const business = (
        await storeLead(t.db, {
          form: 'general-liability-quote',
          fields: {
            businessName: 'Construcciones Díaz',
            contactName: 'Inés Peña',
            email: 'ÁLVARO.ÑÚÑEZ@Construcciones.example',
            phone: '6785550177',
          },
        })
      ).id
      expect(await listIds('?q=luis%20diaz')).toEqual([luis])
      expect(await listIds(`?q=${encodeURIComponent('LUIS DÍAZ')}`)).toEqual([luis])
      expect(await listIds('?q=construcciones%20diaz')).toEqual([business])
      expect(await listIds('?q=ines%20pena')).toEqual([business])
      expect(await listIds('?q=alvaro.nunez@')).toEqual([business])
      // A name typed with its accent, or decomposed (e + combining acute), finds the plain spelling too.
      const plain = (await storeLead(t.db, { fields: person('Jose', 'Perez', { email: 'jp@example.com' }) }))
        .id
      expect(await listIds(`?q=${encodeURIComponent('josé pérez')}`)).toEqual([plain])
      expect(await listIds(`?q=${encodeURIComponent('jose\u0301')}`)).toEqual([plain])
    })

    it('finds boat and vehicle leads by the operator or driver the form names, and lists them by that name', async () => {
      const boat = (
        await storeLead(t.db, {
          form: 'boat-quote',
          fields: { primaryOperatorName: 'Marisol Vega', email: 'mv@lake.example', phone: '7065550111' },
        })
      ).id
      const atv = (
        await storeLead(t.db, {
          form: 'atv-quote',
          fields: { primaryDriverName: 'Dale Tucker', email: 'dale@trail.example', phone: '7065550112' },
        })
      ).id
      expect(await listIds('?q=marisol%20vega')).toEqual([boat])
      expect(await listIds('?q=tucker')).toEqual([atv])
      const inbox = pageText((await get('/admin', cookie)).body)
      expect(inbox).toContain('Marisol Vega')
      expect(inbox).toContain('Dale Tucker')
      expect(pageText((await get(`/admin/leads/${boat}`, cookie)).body)).toContain(
        'Boat insurance quote from Marisol Vega',
      )
    })

    it('finds a lead by the reference its visitor was given, however it is typed, and shows it', async () => {
      const id = (await storeLead(t.db, { fields: person('Ref', 'Erence') })).id
      const [row] = await t.db.query<{ reference: string }>('SELECT reference FROM leads WHERE id = $1', [id])
      const reference = row?.reference ?? ''
      expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/)
      const typed = reference.toLowerCase().replace('-', ' ')
      expect(await listIds(`?q=${encodeURIComponent(typed)}`)).toEqual([id])
      expect(await listIds(`?q=${reference.replace('-', '')}`)).toEqual([id])
      const page = await get(`/admin/leads/${id}`, cookie)
      expect(pageText(page.body)).toContain(`Reference ${reference}`)
    })

    it('pages through the leads', async () => {
      const start = Date.now()
      for (let index = 0; index < 30; index++) {
        // Thirty people (a phone each): the work queue lists a person once.
        await storeLead(t.db, {
          fields: person(`P${index}`, 'Page', { phone: `77055502${String(index).padStart(2, '0')}` }),
          receivedAt: new Date(start - index * minuteMs),
        })
      }
      const first = await api('GET', '/api/admin/leads', cookie)
      expect(first.json()).toMatchObject({ total: 30, page: 1, pageSize: 25 })
      expect(first.json<{ leads: unknown[] }>().leads).toHaveLength(25)
      const second = await api('GET', '/api/admin/leads?page=2', cookie)
      expect(second.json<{ leads: { name: string }[] }>().leads.map((lead) => lead.name)).toEqual(
        ['P25', 'P26', 'P27', 'P28', 'P29'].map((name) => `${name} Page`),
      )
      const page = await get('/admin?page=2', cookie)
      expect(pageText(page.body)).toContain('Page 2 of 2')
      expect(page.body).toContain('href="/admin?page=1"')
    })

    it('reports filters that make no sense instead of ignoring them silently', async () => {
      const response = await get('/admin?from=2026-02-30&form=no-such-form', cookie)
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain('aria-invalid="true"')
      expect(pageText(response.body)).toContain('Enter a date as YYYY-MM-DD.')
      expect((await api('GET', '/api/admin/leads?status=bogus', cookie)).statusCode).toBe(400)
    })

    it('escapes what visitors typed', async () => {
      const id = (
        await storeLead(t.db, {
          fields: person('<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', {
            msg: '<b>bold</b> & more',
          }),
        })
      ).id
      for (const url of ['/admin', `/admin/leads/${id}`]) {
        const response = await get(url, cookie)
        expect(response.body).not.toContain('<script>alert(1)</script>')
        expect(response.body).not.toContain('<img src=x')
        expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      }
      expect((await get(`/admin/leads/${id}`, cookie)).body).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; more')
    })

    it('escapes by construction: a visitor named <script>alert(1)</script> is text on the inbox, the lead page and in the e-mail', async () => {
      const name = '<script>alert(1)</script>'
      const id = (await storeLead(t.db, { fields: person(name, 'Evil') })).id
      await t.db.query('UPDATE delivery_jobs SET next_attempt_at = now() WHERE lead_id = $1', [id])
      const sent: OutgoingMail[] = []
      const transport: MailTransport = {
        kind: 'files',
        send: async (mail) => void sent.push(mail),
        close() {},
      }
      const settings = {
        from: 'desk@x.example',
        to: 'agency@x.example',
        maxAttempts: 1,
        baseDelayMs: 1,
        maxDelayMs: 1,
        leaseMs: 60_000,
      }
      const delivery = createDeliveryWorker({
        db: t.db,
        transport,
        settings,
        getForm: getFormDefinition,
        log: t.app.log,
      })
      expect(await delivery.runOnce()).toBe(1)
      await delivery.stop()

      const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;'
      const mailHtml = sent[0]?.html ?? ''
      const pages = [(await get('/admin', cookie)).body, (await get(`/admin/leads/${id}`, cookie)).body]
      for (const html of [...pages, mailHtml]) {
        expect(html).toContain(escaped)
        // The only script element is the staff pages' own file; the e-mail has none.
        expect(html).not.toMatch(/<script(?![^>]*\bsrc="\/admin\/assets\/admin\.js")/)
      }
      expect(mailHtml).toContain(
        `<td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escaped}</td>`,
      )
      // The text part is plain text: the name as typed.
      expect(sent[0]?.text).toContain(`First name: ${name}`)
    })

    it('draws leads per week by line of insurance as an SVG with a text alternative', async () => {
      await storeLead(t.db, { form: 'boat-quote', fields: person('Vic', 'Vehicle') })
      await storeLead(t.db, { form: 'flood-quote', fields: person('Pat', 'Property') })
      await storeLead(t.db, { form: 'boat-quote', fields: person('Sam', 'Spam'), isSpam: true })
      const page = await get('/admin', cookie)
      expect(page.body).toMatch(
        /<svg class="chart"[^>]*role="img"[^>]*aria-labelledby="chart-heading chart-summary"/,
      )
      const summary = pageText(/<p id="chart-summary"[^>]*>([^<]*)<\/p>/.exec(page.body)?.[1] ?? '')
      expect(summary).toMatch(/12 weeks from .*: 2 leads \(Vehicle 1, Property 1\)/)
      expect(page.body).toContain('<caption>Leads per week by line of insurance (spam excluded)</caption>')
      expect(page.body.match(/<rect [^>]*fill="#1d4ed8"[^>]*><title>/g)).toHaveLength(1)
    })

    it('counts the general quote request under the line its visitor chose as "Type of insurance"', async () => {
      const quote = (consultationType: string, last: string) =>
        storeLead(t.db, { form: 'quote-request', fields: person('Quinn', last, { consultationType }) }).then(
          (lead) => lead.id,
        )
      await quote('Auto Insurance', 'Auto')
      await quote('Boat Insurance', 'Boat')
      await quote('Renters Insurance', 'Renter')
      await quote('Workers Comp Insurance', 'Comp')
      await quote('Other Insurance Type', 'Other')
      const page = await get('/admin', cookie)
      const summary = pageText(/<p id="chart-summary"[^>]*>([^<]*)<\/p>/.exec(page.body)?.[1] ?? '')
      expect(summary).toMatch(/: 5 leads \(Vehicle 2, Property 1, Business 1, Contact & service 1\)/)
    })
  })

  describe('one lead', () => {
    let cookie: string
    beforeEach(async () => {
      cookie = await signIn()
    })

    it('shows every field under its label in the form order, and the language', async () => {
      const form = getFormDefinition('contact-message')
      const id = (
        await storeLead(t.db, {
          fields: person('Lucía', 'Gómez', { msg: 'Hola, necesito un seguro.' }),
          language: 'es',
        })
      ).id
      const response = await get(`/admin/leads/${id}`, cookie)
      expect(response.statusCode).toBe(200)
      const labels = [...response.body.matchAll(/<dt>([^<]+)<\/dt>/g)].map((match) => match[1])
      const expected = form?.sections.flatMap((section) => section.fields.map((field) => field.label)) ?? []
      // The request comes first (right under the call buttons), the form's labels in order,
      // without the decoy field; the summary's labels follow.
      expect(labels.slice(0, 6)).toEqual(expected.filter((label) => label !== 'Company'))
      expect(pageText(response.body)).toContain('Language Spanish')
      expect(pageText(response.body)).toContain('Hola, necesito un seguro.')
      expect(response.body.match(/<h1[\s>]/g)).toHaveLength(1)
    })

    it('masks sensitive fields; a reveal is recorded, then shows the value', async () => {
      const id = (
        await storeLead(t.db, {
          form: 'workers-comp-quote',
          fields: {
            businessName: 'Peach State Roofing',
            owner1Name: 'Rosa Diaz',
            ssn1: encryptValue('123456789', testEncryptionKey),
            email: 'rosa@peach.example',
          },
        })
      ).id
      const before = await get(`/admin/leads/${id}`, cookie)
      expect(before.body).not.toContain('123456789')
      expect(before.body).toContain('•••••6789')
      expect(before.body).not.toContain('enc:v1:')

      // Post/Redirect/Get: the POST answers 303 (no value in the URL); the GET it names shows the
      // value once, and a refresh of that GET shows the mask again.
      const posted = await postForm(`/admin/leads/${id}/reveal`, { field: 'ssn1' }, cookie)
      expect(posted.statusCode).toBe(303)
      const location = String(posted.headers.location)
      expect(location).toMatch(new RegExp(`^/admin/leads/${id}\\?revealed=[0-9a-f-]{36}$`))
      expect(location).not.toContain('123456789')
      const revealed = await get(location, cookie)
      expect(revealed.statusCode).toBe(200)
      expect(revealed.body).toContain('123456789')
      expect(revealed.headers['cache-control']).toBe('no-store')
      const refreshed = await get(location, cookie)
      expect(refreshed.body).not.toContain('123456789')
      expect(refreshed.body).toContain('•••••6789')
      const records = await t.db.query<{
        staff_email: string
        lead_id: string
        field_name: string
        revealed_at: Date
      }>('SELECT staff_email, lead_id, field_name, revealed_at FROM sensitive_reveals')
      expect(records).toEqual([
        { staff_email: staffEmail, lead_id: id, field_name: 'ssn1', revealed_at: expect.any(Date) },
      ])
      expect(new Date(records[0]?.revealed_at ?? 0).getTime()).toBe(clock.getTime())
      // The page lists who revealed what; a plain GET shows the mask again.
      const after = await get(`/admin/leads/${id}`, cookie)
      expect(after.body).not.toContain('123456789')
      expect(pageText(after.body)).toContain(`${staffEmail} revealed the Social Security number of owner 1`)

      const viaApi = await api('POST', `/api/admin/leads/${id}/reveal`, cookie, { field: 'ssn1' })
      expect(viaApi.json()).toEqual({ field: 'ssn1', value: '123456789' })
      expect(await t.db.query('SELECT 1 FROM sensitive_reveals')).toHaveLength(2)
      const detail = await api('GET', `/api/admin/leads/${id}`, cookie)
      expect(detail.body).not.toContain('123456789')
    })

    it('refuses to "reveal" a field that is not sensitive, and records nothing', async () => {
      const id = (
        await storeLead(t.db, {
          form: 'workers-comp-quote',
          fields: { email: 'a@b.example', ssn2: '' },
        })
      ).id
      expect((await postForm(`/admin/leads/${id}/reveal`, { field: 'email' }, cookie)).statusCode).toBe(400)
      expect((await postForm(`/admin/leads/${id}/reveal`, { field: 'ssn2' }, cookie)).statusCode).toBe(400)
      expect(
        (await api('POST', `/api/admin/leads/${id}/reveal`, cookie, { field: 'email' })).statusCode,
      ).toBe(400)
      expect(await t.db.query('SELECT 1 FROM sensitive_reveals')).toHaveLength(0)
    })

    it('changes status, and the change persists', async () => {
      const id = (await storeLead(t.db, { fields: person('Stan', 'Status') })).id
      const response = await postForm(`/admin/leads/${id}/status`, { status: 'contacted' }, cookie)
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe(`/admin/leads/${id}?notice=status`)
      expect(await leadRow(id)).toEqual({ status: 'contacted', is_spam: false })
      const page = await get(String(response.headers.location), cookie)
      expect(pageText(page.body)).toContain('Status saved.')
      expect(page.body).toContain('<option value="contacted" selected="">')

      const patched = await api('PATCH', `/api/admin/leads/${id}`, cookie, { status: 'closed' })
      expect(patched.json()).toMatchObject({ lead: { id, status: 'closed' } })
      expect(await leadRow(id)).toEqual({ status: 'closed', is_spam: false })

      expect((await postForm(`/admin/leads/${id}/status`, { status: 'archived' }, cookie)).statusCode).toBe(
        400,
      )
      expect((await api('PATCH', `/api/admin/leads/${id}`, cookie, { status: 'archived' })).statusCode).toBe(
        400,
      )
      expect(await leadRow(id)).toEqual({ status: 'closed', is_spam: false })
      expect((await postForm(`/admin/leads/${unknownId}/status`, { status: 'new' }, cookie)).statusCode).toBe(
        404,
      )
    })

    it('shows the delivery state and retries a failed delivery from scratch', async () => {
      const id = (await storeLead(t.db, { fields: person('Fay', 'Failed'), notification: 'failed' })).id
      const page = await get(`/admin/leads/${id}`, cookie)
      expect(pageText(page.body)).toContain('SMTP 554 relay refused')
      expect(pageText(page.body)).toContain('Failed')
      const [job] = await t.db.query<{ id: string }>('SELECT id FROM delivery_jobs WHERE lead_id = $1', [id])
      const response = await postForm(`/admin/leads/${id}/retry`, { job: job?.id ?? '' }, cookie)
      expect(response.statusCode).toBe(303)
      const [after] = await t.db.query<{ status: string; attempts: number; due: boolean }>(
        'SELECT status, attempts, next_attempt_at <= now() AS due FROM delivery_jobs WHERE lead_id = $1',
        [id],
      )
      expect(after).toEqual({ status: 'pending', attempts: 0, due: true })
      // Only a failed job is retried.
      expect((await postForm(`/admin/leads/${id}/retry`, { job: job?.id ?? '' }, cookie)).statusCode).toBe(
        404,
      )
      const viaApi = await api('POST', `/api/admin/leads/${id}/retry`, cookie, { jobId: job?.id })
      expect(viaApi.statusCode).toBe(404)
    })

    it('marks and unmarks spam; unmarking a lead never e-mailed queues its e-mail once', async () => {
      const honeypotHit = (await storeLead(t.db, { fields: person('Hal', 'Honeypot'), isSpam: true })).id
      const jobs = () => t.db.query('SELECT 1 FROM delivery_jobs WHERE lead_id = $1', [honeypotHit])
      expect(await jobs()).toHaveLength(0)
      const unmark = await postForm(`/admin/leads/${honeypotHit}/spam`, { spam: 'false' }, cookie)
      expect(unmark.statusCode).toBe(303)
      expect(await leadRow(honeypotHit)).toEqual({ status: 'new', is_spam: false })
      expect(await jobs()).toHaveLength(1)
      expect((await postForm(`/admin/leads/${honeypotHit}/spam`, { spam: 'true' }, cookie)).statusCode).toBe(
        303,
      )
      expect(await leadRow(honeypotHit)).toEqual({ status: 'new', is_spam: true })
      await api('PATCH', `/api/admin/leads/${honeypotHit}`, cookie, { spam: false })
      expect(await jobs()).toHaveLength(1)
    })

    it('shows staff why a lead is in spam, and "Not spam" sends it to the agency', async () => {
      const id = (
        await storeLead(t.db, {
          fields: person('Rita', 'Reasons'),
          isSpam: true,
          spamReasons: ['Filled in 0.4 s from the first touch of the form', '3 links in the text'],
        })
      ).id
      const list = await get('/admin?status=spam', cookie)
      expect(pageText(list.body)).toContain(
        'Filled in 0.4 s from the first touch of the form; 3 links in the text',
      )
      const page = await get(`/admin/leads/${id}`, cookie)
      expect(pageText(page.body)).toContain('Why this is in spam')
      expect(pageText(page.body)).toContain('3 links in the text')
      const viaApi = await api('GET', '/api/admin/leads?status=spam', cookie)
      expect(JSON.stringify(viaApi.json())).toContain('3 links in the text')
      expect((await postForm(`/admin/leads/${id}/spam`, { spam: 'false' }, cookie)).statusCode).toBe(303)
      expect(await t.db.query('SELECT 1 FROM delivery_jobs WHERE lead_id = $1', [id])).toHaveLength(1)
    })

    it('gives staff the delivery counts that /api/health keeps from the public', async () => {
      await storeLead(t.db, { fields: person('Fay', 'Failed'), notification: 'failed' })
      const health = await api('GET', '/api/admin/health', cookie)
      expect(health.statusCode).toBe(200)
      expect(health.json()).toEqual({ status: 'up', deliveries: { failed: 1, waiting: 0 } })
    })

    it('an unknown or malformed lead id is a 404 page', async () => {
      expect((await get(`/admin/leads/${unknownId}`, cookie)).statusCode).toBe(404)
      expect((await get('/admin/leads/not-a-uuid', cookie)).statusCode).toBe(404)
      expect((await api('GET', '/api/admin/leads/not-a-uuid', cookie)).statusCode).toBe(404)
    })
  })

  describe('CSV export', () => {
    let cookie: string
    beforeEach(async () => {
      cookie = await signIn()
    })

    it('exports the filtered leads, labels as headers, formulas neutralised, sensitive values masked', async () => {
      const formula = (
        await storeLead(t.db, {
          fields: person('=HYPERLINK("http://evil.example","x")', '+SUM(A1)', {
            email: '@evil.example',
            phone: '-7705550100',
            msg: 'Line one,\nline "two"\tend',
            state: '\t=1+1',
          }),
          receivedAt: new Date(Date.now() - minuteMs),
        })
      ).id
      const workers = (
        await storeLead(t.db, {
          form: 'workers-comp-quote',
          fields: {
            businessName: 'Peach State Roofing',
            ssn1: encryptValue('123456789', testEncryptionKey),
            email: 'r@p.example',
          },
        })
      ).id
      await storeLead(t.db, { form: 'boat-quote', fields: person('Not', 'Exported'), status: 'closed' })

      const response = await get('/admin/export.csv?status=new&headers=labels', cookie)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.body).not.toContain('123456789')
      expect(response.body).not.toContain('Exported')

      const [header = [], ...rows] = parseCsv(response.body)
      expect(header.slice(0, 8)).toEqual(deskColumns.slice(0, 8))
      // The visitor's name and address in the same columns whatever the form (csv-export.ts), then
      // the contact message's other fields (registry order), then the workers' comp fields it lacks.
      const name = deskColumns.indexOf('Name')
      expect(header.slice(name, deskColumns.length + 1)).toEqual([...deskColumns.slice(name), 'Message'])
      expect(header).toContain('Business name')
      expect(header).not.toContain('Company')
      expect(new Set(header).size).toBe(header.length)
      const references = await t.db.query<{ id: string; reference: string }>(
        'SELECT id, reference FROM leads WHERE id = ANY($1::uuid[]) ORDER BY received_at DESC',
        [[workers, formula]],
      )
      expect(rows.map((row) => row.slice(0, 2))).toEqual(references.map((row) => [row.id, row.reference]))

      const cell = (row: string[] | undefined, label: string) => row?.[header.indexOf(label)]
      const formulaRow = rows[1]
      expect(cell(formulaRow, 'Name')).toBe(`'=HYPERLINK("http://evil.example","x") +SUM(A1)`)
      expect(cell(formulaRow, 'E-mail')).toBe(`'@evil.example`)
      expect(cell(formulaRow, 'Phone')).toBe(`'-7705550100`)
      expect(cell(formulaRow, 'State')).toBe(`'\t=1+1`)
      expect(cell(formulaRow, 'Message')).toBe('Line one,\nline "two"\tend')
      expect(['Form', 'Line', 'Language', 'Status', 'Spam'].map((label) => cell(formulaRow, label))).toEqual([
        'Contact message',
        'Contact & service',
        'English',
        'New',
        'No',
      ])
      // Three owners' SSNs share a label: the section names them apart.
      expect(cell(rows[0], 'Owner 1: Social Security number')).toBe('•••••6789')
      expect(cell(rows[0], 'Owner 2: Social Security number')).toBe('')
    })

    it('exports only the header when nothing matches', async () => {
      const response = await get('/admin/export.csv?q=nobody&headers=labels', cookie)
      const [header, ...rows] = parseCsv(response.body)
      expect(header?.slice(0, 3)).toEqual(['Lead ID', 'Reference', 'Received'])
      expect(rows).toEqual([])
    })
  })

  describe('retention', () => {
    it('purges closed and spam leads older than the retention period, and nothing else', async () => {
      const now = new Date()
      const old = new Date(now.getTime() - 400 * dayMs)
      const recent = new Date(now.getTime() - 100 * dayMs)
      const keep = [
        (await storeLead(t.db, { fields: person('Old', 'New'), receivedAt: old, status: 'new' })).id,
        (await storeLead(t.db, { fields: person('Old', 'Contacted'), receivedAt: old, status: 'contacted' }))
          .id,
        (await storeLead(t.db, { fields: person('Recent', 'Closed'), receivedAt: recent, status: 'closed' }))
          .id,
        (await storeLead(t.db, { fields: person('Recent', 'Spam'), receivedAt: recent, isSpam: true })).id,
        // A customer: kept however old, unless the agency says otherwise (below).
        (await storeLead(t.db, { fields: person('Old', 'Won'), receivedAt: old, status: 'won' })).id,
      ]
      const purge = [
        (
          await storeLead(t.db, {
            fields: person('Old', 'Closed'),
            receivedAt: old,
            status: 'closed',
            notification: 'sent',
          })
        ).id,
        (await storeLead(t.db, { fields: person('Old', 'Spam'), receivedAt: old, isSpam: true })).id,
        (
          await storeLead(t.db, {
            fields: person('Old', 'ClosedSpam'),
            receivedAt: old,
            status: 'closed',
            isSpam: true,
          })
        ).id,
        (await storeLead(t.db, { fields: person('Old', 'Lost'), receivedAt: old, status: 'lost' })).id,
      ]
      // 0 disables the purge.
      expect((await runRetention(t.db, 0, now)).leadsPurged).toBe(0)
      expect((await runRetention(t.db, 365, now)).leadsPurged).toBe(4)
      const left = await t.db.query<{ id: string }>('SELECT id FROM leads')
      expect(left.map((row) => row.id).sort()).toEqual([...keep].sort())
      const orphanJobs = await t.db.query('SELECT 1 FROM delivery_jobs WHERE lead_id = ANY($1::uuid[])', [
        purge,
      ])
      expect(orphanJobs).toHaveLength(0)
      // A second process running the same pass finds nothing left to do.
      expect((await runRetention(t.db, 365, now)).leadsPurged).toBe(0)
      // RETENTION_WON=purge: the old customer goes too.
      expect((await runRetention(t.db, 365, now, { purgeWon: true })).leadsPurged).toBe(1)
    })

    it('deletes expired sessions and keeps live ones', async () => {
      const cookie = await signIn()
      expect((await runRetention(t.db, 365, clock)).sessionsDeleted).toBe(0)
      expect(
        (await runRetention(t.db, 365, new Date(clock.getTime() + 13 * 60 * minuteMs))).sessionsDeleted,
      ).toBe(1)
      expect((await get('/admin', cookie)).statusCode).toBe(303)
    })
  })
})
