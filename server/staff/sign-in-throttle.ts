/**
 * Sign-in attempts, counted per account and per client address in the database (so the count holds
 * across concurrent requests, restarts and server processes). Going over the limit within the
 * window locks the key for the lockout period. Account keys are counted whether or not the account exists, so a
 * lockout tells nothing about which e-mails are staff.
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

export interface ThrottleSettings {
  /** Attempts per account within the window before it locks (a success gives its attempt back). */
  accountLimit: number
  /** Attempts per client address within the window (higher: an office shares one address). */
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

export interface CountedKey {
  key: string
  limit: number
}

/**
 * Counts one sign-in attempt against every key in ONE statement, before any password is checked,
 * and says whether the attempt may go on. Counting first is what makes the limit hold under
 * concurrency: a burst of 100 attempts sent at once at one account gets counts 1 to 100 from the
 * database (each upsert takes the row locks in turn, always in key order, in one process or
 * several), and only the first `limit` are let through to the password check. A count older than
 * the window starts over, unless the key is locked.
 *
 * Returns the time until which the attempt is refused, or undefined when it may go on.
 */
export async function countAttempt(
  db: Queryable,
  keys: CountedKey[],
  now: Date,
  settings: ThrottleSettings,
): Promise<Date | undefined> {
  const nowText = now.toISOString()
  const rows = await db.query<{ key: string; failures: number; locked_until: Date | null }>(
    `INSERT INTO sign_in_throttles AS t (key, failures, window_started_at)
     SELECT key, 1, $2::timestamptz FROM unnest($1::text[]) AS key ORDER BY key
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.window_started_at <= $3::timestamptz
                        AND (t.locked_until IS NULL OR t.locked_until <= $2::timestamptz)
                       THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at <= $3::timestamptz
                                 AND (t.locked_until IS NULL OR t.locked_until <= $2::timestamptz)
                                THEN $2::timestamptz ELSE t.window_started_at END
     RETURNING key, failures, locked_until`,
    [keys.map((entry) => entry.key), nowText, new Date(now.getTime() - settings.windowMs).toISOString()],
  )
  let until: Date | undefined
  const overLimit: string[] = []
  for (const row of rows) {
    const limit = keys.find((entry) => entry.key === row.key)?.limit ?? 0
    const lockedUntil = row.locked_until ? new Date(row.locked_until) : undefined
    if (lockedUntil && lockedUntil > now) until = later(until, lockedUntil)
    else if (Number(row.failures) > limit) overLimit.push(row.key)
  }
  if (overLimit.length > 0) {
    // The refusal is already decided by the count; the lock only makes it last its full period
    // (concurrent refusals write the same lock, the later one wins).
    const lockUntil = new Date(now.getTime() + settings.lockoutMs)
    // Rows are locked in key order, as the upsert above takes them: two attempts locking the same
    // keys in opposite orders would deadlock, and one of them would fail instead of being refused.
    await db.query(
      `UPDATE sign_in_throttles AS t SET locked_until = GREATEST(t.locked_until, $2::timestamptz)
         FROM (SELECT key FROM sign_in_throttles WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE) AS locked
        WHERE t.key = locked.key`,
      [overLimit, lockUntil.toISOString()],
    )
    until = later(until, lockUntil)
  }
  return until
}

function later(a: Date | undefined, b: Date): Date {
  return a && a > b ? a : b
}

/**
 * After a correct password: the account starts over, and the address gets back the attempt this
 * sign-in used (its other attempts stay counted, so one valid account cannot reset the count of an
 * address guessing at others, and an office signing in all day never locks itself out).
 */
export async function forgiveSuccessfulAttempt(
  db: Queryable,
  account: string,
  address: string,
): Promise<void> {
  await db.query(
    `WITH cleared AS (DELETE FROM sign_in_throttles WHERE key = $1)
     UPDATE sign_in_throttles SET failures = GREATEST(failures - 1, 0) WHERE key = $2`,
    [account, address],
  )
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
