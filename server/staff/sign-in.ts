import type { Database } from '../db/database.ts'
import { decoyPasswordHash, passwordMaxLength, verifyPassword } from './password-hash.ts'
import {
  accountKey,
  addressKey,
  clearFailures,
  lockedUntil,
  recordFailure,
  type ThrottleSettings,
} from './sign-in-throttle.ts'
import { findStaffUserByEmail, normalizeEmail } from './staff-accounts.ts'
import { createSession, type SessionSettings } from './staff-sessions.ts'

export type SignInResult =
  | { outcome: 'signed-in'; token: string; expiresAt: Date; email: string }
  /** Unknown e-mail and wrong password are one outcome: the page must not tell them apart. */
  | { outcome: 'refused' }
  | { outcome: 'locked'; until: Date }

export interface SignInAttempt {
  email: string
  password: string
  /** The keyed hash of the client address (never the address itself). */
  ipHash: string
  now: Date
}

export async function signIn(
  db: Database,
  attempt: SignInAttempt,
  settings: { session: SessionSettings; throttle: ThrottleSettings },
): Promise<SignInResult> {
  const email = normalizeEmail(attempt.email)
  const keys = { account: accountKey(email), address: addressKey(attempt.ipHash) }
  const until = await lockedUntil(db, [keys.account, keys.address], attempt.now)
  if (until) return { outcome: 'locked', until }

  const user = email === '' ? undefined : await findStaffUserByEmail(db, email)
  // Over-long passwords are never hashed at full length (no account has one anyway).
  const tooLong = attempt.password.length > passwordMaxLength
  // The decoy keeps the time of a refusal the same whether the e-mail exists or not.
  const matches = await verifyPassword(
    tooLong ? '' : attempt.password,
    user?.passwordHash ?? (await decoyPasswordHash()),
  )
  if (!user || tooLong || !matches) {
    await recordFailure(db, keys.account, settings.throttle.accountLimit, attempt.now, settings.throttle)
    await recordFailure(db, keys.address, settings.throttle.addressLimit, attempt.now, settings.throttle)
    return { outcome: 'refused' }
  }

  await clearFailures(db, keys.account)
  await db.query('UPDATE staff_users SET last_sign_in_at = $2::timestamptz WHERE id = $1', [
    user.id,
    attempt.now.toISOString(),
  ])
  const session = await createSession(db, user.id, attempt.now, settings.session)
  return { outcome: 'signed-in', ...session, email: user.email }
}
