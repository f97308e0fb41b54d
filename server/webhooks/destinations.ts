/**
 * Where the agency's leads go besides the e-mail: webhook destinations (docs/api.md, "Webhooks").
 * An owner adds them at /admin/webhooks; WEBHOOK_URL and WEBHOOK_SECRET set one from the
 * environment. Each has a `whsec_…` signing secret, stored encrypted like SSNs, and filters: the
 * forms and lines of insurance it takes (none ticked: every lead).
 */
import { randomBytes } from 'node:crypto'
import type { NotNull } from 'kysely'
import { type FormDefinition, type InsuranceLine, leadLine } from '#forms/engine.ts'
import type { Queryable } from '../db/database.ts'
import { build, run, sql } from '../db/query-builder.ts'
import type { Json } from '../db/schema.ts'
import { isUuid } from '../db/uuid.ts'
import { decryptValue, encryptValue } from '../security/sensitive-fields.ts'
import { isWebhookEventType, type WebhookEventType, webhookEventTypes } from './webhook-jobs.ts'

export interface WebhookDestination {
  id: string
  url: string
  formKeys: string[]
  lines: string[]
  /** The events it takes. */
  events: WebhookEventType[]
  enabled: boolean
  sendSensitive: boolean
  fromEnvironment: boolean
  failingSince: Date | null
  pausedAt: Date | null
  createdBy: string
  createdAt: Date
  /** The last rotation of its secret, and until when the previous one signs too (null: none). */
  secretRotatedAt: Date | null
  previousSecretUntil: Date | null
}

/** jsonb comes back parsed from one driver and as text from the other. */
function stringList(value: Json): string[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value
  return Array.isArray(list) ? list.map(String) : []
}

/** A list of strings as a jsonb parameter (a JavaScript array would go as a PostgreSQL array). */
const jsonList = (list: readonly string[]) => sql<Json>`${JSON.stringify(list)}::jsonb`

/** A new signing secret: 32 random bytes, base64, with the specification's `whsec_` prefix. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/** Whether a lead of this form, with this line, goes to the destination. */
export function destinationTakes(
  destination: Pick<WebhookDestination, 'formKeys' | 'lines'>,
  form: FormDefinition,
  fields: Record<string, string>,
): boolean {
  if (destination.formKeys.length === 0 && destination.lines.length === 0) return true
  const line: InsuranceLine = leadLine(form, form.lineByAnswer ? fields[form.lineByAnswer.field] : null)
  return destination.formKeys.includes(form.key) || destination.lines.includes(line)
}

export async function listDestinations(db: Queryable): Promise<WebhookDestination[]> {
  const rows = await run(
    db,
    build
      .selectFrom('webhook_destinations')
      .select([
        'id',
        'url',
        'form_keys as formKeys',
        'lines',
        'events',
        'enabled',
        'send_sensitive as sendSensitive',
        'from_environment as fromEnvironment',
        'failing_since as failingSince',
        'paused_at as pausedAt',
        'created_by as createdBy',
        'created_at as createdAt',
        'secret_rotated_at as secretRotatedAt',
        sql<Date | null>`CASE WHEN previous_secret_until > now() THEN previous_secret_until END`.as(
          'previousSecretUntil',
        ),
      ])
      .orderBy('from_environment', 'desc')
      .orderBy('created_at')
      .orderBy('id'),
  )
  return rows.map((row) => ({
    ...row,
    formKeys: stringList(row.formKeys),
    lines: stringList(row.lines),
    events: stringList(row.events).filter(isWebhookEventType),
  }))
}

export async function enabledDestinations(db: Queryable): Promise<WebhookDestination[]> {
  return (await listDestinations(db)).filter((destination) => destination.enabled)
}

/**
 * The destination's URL, signing secret (decrypted), whether SSN/EIN may go to it (and who allowed
 * it), and whether it is the environment's (which may be on this machine).
 */
export async function destinationForSending(
  db: Queryable,
  id: string,
  key: Buffer,
): Promise<
  | {
      url: string
      secret: string
      /** The secret before a rotation, for the day both sign. */
      previousSecret: string | null
      sendSensitive: boolean
      fromEnvironment: boolean
      createdBy: string
    }
  | undefined
> {
  if (!isUuid(id)) return undefined
  const rows = await run(
    db,
    build
      .selectFrom('webhook_destinations')
      .select([
        'url',
        'secret_encrypted as secret',
        sql<string | null>`CASE WHEN previous_secret_until > now() THEN previous_secret_encrypted END`.as(
          'previousSecret',
        ),
        'send_sensitive as sendSensitive',
        'from_environment as fromEnvironment',
        'created_by as createdBy',
      ])
      .where('id', '=', id),
  )
  const row = rows[0]
  return (
    row && {
      ...row,
      secret: decryptValue(row.secret, key),
      previousSecret: row.previousSecret === null ? null : decryptValue(row.previousSecret, key),
    }
  )
}

export interface NewDestination {
  url: string
  secret: string
  formKeys: readonly string[]
  lines: readonly string[]
  /** The events it takes; every one when left out. */
  events?: readonly WebhookEventType[]
  sendSensitive: boolean
  createdBy: string
}

export async function addDestination(db: Queryable, input: NewDestination, key: Buffer): Promise<string> {
  const rows = await run(
    db,
    build
      .insertInto('webhook_destinations')
      .values({
        url: input.url,
        secret_encrypted: encryptValue(input.secret, key),
        form_keys: jsonList(input.formKeys),
        lines: jsonList(input.lines),
        events: jsonList(input.events ?? webhookEventTypes),
        send_sensitive: input.sendSensitive,
        created_by: input.createdBy,
      })
      .returning('id'),
  )
  return String(rows[0]?.id)
}

/**
 * On or off. Turning one on also ends a pause and forgets its failures: the owner has looked, and
 * the deliveries it kept waiting go out now. The environment's destination can be switched too
 * (until the next start, which follows the environment again).
 */
export async function setDestinationEnabled(db: Queryable, id: string, enabled: boolean): Promise<boolean> {
  if (!isUuid(id)) return false
  const rows = await run(
    db,
    build
      .updateTable('webhook_destinations')
      .set({ enabled, paused_at: null })
      .$if(enabled, (on) => on.set({ failing_since: null }))
      .where('id', '=', id)
      .returning('id'),
  )
  return rows.length > 0
}

/** What an edit may change; a part left undefined stays. */
export interface DestinationChange {
  url?: string
  formKeys?: readonly string[]
  lines?: readonly string[]
  events?: readonly WebhookEventType[]
  enabled?: boolean
}

/**
 * Edits a destination set on the desk (the environment's follows WEBHOOK_URL: only on/off). Turning
 * it on ends a pause and forgets its failures, as the switch does. False: no such destination.
 */
export async function updateDestination(
  db: Queryable,
  id: string,
  change: DestinationChange,
): Promise<boolean> {
  if (!isUuid(id)) return false
  const rows = await run(
    db,
    build
      .updateTable('webhook_destinations')
      .set({
        ...(change.url === undefined ? {} : { url: change.url }),
        ...(change.formKeys === undefined ? {} : { form_keys: jsonList(change.formKeys) }),
        ...(change.lines === undefined ? {} : { lines: jsonList(change.lines) }),
        ...(change.events === undefined ? {} : { events: jsonList(change.events) }),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled, paused_at: null }),
        ...(change.enabled === true ? { failing_since: null } : {}),
        // Something to set when nothing is asked (the route refuses an empty change).
        id: sql<string>`id`,
      })
      .where('id', '=', id)
      .where((eb) =>
        change.url || change.formKeys || change.lines || change.events
          ? eb.not(eb.ref('from_environment'))
          : eb.lit(true),
      )
      .returning('id'),
  )
  return rows.length > 0
}

/** How long the previous secret signs beside the new one after a rotation. */
const secretOverlapMs = 24 * 3_600_000

/**
 * A new signing secret for a destination set on the desk; the one it replaces keeps signing beside
 * it for a day (both signatures in `webhook-signature`). Answers the new secret (shown once) and
 * until when the old one signs, or undefined when there is no such destination.
 */
export async function rotateDestinationSecret(
  db: Queryable,
  id: string,
  key: Buffer,
): Promise<{ secret: string; previousSecretUntil: Date } | undefined> {
  if (!isUuid(id)) return undefined
  const secret = generateWebhookSecret()
  const rows = await run(
    db,
    build
      .updateTable('webhook_destinations')
      .set((eb) => ({
        previous_secret_encrypted: eb.ref('secret_encrypted'),
        previous_secret_until: sql<Date>`now() + (${secretOverlapMs}::int * interval '1 millisecond')`,
        secret_encrypted: encryptValue(secret, key),
        secret_rotated_at: sql<Date>`now()`,
      }))
      .where('id', '=', id)
      .where((eb) => eb.not(eb.ref('from_environment')))
      .returning('previous_secret_until as until'),
  )
  const row = rows[0]
  return row && { secret, previousSecretUntil: new Date(row.until ?? Date.now()) }
}

/** Removes a destination set on the desk, with its deliveries (the environment's stays). */
export async function removeDestination(db: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false
  const rows = await run(
    db,
    build
      .deleteFrom('webhook_destinations')
      .where('id', '=', id)
      .where((eb) => eb.not(eb.ref('from_environment')))
      .returning('id'),
  )
  return rows.length > 0
}

/**
 * Keeps the destination from WEBHOOK_URL / WEBHOOK_SECRET in step with the environment at start:
 * every form, never SSN or EIN. Unset, it is switched off (its history stays on the desk). Several
 * processes starting at once write the same row (the unique index on from_environment).
 */
export async function syncEnvironmentDestination(
  db: Queryable,
  webhook: { url: string; secret: string } | undefined,
  key: Buffer,
): Promise<void> {
  if (!webhook) {
    await run(
      db,
      build
        .updateTable('webhook_destinations')
        .set({ enabled: false })
        .where((eb) => eb.ref('from_environment')),
    )
    return
  }
  await run(
    db,
    build
      .insertInto('webhook_destinations')
      .values({
        url: webhook.url,
        secret_encrypted: encryptValue(webhook.secret, key),
        from_environment: true,
        created_by: 'WEBHOOK_URL',
      })
      .onConflict((conflict) =>
        conflict
          .column('from_environment')
          .where((eb) => eb.ref('from_environment'))
          .doUpdateSet((eb) => ({
            url: eb.ref('excluded.url'),
            secret_encrypted: eb.ref('excluded.secret_encrypted'),
            enabled: true,
            form_keys: jsonList([]),
            lines: jsonList([]),
            send_sensitive: false,
          })),
      ),
  )
}

/** Destinations paused after failing for a day, for the morning digest. */
export async function pausedDestinations(db: Queryable): Promise<{ url: string; pausedAt: Date }[]> {
  return run(
    db,
    build
      .selectFrom('webhook_destinations')
      .select(['url', 'paused_at as pausedAt'])
      .where((eb) => eb.ref('enabled'))
      .where('paused_at', 'is not', null)
      .orderBy('paused_at')
      .$narrowType<{ pausedAt: NotNull }>(),
  )
}
