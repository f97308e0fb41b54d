import { z } from 'zod'
import type { Queryable } from '../db/database.ts'
import { hashPassword, passwordMaxLength, passwordMinLength } from './password-hash.ts'

/** Staff accounts: created, listed and removed with `npm run staff` (scripts/staff.ts), never on the web. */
export interface StaffUser {
  id: string
  email: string
  passwordHash: string
  createdAt: Date
  lastSignInAt: Date | null
}

export interface StaffUserSummary {
  email: string
  createdAt: Date
  lastSignInAt: Date | null
  activeSessions: number
}

export class StaffAccountError extends Error {
  override name = 'StaffAccountError'
}

const emailSchema = z.email()

/** E-mails are compared case-insensitively: stored and looked up in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function checkStaffEmail(email: string): string {
  const normalized = normalizeEmail(email)
  if (!emailSchema.safeParse(normalized).success)
    throw new StaffAccountError(`Not an e-mail address: ${email}`)
  return normalized
}

export function checkNewPassword(password: string): void {
  if (password.length < passwordMinLength) {
    throw new StaffAccountError(`The password must have at least ${passwordMinLength} characters.`)
  }
  if (password.length > passwordMaxLength) {
    throw new StaffAccountError(`The password must have at most ${passwordMaxLength} characters.`)
  }
}

const userColumns = `id, email, password_hash AS "passwordHash", created_at AS "createdAt",
  last_sign_in_at AS "lastSignInAt"`

export async function findStaffUserByEmail(db: Queryable, email: string): Promise<StaffUser | undefined> {
  const rows = await db.query<StaffUser>(`SELECT ${userColumns} FROM staff_users WHERE email = $1`, [
    normalizeEmail(email),
  ])
  return rows[0]
}

export async function addStaffUser(db: Queryable, email: string, password: string): Promise<StaffUser> {
  const normalized = checkStaffEmail(email)
  checkNewPassword(password)
  const rows = await db.query<StaffUser>(
    `INSERT INTO staff_users (email, password_hash) VALUES ($1, $2)
     ON CONFLICT (email) DO NOTHING RETURNING ${userColumns}`,
    [normalized, await hashPassword(password)],
  )
  const user = rows[0]
  if (!user) throw new StaffAccountError(`A staff account for ${normalized} already exists.`)
  return user
}

/** Sets a new password and signs the account out everywhere. */
export async function setStaffPassword(db: Queryable, email: string, password: string): Promise<void> {
  checkNewPassword(password)
  const rows = await db.query<{ id: string }>(
    'UPDATE staff_users SET password_hash = $2 WHERE email = $1 RETURNING id',
    [normalizeEmail(email), await hashPassword(password)],
  )
  const user = rows[0]
  if (!user) throw new StaffAccountError(`There is no staff account for ${normalizeEmail(email)}.`)
  await db.query('DELETE FROM staff_sessions WHERE staff_user_id = $1', [user.id])
}

/** Removes the account and its sessions (reveal records keep the e-mail). False when there was none. */
export async function removeStaffUser(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('DELETE FROM staff_users WHERE email = $1 RETURNING id', [
    normalizeEmail(email),
  ])
  return rows.length > 0
}

export function listStaffUsers(db: Queryable, now: Date): Promise<StaffUserSummary[]> {
  return db.query<StaffUserSummary>(
    `SELECT u.email, u.created_at AS "createdAt", u.last_sign_in_at AS "lastSignInAt",
            (SELECT count(*)::int FROM staff_sessions s
              WHERE s.staff_user_id = u.id AND s.expires_at > $1::timestamptz) AS "activeSessions"
       FROM staff_users u ORDER BY u.email`,
    [now.toISOString()],
  )
}
