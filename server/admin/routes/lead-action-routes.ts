/**
 * A lead's one-purpose posts, each answered by a redirect to the lead page with its notice (or a
 * page saying why nothing changed): its status, spam or not, a retry of its e-mail to the agency; a
 * contact attempt, a note, its assignee. The lead page's work form saves most of these in one post
 * (lead-routes.ts).
 */
import type { FastifyInstance } from 'fastify'
import { isLostReason, type LeadStatus, leadStatuses } from '#server/leads/lead-repository.ts'
import { type ContactChannel, contactChannels, noteMaxLength } from '#server/leads/work-log.ts'
import type { DeskOptions } from './desk-options.ts'
import { actorOf, backToLead, type LeadParams, leadPost, notFound, refusal } from './lead-routes.ts'
import { formBody, textField } from './route-helpers.ts'

type LeadActionOptions = Pick<DeskOptions, 'desk' | 'now'>

/** The lead's status, spam or not, and a retry of its e-mail to the agency. */
export async function leadStateRoutes(app: FastifyInstance, options: LeadActionOptions): Promise<void> {
  const { desk } = options

  app.post<LeadParams & { Body: { status: LeadStatus; lostReason?: string } }>(
    '/admin/leads/:id/status',
    leadPost(formBody({ status: { type: 'string', enum: leadStatuses } }, { lostReason: textField(20) })),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const { status, lostReason } = request.body
      const result = await desk.workLog.record({
        leadId: request.params.id,
        actor: actorOf(staff),
        status: { status, lostReason: isLostReason(lostReason) ? lostReason : null },
        at: options.now(),
      })
      if (result === 'no-lead') return notFound(reply, staff)
      if (result !== 'ok')
        return refusal(
          reply,
          staff,
          400,
          'Status not saved',
          'Choose why the lead was lost, then save again.',
        )
      return backToLead(reply, request.params.id, 'status')
    },
  )

  app.post<LeadParams & { Body: { spam: 'true' | 'false' } }>(
    '/admin/leads/:id/spam',
    leadPost(formBody({ spam: { type: 'string', enum: ['true', 'false'] } })),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const spam = request.body.spam === 'true'
      if (!(await desk.setSpam(request.params.id, spam, staff))) return notFound(reply, staff)
      return backToLead(reply, request.params.id, spam ? 'spam' : 'not-spam')
    },
  )

  app.post<LeadParams & { Body: { job: string } }>(
    '/admin/leads/:id/retry',
    leadPost(formBody({ job: textField(100) })),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      if (!(await desk.retryDelivery(request.params.id, request.body.job)))
        return refusal(
          reply,
          staff,
          404,
          'Nothing to retry',
          'This lead has no failed delivery with that number.',
        )
      return backToLead(reply, request.params.id, 'retry')
    },
  )
}

/** A contact attempt, a note and the assignee, one entry each in the lead's work log. */
export async function leadLogRoutes(app: FastifyInstance, options: LeadActionOptions): Promise<void> {
  const { desk } = options

  app.post<LeadParams & { Body: { channel: ContactChannel; reached: 'yes' | 'no'; note?: string } }>(
    '/admin/leads/:id/contact',
    leadPost(
      formBody(
        {
          channel: { type: 'string', enum: contactChannels },
          reached: { type: 'string', enum: ['yes', 'no'] },
        },
        { note: textField(noteMaxLength) },
      ),
    ),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const logged = await desk.workLog.logContact({
        leadId: request.params.id,
        actor: actorOf(staff),
        channel: request.body.channel,
        reached: request.body.reached === 'yes',
        note: (request.body.note ?? '').trim(),
        at: options.now(),
      })
      if (!logged) return notFound(reply, staff)
      return backToLead(reply, request.params.id, 'contact')
    },
  )

  app.post<LeadParams & { Body: { note: string } }>(
    '/admin/leads/:id/note',
    leadPost(formBody({ note: textField(noteMaxLength) })),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const note = request.body.note.trim()
      if (!note)
        return refusal(
          reply,
          staff,
          400,
          'Note not saved',
          'The note was empty. Write something, then save it.',
        )
      const saved = await desk.workLog.addNote({
        leadId: request.params.id,
        actor: actorOf(staff),
        note,
        at: options.now(),
      })
      if (!saved) return notFound(reply, staff)
      return backToLead(reply, request.params.id, 'note')
    },
  )

  app.post<LeadParams & { Body: { assignee: string } }>(
    '/admin/leads/:id/assign',
    leadPost(formBody({ assignee: textField(100) })),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const result = await desk.workLog.assign({
        leadId: request.params.id,
        actor: actorOf(staff),
        assignee: request.body.assignee || null,
        at: options.now(),
      })
      if (result === 'no-lead') return notFound(reply, staff)
      if (result === 'no-staff') {
        const why = 'There is no staff account to assign this lead to. Choose one from the list.'
        return refusal(reply, staff, 400, 'Not assigned', why)
      }
      return backToLead(reply, request.params.id, 'assigned')
    },
  )
}
