import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import { hashPassword, type PasswordCost, passwordMaxLength, passwordMinLength } from './password-hash.ts'
import type { StaffRole } from './staff-sessions.ts'

/**
 * Staff accounts. There is no sign-up: whoever runs the server creates them with `npm run staff`
 * (scripts/staff.ts), and an owner account manages them from the desk (/admin/staff). Every change
 * is recorded in staff_audit with who made it.
 */
export interface StaffUser {
  id: string
  email: string
  /** What colleagues call them ("Ana Ruiz"); null: the e-mail is shown instead. */
  displayName: string | null
  passwordHash: string
  role: StaffRole
  createdAt: Date
  lastSignInAt: Date | null
  /** Someone else made its password: the member chooses their own at the next sign-in. */
  mustChangePassword: boolean
}

export interface StaffUserSummary {
  id: string
  email: string
  displayName: string | null
  role: StaffRole
  createdAt: Date
  lastSignInAt: Date | null
  activeSessions: number
  /** The account has confirmed a second factor (TOTP). */
  twoStepOn: boolean
  /** Leads assigned to it that are still being worked (new, contacted, quoted; not spam). */
  openLeads: number
}

/**
 * How the desk names a staff member to colleagues: the display name, else the e-mail. Every page
 * that shows who did something or who has a lead should call this.
 */
export function staffLabel(user: { email: string; displayName?: string | null }): string {
  return user.displayName || user.email
}

export const displayNameMaxLength = 80

/**
 * Invisible marks that turn the text around them (U+061C, U+200E/F, U+202A-202E, U+2066-2069): a
 * name with U+202E reads backwards on the desk and in e-mail subjects. Control characters have no
 * place in a name either (spaces, tabs and line breaks are collapsed to one space before this).
 */
const directionOrControl = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\p{Cc}]/u

/**
 * A display name as typed: spaces trimmed and collapsed; empty means none (null). Throws when too
 * long or holding a direction mark or a control character.
 */
export function checkDisplayName(name: string | undefined): string | null {
  const cleaned = (name ?? '').replace(/\s+/g, ' ').trim()
  if (cleaned === '') return null
  if (cleaned.length > displayNameMaxLength) {
    throw new StaffAccountError(`The name must have at most ${displayNameMaxLength} characters.`)
  }
  if (directionOrControl.test(cleaned)) {
    throw new StaffAccountError(
      'The name cannot contain invisible direction marks (such as U+202E) or control characters.',
    )
  }
  return cleaned
}

/** Names compared as colleagues read them: "José Ruiz", "JOSE RUIZ" and "jose ruiz" are one name. */
function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('und')
}

/** Any constant shared by every process of this application; names the advisory lock of names. */
const staffNamesLockId = 4_300_033

/**
 * Refuses a name another account already shows, case and accents aside. Holds the names' lock until
 * the caller's transaction ends, so two accounts given one name at the same moment cannot both pass.
 */
async function ensureNameIsFree(tx: Queryable, name: string | null, email: string): Promise<void> {
  if (name === null) return
  await tx.query('SELECT pg_advisory_xact_lock($1)', [staffNamesLockId])
  const others = await run(
    tx,
    build
      .selectFrom('staff_users')
      .select('display_name')
      .where('display_name', 'is not', null)
      .where('email', '<>', email),
  )
  const key = nameKey(name)
  const taken = others.find((other) => other.display_name !== null && nameKey(other.display_name) === key)
  if (taken) throw new StaffNameTakenError(`Another staff member is already named "${taken.display_name}".`)
}

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
  /** The member changed their own password (/admin/account). */
  | 'change-password'
  /** The member made new recovery codes (/admin/account). */
  | 'recovery-codes'
  | 'rename'
  /** A sign-in lock cleared; the target is the account's e-mail, or "an address". */
  | 'unlock'
  /** SSN and EIN allowed to a webhook destination (its second factor asked again); the target is its address. */
  | 'webhook-sensitive'
  /** A webhook destination's signing secret rotated (the old one signs for a day); the target is its id. */
  | 'webhook-rotate'
  /** The site's settings published (/admin/site); the target names the version. */
  | 'site-publish'
  /** An older version of the site's settings published again; the target names both versions. */
  | 'site-restore'
  /** An image uploaded for the site (/admin/site) into the draft; the target names its kind and id. */
  | 'site-upload'
  /** An API token made or revoked (/admin/tokens or the staff command); the target is its name. */
  | 'token-add'
  | 'token-revoke'

export async function recordStaffAudit(
  db: Queryable,
  actor: string,
  action: StaffAuditAction,
  target: string,
): Promise<void> {
  await run(db, build.insertInto('staff_audit').values({ actor_email: actor, action, target_email: target }))
}

export interface StaffAuditEntry {
  actorEmail: string
  action: StaffAuditAction
  targetEmail: string
  at: Date
}

export function recentStaffAudit(db: Queryable, limit: number): Promise<StaffAuditEntry[]> {
  return run(
    db,
    build
      .selectFrom('staff_audit')
      .select(['actor_email as actorEmail', 'action', 'target_email as targetEmail', 'at'])
      .$narrowType<{ action: StaffAuditAction }>()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit),
  )
}

export class StaffAccountError extends Error {
  override name = 'StaffAccountError'
}

/** A name refused (taken by another account): its message is shown as it is. */
export class StaffNameTakenError extends StaffAccountError {}

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

const userColumns = [
  'id',
  'email',
  'display_name as displayName',
  'password_hash as passwordHash',
  'role',
  'created_at as createdAt',
  'last_sign_in_at as lastSignInAt',
  'must_change_password as mustChangePassword',
] as const

export async function findStaffUserByEmail(db: Queryable, email: string): Promise<StaffUser | undefined> {
  const [user] = await run(
    db,
    build.selectFrom('staff_users').select(userColumns).where('email', '=', normalizeEmail(email)),
  )
  return user
}

export async function findStaffUserById(db: Queryable, id: string): Promise<StaffUser | undefined> {
  if (!uuidPattern.test(id)) return undefined
  const [user] = await run(db, build.selectFrom('staff_users').select(userColumns).where('id', '=', id))
  return user
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function addStaffUser(
  db: Queryable,
  email: string,
  password: string,
  role: StaffRole = 'staff',
  displayName: string | null = null,
  /** The server's scrypt cost (AppOptions.passwordCost); production's by default. */
  cost?: PasswordCost,
): Promise<StaffUser> {
  const normalized = checkStaffEmail(email)
  checkNewPassword(password)
  const name = checkDisplayName(displayName ?? '')
  // Hashed before the names' lock is taken: no one waits for a hash to rename.
  const passwordHash = await hashPassword(password, cost)
  await ensureNameIsFree(db, name, normalized)
  const [user] = await run(
    db,
    build
      .insertInto('staff_users')
      .values({
        email: normalized,
        password_hash: passwordHash,
        role,
        display_name: name,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning(userColumns),
  )
  if (!user) throw new StaffAccountError(`A staff account for ${normalized} already exists.`)
  return user
}

/** Sets a new password and signs the account out everywhere. */
export async function setStaffPassword(
  db: Queryable,
  email: string,
  password: string,
  cost?: PasswordCost,
): Promise<void> {
  checkNewPassword(password)
  const [user] = await run(
    db,
    build
      .updateTable('staff_users')
      .set({ password_hash: await hashPassword(password, cost) })
      .where('email', '=', normalizeEmail(email))
      .returning('id'),
  )
  if (!user) throw new StaffAccountError(`There is no staff account for ${normalizeEmail(email)}.`)
  await run(db, build.deleteFrom('staff_sessions').where('staff_user_id', '=', user.id))
}

/**
 * The account's password was made for the member by someone else (an owner on the desk, or a
 * password the staff command generated): at the next sign-in the member chooses their own before
 * using the desk (server/admin/routes/admin-auth.ts). changeOwnPassword clears the mark.
 */
export async function requirePasswordChange(db: Queryable, email: string): Promise<void> {
  await run(
    db,
    build
      .updateTable('staff_users')
      .set({ must_change_password: true })
      .where('email', '=', normalizeEmail(email)),
  )
}

/** Sets (or, with an empty name, clears) the display name. False when there is no such account. */
export async function setDisplayName(
  db: Queryable,
  email: string,
  name: string | undefined,
): Promise<boolean> {
  const displayName = checkDisplayName(name)
  await ensureNameIsFree(db, displayName, normalizeEmail(email))
  const rows = await run(
    db,
    build
      .updateTable('staff_users')
      .set({ display_name: displayName })
      .where('email', '=', normalizeEmail(email))
      .returning('id'),
  )
  return rows.length > 0
}

/**
 * The member's own new password (/admin/account or /admin/password; the current one was checked by
 * the caller): the account's other sessions are signed out, the one in `keepSession` stays signed
 * in, and a password made for the member by someone else no longer asks to be changed.
 */
export async function changeOwnPassword(
  db: Queryable,
  user: { userId: string; keepSession: string },
  password: string,
  cost?: PasswordCost,
): Promise<void> {
  checkNewPassword(password)
  await run(
    db,
    build
      .updateTable('staff_users')
      .set({ password_hash: await hashPassword(password, cost), must_change_password: false })
      .where('id', '=', user.userId),
  )
  await run(
    db,
    build
      .deleteFrom('staff_sessions')
      .where('staff_user_id', '=', user.userId)
      .where('token_hash', '<>', user.keepSession),
  )
}

/** Signs the account out everywhere. False when there is no such account. */
export async function endStaffSessions(db: Queryable, email: string): Promise<boolean> {
  const [user] = await run(
    db,
    build.selectFrom('staff_users').select('id').where('email', '=', normalizeEmail(email)),
  )
  if (!user) return false
  await run(db, build.deleteFrom('staff_sessions').where('staff_user_id', '=', user.id))
  return true
}

/**
 * Takes the owners' rows for the rest of the transaction, always in the same order, and refuses
 * when `email` is the last of them. Two owners demoting or removing each other at the same moment
 * (two processes, two connections) then run one after the other: the second one finds the first
 * one's change and is refused, so the desk always keeps an owner. Call it inside a transaction.
 */
export async function keepAnOwner(tx: Queryable, email: string): Promise<void> {
  const owners = await run(
    tx,
    build.selectFrom('staff_users').select('email').where('role', '=', 'owner').orderBy('id').forUpdate(),
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
  const rows = await run(
    tx,
    build.updateTable('staff_users').set({ role }).where('email', '=', normalized).returning('id'),
  )
  return rows.length > 0
}

/**
 * Removes the account and its sessions (reveal records keep the e-mail). False when there was none.
 * Refuses (throws) to remove the last owner. Call it inside a transaction (keepAnOwner). What
 * becomes of the member's open leads is decided in server/leads/staff-leads.ts (removeStaffMember):
 * without it they are left unassigned.
 */
export async function removeStaffUser(tx: Queryable, email: string): Promise<boolean> {
  const normalized = normalizeEmail(email)
  await keepAnOwner(tx, normalized)
  const rows = await run(tx, build.deleteFrom('staff_users').where('email', '=', normalized).returning('id'))
  return rows.length > 0
}
