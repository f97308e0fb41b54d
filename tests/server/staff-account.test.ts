/**
 * A member's own account and the owner's confirmations, through inject on PGlite: changing
 * one's password (the current one first; other sessions end, this one stays; recorded), new
 * recovery codes (the old ones stop working, the new ones work once, shown once after a redirect),
 * display names (set by the member and by an owner, shown on the desk), confirmation pages that are
 * GETs whose forms post the change, removing a member with their open leads given to another or
 * left unassigned, and a generated password that a refresh does not show again.
 */
import * as OTPAuth from 'otpauth'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LeadStatus } from '#server/leads/lead-repository.ts'
import { findStaffUserByEmail, staffLabel } from '#server/staff/staff-accounts.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { cookieOf } from './helpers/cookies.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet } from './helpers/requests.ts'
import { signInThroughPage } from './helpers/staff-session.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const ownerEmail = 'owner@oakridge-insurance.example'
const anaEmail = 'ana@oakridge-insurance.example'
const benEmail = 'ben@oakridge-insurance.example'
const password = 'a long staff password 42'

/** A lead straight into the table, as the desk would find it; assigned and moved by the test. */
describe.each(featureDrivers)('staff accounts and confirmations on %s', (driver) => {
  let clock: Date
  const t = useTestApp(
    driver,
    { now: () => clock },
    { truncate: 'leads, staff_users, staff_sessions, sign_in_throttles, staff_audit' },
  )
  beforeEach(async () => {
    clock = new Date('2026-11-23T16:00:00Z')
    await makeStaff(t.db, ownerEmail, { password, role: 'owner' })
    await makeStaff(t.db, anaEmail, { password, displayName: 'Ana Ruiz' })
    await makeStaff(t.db, benEmail, { password })
  })

  function post(url: string, fields: Record<string, string>, cookie = '') {
    return injectForm(t.app, url, fields, { cookie })
  }

  const get = (url: string, cookie: string) => injectGet(t.app, url, cookie)

  function signIn(email: string, pass = password): Promise<string> {
    return signInThroughPage(t.app, email, pass)
  }

  async function idOf(email: string): Promise<string> {
    return (await findStaffUserByEmail(t.db, email))?.id ?? ''
  }

  async function auditActions() {
    const rows = await t.db.query<{ action: string }>('SELECT action FROM staff_audit ORDER BY id')
    return rows.map((row) => row.action)
  }

  it('changes one’s own password: the current one first; other sessions end, this one stays', async () => {
    const here = await signIn(anaEmail)
    const elsewhere = await signIn(anaEmail)
    const page = await get('/admin/account', here)
    expect(page.statusCode).toBe(200)
    expect(pageText(page.body)).toContain('Change your password')

    const wrong = await post(
      '/admin/account/password',
      {
        current: 'not my password at all',
        password: 'a brand new password 7',
        repeat: 'a brand new password 7',
      },
      here,
    )
    expect(wrong.statusCode).toBe(400)
    expect(pageText(wrong.body)).toContain('The current password is not correct.')
    const mismatch = await post(
      '/admin/account/password',
      { current: password, password: 'a brand new password 7', repeat: 'a brand new password 8' },
      here,
    )
    expect(pageText(mismatch.body)).toContain('The two new passwords are not the same.')
    const short = await post(
      '/admin/account/password',
      { current: password, password: 'short', repeat: 'short' },
      here,
    )
    expect(pageText(short.body)).toContain('at least 12 characters')
    // Nothing changed: the old password still signs in, the other browser is still signed in.
    expect((await get('/admin', elsewhere)).statusCode).toBe(200)

    const changed = await post(
      '/admin/account/password',
      { current: password, password: 'a brand new password 7', repeat: 'a brand new password 7' },
      here,
    )
    expect(changed.statusCode).toBe(303)
    expect(changed.headers.location).toBe('/admin/account?notice=password')
    expect(pageText((await get('/admin/account?notice=password', here)).body)).toContain(
      'Your password was changed.',
    )
    expect((await get('/admin', here)).statusCode).toBe(200)
    expect((await get('/admin', elsewhere)).statusCode).toBe(303)
    expect((await post('/admin/login', { email: anaEmail, password })).statusCode).toBe(401)
    await signIn(anaEmail, 'a brand new password 7')
    expect(await auditActions()).toEqual(['change-password'])
  })

  it('makes new recovery codes: old ones stop working, new ones work once, shown once', async () => {
    const here = await signIn(anaEmail)
    // Two-step sign-in set up through the page, as a member would.
    const setUp = await get('/admin/two-factor', here)
    const shownSecret = /data-totp-secret="">([A-Z2-7 ]+)</.exec(setUp.body)?.[1]?.replace(/ /g, '') ?? ''
    const code = (at: Date) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(shownSecret) }).generate({
        timestamp: at.getTime(),
      })
    const enrolled = await post('/admin/two-factor', { code: code(clock) }, here)
    const oldCodes = [...enrolled.body.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map(
      (m) => m[1] ?? '',
    )
    expect(oldCodes).toHaveLength(10)

    const refused = await post('/admin/account/recovery-codes', { proof: 'wrong password here' }, here)
    expect(refused.statusCode).toBe(400)
    expect(pageText(refused.body)).toContain('That password or code is not correct.')

    clock = new Date(clock.getTime() + 60_000)
    const made = await post('/admin/account/recovery-codes', { proof: code(clock) }, here)
    expect(made.statusCode).toBe(303)
    const location = String(made.headers.location)
    expect(location).toMatch(/^\/admin\/account\/recovery-codes\?shown=[0-9a-f-]{36}$/)
    const shown = await get(location, here)
    expect(shown.statusCode).toBe(200)
    const newCodes = [...shown.body.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map(
      (m) => m[1] ?? '',
    )
    expect(newCodes).toHaveLength(10)
    expect(newCodes).not.toEqual(oldCodes)
    expect(shown.body).toContain('data-copy=')
    // A refresh shows them no more.
    const again = await get(location, here)
    expect(again.statusCode).toBe(410)
    expect(again.body).not.toContain(newCodes[0])

    // The download echoes the page's codes as a file, never stored or cached.
    const file = await post('/admin/account/recovery-codes.txt', { codes: newCodes.join(' ') }, here)
    expect(file.headers['content-disposition']).toBe('attachment; filename="lead-desk-recovery-codes.txt"')
    expect(file.headers['cache-control']).toBe('no-store')
    expect(file.body).toContain(newCodes[9])

    // At sign-in: an old code is refused, a new one works once.
    const signInWithCode = async (recovery: string) => {
      const partial = cookieOf(await post('/admin/login', { email: anaEmail, password }))
      return post('/admin/login/code', { code: recovery }, partial)
    }
    expect((await signInWithCode(oldCodes[0] ?? '')).statusCode).toBe(401)
    expect((await signInWithCode(newCodes[0] ?? '')).headers.location).toBe('/admin')
    expect((await signInWithCode(newCodes[0] ?? '')).statusCode).toBe(401)
    // The password proves it too.
    const byPassword = await post('/admin/account/recovery-codes', { proof: password }, here)
    expect(byPassword.statusCode).toBe(303)
    expect(await auditActions()).toEqual(['recovery-codes', 'recovery-codes'])
  })

  it('display names: set by the member and by an owner, shown in the header and on the staff page', async () => {
    expect(staffLabel({ email: benEmail, displayName: null })).toBe(benEmail)
    expect(staffLabel({ email: anaEmail, displayName: 'Ana Ruiz' })).toBe('Ana Ruiz')
    const ana = await signIn(anaEmail)
    expect(pageText((await get('/admin/account', ana)).body)).toContain('Signed in as Ana Ruiz')
    const renamed = await post('/admin/account/name', { name: '  Ana   Ruiz-Soto ' }, ana)
    expect(renamed.headers.location).toBe('/admin/account?notice=name')
    expect(pageText((await get('/admin/account', ana)).body)).toContain('Signed in as Ana Ruiz-Soto')
    const tooLong = await post('/admin/account/name', { name: 'x'.repeat(81) }, ana)
    expect(tooLong.statusCode).toBe(400)

    const owner = await signIn(ownerEmail)
    const form = await get(`/admin/staff/name?account=${await idOf(benEmail)}`, owner)
    expect(form.statusCode).toBe(200)
    expect(pageText(form.body)).toContain(`Change the name of ${benEmail}`)
    const named = await post('/admin/staff/name', { email: benEmail, name: 'Ben Ortiz' }, owner)
    expect(named.headers.location).toBe('/admin/staff?notice=name')
    const added = await post(
      '/admin/staff',
      { email: 'cara@oakridge-insurance.example', name: 'Cara Lee' },
      owner,
    )
    expect(added.statusCode).toBe(303)
    const list = pageText((await get('/admin/staff', owner)).body)
    expect(list).toContain(`Ana Ruiz-Soto ${anaEmail} Staff`)
    expect(list).toContain(`Ben Ortiz ${benEmail} Staff`)
    expect(list).toContain('Cara Lee cara@oakridge-insurance.example Staff')
    expect(await auditActions()).toEqual(['rename', 'rename', 'add'])
  })

  it('names an owner by their display name in the header of every owner page', async () => {
    const owner = await signIn(ownerEmail)
    await post('/admin/account/name', { name: 'Lucía Gómez' }, owner)
    for (const url of ['/admin/staff', '/admin/webhooks', '/admin/held-notifications']) {
      const page = await get(url, owner)
      expect(page.statusCode, url).toBe(200)
      expect(pageText(page.body), url).toContain('Signed in as Lucía Gómez')
    }
  })

  it('asks first: the confirmations are GET pages whose forms post; a GET changes nothing', async () => {
    const owner = await signIn(ownerEmail)
    const ana = await signIn(anaEmail)
    const id = await idOf(anaEmail)
    await t.db.query(`UPDATE staff_users SET totp_secret = 'x', totp_enabled_at = now() WHERE id = $1`, [id])
    const expected = {
      password: ['Reset Ana Ruiz’s password?', 'Reset password'],
      sessions: ['Sign Ana Ruiz out everywhere?', 'Sign out everywhere'],
      'two-factor': ['Reset Ana Ruiz’s two-step sign-in?', 'Reset two-step sign-in'],
      remove: ['Remove Ana Ruiz?', 'Remove the account'],
    }
    const list = (await get('/admin/staff', owner)).body
    for (const [action, [title, button]] of Object.entries(expected)) {
      // The list links to the page that asks; the e-mail is in no URL.
      expect(list).toContain(`href="/admin/staff/${action}?account=${id}"`)
      const page = await get(`/admin/staff/${action}?account=${id}`, owner)
      expect(page.statusCode).toBe(200)
      expect(pageText(page.body)).toContain(title)
      expect(page.body).toMatch(new RegExp(`<form [^>]*action="/admin/staff/${action}" method="post"`))
      expect(page.body).toContain('name="confirm" value="yes"')
      expect(pageText(page.body)).toContain(button)
      // A post that did not come from the page is sent to it, and changes nothing.
      const unconfirmed = await post(`/admin/staff/${action}`, { email: anaEmail }, owner)
      expect(unconfirmed.statusCode).toBe(303)
      expect(unconfirmed.headers.location).toBe(`/admin/staff/${action}?account=${id}`)
    }
    expect((await get('/admin', ana)).statusCode).toBe(200)
    expect(await auditActions()).toEqual([])
    // Only an owner sees them; an unknown id is refused.
    expect((await get(`/admin/staff/password?account=${id}`, ana)).statusCode).toBe(403)
    expect(
      (await get('/admin/staff/password?account=00000000-0000-0000-0000-000000000000', owner)).statusCode,
    ).toBe(404)
  })

  it('a reset password is shown once after a redirect: a refresh neither posts again nor shows it', async () => {
    const owner = await signIn(ownerEmail)
    const reset = await post('/admin/staff/password', { email: anaEmail, confirm: 'yes' }, owner)
    expect(reset.statusCode).toBe(303)
    const location = String(reset.headers.location)
    const shown = await get(location, owner)
    const newPassword = /<code class="secret">([^<]+)<\/code>/.exec(shown.body)?.[1] ?? ''
    expect(newPassword.length).toBeGreaterThanOrEqual(24)
    expect(location).not.toContain(newPassword)
    expect(pageText(shown.body)).toContain('Ana Ruiz was signed out everywhere')
    const refreshed = await get(location, owner)
    expect(refreshed.statusCode).toBe(410)
    expect(refreshed.body).not.toContain(newPassword)
    // Another owner's session cannot take it either, and the stored row is not the password.
    const stored = await t.db.query<{ payload: string }>('SELECT payload FROM staff_flashes')
    for (const row of stored) expect(row.payload).not.toContain(newPassword)
    expect(await auditActions()).toEqual(['reset-password'])
    await signIn(anaEmail, newPassword)
  })

  it('removing a member gives their open leads to the chosen member, or leaves them unassigned', async () => {
    const owner = await signIn(ownerEmail)
    const [anaId, benId] = [await idOf(anaEmail), await idOf(benEmail)]
    const lead = async (status: LeadStatus) =>
      (await storeLead(t.db, { fields: { firstName: 'Lia' }, assignedTo: anaId, status })).id
    const open = [await lead('new'), await lead('contacted'), await lead('quoted')]
    const won = await lead('won')
    const page = await get(`/admin/staff/remove?account=${anaId}`, owner)
    expect(pageText(page.body)).toContain('Their 3 open leads')
    expect(page.body).toContain(`<option value="${benId}">${benEmail}</option>`)
    expect(page.body).not.toContain(`<option value="${anaId}"`)

    const removed = await post(
      '/admin/staff/remove',
      { email: anaEmail, confirm: 'yes', leads: 'reassign', to: benId },
      owner,
    )
    expect(removed.headers.location).toBe('/admin/staff?notice=removed')
    const rows = await t.db.query<{ id: string; assigned_to: string | null }>(
      'SELECT id, assigned_to::text FROM leads ORDER BY received_at',
    )
    const assigned = new Map(rows.map((row) => [row.id, row.assigned_to]))
    for (const id of open) expect(assigned.get(id)).toBe(benId)
    expect(assigned.get(won)).toBeNull()
    const events = await t.db.query<{ detail: string; staff_email: string }>(
      `SELECT detail, staff_email FROM lead_events WHERE kind = 'assignment'`,
    )
    expect(events).toEqual(open.map(() => ({ detail: benEmail, staff_email: ownerEmail })))

    // Ben removed too, leaving his (Ana's former) leads unassigned.
    const left = await post(
      '/admin/staff/remove',
      { email: benEmail, confirm: 'yes', leads: 'unassign' },
      owner,
    )
    expect(left.headers.location).toBe('/admin/staff?notice=removed')
    const after = await t.db.query<{ assigned_to: string | null }>('SELECT assigned_to FROM leads')
    expect(after.every((row) => row.assigned_to === null)).toBe(true)
  })

  it('a removal with no choice for open leads, or a bad one, changes nothing, all or nothing', async () => {
    const owner = await signIn(ownerEmail)
    const anaId = await idOf(anaEmail)
    const { id } = await storeLead(t.db, { fields: { firstName: 'Lia' }, assignedTo: anaId })
    const noChoice = await post('/admin/staff/remove', { email: anaEmail, confirm: 'yes' }, owner)
    expect(noChoice.statusCode).toBe(400)
    expect(pageText(noChoice.body)).toContain('Choose who takes their open leads, or leave them unassigned.')
    // Given to the account being removed: refused, and the account stays with its lead.
    const toSelf = await post(
      '/admin/staff/remove',
      { email: anaEmail, confirm: 'yes', leads: 'reassign', to: anaId },
      owner,
    )
    expect(toSelf.statusCode).toBe(409)
    const [row] = await t.db.query<{ assigned_to: string }>(
      'SELECT assigned_to::text FROM leads WHERE id = $1',
      [id],
    )
    expect(row?.assigned_to).toBe(anaId)
    expect(await idOf(anaEmail)).toBe(anaId)
    expect(await auditActions()).toEqual([])
  })
})
