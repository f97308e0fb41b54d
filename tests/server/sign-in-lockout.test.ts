/**
 * A lockout strangers cannot aim at staff, through inject on both drivers. 100 wrong passwords
 * from 100 addresses lock the account for places it never signed in from, but the right password
 * still signs in from the staff member's usual address and from a browser holding the device
 * cookie of an earlier sign-in. Every lock is logged without the e-mail or the address; an owner
 * sees and clears locks on the desk (recorded in the audit), a staff member cannot; the stored
 * keys are keyed hashes, never a plain digest of what a stranger typed.
 */
import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { loggerOptions } from '#server/logger.ts'
import { defaultPasswordCost } from '#server/staff/password-hash.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { cookieOf } from './helpers/cookies.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, ownOrigin } from './helpers/requests.ts'
import { postSignIn } from './helpers/staff-session.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const ownerEmail = 'owner@oakridge-insurance.example'
const staffEmail = 'desk@oakridge-insurance.example'
const password = 'a long staff password 42'
const usualAddress = '203.0.113.7'
const phoneAddress = '2001:db8:77:1::9'
const minuteMs = 60_000

/** The Set-Cookie a response gave for `name`, as a Cookie header sends it back. */
function setCookie(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const header = response.headers['set-cookie']
  const all = Array.isArray(header) ? header : header ? [String(header)] : []
  return all.find((cookie) => cookie.startsWith(`${name}=`))
}

/** The owner and the staff member, both with `password` at the cheap cost. */
async function addAccounts(db: Database): Promise<void> {
  // The kit's cheap cost, stored in the hash, so a hundred attempts check quickly.
  await makeStaff(db, ownerEmail, { password, role: 'owner' })
  await makeStaff(db, staffEmail, { password })
}

describe.each(drivers)('sign-in lockout on %s', (driver) => {
  let clock: Date
  let logLines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  // The tests' cheap cost for the decoy an unknown e-mail is checked against: these tests count
  // answers, not time (the flood at production's cost is the block below).
  const t = useTestApp(
    driver,
    { now: () => clock, logger: { ...loggerOptions('info'), stream } },
    { truncate: 'staff_sessions, sign_in_throttles, staff_audit, staff_known_addresses' },
  )

  beforeAll(() => addAccounts(t.db))
  beforeEach(() => {
    clock = new Date()
    logLines = []
  })

  function signIn(email: string, pass: string, remoteAddress: string, cookie = '') {
    return postSignIn(t.app, email, pass, { remoteAddress, cookie })
  }

  function post(url: string, fields: Record<string, string>, cookie: string, origin = ownOrigin) {
    return injectForm(t.app, url, fields, { cookie, origin })
  }

  /** 100 wrong passwords at the account, each from an address of its own, one after the other. */
  async function strangersGuess(email: string, count = 100): Promise<number[]> {
    const statuses: number[] = []
    for (let index = 0; index < count; index++) {
      const from = `100.64.${Math.floor(index / 250)}.${(index % 250) + 1}`
      statuses.push((await signIn(email, `wrong guess ${index}`, from)).statusCode)
    }
    return statuses
  }

  it('100 wrong passwords from 100 addresses do not refuse the usual address or a known browser', async () => {
    expect((await signIn(staffEmail, password, usualAddress)).statusCode).toBe(303)
    const onPhone = await signIn(staffEmail, password, phoneAddress)
    expect(onPhone.statusCode).toBe(303)
    const device = setCookie(onPhone, 'staff_device')
    expect(device).toMatch(/HttpOnly/)
    expect(device).toMatch(/SameSite=Strict/)
    expect(device).toMatch(/Max-Age=31536000/)
    const deviceCookie = device?.split(';')[0] ?? ''

    const statuses = await strangersGuess(staffEmail)
    // 20 guesses a quarter hour reach the password check from places the account never used.
    expect(statuses.filter((status) => status === 401)).toHaveLength(20)
    expect(statuses.filter((status) => status === 429)).toHaveLength(80)

    const stranger = await signIn(staffEmail, password, '198.51.100.200')
    expect(stranger.statusCode).toBe(429)
    expect(pageText(stranger.body)).toContain('Too many failed sign-in attempts')
    expect(setCookie(stranger, 'staff_session')).toBeUndefined()

    const usual = await signIn(staffEmail, password, usualAddress)
    expect(usual.statusCode).toBe(303)
    expect(usual.headers.location).toBe('/admin')
    // A new network (a hotel) without the cookie, or with a forged one: refused while the lock holds.
    expect((await signIn(staffEmail, password, '192.0.2.99')).statusCode).toBe(429)
    const forged = `staff_device=${'A'.repeat(22)}.${'B'.repeat(43)}`
    expect((await signIn(staffEmail, password, '192.0.2.99', forged)).statusCode).toBe(429)
    // The same network, the browser that signed in before: known by its cookie.
    const travelling = await signIn(staffEmail, password, '192.0.2.99', deviceCookie)
    expect(travelling.statusCode).toBe(303)

    // The lock runs out after 15 minutes.
    clock = new Date(clock.getTime() + 16 * minuteMs)
    expect((await signIn(staffEmail, password, '198.51.100.200')).statusCode).toBe(303)
  })

  /** Signs in from `from` with the right password; the device cookie it set, as a Cookie header. */
  async function signInForDevice(email: string, from: string): Promise<string> {
    const response = await signIn(email, password, from)
    expect(response.statusCode).toBe(303)
    return setCookie(response, 'staff_device')?.split(';')[0] ?? ''
  }

  it("a guest on the office's address locks strangers out, never a known browser or a known place", async () => {
    const device = await signInForDevice(staffEmail, usualAddress)
    // The owner signed in at the office before: it is a known place for the account.
    expect((await signIn(ownerEmail, password, usualAddress)).statusCode).toBe(303)
    const guest: number[] = []
    for (let attempt = 0; attempt < 25; attempt++)
      guest.push((await signIn(`made-up${attempt}@example.com`, 'guess', usualAddress)).statusCode)
    expect(guest.filter((status) => status === 401)).toHaveLength(20)
    expect(guest.filter((status) => status === 429)).toHaveLength(5)

    // A stranger from that address is refused, the right password of a real account or not.
    expect((await signIn('someone@example.com', password, usualAddress)).statusCode).toBe(429)
    // The known browser and the known place sign in with the right password.
    const byDevice = await signIn(staffEmail, password, usualAddress, device)
    expect(byDevice.statusCode).toBe(303)
    expect(byDevice.headers.location).toBe('/admin')
    const byPlace = await signIn(ownerEmail, password, usualAddress)
    expect(byPlace.statusCode).toBe(303)
    expect(byPlace.headers.location).toBe('/admin')
    // Still refused to strangers: the office's sign-ins did not reopen the address's lock.
    expect((await signIn('someone-else@example.com', password, usualAddress)).statusCode).toBe(429)
  })

  it('guesses at an account from its known place slow that place down, never lock the device or the place out', async () => {
    const device = await signInForDevice(staffEmail, usualAddress)
    const wrong: number[] = []
    for (let attempt = 0; attempt < 6; attempt++)
      wrong.push((await signIn(staffEmail, `wrong ${attempt}`, usualAddress)).statusCode)
    // Five within the limit, the sixth checked too, and a wait of a second starts.
    expect(wrong).toEqual([401, 401, 401, 401, 401, 401])
    const waiting = await signIn(staffEmail, password, usualAddress)
    expect(waiting.statusCode).toBe(429)
    expect(waiting.headers['retry-after']).toBe('1')
    expect(pageText(waiting.body)).toContain('Please wait 1 second and try again.')
    // The browser holding the device cookie does not wait for what others typed.
    expect((await signIn(staffEmail, password, usualAddress, device)).statusCode).toBe(303)
    // The place itself, a moment later: the right password signs in.
    for (let attempt = 0; attempt < 6; attempt++) await signIn(staffEmail, `again ${attempt}`, usualAddress)
    expect((await signIn(staffEmail, password, usualAddress)).statusCode).toBe(429)
    clock = new Date(clock.getTime() + 60_000)
    expect((await signIn(staffEmail, password, usualAddress)).statusCode).toBe(303)
  })

  it('a known place slowed down checks one password per wait, even when guesses are sent at once', async () => {
    await signInForDevice(staffEmail, usualAddress)
    for (let attempt = 0; attempt < 5; attempt++) await signIn(staffEmail, `wrong ${attempt}`, usualAddress)
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, index) => signIn(staffEmail, `burst ${index}`, usualAddress)),
    )
    expect(burst.filter((response) => response.statusCode === 401)).toHaveLength(1)
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(19)

    // A guesser who keeps going for a quarter of an hour, every 3 seconds, gets few passwords
    // checked: the wait doubles up to a minute.
    let checked = 0
    for (let second = 0; second < 15 * 60; second += 3) {
      clock = new Date(clock.getTime() + 3000)
      if ((await signIn(staffEmail, `later ${second}`, usualAddress)).statusCode === 401) checked += 1
    }
    expect(checked).toBeGreaterThan(5)
    expect(checked).toBeLessThanOrEqual(25)
  })

  it('logs each lock once, by kind and end, without the e-mail or the address', async () => {
    await strangersGuess(staffEmail, 30)
    for (let attempt = 0; attempt < 6; attempt++) await signIn(staffEmail, 'wrong', '192.0.2.50')
    const locks = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; lock?: string; until?: string })
      .filter((line) => line.msg === 'sign-in: too many attempts, locked')
    expect(locks.map((line) => line.lock).sort()).toEqual(['account', 'pair'])
    for (const line of locks) {
      expect(line.level).toBe(40)
      expect(new Date(line.until ?? '').getTime()).toBe(clock.getTime() + 15 * minuteMs)
    }
    const log = logLines.join('\n')
    for (const secret of [staffEmail, '100.64.0.', '192.0.2.50', 'wrong guess'])
      expect(log).not.toContain(secret)
  })

  it('stores keyed hashes only: no digest of a typed e-mail or an address anyone can recompute', async () => {
    await strangersGuess('ghost@example.com', 6)
    const keys = (await t.db.query<{ key: string }>('SELECT key FROM sign_in_throttles')).map(
      (row) => row.key,
    )
    expect(keys.length).toBeGreaterThan(6)
    for (const key of keys)
      expect(key).toMatch(/^(account|pair|device|address):[0-9a-f]{64}(:[0-9a-f]{64})?$/)
    const plain = [
      createHash('sha256').update('ghost@example.com').digest('hex'),
      createHash('sha256').update('100.64.0.1').digest('hex'),
    ]
    for (const digest of plain) expect(keys.join(' ')).not.toContain(digest)
  })

  it('an owner sees and clears a lock on the desk, recorded in the audit; a staff member cannot', async () => {
    const owner = cookieOf(await signIn(ownerEmail, password, '198.51.100.1'))
    const staff = cookieOf(await signIn(staffEmail, password, usualAddress))
    await strangersGuess(staffEmail, 21)
    // One address guessing at many e-mails locks that address for every account.
    for (let attempt = 0; attempt < 21; attempt++)
      await signIn(`guess${attempt}@example.com`, 'wrong', '192.0.2.66')

    const page = await t.app.inject({ method: 'GET', url: '/admin/staff', headers: { cookie: owner } })
    expect(page.statusCode).toBe(200)
    const shown = pageText(page.body)
    expect(shown).toContain('Locked sign-ins')
    expect(shown).toContain(`${staffEmail}: from places it never signed in from`)
    expect(shown).toContain('An address: every account')
    expect(shown).not.toContain('192.0.2.66')
    const keys = [...page.body.matchAll(/name="key" value="([^"]+)"/g)].map((match) => match[1] ?? '')
    const accountLock = keys.find((key) => key.startsWith('account:')) ?? ''
    const addressLock = keys.find((key) => key.startsWith('address:')) ?? ''
    expect(accountLock).not.toBe('')
    expect(addressLock).not.toBe('')

    // A staff member, or a page of another site, clears nothing.
    expect((await post('/admin/staff/unlock', { key: accountLock }, staff)).statusCode).toBe(403)
    expect(
      (await post('/admin/staff/unlock', { key: accountLock }, owner, 'https://evil.example')).statusCode,
    ).toBe(403)
    expect((await signIn(staffEmail, password, '198.51.100.201')).statusCode).toBe(429)

    const cleared = await post('/admin/staff/unlock', { key: accountLock }, owner)
    expect(cleared.statusCode).toBe(303)
    expect(cleared.headers.location).toBe('/admin/staff?notice=unlocked')
    expect((await signIn(staffEmail, password, '198.51.100.201')).statusCode).toBe(303)
    expect((await post('/admin/staff/unlock', { key: addressLock }, owner)).statusCode).toBe(303)
    expect((await signIn(ownerEmail, password, '192.0.2.66')).statusCode).toBe(303)
    // Clearing it again: it is gone, and says so.
    const again = await post('/admin/staff/unlock', { key: addressLock }, owner)
    expect(again.statusCode).toBe(404)
    expect(pageText(again.body)).toContain('That lock is no longer there')

    const audit = await t.db.query<{ actor_email: string; action: string; target_email: string }>(
      'SELECT actor_email, action, target_email FROM staff_audit ORDER BY id',
    )
    expect(audit).toEqual([
      { actor_email: ownerEmail, action: 'unlock', target_email: staffEmail },
      { actor_email: ownerEmail, action: 'unlock', target_email: 'an address' },
    ])
    const after = pageText(
      (await t.app.inject({ method: 'GET', url: '/admin/staff', headers: { cookie: owner } })).body,
    )
    expect(after).toContain(`${ownerEmail} cleared the sign-in lock of ${staffEmail}`)
    expect(after).toContain('No sign-in is locked now.')
  })
})

describe.each(drivers)('sign-in under a flood on %s', (driver) => {
  // Production's cost for the decoy and the pool's judgement: the flood must find the pool as busy
  // as a real one would (the accounts' own hashes are cheap).
  const t = useTestApp(driver, { passwordCost: defaultPasswordCost })

  beforeAll(() => addAccounts(t.db))

  function signIn(email: string, pass: string, remoteAddress: string, cookie = '') {
    return postSignIn(t.app, email, pass, { remoteAddress, cookie })
  }

  it('says the desk is busy to strangers when too many sign-ins are being checked, never to a known place', async () => {
    expect((await signIn(staffEmail, password, usualAddress)).statusCode).toBe(303)
    // 40 at once from 40 addresses at an unknown e-mail: more than the password pool takes now;
    // the staff member signs in from their usual address in the middle of it.
    const flood = Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signIn(`nobody${index}@example.com`, password, `198.18.0.${index + 1}`),
      ),
    )
    const known = signIn(staffEmail, password, usualAddress)
    const statuses = await flood
    const busy = statuses.filter((response) => response.statusCode === 503)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy[0]?.headers['retry-after']).toBe('5')
    expect(pageText(busy[0]?.body ?? '')).toContain(
      'Your password was not checked: please try again in a few seconds.',
    )
    expect(statuses.every((response) => [401, 503].includes(response.statusCode))).toBe(true)
    expect((await known).statusCode).toBe(303)
  })
})
