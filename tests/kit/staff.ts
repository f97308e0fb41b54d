/**
 * Staff accounts for tests, made by the staff accounts module (server/staff/staff-accounts.ts) as
 * `npm run staff -- add` and the owner's page make them: a checked e-mail, a hashed password, a role
 * and a display name; a second factor enrolled as the set-up page enrols one; a session as the
 * sign-in starts one. Tests about the desk get a signed-in member without the sign-in page.
 */
import type * as OTPAuth from 'otpauth'
import type { Database, Queryable } from '#server/db/database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { confirmEnrolment, pendingSecret, totpFor } from '#server/staff/second-factor.ts'
import { addStaffUser } from '#server/staff/staff-accounts.ts'
import { createSession, defaultSessionSettings, type StaffRole } from '#server/staff/staff-sessions.ts'
import { testPasswordCost } from '#tests/server/helpers/test-app.ts'
import { testEncryptionKey } from '#tests/server/helpers/test-database.ts'

/** The password of every kit account unless a test gives one. */
export const kitPassword = 'kit password 0123'

export interface StaffOptions {
  role?: StaffRole
  displayName?: string | null
  password?: string
  /**
   * A second factor enrolled (its secret under the app's encryption key, the tests' by default) at
   * `now`: the account then signs in with a code from `totp`.
   */
  twoFactor?: boolean | { key: Buffer }
  /** The time of the enrolment and of the session (a test's fixed clock). */
  now?: Date
}

export interface TestStaff {
  id: string
  email: string
  password: string
  role: StaffRole
  /** The account's authenticator, when it has a second factor. */
  totp?: OTPAuth.TOTP
  /** Its recovery codes, when it has a second factor. */
  recoveryCodes?: string[]
}

/** An account made by the staff accounts module, its password stored at the tests' cheap scrypt cost. */
export async function makeStaff(
  db: Queryable,
  email: string,
  options: StaffOptions = {},
): Promise<TestStaff> {
  const {
    role = 'staff',
    displayName = null,
    password = kitPassword,
    twoFactor = false,
    now = new Date(),
  } = options
  const user = await addStaffUser(db, email, password, role, displayName, testPasswordCost)
  const staff: TestStaff = { id: user.id, email: user.email, password, role }
  if (!twoFactor) return staff
  const key = twoFactor === true ? testEncryptionKey : twoFactor.key
  const totp = totpFor(await pendingSecret(db, user.id, key), user.email)
  const codes = await confirmEnrolment(
    db,
    { userId: user.id, email: user.email },
    totp.generate({ timestamp: now.getTime() }),
    now,
    key,
  )
  if (!codes) throw new Error(`the second factor of ${email} was not enrolled`)
  return { ...staff, totp, recoveryCodes: codes }
}

export interface SignedInStaff extends TestStaff {
  /** The Cookie header of the member's full session. */
  cookie: string
}

/** An account (see makeStaff) and a full session for it, started at `now`. */
export async function signedInStaff(
  db: Queryable,
  email: string,
  options: StaffOptions = {},
): Promise<SignedInStaff> {
  const staff = await makeStaff(db, email, options)
  const session = await createSession(db, staff.id, options.now ?? new Date(), defaultSessionSettings)
  return { ...staff, cookie: `staff_session=${session.token}` }
}

/**
 * An account added to the PostgreSQL database at `url` over a connection of its own, as
 * `npm run staff -- add` does for servers running elsewhere: its password at production's cost.
 */
export async function addStaffAt(url: string, email: string, password: string): Promise<void> {
  const db: Database = await openPostgresDatabase(url)
  try {
    await addStaffUser(db, email, password)
  } finally {
    await db.close()
  }
}
