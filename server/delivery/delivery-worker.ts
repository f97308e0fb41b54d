/**
 * Delivers each stored lead's notification: a transactional outbox. The lead and its job are
 * written in one transaction; this worker claims due jobs with FOR UPDATE SKIP LOCKED (so several
 * server processes never take the same job at once), sends, and records the outcome. A failed
 * send is retried with exponential backoff; after the last attempt the job is kept as 'failed',
 * counted in /api/health and shown to staff. A process killed mid-send leaves a 'sending' job
 * whose lease runs out, and another pass picks it up again. A graceful stop (SIGTERM) lets the send
 * in progress finish, or, when it takes too long, hands the job back at once so the next process
 * need not wait for the lease.
 *
 * With webhook settings, each pass then does the same for webhooks (server/webhooks): the events
 * written since the last pass become deliveries to the destinations they match, and each due
 * delivery is POSTed, retried with the same backoff and number of attempts as an e-mail.
 *
 * With visitor settings, each pass also sends the visitors' confirmations (migration 014,
 * server/mail/visitor-confirmation.ts), after the agency's notifications: same claim, lease and
 * backoff, at most `visitorDailyLimit` a day to one address.
 *
 * Each pass also tells staff of the leads a colleague assigned to them (migration 017,
 * server/mail/assignment-mail.ts), with the same claim, lease and backoff.
 */
import { createHmac } from 'node:crypto'
import { agency } from '../../config/agency.ts'
import type { FormDefinition } from '../../forms/engine.ts'
import type { Queryable } from '../db/database.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import {
  type ClaimedAssignmentMail,
  type ClaimedConfirmation,
  type ClaimedJob,
  claimDueAssignmentMail,
  claimDueConfirmation,
  claimDueJob,
  countConfirmation,
  markJobSent,
  recordAssignmentMail,
  recordConfirmation,
  recordFailedAttempt,
  releaseAssignmentMail,
  releaseConfirmation,
  releaseJob,
} from '../leads/lead-jobs.ts'
import { buildAssignmentMail } from '../mail/assignment-mail.ts'
import { buildLeadNotification } from '../mail/lead-notification.ts'
import type { MailTransport } from '../mail/mail-transport.ts'
import { buildVisitorConfirmation, visitorAddress } from '../mail/visitor-confirmation.ts'
import type { Metrics } from '../metrics/metrics.ts'
import { staffLabel } from '../staff/staff-accounts.ts'
import {
  attemptDelivery,
  fanOutEvents,
  recordOutcome,
  type WebhookSettings,
} from '../webhooks/webhook-delivery.ts'
import { type ClaimedDelivery, claimDueDelivery, releaseDelivery } from '../webhooks/webhook-jobs.ts'

export interface DeliverySettings {
  from: string
  to: string
  maxAttempts: number
  /** First retry delay; each later one doubles, up to maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** How long a claimed job stays reserved for the process that claimed it. */
  leaseMs: number
  /** The site's address, for the link to the lead in the e-mail (the agency's site by default). */
  siteUrl?: string
}

export function retryDelayMs(
  attempts: number,
  settings: Pick<DeliverySettings, 'baseDelayMs' | 'maxDelayMs'>,
): number {
  return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1))
}

/** Confirmations one address receives in a day at most: a form cannot be used to flood a stranger. */
export const visitorDailyLimit = 3

/**
 * The key under which a visitor's address is counted: an HMAC of the trimmed, lowercased address
 * under a key derived from the server's secret, so the counting table never holds the address
 * nor a digest anyone could recompute from a list of addresses (docs/contracts.md, "What is stored").
 */
export function visitorAddressKey(address: string, secret: string): string {
  const key = createHmac('sha256', secret).update('visitor-confirmation-address').digest()
  return createHmac('sha256', key).update(address.trim().toLowerCase()).digest('hex')
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
  webhooks,
  visitor,
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
  /** Webhook deliveries (server/webhooks); without them the worker sends e-mail only. */
  webhooks?: WebhookSettings
  /**
   * The visitors' confirmations: `secret` keys the count per address (IP_HASH_SALT). Without it
   * (VISITOR_CONFIRMATION=off) none is sent; those queued meanwhile expire after a day.
   */
  visitor?: { secret: string }
}): DeliveryWorker & { start(): void } {
  let stopped = false
  /** The job this process is sending right now (at most one: a pass sends one after the other). */
  let current: ClaimedJob | undefined
  /** The visitor's confirmation this process is sending right now. */
  let currentConfirmation: ClaimedConfirmation | undefined
  /** The assignment e-mail this process is sending right now. */
  let currentAssignment: ClaimedAssignmentMail | undefined
  /** The webhook delivery this process is sending right now. */
  let currentDelivery: ClaimedDelivery | undefined
  /** A job handed back by stop(): its late outcome must not overwrite what the next process does. */
  let released: string | undefined

  async function send(job: ClaimedJob): Promise<void> {
    if (job.digestDay) {
      if (!digest) throw new Error('no digest settings')
      const message = await digest.compose(job.digestDay)
      await transport.send({
        ...message,
        from: settings.from,
        to: digest.to,
        leadId: `digest-${job.digestDay}`,
      })
      return
    }
    const { leadId, formKey, fields, language, receivedAt } = job
    if (!leadId || !formKey || !fields || !language || !receivedAt) throw new Error('the job has no lead')
    const form = getForm(formKey)
    if (!form) throw new Error(`unknown form ${formKey}`)
    const message = buildLeadNotification(
      form,
      { id: leadId, reference: job.reference, formKey, fields, language, receivedAt },
      { siteUrl: settings.siteUrl ?? agency.siteUrl, timeZone: agency.timeZone },
    )
    await transport.send({ ...message, from: settings.from, to: settings.to, leadId })
  }

  async function deliver(job: ClaimedJob): Promise<boolean> {
    try {
      await send(job)
      if (released === job.jobId) return false
      await markJobSent(db, job.jobId)
      log.info(
        { leadId: job.leadId, digestDay: job.digestDay, attempts: job.attempts },
        job.digestDay ? 'morning digest delivered' : 'lead notification delivered',
      )
      metrics?.deliveries.inc({ outcome: 'sent' })
      // The latency is a lead's, from being stored to being sent; a digest has none.
      if (job.receivedAt)
        metrics?.deliveryLatency.observe(Math.max(0, Date.now() - job.receivedAt.getTime()) / 1000)
      return true
    } catch (error) {
      // Only the error's message is kept: it names the SMTP failure, never the lead's contents.
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      if (released === job.jobId) return false
      const finalAttempt = job.attempts >= settings.maxAttempts
      await recordFailedAttempt(db, {
        jobId: job.jobId,
        final: finalAttempt,
        reason,
        retryInMs: retryDelayMs(job.attempts, settings),
      })
      metrics?.deliveries.inc({ outcome: finalAttempt ? 'failed' : 'retry' })
      log.warn(
        { leadId: job.leadId, attempts: job.attempts, finalAttempt, reason },
        finalAttempt ? 'lead notification failed for good' : 'lead notification failed, will retry',
      )
      return false
    }
  }

  /** Sends one confirmation, or says why none goes; throws on an SMTP failure. */
  async function sendConfirmation(
    confirmation: ClaimedConfirmation,
    secret: string,
  ): Promise<'sent' | 'no address' | 'daily limit' | 'unknown form'> {
    const form = getForm(confirmation.formKey)
    if (!form) return 'unknown form'
    const to = visitorAddress(form, confirmation.fields)
    if (!to) return 'no address'
    const count = await countConfirmation(db, confirmation.leadId, visitorAddressKey(to, secret))
    if (count > visitorDailyLimit) return 'daily limit'
    const message = buildVisitorConfirmation(
      {
        reference: confirmation.reference ?? confirmation.leadId,
        language: confirmation.language,
        receivedAt: confirmation.receivedAt,
      },
      { siteUrl: settings.siteUrl ?? agency.siteUrl },
    )
    await transport.send({ ...message, from: settings.from, to, leadId: `visitor-${confirmation.leadId}` })
    return 'sent'
  }

  async function deliverConfirmation(confirmation: ClaimedConfirmation, secret: string): Promise<boolean> {
    const entry = { leadId: confirmation.leadId, attempts: confirmation.attempts }
    try {
      const outcome = await sendConfirmation(confirmation, secret)
      if (released === confirmation.leadId) return false
      if (outcome !== 'sent') {
        await recordConfirmation(db, confirmation.leadId, { status: 'skipped', reason: outcome })
        log.info({ ...entry, reason: outcome }, 'visitor confirmation not sent')
        return false
      }
      await recordConfirmation(db, confirmation.leadId, { status: 'sent' })
      log.info(entry, 'visitor confirmation delivered')
      return true
    } catch (error) {
      // The SMTP failure's message only: never the visitor's address.
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      if (released === confirmation.leadId) return false
      const final = confirmation.attempts >= settings.maxAttempts
      await recordConfirmation(db, confirmation.leadId, {
        status: final ? 'failed' : 'retry',
        reason,
        retryInMs: retryDelayMs(confirmation.attempts, settings),
      })
      log.warn({ ...entry, final, reason }, 'visitor confirmation failed')
      return false
    }
  }

  async function runConfirmations(secret: string): Promise<number> {
    let sent = 0
    for (;;) {
      if (stopped) return sent
      const confirmation = await claimDueConfirmation(db, settings.leaseMs)
      if (!confirmation) return sent
      currentConfirmation = confirmation
      try {
        if (await deliverConfirmation(confirmation, secret)) sent++
      } finally {
        currentConfirmation = undefined
      }
    }
  }

  async function deliverAssignment(mail: ClaimedAssignmentMail): Promise<boolean> {
    const entry = { leadId: mail.leadId, mailId: mail.mailId, attempts: mail.attempts }
    try {
      const message = buildAssignmentMail(
        {
          leadId: mail.leadId,
          reference: mail.reference ?? mail.leadId,
          formTitle: getForm(mail.formKey)?.title ?? mail.formKey,
          receivedAt: mail.receivedAt,
          assignedBy: mail.assignedBy ? staffLabel(mail.assignedBy) : 'A colleague',
        },
        { siteUrl: settings.siteUrl ?? agency.siteUrl, timeZone: agency.timeZone },
      )
      await transport.send({
        ...message,
        from: settings.from,
        to: mail.to,
        leadId: `assigned-${mail.mailId}`,
      })
      if (released === mail.mailId) return false
      await recordAssignmentMail(db, mail.mailId, { status: 'sent' })
      log.info(entry, 'assignment e-mail delivered')
      return true
    } catch (error) {
      // The SMTP failure's message only: never the staff member's address.
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      if (released === mail.mailId) return false
      const final = mail.attempts >= settings.maxAttempts
      await recordAssignmentMail(db, mail.mailId, {
        status: final ? 'failed' : 'retry',
        reason,
        retryInMs: retryDelayMs(mail.attempts, settings),
      })
      log.warn({ ...entry, final, reason }, 'assignment e-mail failed')
      return false
    }
  }

  async function runAssignments(): Promise<number> {
    let sent = 0
    for (;;) {
      if (stopped) return sent
      const mail = await claimDueAssignmentMail(db, settings.leaseMs)
      if (!mail) return sent
      currentAssignment = mail
      try {
        if (await deliverAssignment(mail)) sent++
      } finally {
        currentAssignment = undefined
      }
    }
  }

  async function deliverWebhook(delivery: ClaimedDelivery, hooks: WebhookSettings): Promise<boolean> {
    const result = await attemptDelivery(db, delivery, getForm, hooks)
    if (released === delivery.deliveryId) return false
    const final = !result.ok && delivery.attempts >= settings.maxAttempts
    await recordOutcome(db, delivery, result, { final, retryInMs: retryDelayMs(delivery.attempts, settings) })
    // The receiver's address and answer only: the payload holds the lead's contents.
    const entry = { deliveryId: delivery.deliveryId, type: delivery.type, attempts: delivery.attempts }
    if (result.ok) log.info({ ...entry, statusCode: result.statusCode }, 'webhook delivered')
    else
      log.warn(
        { ...entry, statusCode: result.statusCode, final },
        final ? 'webhook failed for good' : 'webhook failed, will retry',
      )
    return result.ok
  }

  async function runWebhooks(hooks: WebhookSettings): Promise<number> {
    let sent = 0
    while (!stopped && (await fanOutEvents(db, getForm)) > 0);
    for (;;) {
      if (stopped) return sent
      const delivery = await claimDueDelivery(db, settings.leaseMs)
      if (!delivery) return sent
      currentDelivery = delivery
      try {
        if (await deliverWebhook(delivery, hooks)) sent++
      } finally {
        currentDelivery = undefined
      }
    }
  }

  async function runOnce(): Promise<number> {
    let sent = 0
    for (;;) {
      if (stopped) return sent
      const job = await claimDueJob(db, settings.leaseMs)
      if (!job) break
      current = job
      try {
        if (await deliver(job)) sent++
      } finally {
        current = undefined
      }
    }
    if (visitor) sent += await runConfirmations(visitor.secret)
    sent += await runAssignments()
    return webhooks ? sent + (await runWebhooks(webhooks)) : sent
  }

  /** Gives a claimed job back: pending and due now, the interrupted attempt not counted. */
  async function release(job: ClaimedJob): Promise<void> {
    released = job.jobId
    await releaseJob(db, job.jobId)
    log.warn({ leadId: job.leadId }, 'stopping: released a notification still being sent')
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
      if (outcome === 'late' && currentConfirmation) {
        released = currentConfirmation.leadId
        await releaseConfirmation(db, currentConfirmation.leadId)
        log.warn({ leadId: currentConfirmation.leadId }, 'stopping: released a visitor confirmation')
      }
      if (outcome === 'late' && currentAssignment) {
        released = currentAssignment.mailId
        await releaseAssignmentMail(db, currentAssignment.mailId)
        log.warn({ mailId: currentAssignment.mailId }, 'stopping: released an assignment e-mail')
      }
      if (outcome === 'late' && currentDelivery) {
        released = currentDelivery.deliveryId
        await releaseDelivery(db, currentDelivery.deliveryId)
        log.warn({ deliveryId: currentDelivery.deliveryId }, 'stopping: released a webhook still being sent')
      }
    },
  }
}
