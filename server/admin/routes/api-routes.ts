/**
 * /api/admin/*: the desk's API for integrations, what the agency's other tools read leads from
 * (README, "The desk's API for integrations"; every route, body and status: docs/api.md, "Staff").
 * Same session, same Origin rule and, for what it offers, the same actions (staff-desk.ts) as the
 * pages; every route answers 401 without a session. Sensitive values are masked here too; only the
 * reveal route returns one, recorded.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type BackupStatus, backupHealth } from '#server/backup/backup-status.ts'
import type { Database } from '#server/db/database.ts'
import { followUpInOfficeHours, followUpRefusal } from '#server/desk/follow-up-time.ts'
import { filterErrors, leadFilterFields, leadListQuery } from '#server/leads/lead-filters.ts'
import { deliveryCounts } from '#server/leads/lead-jobs.ts'
import { leadStatuses, lostReasons } from '#server/leads/lead-repository.ts'
import {
  contactChannels,
  contactOutcomes,
  noteMaxLength,
  type WorkInput,
  type WorkResult,
} from '#server/leads/work-log.ts'
import { revokeSession } from '#server/staff/staff-sessions.ts'
import {
  errorSchema,
  filterErrorSchema,
  leadDetailSchema,
  leadListSchema,
  leadSummary,
} from '../lead-summary.ts'
import { flag, nullableText, text } from '../lenient-json.ts'
import type { StaffDesk } from '../staff-desk.ts'
import { clearSessionCookie, requireStaffApi } from './admin-auth.ts'
import { revealRefusals } from './lead-routes.ts'
import { openApiPath, registerOpenApi } from './openapi.ts'

export interface ApiRoutesOptions {
  db: Database
  desk: StaffDesk
  cookieSecure: boolean
  pageSize: number
  now: () => Date
  /** The server's backups: reported beside the deliveries when the server has them. */
  backupStatus?: () => Promise<BackupStatus>
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

const listQuery = leadListQuery(apiSort)

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
  // Before the routes: each one below, whoever adds it, is in the OpenAPI document (openapi.ts).
  await registerOpenApi(app)
  app.get(openApiPath, async () => app.swagger())

  // What /api/health tells the public only as up or down.
  app.get('/api/admin/health', async () => ({
    status: 'up',
    deliveries: await deliveryCounts(options.db),
    ...(options.backupStatus ? { backup: backupHealth(await options.backupStatus()) } : {}),
  }))

  app.get('/api/admin/session', async (request) => ({
    email: request.staff?.email,
    expiresAt: request.staff ? new Date(request.staff.expiresAt).toISOString() : null,
  }))

  app.delete('/api/admin/session', async (request, reply) => {
    if (request.staff) await revokeSession(options.db, request.staff.tokenHash)
    return clearSessionCookie(reply, options.cookieSecure).code(204).send()
  })

  app.get(
    '/api/admin/leads',
    {
      schema: { querystring: listQuery, response: { 200: leadListSchema, 400: filterErrorSchema } },
      // A filter that makes no sense is named with the inbox's message; any other error is the
      // staff routes' (admin-routes.ts).
      errorHandler(error, _request, reply) {
        if (error.validationContext !== 'querystring' || !error.validation) throw error
        const problems = error.validation.map((issue) => ({
          name: issue.instancePath.split('/')[1] ?? '',
          message: issue.message ?? '',
        }))
        return reply.code(400).send({ error: 'Invalid filters.', fields: filterErrors(problems) })
      },
    },
    async (request) => {
      const { page, ...filters } = request.query
      const { leads, total } = await desk.inbox.listLeads(
        filters,
        { limit: options.pageSize, offset: (page - 1) * options.pageSize },
        request.staff?.userId,
        options.now(),
      )
      return { leads: leads.map(leadSummary), total, page, pageSize: options.pageSize }
    },
  )

  app.get(
    '/api/admin/leads/:id',
    { schema: { params: idParams, response: { 200: leadDetailSchema, 404: errorSchema } } },
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
    request: { staff: { userId: string; email: string } | null },
    reply: FastifyReply,
    id: string,
    changes: Omit<WorkInput, 'leadId' | 'actor' | 'at'>,
  ) {
    const staff = request.staff
    if (!staff) return reply.code(401).send({ error: 'Sign in first.' })
    const actor = { userId: staff.userId, email: staff.email }
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

  app.get(
    '/api/admin/leads/new-count',
    { schema: { querystring: z.object({ since: instant(exactInstantPattern) }) } },
    async (request) => {
      return desk.inbox.newSince(request.query.since)
    },
  )

  app.patch(
    '/api/admin/leads/:id',
    {
      schema: {
        params: idParams,
        // Loose: other properties are ignored, but a body must name at least one property.
        body: z
          .looseObject({
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
      // Properties the schema does not name are ignored: a body of only those changes nothing.
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
      if (spam !== undefined && !(await desk.setSpam(id, spam))) return reply.code(404).send(notFound)
      return applyWork(request, reply, id, changes)
    },
  )

  app.post(
    '/api/admin/leads/:id/contacts',
    {
      schema: {
        params: idParams,
        body: z.object({
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
        params: idParams,
        body: z.object({ note: text(z.string().min(1).max(noteMaxLength).regex(/\S/)) }),
      },
    },
    async (request, reply) =>
      applyWork(request, reply, request.params.id, { note: request.body.note.trim() }),
  )

  app.post(
    '/api/admin/leads/:id/reveal',
    { schema: { params: idParams, body: z.object({ field: shortText() }) } },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const result = await desk.reveal(request.params.id, request.body.field, staff)
      if (result.ok) return { field: request.body.field, value: result.value }
      if (result.reason === 'no-lead') return reply.code(404).send(notFound)
      return reply.code(400).send({ error: revealRefusals[result.reason] })
    },
  )

  app.post(
    '/api/admin/leads/:id/retry',
    { schema: { params: idParams, body: z.object({ jobId: shortText() }) } },
    async (request, reply) => {
      if (!(await desk.retryDelivery(request.params.id, request.body.jobId))) {
        return reply.code(404).send({ error: 'This lead has no failed delivery with that id.' })
      }
      return { retried: true }
    },
  )
}
