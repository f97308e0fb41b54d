import type { Database } from '../db/database.ts'
import { decoyPasswordHash, passwordMaxLength, verifyPassword } from './password-hash.ts'
import { hasSecondFactor } from './second-factor.ts'
import {
  accountKey,
  addressKey,
  countAttempt,
  forgiveSuccessfulAttempt,
  type ThrottleSettings,
} from './sign-in-throttle.ts'
import { findStaffUserByEmail, normalizeEmail } from './staff-accounts.ts'
import { createSession, type SessionSettings, type SessionStage } from './staff-sessions.ts'

export type SignInResult =
  | { outcome: 'signed-in'; token: string; expiresAt: Date; email: string; stage: SessionStage }
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
  settings: { session: SessionSettings; throttle: ThrottleSettings; requireSecondFactor?: boolean },
): Promise<SignInResult> {
  const email = normalizeEmail(attempt.email)
  const keys = { account: accountKey(email), address: addressKey(attempt.ipHash) }
  // Counted before the password is checked: the limit holds for attempts sent all at once.
  const until = await countAttempt(
    db,
    [
      { key: keys.account, limit: settings.throttle.accountLimit },
      { key: keys.address, limit: settings.throttle.addressLimit },
    ],
    attempt.now,
    settings.throttle,
  )
  if (until) return { outcome: 'locked', until }

  const user = email === '' ? undefined : await findStaffUserByEmail(db, email)
  // Over-long passwords are never hashed at full length (no account has one anyway).
  const tooLong = attempt.password.length > passwordMaxLength
  // The decoy keeps the time of a refusal the same whether the e-mail exists or not.
  const matches = await verifyPassword(
    tooLong ? '' : attempt.password,
    user?.passwordHash ?? (await decoyPasswordHash()),
  )
  if (!user || tooLong || !matches) return { outcome: 'refused' }

  await forgiveSuccessfulAttempt(db, keys.account, keys.address)
  await db.query('UPDATE staff_users SET last_sign_in_at = $2::timestamptz WHERE id = $1', [
    user.id,
    attempt.now.toISOString(),
  ])
  // An enrolled account always owes its code; where a second factor is required, an account
  // without one must enrol before it sees a lead.
  const stage: SessionStage = (await hasSecondFactor(db, user.id))
    ? 'second-factor'
    : settings.requireSecondFactor
      ? 'enrol'
      : 'full'
  const session = await createSession(db, user.id, attempt.now, settings.session, stage)
  return { outcome: 'signed-in', ...session, email: user.email, stage }
}
