/**
 * The statements that read many leads: the desk's list by filter (a page, or every match in
 * batches for the CSV export), the forms among the matches, one lead as the desk shows it, the
 * weekly counts of the inbox's chart, and the leads the morning digest lists.
 */
import { formDefinitions } from '#forms/registry.ts'
import type { Database, Queryable } from '../db/database.ts'
import {
  filterCondition,
  followUpDueSql,
  type LeadFilters,
  openStatusesSql,
  overdueSql,
  parameters,
} from './lead-filters.ts'
import { isUuid } from './lead-id.ts'
import type { DeliveryJobStatus } from './lead-jobs.ts'
import { type Lead, leadColumns, leadFromRow } from './lead-repository.ts'

/** A lead as the desk lists it: the row, its delivery state and its assignee's e-mail. */
export interface InboxLead extends Lead {
  /** The newest delivery job's status; null when the lead has none (spam). */
  deliveryStatus: DeliveryJobStatus | null
  /** The e-mail of the staff account in `assignedTo`; null when unassigned. */
  assigneeEmail: string | null
  /** That account's display name; null when it has none (show staffLabel of both). */
  assigneeName: string | null
  /**
   * How many requests the same person (same e-mail or phone, normalized) sent before this one;
   * read for the inbox's page and one lead, not for the CSV export.
   */
  earlierRequests?: number
}

/** Another request of the same person, as the lead page lists it. */
export interface LinkedLead {
  id: string
  reference: string
  formKey: string
  receivedAt: Date
  status: string
  isSpam: boolean
}

/** How much of the queue needs doing now, for the inbox's quick links. */
export interface QueueCounts {
  overdue: number
  followUpsDue: number
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
  (SELECT u.email FROM staff_users u WHERE u.id = leads.assigned_to) AS "assigneeEmail",
  (SELECT u.display_name FROM staff_users u WHERE u.id = leads.assigned_to) AS "assigneeName"`

/** The same person: the same normalized e-mail or phone (generated columns, migration 013). */
const samePerson = `(o.contact_email = leads.contact_email OR o.contact_phone = leads.contact_phone)`

const listColumns = `${inboxColumns},
  (SELECT count(*)::int FROM leads o WHERE ${samePerson} AND o.id <> leads.id
     AND (o.received_at, o.id) < (leads.received_at, leads.id)) AS "earlierRequests"`

/** ORDER BY of the sorts other than the queue. */
const sortOrders = {
  received: 'received_at DESC, id DESC',
  age: 'received_at ASC, id ASC',
  due: 'follow_up_at ASC NULLS LAST, received_at DESC, id DESC',
} as const

/**
 * The work queue as four disjoint parts, each read in its own order from an index and cut at
 * what the page needs (`enough` rows), then ranked: overdue (oldest first), due follow-ups
 * (earliest due first), new (newest first), then the rest (newest first). Sorting every match
 * would read all 100,000 leads of a busy agency for each page.
 */
function queueSql(where: string, now: Date, param: (value: unknown) => string, enough: string): string {
  const overdue = overdueSql(now, param)
  const due = followUpDueSql(now, param)
  const part = (rank: number, condition: string, key: string, order: string) =>
    `(SELECT id AS qid, ${rank} AS qrank, ${key} AS qkey FROM leads
       WHERE ${where} AND ${condition} ORDER BY ${order} LIMIT ${enough})`
  const epoch = (column: string) => `extract(epoch FROM ${column})`
  return [
    part(0, overdue, epoch('received_at'), 'received_at ASC, id ASC'),
    part(1, `${due} AND NOT ${overdue}`, epoch('follow_up_at'), 'follow_up_at ASC, id ASC'),
    part(
      2,
      `status = 'new' AND NOT is_spam AND NOT ${overdue} AND NOT ${due}`,
      `-${epoch('received_at')}`,
      'received_at DESC, id DESC',
    ),
    part(
      3,
      `NOT (status = 'new' AND NOT is_spam) AND NOT ${due}`,
      `-${epoch('received_at')}`,
      'received_at DESC, id DESC',
    ),
  ].join(' UNION ALL ')
}

export interface LeadQueries {
  /**
   * `viewerId`: the signed-in staff member, for the 'mine' filter; `now`: when overdue and due
   * follow-ups are judged (the queue's order and the due filters).
   */
  listLeads(
    filters: LeadFilters,
    page: { limit: number; offset: number },
    viewerId?: string,
    now?: Date,
    /** Count the matches up to this many; `more` then says there are more. */
    countCap?: number,
  ): Promise<{ leads: InboxLead[]; total: number; more: boolean }>
  /** Every matching lead, newest first, in batches (the CSV export). */
  eachLead(filters: LeadFilters, batchSize?: number, viewerId?: string, now?: Date): AsyncGenerator<InboxLead>
  /** The form keys present among the matching leads. */
  formKeysOf(filters: LeadFilters, viewerId?: string, now?: Date): Promise<string[]>
  findLead(id: string): Promise<InboxLead | undefined>
  /** The other requests of the same person (same e-mail or phone), newest first, at most 20. */
  linkedLeads(id: string): Promise<LinkedLead[]>
  /** Overdue leads and due follow-ups at `now` (spam excluded). */
  queueCounts(now: Date): Promise<QueueCounts>
  /** Leads (spam excluded) received after `since`, and the newest one's time: the inbox's poll. */
  newSince(since: Date): Promise<{ count: number; newest: Date | null }>
  /** The newest lead's receipt time (spam excluded), by the index: where the poll starts. */
  newestReceived(): Promise<Date | null>
  /** Leads (spam excluded) per week and form since the week starting `since` (YYYY-MM-DD). */
  weeklyCounts(since: string): Promise<WeeklyCount[]>
  /** Monday of the week holding `now`, YYYY-MM-DD. */
  weekStart(now: Date): Promise<string>
}

/** `timeZone`: the agency's (IANA name); date filters and weeks are days there, not in UTC. */
export function createLeadQueries(db: Database, timeZone: string): LeadQueries {
  return {
    async listLeads(filters, page, viewerId = '', now = new Date(), countCap = undefined) {
      const where = filterCondition(filters, timeZone, 1, viewerId, now)
      const { params, param } = parameters(1, [...where.params])
      const limit = param(page.limit)
      const offset = param(page.offset)
      const sql = filters.sort
        ? `SELECT ${listColumns} FROM leads WHERE ${where.sql}
            ORDER BY ${sortOrders[filters.sort]} LIMIT ${limit} OFFSET ${offset}`
        : `SELECT ${listColumns} FROM (${queueSql(where.sql, now, param, param(page.limit + page.offset))}) q
            JOIN leads ON leads.id = q.qid
            ORDER BY q.qrank, q.qkey, leads.id LIMIT ${limit} OFFSET ${offset}`
      const rows = await db.query<InboxLead>(sql, params)
      // Counting 100,000 matches costs more than the page itself: the desk counts up to a cap
      // and says "more than"; the API (no cap) counts them all.
      const capped = countCap === undefined ? '' : `LIMIT ${Math.floor(countCap) + 1}`
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM leads WHERE ${where.sql} ${capped}) AS matches`,
        where.params,
      )
      const total = count?.total ?? 0
      const more = countCap !== undefined && total > countCap
      return { leads: rows.map(leadFromRow), total: more ? (countCap ?? total) : total, more }
    },

    async *eachLead(filters, batchSize = 500, viewerId = '', now = new Date()) {
      // Keyset pagination: stable while new leads arrive during the export, and one batch in
      // memory at a time, however many leads match.
      let after: { receivedAt: Date; id: string } | undefined
      for (;;) {
        const where = filterCondition(filters, timeZone, 1, viewerId, now)
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

    async formKeysOf(filters, viewerId = '', now = new Date()) {
      const where = filterCondition(filters, timeZone, 1, viewerId, now)
      const rows = await db.query<{ formKey: string }>(
        `SELECT DISTINCT form_key AS "formKey" FROM leads WHERE ${where.sql}`,
        where.params,
      )
      return rows.map((row) => row.formKey)
    },

    async findLead(id) {
      if (!isUuid(id)) return undefined
      const rows = await db.query<InboxLead>(`SELECT ${listColumns} FROM leads WHERE id = $1`, [id])
      return rows[0] && leadFromRow(rows[0])
    },

    linkedLeads: async (id) =>
      !isUuid(id)
        ? []
        : db.query<LinkedLead>(
            `SELECT o.id, o.reference, o.form_key AS "formKey", o.received_at AS "receivedAt",
                    o.status, o.is_spam AS "isSpam"
               FROM leads JOIN leads o ON ${samePerson} AND o.id <> leads.id
              WHERE leads.id = $1 ORDER BY o.received_at DESC LIMIT 20`,
            [id],
          ),

    async queueCounts(now) {
      const { params, param } = parameters()
      const [row] = await db.query<QueueCounts>(
        `SELECT (SELECT count(*)::int FROM leads WHERE ${overdueSql(now, param)}) AS overdue,
                (SELECT count(*)::int FROM leads WHERE ${followUpDueSql(now, param)}) AS "followUpsDue"`,
        params,
      )
      return row ?? { overdue: 0, followUpsDue: 0 }
    },

    async newestReceived() {
      const [row] = await db.query<{ receivedAt: Date }>(
        `SELECT received_at AS "receivedAt" FROM leads WHERE NOT is_spam ORDER BY received_at DESC LIMIT 1`,
      )
      return row ? new Date(row.receivedAt) : null
    },

    async newSince(since) {
      const [row] = await db.query<{ count: number; newest: Date | null }>(
        `SELECT count(*)::int AS count, max(received_at) AS newest FROM leads
          WHERE NOT is_spam AND received_at > $1::timestamptz`,
        [since.toISOString()],
      )
      return row ?? { count: 0, newest: null }
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

/**
 * Leads still new or unassigned, neither spam nor finished, oldest first (the morning digest),
 * and those whose follow-up is due by `dueBy` (the end of the digest's day).
 */
export async function leadsAwaitingStaff(db: Queryable, dueBy?: Date): Promise<InboxLead[]> {
  const rows = await db.query<InboxLead>(
    `SELECT ${inboxColumns} FROM leads
      WHERE NOT is_spam AND status IN ${openStatusesSql}
        AND (status = 'new' OR assigned_to IS NULL OR follow_up_at <= $1::timestamptz)
      ORDER BY received_at`,
    [(dueBy ?? new Date(0)).toISOString()],
  )
  return rows.map(leadFromRow)
}
