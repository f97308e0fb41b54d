/**
 * Failed sign-ins, counted per account and per client address in the database (so the count holds
 * across requests, restarts and server processes). Reaching the limit within the window locks the
 * key for the lockout period. Account keys are counted whether or not the account exists, so a
 * lockout tells nothing about which e-mails are staff.
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

export interface ThrottleSettings {
  /** Failures per account within the window before it locks. */
  accountLimit: number
  /** Failures per client address within the window (higher: an office shares one address). */
  addressLimit: number
  windowMs: number
  lockoutMs: number
}

export const defaultThrottleSettings: ThrottleSettings = {
  accountLimit: 5,
  addressLimit: 20,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
}

/** The e-mail as typed is not stored: only a hash of it names the key. */
export function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email).digest('hex')}`
}

export function addressKey(ipHash: string): string {
  return `address:${ipHash}`
}

/** The latest time until which any of the keys is locked; undefined when none is. */
export async function lockedUntil(db: Queryable, keys: string[], now: Date): Promise<Date | undefined> {
  const rows = await db.query<{ until: Date | null }>(
    `SELECT max(locked_until) AS until FROM sign_in_throttles
      WHERE key = ANY($1::text[]) AND locked_until > $2::timestamptz`,
    [keys, now.toISOString()],
  )
  const until = rows[0]?.until
  return until ? new Date(until) : undefined
}

/** Counts one failure for the key; locks it when the count reaches the limit. */
export async function recordFailure(
  db: Queryable,
  key: string,
  limit: number,
  now: Date,
  settings: ThrottleSettings,
): Promise<void> {
  const windowStart = new Date(now.getTime() - settings.windowMs).toISOString()
  // A count older than the window starts over; a lock that ran out starts over too.
  const [row] = await db.query<{ failures: number }>(
    `INSERT INTO sign_in_throttles AS t (key, failures, window_started_at) VALUES ($1, 1, $2::timestamptz)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.window_started_at <= $3::timestamptz THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at <= $3::timestamptz THEN $2::timestamptz
                                ELSE t.window_started_at END
     RETURNING failures`,
    [key, now.toISOString(), windowStart],
  )
  if (row && row.failures >= limit) {
    await db.query(
      `UPDATE sign_in_throttles SET locked_until = $2::timestamptz, failures = 0, window_started_at = $3::timestamptz
        WHERE key = $1`,
      [key, new Date(now.getTime() + settings.lockoutMs).toISOString(), now.toISOString()],
    )
  }
}

/** A successful sign-in clears the account's count (never the address's: that would let one
 * valid account reset the count of an address guessing at others). */
export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM sign_in_throttles WHERE key = $1', [key])
}

export async function deleteStaleThrottles(
  db: Queryable,
  now: Date,
  settings: ThrottleSettings,
): Promise<number> {
  const rows = await db.query<{ key: string }>(
    `DELETE FROM sign_in_throttles
      WHERE (locked_until IS NULL OR locked_until <= $1::timestamptz)
        AND window_started_at <= $2::timestamptz
     RETURNING key`,
    [now.toISOString(), new Date(now.getTime() - settings.windowMs).toISOString()],
  )
  return rows.length
}
