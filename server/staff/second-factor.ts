/**
 * The second factor of staff accounts: time-based one-time passwords (RFC 6238, via the otpauth
 * library) and one-time recovery codes. The TOTP secret is stored encrypted with
 * LEAD_ENCRYPTION_KEY; recovery codes only as SHA-256 hashes. A code's time step is recorded when
 * it is accepted, in one conditional UPDATE, so the same code is never accepted twice, even by two
 * server processes at once (ASVS 5.0 V6.5).
 */
import { createHash, randomBytes } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { agency } from '#config/agency.ts'
import type { Queryable } from '../db/database.ts'
import { build, countRows, run } from '../db/query-builder.ts'
import { decryptValue, encryptValue } from '../security/sensitive-fields.ts'
import { recordStaffAudit } from './staff-accounts.ts'

const periodSeconds = 30
/** One step either side: a phone clock off by up to 30 seconds still signs in. */
const window = 1
export const recoveryCodeCount = 10

export function totpFor(secretBase32: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: `${agency.shortName} lead desk`,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: periodSeconds,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  })
}

export interface SecondFactorState {
  /** Set once a first code confirmed the enrolment. */
  enabledAt: Date | null
  /** The secret (plain base32), pending or enabled; undefined when none was made. */
  secret: string | undefined
  recoveryCodesLeft: number
}

export async function secondFactorState(
  db: Queryable,
  userId: string,
  key: Buffer,
): Promise<SecondFactorState> {
  const [row] = await run(
    db,
    build
      .selectFrom('staff_users as u')
      .select((eb) => [
        'u.totp_secret as secret',
        'u.totp_enabled_at as enabledAt',
        eb
          .selectFrom('staff_recovery_codes as c')
          .select(countRows().as('count'))
          .whereRef('c.staff_user_id', '=', 'u.id')
          .where('c.used_at', 'is', null)
          .$asScalar()
          .as('left'),
      ])
      .where('u.id', '=', userId),
  )
  return {
    enabledAt: row?.enabledAt ?? null,
    secret: row?.secret ? decryptValue(row.secret, key) : undefined,
    recoveryCodesLeft: row?.left ?? 0,
  }
}

/** The pending secret for enrolment: made once and kept until confirmed (a reload shows the same). */
export async function pendingSecret(db: Queryable, userId: string, key: Buffer): Promise<string> {
  const state = await secondFactorState(db, userId, key)
  if (state.secret && !state.enabledAt) return state.secret
  if (state.enabledAt) throw new Error('the second factor is already enabled')
  const secret = new OTPAuth.Secret({ size: 20 }).base32
  await run(
    db,
    build
      .updateTable('staff_users')
      .set({ totp_secret: encryptValue(secret, key) })
      .where('id', '=', userId)
      .where('totp_enabled_at', 'is', null),
  )
  return (await secondFactorState(db, userId, key)).secret ?? secret
}

/**
 * Accepts a 6-digit code for the account's secret (pending or enabled) if its time step is newer
 * than the last accepted one, and records that step.
 */
async function acceptTotp(
  db: Queryable,
  userId: string,
  email: string,
  code: string,
  now: Date,
  key: Buffer,
) {
  const state = await secondFactorState(db, userId, key)
  if (!state.secret || !/^\d{6}$/.test(code)) return false
  const delta = totpFor(state.secret, email).validate({ token: code, timestamp: now.getTime(), window })
  if (delta === null) return false
  // A bigint column: its values travel as text (as node-postgres reads them back).
  const step = String(Math.floor(now.getTime() / 1000 / periodSeconds) + delta)
  const rows = await run(
    db,
    build
      .updateTable('staff_users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .returning('id'),
  )
  return rows.length === 1
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex')
}

/** Codes are read aloud or typed from paper: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '')
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789'

function newRecoveryCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((byte) => recoveryAlphabet[byte % recoveryAlphabet.length]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** Replaces the account's recovery codes with new ones, returned once in plain text. */
export async function newRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode)
  await run(db, build.deleteFrom('staff_recovery_codes').where('staff_user_id', '=', userId))
  await run(
    db,
    build
      .insertInto('staff_recovery_codes')
      .values(codes.map((code) => ({ staff_user_id: userId, code_hash: hashRecoveryCode(code) }))),
  )
  return codes
}

/** Confirms enrolment with a first code; returns the recovery codes, or undefined when wrong. */
export async function confirmEnrolment(
  db: Queryable,
  user: { userId: string; email: string },
  code: string,
  now: Date,
  key: Buffer,
): Promise<string[] | undefined> {
  const state = await secondFactorState(db, user.userId, key)
  if (state.enabledAt || !(await acceptTotp(db, user.userId, user.email, code.trim(), now, key)))
    return undefined
  await run(db, build.updateTable('staff_users').set({ totp_enabled_at: now }).where('id', '=', user.userId))
  return newRecoveryCodes(db, user.userId)
}

/**
 * A code at sign-in: six digits are a TOTP code; anything else is tried as a recovery code, which
 * is spent (used_at set in one conditional UPDATE: it works once).
 */
export async function verifySecondFactor(
  db: Queryable,
  user: { userId: string; email: string },
  code: string,
  now: Date,
  key: Buffer,
): Promise<'totp' | 'recovery' | false> {
  const typed = code.trim().replace(/\s/g, '')
  if (/^\d{6}$/.test(typed))
    return (await acceptTotp(db, user.userId, user.email, typed, now, key)) ? 'totp' : false
  if (normalizeRecoveryCode(typed).length !== 10) return false
  const rows = await run(
    db,
    build
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('staff_user_id', '=', user.userId)
      .where('code_hash', '=', hashRecoveryCode(typed))
      .where('used_at', 'is', null)
      .returning('code_hash'),
  )
  return rows.length === 1 ? 'recovery' : false
}

/** Whether the account has a confirmed second factor (sign-in then always asks for a code). */
export async function hasSecondFactor(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await run(
    db,
    build
      .selectFrom('staff_users')
      .select((eb) => eb('totp_enabled_at', 'is not', null).as('enabled'))
      .where('id', '=', userId),
  )
  return row?.enabled === true
}

/**
 * For a lost phone with no recovery code left (`npm run staff -- reset-two-factor <email>`): the
 * account's second factor and recovery codes are removed and it is signed out everywhere; it sets
 * up a new one at its next sign-in. Recorded in staff_audit. False when there is no such account.
 */
export async function resetSecondFactor(db: Queryable, email: string, actor: string): Promise<boolean> {
  const [user] = await run(
    db,
    build
      .updateTable('staff_users')
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where('email', '=', email)
      .returning('id'),
  )
  if (!user) return false
  await run(db, build.deleteFrom('staff_recovery_codes').where('staff_user_id', '=', user.id))
  await run(db, build.deleteFrom('staff_sessions').where('staff_user_id', '=', user.id))
  await recordStaffAudit(db, actor, 'reset-two-factor', email)
  return true
}
