/**
 * Every statement about `delivery_jobs`, the transactional outbox (docs/decisions/003-sql-and-outbox.md):
 * a job is a lead's notification or a day's morning digest. The job of a new lead is written by the
 * lead's own insert (lead-repository.ts, one statement with the lead); the rest is here: what the
 * delivery worker claims with each job (its statements are server/jobs/outbox.ts's), the
 * desk's retry and "not spam", the digest's queueing, the held jobs after a restore, and the
 * counts that /api/health, /api/admin/health and /metrics report. The visitors' confirmations and
 * the assignment e-mails, sent by the same worker, are described here too.
 */
import type { NotNull, SqlBool } from 'kysely'
import type { Queryable } from '../db/database.ts'
import { build, countRows, run, sql } from '../db/query-builder.ts'
import type { Json } from '../db/schema.ts'
import { isUuid } from '../db/uuid.ts'
import { outbox } from '../jobs/outbox.ts'
import { pushOutbox, queueAssignmentPushes, withdrawAssignmentPushes } from '../push/push-jobs.ts'

/**
 * 'held': undelivered when a snapshot was taken, and restored since (holdUndeliveredJobs); it waits
 * for an owner's Send (pending again) or Discard ('discarded'), never claimed by the worker.
 */
export type DeliveryJobStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held' | 'discarded'

export interface DeliveryJob {
  id: string
  leadId: string
  status: DeliveryJobStatus
  attempts: number
  nextAttemptAt: Date
  lastError: string | null
  createdAt: Date
  sentAt: Date | null
}

/** The database's clock, where a statement records when. */
const now = sql<Date>`now()`

/** A date column as YYYY-MM-DD text: as a date, each driver would make it a Date at its own midnight. */
const dayText = (column: 'digest_day' | 'j.digest_day') =>
  sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`

/** A lead's jobs, oldest first (normally one). */
export async function deliveryJobsOfLead(db: Queryable, leadId: string): Promise<DeliveryJob[]> {
  if (!isUuid(leadId)) return []
  return run(
    db,
    build
      .selectFrom('delivery_jobs')
      .select([
        'id',
        'lead_id as leadId',
        'status',
        'attempts',
        'next_attempt_at as nextAttemptAt',
        'last_error as lastError',
        'created_at as createdAt',
        'sent_at as sentAt',
      ])
      .where('lead_id', '=', leadId)
      .orderBy('created_at')
      // The lead's own jobs: its id is there.
      .$narrowType<{ leadId: NotNull }>(),
  )
}

/** Queues a lead's notification unless it already has a job (call with the lead's row locked). */
export async function queueLeadJobOnce(tx: Queryable, leadId: string): Promise<void> {
  await run(
    tx,
    build
      .insertInto('delivery_jobs')
      .columns(['lead_id'])
      .expression(
        build
          .selectNoFrom((eb) => eb.val(leadId).as('lead_id'))
          .where(({ exists, not, selectFrom, lit }) =>
            not(exists(selectFrom('delivery_jobs').select(lit(1).as('one')).where('lead_id', '=', leadId))),
          ),
      ),
  )
}

/**
 * Queues the morning digest of `day` (YYYY-MM-DD); the unique `digest_day` makes a second call,
 * from any process, do nothing. Returns the day when this call queued it.
 */
export async function queueDigestJob(db: Queryable, day: string): Promise<string | undefined> {
  const [queued] = await run(
    db,
    build
      .insertInto('delivery_jobs')
      .values({ digest_day: day, status: 'pending' })
      .onConflict((conflict) => conflict.column('digest_day').doNothing())
      .returning(dayText('digest_day').as('day'))
      // The day just written.
      .$narrowType<{ day: NotNull }>(),
  )
  return queued?.day
}

/** A job the delivery worker claimed, with what it needs to send it. */
export interface ClaimedJob {
  jobId: string
  /** Attempts counted so far, this one included. */
  attempts: number
  /** The lead's id, or null on a morning digest's job. */
  leadId: string | null
  /** Set on a morning digest's job (no lead): the day, YYYY-MM-DD. */
  digestDay: string | null
  /** The lead's columns; null on a digest's job. */
  reference: string | null
  formKey: string | null
  fields: Record<string, string> | null
  language: string | null
  receivedAt: Date | null
}

/** A lead's answers: JSON columns come back parsed from PostgreSQL and as text from PGlite. */
function parsed(value: Json): Record<string, string> {
  const fields: unknown = typeof value === 'string' ? JSON.parse(value) : value
  if (typeof fields !== 'object' || fields === null) return {}
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

/** The agency's notifications and morning digests, as the delivery worker claims and records them. */
export const notificationOutbox = outbox({
  table: 'delivery_jobs',
  key: 'id',
  lease: 'locked_until',
  owner: 'lead_id',
  // Only the error's message is kept: it names the SMTP failure, never the lead's contents.
  outcome: { error: 'last_error' },
  claimed: {
    // The lead's columns come from subqueries, so a digest job (no lead) is claimed like any other.
    claim: (claiming) =>
      build
        .updateTable('delivery_jobs as job')
        .$call(claiming)
        .returning((eb) => {
          const lead = eb.selectFrom('leads').whereRef('leads.id', '=', 'job.lead_id')
          return [
            'job.id as jobId',
            'job.attempts',
            'job.lead_id as leadId',
            sql<string | null>`to_char(job.digest_day, 'YYYY-MM-DD')`.as('digestDay'),
            lead.select('reference').as('reference'),
            lead.select('form_key').as('formKey'),
            lead.select('fields').as('fields'),
            lead.select('language').as('language'),
            lead.select('received_at').as('receivedAt'),
          ]
        }),
    read: (row): ClaimedJob => ({
      ...row,
      fields: row.fields === null ? null : parsed(row.fields),
      receivedAt: row.receivedAt === null ? null : new Date(row.receivedAt),
    }),
    key: (job) => job.jobId,
  },
})

/** A lead's failed job goes back to pending, due now, with a fresh count of attempts. */
export async function retryFailedJob(db: Queryable, leadId: string, jobId: string): Promise<boolean> {
  if (!isUuid(leadId) || !isUuid(jobId)) return false
  return notificationOutbox.retryFailed(db, jobId, leadId)
}

/** Jobs by status, every status present (zero included), for the whole database. */
export async function countJobsByStatus(db: Queryable): Promise<Record<DeliveryJobStatus, number>> {
  const rows = await run(
    db,
    build
      .selectFrom('delivery_jobs')
      .select(['status', countRows().as('n')])
      .groupBy('status'),
  )
  const counts = new Map(rows.map((row) => [row.status, row.n]))
  return {
    pending: counts.get('pending') ?? 0,
    sending: counts.get('sending') ?? 0,
    sent: counts.get('sent') ?? 0,
    failed: counts.get('failed') ?? 0,
    held: counts.get('held') ?? 0,
    discarded: counts.get('discarded') ?? 0,
  }
}

/**
 * Notifications still waiting, those that failed for good (staff must look), and, only when there
 * are any, those held after a restore (an owner must decide): the answer keeps its usual shape
 * for monitors that never restore.
 */
export async function deliveryCounts(
  db: Queryable,
): Promise<{ failed: number; waiting: number; held?: number }> {
  const counts = await countJobsByStatus(db)
  const usual = { failed: counts.failed, waiting: counts.pending + counts.sending }
  return counts.held > 0 ? { ...usual, held: counts.held } : usual
}

/**
 * After a restore: every job the snapshot had not delivered (pending, retrying or being sent) is
 * held, because the agency most likely received it before the snapshot was restored. Returns how
 * many were held. Run by scripts/restore.ts, so nothing depends on the server noticing a restore.
 */
export async function holdUndeliveredJobs(db: Queryable): Promise<number> {
  const rows = await run(
    db,
    build
      .updateTable('delivery_jobs')
      .set({ status: 'held', held_at: now, locked_until: null })
      .where('status', 'in', ['pending', 'sending'])
      .returning('id'),
  )
  // The visitors' confirmations are not held but ended: the visitor most likely had theirs, and
  // one arriving after an owner's decision, hours later, would confuse.
  await confirmationOutbox.discardUndelivered(db)
  // So are the assignment e-mails: staff see the assignment on the desk, and news of an old one
  // arriving later would mislead.
  await assignmentOutbox.discardUndelivered(db)
  // And the phone notifications: a phone ringing hours later for an old lead would mislead.
  await pushOutbox.discardUndelivered(db)
  // And the desk's replies: staff see on the lead what was sent, and can send again if need be.
  await replyOutbox.discardUndelivered(db)
  return rows.length
}

/** A held notification as the desk lists it: a lead's (reference, form) or a day's digest. */
export interface HeldJob {
  jobId: string
  leadId: string | null
  reference: string | null
  formKey: string | null
  receivedAt: Date | null
  digestDay: string | null
  attempts: number
  heldAt: Date | null
}

/** The held notifications, oldest first, at most `limit`. */
export function listHeldJobs(db: Queryable, limit: number): Promise<HeldJob[]> {
  return run(
    db,
    build
      .selectFrom('delivery_jobs as j')
      .leftJoin('leads as l', 'l.id', 'j.lead_id')
      .select([
        'j.id as jobId',
        'j.lead_id as leadId',
        'l.reference',
        'l.form_key as formKey',
        'l.received_at as receivedAt',
        dayText('j.digest_day').as('digestDay'),
        'j.attempts',
        'j.held_at as heldAt',
      ])
      .where('j.status', '=', 'held')
      .orderBy('j.created_at')
      .orderBy('j.id')
      .limit(limit),
  )
}

export type HeldDecision = 'send' | 'discard'

/**
 * An owner's decision on held jobs (`jobIds`, or every held job when it is undefined): Send makes
 * each pending and due now (its attempts kept), Discard ends it. Who and when are kept on the job.
 * Only jobs still held change, so a second click or a second owner changes nothing. Returns the
 * ids decided.
 */
export async function decideHeldJobs(
  db: Queryable,
  decision: { jobIds?: readonly string[]; action: HeldDecision; by: string },
): Promise<string[]> {
  const ids = decision.jobIds?.filter(isUuid)
  if (ids && ids.length === 0) return []
  const decided = { decided_by: decision.by, decided_at: now, locked_until: null }
  const held = build
    .updateTable('delivery_jobs')
    .set(
      decision.action === 'send'
        ? { ...decided, status: 'pending', next_attempt_at: now }
        : { ...decided, status: 'discarded' },
    )
    .where('status', '=', 'held')
  const chosen = ids ? held.where('id', '=', (eb) => eb.fn.any(eb.val(ids))) : held
  const rows = await run(db, chosen.returning('id'))
  return rows.map((row) => row.id)
}

/** An owner's decision on a held job, as the desk lists it. */
export interface HeldDecisionEntry {
  reference: string | null
  digestDay: string | null
  status: DeliveryJobStatus
  decidedBy: string
  decidedAt: Date
}

/** The latest decisions on held jobs, newest first. */
export function recentHeldDecisions(db: Queryable, limit: number): Promise<HeldDecisionEntry[]> {
  return run(
    db,
    build
      .selectFrom('delivery_jobs as j')
      .leftJoin('leads as l', 'l.id', 'j.lead_id')
      .select([
        'l.reference',
        dayText('j.digest_day').as('digestDay'),
        'j.status',
        'j.decided_by as decidedBy',
        'j.decided_at as decidedAt',
      ])
      .where('j.decided_at', 'is not', null)
      .orderBy('j.decided_at', 'desc')
      .orderBy('j.id')
      .limit(limit)
      // decideHeldJobs writes who and when together.
      .$narrowType<{ decidedBy: NotNull; decidedAt: NotNull }>(),
  )
}

/**
 * A visitor's confirmation the delivery worker claimed (migration 014): the lead's columns it
 * needs, nothing more. `counted` says whether an earlier attempt already counted it against its
 * address's daily limit.
 */
export interface ClaimedConfirmation {
  leadId: string
  attempts: number
  counted: boolean
  reference: string | null
  formKey: string
  fields: Record<string, string>
  language: string
  receivedAt: Date
}

/**
 * A confirmation is sent while the visitor still expects it: one older than this (waiting since
 * the e-mail was switched off, or through a long SMTP outage) is never claimed, and goes with its
 * lead.
 */
const confirmationMaxAgeHours = 24

/**
 * The visitors' confirmations (migration 014), keyed by their lead. `skipped`: never sent, on
 * purpose (no e-mail field, the address's daily limit, an unknown form), the reason kept.
 */
export const confirmationOutbox = outbox({
  table: 'visitor_confirmations',
  key: 'lead_id',
  lease: 'locked_until',
  due: {
    where: sql<SqlBool>`due.created_at > now() - interval '${sql.raw(String(confirmationMaxAgeHours))} hours'`,
  },
  // The SMTP failure's message or why none was sent: never the visitor's address.
  outcome: { error: 'last_error' },
  dueAtSettle: true,
  claimed: {
    claim: (claiming) =>
      build
        .updateTable('visitor_confirmations as job')
        .$call(claiming)
        .from('leads as l')
        .whereRef('l.id', '=', 'job.lead_id')
        .returning([
          'job.lead_id as leadId',
          'job.attempts',
          'job.counted',
          'l.reference',
          'l.form_key as formKey',
          'l.fields',
          'l.language',
          'l.received_at as receivedAt',
        ]),
    read: (row): ClaimedConfirmation => ({
      ...row,
      fields: parsed(row.fields),
      receivedAt: new Date(row.receivedAt),
    }),
    key: (confirmation) => confirmation.leadId,
  },
})

/**
 * Counts a confirmation against its address's day (UTC) once, however many attempts it takes, and
 * answers how many the address has had that day, this one included; a repeated attempt answers 0
 * (already counted, and allowed then). Days before yesterday are deleted on the way: the table
 * holds at most two days of addresses.
 */
export async function countConfirmation(db: Queryable, leadId: string, addressKey: string): Promise<number> {
  await run(db, build.deleteFrom('visitor_mail_counts').where('day', '<', sql<Date>`current_date - 1`))
  const [count] = await run(
    db,
    build
      .with('mark', (mark) =>
        mark
          .updateTable('visitor_confirmations')
          .set({ counted: true })
          .where('lead_id', '=', leadId)
          .where((eb) => eb.not(eb.ref('counted')))
          .returning('lead_id'),
      )
      .insertInto('visitor_mail_counts')
      .columns(['address_key', 'day', 'sent'])
      .expression((eb) =>
        eb
          .selectFrom('mark')
          .select([
            eb.val(addressKey).as('address_key'),
            sql<Date>`current_date`.as('day'),
            eb.lit(1).as('sent'),
          ]),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['address_key', 'day'])
          .doUpdateSet((eb) => ({ sent: eb('visitor_mail_counts.sent', '+', eb.lit(1)) })),
      )
      .returning('sent'),
  )
  return count?.sent ?? 0
}

/**
 * A member told of a lead by e-mail within this long is not told of it again: a lead toggled
 * between colleagues (or assigned, unassigned, assigned) mails each of them once, not once a click.
 */
const assignmentMailQuietHours = 1

/**
 * What an assignment changes in the e-mails about a lead (in the assignment's transaction, the
 * lead locked). An e-mail not yet claimed by the delivery worker announces an assignment that no
 * longer holds, so it is withdrawn; then `assignee`, unless null, is told, once in the quiet time
 * (migration 017's rows being sent or sent count; a failed or withdrawn one does not). The worker's
 * claim is untouched: a row it holds is 'sending', not 'pending', and stays.
 */
export async function queueAssignmentMail(
  tx: Queryable,
  mail: { leadId: string; assignee: string | null; assignedBy: string | null },
): Promise<void> {
  await run(
    tx,
    build.deleteFrom('assignment_mails').where('lead_id', '=', mail.leadId).where('status', '=', 'pending'),
  )
  // The phone notifications of an assignment follow its e-mail's rules (server/push/push-jobs.ts).
  await withdrawAssignmentPushes(tx, mail.leadId)
  if (mail.assignee === null) return
  const told = await run(
    tx,
    build
      .selectFrom('assignment_mails')
      .select('id')
      .where('lead_id', '=', mail.leadId)
      .where('staff_user_id', '=', mail.assignee)
      .where('status', 'in', ['sending', 'sent'])
      .where(sql<SqlBool>`created_at > now() - interval '${sql.raw(String(assignmentMailQuietHours))} hours'`)
      .limit(1),
  )
  if (told.length > 0) return
  await run(
    tx,
    build.insertInto('assignment_mails').values({
      lead_id: mail.leadId,
      staff_user_id: mail.assignee,
      assigned_by: mail.assignedBy,
      status: 'pending',
    }),
  )
  await queueAssignmentPushes(tx, mail.leadId, mail.assignee)
}

/**
 * An assignment e-mail the delivery worker claimed (migration 017): the recipient, who assigned
 * the lead, and the lead's reference, form and time received; nothing the visitor typed.
 */
export interface ClaimedAssignmentMail {
  mailId: string
  attempts: number
  leadId: string
  reference: string | null
  formKey: string
  receivedAt: Date
  to: string
  assignedBy: { email: string; displayName: string | null } | null
}

/** The e-mails telling staff of a lead a colleague assigned them (migration 017). */
export const assignmentOutbox = outbox({
  table: 'assignment_mails',
  key: 'id',
  lease: 'lease_until',
  // The SMTP failure's message only: never the staff member's address.
  outcome: { error: 'last_error' },
  dueAtSettle: true,
  claimed: {
    claim: (claiming) =>
      build
        .updateTable('assignment_mails as job')
        .$call(claiming)
        .from(['leads as l', 'staff_users as s'])
        .whereRef('l.id', '=', 'job.lead_id')
        .whereRef('s.id', '=', 'job.staff_user_id')
        .returning((eb) => {
          const by = eb.selectFrom('staff_users as b').whereRef('b.id', '=', 'job.assigned_by')
          return [
            'job.id as mailId',
            'job.attempts',
            'job.lead_id as leadId',
            'l.reference',
            'l.form_key as formKey',
            'l.received_at as receivedAt',
            's.email as to',
            by.select('b.email').as('byEmail'),
            by.select('b.display_name').as('byName'),
          ]
        }),
    read: (row): ClaimedAssignmentMail => ({
      mailId: row.mailId,
      attempts: row.attempts,
      leadId: row.leadId,
      reference: row.reference,
      formKey: row.formKey,
      receivedAt: new Date(row.receivedAt),
      to: row.to,
      assignedBy: row.byEmail ? { email: row.byEmail, displayName: row.byName } : null,
    }),
    key: (mail) => mail.mailId,
  },
})

export interface ClaimedReplyMail {
  mailId: string
  attempts: number
  leadId: string
  /** The lead's own address, read when the reply is sent. */
  to: string | null
  replyTo: { name: string; address: string }
  subject: string
  body: string
}

/** The replies staff send visitors from the desk (migration 023, server/desk/reply-templates.ts). */
export const replyOutbox = outbox({
  table: 'reply_mails',
  key: 'id',
  lease: 'lease_until',
  // The SMTP failure's message only: never an address.
  outcome: { error: 'last_error' },
  dueAtSettle: true,
  claimed: {
    claim: (claiming) =>
      build
        .updateTable('reply_mails as job')
        .$call(claiming)
        .from('leads as l')
        .whereRef('l.id', '=', 'job.lead_id')
        .returning([
          'job.id as mailId',
          'job.attempts',
          'job.lead_id as leadId',
          sql<string | null>`l.fields->>'email'`.as('to'),
          'job.reply_to as replyTo',
          'job.reply_to_name as replyToName',
          'job.subject',
          'job.body',
        ]),
    read: (row): ClaimedReplyMail => ({
      mailId: row.mailId,
      attempts: row.attempts,
      leadId: row.leadId,
      to: row.to,
      replyTo: { name: row.replyToName ?? '', address: row.replyTo },
      subject: row.subject,
      body: row.body,
    }),
    key: (mail) => mail.mailId,
  },
})
