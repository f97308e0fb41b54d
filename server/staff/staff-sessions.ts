/**
 * Staff sessions. The browser holds a random 32-byte token in an HttpOnly cookie; the database
 * holds only its SHA-256, so a leaked database backup signs no one in. A session ends at its
 * absolute expiry, after an idle period, at sign-out, or when the account is removed.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { build, run, sql } from '../db/query-builder.ts'

export interface SessionSettings {
  /** From sign-in, whatever the activity. */
  maxAgeMs: number
  /** Without a request. */
  idleMs: number
}

export const defaultSessionSettings: SessionSettings = { maxAgeMs: 12 * 3_600_000, idleMs: 2 * 3_600_000 }

/**
 * 'full': signed in. 'second-factor': the password was right, the code is still due.
 * 'enrol': the password was right and the account must set up a second factor first.
 */
export type SessionStage = 'full' | 'second-factor' | 'enrol'

/** Owners also manage the staff accounts from the desk (/admin/staff); staff work leads. */
export type StaffRole = 'owner' | 'staff'

export interface StaffSession {
  tokenHash: string
  userId: string
  email: string
  /** The member's display name (staffLabel in staff-accounts.ts), read with the session. */
  displayName: string | null
  /** Read with the session on every request: a role changed by an owner applies at once. */
  role: StaffRole
  expiresAt: Date
  stage: SessionStage
  /**
   * The password was made for the member by someone else (requirePasswordChange in
   * staff-accounts.ts): a full session then opens only the page that changes it.
   */
  mustChangePassword: boolean
}

/** A half-done sign-in (code or enrolment still due) lasts this long. */
export const partialSessionMs = 10 * 60_000

/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const touchIntervalMs = 60_000

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function createSession(
  db: Queryable,
  userId: string,
  now: Date,
  settings: SessionSettings,
  stage: SessionStage = 'full',
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + (stage === 'full' ? settings.maxAgeMs : partialSessionMs))
  await run(
    db,
    build.insertInto('staff_sessions').values({
      token_hash: hashSessionToken(token),
      staff_user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      stage,
    }),
  )
  return { token, expiresAt }
}

/** The live session for a cookie's token, its idle clock restarted; undefined when none is. */
export async function findSession(
  db: Queryable,
  token: string,
  now: Date,
  settings: SessionSettings,
): Promise<StaffSession | undefined> {
  const tokenHash = hashSessionToken(token)
  const [row] = await run(
    db,
    build
      .selectFrom('staff_sessions as s')
      .innerJoin('staff_users as u', 'u.id', 's.staff_user_id')
      .select([
        's.token_hash as tokenHash',
        's.staff_user_id as userId',
        'u.email',
        'u.display_name as displayName',
        'u.role',
        'u.must_change_password as mustChangePassword',
        's.expires_at as expiresAt',
        's.last_seen_at as lastSeenAt',
        's.stage',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now)
      .where(
        's.last_seen_at',
        '>',
        sql<Date>`${now}::timestamptz - (${settings.idleMs}::int * interval '1 millisecond')`,
      ),
  )
  if (!row) return undefined
  if (now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs) {
    await run(
      db,
      build.updateTable('staff_sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash),
    )
  }
  return {
    tokenHash: row.tokenHash,
    userId: row.userId,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    expiresAt: row.expiresAt,
    stage: row.stage,
    mustChangePassword: row.mustChangePassword,
  }
}

/**
 * After the second factor (or enrolment): the half-done session is deleted and a new one made,
 * with a new token, so a token seen before the code was given never becomes a signed-in one.
 */
export async function completeSession(
  db: Queryable,
  partial: StaffSession,
  now: Date,
  settings: SessionSettings,
): Promise<{ token: string; expiresAt: Date }> {
  await revokeSession(db, partial.tokenHash)
  return createSession(db, partial.userId, now, settings, 'full')
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await run(db, build.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash))
}

/**
 * Sessions past their absolute expiry; the retention job deletes them to keep the table small.
 * (Idle ones are refused already and reach their absolute expiry within hours.)
 */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const rows = await run(
    db,
    build.deleteFrom('staff_sessions').where('expires_at', '<=', now).returning('token_hash'),
  )
  return rows.length
}
