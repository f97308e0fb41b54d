/**
 * Staff sessions. The browser holds a random 32-byte token in an HttpOnly cookie; the database
 * holds only its SHA-256, so a leaked database backup signs no one in. A session ends at its
 * absolute expiry, after an idle period, at sign-out, or when the account is removed.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

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
  await db.query(
    `INSERT INTO staff_sessions (token_hash, staff_user_id, created_at, last_seen_at, expires_at, stage)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz, $4::timestamptz, $5)`,
    [hashSessionToken(token), userId, now.toISOString(), expiresAt.toISOString(), stage],
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
  const rows = await db.query<StaffSession & { lastSeenAt: Date }>(
    `SELECT s.token_hash AS "tokenHash", s.staff_user_id AS "userId", u.email,
            u.display_name AS "displayName", u.role,
            s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt", s.stage
       FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2::timestamptz
        AND s.last_seen_at > $2::timestamptz - ($3::int * interval '1 millisecond')`,
    [tokenHash, now.toISOString(), settings.idleMs],
  )
  const row = rows[0]
  if (!row) return undefined
  if (now.getTime() - new Date(row.lastSeenAt).getTime() > touchIntervalMs) {
    await db.query('UPDATE staff_sessions SET last_seen_at = $2::timestamptz WHERE token_hash = $1', [
      tokenHash,
      now.toISOString(),
    ])
  }
  return {
    tokenHash: row.tokenHash,
    userId: row.userId,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    expiresAt: row.expiresAt,
    stage: row.stage,
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
  await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [tokenHash])
}

/**
 * Sessions past their absolute expiry; the retention job deletes them to keep the table small.
 * (Idle ones are refused already and reach their absolute expiry within hours.)
 */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query<{ token_hash: string }>(
    'DELETE FROM staff_sessions WHERE expires_at <= $1::timestamptz RETURNING token_hash',
    [now.toISOString()],
  )
  return rows.length
}
