/**
 * Sign-in attempts, counted in the database (so the count holds across concurrent requests,
 * restarts and server processes). Going over a key's limit within the window locks the key for the
 * lockout period. Four kinds of key (docs/decisions/021-sign-in-under-attack.md):
 *
 * - `address:` an address group (an IPv4 address, an IPv6 /64): one place guessing at any account;
 * - `pair:` one account from one address group: the guesses one place gets at one account;
 * - `device:` one account from one browser that signed in before (its device cookie);
 * - `account:` one account from places it never signed in from. Only attempts from such places
 *   count and are refused here, so a flood from strangers cannot lock a staff member out of the
 *   places and browsers they use.
 *
 * A known attempt (a browser with the account's device cookie, or an address group the account
 * signed in from) never counts against the keys strangers fill: a browser counts against its own
 * `device:` key alone, a known place against its `pair:` key alone, and that key, past its limit,
 * slows the attempts down (a wait that doubles, at most a minute) instead of locking them out for
 * the lockout period (docs/decisions/033-no-stranger-turns-the-site-against-the-agency.md).
 *
 * Account keys are counted whether or not the account exists, so a lockout tells nothing about
 * which e-mails are staff. Every key is a keyed hash (HMAC with the server's secret): nothing a
 * stranger typed is stored in a form anyone without the secret could test guesses against.
 */
import { createHmac, randomUUID } from 'node:crypto'
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type NotNull,
  type OnConflictDatabase,
  type OnConflictTables,
  type SqlBool,
} from 'kysely'
import type { Queryable } from '../db/database.ts'
import { build, run, sql } from '../db/query-builder.ts'
import type { DB } from '../db/schema.ts'
import { addressGroupKey } from '../security/client-address.ts'

export interface ThrottleSettings {
  /** Attempts at one account from places it never signed in from (a success gives its attempt back). */
  accountLimit: number
  /** Attempts at one account from one address group, or from one known browser. */
  pairLimit: number
  /** Attempts from one address group at any account (higher: an office shares one address). */
  addressLimit: number
  windowMs: number
  lockoutMs: number
  /** The first wait of a slowed key past its limit; each attempt past it doubles the wait. */
  slowDelayMs: number
  slowDelayMaxMs: number
}

export const defaultThrottleSettings: ThrottleSettings = {
  accountLimit: 20,
  pairLimit: 5,
  addressLimit: 20,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  slowDelayMs: 1000,
  slowDelayMaxMs: 60_000,
}

type ThrottleKind = 'account' | 'pair' | 'device' | 'address'

function keyed(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('hex')
}

/** Names the account in every key about it, so an owner's page can tell whose locks they are. */
export function accountTag(email: string, secret: string): string {
  return keyed(secret, 'sign-in-account', email)
}

export function accountKey(email: string, secret: string): string {
  return `account:${accountTag(email, secret)}`
}

export function pairKey(email: string, ip: string, secret: string): string {
  return `pair:${accountTag(email, secret)}:${addressGroupKey(ip, secret, 'sign-in-pair')}`
}

function deviceKey(email: string, deviceId: string, secret: string): string {
  return `device:${accountTag(email, secret)}:${keyed(secret, 'sign-in-device', deviceId)}`
}

export function addressKey(ip: string, secret: string): string {
  return `address:${addressGroupKey(ip, secret, 'sign-in-address')}`
}

function keyKind(key: string): ThrottleKind {
  const kind = key.slice(0, key.indexOf(':'))
  return kind === 'account' || kind === 'pair' || kind === 'device' ? kind : 'address'
}

export interface CountedKey {
  key: string
  limit: number
  /** Past its limit the key slows attempts down instead of locking them out (a known place). */
  slowed?: boolean
}

/** Where an attempt comes from, as far as the throttle cares. */
export interface AttemptSource {
  /** The e-mail as normalised (the same for every spelling of one account). */
  email: string
  ip: string
  /** The browser's device id, when it holds a valid device cookie for this account. */
  deviceId?: string
  /** The account signed in before from this address group. */
  knownAddress: boolean
}

/**
 * The keys an attempt counts against. Strangers fill the address's count (a guest on the office's
 * network, a carrier's NAT) and the account's (a crowd): neither ever refuses a known browser or a
 * known place, whose own count only their holder, or someone guessing at this very account from
 * that place, can fill.
 */
export function attemptKeys(source: AttemptSource, secret: string, settings: ThrottleSettings): CountedKey[] {
  if (source.deviceId)
    return [{ key: deviceKey(source.email, source.deviceId, secret), limit: settings.pairLimit }]
  const pair = { key: pairKey(source.email, source.ip, secret), limit: settings.pairLimit }
  // At a known place the owner and a stranger guessing at the account look the same until the
  // password is checked: a lock would shut the owner out, so past the limit the place is slowed.
  if (source.knownAddress) return [{ ...pair, slowed: true }]
  return [
    { key: addressKey(source.ip, secret), limit: settings.addressLimit },
    pair,
    { key: accountKey(source.email, secret), limit: settings.accountLimit },
  ]
}

export interface NewLock {
  kind: ThrottleKind
  until: Date
}

export interface CountResult {
  /** The time until which the attempt is refused, or undefined when it may go on. */
  until?: Date
  /** Keys this attempt locked (each lock is logged once, by the attempt that made it). */
  locked: NewLock[]
}

/**
 * Counts one sign-in attempt against every key in ONE statement, before any password is checked,
 * and says whether the attempt may go on. Counting first is what makes the limit hold under
 * concurrency: a burst of 100 attempts sent at once at one account gets counts 1 to 100 from the
 * database (each upsert takes the row locks in turn, always in key order, in one process or
 * several), and only the first `limit` are let through to the password check. A count older than
 * the window starts over, unless the key is locked.
 */
export async function countAttempt(
  db: Queryable,
  keys: CountedKey[],
  now: Date,
  settings: ThrottleSettings,
): Promise<CountResult> {
  const existing = expressionBuilder<DB, 'sign_in_throttles'>()
  const startsOver = existing.and([
    existing('sign_in_throttles.window_started_at', '<=', new Date(now.getTime() - settings.windowMs)),
    existing.or([
      existing('sign_in_throttles.locked_until', 'is', null),
      existing('sign_in_throttles.locked_until', '<=', now),
    ]),
  ])
  // At most one slowed key per attempt (attemptKeys). Past its limit and with no wait running, this
  // attempt goes on and starts the next wait, marked with its own id: the upsert takes the row's
  // lock, so of attempts sent at once exactly one finds no wait running.
  const slowed = keys.find((entry) => entry.slowed)
  const attemptId = randomUUID()
  const rows = await run(
    db,
    build
      .insertInto('sign_in_throttles')
      .columns(['key', 'failures', 'window_started_at'])
      .expression((eb) =>
        eb
          .selectFrom(sql<{ key: string }>`unnest(${keys.map((entry) => entry.key)}::text[])`.as('key'))
          // The parameter's type is not inferred from the target column in a SELECT list.
          .select(['key', eb.lit(1).as('failures'), sql<Date>`${now}::timestamptz`.as('window_started_at')])
          .orderBy('key'),
      )
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when(startsOver)
            .then(1)
            .else(eb('sign_in_throttles.failures', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(startsOver)
            .then(now)
            .else(eb.ref('sign_in_throttles.window_started_at'))
            .end(),
          ...(slowed && slowedPastLimit(eb, slowed, startsOver, now, settings, attemptId)),
        })),
      )
      .returning(['key', 'failures', 'locked_until', 'let_through']),
  )
  let until: Date | undefined
  const overLimit: string[] = []
  for (const row of rows) {
    const limit = keys.find((entry) => entry.key === row.key)?.limit ?? 0
    if (row.key === slowed?.key && row.let_through === attemptId) continue
    if (row.locked_until && row.locked_until > now) until = later(until, row.locked_until)
    else if (row.failures > limit) overLimit.push(row.key)
  }
  if (overLimit.length === 0) return { until, locked: [] }
  // The refusal is already decided by the count; the lock only makes it last its full period.
  // Concurrent refusals find the lock already written and leave it: only the first one reports it.
  const lockUntil = new Date(now.getTime() + settings.lockoutMs)
  // Rows are locked in key order, as the upsert above takes them: two attempts locking the same
  // keys in opposite orders would deadlock, and one of them would fail instead of being refused.
  const locked = await run(
    db,
    build
      .updateTable('sign_in_throttles as t')
      .from(lockedInKeyOrder(overLimit).as('locked'))
      .set({ locked_until: lockUntil })
      .whereRef('t.key', '=', 'locked.key')
      .where((eb) => eb.or([eb('t.locked_until', 'is', null), eb('t.locked_until', '<=', now)]))
      .returning('t.key'),
  )
  return {
    until: later(until, lockUntil),
    locked: locked.map((row) => ({ kind: keyKind(row.key), until: lockUntil })),
  }
}

/**
 * The columns a slowed key's upsert sets: past its limit with no wait running, a wait of
 * slowDelayMs doubled for each attempt past the limit (at most slowDelayMaxMs), and this attempt's
 * id as the one let through.
 */
function slowedPastLimit(
  eb: ExpressionBuilder<OnConflictDatabase<DB, 'sign_in_throttles'>, OnConflictTables<'sign_in_throttles'>>,
  slowed: CountedKey,
  startsOver: Expression<SqlBool>,
  now: Date,
  settings: ThrottleSettings,
  attemptId: string,
) {
  const past = sql<number>`sign_in_throttles.failures + 1 - ${slowed.limit}::int`
  const goesOn = eb.and([
    eb('sign_in_throttles.key', '=', slowed.key),
    eb.not(startsOver),
    eb(past, '>', 0),
    eb.or([
      eb('sign_in_throttles.locked_until', 'is', null),
      eb('sign_in_throttles.locked_until', '<=', now),
    ]),
  ])
  const waitMs = sql<number>`least(${settings.slowDelayMs}::float8 * power(2, least(${past}, 30) - 1), ${settings.slowDelayMaxMs}::float8)`
  return {
    locked_until: eb
      .case()
      .when(goesOn)
      .then(sql<Date>`${now}::timestamptz + ${waitMs} * interval '1 millisecond'`)
      .else(eb.ref('sign_in_throttles.locked_until'))
      .end(),
    let_through: eb.case().when(goesOn).then(attemptId).else(eb.ref('sign_in_throttles.let_through')).end(),
  }
}

function later(a: Date | undefined, b: Date): Date {
  return a && a > b ? a : b
}

/**
 * The rows of these keys, locked in key order as countAttempt's upsert takes them: a statement
 * taking the same rows in another order while an attempt is counted would deadlock with it, and one
 * of the two would fail instead of being answered.
 */
function lockedInKeyOrder(keys: string[]) {
  return build
    .selectFrom('sign_in_throttles')
    .select('key')
    .where((eb) => eb('key', '=', eb.fn.any(sql<string[]>`${keys}::text[]`)))
    .orderBy('key')
    .forUpdate()
}

/**
 * After a correct password: the pair and the device start over, and the address and the account
 * get back the attempt this sign-in used (their other attempts stay counted, so one valid account
 * cannot reset the count of an address guessing at others, a staff member's success does not
 * reopen a lock strangers earned, and an office signing in all day never locks itself out).
 */
export async function forgiveSuccessfulAttempt(db: Queryable, keys: CountedKey[]): Promise<void> {
  await run(
    db,
    build
      .with('locked', () => lockedInKeyOrder(keys.map((entry) => entry.key)))
      .with('cleared', (cleared) =>
        cleared
          .deleteFrom('sign_in_throttles')
          .using('locked')
          .whereRef('sign_in_throttles.key', '=', 'locked.key')
          .where((eb) =>
            eb.or([
              eb('sign_in_throttles.key', 'like', 'pair:%'),
              eb('sign_in_throttles.key', 'like', 'device:%'),
            ]),
          ),
      )
      .updateTable('sign_in_throttles as t')
      .from('locked')
      .set((eb) => ({ failures: eb.fn<number>('greatest', [eb('t.failures', '-', 1), eb.lit(0)]) }))
      .whereRef('t.key', '=', 'locked.key')
      .where((eb) => eb.or([eb('t.key', 'like', 'address:%'), eb('t.key', 'like', 'account:%')])),
  )
}

/** An attempt counted but never checked (the password pool was full) gives its attempt back. */
export async function giveBackAttempt(db: Queryable, keys: CountedKey[]): Promise<void> {
  await run(
    db,
    build
      .with('locked', () => lockedInKeyOrder(keys.map((entry) => entry.key)))
      .updateTable('sign_in_throttles as t')
      .from('locked')
      .set((eb) => ({ failures: eb.fn<number>('greatest', [eb('t.failures', '-', 1), eb.lit(0)]) }))
      .whereRef('t.key', '=', 'locked.key'),
  )
}

export interface SignInLock {
  key: string
  kind: ThrottleKind
  lockedUntil: Date
}

/** Locks in force now, the longest first; at most `limit` (a flood can lock many addresses). */
export async function currentLocks(db: Queryable, now: Date, limit: number): Promise<SignInLock[]> {
  const rows = await run(
    db,
    build
      .selectFrom('sign_in_throttles')
      .select(['key', 'locked_until as lockedUntil'])
      .where('locked_until', '>', now)
      .$narrowType<{ lockedUntil: NotNull }>()
      .orderBy('locked_until', 'desc')
      .orderBy('key')
      .limit(limit),
  )
  return rows.map((row) => ({ ...row, kind: keyKind(row.key) }))
}

/** Clears one key's count and lock. False when it was not locked (any more). */
export async function clearLock(db: Queryable, key: string, now: Date): Promise<boolean> {
  const rows = await run(
    db,
    build
      .deleteFrom('sign_in_throttles')
      .where('key', '=', key)
      .returning((eb) => eb('locked_until', '>', now).as('locked')),
  )
  return rows[0]?.locked === true
}

/** Clears every count and lock of one account (all its places and browsers); how many there were. */
export async function clearAccountLocks(db: Queryable, email: string, secret: string): Promise<number> {
  const tag = accountTag(email, secret)
  const rows = await run(
    db,
    build
      .deleteFrom('sign_in_throttles')
      .where((eb) =>
        eb.or([
          eb('key', '=', `account:${tag}`),
          eb.fn<boolean>('starts_with', ['key', eb.val(`pair:${tag}:`)]),
          eb.fn<boolean>('starts_with', ['key', eb.val(`device:${tag}:`)]),
        ]),
      )
      .returning('key'),
  )
  return rows.length
}

/** The account a key is about (its tag), when it is about one. */
export function tagOfKey(key: string): string | undefined {
  return keyKind(key) === 'address' ? undefined : key.split(':')[1]
}

export async function deleteStaleThrottles(
  db: Queryable,
  now: Date,
  settings: ThrottleSettings,
): Promise<number> {
  const rows = await run(
    db,
    build
      .deleteFrom('sign_in_throttles')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .where('window_started_at', '<=', new Date(now.getTime() - settings.windowMs))
      .returning('key'),
  )
  return rows.length
}
