/**
 * A password made for a member by someone else (an owner adding an account or resetting a
 * password on the desk, or `staff --generate`) is changed at the next sign-in: every desk page and
 * the JSON API send the member to /admin/password, keeping the page they were going to as `next`,
 * until they choose their own; the mark clears then. API tokens are unaffected. Through inject on
 * PGlite, with two-step sign-in offered and forced.
 */
import type { FastifyInstance } from 'fastify'
import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { makeApiToken } from '#tests/kit/api-tokens.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { cookieOf } from './helpers/cookies.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet } from './helpers/requests.ts'
import { testAppOptions } from './helpers/test-app.ts'
import { featureDrivers, useTestDatabase } from './helpers/test-database.ts'

const ownerEmail = 'owner@oakridge-insurance.example'
const memberEmail = 'new.agent@oakridge-insurance.example'
const ownerPassword = 'a long owner password 42'
const memberOwn = 'my very own password 7'
const salt = 'own-password-tests-salt-0123'

/** The password the owner's page shows once, in its <code class="secret">. */
function shownPassword(body: string): string {
  const match = /<code class="secret">([^<]+)<\/code>/.exec(body)
  if (!match?.[1]) throw new Error('no password on the page')
  return match[1]
}

describe.each(featureDrivers)('a password the desk made is changed at sign-in on %s', (driver) => {
  const test = useTestDatabase(driver)
  let offered: FastifyInstance
  let forced: FastifyInstance
  let clock: Date
  let leadId: string

  beforeAll(async () => {
    const common = testAppOptions(test.db, { ipHashSalt: salt, now: () => clock })
    offered = await buildApp(common)
    forced = await buildApp({ ...common, admin: { requireSecondFactor: true } })
  })
  afterAll(async () => {
    await offered?.close()
    await forced?.close()
  })
  beforeEach(async () => {
    clock = new Date('2026-11-23T16:00:00Z')
    await test.db.query(
      'TRUNCATE leads, staff_users, staff_sessions, sign_in_throttles, staff_audit, api_tokens CASCADE',
    )
    await makeStaff(test.db, ownerEmail, { role: 'owner', password: ownerPassword })
    const lead = await storeLead(test.db, {
      form: 'auto-quote',
      language: 'es',
      fields: { firstName: 'José', lastName: 'Díaz' },
    })
    leadId = lead.id
  })

  const post = (app: FastifyInstance, url: string, fields: Record<string, string>, cookie = '') =>
    injectForm(app, url, fields, { cookie })
  const get = injectGet

  async function signIn(app: FastifyInstance, email: string, password: string, next?: string) {
    const response = await post(app, '/admin/login', { email, password, ...(next ? { next } : {}) })
    expect(response.statusCode).toBe(303)
    return { cookie: cookieOf(response), location: String(response.headers.location) }
  }

  /** The owner adds the member on the desk; the password the page shows once. */
  async function ownerAddsMember(): Promise<string> {
    const owner = await signIn(offered, ownerEmail, ownerPassword)
    const added = await post(offered, '/admin/staff', { email: memberEmail, role: 'staff' }, owner.cookie)
    expect(added.statusCode).toBe(303)
    return shownPassword((await get(offered, String(added.headers.location), owner.cookie)).body)
  }

  async function marked(email: string): Promise<boolean | undefined> {
    const [row] = await test.db.query<{ must: boolean }>(
      'SELECT must_change_password AS must FROM staff_users WHERE email = $1',
      [email],
    )
    return row?.must
  }

  it('sends an owner-made account to the change page, keeping next, until it chooses its own', async () => {
    const given = await ownerAddsMember()
    expect(await marked(memberEmail)).toBe(true)
    expect(await marked(ownerEmail)).toBe(false)

    const lead = `/admin/leads/${leadId}`
    const member = await signIn(offered, memberEmail, given, lead)
    expect(member.location).toBe(lead)
    // The lead, the inbox, the API: none opens before a password of one's own.
    const toLead = await get(offered, lead, member.cookie)
    expect(toLead.statusCode).toBe(303)
    expect(toLead.headers.location).toBe(`/admin/password?next=${encodeURIComponent(lead)}`)
    expect((await get(offered, '/admin', member.cookie)).headers.location).toBe('/admin/password')
    const api = await get(offered, '/api/admin/leads', member.cookie)
    expect(api.statusCode).toBe(401)
    expect(api.json()).toEqual({ error: 'Choose your own password at /admin/password first.' })
    const saving = await post(offered, `${lead}/status`, { status: 'contacted' }, member.cookie)
    expect(saving.statusCode).toBe(303)
    expect(String(saving.headers.location)).toMatch(/^\/admin\/password/)

    const page = await get(offered, String(toLead.headers.location), member.cookie)
    expect(page.statusCode).toBe(200)
    expect(pageText(page.body)).toContain('Choose your own password')
    expect(page.body).toContain(`name="next" value="${lead}"`)

    const choose = (fields: Record<string, string>) =>
      post(offered, '/admin/password', { next: lead, ...fields }, member.cookie)
    const same = await choose({ current: given, password: given, repeat: given })
    expect(same.statusCode).toBe(400)
    expect(pageText(same.body)).toContain('Choose a new password, not the one you were given.')
    const typo = await choose({ current: given, password: memberOwn, repeat: `${memberOwn}!` })
    expect(typo.statusCode).toBe(400)
    expect(pageText(typo.body)).toContain('The two new passwords are not the same.')
    const wrong = await choose({ current: 'not the given one 123', password: memberOwn, repeat: memberOwn })
    expect(wrong.statusCode).toBe(400)
    expect(await marked(memberEmail)).toBe(true)

    const done = await choose({ current: given, password: memberOwn, repeat: memberOwn })
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(lead)
    expect(await marked(memberEmail)).toBe(false)
    expect((await get(offered, lead, member.cookie)).statusCode).toBe(200)
    expect((await get(offered, '/api/admin/leads', member.cookie)).statusCode).toBe(200)
    // The page is for a password due only; a member who has chosen one goes on.
    expect((await get(offered, '/admin/password', member.cookie)).headers.location).toBe('/admin/account')
    // The given password no longer signs in; their own does, straight to the desk.
    expect((await post(offered, '/admin/login', { email: memberEmail, password: given })).statusCode).toBe(
      401,
    )
    const again = await signIn(offered, memberEmail, memberOwn)
    expect((await get(offered, '/admin', again.cookie)).statusCode).toBe(200)
    const [audit] = await test.db.query<{ action: string }>(
      `SELECT action FROM staff_audit WHERE actor_email = $1`,
      [memberEmail],
    )
    expect(audit?.action).toBe('change-password')
  })

  it('marks a reset password too; API tokens work whatever is marked', async () => {
    await ownerAddsMember()
    await test.db.query('UPDATE staff_users SET must_change_password = false')
    const owner = await signIn(offered, ownerEmail, ownerPassword)
    const reset = await post(
      offered,
      '/admin/staff/password',
      { email: memberEmail, confirm: 'yes' },
      owner.cookie,
    )
    expect(reset.statusCode).toBe(303)
    expect(await marked(memberEmail)).toBe(true)
    const given = shownPassword((await get(offered, String(reset.headers.location), owner.cookie)).body)
    const member = await signIn(offered, memberEmail, given)
    expect((await get(offered, '/admin', member.cookie)).headers.location).toBe('/admin/password')

    // A program's token is no staff session: no password to change, nothing in its way.
    await test.db.query('UPDATE staff_users SET must_change_password = true')
    const { authorization } = await makeApiToken(test.db, { name: 'crm-sync', now: clock, salt })
    const read = await offered.inject({ method: 'GET', url: '/api/admin/leads', headers: { authorization } })
    expect(read.statusCode).toBe(200)
  })

  it('with two-step sign-in: the set-up keeps next, offers the codes to keep, then the password page', async () => {
    const given = await ownerAddsMember()
    const lead = `/admin/leads/${leadId}`
    const member = await signIn(forced, memberEmail, given, lead)
    expect(member.location).toBe(`/admin/two-factor?next=${encodeURIComponent(lead)}`)
    const setUp = await get(forced, member.location, member.cookie)
    expect(setUp.body).toContain(`name="next" value="${lead}"`)
    const secret = /data-totp-secret="">([A-Z2-7 ]+)</.exec(setUp.body)?.[1]?.replace(/ /g, '') ?? ''
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
      timestamp: clock.getTime(),
    })
    const enrolled = await post(forced, '/admin/two-factor', { code, next: lead }, member.cookie)
    expect(enrolled.statusCode).toBe(200)
    const full = cookieOf(enrolled)
    const codes = [...enrolled.body.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map(
      (m) => m[1] ?? '',
    )
    expect(codes).toHaveLength(10)
    // Copy (the desk's script) and a download that needs none, then on to where the link led.
    expect(enrolled.body).toContain(`data-copy="${codes.join('\n')}"`)
    expect(enrolled.body).toContain('action="/admin/account/recovery-codes.txt"')
    expect(enrolled.body).toContain(`href="${lead}"`)
    const file = await post(forced, '/admin/account/recovery-codes.txt', { codes: codes.join(' ') }, full)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(file.headers['content-disposition']).toBe('attachment; filename="lead-desk-recovery-codes.txt"')
    expect(file.body).toContain(codes[9])

    const toLead = await get(forced, lead, full)
    expect(toLead.headers.location).toBe(`/admin/password?next=${encodeURIComponent(lead)}`)
    const done = await post(
      forced,
      '/admin/password',
      { current: given, password: memberOwn, repeat: memberOwn, next: lead },
      full,
    )
    expect(done.headers.location).toBe(lead)
    expect((await get(forced, lead, full)).statusCode).toBe(200)
  })
})
