/**
 * Where an account signed in before: the address groups (stored as keyed hashes) and the browsers
 * (a device cookie, signed with the server's secret, set at each completed sign-in). An attempt from
 * either is "known" and never refused by the account-wide lock that strangers can fill
 * (sign-in-throttle.ts; OWASP's device cookies, docs/decisions/021-sign-in-under-attack.md).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import { addressGroupKey } from '../security/client-address.ts'

/** Address groups remembered per account, the most recent ones: the table stays small. */
const addressesKept = 10

export function knownAddressKey(ip: string, secret: string): string {
  return addressGroupKey(ip, secret, 'staff-known-address')
}

/** After a completed sign-in: this address group is known for the account from now on. */
export async function rememberAddress(
  db: Queryable,
  userId: string,
  ip: string,
  secret: string,
  now: Date,
): Promise<void> {
  const addressKey = knownAddressKey(ip, secret)
  await run(
    db,
    build
      .with('remembered', (remembered) =>
        remembered
          .insertInto('staff_known_addresses')
          .values({ staff_user_id: userId, address_key: addressKey, last_sign_in_at: now })
          .onConflict((conflict) =>
            conflict
              .columns(['staff_user_id', 'address_key'])
              .doUpdateSet({ last_sign_in_at: (eb) => eb.ref('excluded.last_sign_in_at') }),
          ),
      )
      .deleteFrom('staff_known_addresses')
      .where('staff_user_id', '=', userId)
      .where('address_key', '<>', addressKey)
      .where('address_key', 'not in', (kept) =>
        kept
          .selectFrom('staff_known_addresses')
          .select('address_key')
          .where('staff_user_id', '=', userId)
          .where('address_key', '<>', addressKey)
          .orderBy('last_sign_in_at', 'desc')
          .limit(addressesKept - 1),
      ),
  )
}

/** How long a browser stays known without signing in again. */
export const deviceCookieMaxAgeSeconds = 365 * 24 * 3600

function deviceMac(userId: string, deviceId: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`staff-device\n${userId}\n${deviceId}`).digest()
}

/** A new device cookie's value for the account: `<device id>.<signature>`, bound to the account. */
export function newDeviceToken(userId: string, secret: string): string {
  const deviceId = randomBytes(16).toString('base64url')
  return `${deviceId}.${deviceMac(userId, deviceId, secret).toString('base64url')}`
}

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

/** The device id when the cookie was made by this server for this account; otherwise undefined. */
export function deviceIdOf(token: string | undefined, userId: string, secret: string): string | undefined {
  const match = token ? tokenPattern.exec(token) : null
  if (!match?.[1] || !match[2]) return undefined
  const given = Buffer.from(match[2], 'base64url')
  const expected = deviceMac(userId, match[1], secret)
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : undefined
}
