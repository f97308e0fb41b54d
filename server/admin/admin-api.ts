/**
 * /api/admin/*: the desk's API for integrations, what the agency's other tools read leads from
 * (README, "The desk's API for integrations"; every route, body and status: docs/api.md, "Staff").
 * Same session, same Origin rule and, for what it offers, the same actions (staff-desk.ts) as the
 * pages; every route answers 401 without a session. Sensitive values are masked here too; only the
 * reveal route returns one, recorded.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type BackupStatus, backupHealth } from '../backup/backup-status.ts'
import type { Database } from '../db/database.ts'
import { parseLeadFilters, parsePage } from '../leads/lead-filters.ts'
import { deliveryCounts } from '../leads/lead-jobs.ts'
import { type LeadStatus, type LostReason, leadStatuses, lostReasons } from '../leads/lead-repository.ts'
import {
  type ContactChannel,
  type ContactOutcome,
  contactChannels,
  contactOutcomes,
  noteMaxLength,
  type WorkInput,
  type WorkResult,
} from '../leads/work-log.ts'
import { revokeSession } from '../staff/staff-sessions.ts'
import { clearSessionCookie, requireStaffApi } from './admin-auth.ts'
import { revealRefusals } from './admin-pages.ts'
import {
  errorSchema,
  filterErrorSchema,
  leadDetailSchema,
  leadListSchema,
  leadSummary,
} from './lead-summary.ts'
import { openApiPath, registerOpenApi } from './openapi.ts'
import type { StaffDesk } from './staff-desk.ts'

export interface AdminApiOptions {
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

/** An instant with its offset (RFC 3339), as JSON sends it; anything else is not one. */
const instantPattern = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$'

/**
 * The API lists newest first unless asked otherwise, as it always did; `sort=queue` is the desk's
 * work queue (docs/api.md).
 */
function apiListQuery(query: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = query && typeof query === 'object' ? { ...query } : {}
  if (input.sort === undefined) input.sort = 'received'
  else if (input.sort === 'queue') input.sort = ''
  return input
}

interface LeadParams {
  Params: { id: string }
}

/** An object of required strings of 100 characters at most (ids and field names). */
function requiredStrings(...names: string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', maxLength: 100 }])),
    required: names,
  } as const
}

const idParams = requiredStrings('id')

const notFound = { error: 'There is no such lead.' }

export async function adminApi(app: FastifyInstance, options: AdminApiOptions): Promise<void> {
  const { desk } = options
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
    { schema: { response: { 200: leadListSchema, 400: filterErrorSchema } } },
    async (request, reply) => {
      const { filters, errors } = parseLeadFilters(apiListQuery(request.query))
      if (Object.keys(errors).length)
        return reply.code(400).send({ error: 'Invalid filters.', fields: errors })
      const page = parsePage(request.query)
      const { leads, total } = await desk.inbox.listLeads(
        filters,
        { limit: options.pageSize, offset: (page - 1) * options.pageSize },
        request.staff?.userId,
        options.now(),
      )
      return { leads: leads.map(leadSummary), total, page, pageSize: options.pageSize }
    },
  )

  app.get<LeadParams>(
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

  app.get<{ Querystring: { since?: string } }>(
    '/api/admin/leads/new-count',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { since: { type: 'string', pattern: instantPattern } },
          required: ['since'],
        },
      },
    },
    async (request) => {
      const { count, newest } = await desk.inbox.newSince(new Date(request.query.since ?? 0))
      return { count, newest: newest ? new Date(newest).toISOString() : null }
    },
  )

  app.patch<
    LeadParams & {
      Body: {
        status?: LeadStatus
        lostReason?: LostReason
        spam?: boolean
        followUpAt?: string | null
        assignee?: string | null
      }
    }
  >(
    '/api/admin/leads/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: leadStatuses },
            lostReason: { type: 'string', enum: lostReasons },
            spam: { type: 'boolean' },
            followUpAt: { type: ['string', 'null'], pattern: instantPattern },
            assignee: { type: ['string', 'null'], maxLength: 254 },
          },
          additionalProperties: false,
          minProperties: 1,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { status, lostReason, spam, followUpAt, assignee } = request.body
      // Fastify drops properties the schema does not name: a body of only those changes nothing.
      if ([status, spam, followUpAt, assignee].every((value) => value === undefined))
        return reply.code(400).send({ error: 'Send "status", "spam", "followUpAt", "assignee" or several.' })
      const changes: Omit<WorkInput, 'leadId' | 'actor' | 'at'> = {}
      if (status !== undefined) changes.status = { status, lostReason: lostReason ?? null }
      if (followUpAt !== undefined) changes.followUpAt = followUpAt === null ? null : new Date(followUpAt)
      if (assignee !== undefined) {
        const found = await assigneeId(assignee)
        if (found === undefined) return reply.code(400).send({ error: refusals['no-staff'].error })
        changes.assignee = found
      }
      if (spam !== undefined && !(await desk.setSpam(id, spam))) return reply.code(404).send(notFound)
      return applyWork(request, reply, id, changes)
    },
  )

  app.post<LeadParams & { Body: { channel: ContactChannel; outcome: ContactOutcome; note?: string } }>(
    '/api/admin/leads/:id/contacts',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            channel: { type: 'string', enum: contactChannels },
            outcome: { type: 'string', enum: contactOutcomes },
            note: { type: 'string', maxLength: noteMaxLength },
          },
          required: ['channel', 'outcome'],
        },
      },
    },
    async (request, reply) => {
      const { channel, outcome, note } = request.body
      return applyWork(request, reply, request.params.id, {
        contact: { channel, outcome, note: (note ?? '').trim() },
      })
    },
  )

  app.post<LeadParams & { Body: { note: string } }>(
    '/api/admin/leads/:id/notes',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: { note: { type: 'string', minLength: 1, maxLength: noteMaxLength, pattern: '\\S' } },
          required: ['note'],
        },
      },
    },
    async (request, reply) =>
      applyWork(request, reply, request.params.id, { note: request.body.note.trim() }),
  )

  app.post<LeadParams & { Body: { field: string } }>(
    '/api/admin/leads/:id/reveal',
    {
      schema: { params: idParams, body: requiredStrings('field') },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const result = await desk.reveal(request.params.id, request.body.field, staff)
      if (result.ok) return { field: request.body.field, value: result.value }
      if (result.reason === 'no-lead') return reply.code(404).send(notFound)
      return reply.code(400).send({ error: revealRefusals[result.reason] })
    },
  )

  app.post<LeadParams & { Body: { jobId: string } }>(
    '/api/admin/leads/:id/retry',
    {
      schema: { params: idParams, body: requiredStrings('jobId') },
    },
    async (request, reply) => {
      if (!(await desk.retryDelivery(request.params.id, request.body.jobId))) {
        return reply.code(404).send({ error: 'This lead has no failed delivery with that id.' })
      }
      return { retried: true }
    },
  )
}
