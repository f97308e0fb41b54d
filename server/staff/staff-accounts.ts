import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Queryable } from '../db/database.ts'
import { hashPassword, passwordMaxLength, passwordMinLength } from './password-hash.ts'
import type { StaffRole } from './staff-sessions.ts'

/**
 * Staff accounts. There is no sign-up: whoever runs the server creates them with `npm run staff`
 * (scripts/staff.ts), and an owner account manages them from the desk (/admin/staff). Every change
 * is recorded in staff_audit with who made it.
 */
export interface StaffUser {
  id: string
  email: string
  passwordHash: string
  role: StaffRole
  createdAt: Date
  lastSignInAt: Date | null
}

export interface StaffUserSummary {
  email: string
  role: StaffRole
  createdAt: Date
  lastSignInAt: Date | null
  activeSessions: number
  /** The account has confirmed a second factor (TOTP). */
  twoStepOn: boolean
}

export const staffRoles: readonly StaffRole[] = ['owner', 'staff']

export function isStaffRole(value: unknown): value is StaffRole {
  return value === 'owner' || value === 'staff'
}

/** A random password for a new or reset account: 24 characters, 144 bits, shown once. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url')
}

/** What was done to an account, as staff_audit records it. */
export type StaffAuditAction =
  | 'add'
  | 'remove'
  | 'reset-password'
  | 'end-sessions'
  | 'reset-two-factor'
  | 'role-owner'
  | 'role-staff'
  /** A sign-in lock cleared; the target is the account's e-mail, or "an address". */
  | 'unlock'

export async function recordStaffAudit(
  db: Queryable,
  actor: string,
  action: StaffAuditAction,
  target: string,
): Promise<void> {
  await db.query('INSERT INTO staff_audit (actor_email, action, target_email) VALUES ($1, $2, $3)', [
    actor,
    action,
    target,
  ])
}

export interface StaffAuditEntry {
  actorEmail: string
  action: StaffAuditAction
  targetEmail: string
  at: Date
}

export function recentStaffAudit(db: Queryable, limit: number): Promise<StaffAuditEntry[]> {
  return db.query<StaffAuditEntry>(
    `SELECT actor_email AS "actorEmail", action, target_email AS "targetEmail", at
       FROM staff_audit ORDER BY at DESC, id DESC LIMIT $1`,
    [limit],
  )
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

const userColumns = `id, email, password_hash AS "passwordHash", role, created_at AS "createdAt",
  last_sign_in_at AS "lastSignInAt"`

export async function findStaffUserByEmail(db: Queryable, email: string): Promise<StaffUser | undefined> {
  const rows = await db.query<StaffUser>(`SELECT ${userColumns} FROM staff_users WHERE email = $1`, [
    normalizeEmail(email),
  ])
  return rows[0]
}

export async function addStaffUser(
  db: Queryable,
  email: string,
  password: string,
  role: StaffRole = 'staff',
): Promise<StaffUser> {
  const normalized = checkStaffEmail(email)
  checkNewPassword(password)
  const rows = await db.query<StaffUser>(
    `INSERT INTO staff_users (email, password_hash, role) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING ${userColumns}`,
    [normalized, await hashPassword(password), role],
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

/** Signs the account out everywhere. False when there is no such account. */
export async function endStaffSessions(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('SELECT id FROM staff_users WHERE email = $1', [
    normalizeEmail(email),
  ])
  const user = rows[0]
  if (!user) return false
  await db.query('DELETE FROM staff_sessions WHERE staff_user_id = $1', [user.id])
  return true
}

/**
 * Takes the owners' rows for the rest of the transaction, always in the same order, and refuses
 * when `email` is the last of them. Two owners demoting or removing each other at the same moment
 * (two processes, two connections) then run one after the other: the second one finds the first
 * one's change and is refused, so the desk always keeps an owner. Call it inside a transaction.
 */
async function keepAnOwner(tx: Queryable, email: string): Promise<void> {
  const owners = await tx.query<{ email: string }>(
    `SELECT email FROM staff_users WHERE role = 'owner' ORDER BY id FOR UPDATE`,
  )
  if (owners.length === 1 && owners[0]?.email === email) {
    throw new StaffAccountError(`${email} is the only owner: make another account an owner first.`)
  }
}

/**
 * Makes the account an owner or staff. False when there is no such account. Refuses (throws)
 * to demote the last owner. Call it inside a transaction (keepAnOwner).
 */
export async function setStaffRole(tx: Queryable, email: string, role: StaffRole): Promise<boolean> {
  const normalized = normalizeEmail(email)
  if (role !== 'owner') await keepAnOwner(tx, normalized)
  const rows = await tx.query<{ id: string }>(
    'UPDATE staff_users SET role = $2 WHERE email = $1 RETURNING id',
    [normalized, role],
  )
  return rows.length > 0
}

/**
 * Removes the account and its sessions (reveal records keep the e-mail). False when there was none.
 * Refuses (throws) to remove the last owner. Call it inside a transaction (keepAnOwner).
 */
export async function removeStaffUser(tx: Queryable, email: string): Promise<boolean> {
  const normalized = normalizeEmail(email)
  await keepAnOwner(tx, normalized)
  const rows = await tx.query<{ id: string }>('DELETE FROM staff_users WHERE email = $1 RETURNING id', [
    normalized,
  ])
  return rows.length > 0
}

export function listStaffUsers(db: Queryable, now: Date): Promise<StaffUserSummary[]> {
  return db.query<StaffUserSummary>(
    `SELECT u.email, u.role, u.created_at AS "createdAt", u.last_sign_in_at AS "lastSignInAt",
            (SELECT count(*)::int FROM staff_sessions s
              WHERE s.staff_user_id = u.id AND s.expires_at > $1::timestamptz) AS "activeSessions",
            u.totp_enabled_at IS NOT NULL AS "twoStepOn"
       FROM staff_users u ORDER BY u.email`,
    [now.toISOString()],
  )
}
