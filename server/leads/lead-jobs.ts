/**
 * Every statement about `delivery_jobs`, the transactional outbox (docs/decisions/003-sql-and-outbox.md):
 * a job is a lead's notification or a day's morning digest. The job of a new lead is written by the
 * lead's own insert (lead-repository.ts, one statement with the lead); the rest is here: the
 * delivery worker's claim and outcomes, the desk's retry and "not spam", the digest's queueing,
 * and the counts that /api/health, /api/admin/health and /metrics report.
 */
import type { Queryable } from '../db/database.ts'
import { isUuid } from './lead-id.ts'

export type DeliveryJobStatus = 'pending' | 'sending' | 'sent' | 'failed'

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

const deliveryJobColumns = `id, lead_id AS "leadId", status, attempts, next_attempt_at AS "nextAttemptAt",
  last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt"`

/** A lead's jobs, oldest first (normally one). */
export async function deliveryJobsOfLead(db: Queryable, leadId: string): Promise<DeliveryJob[]> {
  if (!isUuid(leadId)) return []
  return db.query<DeliveryJob>(
    `SELECT ${deliveryJobColumns} FROM delivery_jobs WHERE lead_id = $1 ORDER BY created_at`,
    [leadId],
  )
}

/** Queues a lead's notification unless it already has a job (call with the lead's row locked). */
export async function queueLeadJobOnce(tx: Queryable, leadId: string): Promise<void> {
  await tx.query(
    `INSERT INTO delivery_jobs (lead_id)
     SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM delivery_jobs WHERE lead_id = $1)`,
    [leadId],
  )
}

/**
 * Queues the morning digest of `day` (YYYY-MM-DD); the unique `digest_day` makes a second call,
 * from any process, do nothing. Returns the day when this call queued it.
 */
export async function queueDigestJob(db: Queryable, day: string): Promise<string | undefined> {
  const rows = await db.query<{ day: string }>(
    `INSERT INTO delivery_jobs (digest_day) VALUES ($1::date)
     ON CONFLICT (digest_day) DO NOTHING RETURNING to_char(digest_day, 'YYYY-MM-DD') AS day`,
    [day],
  )
  return rows[0]?.day
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
  formKey: string | null
  fields: Record<string, string> | null
  language: string | null
  receivedAt: Date | null
}

/**
 * Claims the job due first and counts an attempt: FOR UPDATE SKIP LOCKED, so several server
 * processes never take the same job; the claim is a lease of `leaseMs`, after which a job left
 * 'sending' (its process died mid-send) is due again.
 */
export async function claimDueJob(db: Queryable, leaseMs: number): Promise<ClaimedJob | undefined> {
  // The lead's columns come from subqueries, so a digest job (no lead) is claimed like any other.
  const rows = await db.query<
    Omit<ClaimedJob, 'fields'> & { fields: Record<string, string> | string | null }
  >(
    `UPDATE delivery_jobs AS job
        SET status = 'sending', attempts = job.attempts + 1,
            locked_until = now() + ($1::int * interval '1 millisecond')
      WHERE job.id = (SELECT id FROM delivery_jobs
                       WHERE (status = 'pending' AND next_attempt_at <= now())
                          OR (status = 'sending' AND locked_until < now())
                       ORDER BY next_attempt_at
                       LIMIT 1
                       FOR UPDATE SKIP LOCKED)
      RETURNING job.id AS "jobId", job.attempts, job.lead_id AS "leadId",
                to_char(job.digest_day, 'YYYY-MM-DD') AS "digestDay",
                (SELECT form_key FROM leads WHERE id = job.lead_id) AS "formKey",
                (SELECT fields FROM leads WHERE id = job.lead_id) AS fields,
                (SELECT language FROM leads WHERE id = job.lead_id) AS language,
                (SELECT received_at FROM leads WHERE id = job.lead_id) AS "receivedAt"`,
    [leaseMs],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    ...row,
    leadId: row.leadId === null ? null : String(row.leadId),
    fields: typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields,
    receivedAt: row.receivedAt === null ? null : new Date(row.receivedAt),
  }
}

export async function markJobSent(db: Queryable, jobId: string): Promise<void> {
  await db.query(
    `UPDATE delivery_jobs SET status = 'sent', sent_at = now(), last_error = NULL, locked_until = NULL WHERE id = $1`,
    [jobId],
  )
}

/**
 * A failed attempt: pending again after `retryInMs`, or 'failed' for good on the last attempt.
 * Only the error's message is kept: it names the SMTP failure, never the lead's contents.
 */
export async function recordFailedAttempt(
  db: Queryable,
  attempt: { jobId: string; final: boolean; reason: string; retryInMs: number },
): Promise<void> {
  await db.query(
    `UPDATE delivery_jobs
        SET status = $2, last_error = $3, locked_until = NULL,
            next_attempt_at = now() + ($4::int * interval '1 millisecond')
      WHERE id = $1`,
    [attempt.jobId, attempt.final ? 'failed' : 'pending', attempt.reason, attempt.retryInMs],
  )
}

/** Gives a claimed job back: pending and due now, the interrupted attempt not counted. */
export async function releaseJob(db: Queryable, jobId: string): Promise<void> {
  await db.query(
    `UPDATE delivery_jobs
        SET status = 'pending', attempts = GREATEST(attempts - 1, 0), locked_until = NULL,
            next_attempt_at = now()
      WHERE id = $1 AND status = 'sending'`,
    [jobId],
  )
}

/** A lead's failed job goes back to pending, due now, with a fresh count of attempts. */
export async function retryFailedJob(db: Queryable, leadId: string, jobId: string): Promise<boolean> {
  if (!isUuid(leadId) || !isUuid(jobId)) return false
  // now() of the database, as the delivery worker compares next_attempt_at with it.
  const rows = await db.query<{ id: string }>(
    `UPDATE delivery_jobs SET status = 'pending', next_attempt_at = now(), attempts = 0, locked_until = NULL
      WHERE id = $1 AND lead_id = $2 AND status = 'failed' RETURNING id`,
    [jobId, leadId],
  )
  return rows.length > 0
}

/** Jobs by status, every status present (zero included), for the whole database. */
export async function countJobsByStatus(db: Queryable): Promise<Record<DeliveryJobStatus, number>> {
  const rows = await db.query<{ status: string; n: number | string }>(
    'SELECT status, count(*) AS n FROM delivery_jobs GROUP BY status',
  )
  const counts = new Map(rows.map((row) => [row.status, Number(row.n)]))
  return {
    pending: counts.get('pending') ?? 0,
    sending: counts.get('sending') ?? 0,
    sent: counts.get('sent') ?? 0,
    failed: counts.get('failed') ?? 0,
  }
}

/** Notifications still waiting, and those that failed for good (staff must look). */
export async function deliveryCounts(db: Queryable): Promise<{ failed: number; waiting: number }> {
  const counts = await countJobsByStatus(db)
  return { failed: counts.failed, waiting: counts.pending + counts.sending }
}
