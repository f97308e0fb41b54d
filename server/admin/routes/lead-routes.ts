/**
 * One lead's page (/admin/leads/:id) and the two posts that answer with it: the work form (a
 * contact attempt, a note, the status, the follow-up and the assignee in one save) and a reveal.
 * The lead's one-purpose posts (status, spam, retry, contact, note, assign) are
 * lead-action-routes.ts.
 *
 * Every change is a POST followed by a redirect (Post/Redirect/Get). A reveal too: its redirect
 * names a one-time record of which field was revealed (server/staff/staff-flash.ts), so the next
 * GET shows the plain value once and a refresh shows it masked; the value is never in a URL or the
 * browser history.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { followUpInOfficeHours, followUpRefusal } from '#server/desk/follow-up-time.ts'
import {
  queueReply,
  repliesPerHour,
  replyBodyMaxLength,
  replyFor,
  replySubjectMaxLength,
} from '#server/desk/reply-templates.ts'
import { type DraftFields, draftFieldsOf, takeDraft } from '#server/desk/work-drafts.ts'
import { isLostReason, type LostReason, leadStatuses } from '#server/leads/lead-repository.ts'
import {
  type ContactChannel,
  contactChannels,
  contactOutcomes,
  type LeadEvent,
  noteMaxLength,
  type WorkInput,
} from '#server/leads/work-log.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { formTitle, leadDisplayName } from '../lead-fields.ts'
import { parseLocalInput } from '../staff-time.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { leadPage } from '../views/lead-page.tsx'
import { loginPage } from '../views/login-page.tsx'
import { messagePage } from '../views/message-page.tsx'
import { requireStaffPage } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { formBody, noticeFrom, noticeKeyOf, pageNotices, textField, wantsJson } from './route-helpers.ts'

type LeadOptions = Pick<DeskOptions, 'db' | 'desk' | 'encryptionKey' | 'now'>

export interface LeadParams {
  Params: { id: string }
}

const idParams = formBody({ id: textField(100) })

/**
 * The route options of a post about one lead: signed in (onRequest: no body is read or validated
 * for a visitor without a session), the lead's id, the body's schema.
 */
export function leadPost(body: object) {
  return { onRequest: requireStaffPage, schema: { params: idParams, body } }
}

/** Who does what a post asks, as the work log records them. */
export function actorOf(staff: StaffSession) {
  return { userId: staff.userId, email: staff.email }
}

/** A post's answer once done: back to the lead page, with the notice of what was done. */
export function backToLead(reply: FastifyReply, id: string, notice: string) {
  return reply.redirect(`/admin/leads/${id}?notice=${notice}`, 303)
}

/** A post's answer when nothing changed: a page that says why. */
export function refusal(
  reply: FastifyReply,
  staff: StaffSession,
  status: number,
  title: string,
  message: string,
) {
  return sendPage(reply, messagePage(title, message, staff), status)
}

export function notFound(reply: FastifyReply, staff: StaffSession) {
  return refusal(
    reply,
    staff,
    404,
    'Lead not found',
    'There is no lead at this address. It may have been purged.',
  )
}

/** Why desk.reveal refused, in staff's words (the pages and the API). */
export const revealRefusals = {
  'not-sensitive': 'That field is not a sensitive field of this lead.',
  empty: 'That field was left empty.',
  unreadable: 'That value cannot be decrypted with the current LEAD_ENCRYPTION_KEY.',
} as const

/** The sign-in page's line when a lead's form arrived after the session ended. */
const sessionEndedNotice =
  'Your session had ended, so nothing was saved yet. Sign in again: what you typed is kept and shown again on the lead.'

/** The work form's body (work-panel.tsx workForm); every field optional, each bounded. */
interface WorkBody {
  channel?: string
  outcome?: string
  /** An e-mail's outcome: sent (no reply yet) or replied; the call/text outcome is ignored then. */
  emailOutcome?: string
  note?: string
  status?: string
  statusWas?: string
  lostReason?: string
  followUp?: string
  /** One of the quick choices (work-panel.tsx), as a datetime-local value: it wins over followUp. */
  followUpQuick?: string
  followUpWas?: string
  assignee?: string
  assigneeWas?: string
  /** The same person's other open requests the status, follow-up and assignee apply to as well. */
  also?: string | string[]
}

const workBodySchema = {
  type: 'object',
  properties: {
    channel: { type: 'string', enum: ['', ...contactChannels] },
    outcome: { type: 'string', enum: ['', ...contactOutcomes] },
    emailOutcome: { type: 'string', enum: ['', 'sent', 'replied'] },
    note: { type: 'string', maxLength: noteMaxLength },
    status: { type: 'string', enum: leadStatuses },
    statusWas: textField(20),
    lostReason: textField(20),
    followUp: textField(20),
    followUpQuick: textField(20),
    followUpWas: textField(20),
    assignee: textField(100),
    assigneeWas: textField(100),
    also: { anyOf: [textField(40), { type: 'array', items: textField(40), maxItems: 20 }] },
  },
} as const

/**
 * The changes a work form asks for: only what differs from what the page showed (the "…Was"
 * fields), so a stale page does not undo a colleague's save. A string: why nothing is saved.
 */
function workInputOf(
  body: WorkBody,
  base: Pick<WorkInput, 'leadId' | 'actor' | 'at'>,
): (WorkInput & { followUpMoved?: boolean }) | string {
  const input: WorkInput & { followUpMoved?: boolean } = { ...base }
  const note = (body.note ?? '').trim()
  const channel = contactChannels.find((value) => value === body.channel)
  if (channel) {
    // An e-mail is stored as reached (they replied) or no answer (sent, no reply yet).
    const emailOutcome = body.emailOutcome === 'replied' ? 'reached' : 'no-answer'
    const outcome =
      channel === 'email' && body.emailOutcome
        ? emailOutcome
        : (contactOutcomes.find((value) => value === body.outcome) ?? 'reached')
    input.contact = { channel, outcome, note }
  } else if (note) input.note = note
  const status = leadStatuses.find((value) => value === body.status)
  const lostReason: LostReason | null = isLostReason(body.lostReason) ? body.lostReason : null
  if (status && (status !== body.statusWas || status === 'lost')) input.status = { status, lostReason }
  if (status === 'lost' && !lostReason) return 'Choose why the lead was lost, then save again.'
  const followUp = body.followUpQuick || body.followUp || ''
  if (followUp !== (body.followUpWas ?? '')) {
    if (!followUp) input.followUpAt = null
    else {
      const parsed = parseLocalInput(followUp)
      if (!parsed) return 'Enter the follow-up as a date and a time.'
      const refusal = followUpRefusal(parsed.at, base.at)
      if (refusal) return refusal
      if (!parsed.exists)
        return 'That follow-up time does not exist here: the clocks go forward an hour that night. Choose another time.'
      // A time the office is closed moves to its next opening, and the saved page says so.
      const office = followUpInOfficeHours(parsed.at)
      input.followUpAt = office.at
      input.followUpMoved = office.moved
    }
  }
  if ((body.assignee ?? '') !== (body.assigneeWas ?? '')) input.assignee = body.assignee || null
  const changes = ['contact', 'note', 'status', 'followUpAt', 'assignee'] as const
  if (!changes.some((name) => input[name] !== undefined))
    return 'Nothing to save: log a contact, write a note or change the status, follow-up or assignee.'
  return input
}

/**
 * The save's status, follow-up and assignee on the same person's other open requests that were
 * ticked (only ids linked to this lead, never any other), each logged on its own lead.
 */
async function applyToLinked(
  options: LeadOptions,
  leadId: string,
  also: string | string[] | undefined,
  input: WorkInput,
): Promise<void> {
  const ticked = new Set(typeof also === 'string' ? [also] : (also ?? []))
  const shared = { status: input.status, followUpAt: input.followUpAt, assignee: input.assignee }
  if (ticked.size === 0 || Object.values(shared).every((value) => value === undefined)) return
  const linked = await options.desk.inbox.linkedLeads(leadId)
  for (const other of linked) {
    if (!ticked.has(other.id) || other.isSpam || !['new', 'contacted', 'quoted'].includes(other.status))
      continue
    await options.desk.workLog.record({ leadId: other.id, actor: input.actor, at: input.at, ...shared })
  }
}

/** The notices of a save of the work form: shown beside its Save button, with what was saved. */
const savedNotices = new Set(['work', 'work-moved'])

/** `?log=call` (text, email): the work form opens with that contact attempt chosen (a card's "Log the call"). */
function logChannelOf(query: unknown): ContactChannel | undefined {
  const log = query && typeof query === 'object' && 'log' in query ? query.log : undefined
  return contactChannels.find((channel) => channel === log)
}

/** The viewer's newest save on the lead: the entries written at its one instant (WorkInput.at). */
function lastSave(events: readonly LeadEvent[], email: string): LeadEvent[] {
  const mine = events.filter((event) => event.staffEmail === email)
  const newest = mine[0]?.createdAt.getTime()
  return mine.filter((event) => event.createdAt.getTime() === newest).reverse()
}

/** The lead page, with the draft a sign-in interrupted or a refused save's fields, if any. */
async function showLead(
  options: LeadOptions,
  reply: FastifyReply,
  staff: StaffSession,
  id: string,
  extra: {
    notice?: string
    /** The key of a work form's save notice (savedNotices). */
    saved?: string
    logChannel?: ContactChannel
    draft?: DraftFields
    error?: string
    status?: number
    revealed?: ReadonlySet<string>
  } = {},
) {
  const detail = await options.desk.leadDetail(id, extra.revealed)
  if (!detail) return notFound(reply, staff)
  const linked = await options.desk.inbox.linkedLeads(id)
  const replyText = await replyFor(options.db, {
    formKey: detail.lead.formKey,
    fields: detail.lead.fields,
    formTitle: formTitle(detail.lead.formKey),
    language: detail.lead.language,
    reference: detail.lead.reference,
    name: leadDisplayName(detail.lead.fields),
    staff: staff.displayName || staff.email,
  })
  const page = leadPage({
    reply: replyText,
    staffEmail: staff.email,
    staffName: staff.displayName,
    owner: staff.role === 'owner',
    ...detail,
    viewerId: staff.userId,
    now: options.now(),
    notice: extra.notice,
    saved:
      extra.saved && pageNotices[extra.saved]
        ? { text: pageNotices[extra.saved] ?? '', events: lastSave(detail.events, staff.email) }
        : undefined,
    logChannel: extra.logChannel,
    linked,
    draft: extra.draft,
    error: extra.error,
  })
  return sendPage(reply, page, extra.status ?? 200)
}

/** The field a reveal's redirect names (?revealed=), once: a second GET finds nothing. */
async function takeRevealed(options: LeadOptions, staff: StaffSession, leadId: string, query: unknown) {
  const id = query && typeof query === 'object' && 'revealed' in query ? query.revealed : undefined
  if (id === undefined) return undefined
  const flash = await takeFlash<{ leadId: string; field: string }>(
    options.db,
    staff,
    'reveal',
    id,
    options.now(),
    options.encryptionKey,
  )
  return flash?.leadId === leadId ? new Set([flash.field]) : undefined
}

/**
 * A work form posted after the session ended: the sign-in page, carrying what was typed (the
 * body is read here, after parsing, unlike other staff routes), so it is shown again after.
 */
async function requireStaffKeepingWork(request: FastifyRequest, reply: FastifyReply) {
  if (request.staff) return
  if (request.partialStaff || !request.url.startsWith('/admin/leads/'))
    return requireStaffPage(request, reply)
  if (wantsJson(request)) return reply.code(401).send({ error: 'Sign in again.', signIn: true })
  const id = (request.params as { id?: string }).id ?? ''
  return sendPage(
    reply,
    loginPage({
      notice: sessionEndedNotice,
      next: `/admin/leads/${id}`,
      carry: draftFieldsOf(request.body),
    }),
    401,
  )
}

export async function leadPageRoutes(app: FastifyInstance, options: LeadOptions): Promise<void> {
  const { desk } = options
  // onRequest: no body is read or validated for a visitor without a session.
  const staffOnly = { onRequest: requireStaffPage }

  app.get<LeadParams>(
    '/admin/leads/:id',
    { ...staffOnly, schema: { params: idParams } },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const draft = await takeDraft(options.db, staff.userId, request.params.id, options.now())
      const revealed = await takeRevealed(options, staff, request.params.id, request.query)
      const key = noticeKeyOf(request.query)
      const saved = key && savedNotices.has(key) ? key : undefined
      const notice = saved ? undefined : noticeFrom(request.query, pageNotices)
      const logChannel = logChannelOf(request.query)
      return showLead(options, reply, staff, request.params.id, {
        notice,
        saved,
        logChannel,
        draft,
        revealed,
      })
    },
  )

  app.post<LeadParams & { Body: WorkBody }>(
    '/admin/leads/:id/work',
    { preValidation: requireStaffKeepingWork, schema: { params: idParams, body: workBodySchema } },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const { id } = request.params
      const input = workInputOf(request.body, { leadId: id, actor: actorOf(staff), at: options.now() })
      const refused = (status: number, error: string) =>
        wantsJson(request)
          ? reply.code(status).send({ error })
          : showLead(options, reply, staff, id, { error, draft: draftFieldsOf(request.body), status })
      if (typeof input === 'string') return refused(400, input)
      const result = await desk.workLog.record(input)
      if (result === 'no-lead') {
        return wantsJson(request)
          ? reply.code(404).send({ error: 'There is no such lead.' })
          : notFound(reply, staff)
      }
      if (result === 'no-staff')
        return refused(400, 'There is no such staff account. Choose one from the list.')
      if (result === 'no-lost-reason') return refused(400, 'Choose why the lead was lost, then save again.')
      await applyToLinked(options, id, request.body.also, input)
      const notice = input.followUpMoved ? 'work-moved' : 'work'
      // The page's script reads the page again with this notice; without it the redirect lands on
      // the notice itself, under the Save button, at the top of the screen (work-panel.tsx).
      if (wantsJson(request)) return { saved: true, notice: pageNotices[notice], noticeKey: notice }
      return reply.redirect(`/admin/leads/${id}?notice=${notice}#work-notice`, 303)
    },
  )

  // A reply to the lead's own address (never one from the request), by a signed-in member, at
  // most repliesPerHour an hour each: the desk cannot be made to mail anyone else.
  app.post<LeadParams & { Body: { subject: string; body: string } }>(
    '/admin/leads/:id/reply',
    leadPost(formBody({ subject: textField(replySubjectMaxLength), body: textField(replyBodyMaxLength) })),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const { id } = request.params
      const subject = request.body.subject.replace(/[\r\n]+/g, ' ').trim()
      const body = request.body.body.replace(/\r\n?/g, '\n').trim()
      if (!subject || !body)
        return showLead(options, reply, staff, id, {
          error: 'Write a subject and a message, then send again.',
          status: 400,
        })
      const result = await queueReply(options.db, {
        leadId: id,
        actor: { userId: staff.userId, email: staff.email, name: staff.displayName ?? null },
        subject,
        body,
        at: options.now(),
      })
      if (result === 'no-lead') return notFound(reply, staff)
      if (result === 'no-email')
        return showLead(options, reply, staff, id, {
          error: 'This lead has no e-mail address to reply to.',
          status: 400,
        })
      if (result === 'limited')
        return showLead(options, reply, staff, id, {
          error: `You have sent ${repliesPerHour} replies in the last hour, the most the desk sends for one person. Use your mail app, or send again later.`,
          status: 429,
        })
      return reply.redirect(`/admin/leads/${id}?notice=reply#reply`, 303)
    },
  )

  app.post<LeadParams & { Body: { field: string } }>(
    '/admin/leads/:id/reveal',
    leadPost(formBody({ field: textField(100) })),
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const result = await desk.reveal(request.params.id, request.body.field, staff)
      if (!result.ok) {
        if (result.reason === 'no-lead') return notFound(reply, staff)
        return refusal(reply, staff, 400, 'Nothing to reveal', revealRefusals[result.reason])
      }
      // Recorded already (desk.reveal); the value is shown by the GET this redirect names, once.
      const shown = await putFlash(
        options.db,
        staff,
        'reveal',
        { leadId: request.params.id, field: request.body.field },
        options.now(),
        options.encryptionKey,
      )
      return reply.redirect(`/admin/leads/${request.params.id}?revealed=${shown}`, 303)
    },
  )
}
