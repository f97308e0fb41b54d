/**
 * POST and DELETE /api/admin/push-subscriptions: a signed-in member's browser subscribes to phone
 * notifications, or stops (docs/api.md, "Phone notifications"; the contract in docs/contracts.md).
 * Registered inside the staff API's plugin (api-routes.ts), so its session check, Origin rule and
 * OpenAPI document apply.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/database.ts'
import {
  endpointMaxLength,
  removeSubscription,
  saveSubscription,
  subscriptionProblem,
} from '#server/push/push-subscriptions.ts'
import { errorSchema } from '../lead-summary.ts'
import { access, answers } from './api-answers.ts'

export interface PushSubscriptionRoutesOptions {
  db: Database
  /** Development and tests: an endpoint on http://127.0.0.1 is accepted (a local push service). */
  allowLoopback: boolean
}

const endpoint = z.string().min(1).max(endpointMaxLength).describe('The push service’s URL for this browser.')

/** A browser's PushSubscription, as `JSON.stringify(subscription)` gives it. */
const subscriptionBody = z
  .object({
    endpoint,
    expirationTime: z
      .number()
      .nullable()
      .optional()
      .describe('Ignored: push services answer 410 when it ends.'),
    keys: z.object({
      p256dh: z.string().max(200).describe('The browser’s P-256 public key, base64url (65 bytes).'),
      auth: z.string().max(100).describe('The browser’s authentication secret, base64url (16 bytes).'),
    }),
  })
  .describe('A browser’s PushSubscription as its toJSON() gives it.')

const savedSchema = z
  .object({ endpoint: z.string(), createdAt: z.string() })
  .describe('The browser is subscribed for the signed-in member.')

export function pushSubscriptionRoutes(app: FastifyInstance, options: PushSubscriptionRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/api/admin/push-subscriptions',
    {
      schema: {
        operationId: 'subscribePush',
        summary: 'Subscribe this browser to the signed-in member’s phone notifications',
        security: access(null),
        body: subscriptionBody,
        response: answers({ 201: savedSchema, 400: errorSchema }, true),
      },
    },
    async (request, reply) => {
      const staff = request.staff
      // requireStaffApi (api-routes.ts) answered 401 before any request without a session came here.
      if (!staff) throw new Error('no session')
      const problem = subscriptionProblem(request.body, { allowLoopback: options.allowLoopback })
      if (problem) return reply.code(400).send({ error: problem })
      const saved = await saveSubscription(options.db, staff.userId, request.body)
      request.log.info({ service: new URL(saved.endpoint).host }, 'push subscription saved')
      return reply.code(201).send({ endpoint: saved.endpoint, createdAt: saved.createdAt.toISOString() })
    },
  )

  api.delete(
    '/api/admin/push-subscriptions',
    {
      schema: {
        operationId: 'unsubscribePush',
        summary: 'Forget a browser of the signed-in member',
        description: 'The endpoint goes in the JSON body (`{"endpoint": …}`) or in the query (`?endpoint=`).',
        security: access(null),
        body: z.object({ endpoint }).nullish(),
        querystring: z.object({ endpoint: endpoint.optional() }),
        response: answers({ 204: z.null().describe('Forgotten.'), 400: errorSchema, 404: errorSchema }, true),
      },
    },
    async (request, reply) => {
      const staff = request.staff
      // requireStaffApi (api-routes.ts) answered 401 before any request without a session came here.
      if (!staff) throw new Error('no session')
      const target = request.body?.endpoint ?? request.query.endpoint
      if (!target) return reply.code(400).send({ error: 'Send the subscription’s "endpoint".' })
      if (!(await removeSubscription(options.db, staff.userId, target)))
        return reply.code(404).send({ error: 'This browser is not subscribed for you.' })
      return reply.code(204).send(null)
    },
  )
}
