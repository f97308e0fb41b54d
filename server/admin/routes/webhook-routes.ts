/**
 * Webhooks (/admin/webhooks), for owners only: the destinations every lead is POSTed to (a CRM, an
 * agency management system), each with the forms or lines it takes, on/off, and whether it may
 * receive SSN and EIN (https only); the latest deliveries with their outcome and Retry. A new
 * destination's signing secret is made here and shown once, in the answer to the POST, never in a
 * URL or a later page; it is stored encrypted (docs/api.md, "Webhooks").
 *
 * Every change is a POST from a page of this site (the Origin check in admin-routes.ts) by a
 * signed-in owner whose role is read with the session on each request, and each one is logged.
 */
import type { FastifyInstance } from 'fastify'
import { insuranceLines as lineKeys } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import {
  addDestination,
  generateWebhookSecret,
  listDestinations,
  removeDestination,
  setDestinationEnabled,
  urlProblem,
} from '#server/webhooks/destinations.ts'
import { recentDeliveries, retryDelivery } from '#server/webhooks/webhook-jobs.ts'
import { sendPage } from '../views/admin-layout.ts'
import {
  deliveriesShown,
  secretPage,
  type Typed,
  webhooksPage,
  webhooksPath,
} from '../views/webhooks-page.ts'
import type { DeskOptions } from './desk-options.ts'
import { requireOwner } from './owner-only.ts'
import { noticeFrom } from './route-helpers.ts'

type WebhookRoutesOptions = Pick<DeskOptions, 'db' | 'encryptionKey'>

const notices: Record<string, string> = {
  on: 'Turned on: its waiting deliveries go out now.',
  off: 'Turned off: it gets no new deliveries.',
  removed: 'Removed, with its deliveries.',
  retried: 'Retrying now.',
  none: 'Nothing changed.',
}

/** The webhooks page with the destinations and the latest deliveries as they are now. */
async function listPage(
  db: Database,
  owner: StaffSession,
  extra: { notice?: string; error?: string; typed?: Typed } = {},
): Promise<string> {
  const [destinations, deliveries] = await Promise.all([
    listDestinations(db),
    recentDeliveries(db, deliveriesShown),
  ])
  return webhooksPage(owner, destinations, deliveries, extra)
}

function ticked(body: Record<string, string>, name: string, allowed: readonly string[]): string[] {
  return allowed.filter((value) => body[`${name}-${value}`] === 'yes')
}

interface ChangeRequest {
  Body: Record<string, string>
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookRoutesOptions): Promise<void> {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('manages webhooks') }

  app.get(webhooksPath, ownerOnly, async (request, reply) => {
    const notice = noticeFrom(request.query, notices)
    return sendPage(reply, await listPage(db, request.staff as StaffSession, { notice }))
  })

  app.post<ChangeRequest>(webhooksPath, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const body = request.body ?? {}
    const url = String(body.url ?? '').trim()
    const typed: Typed = {
      url,
      forms: ticked(
        body,
        'form',
        formDefinitions.map((form) => form.key),
      ),
      lines: ticked(body, 'line', lineKeys),
      sensitive: body['send-sensitive'] === 'yes',
    }
    const problem = urlProblem(url, { sendSensitive: typed.sensitive ?? false })
    if (problem) {
      return sendPage(reply, await listPage(db, owner, { error: `The address ${problem}.`, typed }), 400)
    }
    const secret = generateWebhookSecret()
    const id = await addDestination(
      db,
      {
        url,
        secret,
        formKeys: typed.forms ?? [],
        lines: typed.lines ?? [],
        sendSensitive: typed.sensitive ?? false,
        createdBy: owner.email,
      },
      options.encryptionKey,
    )
    request.log.info({ staff: owner.userId, action: 'webhook-add', destination: id }, 'admin: webhook added')
    return sendPage(reply, secretPage(owner, url, secret))
  })

  app.post<ChangeRequest & { Params: { action: string } }>(
    `${webhooksPath}/:action`,
    ownerOnly,
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const body = request.body ?? {}
      const action = request.params.action
      let notice = 'none'
      if (action === 'switch') {
        const on = body.on === 'yes'
        if (await setDestinationEnabled(db, String(body.id ?? ''), on)) notice = on ? 'on' : 'off'
      } else if (action === 'remove') {
        if (await removeDestination(db, String(body.id ?? ''))) notice = 'removed'
      } else if (action === 'retry') {
        if (await retryDelivery(db, String(body.delivery ?? ''))) notice = 'retried'
      } else {
        return reply.code(404).send('No such action.')
      }
      request.log.info({ staff: owner.userId, action: `webhook-${action}`, notice }, 'admin: webhook changed')
      return reply.redirect(`${webhooksPath}?notice=${notice}`, 303)
    },
  )
}
