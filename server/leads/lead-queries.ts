/**
 * The statements that read many leads: the desk's list by filter (a page, or every match in
 * batches for the CSV export), the forms among the matches, one lead as the desk shows it, the
 * weekly counts of the inbox's chart, and the leads the morning digest lists.
 */
import { formDefinitions } from '../../forms/registry.ts'
import type { Database, Queryable } from '../db/database.ts'
import { filterCondition, type LeadFilters } from './lead-filters.ts'
import { isUuid } from './lead-id.ts'
import type { DeliveryJobStatus } from './lead-jobs.ts'
import { type Lead, leadColumns, leadFromRow } from './lead-repository.ts'

/** A lead as the desk lists it: the row, its delivery state and its assignee's e-mail. */
export interface InboxLead extends Lead {
  /** The newest delivery job's status; null when the lead has none (spam). */
  deliveryStatus: DeliveryJobStatus | null
  /** The e-mail of the staff account in `assignedTo`; null when unassigned. */
  assigneeEmail: string | null
}

export interface WeeklyCount {
  /** Monday of the week, YYYY-MM-DD, in the agency's time zone. */
  week: string
  formKey: string
  /** The answer that names the line, for a form that asks it (forms/engine.ts lineByAnswer); else null. */
  lineAnswer: string | null
  count: number
}

/** Each form's field whose answer names its line: the forms for any line (the general quote request). */
const lineAnswerFields = formDefinitions.flatMap((form) =>
  form.lineByAnswer ? [{ formKey: form.key, field: form.lineByAnswer.field }] : [],
)

const inboxColumns = `${leadColumns},
  (SELECT j.status FROM delivery_jobs j WHERE j.lead_id = leads.id
    ORDER BY j.created_at DESC LIMIT 1) AS "deliveryStatus",
  (SELECT u.email FROM staff_users u WHERE u.id = leads.assigned_to) AS "assigneeEmail"`

export interface LeadQueries {
  /** `viewerId`: the signed-in staff member, for the 'mine' filter. */
  listLeads(
    filters: LeadFilters,
    page: { limit: number; offset: number },
    viewerId?: string,
  ): Promise<{ leads: InboxLead[]; total: number }>
  /** Every matching lead, newest first, in batches (the CSV export). */
  eachLead(filters: LeadFilters, batchSize?: number, viewerId?: string): AsyncGenerator<InboxLead>
  /** The form keys present among the matching leads. */
  formKeysOf(filters: LeadFilters, viewerId?: string): Promise<string[]>
  findLead(id: string): Promise<InboxLead | undefined>
  /** Leads (spam excluded) per week and form since the week starting `since` (YYYY-MM-DD). */
  weeklyCounts(since: string): Promise<WeeklyCount[]>
  /** Monday of the week holding `now`, YYYY-MM-DD. */
  weekStart(now: Date): Promise<string>
}

/** `timeZone`: the agency's (IANA name); date filters and weeks are days there, not in UTC. */
export function createLeadQueries(db: Database, timeZone: string): LeadQueries {
  return {
    async listLeads(filters, page, viewerId = '') {
      const where = filterCondition(filters, timeZone, 1, viewerId)
      const n = where.params.length
      const rows = await db.query<InboxLead>(
        `SELECT ${inboxColumns} FROM leads WHERE ${where.sql}
          ORDER BY received_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...where.params, page.limit, page.offset],
      )
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM leads WHERE ${where.sql}`,
        where.params,
      )
      return { leads: rows.map(leadFromRow), total: count?.total ?? 0 }
    },

    async *eachLead(filters, batchSize = 500, viewerId = '') {
      // Keyset pagination: stable while new leads arrive during the export.
      let after: { receivedAt: Date; id: string } | undefined
      for (;;) {
        const where = filterCondition(filters, timeZone, 1, viewerId)
        const n = where.params.length
        const keyset = after ? `AND (received_at, id) < ($${n + 2}::timestamptz, $${n + 3}::uuid)` : ''
        const rows = await db.query<InboxLead>(
          `SELECT ${inboxColumns} FROM leads WHERE ${where.sql} ${keyset}
            ORDER BY received_at DESC, id DESC LIMIT $${n + 1}`,
          [
            ...where.params,
            batchSize,
            ...(after ? [new Date(after.receivedAt).toISOString(), after.id] : []),
          ],
        )
        for (const row of rows) yield leadFromRow(row)
        const last = rows.at(-1)
        if (!last || rows.length < batchSize) return
        after = { receivedAt: last.receivedAt, id: last.id }
      }
    },

    async formKeysOf(filters, viewerId = '') {
      const where = filterCondition(filters, timeZone, 1, viewerId)
      const rows = await db.query<{ formKey: string }>(
        `SELECT DISTINCT form_key AS "formKey" FROM leads WHERE ${where.sql}`,
        where.params,
      )
      return rows.map((row) => row.formKey)
    },

    async findLead(id) {
      if (!isUuid(id)) return undefined
      const rows = await db.query<InboxLead>(`SELECT ${inboxColumns} FROM leads WHERE id = $1`, [id])
      return rows[0] && leadFromRow(rows[0])
    },

    weeklyCounts: (since) =>
      db.query<WeeklyCount>(
        `SELECT to_char(date_trunc('week', received_at AT TIME ZONE $1), 'YYYY-MM-DD') AS week,
                form_key AS "formKey",
                CASE ${lineAnswerFields.map((_, index) => `WHEN form_key = $${3 + 2 * index} THEN fields->>$${4 + 2 * index}`).join(' ') || 'WHEN false THEN NULL'} END AS "lineAnswer",
                count(*)::int AS count
           FROM leads
          WHERE NOT is_spam AND received_at >= ($2::date::timestamp AT TIME ZONE $1)
          GROUP BY 1, 2, 3`,
        [timeZone, since, ...lineAnswerFields.flatMap(({ formKey, field }) => [formKey, field])],
      ),

    async weekStart(now) {
      const [row] = await db.query<{ week: string }>(
        `SELECT to_char(date_trunc('week', $1::timestamptz AT TIME ZONE $2), 'YYYY-MM-DD') AS week`,
        [now.toISOString(), timeZone],
      )
      if (!row) throw new Error('the database returned no week')
      return row.week
    },
  }
}

/** Leads still new or unassigned, neither spam nor closed, oldest first (the morning digest). */
export async function leadsAwaitingStaff(db: Queryable): Promise<InboxLead[]> {
  const rows = await db.query<InboxLead>(
    `SELECT ${inboxColumns} FROM leads
      WHERE NOT is_spam AND status <> 'closed' AND (status = 'new' OR assigned_to IS NULL)
      ORDER BY received_at`,
  )
  return rows.map(leadFromRow)
}
