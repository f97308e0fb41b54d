/**
 * Every statement about webhook events and deliveries (migrations 012 and 030): an event is written
 * in the transaction of the change it tells, by record_lead_event (server/db/functions.sql: a lead
 * received, by the trigger on delivery_jobs; a status, an assignment, a note, a contact attempt, a
 * follow-up: server/leads/work-log.ts; spam or not: server/leads/lead-repository.ts), which gives it
 * its per-lead sequence and a snapshot of the lead; the delivery worker fans it out to the
 * destinations whose events and filters it matches, claims due deliveries with FOR UPDATE SKIP
 * LOCKED under a lease, and records outcomes with the same backoff as the e-mail. At least once: a
 * delivery keeps its id (the `webhook-id`) and its body through every attempt and replay, so
 * receivers drop repeats (decision 046-webhook-sequence-frozen-body-and-rotation).
 */
import type { NotNull, SqlBool } from 'kysely'
import type { Queryable } from '../db/database.ts'
import { build, countRows, run, sql } from '../db/query-builder.ts'
import type { Json } from '../db/schema.ts'
import { isUuid } from '../db/uuid.ts'
import { outbox, type RetryPolicy } from '../jobs/outbox.ts'

/** Every event a destination may take (docs/api.md, "Webhooks"), in the order the desk lists them. */
export const webhookEventTypes = [
  'lead.received',
  'lead.status_changed',
  'lead.assigned',
  'lead.note_added',
  'lead.contact_logged',
  'lead.follow_up_set',
  'lead.follow_up_cleared',
  'lead.marked_spam',
  'lead.marked_not_spam',
] as const
export type WebhookEventType = (typeof webhookEventTypes)[number]

export function isWebhookEventType(value: string): value is WebhookEventType {
  return webhookEventTypes.some((type) => type === value)
}

/** Who made a change, as a payload names them (a display name, never an e-mail). */
export interface EventActor {
  userId: string | null
  /** The staff account's e-mail, or the API token's or command's own name when there is no account. */
  email: string
}

/** A day of failing attempts pauses a destination (the owner hears of it in the morning digest). */
const pauseAfterFailingMs = 24 * 3_600_000

/**
 * Writes an event of a lead in the caller's transaction, by record_lead_event
 * (server/db/functions.sql): the one place that decides whether an event is written (only while
 * some destination is on; a site without webhooks writes nothing), the trigger of a lead received
 * calling it too.
 */
export async function recordLeadEvent(
  tx: Queryable,
  event: {
    leadId: string
    type: WebhookEventType
    detail: Record<string, string | null>
    at: Date
    /** Who did it: `by` in the payload, the account's display name or the token's name. */
    actor?: EventActor
  },
): Promise<void> {
  // A change is told only about a lead the receivers were told of (a lead.received event was
  // written for it): never of a spam lead, nor of one received before any destination was on.
  // `by`: the account's display name (null when it has none), or the token's or command's name.
  await tx.query(
    `SELECT record_lead_event($1::uuid, $2::text,
              $3::jsonb || jsonb_build_object('by', CASE WHEN $5::uuid IS NULL THEN $6::text
                ELSE (SELECT display_name FROM staff_users WHERE id = $5::uuid) END),
              $4::timestamptz)
      WHERE $2::text = 'lead.received'
         OR EXISTS (SELECT 1 FROM webhook_events WHERE lead_id = $1::uuid AND type = 'lead.received')`,
    [
      event.leadId,
      event.type,
      JSON.stringify(event.detail),
      event.at.toISOString(),
      event.actor?.userId ?? null,
      event.actor && event.actor.userId === null ? event.actor.email : null,
    ],
  )
}

export interface WaitingEvent {
  eventId: string
  type: WebhookEventType
  formKey: string
  fields: Record<string, string>
}

/** Events not fanned out yet, oldest first, with their lead's form and answers (for the filters). */
/**
 * A JSON object of strings (a lead's answers, an event's detail): jsonb comes back parsed from
 * PostgreSQL and as text from PGlite. Entries of another type (none are written) are left out.
 */
export function stringRecord(value: Json): Record<string, string>
export function stringRecord(value: Json, keepNull: true): Record<string, string | null>
export function stringRecord(value: Json, keepNull = false): Record<string, string | null> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string | null] =>
        typeof entry[1] === 'string' || (keepNull && entry[1] === null),
    ),
  )
}

export async function waitingEvents(db: Queryable, limit: number): Promise<WaitingEvent[]> {
  const rows = await run(
    db,
    build
      .selectFrom('webhook_events as e')
      .innerJoin('leads as l', 'l.id', 'e.lead_id')
      .select(['e.id as eventId', 'e.type', 'l.form_key as formKey', 'l.fields'])
      .where((eb) => eb.not(eb.ref('e.fanned_out')))
      .orderBy('e.occurred_at')
      .orderBy('e.sequence')
      .orderBy('e.id')
      .limit(limit),
  )
  return rows.map((row) => ({
    eventId: row.eventId,
    type: row.type,
    formKey: row.formKey,
    fields: stringRecord(row.fields),
  }))
}

/**
 * The event's deliveries, one per destination, then the event marked done. Two processes doing it
 * at once write the same rows (the unique pair makes the second insert nothing); a process dying
 * between the two statements leaves the event to be fanned out again, with the same result.
 */
export async function fanOutEvent(
  db: Queryable,
  eventId: string,
  destinationIds: readonly string[],
): Promise<void> {
  if (destinationIds.length > 0) {
    await run(
      db,
      build
        .insertInto('webhook_deliveries')
        .columns(['event_id', 'destination_id'])
        .expression(
          build
            .selectFrom(sql<{ d: string }>`unnest(${destinationIds}::uuid[])`.as('d'))
            .select((eb) => [eb.val(eventId).as('event_id'), 'd.d as destination_id']),
        )
        .onConflict((conflict) => conflict.columns(['event_id', 'destination_id']).doNothing()),
    )
  }
  await run(db, build.updateTable('webhook_events').set({ fanned_out: true }).where('id', '=', eventId))
}

export interface ClaimedDelivery {
  deliveryId: string
  /** Attempts counted so far, this one included. */
  attempts: number
  destinationId: string
  eventId: string
  type: WebhookEventType
  detail: Record<string, string | null>
  occurredAt: Date
  leadId: string
  /** The event's place among its lead's events: 1, 2, 3… */
  sequence: number
  /** The lead when the event was written (null: an event written before snapshots were kept). */
  snapshot: Json | null
  /** The body every attempt sends, once the first attempt has built it. */
  body: string | null
  bodyEncrypted: boolean
}

/**
 * The deliveries, claimed only to a destination that is on and not paused; an outcome keeps the
 * receiver's answer.
 */
export const webhookOutbox = outbox({
  table: 'webhook_deliveries',
  key: 'id',
  lease: 'locked_until',
  due: {
    join: sql`JOIN webhook_destinations w ON w.id = due.destination_id`,
    where: sql<SqlBool>`w.enabled AND w.paused_at IS NULL`,
  },
  outcome: { statusCode: 'last_status_code', excerpt: 'last_response' },
  claimed: {
    claim: (claiming) =>
      build
        .updateTable('webhook_deliveries as job')
        .$call(claiming)
        .from('webhook_events as e')
        .whereRef('e.id', '=', 'job.event_id')
        .returning([
          'job.id as deliveryId',
          'job.attempts',
          'job.destination_id as destinationId',
          'e.id as eventId',
          'e.type',
          'e.detail',
          'e.occurred_at as occurredAt',
          'e.lead_id as leadId',
          'e.sequence',
          'e.snapshot',
          'job.body',
          'job.body_encrypted as bodyEncrypted',
        ]),
    read: (row): ClaimedDelivery => ({
      ...row,
      detail: stringRecord(row.detail, true),
      occurredAt: new Date(row.occurredAt),
    }),
    key: (delivery) => delivery.deliveryId,
  },
})

/** The receiver's answer, as the desk shows it. */
export interface ReceiverAnswer {
  statusCode: number | null
  excerpt: string
}

export async function markDeliverySent(db: Queryable, delivery: ClaimedDelivery, answer: ReceiverAnswer) {
  await webhookOutbox.settle(db, delivery, 'sent', answer)
  await run(
    db,
    build
      .updateTable('webhook_destinations')
      .set({ failing_since: null })
      .where('id', '=', delivery.destinationId),
  )
}

/**
 * A failed attempt: pending again after the backoff, or failed for good on the last one (answered
 * true). The destination remembers since when it has been failing; a failure a day after that
 * pauses it.
 */
export async function recordDeliveryFailure(
  db: Queryable,
  delivery: ClaimedDelivery,
  answer: ReceiverAnswer,
  policy: RetryPolicy,
): Promise<boolean> {
  const final = await webhookOutbox.recordFailure(db, delivery, answer, policy)
  await run(
    db,
    build
      .updateTable('webhook_destinations')
      .set({
        failing_since: sql<Date>`coalesce(failing_since, now())`,
        paused_at: sql<Date | null>`CASE WHEN paused_at IS NULL
                                          AND failing_since <= now() - (${pauseAfterFailingMs}::int * interval '1 millisecond')
                                         THEN now() ELSE paused_at END`,
      })
      .where('id', '=', delivery.destinationId),
  )
  return final
}

/** A delivery as the desk lists it. */
export interface DeliveryRow {
  id: string
  destinationId: string
  destinationUrl: string
  type: WebhookEventType
  leadId: string
  reference: string | null
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'held' | 'discarded'
  attempts: number
  lastStatusCode: number | null
  lastResponse: string | null
  createdAt: Date
}

/** Deliveries joined to their event, destination and lead: what the desk's lists show. */
function deliveriesWithTheirLead() {
  return build
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_destinations as w', 'w.id', 'd.destination_id')
    .innerJoin('leads as l', 'l.id', 'e.lead_id')
}

/** The latest deliveries, newest first. */
export function recentDeliveries(db: Queryable, limit: number): Promise<DeliveryRow[]> {
  return run(
    db,
    deliveriesWithTheirLead()
      .select([
        'd.id',
        'd.destination_id as destinationId',
        'w.url as destinationUrl',
        'e.type',
        'e.lead_id as leadId',
        'l.reference',
        'd.status',
        'd.attempts',
        'd.last_status_code as lastStatusCode',
        'd.last_response as lastResponse',
        'd.created_at as createdAt',
      ])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id')
      .limit(limit),
  )
}

/** Retry: a failed delivery is pending again, due now, with a fresh count (its id, the webhook-id, kept). */
export async function retryDelivery(db: Queryable, deliveryId: string): Promise<boolean> {
  if (!isUuid(deliveryId)) return false
  return webhookOutbox.retryFailed(db, deliveryId)
}

/**
 * After a restore: every delivery the snapshot had not made (pending, retrying or being sent) is
 * held, because the receiver most likely got it before the snapshot was restored (migration 022).
 * Returns how many were held.
 */
export async function holdUndeliveredDeliveries(db: Queryable): Promise<number> {
  const rows = await run(
    db,
    build
      .updateTable('webhook_deliveries')
      .set({ status: 'held', held_at: sql<Date>`now()`, locked_until: null })
      .where('status', 'in', ['pending', 'sending'])
      .returning('id'),
  )
  return rows.length
}

/** How many deliveries are held after a restore. */
export async function countHeldDeliveries(db: Queryable): Promise<number> {
  const [row] = await run(
    db,
    build.selectFrom('webhook_deliveries').select(countRows().as('n')).where('status', '=', 'held'),
  )
  return row?.n ?? 0
}

/** A held delivery as the desk lists it. */
export interface HeldDelivery {
  deliveryId: string
  destinationUrl: string
  type: WebhookEventType
  leadId: string
  reference: string | null
  occurredAt: Date
  attempts: number
}

/** The held deliveries, oldest first, at most `limit`. */
export function listHeldDeliveries(db: Queryable, limit: number): Promise<HeldDelivery[]> {
  return run(
    db,
    deliveriesWithTheirLead()
      .select([
        'd.id as deliveryId',
        'w.url as destinationUrl',
        'e.type',
        'e.lead_id as leadId',
        'l.reference',
        'e.occurred_at as occurredAt',
        'd.attempts',
      ])
      .where('d.status', '=', 'held')
      .orderBy('d.created_at')
      .orderBy('d.id')
      .limit(limit),
  )
}

/**
 * An owner's decision on held deliveries (`deliveryIds`, or every held one when it is undefined):
 * Send makes each pending and due now (its attempts and its webhook-id kept), Discard ends it. Who
 * and when are kept on the delivery. Only deliveries still held change, so a second click or a
 * second owner changes nothing. Returns the ids decided.
 */
export async function decideHeldDeliveries(
  db: Queryable,
  decision: { deliveryIds?: readonly string[]; action: 'send' | 'discard'; by: string },
): Promise<string[]> {
  const ids = decision.deliveryIds?.filter(isUuid)
  if (ids && ids.length === 0) return []
  const decided = { decided_by: decision.by, decided_at: sql<Date>`now()`, locked_until: null }
  const held = build
    .updateTable('webhook_deliveries')
    .set(
      decision.action === 'send'
        ? { ...decided, status: 'pending', next_attempt_at: sql<Date>`now()` }
        : { ...decided, status: 'discarded' },
    )
    .where('status', '=', 'held')
  const chosen = ids ? held.where('id', '=', (eb) => eb.fn.any(eb.val(ids))) : held
  const rows = await run(db, chosen.returning('id'))
  return rows.map((row) => row.id)
}

/** An owner's decision on a held delivery, as the desk lists it. */
export interface HeldDeliveryDecision {
  reference: string | null
  type: WebhookEventType
  destinationUrl: string
  status: DeliveryRow['status']
  decidedBy: string
  decidedAt: Date
}

/** The latest decisions on held deliveries, newest first. */
export function recentHeldDeliveryDecisions(db: Queryable, limit: number): Promise<HeldDeliveryDecision[]> {
  return run(
    db,
    build
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .innerJoin('webhook_destinations as w', 'w.id', 'd.destination_id')
      .leftJoin('leads as l', 'l.id', 'e.lead_id')
      .select([
        'l.reference',
        'e.type',
        'w.url as destinationUrl',
        'd.status',
        'd.decided_by as decidedBy',
        'd.decided_at as decidedAt',
      ])
      .where('d.decided_at', 'is not', null)
      .orderBy('d.decided_at', 'desc')
      .orderBy('d.id')
      .limit(limit)
      // decideHeldDeliveries writes who and when together.
      .$narrowType<{ decidedBy: NotNull; decidedAt: NotNull }>(),
  )
}

/** A delivery as the API lists it (GET /api/admin/webhooks/{id}/deliveries). */
export interface DestinationDelivery {
  id: string
  /** The `webhook-id` header every attempt carries. */
  webhookId: string
  event: WebhookEventType
  leadId: string
  sequence: number
  status: DeliveryRow['status']
  attempts: number
  lastStatusCode: number | null
  nextAttemptAt: Date | null
  occurredAt: Date
  createdAt: Date
  sentAt: Date | null
}

/**
 * A destination's deliveries, newest first, `limit` at most, after the position `before` (the
 * last one of the page before: its created_at, to the microsecond, and id).
 */
export async function destinationDeliveries(
  db: Queryable,
  destinationId: string,
  page: { limit: number; before?: { at: string; id: string } },
): Promise<(DestinationDelivery & { position: string })[]> {
  if (!isUuid(destinationId)) return []
  const rows = await run(
    db,
    build
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select([
        'd.id',
        'e.type as event',
        'e.lead_id as leadId',
        'e.sequence',
        'd.status',
        'd.attempts',
        'd.last_status_code as lastStatusCode',
        sql<Date | null>`CASE WHEN d.status IN ('pending', 'sending') THEN d.next_attempt_at END`.as(
          'nextAttemptAt',
        ),
        'e.occurred_at as occurredAt',
        'd.created_at as createdAt',
        'd.sent_at as sentAt',
        // The exact time as text: a Date would lose the microseconds the next page starts after.
        sql<string>`to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position'),
      ])
      .where('d.destination_id', '=', destinationId)
      .$if(page.before !== undefined, (q) =>
        q.where(
          sql<SqlBool>`(d.created_at, d.id) < (${page.before?.at ?? ''}::timestamptz, ${page.before?.id ?? ''}::uuid)`,
        ),
      )
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(page.limit),
  )
  return rows.map((row) => ({ ...row, webhookId: `msg_${row.id.replaceAll('-', '')}` }))
}

/**
 * An owner's replay: the deliveries chosen (one, or every one of a lead to this destination whose
 * event happened at or after `since`) are pending again and due now, with a fresh count of
 * attempts and the same body and webhook-id (a receiver that applied it drops the repeat; one that
 * lost it applies it). Held deliveries stay for the owner's decision. Answers the ids re-queued.
 */
export async function replayDeliveries(
  db: Queryable,
  destinationId: string,
  chosen: { deliveryId: string } | { leadId: string; since: Date },
  by: string,
): Promise<string[]> {
  if (!isUuid(destinationId)) return []
  if ('deliveryId' in chosen && !isUuid(chosen.deliveryId)) return []
  if ('leadId' in chosen && !isUuid(chosen.leadId)) return []
  const rows = await run(
    db,
    build
      .updateTable('webhook_deliveries as d')
      .set({
        status: 'pending',
        next_attempt_at: sql<Date>`now()`,
        attempts: 0,
        locked_until: null,
        replayed_by: by,
        replayed_at: sql<Date>`now()`,
      })
      .from('webhook_events as e')
      .whereRef('e.id', '=', 'd.event_id')
      .where('d.destination_id', '=', destinationId)
      .where('d.status', 'in', ['sent', 'failed', 'discarded', 'pending'])
      .$if('deliveryId' in chosen, (q) =>
        q.where('d.id', '=', 'deliveryId' in chosen ? chosen.deliveryId : ''),
      )
      .$if('leadId' in chosen, (q) =>
        'leadId' in chosen
          ? q.where('e.lead_id', '=', chosen.leadId).where('e.occurred_at', '>=', chosen.since)
          : q,
      )
      .returning('d.id'),
  )
  return rows.map((row) => row.id)
}
