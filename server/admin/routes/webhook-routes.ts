/**
 * Webhooks (/admin/webhooks), for owners only: the destinations every lead is POSTed to (a CRM, an
 * agency management system), each with the forms, lines and events it takes, on/off, and whether it
 * may receive SSN and EIN (https only), edited, tested (a `webhook.test` now, the receiver's status
 * shown), its secret rotated (shown once; the old one signs too for a day); the latest deliveries
 * with their outcome, Retry and Send again, and a lead's deliveries sent again since a time; the
 * SSN and EIN webhooks have sent. A destination added here is an outside address, checked on adding and at
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { agency } from '#config/agency.ts'
import { insuranceLines as lineKeys } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import { build, run } from '#server/db/query-builder.ts'
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
  rotateDestinationSecret,
  setDestinationEnabled,
  updateDestination,
} from '#server/webhooks/destinations.ts'
import { sendTestEvent, type WebhookSettings } from '#server/webhooks/webhook-delivery.ts'
import {
  isWebhookEventType,
  recentDeliveries,
  replayDeliveries,
  retryDelivery,
  webhookEventTypes,
} from '#server/webhooks/webhook-jobs.ts'
import { parseLocalInput } from '../staff-time.ts'
import { sendPage } from '../views/admin-layout.tsx'
import {
  deliveriesShown,
  secretPage,
  type Typed,
  webhooksPage,
  webhooksPath,
} from '../views/webhooks-page.tsx'
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
  edited: 'Saved.',
  replayed: 'Sent again with the same body and webhook-id.',
  'replayed-none': 'Nothing to send again: no delivery of that lead to that destination since then.',
  'no-lead': 'There is no lead with that reference.',
  'bad-since': 'Give the day and time the events start from.',
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
  return webhooksPage(owner, { destinations, deliveries, sensitiveSent, twoStepOn, now: new Date() }, extra)
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

/** What the receiver answered to a test, from the redirect's query (a status code, or none). */
function testNotice(query: Record<string, unknown> | undefined): string | undefined {
  const tested = query?.tested
  if (typeof tested !== 'string') return undefined
  if (!/^(\d{3}|none)$/.test(tested)) return undefined
  if (tested === 'none')
    return 'Test sent: no answer (the address could not be reached or did not answer in time).'
  return query?.ok === 'yes'
    ? `Test sent: the receiver accepted it (HTTP ${tested}).`
    : `Test sent: the receiver refused it (HTTP ${tested}).`
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
    if (query?.rotated !== undefined) {
      const rotated = await takeFlash<{ url: string; secret: string; until: string }>(
        db,
        owner,
        'webhook-secret',
        query.rotated,
        options.now(),
        options.encryptionKey,
      )
      if (rotated)
        return sendPage(
          reply,
          secretPage(owner, rotated.url, rotated.secret, { previousUntil: new Date(rotated.until) }),
        )
    }
    const notice = testNotice(query) ?? noticeFrom(request.query, notices)
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
      events: ticked(body, 'event', webhookEventTypes),
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
          // None ticked: every event, as no line and no form ticked is every lead.
          ...(typed.events?.length ? { events: typed.events.filter(isWebhookEventType) } : {}),
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

  const settings: WebhookSettings = {
    encryptionKey: options.encryptionKey,
    siteUrl: agency.siteUrl,
    allowLoopback: options.localWebhookDestinations === true,
  }

  /** An edit: the address checked as on adding; no event ticked is every event. */
  async function edit(
    request: FastifyRequest,
    reply: FastifyReply,
    owner: StaffSession,
    body: Record<string, string>,
  ) {
    const id = String(body.id ?? '')
    const before = (await listDestinations(db)).find((destination) => destination.id === id)
    if (!before || before.fromEnvironment) return reply.redirect(`${webhooksPath}?notice=none`, 303)
    const url = String(body.url ?? '').trim()
    const local = options.localWebhookDestinations === true
    const problem =
      urlProblem(url, { sendSensitive: before.sendSensitive, onDesk: !local }) ??
      (local && isLoopbackUrl(url) ? undefined : await destinationHostProblem(new URL(url)))
    const ticks = ticked(body, 'event', webhookEventTypes).filter(isWebhookEventType)
    // None ticked: every event, as no line and no form ticked is every lead.
    const events = ticks.length > 0 ? ticks : webhookEventTypes
    if (problem) return sendPage(reply, await listPage(db, owner, { error: `The address ${problem}.` }), 400)
    await updateDestination(db, id, {
      url,
      formKeys: ticked(
        body,
        'form',
        formDefinitions.map((form) => form.key),
      ),
      lines: ticked(body, 'line', lineKeys),
      events,
      enabled: body['enabled-yes'] === 'yes',
    })
    request.log.info(
      { staff: owner.userId, action: 'webhook-edit', destination: id },
      'admin: webhook edited',
    )
    return reply.redirect(`${webhooksPath}?notice=edited`, 303)
  }

  /** A new secret, shown once on the page the POST redirects to; the old one signs for a day. */
  async function rotate(request: FastifyRequest, reply: FastifyReply, owner: StaffSession, id: string) {
    const rotated = await db.transaction(async (tx) => {
      const done = await rotateDestinationSecret(tx, id, options.encryptionKey)
      if (done) await recordStaffAudit(tx, owner.email, 'webhook-rotate', id)
      return done
    })
    const destination = (await listDestinations(db)).find((candidate) => candidate.id === id)
    if (!rotated || !destination) return reply.redirect(`${webhooksPath}?notice=none`, 303)
    const shown = await putFlash(
      db,
      owner,
      'webhook-secret',
      { url: destination.url, secret: rotated.secret, until: rotated.previousSecretUntil.toISOString() },
      options.now(),
      options.encryptionKey,
    )
    request.log.info(
      { staff: owner.userId, action: 'webhook-rotate', destination: id },
      'admin: secret rotated',
    )
    return reply.redirect(`${webhooksPath}?rotated=${shown}`, 303)
  }

  /** A lead's deliveries to a destination since a time (in the agency's time zone), sent again. */
  async function replayLead(owner: StaffSession, body: Record<string, string>): Promise<string> {
    const since = parseLocalInput(String(body.since ?? ''))
    if (!since) return 'bad-since'
    const reference = String(body.lead ?? '')
      .trim()
      .toUpperCase()
    const [lead] = await run(db, build.selectFrom('leads').select('id').where('reference', '=', reference))
    if (!lead) return 'no-lead'
    const ids = await replayDeliveries(
      db,
      String(body.destination ?? ''),
      { leadId: lead.id, since: since.at },
      owner.email,
    )
    return ids.length > 0 ? 'replayed' : 'replayed-none'
  }

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
      } else if (action === 'edit') {
        return edit(request, reply, owner, body)
      } else if (action === 'test') {
        const result = await sendTestEvent(db, String(body.id ?? ''), owner.displayName ?? 'owner', settings)
        if (!result) return reply.redirect(`${webhooksPath}?notice=none`, 303)
        const answer = result.statusCode === null ? 'none' : String(result.statusCode)
        return reply.redirect(`${webhooksPath}?tested=${answer}&ok=${result.ok ? 'yes' : 'no'}`, 303)
      } else if (action === 'rotate') {
        return rotate(request, reply, owner, String(body.id ?? ''))
      } else if (action === 'replay') {
        const ids = await replayDeliveries(
          db,
          String(body.destination ?? ''),
          { deliveryId: String(body.delivery ?? '') },
          owner.email,
        )
        if (ids.length > 0) notice = 'replayed'
      } else if (action === 'replay-lead') {
        notice = await replayLead(owner, body)
      } else {
        return reply.code(404).send('No such action.')
      }
      request.log.info({ staff: owner.userId, action: `webhook-${action}`, notice }, 'admin: webhook changed')
      return reply.redirect(`${webhooksPath}?notice=${notice}`, 303)
    },
  )
}
