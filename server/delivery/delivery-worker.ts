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
import { agency } from '#config/agency.ts'
import type { FormDefinition } from '#forms/engine.ts'
import type { Queryable } from '../db/database.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import {
  assignmentOutbox,
  type ClaimedAssignmentMail,
  type ClaimedConfirmation,
  type ClaimedJob,
  confirmationOutbox,
  countConfirmation,
  notificationOutbox,
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
import { type ClaimedDelivery, webhookOutbox } from '../webhooks/webhook-jobs.ts'
import type { Outbox, RetryPolicy } from './outbox.ts'

/** The retries (maxAttempts, baseDelayMs, maxDelayMs) are the same for every kind of message. */
export interface DeliverySettings extends RetryPolicy {
  from: string
  to: string
  /** How long a claimed job stays reserved for the process that claimed it. */
  leaseMs: number
  /** The site's address, for the link to the lead in the e-mail (the agency's site by default). */
  siteUrl?: string
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
  /**
   * The message this process is sending right now (at most one: a pass sends one after the
   * other), and how stop() hands it back.
   */
  let current: { release(): Promise<void> } | undefined
  /** The key of a message handed back by stop(): its late outcome must not overwrite what the next process does. */
  let released: string | undefined

  /**
   * Claims and delivers the due messages of one outbox, one after the other, until none is due or
   * the worker stops; resolves with how many were sent.
   */
  async function drain<Claimed extends { attempts: number }>(
    box: Outbox<Claimed, string>,
    deliver: (claimed: Claimed) => Promise<boolean>,
    onReleased: (claimed: Claimed) => void,
  ): Promise<number> {
    let sent = 0
    for (;;) {
      if (stopped) return sent
      const claimed = await box.claim(db, settings.leaseMs)
      if (!claimed) return sent
      current = {
        async release() {
          // Pending and due now, the interrupted attempt not counted.
          released = box.key(claimed)
          await box.release(db, claimed)
          onReleased(claimed)
        },
      }
      try {
        if (await deliver(claimed)) sent++
      } finally {
        current = undefined
      }
    }
  }

  /**
   * Sends a claimed e-mail (`send` answers why none went, when it skips one) and records the
   * outcome: sent, skipped, or a failed attempt, retried with backoff unless it was the last.
   * Nothing is recorded of one that stop() handed back meanwhile. Only the error's message is
   * kept: it names the SMTP failure, never an address nor the lead's contents.
   */
  async function deliverMail<Claimed extends { attempts: number }>(
    box: Outbox<Claimed, 'error'>,
    claimed: Claimed,
    send: () => Promise<string | undefined>,
    report: { sent(): void; skipped?(reason: string): void; failed(final: boolean, reason: string): void },
  ): Promise<boolean> {
    const key = box.key(claimed)
    try {
      const skipped = await send()
      if (released === key) return false
      if (skipped !== undefined) {
        await box.settle(db, claimed, 'skipped', { error: skipped })
        report.skipped?.(skipped)
        return false
      }
      await box.settle(db, claimed, 'sent', { error: null })
      report.sent()
      return true
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      if (released === key) return false
      report.failed(await box.recordFailure(db, claimed, { error: reason }, settings), reason)
      return false
    }
  }

  async function send(job: ClaimedJob): Promise<undefined> {
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

  function deliver(job: ClaimedJob): Promise<boolean> {
    return deliverMail(notificationOutbox, job, () => send(job), {
      sent() {
        log.info(
          { leadId: job.leadId, digestDay: job.digestDay, attempts: job.attempts },
          job.digestDay ? 'morning digest delivered' : 'lead notification delivered',
        )
        metrics?.deliveries.inc({ outcome: 'sent' })
        // The latency is a lead's, from being stored to being sent; a digest has none.
        if (job.receivedAt)
          metrics?.deliveryLatency.observe(Math.max(0, Date.now() - job.receivedAt.getTime()) / 1000)
      },
      failed(finalAttempt, reason) {
        metrics?.deliveries.inc({ outcome: finalAttempt ? 'failed' : 'retry' })
        log.warn(
          { leadId: job.leadId, attempts: job.attempts, finalAttempt, reason },
          finalAttempt ? 'lead notification failed for good' : 'lead notification failed, will retry',
        )
      },
    })
  }

  /** Sends one confirmation, or says why none goes; throws on an SMTP failure. */
  async function sendConfirmation(
    confirmation: ClaimedConfirmation,
    secret: string,
  ): Promise<'no address' | 'daily limit' | 'unknown form' | undefined> {
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
  }

  function deliverConfirmation(confirmation: ClaimedConfirmation, secret: string): Promise<boolean> {
    const entry = { leadId: confirmation.leadId, attempts: confirmation.attempts }
    return deliverMail(confirmationOutbox, confirmation, () => sendConfirmation(confirmation, secret), {
      sent: () => log.info(entry, 'visitor confirmation delivered'),
      skipped: (reason) => log.info({ ...entry, reason }, 'visitor confirmation not sent'),
      failed: (final, reason) => log.warn({ ...entry, final, reason }, 'visitor confirmation failed'),
    })
  }

  function deliverAssignment(mail: ClaimedAssignmentMail): Promise<boolean> {
    const entry = { leadId: mail.leadId, mailId: mail.mailId, attempts: mail.attempts }
    const send = async () => {
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
      return undefined
    }
    return deliverMail(assignmentOutbox, mail, send, {
      sent: () => log.info(entry, 'assignment e-mail delivered'),
      failed: (final, reason) => log.warn({ ...entry, final, reason }, 'assignment e-mail failed'),
    })
  }

  async function deliverWebhook(delivery: ClaimedDelivery, hooks: WebhookSettings): Promise<boolean> {
    const result = await attemptDelivery(db, delivery, getForm, hooks)
    if (released === delivery.deliveryId) return false
    const final = await recordOutcome(db, delivery, result, settings)
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

  async function runOnce(): Promise<number> {
    let sent = await drain(notificationOutbox, deliver, (job) =>
      log.warn({ leadId: job.leadId }, 'stopping: released a notification still being sent'),
    )
    if (visitor)
      sent += await drain(
        confirmationOutbox,
        (confirmation) => deliverConfirmation(confirmation, visitor.secret),
        ({ leadId }) => log.warn({ leadId }, 'stopping: released a visitor confirmation'),
      )
    sent += await drain(assignmentOutbox, deliverAssignment, ({ mailId }) =>
      log.warn({ mailId }, 'stopping: released an assignment e-mail'),
    )
    if (!webhooks) return sent
    while (!stopped && (await fanOutEvents(db, getForm)) > 0);
    return (
      sent +
      (await drain(
        webhookOutbox,
        (delivery) => deliverWebhook(delivery, webhooks),
        ({ deliveryId }) => log.warn({ deliveryId }, 'stopping: released a webhook still being sent'),
      ))
    )
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
      if (outcome === 'late' && current) await current.release()
    },
  }
}
