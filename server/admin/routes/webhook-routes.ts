/**
 * Webhooks (/admin/webhooks), for owners only: the destinations every lead is POSTed to (a CRM, an
 * agency management system), each with the forms or lines it takes, on/off, and whether it may
 * receive SSN and EIN (https only); the latest deliveries with their outcome and Retry; the SSN and
 * EIN webhooks have sent. A destination added here is an outside address, checked on adding and at
 * every attempt (server/webhooks/destination-address.ts). Its signing secret is made here and shown
 * once, on the page the POST redirects to (server/staff/staff-flash.ts), never in a URL; it is
 * stored encrypted (docs/api.md, "Webhooks").
 *
 * Allowing SSN and EIN asks the owner to prove it is them again (their second factor, or their
 * password when they have none), counted like a sign-in, and is recorded in staff_audit: an
 * owner's session left open must not be enough to send every lead's numbers elsewhere.
 *
 * Every change is a POST from a page of this site (the Origin check in admin-routes.ts) by a
 * signed-in owner whose role is read with the session on each request, and each one is logged.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { insuranceLines as lineKeys } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import { recentWebhookReveals } from '#server/leads/lead-repository.ts'
import { urlProblem } from '#server/security/destination-rules.ts'
import { hasSecondFactor } from '#server/staff/second-factor.ts'
import { type ProofResult, proveItIsThem } from '#server/staff/sign-in.ts'
import { recordStaffAudit } from '#server/staff/staff-accounts.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { destinationHostProblem, isLoopbackAddress } from '#server/webhooks/destination-address.ts'
import {
  addDestination,
  generateWebhookSecret,
  listDestinations,
  removeDestination,
  setDestinationEnabled,
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
import { proofError } from './account-routes.ts'
import { deviceCookieOf } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { requireOwner } from './owner-only.ts'
import { noticeFrom } from './route-helpers.ts'
import { logNewLocks } from './sign-in-routes.ts'

type WebhookRoutesOptions = Pick<
  DeskOptions,
  'db' | 'encryptionKey' | 'ipHashSalt' | 'cookieSecure' | 'throttle' | 'now' | 'localWebhookDestinations'
>

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
  const [destinations, deliveries, sensitiveSent, twoStepOn] = await Promise.all([
    listDestinations(db),
    recentDeliveries(db, deliveriesShown),
    recentWebhookReveals(db, deliveriesShown),
    hasSecondFactor(db, owner.userId),
  ])
  return webhooksPage(owner, { destinations, deliveries, sensitiveSent, twoStepOn }, extra)
}

function ticked(body: Record<string, string>, name: string, allowed: readonly string[]): string[] {
  return allowed.filter((value) => body[`${name}-${value}`] === 'yes')
}

interface ChangeRequest {
  Body: Record<string, string>
}

function statusOf(result: ProofResult): number {
  return result.outcome === 'busy' ? 503 : result.outcome === 'locked' ? 429 : 400
}

/** An address on this machine: localhost or a loopback address. */
function isLoopbackUrl(text: string): boolean {
  const host = new URL(text).hostname.replace(/\.+$/, '').toLowerCase()
  return host === 'localhost' || isLoopbackAddress(host)
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookRoutesOptions): Promise<void> {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('manages webhooks') }

  app.get(webhooksPath, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const query = request.query as Record<string, unknown> | undefined
    // The secret of the destination just added, once: a refresh finds the row gone.
    if (query?.added !== undefined) {
      const added = await takeFlash<{ url: string; secret: string }>(
        db,
        owner,
        'webhook-secret',
        query.added,
        options.now(),
        options.encryptionKey,
      )
      if (added) return sendPage(reply, secretPage(owner, added.url, added.secret))
    }
    const notice = noticeFrom(request.query, notices)
    return sendPage(reply, await listPage(db, owner, { notice }))
  })

  /** The owner again, before SSN and EIN may leave: their second factor, or their password. */
  async function proveOwner(request: FastifyRequest, owner: StaffSession, proof: string) {
    const result = await proveItIsThem(
      db,
      {
        userId: owner.userId,
        email: owner.email,
        ip: request.ip,
        deviceToken: deviceCookieOf(request, options.cookieSecure),
      },
      proof,
      {
        secret: options.ipHashSalt,
        throttle: options.throttle,
        encryptionKey: options.encryptionKey,
        now: options.now(),
        secondFactorFirst: true,
      },
    )
    logNewLocks(request.log, result.locked)
    return result
  }

  app.post<ChangeRequest>(webhooksPath, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const body = request.body ?? {}
    // Spaces and line breaks around a pasted address go; a control character inside refuses it.
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
    const sendSensitive = typed.sensitive ?? false
    // With WEBHOOK_LOCAL_DESTINATIONS (development and tests) a receiver on this machine is
    // accepted as WEBHOOK_URL's is; otherwise outside addresses only (decision 032).
    const local = options.localWebhookDestinations === true
    const problem =
      urlProblem(url, { sendSensitive, onDesk: !local }) ??
      (local && isLoopbackUrl(url) ? undefined : await destinationHostProblem(new URL(url)))
    if (problem) {
      return sendPage(reply, await listPage(db, owner, { error: `The address ${problem}.`, typed }), 400)
    }
    if (sendSensitive) {
      const proof = await proveOwner(request, owner, String(body.proof ?? ''))
      if (proof.outcome !== 'ok') {
        const what = (await hasSecondFactor(db, owner.userId)) ? 'The code' : 'The password'
        const error = `To send SSN and EIN, prove it is you. ${proofError(proof, what, options.now())}`
        return sendPage(reply, await listPage(db, owner, { error, typed }), statusOf(proof))
      }
    }
    const secret = generateWebhookSecret()
    const id = await db.transaction(async (tx) => {
      const added = await addDestination(
        tx,
        {
          url,
          secret,
          formKeys: typed.forms ?? [],
          lines: typed.lines ?? [],
          sendSensitive,
          createdBy: owner.email,
        },
        options.encryptionKey,
      )
      if (sendSensitive) await recordStaffAudit(tx, owner.email, 'webhook-sensitive', url)
      return added
    })
    const shown = await putFlash(
      db,
      owner,
      'webhook-secret',
      { url, secret },
      options.now(),
      options.encryptionKey,
    )
    request.log.info(
      { staff: owner.userId, action: 'webhook-add', destination: id, sendSensitive },
      'admin: webhook added',
    )
    return reply.redirect(`${webhooksPath}?added=${shown}`, 303)
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
