/**
 * The inbox (/admin): the work queue, its filters, search and pages, the weekly figures and, for
 * an owner, the owner's view under them.
 */
import type { FastifyInstance } from 'fastify'
import { createElement } from 'react'
import { agency } from '#config/agency.ts'
import { waitingDraftLead } from '#server/desk/work-drafts.ts'
import { parseLeadFilters, parsePage } from '#server/leads/lead-filters.ts'
import { weeklySourceCounts } from '../lead-source.ts'
import { loadOwnerView } from '../owner-figures.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { inboxPage } from '../views/inbox-page.tsx'
import { OwnerViewSection } from '../views/owner-view.tsx'
import { firstChartWeek, weekRows, withSourceCounts } from '../views/weekly-chart.tsx'
import { requireStaffPage } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { noticeFrom, pageNotices } from './route-helpers.ts'

export const inboxPageSize = 25

/** The inbox counts matches up to this many (400 pages), then says "more than". */
const inboxCountCap = 10_000

export async function inboxRoutes(
  app: FastifyInstance,
  options: Pick<DeskOptions, 'db' | 'desk' | 'now'>,
): Promise<void> {
  const { desk } = options
  // onRequest: no body is read or validated for a visitor without a session.
  const staffOnly = { onRequest: requireStaffPage }

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
        // The work queue lists a person once, their other requests under them.
        true,
      ),
      desk.inbox.weeklyCounts(firstChartWeek(currentWeek)),
      desk.workLog.weeklySpeed(firstChartWeek(currentWeek)),
      desk.inbox.queueCounts(now),
      desk.inbox.newestReceived(),
      weeklySourceCounts(options.db, agency.timeZone, firstChartWeek(currentWeek)),
    ])
    // Owners also get staff speed and the pipeline under the chart (owner-figures.ts).
    const ownerFigures =
      staff.role === 'owner' ? await loadOwnerView(options.db, agency.timeZone, currentWeek) : undefined
    return sendPage(
      reply,
      inboxPage({
        staffEmail: staff.email,
        staffName: staff.displayName,
        owner: staff.role === 'owner',
        filters,
        errors,
        leads: list.leads,
        total: list.total,
        more: list.more,
        people: list.people,
        page,
        pageSize: inboxPageSize,
        chart: withSourceCounts(weekRows(currentWeek, counts), sources),
        speed,
        now,
        notice: noticeFrom(request.query, pageNotices),
        queue,
        newest: latest ?? undefined,
        ownerView: createElement(OwnerViewSection, { view: ownerFigures }),
      }),
      Object.keys(errors).length ? 400 : 200,
    )
  })
}
