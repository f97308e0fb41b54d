/**
 * Delivers each stored lead's notification: a transactional outbox. The lead and its job are
 * written in one transaction; this worker claims due jobs with FOR UPDATE SKIP LOCKED (so several
 * server processes never take the same job at once), sends, and records the outcome. A failed
 * send is retried with exponential backoff; after the last attempt the job is kept as 'failed',
 * counted in /api/health and shown to staff. A process killed mid-send leaves a 'sending' job
 * whose lease runs out, and another pass picks it up again. A graceful stop (SIGTERM) lets the send
 * in progress finish, or, when it takes too long, hands the job back at once so the next process
 * need not wait for the lease.
 */
import type { FormDefinition } from '../../forms/engine.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import { buildLeadNotification } from '../mail/lead-notification.ts'
import type { MailTransport } from '../mail/mail-transport.ts'
import type { Metrics } from '../metrics/metrics.ts'

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>
}

export interface DeliverySettings {
  from: string
  to: string
  maxAttempts: number
  /** First retry delay; each later one doubles, up to maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** How long a claimed job stays reserved for the process that claimed it. */
  leaseMs: number
}

interface ClaimedJob {
  job_id: string
  attempts: number
  lead_id: string
  /** Set on a morning digest's job (no lead). */
  digest_day: string | null
  form_key: string
  fields: Record<string, string> | string
  language: string
  received_at: Date | string
}

export function retryDelayMs(
  attempts: number,
  settings: Pick<DeliverySettings, 'baseDelayMs' | 'maxDelayMs'>,
): number {
  return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1))
}

export interface DeliveryWorker {
  /** Delivers every job that is due now; resolves with how many were sent. */
  runOnce(): Promise<number>
  /**
   * Claims nothing more and waits for the send in progress; after `releaseAfterMs` (default: no
   * limit) a job still being sent is released (pending again, its attempt given back) and stop resolves.
   */
  stop(options?: { releaseAfterMs?: number }): Promise<void>
}

export function createDeliveryWorker({
  db,
  transport,
  settings,
  getForm,
  log,
  pollMs = 1000,
  metrics,
  digest,
}: {
  db: Queryable
  transport: MailTransport
  settings: DeliverySettings
  getForm: (key: string) => FormDefinition | undefined
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  pollMs?: number
  /** Counts attempts and the time from a lead being stored to its notification being sent. */
  metrics?: Pick<Metrics, 'deliveries' | 'deliveryLatency'>
  /** The morning digest's recipient and contents (server/desk/morning-digest.ts). */
  digest?: { to: string; compose(day: string): Promise<{ subject: string; text: string; html: string }> }
}): DeliveryWorker & { start(): void } {
  let stopped = false
  /** The job this process is sending right now (at most one: a pass sends one after the other). */
  let current: ClaimedJob | undefined
  /** A job handed back by stop(): its late outcome must not overwrite what the next process does. */
  let released: string | undefined

  async function claim(): Promise<ClaimedJob | undefined> {
    // A job is a lead's notification or a day's digest (no lead): the lead's columns come from
    // subqueries, so a digest job is claimed like any other.
    const rows = await db.query<ClaimedJob>(
      `UPDATE delivery_jobs AS job
          SET status = 'sending', attempts = job.attempts + 1,
              locked_until = now() + ($1::int * interval '1 millisecond')
        WHERE job.id = (SELECT id FROM delivery_jobs
                         WHERE (status = 'pending' AND next_attempt_at <= now())
                            OR (status = 'sending' AND locked_until < now())
                         ORDER BY next_attempt_at
                         LIMIT 1
                         FOR UPDATE SKIP LOCKED)
        RETURNING job.id AS job_id, job.attempts, job.lead_id,
                  to_char(job.digest_day, 'YYYY-MM-DD') AS digest_day,
                  (SELECT form_key FROM leads WHERE id = job.lead_id) AS form_key,
                  (SELECT fields FROM leads WHERE id = job.lead_id) AS fields,
                  (SELECT language FROM leads WHERE id = job.lead_id) AS language,
                  (SELECT received_at FROM leads WHERE id = job.lead_id) AS received_at`,
      [settings.leaseMs],
    )
    return rows[0]
  }

  async function send(job: ClaimedJob): Promise<void> {
    if (job.digest_day) {
      if (!digest) throw new Error('no digest settings')
      const message = await digest.compose(job.digest_day)
      await transport.send({
        ...message,
        from: settings.from,
        to: digest.to,
        leadId: `digest-${job.digest_day}`,
      })
      return
    }
    const form = getForm(job.form_key)
    if (!form) throw new Error(`unknown form ${job.form_key}`)
    const fields: Record<string, string> =
      typeof job.fields === 'string' ? JSON.parse(job.fields) : job.fields
    const message = buildLeadNotification(form, {
      id: String(job.lead_id),
      formKey: job.form_key,
      fields,
      language: job.language,
      receivedAt: new Date(job.received_at),
    })
    await transport.send({ ...message, from: settings.from, to: settings.to, leadId: String(job.lead_id) })
  }

  async function deliver(job: ClaimedJob): Promise<boolean> {
    try {
      await send(job)
      if (released === job.job_id) return false
      await db.query(
        `UPDATE delivery_jobs SET status = 'sent', sent_at = now(), last_error = NULL, locked_until = NULL WHERE id = $1`,
        [job.job_id],
      )
      log.info(
        { leadId: job.lead_id, digestDay: job.digest_day, attempts: job.attempts },
        job.digest_day ? 'morning digest delivered' : 'lead notification delivered',
      )
      metrics?.deliveries.inc({ outcome: 'sent' })
      // The latency is a lead's, from being stored to being sent; a digest has none.
      if (!job.digest_day)
        metrics?.deliveryLatency.observe(Math.max(0, Date.now() - new Date(job.received_at).getTime()) / 1000)
      return true
    } catch (error) {
      // Only the error's message is kept: it names the SMTP failure, never the lead's contents.
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      if (released === job.job_id) return false
      const finalAttempt = job.attempts >= settings.maxAttempts
      await db.query(
        `UPDATE delivery_jobs
            SET status = $2, last_error = $3, locked_until = NULL,
                next_attempt_at = now() + ($4::int * interval '1 millisecond')
          WHERE id = $1`,
        [job.job_id, finalAttempt ? 'failed' : 'pending', reason, retryDelayMs(job.attempts, settings)],
      )
      metrics?.deliveries.inc({ outcome: finalAttempt ? 'failed' : 'retry' })
      log.warn(
        { leadId: job.lead_id, attempts: job.attempts, finalAttempt, reason },
        finalAttempt ? 'lead notification failed for good' : 'lead notification failed, will retry',
      )
      return false
    }
  }

  async function runOnce(): Promise<number> {
    let sent = 0
    for (;;) {
      if (stopped) return sent
      const job = await claim()
      if (!job) return sent
      current = job
      try {
        if (await deliver(job)) sent++
      } finally {
        current = undefined
      }
    }
  }

  /** Gives a claimed job back: pending and due now, the interrupted attempt not counted. */
  async function release(job: ClaimedJob): Promise<void> {
    released = job.job_id
    await db.query(
      `UPDATE delivery_jobs
          SET status = 'pending', attempts = GREATEST(attempts - 1, 0), locked_until = NULL,
              next_attempt_at = now()
        WHERE id = $1 AND status = 'sending'`,
      [job.job_id],
    )
    log.warn({ leadId: job.lead_id }, 'stopping: released a notification still being sent')
  }

  const task = createPeriodicTask({
    pass: runOnce,
    intervalMs: pollMs,
    onError: (error) => log.warn({ reason: errorReason(error) }, 'delivery pass failed'),
  })

  return {
    start() {
      stopped = false
      task.start()
    },
    runOnce,
    async stop({ releaseAfterMs }: { releaseAfterMs?: number } = {}) {
      stopped = true
      const finished = task.stop()
      if (releaseAfterMs === undefined) return finished
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), releaseAfterMs)
      })
      const outcome = await Promise.race([finished.then(() => 'done' as const), late])
      clearTimeout(timer)
      if (outcome === 'late' && current) await release(current)
    },
  }
}
