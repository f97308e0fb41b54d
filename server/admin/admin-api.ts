/**
 * /api/admin/*: the desk's API for integrations, what the agency's other tools read leads from
 * (README, "The desk's API for integrations"; every route, body and status: docs/api.md, "Staff").
 * Same session, same Origin rule and, for what it offers, the same actions (staff-desk.ts) as the
 * pages; every route answers 401 without a session. Sensitive values are masked here too; only the
 * reveal route returns one, recorded.
 */
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.ts'
import { parseLeadFilters, parsePage } from '../leads/lead-filters.ts'
import { deliveryCounts } from '../leads/lead-jobs.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { type LeadStatus, leadStatuses } from '../leads/lead-repository.ts'
import { revokeSession } from '../staff/staff-sessions.ts'
import { clearSessionCookie, requireStaffApi } from './admin-auth.ts'
import { revealRefusals } from './admin-pages.ts'
import { leadDisplayName } from './lead-view.ts'
import type { StaffDesk } from './staff-desk.ts'

export interface AdminApiOptions {
  db: Database
  desk: StaffDesk
  cookieSecure: boolean
  pageSize: number
  now: () => Date
}

function leadSummary(lead: InboxLead) {
  return {
    id: lead.id,
    reference: lead.reference,
    formKey: lead.formKey,
    receivedAt: new Date(lead.receivedAt).toISOString(),
    language: lead.language,
    status: lead.status,
    spam: lead.isSpam,
    spamReasons: lead.spamReasons,
    name: leadDisplayName(lead.fields),
    email: lead.fields.email ?? null,
    phone: lead.fields.phone || lead.fields.contactPhone || null,
    delivery: lead.deliveryStatus,
    assignedTo: lead.assigneeEmail,
    firstContactAt: lead.firstContactAt ? new Date(lead.firstContactAt).toISOString() : null,
  }
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

  // What /api/health tells the public only as up or down.
  app.get('/api/admin/health', async () => ({ status: 'up', deliveries: await deliveryCounts(options.db) }))

  app.get('/api/admin/session', async (request) => ({
    email: request.staff?.email,
    expiresAt: request.staff ? new Date(request.staff.expiresAt).toISOString() : null,
  }))

  app.delete('/api/admin/session', async (request, reply) => {
    if (request.staff) await revokeSession(options.db, request.staff.tokenHash)
    return clearSessionCookie(reply, options.cookieSecure).code(204).send()
  })

  app.get('/api/admin/leads', async (request, reply) => {
    const { filters, errors } = parseLeadFilters(request.query)
    if (Object.keys(errors).length) return reply.code(400).send({ error: 'Invalid filters.', fields: errors })
    const page = parsePage(request.query)
    const { leads, total } = await desk.inbox.listLeads(
      filters,
      { limit: options.pageSize, offset: (page - 1) * options.pageSize },
      request.staff?.userId,
    )
    return { leads: leads.map(leadSummary), total, page, pageSize: options.pageSize }
  })

  app.get<LeadParams>('/api/admin/leads/:id', { schema: { params: idParams } }, async (request, reply) => {
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
  })

  app.patch<LeadParams & { Body: { status?: LeadStatus; spam?: boolean } }>(
    '/api/admin/leads/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: { status: { type: 'string', enum: leadStatuses }, spam: { type: 'boolean' } },
          additionalProperties: false,
          minProperties: 1,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { status, spam } = request.body
      const staff = request.staff
      if (!staff) return
      // Fastify drops properties the schema does not name: a body of only those changes nothing.
      if (status === undefined && spam === undefined)
        return reply.code(400).send({ error: 'Send "status", "spam" or both.' })
      const actor = { userId: staff.userId, email: staff.email }
      if (
        status !== undefined &&
        !(await desk.workLog.setStatus({ leadId: id, actor, status, at: options.now() }))
      )
        return reply.code(404).send(notFound)
      if (spam !== undefined && !(await desk.setSpam(id, spam))) return reply.code(404).send(notFound)
      const lead = await desk.inbox.findLead(id)
      return lead ? { lead: leadSummary(lead) } : reply.code(404).send(notFound)
    },
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
