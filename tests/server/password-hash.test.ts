/**
 * Staff password hashes at production strength: new hashes record production's cost unless the
 * server is set otherwise, and a stored hash signs in whatever the server's cost is now (its own
 * cost is stored in it), hashes as earlier versions stored them included. The other server tests
 * run at a cheap cost (helpers/test-app.ts); this file is about the hash, so it keeps the real one.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { defaultPasswordCost, hashPassword, verifyPassword } from '#server/staff/password-hash.ts'
import { signedInStaff } from '#tests/kit/staff.ts'
import { injectForm } from './helpers/requests.ts'
import { postSignIn } from './helpers/staff-session.ts'
import { testAppOptions, testPasswordCost } from './helpers/test-app.ts'
import { useTestDatabase } from './helpers/test-database.ts'

const password = 'a long staff password 42'

/**
 * `password` as stored before the cost was a setting of the server, one at a test's cost and one at
 * production's: `scrypt$N$r$p$salt$key`, made with node:crypto's scrypt on their own.
 */
const storedEarlier = {
  cheap:
    'scrypt$1024$8$1$AAECAwQFBgcICQoLDA0ODw==$bOG92eWxywHpX9+ZUQip0Ndt6Y5PTVlmdOXArmkHngOmDal8IwBzhihlQMZINSTTWTW5OY6B0euSQ4Z119uSbw==',
  production:
    'scrypt$32768$8$3$8OHSw7Sllod4aVpLPC0eDw==$YgCAyw56n4KXewaLDT0EMuf11bu4mi/4Jq4E4FGojfY3j11GSFE/Sd9qa0eXEDsfAco4vDXvXd2VFEzHF2kcPg==',
}

describe('staff password hashes', () => {
  it('are made at production strength by default: N = 2^15, r = 8, p = 3, recorded in the hash', async () => {
    expect(defaultPasswordCost).toEqual({ N: 2 ** 15, r: 8, p: 3 })
    const stored = await hashPassword(password)
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/)
    expect(await verifyPassword(password, stored)).toBe(true)
    expect(await verifyPassword('a long staff password 43', stored)).toBe(false)
  })

  it('as earlier versions stored them still verify, at the cost each records', async () => {
    expect(await verifyPassword(password, storedEarlier.cheap)).toBe(true)
    expect(await verifyPassword(password, storedEarlier.production)).toBe(true)
    expect(await verifyPassword('a long staff password 43', storedEarlier.production)).toBe(false)
  })
})

describe('the server’s password cost', () => {
  const test = useTestDatabase('pglite')
  /** At production's cost (no setting), and at the tests' cheap one. */
  let production: FastifyInstance
  let cheap: FastifyInstance

  beforeAll(async () => {
    const { passwordCost: _, ...withoutCost } = testAppOptions(test.db)
    production = await buildApp(withoutCost)
    cheap = await buildApp(testAppOptions(test.db))
  })
  afterAll(async () => {
    await production?.close()
    await cheap?.close()
  })
  beforeEach(async () => {
    await test.db.query('TRUNCATE staff_users, staff_sessions, sign_in_throttles, staff_audit CASCADE')
  })

  function signIn(app: FastifyInstance, email: string) {
    return postSignIn(app, email, password)
  }

  async function storedHash(email: string): Promise<string> {
    const [row] = await test.db.query<{ hash: string }>(
      'SELECT password_hash AS hash FROM staff_users WHERE email = $1',
      [email],
    )
    return row?.hash ?? ''
  }

  it('is recorded in the hash of an account an owner adds on the desk', async () => {
    const servers = [
      { name: 'production', app: production, cost: '32768$8$3' },
      {
        name: 'cheap',
        app: cheap,
        cost: `${testPasswordCost.N}$${testPasswordCost.r}$${testPasswordCost.p}`,
      },
    ]
    for (const { name, app, cost } of servers) {
      const owner = await signedInStaff(test.db, `owner-${name}@oakridge-insurance.example`, {
        role: 'owner',
      })
      const email = `new-${name}@oakridge-insurance.example`
      const added = await injectForm(app, '/admin/staff', { email, role: 'staff' }, { cookie: owner.cookie })
      expect(added.statusCode).toBe(303)
      expect((await storedHash(email)).startsWith(`scrypt$${cost}$`)).toBe(true)
    }
  })

  it('does not lock anyone out when it changes: every stored hash signs in on either server', async () => {
    const accounts = {
      'early-cheap@oakridge-insurance.example': storedEarlier.cheap,
      'early-production@oakridge-insurance.example': storedEarlier.production,
      'made-cheap@oakridge-insurance.example': await hashPassword(password, testPasswordCost),
    }
    for (const [email, hash] of Object.entries(accounts))
      await test.db.query('INSERT INTO staff_users (email, password_hash) VALUES ($1, $2)', [email, hash])
    for (const app of [production, cheap]) {
      for (const email of Object.keys(accounts)) {
        const response = await signIn(app, email)
        expect(response.statusCode, email).toBe(303)
        expect(response.headers.location).toBe('/admin')
      }
    }
    expect((await signIn(cheap, 'nobody@oakridge-insurance.example')).statusCode).toBe(401)
    expect((await signIn(production, 'nobody@oakridge-insurance.example')).statusCode).toBe(401)
  })
})
