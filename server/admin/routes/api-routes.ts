/**
 * /api/admin/*: the desk's API for integrations, what the agency's other tools read leads from
 * (docs/guide.md, "The desk's API for integrations"; every route, body and status: docs/api.md, "Staff").
 * Same session, same Origin rule and, for what it offers, the same actions (staff-desk.ts) as the
 * pages; every route answers 401 without a session. Sensitive values are masked here too; only the
 * reveal route returns one, recorded.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type BackupStatus, backupHealth } from '#server/backup/backup-status.ts'
import type { Database } from '#server/db/database.ts'
import { followUpInOfficeHours, followUpRefusal } from '#server/desk/follow-up-time.ts'
import { leadFilterFields } from '#server/leads/lead-filters.ts'
import { deliveryCounts } from '#server/leads/lead-jobs.ts'
import { leadStatuses, lostReasons } from '#server/leads/lead-repository.ts'
import {
  contactChannels,
  contactOutcomes,
  noteMaxLength,
  type WorkInput,
  type WorkResult,
} from '#server/leads/work-log.ts'
import { type KeyedCount, setRateLimitHeaders } from '#server/plugins/rate-limit.ts'
import { revokeSession } from '#server/staff/staff-sessions.ts'
import type { WebhookSettings } from '#server/webhooks/webhook-delivery.ts'
import {
  errorSchema,
  leadAnswerSchema,
  leadDetailSchema,
  leadListSchema,
  leadSummary,
  problemSchema,
} from '../lead-summary.ts'
import { flag, nullableText, text } from '../lenient-json.ts'
import type { StaffDesk } from '../staff-desk.ts'
import { clearSessionCookie, requireStaffApi } from './admin-auth.ts'
import { access, answers } from './api-answers.ts'
import { revealRefusals } from './lead-routes.ts'
import { openApiPath, registerOpenApi } from './openapi.ts'
import { pushSubscriptionRoutes } from './push-subscription-routes.ts'
import { registerSiteApi, type SiteDesk } from './site-api.ts'
import { registerWebhookApi } from './webhook-api.ts'

export interface ApiRoutesOptions {
  db: Database
  desk: StaffDesk
  cookieSecure: boolean
  pageSize: number
  now: () => Date
  /** The server's backups: reported beside the deliveries when the server has them. */
  backupStatus?: () => Promise<BackupStatus>
  /** The site settings' pages and refresh (server/site). */
  site: SiteDesk
  /** Development and tests: push subscriptions may name a push service on http://127.0.0.1. */
  pushAllowLoopback?: boolean
  /** Counts a request of an API token against its limit (docs/api.md, "API tokens"); none: unlimited. */
  tokenLimit?: (tokenId: string) => Promise<KeyedCount>
  /** How a test event is sent (server/webhooks/webhook-delivery.ts); none: no webhook routes. */
  webhooks?: WebhookSettings
}

/** The scope a route asks of a token: its `apiToken` entry in the route's `security`. */
function tokenScopeOf(security: unknown): string | undefined {
  if (!Array.isArray(security)) return undefined
  for (const entry of security) {
    const scopes: unknown = entry && typeof entry === 'object' ? Reflect.get(entry, 'apiToken') : undefined
    if (Array.isArray(scopes) && typeof scopes[0] === 'string') return scopes[0]
  }
  return undefined
}

/** Whoever makes a change: the signed-in member, or the token by its name (no account). */
function actorOf(request: FastifyRequest): { userId: string | null; email: string } | undefined {
  if (request.staff) return { userId: request.staff.userId, email: request.staff.email }
  if (request.apiToken) return { userId: null, email: `API token ${request.apiToken.name}` }
  return undefined
}

/** Why a change was refused, by the work log's answer (404 for a missing lead). */
const refusals: Record<Exclude<WorkResult, 'ok'>, { status: number; error: string }> = {
  'no-lead': { status: 404, error: 'There is no such lead.' },
  'no-staff': { status: 400, error: 'There is no staff account with that e-mail.' },
  'no-lost-reason': { status: 400, error: 'Send "lostReason" with the status "lost".' },
}

/**
 * The API lists newest first unless asked otherwise, as it always did (a missing `sort` reads as
 * `received`: the prefault, which the document shows as the default); `sort=queue` is the desk's
 * work queue (docs/api.md). Mapped before the inbox's own check of `sort`, so every other value is
 * judged as the inbox judges it. The document lists the API's values, not the inbox's.
 */
const apiSort = z
  .preprocess((value) => (value === 'queue' ? '' : value), leadFilterFields.sort)
  .prefault('received')
  .meta({
    type: 'string',
    enum: ['received', 'age', 'due', 'queue'],
    description:
      '`received` (the default): newest first; `age`: oldest first; `due`: soonest follow-up first, leads without one last; `queue`: the desk’s work queue, overdue, due follow-ups, new, then the rest.',
  })

/** A day and time that exist (no 30 February, no 24:00), to the minute or the second, with an offset. */
const realInstant = z.union([
  z.iso.datetime({ offset: true }),
  z.iso.datetime({ offset: true, precision: -1 }),
])
/** A string of the pattern's shape that is also a real instant (the database refuses 30 February). */
const instant = (pattern: RegExp) =>
  z
    .string()
    .regex(pattern)
    .refine((value) => realInstant.safeParse(value).success, 'not a real day and time')
/** An instant with its offset (RFC 3339), as JSON sends it; anything else is not one. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
/** An instant to the microsecond, as the poll's `since` and `newest` carry it. */
const exactInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

/** A query parameter once, as text (a repeated one is refused as not understood). */
const oneValue = z.string({ error: 'Give it once, as text.' })

/** The list's page size: 1 to 100, 25 unless asked. */
const defaultPageSize = 25
const maxPageSize = 100

/**
 * A sync's position (docs/api.md, "Sync"): the last lead's exact `updatedAt` and id, as opaque
 * base64url text; undefined for anything that is not one of ours.
 */
function decodeCursor(text: string): { at: string; id: string } | undefined {
  const [at, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (extra !== undefined || !at || !id) return undefined
  if (!exactInstantPattern.test(at) || !realInstant.safeParse(at).success) return undefined
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? { at, id } : undefined
}

function encodeCursor(position: { at: string; id: string }): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url')
}

/**
 * The list's query: the inbox's filters, the page and its size, and the sync's `updatedSince` and
 * `cursor`; anything else is refused with its name (400), as is a sort or a page with a sync, whose
 * order is the time each lead last changed.
 */
const listQuery = z
  .strictObject({
    ...leadFilterFields,
    sort: apiSort,
    page: oneValue
      .regex(/^[1-9]\d{0,5}$/, 'A page is a whole number from 1.')
      .transform(Number)
      .optional()
      .meta({
        type: 'integer',
        minimum: 1,
        maximum: 999_999,
        description: 'The page, from 1 (not with a sync).',
      }),
    pageSize: oneValue
      .regex(/^\d{1,3}$/, `A page size is a whole number from 1 to ${maxPageSize}.`)
      .transform(Number)
      .refine(
        (size) => size >= 1 && size <= maxPageSize,
        `A page size is a whole number from 1 to ${maxPageSize}.`,
      )
      .optional()
      .meta({
        type: 'integer',
        minimum: 1,
        maximum: maxPageSize,
        default: defaultPageSize,
        description: `Leads per page, 1 to ${maxPageSize}; ${defaultPageSize} unless given.`,
      }),
    updatedSince: oneValue
      .regex(exactInstantPattern, 'An ISO time with its offset, e.g. 2026-11-24T15:00:00Z.')
      .refine((value) => realInstant.safeParse(value).success, 'Not a real day and time.')
      .optional()
      .meta({
        format: 'date-time',
        description:
          'A sync: the leads changed at or after this time (to the microsecond, as `updatedAt` carries it), in the order they changed; spam included unless `status` says otherwise.',
      }),
    cursor: oneValue
      .max(200)
      .refine(
        (value) => decodeCursor(value) !== undefined,
        'Not a cursor of this API: pass `nextCursor` as it came.',
      )
      .optional()
      .describe('A sync’s next page: the `nextCursor` of the previous answer, as it came.'),
  })
  .superRefine((query, context) => {
    // As the inbox reports it (lead-filters.ts): an end date before the start date, on `to`.
    if (query.from && query.to && query.from > query.to)
      context.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date.' })
    if (query.updatedSince === undefined && query.cursor === undefined) return
    if (query.page !== undefined)
      context.addIssue({ code: 'custom', path: ['page'], message: 'A sync pages by `cursor`, not by page.' })
    if (query.sort !== 'received')
      context.addIssue({
        code: 'custom',
        path: ['sort'],
        message: 'A sync is in the order leads changed: leave `sort` out.',
      })
  })

/** What a 400 names for each problem of a query or body: the parameter or property, and why. */
function problemFields(
  issues: readonly {
    instancePath: string
    message?: string
    keyword: string
    params: Record<string, unknown>
  }[],
  what: 'parameter' | 'property',
): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) fields[String(key)] = `Unknown ${what}: not one this route takes.`
      continue
    }
    const name = issue.instancePath.split('/').filter(Boolean).join('.') || '(body)'
    fields[name] ??= issue.message ?? 'Not understood.'
  }
  return fields
}

const openApiDocumentSchema = z
  .record(z.string(), z.unknown())
  .describe('The OpenAPI 3.1 document of this API.')

const healthSchema = z
  .object({
    status: z.literal('up'),
    deliveries: z.object({
      failed: z.number().int().describe('E-mail jobs failed for good.'),
      waiting: z.number().int().describe('E-mail jobs waiting or being sent.'),
      held: z.number().int().optional().describe('Jobs held after a restore, when there are any.'),
    }),
    backup: z
      .object({ newestAt: z.string().nullable().meta({ format: 'date-time' }), stale: z.boolean() })
      .optional()
      .describe('The newest backup, when the server takes them.'),
  })
  .describe('The deliveries and the backups.')

const sessionSchema = z
  .object({
    email: z.string().optional().describe('The signed-in account.'),
    expiresAt: z
      .string()
      .nullable()
      .meta({ format: 'date-time' })
      .describe('When the session ends at the latest.'),
  })
  .describe('Who is signed in.')

const newCountSchema = z
  .object({
    count: z.number().int(),
    newest: z
      .string()
      .nullable()
      .describe('The newest lead’s receipt, UTC to the microsecond; pass it as the next `since`.'),
  })
  .describe('Leads (spam excluded) received after `since`.')

const revealSchema = z.object({ field: z.string(), value: z.string() }).describe('The value, in clear.')

const retriedSchema = z.object({ retried: z.literal(true) }).describe('The job is due again.')

/** Ids and field names: strings of 100 characters at most. */
const shortText = () => text(z.string().max(100))

const idParams = z.object({ id: z.string().max(100) })

const notFound = { error: 'There is no such lead.' }

export async function apiRoutes(fastify: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  const { desk } = options
  // This plugin's scope only: the staff pages and the public forms keep Fastify's own validation.
  fastify.setValidatorCompiler(validatorCompiler)
  fastify.setSerializerCompiler(serializerCompiler)
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // onRequest, not preHandler: a request without a session is refused before its body is read or
  // validated, so it gets 401 whatever it sent.
  app.addHook('onRequest', requireStaffApi)
  // A query or body the route does not take: 400 naming each parameter or property and why (the
  // list's filters with the inbox's messages). Any other error is the staff routes' (admin-routes.ts).
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (!error.validation) throw error
    const query = error.validationContext === 'querystring'
    const fields = problemFields(error.validation, query ? 'parameter' : 'property')
    const what = query ? 'parameters' : error.validationContext === 'params' ? 'path' : 'body'
    return reply.code(400).send({ error: `Invalid ${what}: ${Object.keys(fields).join(', ')}.`, fields })
  })
  // A token: counted against its own limit, then held to the scope the route names.
  app.addHook('onRequest', async (request, reply) => {
    const token = request.apiToken
    if (!token) return
    if (options.tokenLimit) {
      const counted = await options.tokenLimit(token.id)
      setRateLimitHeaders(reply, 'api-token', counted)
      if (!counted.allowed)
        return reply.code(429).send({ error: 'Too many requests for this API token: wait and retry.' })
    }
    const scope = tokenScopeOf(request.routeOptions.schema?.security)
    if (!scope) return reply.code(403).send({ error: 'This route takes a staff session, not an API token.' })
    if (!token.scopes.some((held) => held === scope))
      return reply.code(403).send({ error: `This API token lacks the scope ${scope}.` })
  })
  // Before the routes: each one below, whoever adds it, is in the OpenAPI document (openapi.ts).
  await registerOpenApi(app, options.cookieSecure)
  app.get(
    openApiPath,
    {
      schema: {
        operationId: 'getOpenApiDocument',
        summary: 'This document',
        security: access('leads:read'),
        response: answers({ 200: openApiDocumentSchema }),
      },
    },
    async () => app.swagger(),
  )

  // What /api/health tells the public only as up or down.
  app.get(
    '/api/admin/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Delivery counts and the newest backup',
        security: access('leads:read'),
        response: answers({ 200: healthSchema }),
      },
    },
    async () => ({
      status: 'up',
      deliveries: await deliveryCounts(options.db),
      ...(options.backupStatus ? { backup: backupHealth(await options.backupStatus()) } : {}),
    }),
  )

  pushSubscriptionRoutes(app, { db: options.db, allowLoopback: options.pushAllowLoopback ?? false })

  app.get(
    '/api/admin/session',
    {
      schema: {
        operationId: 'getSession',
        summary: 'Who is signed in, and until when',
        security: access(null),
        response: answers({ 200: sessionSchema }),
      },
    },
    async (request) => ({
      email: request.staff?.email,
      expiresAt: request.staff ? new Date(request.staff.expiresAt).toISOString() : null,
    }),
  )

  app.delete(
    '/api/admin/session',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Sign out',
        security: access(null),
        response: answers({ 204: z.null().describe('Signed out; the cookie is cleared.') }),
      },
    },
    async (request, reply) => {
      if (request.staff) await revokeSession(options.db, request.staff.tokenHash)
      return clearSessionCookie(reply, options.cookieSecure).code(204).send()
    },
  )

  app.get(
    '/api/admin/leads',
    {
      schema: {
        operationId: 'listLeads',
        summary: 'List leads, or sync the leads changed since a time',
        security: access('leads:read'),
        querystring: listQuery,
        response: answers({ 200: leadListSchema, 400: problemSchema }),
      },
    },
    async (request) => {
      const { page = 1, pageSize = defaultPageSize, updatedSince, cursor, ...filters } = request.query
      if (updatedSince !== undefined || cursor !== undefined) {
        // A sync: spam included unless asked otherwise (a lead marked spam is a change to hear of).
        const after = cursor === undefined ? undefined : decodeCursor(cursor)
        const { leads, total } = await desk.inbox.changedLeads(
          { ...filters, status: request.query.status || 'all' },
          { since: updatedSince, after },
          pageSize,
          request.staff?.userId,
          options.now(),
        )
        const last = leads.at(-1)
        const position = last ? { at: last.updatedAt, id: last.id } : after
        return {
          leads: leads.map(leadSummary),
          total,
          page: 1,
          pageSize,
          hasMore: total > leads.length,
          nextCursor: position ? encodeCursor(position) : (cursor ?? null),
        }
      }
      const { leads, total } = await desk.inbox.listLeads(
        filters,
        { limit: pageSize, offset: (page - 1) * pageSize },
        request.staff?.userId,
        options.now(),
      )
      return {
        leads: leads.map(leadSummary),
        total,
        page,
        pageSize,
        hasMore: page * pageSize < total,
        nextCursor: null,
      }
    },
  )

  app.get(
    '/api/admin/leads/:id',
    {
      schema: {
        operationId: 'getLead',
        summary: 'One lead with its fields, e-mail jobs, reveals and work log',
        security: access('leads:read'),
        params: idParams,
        response: answers({ 200: leadDetailSchema, 400: problemSchema, 404: errorSchema }),
      },
    },
    async (request, reply) => {
      const detail = await desk.leadDetail(request.params.id)
      if (!detail) return reply.code(404).send(notFound)
      return {
        lead: {
          ...leadSummary(detail.lead),
          sections: detail.sections.map((section) => ({
            legend: section.legend,
            fields: section.fields.map((field) => ({
              name: field.name,
              label: field.label,
              value: field.display,
              sensitive: field.sensitive,
            })),
          })),
          otherFields: Object.fromEntries(detail.others),
        },
        deliveryJobs: detail.jobs,
        reveals: detail.reveals,
        workLog: detail.events,
      }
    },
  )

  /** One change through the work log (the same as the desk's pages), then the lead as it is. */
  async function applyWork(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    changes: Omit<WorkInput, 'leadId' | 'actor' | 'at'>,
  ) {
    const actor = actorOf(request)
    if (!actor) return reply.code(401).send({ error: 'Sign in first.' })
    const result = await desk.workLog.record({ ...changes, leadId: id, actor, at: options.now() })
    if (result !== 'ok') return reply.code(refusals[result].status).send({ error: refusals[result].error })
    const lead = await desk.inbox.findLead(id)
    return lead ? { lead: leadSummary(lead) } : reply.code(404).send(notFound)
  }

  /** A staff account by its e-mail (what the API shows as assignedTo); null unassigns. */
  async function assigneeId(email: string | null): Promise<string | null | undefined> {
    if (email === null) return null
    const member = (await desk.workLog.staffMembers()).find(
      (candidate) => candidate.email.toLowerCase() === email.trim().toLowerCase(),
    )
    return member ? member.id : undefined
  }

  registerSiteApi(fastify, { db: options.db, site: options.site })
  if (options.webhooks) registerWebhookApi(fastify, { db: options.db, settings: options.webhooks })

  app.get(
    '/api/admin/leads/new-count',
    {
      schema: {
        operationId: 'countNewLeads',
        summary: 'How many leads arrived after a time',
        security: access('leads:read'),
        querystring: z.strictObject({ since: instant(exactInstantPattern) }),
        response: answers({ 200: newCountSchema, 400: problemSchema }),
      },
    },
    async (request) => {
      return desk.inbox.newSince(request.query.since)
    },
  )

  app.patch(
    '/api/admin/leads/:id',
    {
      schema: {
        operationId: 'updateLead',
        summary: 'Change a lead’s status, spam flag, follow-up or assignee',
        security: access('leads:write'),
        params: idParams,
        response: answers({ 200: leadAnswerSchema, 400: problemSchema, 404: errorSchema }, true),
        // Strict: a property the route does not take is refused by its name; at least one is needed.
        body: z
          .strictObject({
            status: text(z.enum(leadStatuses)).optional(),
            lostReason: text(z.enum(lostReasons)).optional(),
            spam: flag().optional(),
            followUpAt: nullableText(instant(instantPattern).nullable()).optional(),
            assignee: nullableText(z.string().max(254).nullable()).optional(),
          })
          .refine((body) => Object.keys(body).length > 0)
          .meta({ minProperties: 1 }),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { status, lostReason, spam, followUpAt, assignee } = request.body
      // `lostReason` alone changes nothing.
      if ([status, spam, followUpAt, assignee].every((value) => value === undefined))
        return reply.code(400).send({ error: 'Send "status", "spam", "followUpAt", "assignee" or several.' })
      const changes: Omit<WorkInput, 'leadId' | 'actor' | 'at'> = {}
      if (status !== undefined) changes.status = { status, lostReason: lostReason ?? null }
      if (followUpAt !== undefined) changes.followUpAt = followUpAt === null ? null : new Date(followUpAt)
      const refusal = changes.followUpAt ? followUpRefusal(changes.followUpAt, options.now()) : undefined
      if (refusal) return reply.code(400).send({ error: refusal, fields: { followUpAt: refusal } })
      // As on the desk: a time the office is closed becomes its next opening (the answer's followUpAt).
      if (changes.followUpAt) changes.followUpAt = followUpInOfficeHours(changes.followUpAt).at
      if (assignee !== undefined) {
        const found = await assigneeId(assignee)
        if (found === undefined) return reply.code(400).send({ error: refusals['no-staff'].error })
        changes.assignee = found
      }
      if (spam !== undefined && !(await desk.setSpam(id, spam, actorOf(request))))
        return reply.code(404).send(notFound)
      return applyWork(request, reply, id, changes)
    },
  )

  app.post(
    '/api/admin/leads/:id/contacts',
    {
      schema: {
        operationId: 'logContact',
        summary: 'Log a contact attempt',
        security: access('leads:write'),
        params: idParams,
        response: answers({ 200: leadAnswerSchema, 400: problemSchema, 404: errorSchema }, true),
        body: z.strictObject({
          channel: text(z.enum(contactChannels)),
          outcome: text(z.enum(contactOutcomes)),
          note: text(z.string().max(noteMaxLength)).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { channel, outcome, note } = request.body
      return applyWork(request, reply, request.params.id, {
        contact: { channel, outcome, note: (note ?? '').trim() },
      })
    },
  )

  app.post(
    '/api/admin/leads/:id/notes',
    {
      schema: {
        operationId: 'addNote',
        summary: 'Add a note to a lead’s work log',
        security: access('leads:write'),
        params: idParams,
        response: answers({ 200: leadAnswerSchema, 400: problemSchema, 404: errorSchema }, true),
        body: z.strictObject({ note: text(z.string().min(1).max(noteMaxLength).regex(/\S/)) }),
      },
    },
    async (request, reply) =>
      applyWork(request, reply, request.params.id, { note: request.body.note.trim() }),
  )

  app.post(
    '/api/admin/leads/:id/reveal',
    {
      schema: {
        operationId: 'revealField',
        summary: 'Reveal one SSN or EIN, recorded',
        security: access('sensitive:reveal'),
        params: idParams,
        body: z.strictObject({ field: shortText() }),
        response: answers({ 200: revealSchema, 400: problemSchema, 404: errorSchema }, true),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      if (!actor) return
      const result = await desk.reveal(request.params.id, request.body.field, actor)
      if (result.ok) return { field: request.body.field, value: result.value }
      if (result.reason === 'no-lead') return reply.code(404).send(notFound)
      return reply.code(400).send({ error: revealRefusals[result.reason] })
    },
  )

  app.post(
    '/api/admin/leads/:id/retry',
    {
      schema: {
        operationId: 'retryDelivery',
        summary: 'Send a failed e-mail job again',
        security: access('leads:write'),
        params: idParams,
        body: z.strictObject({ jobId: shortText() }),
        response: answers({ 200: retriedSchema, 400: problemSchema, 404: errorSchema }, true),
      },
    },
    async (request, reply) => {
      if (!(await desk.retryDelivery(request.params.id, request.body.jobId))) {
        return reply.code(404).send({ error: 'This lead has no failed delivery with that id.' })
      }
      return { retried: true }
    },
  )
}
