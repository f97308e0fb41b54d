/**
 * A lead's one-purpose posts, each answered by a redirect to the lead page with its notice (or a
 * page saying why nothing changed): its status, spam or not, a retry of its e-mail to the agency; a
 * contact attempt, a note, its assignee. The lead page's work form saves most of these in one post
 * (lead-routes.ts).
 */
import type { FastifyInstance } from 'fastify'
import { isLostReason, leadStatuses } from '#server/leads/lead-repository.ts'
import { type ContactChannel, contactChannels, noteMaxLength } from '#server/leads/work-log.ts'
import { sendPage } from '../views/admin-layout.ts'
import { messagePage } from '../views/message-page.ts'
import { requireStaffPage } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { idParams, type LeadParams, notFound } from './lead-routes.ts'
import { formBody } from './route-helpers.ts'

type LeadActionOptions = Pick<DeskOptions, 'desk' | 'now'>

// onRequest: no body is read or validated for a visitor without a session.
const staffOnly = { onRequest: requireStaffPage }

/** The lead's status, spam or not, and a retry of its e-mail to the agency. */
export async function leadStateRoutes(app: FastifyInstance, options: LeadActionOptions): Promise<void> {
  const { desk } = options

  app.post<LeadParams & { Body: { status: (typeof leadStatuses)[number]; lostReason?: string } }>(
    '/admin/leads/:id/status',
    {
      ...staffOnly,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: leadStatuses },
            lostReason: { type: 'string', maxLength: 20 },
          },
          required: ['status'],
        },
      },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const result = await desk.workLog.record({
        leadId: request.params.id,
        actor: { userId: staff.userId, email: staff.email },
        status: {
          status: request.body.status,
          lostReason: isLostReason(request.body.lostReason) ? request.body.lostReason : null,
        },
        at: options.now(),
      })
      if (result === 'no-lead') return notFound(reply, staff)
      if (result !== 'ok') {
        return sendPage(
          reply,
          messagePage('Status not saved', 'Choose why the lead was lost, then save again.', staff),
          400,
        )
      }
      return reply.redirect(`/admin/leads/${request.params.id}?notice=status`, 303)
    },
  )

  app.post<LeadParams & { Body: { spam: 'true' | 'false' } }>(
    '/admin/leads/:id/spam',
    {
      ...staffOnly,
      schema: { params: idParams, body: formBody({ spam: { type: 'string', enum: ['true', 'false'] } }) },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const spam = request.body.spam === 'true'
      if (!(await desk.setSpam(request.params.id, spam))) return notFound(reply, staff)
      return reply.redirect(`/admin/leads/${request.params.id}?notice=${spam ? 'spam' : 'not-spam'}`, 303)
    },
  )

  app.post<LeadParams & { Body: { job: string } }>(
    '/admin/leads/:id/retry',
    {
      ...staffOnly,
      schema: { params: idParams, body: formBody({ job: { type: 'string', maxLength: 100 } }) },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      if (!(await desk.retryDelivery(request.params.id, request.body.job))) {
        return sendPage(
          reply,
          messagePage('Nothing to retry', 'This lead has no failed delivery with that number.', staff),
          404,
        )
      }
      return reply.redirect(`/admin/leads/${request.params.id}?notice=retry`, 303)
    },
  )
}

/** A contact attempt, a note and the assignee, one entry each in the lead's work log. */
export async function leadLogRoutes(app: FastifyInstance, options: LeadActionOptions): Promise<void> {
  const { desk } = options

  app.post<LeadParams & { Body: { channel: ContactChannel; reached: 'yes' | 'no'; note?: string } }>(
    '/admin/leads/:id/contact',
    {
      ...staffOnly,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            channel: { type: 'string', enum: contactChannels },
            reached: { type: 'string', enum: ['yes', 'no'] },
            note: { type: 'string', maxLength: noteMaxLength },
          },
          required: ['channel', 'reached'],
        },
      },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const logged = await desk.workLog.logContact({
        leadId: request.params.id,
        actor: { userId: staff.userId, email: staff.email },
        channel: request.body.channel,
        reached: request.body.reached === 'yes',
        note: (request.body.note ?? '').trim(),
        at: options.now(),
      })
      if (!logged) return notFound(reply, staff)
      return reply.redirect(`/admin/leads/${request.params.id}?notice=contact`, 303)
    },
  )

  app.post<LeadParams & { Body: { note: string } }>(
    '/admin/leads/:id/note',
    {
      ...staffOnly,
      schema: { params: idParams, body: formBody({ note: { type: 'string', maxLength: noteMaxLength } }) },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const note = request.body.note.trim()
      if (!note) {
        return sendPage(
          reply,
          messagePage('Note not saved', 'The note was empty. Write something, then save it.', staff),
          400,
        )
      }
      const saved = await desk.workLog.addNote({
        leadId: request.params.id,
        actor: { userId: staff.userId, email: staff.email },
        note,
        at: options.now(),
      })
      if (!saved) return notFound(reply, staff)
      return reply.redirect(`/admin/leads/${request.params.id}?notice=note`, 303)
    },
  )

  app.post<LeadParams & { Body: { assignee: string } }>(
    '/admin/leads/:id/assign',
    {
      ...staffOnly,
      schema: { params: idParams, body: formBody({ assignee: { type: 'string', maxLength: 100 } }) },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const result = await desk.workLog.assign({
        leadId: request.params.id,
        actor: { userId: staff.userId, email: staff.email },
        assignee: request.body.assignee || null,
        at: options.now(),
      })
      if (result === 'no-lead') return notFound(reply, staff)
      if (result === 'no-staff') {
        return sendPage(
          reply,
          messagePage(
            'Not assigned',
            'There is no staff account to assign this lead to. Choose one from the list.',
            staff,
          ),
          400,
        )
      }
      return reply.redirect(`/admin/leads/${request.params.id}?notice=assigned`, 303)
    },
  )
}
