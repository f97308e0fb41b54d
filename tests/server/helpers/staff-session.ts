/**
 * Staff accounts for tests, made straight in the database, and signing in through the page. Tests
 * about the desk get a signed-in member without the sign-in page or a hash; tests that sign in
 * through the page store passwords at the tests' cheap cost (the app checks a hash with the cost
 * stored in it, so the cost of the sign-in follows). Tests about the hash or the sign-in pool under
 * attack keep production's cost.
 */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Queryable } from '#server/db/database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { hashPassword } from '#server/staff/password-hash.ts'
import { createSession, defaultSessionSettings, type StaffRole } from '#server/staff/staff-sessions.ts'
import { cookieOf } from './cookies.ts'
import { type FormPostOptions, injectForm } from './requests.ts'
import { testPasswordCost } from './test-app.ts'

/** A stored hash that no password matches: these accounts are signed in by their session alone. */
const noPassword = 'scrypt$1$1$1$x$y'

export interface SignedInStaff {
  id: string
  email: string
  /** The Cookie header of the member's session. */
  cookie: string
}

/** A staff account and a full session for it, started at `now` (a test's fixed clock). */
export async function signedInStaff(
  db: Queryable,
  email: string,
  {
    now = new Date(),
    role = 'staff',
    displayName = null,
  }: { now?: Date; role?: StaffRole; displayName?: string | null } = {},
): Promise<SignedInStaff> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO staff_users (email, password_hash, role, display_name) VALUES ($1, $2, $3, $4) RETURNING id`,
    [email, noPassword, role, displayName],
  )
  if (!row) throw new Error(`no account for ${email}`)
  const session = await createSession(db, row.id, now, defaultSessionSettings)
  return { id: row.id, email, cookie: `staff_session=${session.token}` }
}

/** A staff account that signs in through the page, its password stored at the tests' cost; its id. */
export async function staffWithPassword(
  db: Queryable,
  email: string,
  password: string,
  { role = 'staff' }: { role?: StaffRole } = {},
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO staff_users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING id',
    [email, await testPasswordHash(password), role],
  )
  if (!row) throw new Error(`no account for ${email}`)
  return String(row.id)
}

/**
 * A staff account added to the PostgreSQL database at `url` over a connection of its own, as
 * `npm run staff -- add` does for servers running elsewhere; its password at production's cost.
 */
export async function addStaffAt(url: string, email: string, password: string): Promise<void> {
  const db = await openPostgresDatabase(url)
  try {
    await db.query('INSERT INTO staff_users (email, password_hash) VALUES ($1, $2)', [
      email,
      await hashPassword(password),
    ])
  } finally {
    await db.close()
  }
}

/** A password's stored hash at the tests' cost, for accounts that sign in through the page. */
export function testPasswordHash(password: string): Promise<string> {
  return hashPassword(password, testPasswordCost)
}

/** The sign-in page's form posted (POST /admin/login), with the desk's Origin unless told otherwise. */
export function postSignIn(app: FastifyInstance, email: string, password: string, options?: FormPostOptions) {
  return injectForm(app, '/admin/login', { email, password }, options)
}

/** Signs in through the page; the session's Cookie header. The desk must let the member in (303 to /admin). */
export async function signInThroughPage(
  app: FastifyInstance,
  email: string,
  password: string,
  options?: FormPostOptions,
): Promise<string> {
  const response = await postSignIn(app, email, password, options)
  expect(response.statusCode).toBe(303)
  expect(response.headers.location).toBe('/admin')
  return cookieOf(response)
}
