/**
 * Every statement about the phone notifications' outbox (migration 024, `push_messages`): what
 * queues a message (a new lead: the trigger on delivery_jobs; an assignment: queueAssignmentMail in
 * server/leads/lead-jobs.ts, through the functions here; a follow-up falling due: the delivery
 * worker's sweep), what the worker claims with each, and what a send leaves behind. Claims, leases
 * and backoff are server/jobs/outbox.ts's, as for every other outbox.
 */
import type { SqlBool } from 'kysely'
import type { Queryable } from '../db/database.ts'
import { build, run, sql } from '../db/query-builder.ts'
import type { Json } from '../db/schema.ts'
import { outbox } from '../jobs/outbox.ts'

export type PushKind = 'new-lead' | 'assigned' | 'follow-up'

/** The lead's statuses still being worked: a follow-up of another is no longer due. */
const openStatuses = ['new', 'contacted', 'quoted'] as const

/**
 * A new assignment of `leadId` to `assignee` (called where its e-mail is queued, in the same
 * transaction): the browsers of the assignee who wants to hear of assignments get a message.
 */
export async function queueAssignmentPushes(tx: Queryable, leadId: string, assignee: string): Promise<void> {
  await run(
    tx,
    build
      .insertInto('push_messages')
      .columns(['subscription_id', 'lead_id', 'kind'])
      .expression(
        build
          .selectFrom('push_subscriptions as s')
          .leftJoin('push_preferences as p', 'p.staff_user_id', 's.staff_user_id')
          .select((eb) => [
            's.id as subscription_id',
            eb.val(leadId).as('lead_id'),
            eb.val('assigned').as('kind'),
          ])
          .where('s.staff_user_id', '=', assignee)
          .where(sql<SqlBool>`coalesce(p.assigned, true)`),
      ),
  )
}

/** The lead changed hands again: assignment messages not yet claimed no longer hold. */
export async function withdrawAssignmentPushes(tx: Queryable, leadId: string): Promise<void> {
  await run(
    tx,
    build
      .deleteFrom('push_messages')
      .where('lead_id', '=', leadId)
      .where('kind', '=', 'assigned')
      .where('status', '=', 'pending'),
  )
}

/**
 * A follow-up is told within this long of falling due, never later: a server stopped for a day
 * does not ring every phone with yesterday's follow-ups when it starts.
 */
const followUpWindowMinutes = 6 * 60

/**
 * Follow-ups that fell due (leads still open, not spam, assigned): a message to each browser of the
 * assignee who wants them, subscribed before the follow-up fell due; once per due time (a moved
 * follow-up is told again when the new time comes). Several processes at once write each row once
 * (the unique index). Answers how many were queued.
 */
export async function queueDueFollowUps(db: Queryable): Promise<number> {
  const rows = await run(
    db,
    build
      .insertInto('push_messages')
      .columns(['subscription_id', 'lead_id', 'kind', 'follow_up_at'])
      .expression(
        build
          .selectFrom('leads as l')
          .innerJoin('push_subscriptions as s', 's.staff_user_id', 'l.assigned_to')
          .leftJoin('push_preferences as p', 'p.staff_user_id', 's.staff_user_id')
          .select((eb) => [
            's.id as subscription_id',
            'l.id as lead_id',
            eb.val('follow-up').as('kind'),
            'l.follow_up_at',
          ])
          .where('l.follow_up_at', 'is not', null)
          .where('l.status', 'in', openStatuses)
          .where('l.is_spam', '=', false)
          .where('l.follow_up_at', '<=', sql<Date>`now()`)
          .where(
            'l.follow_up_at',
            '>',
            sql<Date>`now() - interval '${sql.raw(String(followUpWindowMinutes))} minutes'`,
          )
          .whereRef('l.follow_up_at', '>=', 's.created_at')
          .where(sql<SqlBool>`coalesce(p.follow_ups, true)`),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['subscription_id', 'lead_id', 'follow_up_at'])
          .where('kind', '=', 'follow-up')
          .doNothing(),
      )
      .returning('id'),
  )
  return rows.length
}

/** Ended messages are kept this long (what the desk could show of them), then deleted. */
const keptDays = 7

/** Deletes ended messages older than `keptDays`: the table stays a few days of messages. */
export async function deleteOldPushMessages(db: Queryable): Promise<void> {
  await run(
    db,
    build
      .deleteFrom('push_messages')
      .where('status', 'in', ['sent', 'skipped', 'failed', 'discarded'])
      .where('created_at', '<', sql<Date>`now() - interval '${sql.raw(String(keptDays))} days'`),
  )
}

/** A message the worker claimed: the browser's keys, the lead as it is now, the member's quiet hours. */
export interface ClaimedPush {
  messageId: string
  attempts: number
  kind: PushKind
  /** The due time this follow-up message was queued for. */
  followUpAt: Date | null
  subscriptionId: string
  endpoint: string
  keys: { p256dh: string; auth: string }
  staffUserId: string
  quietHours: boolean
  lead: {
    id: string
    reference: string
    formKey: string
    fields: Record<string, string>
    status: string
    isSpam: boolean
    assignedTo: string | null
    followUpAt: Date | null
  }
}

/** A lead's answers: JSON comes back parsed from PostgreSQL and as text from PGlite. */
function parsed(value: Json): Record<string, string> {
  const fields: unknown = typeof value === 'string' ? JSON.parse(value) : value
  if (typeof fields !== 'object' || fields === null) return {}
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value))

/** The phone notifications (migration 024), claimed with their browser and their lead. */
export const pushOutbox = outbox({
  table: 'push_messages',
  key: 'id',
  lease: 'locked_until',
  // A few words of ours (the push service's status, "no answer"): never the endpoint.
  outcome: { error: 'last_error' },
  dueAtSettle: true,
  claimed: {
    claim: (claiming) =>
      build
        .updateTable('push_messages as job')
        .$call(claiming)
        .from(['push_subscriptions as s', 'leads as l'])
        .whereRef('s.id', '=', 'job.subscription_id')
        .whereRef('l.id', '=', 'job.lead_id')
        .returning((eb) => [
          'job.id as messageId',
          'job.attempts',
          'job.kind',
          'job.follow_up_at as messageFollowUpAt',
          'job.lead_id as leadId',
          's.id as subscriptionId',
          's.endpoint',
          's.p256dh',
          's.auth',
          's.staff_user_id as staffUserId',
          sql<boolean>`coalesce(${eb
            .selectFrom('push_preferences as p')
            .select('p.quiet_hours')
            .whereRef('p.staff_user_id', '=', 's.staff_user_id')}, false)`.as('quietHours'),
          'l.reference',
          'l.form_key as formKey',
          'l.fields',
          'l.status',
          'l.is_spam as isSpam',
          'l.assigned_to as assignedTo',
          'l.follow_up_at as leadFollowUpAt',
        ]),
    read: (row): ClaimedPush => ({
      messageId: row.messageId,
      attempts: row.attempts,
      kind: row.kind,
      followUpAt: dateOrNull(row.messageFollowUpAt),
      subscriptionId: row.subscriptionId,
      endpoint: row.endpoint,
      keys: { p256dh: row.p256dh, auth: row.auth },
      staffUserId: row.staffUserId,
      quietHours: row.quietHours,
      lead: {
        id: row.leadId,
        reference: row.reference,
        formKey: row.formKey,
        fields: parsed(row.fields),
        status: row.status,
        isSpam: row.isSpam,
        assignedTo: row.assignedTo,
        followUpAt: dateOrNull(row.leadFollowUpAt),
      },
    }),
    key: (message) => message.messageId,
  },
})

/**
 * Quiet hours: the message waits, pending, until `until` (the office's opening), its attempt given
 * back; nothing else about it changes.
 */
export async function deferPush(db: Queryable, message: ClaimedPush, until: Date): Promise<void> {
  await run(
    db,
    build
      .updateTable('push_messages')
      .set({
        status: 'pending',
        next_attempt_at: until,
        locked_until: null,
        attempts: sql<number>`GREATEST(attempts - 1, 0)`,
      })
      .where('id', '=', message.messageId)
      .where('status', '=', 'sending'),
  )
}

/** The push service says the browser is gone (404, 410): forgotten, with its messages. */
export async function forgetSubscription(db: Queryable, subscriptionId: string): Promise<void> {
  await run(db, build.deleteFrom('push_subscriptions').where('id', '=', subscriptionId))
}
