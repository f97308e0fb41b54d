/**
 * API tokens (docs/api.md, "API tokens"), as an integrator and an owner meet them: an owner makes a
 * token on the desk and sees it once; a program sends it as `Authorization: Bearer` and gets what its
 * scopes allow (401 without a live token, 403 for a scope it lacks), within limits of its own shown
 * in `RateLimit` headers; a lead vendor's token posts leads without proof of work and the lead names
 * it; changes are logged under the token's name; revoking stops it at once; the database keeps only
 * a keyed digest; the staff command makes, lists and revokes tokens on the server's database.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { encryptValue } from '#server/security/sensitive-fields.ts'
import type { ApiTokenScope } from '#server/staff/api-tokens.ts'
import { makeApiToken } from '#tests/kit/api-tokens.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { signedInStaff } from '#tests/kit/staff.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet } from './helpers/requests.ts'
import { testIpHashSalt, useTestApp } from './helpers/test-app.ts'
import { drivers, testEncryptionKey } from './helpers/test-database.ts'

const salt = testIpHashSalt
const apiLimit = 30
const createLimit = 2
const script = path.join(import.meta.dirname, '..', '..', 'scripts', 'staff.ts')

function bearer(token: string) {
  return { authorization: `Bearer ${token}` }
}

describe.each(drivers)('API tokens on %s', (driver) => {
  let clock = new Date('2026-11-24T15:00:00Z')
  const t = useTestApp(
    driver,
    {
      now: () => clock,
      apiTokenRateLimit: {
        api: { max: apiLimit, windowMs: 60_000 },
        create: { max: createLimit, windowMs: 60_000 },
      },
    },
    {
      truncate:
        'leads, delivery_jobs, staff_users, staff_sessions, api_tokens, staff_audit, sensitive_reveals',
    },
  )
  let leadId: string
  const tokens: Partial<Record<ApiTokenScope, string>> = {}

  /** A token straight in the database (the desk's own form is tested below). */
  async function token(name: string, scopes: ApiTokenScope[], expiresAt: Date | null = null) {
    return (await makeApiToken(t.db, { name, scopes, expiresAt, now: clock })).token
  }

  beforeAll(() => {
    clock = new Date('2026-11-24T15:00:00Z')
  })

  /** A workers' comp request, its SSN stored encrypted as the server stores it. */
  async function storeCompLead(): Promise<string> {
    const fields = {
      ...validPayload(registeredForm('workers-comp-quote'), clock),
      ssn1: encryptValue('123456789', testEncryptionKey),
    }
    return (await storeLead(t.db, { form: 'workers-comp-quote', fields })).id
  }

  async function setUp() {
    leadId = await storeCompLead()
    for (const scope of ['leads:read', 'leads:write', 'leads:create', 'sensitive:reveal'] as const)
      tokens[scope] = await token(scope.replace(':', '-'), [scope])
  }

  /** Every /api/admin operation a token may call, with the scope it needs and a request that succeeds. */
  const operations = (): {
    scope: ApiTokenScope
    method: 'GET' | 'PATCH' | 'POST'
    url: string
    body?: unknown
  }[] => [
    { scope: 'leads:read', method: 'GET', url: '/api/admin/leads' },
    { scope: 'leads:read', method: 'GET', url: `/api/admin/leads/${leadId}` },
    { scope: 'leads:read', method: 'GET', url: '/api/admin/leads/new-count?since=2026-11-01T00:00:00Z' },
    { scope: 'leads:read', method: 'GET', url: '/api/admin/health' },
    { scope: 'leads:read', method: 'GET', url: '/api/admin/openapi.json' },
    {
      scope: 'leads:write',
      method: 'PATCH',
      url: `/api/admin/leads/${leadId}`,
      body: { status: 'contacted' },
    },
    {
      scope: 'leads:write',
      method: 'POST',
      url: `/api/admin/leads/${leadId}/notes`,
      body: { note: 'From the CRM.' },
    },
    {
      scope: 'leads:write',
      method: 'POST',
      url: `/api/admin/leads/${leadId}/contacts`,
      body: { channel: 'call', outcome: 'voicemail' },
    },
    {
      scope: 'sensitive:reveal',
      method: 'POST',
      url: `/api/admin/leads/${leadId}/reveal`,
      body: { field: 'ssn1' },
    },
  ]

  function call(
    operation: { method: 'GET' | 'PATCH' | 'POST'; url: string; body?: unknown },
    headers: Record<string, string>,
  ) {
    return t.app.inject({
      method: operation.method,
      url: operation.url,
      headers: { ...headers, ...(operation.body ? { 'content-type': 'application/json' } : {}) },
      ...(operation.body ? { payload: JSON.stringify(operation.body) } : {}),
    })
  }

  it('answers each route to a token with its scope, 403 to one without it, 401 to none or a wrong one', async () => {
    await setUp()
    for (const operation of operations()) {
      const right = await call(operation, bearer(tokens[operation.scope] ?? ''))
      expect(right.statusCode, `${operation.method} ${operation.url}: ${right.body}`).toBe(200)
      // No Origin is needed with a token: no browser sends one by itself.
      for (const scope of ['leads:read', 'leads:write', 'leads:create', 'sensitive:reveal'] as const) {
        if (scope === operation.scope) continue
        const wrong = await call(operation, bearer(tokens[scope] ?? ''))
        expect(wrong.statusCode, `${operation.method} ${operation.url} with ${scope}`).toBe(403)
        expect(wrong.json().error).toContain(operation.scope)
      }
      // Without credentials (a write from this site's own page, so the Origin check passes).
      expect((await call(operation, { origin: 'http://localhost' })).statusCode).toBe(401)
      const forged = await call(operation, bearer(`ort_${'A'.repeat(43)}`))
      expect(forged.statusCode).toBe(401)
      expect(forged.headers['www-authenticate']).toContain('invalid_token')
    }
    // Signing out is a session's: a token of any scope is refused.
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: bearer(tokens['leads:write'] ?? ''),
    })
    expect(signOut.statusCode).toBe(403)
  }, 60_000)

  it('logs a token’s changes and reveals under its name, and notes its last use', async () => {
    await setUp()
    clock = new Date('2026-11-24T16:00:00Z')
    const patched = await call(
      { method: 'PATCH', url: `/api/admin/leads/${leadId}`, body: { status: 'quoted' } },
      bearer(tokens['leads:write'] ?? ''),
    )
    expect(patched.json().lead.status).toBe('quoted')
    const revealed = await call(
      { method: 'POST', url: `/api/admin/leads/${leadId}/reveal`, body: { field: 'ssn1' } },
      bearer(tokens['sensitive:reveal'] ?? ''),
    )
    expect(revealed.json()).toEqual({ field: 'ssn1', value: '123456789' })
    const detail = await call(
      { method: 'GET', url: `/api/admin/leads/${leadId}` },
      bearer(tokens['leads:read'] ?? ''),
    )
    expect(detail.json().workLog).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'status', staffEmail: 'API token leads-write' }),
      ]),
    )
    expect(detail.json().reveals).toEqual([
      expect.objectContaining({ staffEmail: 'API token sensitive-reveal', fieldName: 'ssn1' }),
    ])
    const [used] = await t.db.query<{ last_used_at: Date }>(
      `SELECT last_used_at FROM api_tokens WHERE name = 'leads-write'`,
    )
    expect(new Date(used?.last_used_at ?? 0).toISOString()).toBe('2026-11-24T16:00:00.000Z')
  })

  it('refuses an expired token and one revoked on the desk, at once', async () => {
    leadId = await storeCompLead()
    const soon = await token('expires-soon', ['leads:read'], new Date('2026-11-24T18:00:00Z'))
    clock = new Date('2026-11-24T17:59:00Z')
    expect((await call({ method: 'GET', url: '/api/admin/leads' }, bearer(soon))).statusCode).toBe(200)
    clock = new Date('2026-11-24T18:00:01Z')
    expect((await call({ method: 'GET', url: '/api/admin/leads' }, bearer(soon))).statusCode).toBe(401)

    const owner = await signedInStaff(t.db, 'owner@oakridge-insurance.example', { role: 'owner', now: clock })
    const live = await token('to-revoke', ['leads:read'])
    expect((await call({ method: 'GET', url: '/api/admin/leads' }, bearer(live))).statusCode).toBe(200)
    const revoked = await injectForm(
      t.app,
      '/admin/tokens/revoke',
      { name: 'to-revoke' },
      { cookie: owner.cookie },
    )
    expect(revoked.statusCode).toBe(303)
    expect((await call({ method: 'GET', url: '/api/admin/leads' }, bearer(live))).statusCode).toBe(401)
    const page = pageText((await injectGet(t.app, '/admin/tokens', owner.cookie)).body)
    expect(page).toMatch(/to-revoke.*Revoked/)
    expect(page).toMatch(/expires-soon.*Expired/)
  })

  it('makes a token on the desk for an owner only, shown once, audited, stored as a keyed digest', async () => {
    const owner = await signedInStaff(t.db, 'owner@oakridge-insurance.example', { role: 'owner', now: clock })
    const member = await signedInStaff(t.db, 'desk@oakridge-insurance.example', { now: clock })
    const form = {
      name: 'crm-sync',
      'scope-leads-read': 'yes',
      'scope-leads-write': 'yes',
      expires: '2027-01-01',
    }
    expect((await injectForm(t.app, '/admin/tokens', form, { cookie: member.cookie })).statusCode).toBe(403)
    const bad = await injectForm(t.app, '/admin/tokens', { name: 'CRM sync!' }, { cookie: owner.cookie })
    expect(bad.statusCode).toBe(400)
    expect(pageText(bad.body)).toContain('A token name is 1 to 60 lower-case letters')

    const made = await injectForm(t.app, '/admin/tokens', form, { cookie: owner.cookie })
    expect(made.statusCode).toBe(303)
    const shown = await injectGet(t.app, String(made.headers.location), owner.cookie)
    const secret = /ort_[A-Za-z0-9_-]{43}/.exec(shown.body)?.[0]
    expect(secret).toBeDefined()
    // Once: the same address shows the list, without it.
    const again = await injectGet(t.app, String(made.headers.location), owner.cookie)
    expect(again.body).not.toContain(secret)
    expect(pageText(again.body)).toMatch(
      /crm-sync.*leads:read, leads:write.*owner@oakridge-insurance\.example/,
    )

    const list = await call({ method: 'GET', url: '/api/admin/leads' }, bearer(secret ?? ''))
    expect(list.statusCode).toBe(200)
    const [row] = await t.db.query<Record<string, unknown>>(
      `SELECT * FROM api_tokens WHERE name = 'crm-sync'`,
    )
    expect(JSON.stringify(row)).not.toContain(secret?.slice(4))
    expect(row?.token_digest).toMatch(/^[0-9a-f]{64}$/)
    expect(new Date(String(row?.expires_at)).toISOString()).toBe('2027-01-01T23:59:59.000Z')
    const audit = await t.db.query<{ actor_email: string; action: string; target_email: string }>(
      'SELECT actor_email, action, target_email FROM staff_audit ORDER BY id',
    )
    expect(audit).toEqual([
      { actor_email: 'owner@oakridge-insurance.example', action: 'token-add', target_email: 'crm-sync' },
    ])
  })

  it('keeps each token to its own limit, told in RateLimit headers', async () => {
    const reader = await token('busy-reader', ['leads:read'])
    const other = await token('quiet-reader', ['leads:read'])
    for (let sent = 1; sent <= apiLimit; sent++) {
      const response = await call({ method: 'GET', url: '/api/admin/health' }, bearer(reader))
      expect(response.statusCode).toBe(200)
      expect(response.headers['ratelimit-policy']).toBe(`"api-token";q=${apiLimit};w=60`)
      expect(response.headers.ratelimit).toMatch(new RegExp(`^"api-token";r=${apiLimit - sent};t=\\d+$`))
    }
    const refused = await call({ method: 'GET', url: '/api/admin/health' }, bearer(reader))
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await call({ method: 'GET', url: '/api/admin/health' }, bearer(other))).statusCode).toBe(200)
  })

  it('lets a leads:create token post leads without proof of work, within its own limit, named on the lead', async () => {
    const vendor = await token('lead-vendor', ['leads:create'])
    const reader = await token('reader-only', ['leads:read'])
    const form = registeredForm('contact-message')
    const post = (headers: Record<string, string>, body: unknown = validPayload(form, clock)) =>
      t.app.inject({
        method: 'POST',
        url: '/api/forms/contact-message',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      })
    const stored = await post(bearer(vendor), {
      ...validPayload(form, clock),
      _source: { utmSource: 'vendor', apiToken: 'forged' },
    })
    expect(stored.statusCode, stored.body).toBe(200)
    expect(stored.body).toBe('OK')
    expect(stored.headers['ratelimit-policy']).toBe(`"api-token-create";q=${createLimit};w=60`)
    const [lead] = await t.db.query<{ is_spam: boolean; source: unknown; reference: string }>(
      'SELECT is_spam, source, reference FROM leads',
    )
    expect(lead?.is_spam).toBe(false)
    expect(lead?.reference).toBe(stored.headers['lead-reference'])
    const source = typeof lead?.source === 'string' ? JSON.parse(lead.source) : lead?.source
    expect(source).toEqual({ utmSource: 'vendor', apiToken: 'lead-vendor' })
    // Its notification is queued like any lead's (not spam).
    const [jobs] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery_jobs')
    expect(jobs?.n).toBe(1)

    // A visitor's `_source` cannot name a token.
    expect((await post(bearer(reader))).statusCode).toBe(403)
    expect((await post(bearer(`ort_${'B'.repeat(43)}`))).statusCode).toBe(401)
    const invalid = await post(bearer(vendor), { firstName: 'Ana' })
    expect(invalid.statusCode).toBe(400)
    expect(Object.keys(invalid.json().fields)).toContain('email')
    const over = await post(bearer(vendor))
    expect(over.statusCode).toBe(429)
    expect(over.headers['retry-after']).toBeDefined()
    expect(over.headers.ratelimit).toMatch(/^"api-token-create";r=0;t=\d+$/)
  })
})

// The command runs as its own process on the server's database: PostgreSQL, which a second process
// can open while the app holds it (the embedded database cannot be open twice).
describe('API tokens from the staff command', () => {
  let clock = new Date()
  const t = useTestApp('postgres', { now: () => clock })

  function call(operation: { method: 'GET'; url: string }, headers: Record<string, string>) {
    return t.app.inject({ method: operation.method, url: operation.url, headers })
  }

  it('is made, listed and revoked by the staff command on the server’s database', async () => {
    const env = { DATABASE_URL: t.location, IP_HASH_SALT: salt, NODE_ENV: 'development' }
    const added = await staffCommand(
      ['token', 'add', 'cli-sync', '--scopes', 'leads:read,leads:write', '--expires', '2099-01-01'],
      env,
    )
    expect(added.code, added.stderr).toBe(0)
    const secret = added.stdout.trim().split('\n').at(-1) ?? ''
    expect(secret).toMatch(/^ort_[A-Za-z0-9_-]{43}$/)
    clock = new Date()
    expect((await call({ method: 'GET', url: '/api/admin/leads' }, bearer(secret))).statusCode).toBe(200)
    const listed = await staffCommand(['token', 'list'], env)
    expect(listed.stdout).toMatch(
      /^cli-sync\tleads:read,leads:write\tlive\texpires 2099-01-01T23:59:59.000Z\tlast used 20/m,
    )
    expect(listed.stdout).not.toContain(secret)
    const unknownScope = await staffCommand(['token', 'add', 'x', '--scopes', 'leads:delete'], env)
    expect(unknownScope.code).toBe(1)
    expect(unknownScope.stderr).toContain('Unknown scope leads:delete')
    const revoked = await staffCommand(['token', 'revoke', 'cli-sync'], env)
    expect(revoked.code).toBe(0)
    expect((await call({ method: 'GET', url: '/api/admin/leads' }, bearer(secret))).statusCode).toBe(401)
    const audit = await t.db.query<{ actor_email: string; action: string }>(
      `SELECT actor_email, action FROM staff_audit WHERE target_email = 'cli-sync' ORDER BY id`,
    )
    expect(audit.map((entry) => entry.action)).toEqual(['token-add', 'token-revoke'])
  }, 60_000)
})

function staffCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, DATA_DIR: _alsoIgnored, ...inherited } = process.env
    execFile(
      process.execPath,
      [script, ...args],
      { env: { ...inherited, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? 1 : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}
