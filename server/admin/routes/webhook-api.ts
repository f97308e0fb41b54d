/**
 * Webhook destinations in the staff API (docs/api.md, "Webhooks in the API"): list them, edit one
 * (URL, forms, lines, events, on/off), send it a `webhook.test` now, rotate its secret with a day of
 * both signatures, read its deliveries by page, replay one or a lead's since a time. Reading the
 * deliveries needs `leads:read`; everything else is an owner's, with their session only: no token
 * scope may aim leads elsewhere or read a secret (decision 046-webhook-sequence-frozen-body-and-rotation).
 * Registered inside apiRoutes' scope, so the OpenAPI document lists it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { insuranceLines } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import { urlProblem } from '#server/security/destination-rules.ts'
import { recordStaffAudit } from '#server/staff/staff-accounts.ts'
import { destinationHostProblem, isLoopbackAddress } from '#server/webhooks/destination-address.ts'
import {
  listDestinations,
  rotateDestinationSecret,
  updateDestination,
  type WebhookDestination,
} from '#server/webhooks/destinations.ts'
import { sendTestEvent, type WebhookSettings } from '#server/webhooks/webhook-delivery.ts'
import { destinationDeliveries, replayDeliveries, webhookEventTypes } from '#server/webhooks/webhook-jobs.ts'
import { errorSchema, problemSchema } from '../lead-summary.ts'
import { access, answers } from './api-answers.ts'

const destinationSchema = z.object({
  id: z.string(),
  url: z.string(),
  formKeys: z.array(z.string()),
  lines: z.array(z.string()),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  sendSensitive: z.boolean(),
  fromEnvironment: z.boolean(),
  failingSince: z.string().nullable(),
  pausedAt: z.string().nullable(),
  createdAt: z.string(),
  secretRotatedAt: z.string().nullable(),
  previousSecretUntil: z.string().nullable().describe('Until when the previous secret signs too.'),
})

const deliverySchema = z.object({
  id: z.string(),
  webhookId: z.string().describe('The `webhook-id` header of every attempt and replay.'),
  event: z.enum(webhookEventTypes),
  leadId: z.string(),
  sequence: z.number().int(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'held', 'discarded']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  occurredAt: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

function destinationAnswer(destination: WebhookDestination) {
  return {
    id: destination.id,
    url: destination.url,
    formKeys: destination.formKeys,
    lines: destination.lines,
    events: destination.events,
    enabled: destination.enabled,
    sendSensitive: destination.sendSensitive,
    fromEnvironment: destination.fromEnvironment,
    failingSince: iso(destination.failingSince),
    pausedAt: iso(destination.pausedAt),
    createdAt: new Date(destination.createdAt).toISOString(),
    secretRotatedAt: iso(destination.secretRotatedAt),
    previousSecretUntil: iso(destination.previousSecretUntil),
  }
}

const notOwner = { error: 'Only an owner account manages webhooks, signed in (no API token).' }
const noDestination = { error: 'There is no such webhook destination.' }

async function ownersOnly(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.staff?.role === 'owner') return undefined
  return reply.code(403).send(notOwner)
}

const idParams = z.object({ id: z.string().max(100) })
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/
const instant = z
  .string()
  .regex(instantPattern)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'not a real day and time')

/** A page's position: the last delivery's exact creation time and id, as opaque base64url text. */
function decodeCursor(text: string): { at: string; id: string } | undefined {
  const [at, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (extra !== undefined || !at || !id || !instantPattern.test(at) || Number.isNaN(Date.parse(at)))
    return undefined
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? { at, id } : undefined
}

/** Why a new URL is refused, as the desk judges it (outside addresses only unless local ones are on). */
async function newUrlProblem(url: string, sendSensitive: boolean, local: boolean) {
  const problem = urlProblem(url, { sendSensitive, onDesk: !local })
  if (problem) return problem
  const host = new URL(url).hostname.replace(/\.+$/, '').toLowerCase()
  if (local && (host === 'localhost' || isLoopbackAddress(host))) return undefined
  return destinationHostProblem(new URL(url))
}

/** `fastify`: apiRoutes' scope, whose validator and serializer are zod's. */
export function registerWebhookApi(
  fastify: FastifyInstance,
  options: { db: Database; settings: WebhookSettings },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db, settings } = options
  const owner = { preHandler: ownersOnly }
  const found = async (id: string) => (await listDestinations(db)).find((d) => d.id === id)

  app.get(
    '/api/admin/webhooks',
    {
      ...owner,
      schema: {
        operationId: 'listWebhooks',
        summary: 'The webhook destinations (owners)',
        security: access(null),
        response: answers({ 200: z.object({ destinations: z.array(destinationSchema) }) }),
      },
    },
    async () => ({ destinations: (await listDestinations(db)).map(destinationAnswer) }),
  )

  app.patch(
    '/api/admin/webhooks/:id',
    {
      ...owner,
      schema: {
        operationId: 'updateWebhook',
        summary: 'Edit a destination: URL, forms, lines, events, on or off (owners)',
        security: access(null),
        params: idParams,
        body: z
          .strictObject({
            url: z.string().max(2000).optional(),
            formKeys: z.array(z.enum(formDefinitions.map((form) => form.key))).optional(),
            lines: z.array(z.enum(insuranceLines)).optional(),
            events: z.array(z.enum(webhookEventTypes)).min(1).optional(),
            enabled: z.boolean().optional(),
          })
          .refine((body) => Object.keys(body).length > 0)
          .meta({ minProperties: 1 }),
        response: answers({ 200: destinationSchema, 400: problemSchema, 404: errorSchema }, true),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const before = await found(id)
      if (!before) return reply.code(404).send(noDestination)
      const { url, ...rest } = request.body
      const changesFilters = url !== undefined || rest.formKeys || rest.lines || rest.events
      if (before.fromEnvironment && changesFilters) {
        const error = 'The destination from WEBHOOK_URL follows the environment: only "enabled" changes.'
        return reply.code(400).send({ error })
      }
      const trimmed = url?.trim()
      if (trimmed !== undefined) {
        const problem = await newUrlProblem(trimmed, before.sendSensitive, settings.allowLoopback === true)
        if (problem)
          return reply.code(400).send({ error: `The address ${problem}.`, fields: { url: problem } })
      }
      await updateDestination(db, id, { ...rest, ...(trimmed === undefined ? {} : { url: trimmed }) })
      request.log.info(
        { staff: request.staff?.userId, action: 'webhook-edit', destination: id },
        'api: webhook edited',
      )
      const after = await found(id)
      return after ? destinationAnswer(after) : reply.code(404).send(noDestination)
    },
  )

  app.post(
    '/api/admin/webhooks/:id/test',
    {
      ...owner,
      schema: {
        operationId: 'testWebhook',
        summary: 'Send a webhook.test event to a destination now; the answer is the receiver’s',
        security: access(null),
        params: idParams,
        response: answers({
          200: z.object({
            ok: z.boolean().describe('The receiver answered 2xx.'),
            statusCode: z.number().int().nullable(),
            outcome: z.string().describe('What happened, in a few words of ours.'),
          }),
          404: errorSchema,
        }),
      },
    },
    async (request, reply) => {
      const result = await sendTestEvent(
        db,
        request.params.id,
        request.staff?.displayName ?? 'owner',
        settings,
      )
      if (!result) return reply.code(404).send(noDestination)
      return { ok: result.ok, statusCode: result.statusCode, outcome: result.excerpt }
    },
  )

  app.post(
    '/api/admin/webhooks/:id/rotate-secret',
    {
      ...owner,
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: 'A new signing secret, shown once; the old one signs too for 24 hours',
        security: access(null),
        params: idParams,
        response: answers({
          200: z.object({
            secret: z.string().describe('The new `whsec_…` secret: shown this once.'),
            previousSecretUntil: z.string(),
          }),
          404: errorSchema,
        }),
      },
    },
    async (request, reply) => {
      const rotated = await db.transaction(async (tx) => {
        const done = await rotateDestinationSecret(tx, request.params.id, settings.encryptionKey)
        if (done) await recordStaffAudit(tx, request.staff?.email ?? '', 'webhook-rotate', request.params.id)
        return done
      })
      if (!rotated) return reply.code(404).send(noDestination)
      return { secret: rotated.secret, previousSecretUntil: rotated.previousSecretUntil.toISOString() }
    },
  )

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'A destination’s deliveries, newest first, by page',
        security: access('leads:read'),
        params: idParams,
        querystring: z.strictObject({
          pageSize: z.coerce.number().int().min(1).max(100).optional(),
          cursor: z.string().max(200).optional().describe('`nextCursor` of the page before.'),
        }),
        response: answers({
          200: z.object({
            deliveries: z.array(deliverySchema),
            nextCursor: z.string().nullable().describe('Null on the last page.'),
          }),
          400: problemSchema,
          404: errorSchema,
        }),
      },
    },
    async (request, reply) => {
      const { pageSize = 25, cursor } = request.query
      const before = cursor === undefined ? undefined : decodeCursor(cursor)
      if (cursor !== undefined && !before)
        return reply
          .code(400)
          .send({ error: 'Invalid parameters: cursor.', fields: { cursor: 'not a cursor of ours' } })
      if (!(await found(request.params.id))) return reply.code(404).send(noDestination)
      const rows = await destinationDeliveries(db, request.params.id, {
        limit: pageSize + 1,
        ...(before ? { before } : {}),
      })
      const page = rows.slice(0, pageSize)
      const last = page.at(-1)
      return {
        deliveries: page.map(({ position: _position, ...row }) => ({
          ...row,
          nextAttemptAt: iso(row.nextAttemptAt),
          occurredAt: new Date(row.occurredAt).toISOString(),
          createdAt: new Date(row.createdAt).toISOString(),
          sentAt: iso(row.sentAt),
        })),
        nextCursor:
          rows.length > pageSize && last
            ? Buffer.from(`${last.position}|${last.id}`).toString('base64url')
            : null,
      }
    },
  )

  const replayed = z.object({ replayed: z.array(z.string()).describe('The deliveries queued again.') })

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/replay',
    {
      ...owner,
      schema: {
        operationId: 'replayWebhookDelivery',
        summary: 'Send a delivery again: the same body under the same webhook-id',
        security: access(null),
        params: z.object({ id: z.string().max(100), deliveryId: z.string().max(100) }),
        response: answers({ 200: replayed, 404: errorSchema }),
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params
      const by = request.staff?.email ?? ''
      const ids = await replayDeliveries(db, id, { deliveryId }, by)
      if (ids.length === 0)
        return reply.code(404).send({ error: 'This destination has no such delivery to replay.' })
      request.log.info(
        { staff: request.staff?.userId, action: 'webhook-replay', deliveries: ids },
        'api: replay',
      )
      return { replayed: ids }
    },
  )

  app.post(
    '/api/admin/webhooks/:id/replay',
    {
      ...owner,
      schema: {
        operationId: 'replayWebhookLead',
        summary: 'Send a lead’s deliveries to this destination again, those of events since a time',
        security: access(null),
        params: idParams,
        body: z.strictObject({ leadId: z.string().max(100), since: instant }),
        response: answers({ 200: replayed, 400: problemSchema, 404: errorSchema }, true),
      },
    },
    async (request, reply) => {
      if (!(await found(request.params.id))) return reply.code(404).send(noDestination)
      const { leadId, since } = request.body
      const ids = await replayDeliveries(
        db,
        request.params.id,
        { leadId, since: new Date(since) },
        request.staff?.email ?? '',
      )
      request.log.info(
        { staff: request.staff?.userId, action: 'webhook-replay', deliveries: ids },
        'api: replay',
      )
      return { replayed: ids }
    },
  )
}
