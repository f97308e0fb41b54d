import type { Database, Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import { deviceIdOf, knownAddressKey, newDeviceToken, rememberAddress } from './known-places.ts'
import {
  decoyPasswordHash,
  type PasswordCost,
  passwordMaxLength,
  reservePasswordCheck,
} from './password-hash.ts'
import { hasSecondFactor, verifySecondFactor } from './second-factor.ts'
import {
  type AttemptSource,
  attemptKeys,
  countAttempt,
  forgiveSuccessfulAttempt,
  giveBackAttempt,
  type NewLock,
  pairKey,
  type ThrottleSettings,
} from './sign-in-throttle.ts'
import { normalizeEmail } from './staff-accounts.ts'
import { createSession, type SessionSettings, type SessionStage } from './staff-sessions.ts'

export type SignInResult = (
  | {
      outcome: 'signed-in'
      token: string
      expiresAt: Date
      email: string
      stage: SessionStage
      /** A new device cookie's value, when the sign-in is complete (no code still due). */
      deviceToken?: string
    }
  /** Unknown e-mail and wrong password are one outcome: the page must not tell them apart. */
  | { outcome: 'refused' }
  | { outcome: 'locked'; until: Date }
  /** Too many passwords are being checked right now: try again in a few seconds. */
  | { outcome: 'busy' }
) & {
  /** Locks this attempt set (the route logs each). */
  locked: NewLock[]
}

export interface SignInAttempt {
  email: string
  password: string
  /** The client's address: only keyed hashes of its group are stored. */
  ip: string
  /** The device cookie's value, if the browser sent one. */
  deviceToken?: string
  now: Date
}

export interface SignInSettings {
  session: SessionSettings
  throttle: ThrottleSettings
  /** The server's secret for keyed hashes and device cookies (IP_HASH_SALT). */
  secret: string
  requireSecondFactor?: boolean
  /** The scrypt cost of the server's new hashes and its decoy; production's by default. */
  passwordCost?: PasswordCost
}

/**
 * Sign-ins being handled at once in this process, whatever stage they are at: beyond this one is
 * answered "busy" before it even reaches the database (the password pool's own bound is tighter).
 */
const maxSignInsInFlight = 128
let signInsInFlight = 0

export async function signIn(
  db: Database,
  attempt: SignInAttempt,
  settings: SignInSettings,
): Promise<SignInResult> {
  if (signInsInFlight >= maxSignInsInFlight) return { outcome: 'busy', locked: [] }
  signInsInFlight += 1
  try {
    return await checkSignIn(db, attempt, settings)
  } finally {
    signInsInFlight -= 1
  }
}

async function checkSignIn(
  db: Database,
  attempt: SignInAttempt,
  settings: SignInSettings,
): Promise<SignInResult> {
  const email = normalizeEmail(attempt.email)
  const { user, source } = await findSignInSource(db, email, attempt, settings.secret)
  const keys = attemptKeys(source, settings.secret, settings.throttle)
  // Counted before the password is checked: the limit holds for attempts sent all at once.
  const { until, locked } = await countAttempt(db, keys, attempt.now, settings.throttle)
  if (until) return { outcome: 'locked', until, locked }

  const check = reservePasswordCheck({
    known: source.knownAddress || source.deviceId !== undefined,
    cost: settings.passwordCost,
  })
  if (!check) {
    // No password was tried: the attempt is not held against anyone.
    await giveBackAttempt(db, keys)
    return { outcome: 'busy', locked }
  }
  // Over-long passwords are never hashed at full length (no account has one anyway).
  const tooLong = attempt.password.length > passwordMaxLength
  let stored: string
  try {
    stored = user?.passwordHash ?? (await decoyPasswordHash(settings.passwordCost))
  } catch (error) {
    check.release()
    throw error
  }
  // The decoy keeps the time of a refusal the same whether the e-mail exists or not.
  const matches = await check.verify(tooLong ? '' : attempt.password, stored)
  if (!user || tooLong || !matches) return { outcome: 'refused', locked }

  // The right password also clears what others counted against the account at this address group,
  // even when it came from a known browser (counted against its device alone): the count starts over.
  await forgiveSuccessfulAttempt(db, [
    ...keys,
    { key: pairKey(email, attempt.ip, settings.secret), limit: 0 },
  ])
  await run(
    db,
    build.updateTable('staff_users').set({ last_sign_in_at: attempt.now }).where('id', '=', user.id),
  )
  // An enrolled account always owes its code; where a second factor is required, an account
  // without one must enrol before it sees a lead.
  const stage: SessionStage = (await hasSecondFactor(db, user.id))
    ? 'second-factor'
    : settings.requireSecondFactor
      ? 'enrol'
      : 'full'
  const session = await createSession(db, user.id, attempt.now, settings.session, stage)
  // Only a complete sign-in makes a place known: a password alone does not.
  const deviceToken =
    stage === 'full' ? await rememberSignIn(db, user.id, attempt.ip, settings.secret, attempt.now) : undefined
  return { outcome: 'signed-in', ...session, email: user.email, stage, deviceToken, locked }
}

/**
 * The account an attempt names and where it comes from: a known address group, a browser with
 * this account's device cookie. One statement whether the account exists or not.
 */
export async function findSignInSource(
  db: Queryable,
  email: string,
  attempt: Pick<SignInAttempt, 'ip' | 'deviceToken'>,
  secret: string,
): Promise<{ user?: { id: string; passwordHash: string; email: string }; source: AttemptSource }> {
  const rows = await run(
    db,
    build
      .selectFrom('staff_users as u')
      .select((eb) => [
        'u.id',
        'u.email',
        'u.password_hash as passwordHash',
        eb
          .exists(
            eb
              .selectFrom('staff_known_addresses as k')
              .select(eb.lit(1).as('one'))
              .whereRef('k.staff_user_id', '=', 'u.id')
              .where('k.address_key', '=', knownAddressKey(attempt.ip, secret)),
          )
          .as('knownAddress'),
      ])
      .where('u.email', '=', email),
  )
  const user = email === '' ? undefined : rows[0]
  const deviceId = user ? deviceIdOf(attempt.deviceToken, user.id, secret) : undefined
  return {
    user,
    source: { email, ip: attempt.ip, deviceId, knownAddress: user?.knownAddress === true },
  }
}

/** After a complete sign-in: the address group becomes known; returns a new device cookie value. */
export async function rememberSignIn(
  db: Queryable,
  userId: string,
  ip: string,
  secret: string,
  now: Date,
): Promise<string> {
  await rememberAddress(db, userId, ip, secret, now)
  return newDeviceToken(userId, secret)
}

export type ProofResult = { outcome: 'ok' | 'wrong' | 'busy' | 'locked'; until?: Date; locked: NewLock[] }

/**
 * A signed-in member proving it is still them before a change of their own account (a new
 * password, new recovery codes): their current password, or a code from their authenticator app
 * when `allowCode`. Counted like a sign-in (the same keys and limits), so a browser left signed in
 * cannot be used to guess the password.
 */
export async function proveItIsThem(
  db: Database,
  who: { userId: string; email: string; ip: string; deviceToken?: string },
  proof: string,
  settings: Omit<SignInSettings, 'session'> & {
    encryptionKey: Buffer
    now: Date
    allowCode?: boolean
    /**
     * An account with a second factor proves it with that alone (a code from the app or a recovery
     * code, which is spent), never with the password a stolen session's browser may have saved.
     */
    secondFactorFirst?: boolean
  },
): Promise<ProofResult> {
  const { user, source } = await findSignInSource(db, who.email, who, settings.secret)
  if (!user || user.id !== who.userId) return { outcome: 'wrong', locked: [] }
  const keys = attemptKeys(source, settings.secret, settings.throttle)
  const { until, locked } = await countAttempt(db, keys, settings.now, settings.throttle)
  if (until) return { outcome: 'locked', until, locked }
  const typed = proof.trim()
  let matches: boolean
  const secondFactor = () =>
    verifySecondFactor(
      db,
      { userId: user.id, email: user.email },
      typed,
      settings.now,
      settings.encryptionKey,
    )
  if (settings.secondFactorFirst && (await hasSecondFactor(db, user.id))) {
    matches = (await secondFactor()) !== false
  } else if (settings.allowCode && /^\d{6}$/.test(typed)) {
    matches = (await secondFactor()) === 'totp'
  } else {
    // A signed-in member waits its turn in the password pool, as a sign-in from a known place does.
    const check = reservePasswordCheck({ known: true })
    if (!check) {
      await giveBackAttempt(db, keys)
      return { outcome: 'busy', locked }
    }
    matches = await check.verify(proof.length > passwordMaxLength ? '' : proof, user.passwordHash)
  }
  if (!matches) return { outcome: 'wrong', locked }
  await forgiveSuccessfulAttempt(db, keys)
  return { outcome: 'ok', locked }
}
