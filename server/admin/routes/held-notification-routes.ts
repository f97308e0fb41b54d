/**
 * Notifications held after a restore (/admin/held-notifications), for owners only. A restored
 * snapshot's undelivered notifications were most likely received by the agency before it was
 * restored, so `npm run restore` holds them (holdUndeliveredJobs in server/leads/lead-jobs.ts) and
 * nothing is mailed until an owner decides here: Send (mailed once by the delivery worker) or
 * Discard, one at a time or all at once. The webhook deliveries it had not made are held the same
 * way (holdUndeliveredWebhooks in server/webhooks/webhook-delivery.ts) and decided here too.
 *
 * Each decision is a POST from a page of this site (the Origin check in admin-routes.ts) by a
 * signed-in owner whose role is read with the session on each request; who decided and when are
 * kept on the job and listed here, and each decision is logged.
 */
import type { FastifyInstance } from 'fastify'
import { decideHeldJobs, listHeldJobs, recentHeldDecisions } from '#server/leads/lead-jobs.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import {
  decideHeldDeliveries,
  listHeldDeliveries,
  recentHeldDeliveryDecisions,
} from '#server/webhooks/webhook-jobs.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { heldNotificationsPath, heldPage } from '../views/held-notifications-page.tsx'
import type { DeskOptions } from './desk-options.ts'
import { requireOwner } from './owner-only.ts'
import { noticeFrom, textField } from './route-helpers.ts'

type HeldNotificationRoutesOptions = Pick<DeskOptions, 'db'>

/** How many held jobs one page lists (Send all and Discard all act on every one, listed or not). */
const heldShown = 200
const decisionsShown = 20

const notices: Record<string, string> = {
  sent: 'Sent: the notification goes to the agency now.',
  'sent-all': 'Sent: every held notification goes to the agency now.',
  discarded: 'Discarded: that notification will not be sent.',
  'discarded-all': 'Discarded: no held notification will be sent.',
  'webhook-sent': 'Sent: the webhook goes to its destination now.',
  'webhook-sent-all': 'Sent: every held webhook goes to its destination now.',
  'webhook-discarded': 'Discarded: that webhook will not be sent.',
  'webhook-discarded-all': 'Discarded: no held webhook will be sent.',
  none: 'Nothing changed: it was already decided.',
}

const decisionBody = {
  type: 'object',
  properties: { job: textField(40), all: textField(5) },
} as const

interface DecisionRequest {
  Body: { job?: string; all?: string }
  Params: { action: string }
}

const webhookDecisionBody = {
  type: 'object',
  properties: { delivery: textField(40), all: textField(5) },
} as const

interface WebhookDecisionRequest {
  Body: { delivery?: string; all?: string }
  Params: { action: string }
}

export async function heldNotificationRoutes(
  app: FastifyInstance,
  options: HeldNotificationRoutesOptions,
): Promise<void> {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('decides on held notifications') }

  app.get(heldNotificationsPath, ownerOnly, async (request, reply) => {
    const [held, decisions, heldWebhooks, webhookDecisions] = await Promise.all([
      listHeldJobs(db, heldShown),
      recentHeldDecisions(db, decisionsShown),
      listHeldDeliveries(db, heldShown),
      recentHeldDeliveryDecisions(db, decisionsShown),
    ])
    const notice = noticeFrom(request.query, notices)
    return sendPage(
      reply,
      heldPage(request.staff as StaffSession, { held, decisions, heldWebhooks, webhookDecisions }, notice),
    )
  })

  app.post<DecisionRequest>(
    `${heldNotificationsPath}/:action`,
    { ...ownerOnly, schema: { body: decisionBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const action = request.params.action
      const all = request.body?.all === 'yes'
      const job = request.body?.job
      if ((action !== 'send' && action !== 'discard') || (!all && !job)) {
        return reply.code(400).send('Choose Send or Discard for a held notification.')
      }
      const decided = await decideHeldJobs(db, {
        action,
        by: owner.email,
        ...(all ? {} : { jobIds: [job as string] }),
      })
      request.log.info(
        { staff: owner.userId, action: `held-${action}`, jobs: decided.length, all },
        action === 'send' ? 'admin: held notifications sent' : 'admin: held notifications discarded',
      )
      const notice =
        decided.length === 0 ? 'none' : `${action === 'send' ? 'sent' : 'discarded'}${all ? '-all' : ''}`
      return reply.redirect(`${heldNotificationsPath}?notice=${notice}`, 303)
    },
  )

  app.post<WebhookDecisionRequest>(
    `${heldNotificationsPath}/webhooks/:action`,
    { ...ownerOnly, schema: { body: webhookDecisionBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const action = request.params.action
      const all = request.body?.all === 'yes'
      const delivery = request.body?.delivery
      if ((action !== 'send' && action !== 'discard') || (!all && !delivery)) {
        return reply.code(400).send('Choose Send or Discard for a held webhook.')
      }
      const decided = await decideHeldDeliveries(db, {
        action,
        by: owner.email,
        ...(all ? {} : { deliveryIds: [delivery as string] }),
      })
      request.log.info(
        { staff: owner.userId, action: `held-webhook-${action}`, deliveries: decided.length, all },
        action === 'send' ? 'admin: held webhooks sent' : 'admin: held webhooks discarded',
      )
      const notice =
        decided.length === 0
          ? 'none'
          : `webhook-${action === 'send' ? 'sent' : 'discarded'}${all ? '-all' : ''}`
      return reply.redirect(`${heldNotificationsPath}?notice=${notice}`, 303)
    },
  )
}
