/**
 * The staff pages: sign-in, inbox, one lead, the CSV export, and the form posts that change a
 * lead. Every change is a POST followed by a redirect (Post/Redirect/Get). A reveal too: its
 * redirect names a one-time record of which field was revealed (server/staff/staff-flash.ts), so
 * the next GET shows the plain value once and a refresh shows it masked; the value is never in a
 * URL or the browser history.
 */
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { html } from 'htm/react'
import { Fragment } from 'react'
import { agency } from '#config/agency.ts'
import type { Database } from '#server/db/database.ts'
import { type DraftFields, draftFieldsOf, takeDraft, waitingDraftLead } from '#server/desk/work-drafts.ts'
import { parseLeadFilters, parsePage } from '#server/leads/lead-filters.ts'
import { isLostReason, type LostReason, leadStatuses } from '#server/leads/lead-repository.ts'
import {
  type ContactChannel,
  contactChannels,
  contactOutcomes,
  noteMaxLength,
  type WorkInput,
} from '#server/leads/work-log.ts'
import type { PasswordCost } from '#server/staff/password-hash.ts'
import type { ThrottleSettings } from '#server/staff/sign-in-throttle.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import { revokeSession, type SessionSettings, type StaffSession } from '#server/staff/staff-sessions.ts'
import { csvColumns, csvLayoutOf, leadsCsv, withLastNotes } from '../csv-export.ts'
import { weeklySourceCounts } from '../lead-source.ts'
import type { StaffDesk } from '../staff-desk.ts'
import { parseLocalInput } from '../staff-time.ts'
import { errorBanner, sendPage, staffPage } from '../views/admin-layout.ts'
import { inboxPage } from '../views/inbox-page.ts'
import { leadPage } from '../views/lead-page.ts'
import { answerSignIn, loginPage, type SignInBody } from '../views/login-page.ts'
import { loadOwnerView, withOwnerView } from '../views/owner-view.ts'
import { firstChartWeek, weekRows, withSourceCounts } from '../views/weekly-chart.ts'
import { clearSessionCookie, requireStaffPage, safeNextPath } from './admin-auth.ts'

export interface AdminPagesOptions {
  db: Database
  desk: StaffDesk
  /** Decrypts sensitive values to mask them in the export. */
  encryptionKey: Buffer
  ipHashSalt: string
  cookieSecure: boolean
  session: SessionSettings
  throttle: ThrottleSettings
  requireSecondFactor: boolean
  now: () => Date
  /** The scrypt cost of the sign-in's decoy hash (AppOptions.passwordCost). */
  passwordCost?: PasswordCost
}

export const inboxPageSize = 25

/** The inbox counts matches up to this many (400 pages), then says "more than". */
const inboxCountCap = 10_000

/** Texts after an action, by the key the redirect carries. */
const notices: Record<string, string> = {
  status: 'Status saved.',
  spam: 'Marked as spam.',
  'not-spam': 'Marked as not spam. If this lead was never e-mailed to the agency, it is queued now.',
  retry: 'The e-mail to the agency will be sent again within a minute.',
  contact: 'Contact attempt logged.',
  note: 'Note saved.',
  assigned: 'Assignment saved.',
  work: 'Saved.',
  'signed-out': 'You are signed out.',
}

/** The sign-in page's line when a lead's form arrived after the session ended. */
const sessionEndedNotice =
  'Your session had ended, so nothing was saved yet. Sign in again: what you typed is kept and shown again on the lead.'

function noticeOf(request: FastifyRequest): string | undefined {
  const query = request.query
  const key = query && typeof query === 'object' && 'notice' in query ? query.notice : undefined
  return typeof key === 'string' && Object.hasOwn(notices, key) ? notices[key] : undefined
}

/** `staff`: the signed-in member (an e-mail alone where the display name is not at hand). */
export function messagePage(
  title: string,
  message: string,
  staff?: string | { email: string; displayName?: string | null },
): string {
  return staffPage({
    title,
    staffEmail: typeof staff === 'string' ? staff : staff?.email,
    staffName: typeof staff === 'string' ? undefined : staff?.displayName,
    body: html`<${Fragment}>
      <h1>${title}</h1>
      ${errorBanner(message)}
      <p><a href="/admin">Back to the inbox</a></p>
    <//>`,
  })
}

interface LeadParams {
  Params: { id: string }
}

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 } },
  required: ['id'],
} as const

function formBody(properties: Record<string, object>) {
  return { type: 'object', properties, required: Object.keys(properties) } as const
}

/** A fetch from admin.js asks for JSON; a plain form post gets pages and redirects. */
function wantsJson(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').includes('application/json')
}

/** The work form's body (work-panel.ts workForm); every field optional, each bounded. */
interface WorkBody {
  channel?: string
  outcome?: string
  note?: string
  status?: string
  statusWas?: string
  lostReason?: string
  followUp?: string
  followUpWas?: string
  assignee?: string
  assigneeWas?: string
}

const workBodySchema = {
  type: 'object',
  properties: {
    channel: { type: 'string', enum: ['', ...contactChannels] },
    outcome: { type: 'string', enum: ['', ...contactOutcomes] },
    note: { type: 'string', maxLength: noteMaxLength },
    status: { type: 'string', enum: leadStatuses },
    statusWas: { type: 'string', maxLength: 20 },
    lostReason: { type: 'string', maxLength: 20 },
    followUp: { type: 'string', maxLength: 20 },
    followUpWas: { type: 'string', maxLength: 20 },
    assignee: { type: 'string', maxLength: 100 },
    assigneeWas: { type: 'string', maxLength: 100 },
  },
} as const

/**
 * The changes a work form asks for: only what differs from what the page showed (the "…Was"
 * fields), so a stale page does not undo a colleague's save. A string: why nothing is saved.
 */
function workInputOf(
  body: WorkBody,
  base: Pick<WorkInput, 'leadId' | 'actor' | 'at'>,
): Omit<WorkInput, never> | string {
  const input: WorkInput = { ...base }
  const note = (body.note ?? '').trim()
  const channel = contactChannels.find((value) => value === body.channel)
  if (channel) {
    const outcome = contactOutcomes.find((value) => value === body.outcome) ?? 'reached'
    input.contact = { channel, outcome, note }
  } else if (note) input.note = note
  const status = leadStatuses.find((value) => value === body.status)
  const lostReason: LostReason | null = isLostReason(body.lostReason) ? body.lostReason : null
  if (status && (status !== body.statusWas || status === 'lost')) input.status = { status, lostReason }
  if (status === 'lost' && !lostReason) return 'Choose why the lead was lost, then save again.'
  if ((body.followUp ?? '') !== (body.followUpWas ?? '')) {
    if (!body.followUp) input.followUpAt = null
    else {
      const at = parseLocalInput(body.followUp)
      if (!at) return 'Enter the follow-up as a date and a time.'
      input.followUpAt = at
    }
  }
  if ((body.assignee ?? '') !== (body.assigneeWas ?? '')) input.assignee = body.assignee || null
  const changes = ['contact', 'note', 'status', 'followUpAt', 'assignee'] as const
  if (!changes.some((name) => input[name] !== undefined))
    return 'Nothing to save: log a contact, write a note or change the status, follow-up or assignee.'
  return input
}

export async function adminPages(app: FastifyInstance, options: AdminPagesOptions): Promise<void> {
  const { desk } = options
  // onRequest: no body is read or validated for a visitor without a session.
  const staffOnly = { onRequest: requireStaffPage }

  function notFound(reply: FastifyReply, staff: { email: string; displayName?: string | null }) {
    return sendPage(
      reply,
      messagePage('Lead not found', 'There is no lead at this address. It may have been purged.', staff),
      404,
    )
  }

  app.get('/admin/login', async (request, reply) => {
    const query = request.query && typeof request.query === 'object' ? request.query : {}
    const next = safeNextPath('next' in query ? query.next : undefined)
    if (request.staff) return reply.redirect(next ?? '/admin', 303)
    return sendPage(reply, loginPage({ notice: noticeOf(request), next }))
  })

  app.post<SignInBody>(
    '/admin/login',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', maxLength: 4096 },
            next: { type: 'string', maxLength: 500 },
          },
          required: ['email', 'password'],
        },
      },
    },
    // The password step, its throttle and its answers: login-page.ts.
    (request, reply) => answerSignIn(request, reply, options),
  )

  app.post('/admin/logout', async (request, reply) => {
    const session = request.staff ?? request.partialStaff
    if (session) await revokeSession(options.db, session.tokenHash)
    clearSessionCookie(reply, options.cookieSecure)
    return reply.redirect('/admin/login?notice=signed-out', 303)
  })

  app.get('/admin', staffOnly, async (request, reply) => {
    const staff = request.staff
    if (!staff) return
    const now = options.now()
    // Back from a sign-in that interrupted work on a lead: to that lead, where the draft waits.
    const drafted = await waitingDraftLead(options.db, staff.userId, now)
    if (drafted) return reply.redirect(`/admin/leads/${drafted}#work`, 303)
    const { filters, errors } = parseLeadFilters(request.query)
    const page = parsePage(request.query)
    const currentWeek = await desk.inbox.weekStart(now)
    const [list, counts, speed, queue, latest, sources] = await Promise.all([
      desk.inbox.listLeads(
        filters,
        { limit: inboxPageSize, offset: (page - 1) * inboxPageSize },
        staff.userId,
        now,
        inboxCountCap,
      ),
      desk.inbox.weeklyCounts(firstChartWeek(currentWeek)),
      desk.workLog.weeklySpeed(firstChartWeek(currentWeek)),
      desk.inbox.queueCounts(now),
      desk.inbox.newestReceived(),
      weeklySourceCounts(options.db, agency.timeZone, firstChartWeek(currentWeek)),
    ])
    // Owners also get staff speed and the pipeline under the chart (owner-view.ts).
    const ownerFigures =
      staff.role === 'owner' ? await loadOwnerView(options.db, agency.timeZone, currentWeek) : undefined
    return sendPage(
      reply,
      withOwnerView(
        inboxPage({
          staffEmail: staff.email,
          staffName: staff.displayName,
          owner: staff.role === 'owner',
          filters,
          errors,
          leads: list.leads,
          total: list.total,
          more: list.more,
          page,
          pageSize: inboxPageSize,
          chart: withSourceCounts(weekRows(currentWeek, counts), sources),
          speed,
          now,
          notice: noticeOf(request),
          queue,
          newest: latest?.toISOString(),
        }),
        ownerFigures,
      ),
      Object.keys(errors).length ? 400 : 200,
    )
  })

  app.get('/admin/export.csv', staffOnly, async (request, reply) => {
    const { filters, errors } = parseLeadFilters(request.query)
    // The layout (docs/api.md, "CSV export"): the desk's columns, or an applicant import's.
    const layout = csvLayoutOf(request.query)
    const problems = [...Object.values(errors), ...(layout ? [] : ['The layout is leads or applicants.'])]
    if (problems.length || !layout) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(`Invalid filters: ${problems.join(' ')}`)
    }
    const viewerId = request.staff?.userId ?? ''
    const columns = csvColumns(await desk.inbox.formKeysOf(filters, viewerId, options.now()), layout)
    const day = options.now().toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
      .send(
        Readable.from(
          leadsCsv(
            withLastNotes(options.db, desk.inbox.eachLead(filters, undefined, viewerId, options.now())),
            columns,
            options.encryptionKey,
          ),
        ),
      )
  })

  /** The lead page, with the draft a sign-in interrupted or a refused save's fields, if any. */
  async function showLead(
    reply: FastifyReply,
    staff: StaffSession,
    id: string,
    extra: {
      notice?: string
      draft?: DraftFields
      error?: string
      status?: number
      revealed?: ReadonlySet<string>
    } = {},
  ) {
    const detail = await desk.leadDetail(id, extra.revealed)
    if (!detail) return notFound(reply, staff)
    const linked = await desk.inbox.linkedLeads(id)
    const page = leadPage({
      staffEmail: staff.email,
      staffName: staff.displayName,
      owner: staff.role === 'owner',
      ...detail,
      viewerId: staff.userId,
      now: options.now(),
      notice: extra.notice,
      linked,
      draft: extra.draft,
      error: extra.error,
    })
    return sendPage(reply, page, extra.status ?? 200)
  }

  app.get<LeadParams>(
    '/admin/leads/:id',
    { ...staffOnly, schema: { params: idParams } },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const draft = await takeDraft(options.db, staff.userId, request.params.id, options.now())
      const revealed = await takeRevealed(staff, request.params.id, request.query)
      return showLead(reply, staff, request.params.id, { notice: noticeOf(request), draft, revealed })
    },
  )

  /** The field a reveal's redirect names (?revealed=), once: a second GET finds nothing. */
  async function takeRevealed(staff: StaffSession, leadId: string, query: unknown) {
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

  app.post<LeadParams & { Body: WorkBody }>(
    '/admin/leads/:id/work',
    { preValidation: requireStaffKeepingWork, schema: { params: idParams, body: workBodySchema } },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const { id } = request.params
      const actor = { userId: staff.userId, email: staff.email }
      const input = workInputOf(request.body, { leadId: id, actor, at: options.now() })
      const refused = (status: number, error: string) =>
        wantsJson(request)
          ? reply.code(status).send({ error })
          : showLead(reply, staff, id, { error, draft: draftFieldsOf(request.body), status })
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
      if (wantsJson(request)) return { saved: true, notice: notices.work }
      return reply.redirect(`/admin/leads/${id}?notice=work#work`, 303)
    },
  )

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

  app.post<LeadParams & { Body: { field: string } }>(
    '/admin/leads/:id/reveal',
    {
      ...staffOnly,
      schema: { params: idParams, body: formBody({ field: { type: 'string', maxLength: 100 } }) },
    },
    async (request, reply) => {
      const staff = request.staff
      if (!staff) return
      const result = await desk.reveal(request.params.id, request.body.field, staff)
      if (!result.ok) {
        if (result.reason === 'no-lead') return notFound(reply, staff)
        return sendPage(reply, messagePage('Nothing to reveal', revealRefusals[result.reason], staff), 400)
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

export const revealRefusals = {
  'not-sensitive': 'That field is not a sensitive field of this lead.',
  empty: 'That field was left empty.',
  unreadable: 'That value cannot be decrypted with the current LEAD_ENCRYPTION_KEY.',
} as const
