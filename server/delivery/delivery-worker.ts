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
 * With webhook settings, the worker does the same for webhooks (server/webhooks): the events
 * written since the last round become deliveries to the destinations they match, and each due
 * delivery is POSTed, retried with the same backoff and number of attempts as an e-mail.
 *
 * With visitor settings, it also sends the visitors' confirmations (migration 014,
 * server/mail/visitor-confirmation.tsx): same claim, lease and backoff, at most
 * `visitorDailyLimit` a day to one address. It also tells staff of the leads a colleague assigned
 * to them (migration 017, server/mail/assignment-mail.tsx), with the same claim, lease and backoff.
 *
 * With push settings, it also sends the staff's phone notifications (migration 024, server/push).
 *
 * These are lanes, each with a loop of its own and a bound of messages in flight (the `Lane`s
 * below, docs/decisions/031-delivery-lanes.md): the agency's notifications, the other e-mails, the
 * webhooks, the phone notifications (docs/decisions/038-web-push.md). A receiver that never answers
 * costs its webhook lane one place per attempt, never the agency a minute.
 */
import { createHmac } from 'node:crypto'
import type { RawBuilder, SqlBool } from 'kysely'
import { agency } from '#config/agency.ts'
import type { FormDefinition } from '#forms/engine.ts'
import type { Queryable } from '../db/database.ts'
import { sql } from '../db/query-builder.ts'
import type { Outbox, RetryPolicy } from '../jobs/outbox.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import {
  assignmentOutbox,
  type ClaimedAssignmentMail,
  type ClaimedConfirmation,
  type ClaimedJob,
  type ClaimedReplyMail,
  confirmationOutbox,
  countConfirmation,
  notificationOutbox,
  replyOutbox,
} from '../leads/lead-jobs.ts'
import { buildAssignmentMail } from '../mail/assignment-mail.tsx'
import { buildLeadNotification } from '../mail/lead-notification.tsx'
import type { MailTransport } from '../mail/mail-transport.ts'
import { buildReplyMail } from '../mail/reply-mail.tsx'
import { buildVisitorConfirmation, visitorAddress } from '../mail/visitor-confirmation.tsx'
import type { Metrics } from '../metrics/metrics.ts'
import { deliverPush, type PushSettings, pushSweeper } from '../push/push-delivery.ts'
import { type ClaimedPush, pushOutbox } from '../push/push-jobs.ts'
import { staffLabel } from '../staff/staff-accounts.ts'
import {
  attemptDelivery,
  fanOutEvents,
  recordOutcome,
  type WebhookSettings,
} from '../webhooks/webhook-delivery.ts'
import { type ClaimedDelivery, webhookOutbox } from '../webhooks/webhook-jobs.ts'

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
  push,
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
  /** The staff's phone notifications (server/push): the VAPID keys; without them none is sent. */
  push?: PushSettings
}): DeliveryWorker & { start(): void } {
  let stopped = false
  /** What each lane is sending right now, and how stop() hands each back. */
  const inFlight = new Set<{ release(): Promise<void> }>()
  /** Messages handed back by stop(): their late outcome must not overwrite what the next process does. */
  const released = new WeakSet<object>()

  /**
   * Claims and delivers the due messages of one lane, up to `lane.concurrency` at once, until none
   * is due and none is in flight, or the worker stops; resolves with how many were sent. A free
   * place is filled as soon as a send ends, and, while nothing more can be claimed, again every
   * `pollMs`: a send that hangs holds its own place only.
   */
  async function drain<Claimed extends object>(lane: Lane<Claimed>): Promise<number> {
    let sent = 0
    let failure: { error: unknown } | undefined
    const running = new Set<Promise<void>>()
    try {
      for (;;) {
        await lane.beforeClaims?.()
        while (!stopped && !failure && running.size < lane.concurrency) {
          const claimed = await lane.claim()
          if (!claimed) break
          const entry = {
            async release() {
              // Pending and due now, the interrupted attempt not counted.
              released.add(claimed)
              await lane.release(claimed)
            },
          }
          inFlight.add(entry)
          const task: Promise<void> = lane
            .deliver(claimed)
            .then(
              (ok) => {
                if (ok) sent++
              },
              (error: unknown) => {
                failure ??= { error }
              },
            )
            .finally(() => {
              inFlight.delete(entry)
              running.delete(task)
            })
          running.add(task)
        }
        if (running.size === 0) break
        const full = running.size >= lane.concurrency || stopped || failure !== undefined
        await settledOrLater([...running], full ? undefined : pollMs)
      }
    } finally {
      await Promise.allSettled(running)
    }
    if (failure) throw failure.error
    return sent
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
    try {
      const skipped = await send()
      if (released.has(claimed)) return false
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
      if (released.has(claimed)) return false
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
        // What was asked for (the form's title, the line chosen): the definition's words, never
        // the visitor's.
        requested: { form, answers: confirmation.fields },
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

  function deliverReply(mail: ClaimedReplyMail): Promise<boolean> {
    const entry = { leadId: mail.leadId, mailId: mail.mailId, attempts: mail.attempts }
    const send = async () => {
      // The lead's address as it is now: a lead without one (or purged) gets nothing.
      if (!mail.to) return 'the lead has no e-mail address'
      await transport.send({
        ...buildReplyMail(mail),
        from: settings.from,
        fromName: agency.name,
        to: mail.to,
        replyTo: { name: mail.replyTo.name || mail.replyTo.address, address: mail.replyTo.address },
        leadId: `reply-${mail.mailId}`,
      })
      return undefined
    }
    return deliverMail(replyOutbox, mail, send, {
      sent: () => log.info(entry, 'desk reply delivered'),
      skipped: (reason) => log.info({ ...entry, reason }, 'desk reply not sent'),
      failed: (final, reason) => log.warn({ ...entry, final, reason }, 'desk reply failed'),
    })
  }

  async function deliverWebhook(delivery: ClaimedDelivery, hooks: WebhookSettings): Promise<boolean> {
    const result = await attemptDelivery(db, delivery, getForm, hooks)
    if (released.has(delivery)) return false
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

  /**
   * The lanes (docs/decisions/031-delivery-lanes.md): each claims from its own outboxes in a loop of
   * its own, so a message that hangs or fails in one never delays another lane's. The agency's
   * notifications (and digests) come first and alone; the visitors' and staff's e-mails share a
   * lane; webhooks have theirs, with a few attempts at once to one destination at most.
   */
  const agencyLane: Lane<ClaimedJob> = {
    concurrency: mailConcurrency,
    claim: () => notificationOutbox.claim(db, settings.leaseMs),
    deliver,
    async release(job) {
      await notificationOutbox.release(db, job)
      log.warn({ leadId: job.leadId }, 'stopping: released a notification still being sent')
    },
  }

  type OtherMail =
    | { confirmation: ClaimedConfirmation; secret: string }
    | { assignment: ClaimedAssignmentMail }
    | { reply: ClaimedReplyMail }
  const otherMailLane: Lane<OtherMail> = {
    concurrency: mailConcurrency,
    async claim() {
      const confirmation = visitor && (await confirmationOutbox.claim(db, settings.leaseMs))
      if (visitor && confirmation) return { confirmation, secret: visitor.secret }
      const assignment = await assignmentOutbox.claim(db, settings.leaseMs)
      if (assignment) return { assignment }
      const reply = await replyOutbox.claim(db, settings.leaseMs)
      return reply && { reply }
    },
    deliver: (mail) =>
      'confirmation' in mail
        ? deliverConfirmation(mail.confirmation, mail.secret)
        : 'reply' in mail
          ? deliverReply(mail.reply)
          : deliverAssignment(mail.assignment),
    async release(mail) {
      if ('reply' in mail) {
        await replyOutbox.release(db, mail.reply)
        log.warn({ mailId: mail.reply.mailId }, 'stopping: released a desk reply')
      } else if ('confirmation' in mail) {
        await confirmationOutbox.release(db, mail.confirmation)
        log.warn({ leadId: mail.confirmation.leadId }, 'stopping: released a visitor confirmation')
      } else {
        await assignmentOutbox.release(db, mail.assignment)
        log.warn({ mailId: mail.assignment.mailId }, 'stopping: released an assignment e-mail')
      }
    },
  }

  /**
   * The webhook attempts in flight in this process. None is claimed for a destination that has
   * `perDestinationConcurrency` of them, nor for a lead and destination that has one: one lead's
   * events reach a receiver one after the other, as they did when every attempt was sent alone.
   */
  const sending = new Set<ClaimedDelivery>()
  function notBusy(): RawBuilder<SqlBool> | undefined {
    if (sending.size === 0) return undefined
    const inFlight = [...sending]
    const perDestination = Map.groupBy(inFlight, (delivery) => delivery.destinationId)
    const full = [...perDestination]
      .filter(([, deliveries]) => deliveries.length >= perDestinationConcurrency)
      .map(([id]) => id)
    const destinations = inFlight.map((delivery) => delivery.destinationId)
    const leads = inFlight.map((delivery) => delivery.leadId)
    return sql<SqlBool>`NOT (due.destination_id = ANY(${full}::uuid[]))
      AND NOT EXISTS (SELECT 1 FROM webhook_events busy_event
                        JOIN unnest(${destinations}::uuid[], ${leads}::uuid[]) AS busy (destination_id, lead_id)
                          ON busy.lead_id = busy_event.lead_id
                       WHERE busy_event.id = due.event_id AND busy.destination_id = due.destination_id)`
  }
  const webhookLane = (hooks: WebhookSettings): Lane<ClaimedDelivery> => ({
    concurrency: webhookConcurrency,
    async beforeClaims() {
      while (!stopped && (await fanOutEvents(db, getForm)) > 0);
    },
    claim: () => webhookOutbox.claim(db, settings.leaseMs, notBusy()),
    async deliver(delivery) {
      sending.add(delivery)
      try {
        return await deliverWebhook(delivery, hooks)
      } finally {
        sending.delete(delivery)
      }
    },
    async release(delivery) {
      await webhookOutbox.release(db, delivery)
      log.warn({ deliveryId: delivery.deliveryId }, 'stopping: released a webhook still being sent')
    },
  })

  /** Phone notifications: the due follow-ups queued before each round, a few sends at once. */
  const pushLane = (pushSettings: PushSettings): Lane<ClaimedPush> => ({
    concurrency: pushConcurrency,
    beforeClaims: pushSweeper(db, log),
    claim: () => pushOutbox.claim(db, settings.leaseMs),
    deliver: (message) =>
      deliverPush(db, message, pushSettings, settings, log, (claimed) => released.has(claimed)),
    async release(message) {
      await pushOutbox.release(db, message)
      log.warn({ messageId: message.messageId }, 'stopping: released a phone notification')
    },
  })

  // One lane for the worker's life: its sweep keeps when it last looked for due follow-ups.
  const phoneLane = push && pushLane(push)

  const passes: (() => Promise<number>)[] = [
    () => drain(agencyLane),
    () => drain(otherMailLane),
    ...(webhooks ? [() => drain(webhookLane(webhooks))] : []),
    ...(phoneLane ? [() => drain(phoneLane)] : []),
  ]

  /** One pass of every lane, side by side; resolves once each is done, with how many were sent. */
  async function runOnce(): Promise<number> {
    const sent = await Promise.all(passes.map((pass) => pass()))
    return sent.reduce((sum, count) => sum + count, 0)
  }

  const tasks = passes.map((pass) =>
    createPeriodicTask({
      pass,
      intervalMs: pollMs,
      onError: (error) => log.warn({ reason: errorReason(error) }, 'delivery pass failed'),
    }),
  )

  return {
    start() {
      stopped = false
      for (const task of tasks) task.start()
    },
    runOnce,
    async stop({ releaseAfterMs }: { releaseAfterMs?: number } = {}) {
      stopped = true
      const finished = Promise.all(tasks.map((task) => task.stop()))
      if (releaseAfterMs === undefined) {
        await finished
        return
      }
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), releaseAfterMs)
      })
      const outcome = await Promise.race([finished.then(() => 'done' as const), late])
      clearTimeout(timer)
      if (outcome === 'late') await Promise.all([...inFlight].map((entry) => entry.release()))
    },
  }
}

/** A lane's outboxes, as its loop claims, sends and (at a stop) hands back their messages. */
interface Lane<Claimed extends object> {
  /** Messages of this lane in flight at once, at most. */
  concurrency: number
  /** Run before each round of claims (webhooks: the new events become deliveries). */
  beforeClaims?(): Promise<void>
  claim(): Promise<Claimed | undefined>
  /** Sends and records the outcome; answers whether it was sent; throws only when the database fails. */
  deliver(claimed: Claimed): Promise<boolean>
  release(claimed: Claimed): Promise<void>
}

/**
 * Each e-mail lane sends two at once at most: an SMTP server that answers slowly costs a lead
 * half its wait, and a relay is never asked for more than four connections by one process.
 */
const mailConcurrency = 2
/** Webhook attempts in flight at once in one process, and to one destination among them. */
const webhookConcurrency = 8
const perDestinationConcurrency = 2
/** Phone notifications in flight at once in one process (push services answer within a second). */
const pushConcurrency = 4

/** Resolves when one of `running` settles, or after `ms` (never, undefined). */
async function settledOrLater(running: Promise<void>[], ms: number | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const later =
    ms === undefined
      ? []
      : [
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, ms)
          }),
        ]
  await Promise.race([...running, ...later])
  clearTimeout(timer)
}
