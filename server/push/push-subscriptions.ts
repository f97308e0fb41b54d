/**
 * Every statement about a staff member's browsers subscribed to phone notifications and their
 * choices (migration 024), and the check of a browser's PushSubscription before it is stored.
 *
 * Where an endpoint may point (docs/contracts.md, "Phone notifications"): the server POSTs to it, so
 * it is what a signed-in member could aim the server at. In production only https to an outside
 * address (the webhook destinations' check, server/webhooks/destination-address.ts, again at every
 * send); in development and tests also http://127.0.0.1 (a test's push service on this machine).
 */
import { createECDH } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { build, run, sql } from '../db/query-builder.ts'
import { hostProblem, isLoopbackAddress } from '../webhooks/destination-address.ts'

/** A browser's PushSubscription as its toJSON() gives it. */
export interface BrowserSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** A member keeps this many browsers at most; subscribing one more forgets their oldest. */
export const subscriptionsPerMember = 10

/** Endpoints of the big push services are about 200 to 500 characters. */
export const endpointMaxLength = 1000

const base64url = /^[A-Za-z0-9_-]+={0,2}$/

/**
 * Why a subscription is refused (a sentence for the API's 400), or undefined. `allowLoopback`:
 * development and tests, where http://127.0.0.1 stands for a push service.
 */
export function subscriptionProblem(
  subscription: BrowserSubscription,
  { allowLoopback }: { allowLoopback: boolean },
): string | undefined {
  let url: URL
  try {
    url = new URL(subscription.endpoint)
  } catch {
    return 'endpoint must be a full https:// address'
  }
  if (url.username || url.password) return 'endpoint must not carry a user name or password'
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const loopback = allowLoopback && isLoopbackAddress(host)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return allowLoopback
      ? 'endpoint must start with https:// (http:// only to 127.0.0.1 in development)'
      : 'endpoint must start with https://'
  if (!loopback && hostProblem(url)) return 'endpoint must be a push service on the internet'
  const { p256dh, auth } = subscription.keys
  if (!base64url.test(p256dh) || !isP256Point(Buffer.from(p256dh, 'base64url')))
    return 'keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url)'
  if (!base64url.test(auth) || Buffer.from(auth, 'base64url').length !== 16)
    return 'keys.auth must be the browser’s 16-byte secret (base64url)'
  return undefined
}

/** An uncompressed point on P-256 (what every message is encrypted to). */
function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 4) return false
  try {
    // computeSecret refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(key)
    return true
  } catch {
    return false
  }
}

/**
 * Stores the browser for the member: a browser subscribed before (by anyone) is theirs now, with
 * its current keys; past `subscriptionsPerMember`, their oldest is forgotten.
 */
export async function saveSubscription(
  db: Queryable,
  staffUserId: string,
  subscription: BrowserSubscription,
): Promise<{ endpoint: string; createdAt: Date }> {
  const [saved] = await run(
    db,
    build
      .insertInto('push_subscriptions')
      .values({
        staff_user_id: staffUserId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet((eb) => ({
          staff_user_id: eb.ref('excluded.staff_user_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
        })),
      )
      .returning(['endpoint', 'created_at as createdAt']),
  )
  if (!saved) throw new Error('the subscription was not stored')
  await run(
    db,
    build
      .deleteFrom('push_subscriptions')
      .where('staff_user_id', '=', staffUserId)
      .where(
        'id',
        'not in',
        build
          .selectFrom('push_subscriptions')
          .select('id')
          .where('staff_user_id', '=', staffUserId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(subscriptionsPerMember),
      ),
  )
  return { endpoint: saved.endpoint, createdAt: new Date(saved.createdAt) }
}

/** Forgets the member's browser with this endpoint; answers whether there was one. */
export async function removeSubscription(
  db: Queryable,
  staffUserId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await run(
    db,
    build
      .deleteFrom('push_subscriptions')
      .where('staff_user_id', '=', staffUserId)
      .where('endpoint', '=', endpoint)
      .returning('id'),
  )
  return rows.length > 0
}

/** A member's browser as the desk lists it: the push service's host, never the whole endpoint. */
export interface SubscribedBrowser {
  id: string
  service: string
  createdAt: Date
}

export async function memberSubscriptions(db: Queryable, staffUserId: string): Promise<SubscribedBrowser[]> {
  const rows = await run(
    db,
    build
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'created_at as createdAt'])
      .where('staff_user_id', '=', staffUserId)
      .orderBy('created_at', 'desc'),
  )
  return rows.map((row) => ({
    id: row.id,
    service: new URL(row.endpoint).host,
    createdAt: new Date(row.createdAt),
  }))
}

/** Forgets one of the member's browsers by its id (the desk's Remove). */
export async function removeSubscriptionById(
  db: Queryable,
  staffUserId: string,
  id: string,
): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false
  const rows = await run(
    db,
    build
      .deleteFrom('push_subscriptions')
      .where('staff_user_id', '=', staffUserId)
      .where('id', '=', id)
      .returning('id'),
  )
  return rows.length > 0
}

/** What reaches a member (migration 024's push_preferences). */
export interface PushPreferences {
  newLeads: boolean
  assigned: boolean
  followUps: boolean
  quietHours: boolean
}

/** A member who never chose: every kind, at any hour. */
const defaultPreferences: PushPreferences = {
  newLeads: true,
  assigned: true,
  followUps: true,
  quietHours: false,
}

export async function memberPreferences(db: Queryable, staffUserId: string): Promise<PushPreferences> {
  const [row] = await run(
    db,
    build
      .selectFrom('push_preferences')
      .select(['new_leads as newLeads', 'assigned', 'follow_ups as followUps', 'quiet_hours as quietHours'])
      .where('staff_user_id', '=', staffUserId),
  )
  return row ?? defaultPreferences
}

export async function savePreferences(
  db: Queryable,
  staffUserId: string,
  preferences: PushPreferences,
): Promise<void> {
  const values = {
    new_leads: preferences.newLeads,
    assigned: preferences.assigned,
    follow_ups: preferences.followUps,
    quiet_hours: preferences.quietHours,
  }
  await run(
    db,
    build
      .insertInto('push_preferences')
      .values({ staff_user_id: staffUserId, ...values })
      .onConflict((conflict) =>
        conflict.column('staff_user_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
      ),
  )
}
