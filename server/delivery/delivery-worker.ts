/**
 * Delivers each stored lead's notification: a transactional outbox. The lead and its job are
 * written in one transaction; this worker claims due jobs with FOR UPDATE SKIP LOCKED (so several
 * server processes never take the same job at once), sends, and records the outcome. A failed
 * send is retried with exponential backoff; after the last attempt the job is kept as 'failed',
 * counted in /api/health and shown to staff. A process killed mid-send leaves a 'sending' job
 * whose lease runs out, and another pass picks it up again.
 */
import type { FormDefinition } from '../../forms/engine.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import { buildLeadNotification } from '../mail/lead-notification.ts'
import type { MailTransport } from '../mail/mail-transport.ts'

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
  stop(): Promise<void>
}

export function createDeliveryWorker({
  db,
  transport,
  settings,
  getForm,
  log,
  pollMs = 1000,
}: {
  db: Queryable
  transport: MailTransport
  settings: DeliverySettings
  getForm: (key: string) => FormDefinition | undefined
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  pollMs?: number
}): DeliveryWorker & { start(): void } {
  let stopped = false

  async function claim(): Promise<ClaimedJob | undefined> {
    const rows = await db.query<ClaimedJob>(
      `UPDATE delivery_jobs AS job
          SET status = 'sending', attempts = job.attempts + 1,
              locked_until = now() + ($1::int * interval '1 millisecond')
         FROM leads AS lead
        WHERE lead.id = job.lead_id
          AND job.id = (SELECT id FROM delivery_jobs
                         WHERE (status = 'pending' AND next_attempt_at <= now())
                            OR (status = 'sending' AND locked_until < now())
                         ORDER BY next_attempt_at
                         LIMIT 1
                         FOR UPDATE SKIP LOCKED)
        RETURNING job.id AS job_id, job.attempts, job.lead_id, lead.form_key, lead.fields, lead.language,
                  lead.received_at`,
      [settings.leaseMs],
    )
    return rows[0]
  }

  async function deliver(job: ClaimedJob): Promise<boolean> {
    const form = getForm(job.form_key)
    try {
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
      await db.query(
        `UPDATE delivery_jobs SET status = 'sent', sent_at = now(), last_error = NULL, locked_until = NULL WHERE id = $1`,
        [job.job_id],
      )
      log.info({ leadId: job.lead_id, attempts: job.attempts }, 'lead notification delivered')
      return true
    } catch (error) {
      // Only the error's message is kept: it names the SMTP failure, never the lead's contents.
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      const finalAttempt = job.attempts >= settings.maxAttempts
      await db.query(
        `UPDATE delivery_jobs
            SET status = $2, last_error = $3, locked_until = NULL,
                next_attempt_at = now() + ($4::int * interval '1 millisecond')
          WHERE id = $1`,
        [job.job_id, finalAttempt ? 'failed' : 'pending', reason, retryDelayMs(job.attempts, settings)],
      )
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
      if (await deliver(job)) sent++
    }
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
    async stop() {
      stopped = true
      await task.stop()
    },
  }
}
