/**
 * Two-step sign-in through inject on PGlite: enrolment offered (development) or forced
 * (requireSecondFactor), sign-in with and without the code, a code never accepted twice, recovery
 * codes that work once, and a half-done sign-in that reaches no lead.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import jsQR from 'jsqr'
import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { resetSecondFactor } from '#server/staff/second-factor.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { cookieOf } from './helpers/cookies.ts'
import { injectForm, injectGet } from './helpers/requests.ts'
import { testAppOptions } from './helpers/test-app.ts'
import { featureDrivers, useTestDatabase } from './helpers/test-database.ts'

const email = 'desk@oakridge-insurance.example'
const password = 'a long staff password 42'

function codeAt(secret: string, at: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() })
}

/**
 * Reads the QR code an authenticator app would scan from the set-up page: the page's inline SVG
 * (qrcode draws dark modules as horizontal strokes: M x y, h length, m dx dy) drawn into pixels,
 * four per module, and decoded with jsQR. undefined when the page has no readable QR code.
 */
function scanPageQr(body: string): string | undefined {
  const svg = /data-totp-qr="">(<svg[\s\S]*?<\/svg>)/.exec(body)?.[1]
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg ?? '')?.[1] ?? 0)
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg ?? '')?.[1]
  if (!svg || !size || !path) return undefined
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  let x = 0
  let y = 0
  for (const [, command, a = '0', b = '0'] of path.matchAll(/([MmHh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Number(b)]
    else if (command === 'm') [x, y] = [x + Number(a), y + Number(b)]
    else {
      for (let column = x; column < x + Number(a); column++) {
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const at = ((Math.floor(y) * scale + dy) * width + column * scale + dx) * 4
            pixels.fill(0, at, at + 3)
          }
      }
      x += Number(a)
    }
  }
  return jsQR(pixels, width, width)?.data
}

describe.each(featureDrivers)('two-step sign-in on %s', (driver) => {
  const test = useTestDatabase(driver)
  let offered: FastifyInstance
  let forced: FastifyInstance
  let clock: Date
  beforeAll(async () => {
    const common = testAppOptions(test.db, { ipHashSalt: 'two-factor-tests-salt-0123', now: () => clock })
    offered = await buildApp(common)
    forced = await buildApp({ ...common, admin: { requireSecondFactor: true } })
  })
  afterAll(async () => {
    await offered?.close()
    await forced?.close()
  })
  beforeEach(async () => {
    clock = new Date('2026-11-23T16:00:00Z')
    await test.db.query('TRUNCATE leads, staff_users, staff_sessions, sign_in_throttles, staff_audit CASCADE')
    await makeStaff(test.db, email, { password })
  })

  function post(app: FastifyInstance, url: string, fields: Record<string, string>, cookie = '') {
    return injectForm(app, url, fields, { cookie })
  }

  const get = injectGet

  /** Signs in with the password, opens the set-up page, confirms with a code; the secret back. */
  async function enrol(
    app: FastifyInstance,
    cookie: string,
  ): Promise<{ secret: string; codes: string[]; response: LightMyRequestResponse }> {
    const page = await get(app, '/admin/two-factor', cookie)
    expect(page.statusCode).toBe(200)
    const secret = /data-totp-secret="">([A-Z2-7 ]+)</.exec(page.body)?.[1]?.replace(/ /g, '') ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(page.body).toContain('otpauth://totp/')
    // The QR code on the page holds the same key, for the account, as an app scanning it reads it.
    const scanned = OTPAuth.URI.parse(scanPageQr(page.body) ?? 'none')
    expect(scanned).toBeInstanceOf(OTPAuth.TOTP)
    expect(scanned.secret.base32).toBe(secret)
    expect(scanned.label).toBe(email)
    // Drawn in the page: no image to fetch, nothing the staff pages' policy (img-src 'self') refuses.
    expect(page.body).not.toMatch(/<img[^>]+data:/)

    const wrong = await post(app, '/admin/two-factor', { code: '000000' }, cookie)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('That code is not correct')
    const [before] = await test.db.query<{ enabled: boolean }>(
      'SELECT totp_enabled_at IS NOT NULL AS enabled FROM staff_users',
    )
    expect(before?.enabled).toBe(false)

    const response = await post(app, '/admin/two-factor', { code: codeAt(secret, clock) }, cookie)
    expect(response.statusCode).toBe(200)
    const codes = [...response.body.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map(
      (m) => m[1] ?? '',
    )
    expect(codes).toHaveLength(10)
    return { secret, codes, response }
  }

  it('offers the second factor in development; once enrolled, the code is always asked', async () => {
    const signIn = await post(offered, '/admin/login', { email, password })
    expect(signIn.headers.location).toBe('/admin')
    const cookie = cookieOf(signIn)
    const { secret } = await enrol(offered, cookie)
    // The secret is not stored in clear.
    const [row] = await test.db.query<{ totp_secret: string }>('SELECT totp_secret FROM staff_users')
    expect(row?.totp_secret).not.toContain(secret)

    // Next sign-in: password, then the code.
    clock = new Date(clock.getTime() + 60_000)
    const again = await post(offered, '/admin/login', { email, password })
    expect(again.headers.location).toBe('/admin/login/code')
    const partial = cookieOf(again)
    // Without the code: no lead, no API.
    expect((await get(offered, '/admin', partial)).headers.location).toBe('/admin/login/code')
    expect((await get(offered, '/api/admin/leads', partial)).statusCode).toBe(401)

    const wrong = await post(offered, '/admin/login/code', { code: '123456' }, partial)
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('That code is not correct')

    const code = codeAt(secret, clock)
    const right = await post(offered, '/admin/login/code', { code }, partial)
    expect(right.statusCode).toBe(303)
    expect(right.headers.location).toBe('/admin')
    const full = cookieOf(right)
    expect(full).not.toBe(partial)
    expect((await get(offered, '/admin', full)).statusCode).toBe(200)
    // The half-done session is gone.
    expect((await get(offered, '/admin', partial)).headers.location).toBe('/admin/login')

    // The same code, seen once, is never accepted again.
    const third = cookieOf(await post(offered, '/admin/login', { email, password }))
    expect((await post(offered, '/admin/login/code', { code }, third)).statusCode).toBe(401)
  })

  it('only a complete sign-in makes the address and the browser known (password and code)', async () => {
    const known = async () =>
      (await test.db.query<{ count: number }>('SELECT count(*)::int AS count FROM staff_known_addresses'))[0]
        ?.count
    const device = (response: LightMyRequestResponse) =>
      [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith('staff_device='))

    // Enrolment due: the password alone makes nothing known.
    const signIn = await post(forced, '/admin/login', { email, password })
    expect(signIn.headers.location).toBe('/admin/two-factor')
    expect(device(signIn)).toBeUndefined()
    expect(await known()).toBe(0)
    const { secret, response } = await enrol(forced, cookieOf(signIn))
    expect(device(response)).toMatch(/HttpOnly; SameSite=Strict$/)
    expect(await known()).toBe(1)

    // From a new address: the password step sets no device cookie, the right code does.
    clock = new Date(clock.getTime() + 60_000)
    const from = (url: string, fields: Record<string, string>, cookie = '') =>
      injectForm(forced, url, fields, { cookie, remoteAddress: '198.51.100.3' })
    const again = await from('/admin/login', { email, password })
    expect(again.headers.location).toBe('/admin/login/code')
    expect(device(again)).toBeUndefined()
    expect(await known()).toBe(1)
    const right = await from('/admin/login/code', { code: codeAt(secret, clock) }, cookieOf(again))
    expect(right.statusCode).toBe(303)
    expect(device(right)).toBeDefined()
    expect(await known()).toBe(2)
  })

  it('accepts each recovery code once', async () => {
    const cookie = cookieOf(await post(offered, '/admin/login', { email, password }))
    const { codes } = await enrol(offered, cookie)
    const recovery = (codes[0] ?? '').toUpperCase()

    const first = cookieOf(await post(offered, '/admin/login', { email, password }))
    const used = await post(offered, '/admin/login/code', { code: recovery }, first)
    expect(used.headers.location).toBe('/admin')
    expect((await get(offered, '/admin/two-factor', cookieOf(used))).body).toContain(
      '9 unused recovery codes',
    )

    const second = cookieOf(await post(offered, '/admin/login', { email, password }))
    expect((await post(offered, '/admin/login/code', { code: recovery }, second)).statusCode).toBe(401)
    expect(
      (await post(offered, '/admin/login/code', { code: codes[1] ?? '' }, second)).headers.location,
    ).toBe('/admin')
  })

  it('a reset (lost phone) removes the second factor and signs the account out', async () => {
    const cookie = cookieOf(await post(offered, '/admin/login', { email, password }))
    await enrol(offered, cookie)
    expect(await resetSecondFactor(test.db, email, 'npm run staff')).toBe(true)
    expect((await get(offered, '/admin', cookie)).headers.location).toBe('/admin/login')
    expect((await post(offered, '/admin/login', { email, password })).headers.location).toBe('/admin')
    const [audit] = await test.db.query<{ action: string; target_email: string }>(
      'SELECT action, target_email FROM staff_audit',
    )
    expect(audit).toEqual({ action: 'reset-two-factor', target_email: email })
  })

  it('opens the page a link led to once the code is right, with a code or a recovery code', async () => {
    const cookie = cookieOf(await post(offered, '/admin/login', { email, password }))
    const { secret, codes } = await enrol(offered, cookie)
    const lead = '/admin/leads/0b7c6a52-4f8e-4c1e-9a51-3f1d2e6b7a10'
    for (const code of [codeAt(secret, new Date(clock.getTime() + 60_000)), codes[0] ?? '']) {
      clock = new Date(clock.getTime() + 60_000)
      // The link in a lead's e-mail, from a browser signed out: the sign-in page keeps `next`…
      const link = await get(offered, lead)
      expect(link.headers.location).toBe(`/admin/login?next=${encodeURIComponent(lead)}`)
      const signIn = await post(offered, '/admin/login', { email, password, next: lead })
      // …through the code step…
      expect(signIn.headers.location).toBe(`/admin/login/code?next=${encodeURIComponent(lead)}`)
      const partial = cookieOf(signIn)
      const page = await get(offered, String(signIn.headers.location), partial)
      expect(page.body).toContain(`name="next" value="${lead}"`)
      // (a desk page asked for meanwhile comes back to this step with its own `next`)
      expect((await get(offered, lead, partial)).headers.location).toBe(
        `/admin/login/code?next=${encodeURIComponent(lead)}`,
      )
      // …to the lead, whichever code was typed.
      const done = await post(offered, '/admin/login/code', { code, next: lead }, partial)
      expect(done.headers.location).toBe(lead)
    }
    // A `next` that leaves the desk is dropped.
    clock = new Date(clock.getTime() + 60_000)
    const partial = cookieOf(await post(offered, '/admin/login', { email, password }))
    const away = await post(
      offered,
      '/admin/login/code',
      { code: codeAt(secret, clock), next: 'https://attacker.example/admin' },
      partial,
    )
    expect(away.headers.location).toBe('/admin')
  })

  it('locks the code step after five wrong codes', async () => {
    const cookie = cookieOf(await post(offered, '/admin/login', { email, password }))
    const { secret } = await enrol(offered, cookie)
    const partial = cookieOf(await post(offered, '/admin/login', { email, password }))
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await post(offered, '/admin/login/code', { code: '000000' }, partial)).statusCode).toBe(401)
    const locked = await post(offered, '/admin/login/code', { code: codeAt(secret, clock) }, partial)
    expect(locked.statusCode).toBe(429)
    expect(locked.body).toContain('Too many wrong codes')
  })

  it('forces enrolment before any lead when required', async () => {
    const signIn = await post(forced, '/admin/login', { email, password })
    expect(signIn.headers.location).toBe('/admin/two-factor')
    const partial = cookieOf(signIn)
    expect((await get(forced, '/admin', partial)).headers.location).toBe('/admin/two-factor')
    expect((await get(forced, '/api/admin/leads', partial)).statusCode).toBe(401)
    const { response } = await enrol(forced, partial)
    const full = cookieOf(response)
    expect((await get(forced, '/admin', full)).statusCode).toBe(200)
    expect((await get(forced, '/admin', partial)).headers.location).toBe('/admin/login')
  })
})
