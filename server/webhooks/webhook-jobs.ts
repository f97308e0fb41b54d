/**
 * Every statement about webhook events and deliveries (migration 012): an event is written in the
 * transaction of the change it tells (a lead received: the trigger on delivery_jobs; a status or an
 * assignment: server/leads/work-log.ts); the delivery worker fans it out to the destinations it
 * matches, claims due deliveries with FOR UPDATE SKIP LOCKED under a lease, and records outcomes
 * with the same backoff as the e-mail. At least once: a delivery keeps its id (the `webhook-id`)
 * through every attempt, so receivers drop repeats.
 */
import type { Queryable } from '../db/database.ts'
import { outbox, type RetryPolicy } from '../delivery/outbox.ts'
import { isUuid } from '../leads/lead-id.ts'

const webhookEventTypes = ['lead.received', 'lead.status_changed', 'lead.assigned'] as const
export type WebhookEventType = (typeof webhookEventTypes)[number]

/** A day of failing attempts pauses a destination (the owner hears of it in the morning digest). */
const pauseAfterFailingMs = 24 * 3_600_000

/**
 * Writes an event of a lead in the caller's transaction, only while some destination is on (a
 * site without webhooks writes nothing).
 */
export async function recordLeadEvent(
  tx: Queryable,
  event: { leadId: string; type: WebhookEventType; detail: Record<string, string | null>; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_events (lead_id, type, detail, occurred_at)
     SELECT $1, $2, $3::jsonb, $4::timestamptz WHERE EXISTS (SELECT 1 FROM webhook_destinations WHERE enabled)`,
    [event.leadId, event.type, JSON.stringify(event.detail), event.at.toISOString()],
  )
}

export interface WaitingEvent {
  eventId: string
  formKey: string
  fields: Record<string, string>
}

/** Events not fanned out yet, oldest first, with their lead's form and answers (for the filters). */
export async function waitingEvents(db: Queryable, limit: number): Promise<WaitingEvent[]> {
  const rows = await db.query<{ eventId: string; formKey: string; fields: unknown }>(
    `SELECT e.id AS "eventId", l.form_key AS "formKey", l.fields
       FROM webhook_events e JOIN leads l ON l.id = e.lead_id
      WHERE NOT e.fanned_out ORDER BY e.occurred_at, e.id LIMIT $1`,
    [limit],
  )
  return rows.map((row) => ({
    eventId: String(row.eventId),
    formKey: row.formKey,
    fields: (typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields) as Record<string, string>,
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
    await db.query(
      `INSERT INTO webhook_deliveries (event_id, destination_id)
       SELECT $1, d FROM unnest($2::uuid[]) AS d ON CONFLICT (event_id, destination_id) DO NOTHING`,
      [eventId, destinationIds],
    )
  }
  await db.query('UPDATE webhook_events SET fanned_out = true WHERE id = $1', [eventId])
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
    join: 'JOIN webhook_destinations w ON w.id = due.destination_id',
    where: 'w.enabled AND w.paused_at IS NULL',
  },
  outcome: { statusCode: 'last_status_code', excerpt: 'last_response' },
  claimed: {
    from: 'webhook_events e',
    where: 'e.id = job.event_id',
    returning: `job.id AS "deliveryId", job.attempts, job.destination_id AS "destinationId", e.id AS "eventId",
                e.type, e.detail, e.occurred_at AS "occurredAt", e.lead_id AS "leadId"`,
    read: (row: Omit<ClaimedDelivery, 'detail'> & { detail: unknown }): ClaimedDelivery => ({
      ...row,
      deliveryId: String(row.deliveryId),
      destinationId: String(row.destinationId),
      eventId: String(row.eventId),
      leadId: String(row.leadId),
      detail: (typeof row.detail === 'string'
        ? JSON.parse(row.detail)
        : row.detail) as ClaimedDelivery['detail'],
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
  await db.query('UPDATE webhook_destinations SET failing_since = NULL WHERE id = $1', [
    delivery.destinationId,
  ])
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
  await db.query(
    `UPDATE webhook_destinations
        SET failing_since = coalesce(failing_since, now()),
            paused_at = CASE WHEN paused_at IS NULL
                              AND failing_since <= now() - ($2::int * interval '1 millisecond')
                             THEN now() ELSE paused_at END
      WHERE id = $1`,
    [delivery.destinationId, pauseAfterFailingMs],
  )
  return final
}

/** A delivery as the desk lists it. */
export interface DeliveryRow {
  id: string
  destinationUrl: string
  type: WebhookEventType
  leadId: string
  reference: string | null
  status: 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  lastStatusCode: number | null
  lastResponse: string | null
  createdAt: Date
}

/** The latest deliveries, newest first. */
export function recentDeliveries(db: Queryable, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `SELECT d.id, w.url AS "destinationUrl", e.type, e.lead_id AS "leadId", l.reference, d.status,
            d.attempts, d.last_status_code AS "lastStatusCode", d.last_response AS "lastResponse",
            d.created_at AS "createdAt"
       FROM webhook_deliveries d
       JOIN webhook_events e ON e.id = d.event_id
       JOIN webhook_destinations w ON w.id = d.destination_id
       JOIN leads l ON l.id = e.lead_id
      ORDER BY d.created_at DESC, d.id
      LIMIT $1`,
    [limit],
  )
}

/** Retry: a failed delivery is pending again, due now, with a fresh count (its id, the webhook-id, kept). */
export async function retryDelivery(db: Queryable, deliveryId: string): Promise<boolean> {
  if (!isUuid(deliveryId)) return false
  return webhookOutbox.retryFailed(db, deliveryId)
}
