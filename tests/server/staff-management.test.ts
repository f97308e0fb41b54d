/**
 * Staff accounts managed from the desk by an owner (/admin/staff), through inject on both drivers:
 * add (a password shown once that signs in), reset a password, sign out everywhere, reset two-step
 * sign-in, change a role, remove after a confirmation; staff members are refused; an owner cannot
 * change their own account; bad input changes nothing; every change is in the audit. Two owners
 * changing each other at the same moment, from two app instances on two connections, always leave
 * an owner.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { Database } from '#server/db/database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet, ownOrigin } from './helpers/requests.ts'
import { signInThroughPage } from './helpers/staff-session.ts'
import { testAppOptions, useTestApp } from './helpers/test-app.ts'
import { drivers, openTestDatabase, type TestDatabase } from './helpers/test-database.ts'

const ownerEmail = 'owner@oakridge-insurance.example'
const staffEmail = 'desk@oakridge-insurance.example'
const password = 'a long staff password 42'

/** The password the page shows once, in its <code class="secret">. */
function shownPassword(body: string): string {
  const match = /<code class="secret">([^<]+)<\/code>/.exec(body)
  if (!match?.[1]) throw new Error('no password on the page')
  return match[1]
}

describe.each(drivers)('staff accounts from the desk on %s', (driver) => {
  const t = useTestApp(
    driver,
    {},
    { truncate: 'leads, staff_users, staff_sessions, sign_in_throttles, staff_audit' },
  )
  beforeEach(async () => {
    await makeStaff(t.db, ownerEmail, { password, role: 'owner' })
    await makeStaff(t.db, staffEmail, { password })
  })

  function post(url: string, fields: Record<string, string>, cookie = '', origin: string | null = ownOrigin) {
    return injectForm(t.app, url, fields, { cookie, origin })
  }

  const get = (url: string, cookie: string) => injectGet(t.app, url, cookie)

  function signIn(email: string, pass = password): Promise<string> {
    return signInThroughPage(t.app, email, pass)
  }

  /**
   * A generated password's page: the POST answers 303 to a GET that shows it once; the same GET
   * again (a refresh) shows it no more.
   */
  async function followOnce(
    posted: { statusCode: number; headers: Record<string, unknown> },
    cookie: string,
  ) {
    expect(posted.statusCode).toBe(303)
    const location = String(posted.headers.location)
    expect(location).toMatch(/^\/admin\/staff\/password-shown\?shown=[0-9a-f-]{36}$/)
    const shown = await get(location, cookie)
    expect(shown.statusCode).toBe(200)
    const again = await get(location, cookie)
    expect(again.statusCode).toBe(410)
    expect(again.body).not.toContain(shownPassword(shown.body))
    return shown
  }

  async function accounts() {
    return t.db.query<{ email: string; role: string }>('SELECT email, role FROM staff_users ORDER BY email')
  }

  async function audit() {
    return t.db.query<{ actor_email: string; action: string; target_email: string }>(
      'SELECT actor_email, action, target_email FROM staff_audit ORDER BY id',
    )
  }

  it('an owner sees every account and the link to this page; a staff member gets neither', async () => {
    const owner = await signIn(ownerEmail)
    const page = await get('/admin/staff', owner)
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(pageText(page.body)).toContain(`${ownerEmail} (you) Owner`)
    expect(pageText(page.body)).toContain(`${staffEmail} Staff Not set up Never 0 0`)
    expect((await get('/admin', owner)).body).toContain('href="/admin/staff"')

    const staff = await signIn(staffEmail)
    expect((await get('/admin', staff)).body).not.toContain('href="/admin/staff"')
    const refused = await get('/admin/staff', staff)
    expect(refused.statusCode).toBe(403)
    expect(pageText(refused.body)).toContain('Only an owner account manages staff accounts.')
    // The 403 page's header names the member by their display name, as every other page does.
    await t.db.query('UPDATE staff_users SET display_name = $1 WHERE email = $2', ['Dana Reyes', staffEmail])
    expect(pageText((await get('/admin/staff', staff)).body)).toContain('Signed in as Dana Reyes')
    for (const [url, fields] of [
      ['/admin/staff', { email: 'sneaky@example.com', role: 'owner' }],
      ['/admin/staff/role', { email: staffEmail, role: 'owner' }],
      ['/admin/staff/remove', { email: ownerEmail, confirm: 'yes' }],
      ['/admin/staff/password', { email: ownerEmail }],
    ] as const) {
      expect((await post(url, fields, staff)).statusCode).toBe(403)
    }
    expect(await accounts()).toEqual([
      { email: staffEmail, role: 'staff' },
      { email: ownerEmail, role: 'owner' },
    ])
    expect(await audit()).toEqual([])
  })

  it('adds a member with a password shown once, which signs in; the audit names the owner', async () => {
    const owner = await signIn(ownerEmail)
    const posted = await post('/admin/staff', { email: ' New.Agent@Example.com ', role: 'staff' }, owner)
    const added = await followOnce(posted, owner)
    expect(added.headers['cache-control']).toBe('no-store')
    expect(pageText(added.body)).toContain('new.agent@example.com can now sign in.')
    const newPassword = shownPassword(added.body)
    expect(newPassword.length).toBeGreaterThanOrEqual(24)
    // The password is in no later page.
    expect((await get('/admin/staff', owner)).body).not.toContain(newPassword)
    const newcomer = await signIn('new.agent@example.com', newPassword)
    // A password the owner read out is changed first (tests/server/own-password.test.ts).
    expect((await get('/admin', newcomer)).headers.location).toBe('/admin/password')
    expect(await audit()).toEqual([
      { actor_email: ownerEmail, action: 'add', target_email: 'new.agent@example.com' },
    ])
    expect(pageText((await get('/admin/staff', owner)).body)).toContain(
      `${ownerEmail} added new.agent@example.com`,
    )
  })

  it('refuses a bad or taken e-mail and an unknown role, keeping what was typed and changing nothing', async () => {
    const owner = await signIn(ownerEmail)
    const bad = await post('/admin/staff', { email: 'not an address', role: 'staff' }, owner)
    expect(bad.statusCode).toBe(400)
    expect(pageText(bad.body)).toContain('That is not an e-mail address.')
    expect(bad.body).toContain('value="not an address"')
    expect(bad.body).toContain('aria-invalid="true"')
    const taken = await post('/admin/staff', { email: staffEmail.toUpperCase(), role: 'owner' }, owner)
    expect(taken.statusCode).toBe(400)
    expect(pageText(taken.body)).toContain(`${staffEmail} already has an account.`)
    const role = await post('/admin/staff', { email: 'x@example.com', role: 'admin' }, owner)
    expect(role.statusCode).toBe(400)
    expect(pageText(role.body)).toContain('Choose a role: staff or owner.')
    const missing = await post('/admin/staff/role', { role: 'owner' }, owner)
    expect(missing.statusCode).toBe(400)
    const unknown = await post('/admin/staff/sessions', { email: 'ghost@example.com' }, owner)
    expect(unknown.statusCode).toBe(404)
    expect(pageText(unknown.body)).toContain('There is no staff account for ghost@example.com.')
    expect(await accounts()).toHaveLength(2)
    expect(await audit()).toEqual([])
  })

  it('resets a password: the old one and every session stop working, the new one signs in', async () => {
    const owner = await signIn(ownerEmail)
    const staff = await signIn(staffEmail)
    const reset = await followOnce(
      await post('/admin/staff/password', { email: staffEmail, confirm: 'yes' }, owner),
      owner,
    )
    const newPassword = shownPassword(reset.body)
    expect((await get('/admin', staff)).statusCode).toBe(303)
    const old = await post('/admin/login', { email: staffEmail, password })
    expect(old.statusCode).toBe(401)
    await signIn(staffEmail, newPassword)
    expect(await audit()).toEqual([
      { actor_email: ownerEmail, action: 'reset-password', target_email: staffEmail },
    ])
  })

  it('signs a member out everywhere and resets their two-step sign-in', async () => {
    const owner = await signIn(ownerEmail)
    const first = await signIn(staffEmail)
    const second = await signIn(staffEmail)
    const ended = await post('/admin/staff/sessions', { email: staffEmail, confirm: 'yes' }, owner)
    expect(ended.statusCode).toBe(303)
    expect(ended.headers.location).toBe('/admin/staff?notice=sessions')
    for (const cookie of [first, second]) expect((await get('/admin', cookie)).statusCode).toBe(303)
    expect((await get('/admin', owner)).statusCode).toBe(200)
    expect(pageText((await get('/admin/staff?notice=sessions', owner)).body)).toContain(
      'Signed out everywhere.',
    )

    await t.db.query(`UPDATE staff_users SET totp_secret = 'x', totp_enabled_at = now() WHERE email = $1`, [
      staffEmail,
    ])
    expect(pageText((await get('/admin/staff', owner)).body)).toContain(`${staffEmail} Staff On`)
    const reset = await post('/admin/staff/two-factor', { email: staffEmail, confirm: 'yes' }, owner)
    expect(reset.headers.location).toBe('/admin/staff?notice=two-factor')
    const [row] = await t.db.query<{ totp_enabled_at: Date | null }>(
      'SELECT totp_enabled_at FROM staff_users WHERE email = $1',
      [staffEmail],
    )
    expect(row?.totp_enabled_at).toBeNull()
    expect((await audit()).map((entry) => entry.action)).toEqual(['end-sessions', 'reset-two-factor'])
  })

  it('makes a member an owner, who can then manage accounts; and staff again', async () => {
    const owner = await signIn(ownerEmail)
    const staff = await signIn(staffEmail)
    expect((await get('/admin/staff', staff)).statusCode).toBe(403)
    const promoted = await post('/admin/staff/role', { email: staffEmail, role: 'owner' }, owner)
    expect(promoted.headers.location).toBe('/admin/staff?notice=role-owner')
    // The role is read with the session: the same cookie now reaches the page.
    expect((await get('/admin/staff', staff)).statusCode).toBe(200)
    await post('/admin/staff/role', { email: staffEmail, role: 'staff' }, owner)
    expect((await get('/admin/staff', staff)).statusCode).toBe(403)
    expect((await audit()).map((entry) => entry.action)).toEqual(['role-owner', 'role-staff'])
  })

  it('removes an account only after the confirmation, and signs it out', async () => {
    const owner = await signIn(ownerEmail)
    const staff = await signIn(staffEmail)
    const posted = await post('/admin/staff/remove', { email: staffEmail }, owner)
    expect(posted.statusCode).toBe(303)
    const asked = await get(posted.headers.location as string, owner)
    expect(asked.statusCode).toBe(200)
    expect(pageText(asked.body)).toContain(`Remove ${staffEmail}?`)
    expect(await accounts()).toHaveLength(2)
    const removed = await post('/admin/staff/remove', { email: staffEmail, confirm: 'yes' }, owner)
    expect(removed.headers.location).toBe('/admin/staff?notice=removed')
    expect(await accounts()).toEqual([{ email: ownerEmail, role: 'owner' }])
    expect((await get('/admin', staff)).statusCode).toBe(303)
    expect(await audit()).toEqual([{ actor_email: ownerEmail, action: 'remove', target_email: staffEmail }])
  })

  it('an owner cannot change their own account here, so the desk always keeps an owner', async () => {
    const owner = await signIn(ownerEmail)
    for (const [url, fields] of [
      ['/admin/staff/role', { email: ownerEmail, role: 'staff' }],
      ['/admin/staff/remove', { email: ownerEmail, confirm: 'yes' }],
      ['/admin/staff/sessions', { email: ownerEmail }],
      ['/admin/staff/password', { email: ownerEmail }],
    ] as const) {
      const refused = await post(url, fields, owner)
      expect(refused.statusCode).toBe(400)
      expect(pageText(refused.body)).toContain('You cannot change your own account here.')
    }
    expect((await get('/admin', owner)).statusCode).toBe(200)
    expect(await accounts()).toContainEqual({ email: ownerEmail, role: 'owner' })
    expect(await audit()).toEqual([])
  })

  it('refuses a change posted from another site (the Origin rule), changing nothing', async () => {
    const owner = await signIn(ownerEmail)
    await t.db.query('UPDATE staff_users SET display_name = $1 WHERE email = $2', ['Olga Owner', ownerEmail])
    for (const origin of ['https://evil.example', null]) {
      const refused = await post('/admin/staff/remove', { email: staffEmail, confirm: 'yes' }, owner, origin)
      expect(refused.statusCode).toBe(403)
      // Refused before the session is read: the page names no one, and no e-mail.
      expect(refused.body).not.toContain(ownerEmail)
    }
    // A request the desk cannot process names the member by their display name, as every page does.
    const malformed = await post('/admin/staff/remove', { confirm: 'yes' }, owner)
    expect(malformed.statusCode).toBe(400)
    expect(pageText(malformed.body)).toContain('Signed in as Olga Owner')
    expect(await accounts()).toHaveLength(2)
  })
})

/**
 * Two owners demote (or remove) each other at the same moment, each through their own app on
 * its own connection pool (as two server processes would): one change wins, the other is refused
 * with a reason, and the desk always keeps an owner. Before, both changes went through and left no
 * owner at all. Several rounds, so the two transactions really overlap on PostgreSQL.
 */
describe.each(drivers)('owners changing each other at the same moment on %s', (driver) => {
  const first = 'first.owner@oakridge-insurance.example'
  const second = 'second.owner@oakridge-insurance.example'
  let test: TestDatabase
  let otherDb: Database | undefined
  let apps: [FastifyInstance, FastifyInstance]
  beforeAll(async () => {
    test = await openTestDatabase(driver)
    // PGlite has one connection, shared; PostgreSQL gets a second pool, as a second process would.
    otherDb = driver === 'postgres' ? await openPostgresDatabase(test.location) : undefined
    apps = [await buildApp(testAppOptions(test.db)), await buildApp(testAppOptions(otherDb ?? test.db))]
  })
  afterAll(async () => {
    for (const app of apps ?? []) await app.close()
    await otherDb?.close()
    await test?.dispose()
  })

  async function twoOwners(): Promise<[string, string]> {
    await test.db.query('TRUNCATE staff_users, staff_sessions, sign_in_throttles, staff_audit CASCADE')
    for (const email of [first, second]) await makeStaff(test.db, email, { password, role: 'owner' })
    const cookies = await Promise.all(
      [first, second].map((email, index) =>
        signInThroughPage(apps[index] as FastifyInstance, email, password),
      ),
    )
    return cookies as [string, string]
  }

  function change(index: 0 | 1, cookie: string, url: string, fields: Record<string, string>) {
    return injectForm(apps[index] as FastifyInstance, url, fields, { cookie })
  }

  async function owners(): Promise<string[]> {
    const rows = await test.db.query<{ email: string }>(
      `SELECT email FROM staff_users WHERE role = 'owner' ORDER BY email`,
    )
    return rows.map((row) => row.email)
  }

  it('demoting each other leaves one owner, and the refused one is told why', async () => {
    for (let round = 0; round < 8; round++) {
      const [firstCookie, secondCookie] = await twoOwners()
      const answers = await Promise.all([
        change(0, firstCookie, '/admin/staff/role', { email: second, role: 'staff' }),
        change(1, secondCookie, '/admin/staff/role', { email: first, role: 'staff' }),
      ])
      expect(await owners()).toHaveLength(1)
      // The loser is refused: 409 when both changes overlapped (the last-owner check), 403 when the
      // winner committed before the loser's request read its role with the session.
      const [won, lost] = answers.map((answer) => answer.statusCode).sort()
      expect(won).toBe(303)
      expect([403, 409]).toContain(lost)
      const refused = answers.find((answer) => answer.statusCode === 409)
      if (refused)
        expect(pageText(refused.body)).toMatch(/is the only owner: make another account an owner first\./)
    }
  })

  it('removing one while the other demotes it leaves one owner', async () => {
    for (let round = 0; round < 8; round++) {
      const [firstCookie, secondCookie] = await twoOwners()
      await Promise.all([
        change(0, firstCookie, '/admin/staff/remove', { email: second, confirm: 'yes' }),
        change(1, secondCookie, '/admin/staff/role', { email: first, role: 'staff' }),
      ])
      expect(await owners()).toHaveLength(1)
    }
  })
})
