/**
 * The statements that read many leads: the desk's list by filter (a page, or every match in
 * batches for the CSV export), the forms among the matches, one lead as the desk shows it, the
 * weekly counts of the inbox's chart, and the leads the morning digest lists.
 */
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type OrderByModifiers,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely'
import { formDefinitions } from '#forms/registry.ts'
import type { Database, Queryable } from '../db/database.ts'
import { build, countRows, type RowOf, run, sql, weekOf } from '../db/query-builder.ts'
import type { DB } from '../db/schema.ts'
import { isUuid } from '../db/uuid.ts'
import type { OfficeZone } from './business-hours.ts'
import {
  filterCondition,
  followUpDueCondition,
  followUpTodayCondition,
  type LeadFilters,
  openStatus,
  overdueCondition,
} from './lead-filters.ts'
import type { DeliveryJobStatus } from './lead-jobs.ts'
import { type Lead, leadFromRow, leadSelection } from './lead-repository.ts'

/** A lead as the desk lists it: the row, its delivery state and its assignee's e-mail. */
export interface InboxLead extends Lead {
  /** The newest delivery job's status; null when the lead has none (spam). */
  deliveryStatus: DeliveryJobStatus | null
  /** The e-mail of the staff account in `assignedTo`; null when unassigned. */
  assigneeEmail: string | null
  /** That account's display name; null when it has none (show staffLabel of both). */
  assigneeName: string | null
  /** When it last changed (migration 026), ISO text in UTC to the microsecond: a sync's position. */
  updatedAt: string
  /**
   * How many requests the same person (same e-mail or phone, normalized) sent before this one;
   * read for the inbox's page and one lead, not for the CSV export.
   */
  earlierRequests?: number
  /**
   * The work queue grouped by person (listLeads with `byPerson`): the same person's other requests
   * that are open or match the filters, listed under this one, the person's first in the queue.
   */
  personRequests?: InboxLead[]
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
  /** Follow-ups due by the end of the office's day, those due now included. */
  followUpsToday: number
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

/** The WHEN branches of a CASE that reads each such form's answer (weeklyCounts' lineAnswer). */
const lineAnswerCases = lineAnswerFields.length
  ? sql.join(
      lineAnswerFields.map(({ formKey, field }) => sql`WHEN form_key = ${formKey} THEN fields->>${field}`),
      sql` `,
    )
  : sql`WHEN false THEN NULL`

/** A time as ISO text in UTC to the microsecond (null stays null), e.g. 2026-11-26T00:37:41.123456Z. */
function exactInstant(time: Expression<Date | null>): RawBuilder<string | null> {
  return sql<string | null>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

/** Conditions over the columns of `leads`, unqualified. */
const leads = expressionBuilder<DB, 'leads'>()

/** A lead's columns, its newest delivery job's status and its assignee, over `leads`. */
function inboxSelection(eb: ExpressionBuilder<DB, 'leads'>) {
  return [
    ...leadSelection,
    eb
      .selectFrom('delivery_jobs as j')
      .select('j.status')
      .whereRef('j.lead_id', '=', 'leads.id')
      .orderBy('j.created_at', 'desc')
      .limit(1)
      .as('deliveryStatus'),
    eb
      .selectFrom('staff_users as u')
      .select('u.email')
      .whereRef('u.id', '=', 'leads.assigned_to')
      .as('assigneeEmail'),
    eb
      .selectFrom('staff_users as u')
      .select('u.display_name')
      .whereRef('u.id', '=', 'leads.assigned_to')
      .as('assigneeName'),
    exactInstant(sql.ref('leads.updated_at')).$notNull().as('updatedAt'),
  ] as const
}

/** The inbox's columns and how many requests the same person sent before this one. */
function listSelection(eb: ExpressionBuilder<DB, 'leads'>) {
  return [
    ...inboxSelection(eb),
    eb
      .selectFrom('leads as o')
      .select(countRows().as('earlier'))
      .where(samePerson)
      .whereRef('o.id', '<>', 'leads.id')
      .where((o) => o(o.refTuple('o.received_at', 'o.id'), '<', o.refTuple('leads.received_at', 'leads.id')))
      .$asScalar()
      .$notNull()
      .as('earlierRequests'),
  ] as const
}

/** The same person: the same normalized e-mail or phone (generated columns, migration 013). */
function samePerson(eb: ExpressionBuilder<DB & { o: DB['leads'] }, 'leads' | 'o'>) {
  return eb.or([
    eb('o.contact_email', '=', eb.ref('leads.contact_email')),
    eb('o.contact_phone', '=', eb.ref('leads.contact_phone')),
  ])
}

/** An order over columns of `leads`, as an index of migration 013 holds them. */
type LeadOrder = readonly (readonly ['received_at' | 'follow_up_at' | 'id', OrderByModifiers])[]

/** ORDER BY of the sorts other than the queue. */
const sortOrders = {
  received: [
    ['received_at', 'desc'],
    ['id', 'desc'],
  ],
  age: [
    ['received_at', 'asc'],
    ['id', 'asc'],
  ],
  due: [
    ['follow_up_at', (order) => order.asc().nullsLast()],
    ['received_at', 'desc'],
    ['id', 'desc'],
  ],
} as const satisfies Record<string, LeadOrder>

function ordered<O>(query: SelectQueryBuilder<DB, 'leads', O>, order: LeadOrder) {
  let sorted = query
  for (const [column, direction] of order) sorted = sorted.orderBy(column, direction)
  return sorted
}

/** extract(epoch FROM …) of a time column: the queue's keys are numbers. */
function epochOf(column: Expression<Date | null>): RawBuilder<number> {
  return sql<number>`extract(epoch FROM ${column})`
}

/**
 * Where a lead stands in the work queue at `now`, over the columns of `leads` unqualified: its
 * part (0 overdue, 1 follow-up due, 2 new, 3 the rest, as in queue() below) and the key that
 * orders the part; with the id, the queue's whole order.
 */
function queuePosition(now: Date) {
  const overdue = overdueCondition(now)
  const due = followUpDueCondition(now)
  const waiting = leads.and([leads('status', '=', sql.lit('new')), leads.not(leads.ref('is_spam'))])
  const receivedAt = sql.ref<Date>('received_at')
  return {
    rank: sql<number>`CASE WHEN ${overdue} THEN 0 WHEN ${due} THEN 1 WHEN ${waiting} THEN 2 ELSE 3 END`,
    key: sql<number>`CASE WHEN ${overdue} THEN ${epochOf(receivedAt)} WHEN ${due} THEN ${epochOf(sql.ref('follow_up_at'))} ELSE -${epochOf(receivedAt)} END`,
  }
}

/**
 * True for a lead of `leads` listed under another request of the same person (same e-mail or
 * phone) in the queue grouped by person: one that matches the filters (`where`), comes first in
 * the queue, and is itself listed (no matching request of its person comes before it). A person's
 * requests are then one entry, placed by the most urgent; a chain (an e-mail shared with one
 * request, a phone with another) never hides a request: one not under a listed request is listed
 * itself. `position`: the lead's own place (part and key), as the caller can name it.
 * (docs/decisions/047-the-queue-by-person-and-passwords-of-ones-own.md)
 */
function listedUnderAnother(
  where: Expression<SqlBool>,
  now: Date,
  position: { rank: Expression<number>; key: Expression<number> },
): RawBuilder<SqlBool> {
  // The position's CASE is unqualified: in each LATERAL it reads the row beside it (h, then g).
  const { rank, key } = queuePosition(now)
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM leads AS h CROSS JOIN LATERAL (SELECT ${rank} AS r, ${key} AS k) AS hp
    WHERE (h.contact_email = leads.contact_email OR h.contact_phone = leads.contact_phone)
      AND h.id <> leads.id AND ${where}
      AND (hp.r, hp.k, h.id) < (${position.rank}, ${position.key}, leads.id)
      AND NOT EXISTS (
        SELECT 1 FROM leads AS g CROSS JOIN LATERAL (SELECT ${rank} AS r, ${key} AS k) AS gp
        WHERE (g.contact_email = h.contact_email OR g.contact_phone = h.contact_phone)
          AND g.id <> h.id AND ${where}
          AND (gp.r, gp.k, g.id) < (hp.r, hp.k, h.id)))`
}

/**
 * The work queue as four disjoint parts, each read in its own order from an index and cut at
 * what the page needs (`enough` rows), then ranked: overdue (oldest first), due follow-ups
 * (earliest due first), new (newest first), then the rest (newest first). Sorting every match
 * would read all 100,000 leads of a busy agency for each page.
 */
function queue(where: Expression<SqlBool>, now: Date, enough: number, byPerson = false) {
  const overdue = overdueCondition(now)
  const due = followUpDueCondition(now)
  const waiting = leads.and([leads('status', '=', sql.lit('new')), leads.not(leads.ref('is_spam'))])
  const epoch = (column: 'received_at' | 'follow_up_at') => epochOf(sql.ref(column))
  const part = (rank: number, condition: Expression<SqlBool>, key: RawBuilder<number>, order: LeadOrder) => {
    const rows = build
      .selectFrom('leads')
      .select(['id as qid', sql.lit(rank).as('qrank'), key.as('qkey')])
      .where(where)
      .where(condition)
    if (!byPerson) return ordered(rows, order).limit(enough)
    // The part's own key, qualified: the EXISTS reads other rows of leads beside this one.
    const own = epochOf(sql.ref(rank === 1 ? 'leads.follow_up_at' : 'leads.received_at'))
    const position = { rank: sql.lit(rank), key: rank < 2 ? own : sql<number>`-${own}` }
    return ordered(rows.where(leads.not(listedUnderAnother(where, now, position))), order).limit(enough)
  }
  const parts = [
    part(0, overdue, epoch('received_at'), sortOrders.age),
    part(1, leads.and([due, leads.not(overdue)]), epoch('follow_up_at'), [
      ['follow_up_at', 'asc'],
      ['id', 'asc'],
    ]),
    part(
      2,
      leads.and([waiting, leads.not(overdue), leads.not(due)]),
      sql<number>`-${epoch('received_at')}`,
      sortOrders.received,
    ),
    part(
      3,
      leads.and([leads.not(waiting), leads.not(due)]),
      sql<number>`-${epoch('received_at')}`,
      sortOrders.received,
    ),
  ]
  // Each part keeps its own ORDER BY and LIMIT, in parentheses (the builder's unionAll would give
  // the first part's to the whole union); the rows are typed by the parts.
  return sql<RowOf<(typeof parts)[number]>>`(${sql.join(parts, sql` UNION ALL `)})`.as('q')
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
    /**
     * The work queue (no sort chosen) by person, the desk's inbox: a page of people, each the
     * person's first request in the queue with their others in `personRequests`; `people` counts
     * them (up to `countCap` too), `total` still counts the requests.
     */
    byPerson?: boolean,
  ): Promise<{ leads: InboxLead[]; total: number; more: boolean; people?: number }>
  /**
   * A sync's page (docs/api.md, "Sync"): the matching leads changed at or after `since`, or after
   * the position `after` (a lead's exact `updatedAt` and id), in the order they changed, at most
   * `limit`; `total`: how many match from that position on, this page included.
   */
  changedLeads(
    filters: LeadFilters,
    position: { since?: string; after?: { at: string; id: string } },
    limit: number,
    viewerId?: string,
    now?: Date,
  ): Promise<{ leads: InboxLead[]; total: number }>
  /** Every matching lead, newest first, in batches (the CSV export). */
  eachLead(filters: LeadFilters, batchSize?: number, viewerId?: string, now?: Date): AsyncGenerator<InboxLead>
  findLead(id: string): Promise<InboxLead | undefined>
  /** The other requests of the same person (same e-mail or phone), newest first, at most 20. */
  linkedLeads(id: string): Promise<LinkedLead[]>
  /** Overdue leads and due follow-ups at `now` (spam excluded). */
  queueCounts(now: Date): Promise<QueueCounts>
  /** Leads (spam excluded) received after `since`, and the newest one's time: the inbox's poll. */
  newSince(since: string): Promise<{ count: number; newest: string | null }>
  /**
   * The newest lead's receipt time (spam excluded), by the index: where the poll starts. Both are
   * ISO text to the microsecond, as the database holds them: a Date keeps milliseconds, and the
   * newest lead would count as newer than its own time cut to the millisecond.
   */
  newestReceived(): Promise<string | null>
  /** Leads (spam excluded) per week and form since the week starting `since` (YYYY-MM-DD). */
  weeklyCounts(since: string): Promise<WeeklyCount[]>
  /** Monday of the week holding `now`, YYYY-MM-DD. */
  weekStart(now: Date): Promise<string>
}

/** `timeZone`: the agency's (IANA name); date filters and weeks are days there, not in UTC. */
export function createLeadQueries(db: Database, timeZone: OfficeZone): LeadQueries {
  // Read at each use: a published change of the office's zone applies at once.
  const zone = () => (typeof timeZone === 'string' ? timeZone : timeZone())
  return {
    async listLeads(filters, page, viewerId = '', now = new Date(), countCap = undefined, byPerson = false) {
      const where = filterCondition(filters, zone(), viewerId, now)
      const grouped = byPerson && !filters.sort
      const query = filters.sort
        ? ordered(build.selectFrom('leads').select(listSelection).where(where), sortOrders[filters.sort])
        : build
            .selectFrom('leads')
            .select(listSelection)
            .innerJoin(queue(where, now, page.limit + page.offset, grouped), 'q.qid', 'leads.id')
            .orderBy('q.qrank')
            .orderBy('q.qkey')
            .orderBy('leads.id')
      const rows: InboxLead[] = (await run(db, query.limit(page.limit).offset(page.offset))).map((row) =>
        leadFromRow(row),
      )
      // Counting 100,000 matches costs more than the page itself: the desk counts up to a cap
      // and says "more than"; the API (no cap) counts them all.
      const capped = async <Tables, Table extends keyof Tables & string>(
        matches: SelectQueryBuilder<Tables, Table, { match: number }>,
      ) => {
        const [count] = await run(
          db,
          build
            .selectFrom(
              (countCap === undefined ? matches : matches.limit(Math.floor(countCap) + 1)).as('matches'),
            )
            .select(countRows().as('total')),
        )
        const total = count?.total ?? 0
        const more = countCap !== undefined && total > countCap
        return { total: more ? (countCap ?? total) : total, more }
      }
      const requests = await capped(build.selectFrom('leads').select(sql.lit(1).as('match')).where(where))
      if (!grouped) return { leads: rows, ...requests }
      // People: the matches listed in the queue by person, each placed by a LATERAL of its own.
      const { rank, key } = queuePosition(now)
      const people = await capped(
        build
          .selectFrom('leads')
          .innerJoinLateral(build.selectNoFrom([rank.as('r'), key.as('k')]).as('lp'), (join) => join.onTrue())
          .select(sql.lit(1).as('match'))
          .where(where)
          .where(leads.not(listedUnderAnother(where, now, { rank: sql.ref('lp.r'), key: sql.ref('lp.k') }))),
      )
      const others = await personRequests(
        db,
        rows.map((lead) => lead.id),
        where,
      )
      for (const lead of rows) lead.personRequests = others.get(lead.id) ?? []
      return { leads: rows, total: requests.total, more: requests.more, people: people.total }
    },

    async changedLeads(filters, position, limit, viewerId = '', now = new Date()) {
      const where = (eb: ExpressionBuilder<DB, 'leads'>) => {
        const parts = [filterCondition(filters, zone(), viewerId, now)]
        if (position.since) parts.push(eb('updated_at', '>=', sql<Date>`${position.since}::timestamptz`))
        if (position.after)
          parts.push(
            eb(
              eb.refTuple('updated_at', 'id'),
              '>',
              eb.tuple(sql<Date>`${position.after.at}::timestamptz`, position.after.id),
            ),
          )
        return eb.and(parts)
      }
      const rows = await run(
        db,
        build
          .selectFrom('leads')
          .select(listSelection)
          .where(where)
          .orderBy('updated_at', 'asc')
          .orderBy('id', 'asc')
          .limit(limit),
      )
      const [count] = await run(db, build.selectFrom('leads').select(countRows().as('total')).where(where))
      return { leads: rows.map((row) => leadFromRow(row)), total: count?.total ?? 0 }
    },

    async *eachLead(filters, batchSize = 500, viewerId = '', now = new Date()) {
      // Keyset pagination: stable while new leads arrive during the export, and one batch in
      // memory at a time, however many leads match. The next batch starts after the last row's
      // time as the database holds it (microseconds, as UTC text, whatever the connection's time
      // zone or date style): a Date keeps milliseconds, and would skip the leads stored in the
      // same millisecond as that row (one group commit).
      const batch = build
        .selectFrom('leads')
        .select((eb) => [
          ...inboxSelection(eb),
          exactInstant(sql.ref('received_at')).$notNull().as('keysetAt'),
        ])
        .where(filterCondition(filters, zone(), viewerId, now))
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(batchSize)
      let query = batch
      for (;;) {
        const rows = await run(db, query)
        for (const { keysetAt: _, ...row } of rows) yield leadFromRow(row)
        const last = rows.at(-1)
        if (!last || rows.length < batchSize) return
        query = batch.where((eb) =>
          eb(
            eb.refTuple('received_at', 'id'),
            '<',
            eb.tuple(sql<Date>`${last.keysetAt}::timestamptz`, last.id),
          ),
        )
      }
    },

    async findLead(id) {
      if (!isUuid(id)) return undefined
      const [row] = await run(db, build.selectFrom('leads').select(listSelection).where('id', '=', id))
      return row && leadFromRow(row)
    },

    linkedLeads: async (id) =>
      !isUuid(id)
        ? []
        : run(
            db,
            build
              .selectFrom('leads')
              .innerJoin('leads as o', (join) =>
                join.on((eb) => eb.and([samePerson(eb), eb('o.id', '<>', eb.ref('leads.id'))])),
              )
              .select([
                'o.id',
                'o.reference',
                'o.form_key as formKey',
                'o.received_at as receivedAt',
                'o.status',
                'o.is_spam as isSpam',
              ])
              .where('leads.id', '=', id)
              .orderBy('o.received_at', 'desc')
              .limit(20),
          ),

    async queueCounts(now) {
      const count = (condition: Expression<SqlBool>) =>
        build.selectFrom('leads').select(countRows().as('count')).where(condition).$asScalar().$notNull()
      const [row] = await run(
        db,
        build.selectNoFrom([
          count(overdueCondition(now)).as('overdue'),
          count(followUpDueCondition(now)).as('followUpsDue'),
          count(followUpTodayCondition(now)).as('followUpsToday'),
        ]),
      )
      return row ?? { overdue: 0, followUpsDue: 0, followUpsToday: 0 }
    },

    async newestReceived() {
      const [row] = await run(
        db,
        build
          .selectFrom('leads')
          .select(exactInstant(sql.ref('received_at')).as('receivedAt'))
          .where(leads.not(leads.ref('is_spam')))
          .orderBy('received_at', 'desc')
          .limit(1),
      )
      return row?.receivedAt ?? null
    },

    async newSince(since) {
      const [row] = await run(
        db,
        build
          .selectFrom('leads')
          .select((eb) => [countRows().as('count'), exactInstant(eb.fn.max('received_at')).as('newest')])
          .where(leads.not(leads.ref('is_spam')))
          .where('received_at', '>', sql<Date>`${since}::timestamptz`),
      )
      return row ?? { count: 0, newest: null }
    },

    weeklyCounts: (since) =>
      run(
        db,
        build
          .selectFrom('leads')
          .select([
            weekOf(sql.ref('received_at'), zone()).as('week'),
            'form_key as formKey',
            sql<string | null>`CASE ${lineAnswerCases} END`.as('lineAnswer'),
            countRows().as('count'),
          ])
          .where(leads.not(leads.ref('is_spam')))
          .where('received_at', '>=', sql<Date>`(${since}::date::timestamp AT TIME ZONE ${zone()})`)
          .groupBy(sql`1, 2, 3`),
      ),

    async weekStart(now) {
      const [row] = await run(
        db,
        build.selectNoFrom(
          // The cast: PostgreSQL cannot infer the type of a parameter before AT TIME ZONE.
          weekOf(sql<Date>`${now}::timestamptz`, zone()).as('week'),
        ),
      )
      if (!row) throw new Error('the database returned no week')
      return row.week
    },
  }
}

/**
 * The other requests of the people whose first request in the queue is one of `heads`: the same
 * e-mail or phone, open and not spam or matching the filters (`where`), newest first, each under
 * the first of `heads` it belongs to; none of `heads` itself.
 */
async function personRequests(
  db: Queryable,
  heads: string[],
  where: Expression<SqlBool>,
): Promise<Map<string, InboxLead[]>> {
  const byHead = new Map<string, InboxLead[]>()
  if (heads.length === 0) return byHead
  const headList = sql<string[]>`${heads}::uuid[]`
  const headOf = sql<string | null>`(
    SELECT h.id FROM leads AS h
    WHERE h.id = ANY(${headList}) AND h.id <> leads.id
      AND (h.contact_email = leads.contact_email OR h.contact_phone = leads.contact_phone)
    ORDER BY array_position(${headList}, h.id) LIMIT 1)`
  const rows = await run(
    db,
    build
      .selectFrom('leads')
      .select((eb) => [...inboxSelection(eb), headOf.as('headId')])
      .where(sql<SqlBool>`NOT (leads.id = ANY(${headList}))`)
      .where(sql<SqlBool>`${headOf} IS NOT NULL`)
      .where(leads.or([leads.and([openStatus, leads.not(leads.ref('is_spam'))]), where]))
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc'),
  )
  for (const { headId, ...row } of rows) {
    if (!headId) continue
    const list = byHead.get(headId) ?? []
    list.push(leadFromRow(row))
    byHead.set(headId, list)
  }
  return byHead
}

/**
 * Leads still new or unassigned, neither spam nor finished, oldest first (the morning digest),
 * and those whose follow-up is due by `dueBy` (the end of the digest's day).
 */
export async function leadsAwaitingStaff(db: Queryable, dueBy?: Date): Promise<InboxLead[]> {
  const rows = await run(
    db,
    build
      .selectFrom('leads')
      .select(inboxSelection)
      .where(leads.not(leads.ref('is_spam')))
      .where(openStatus)
      .where((eb) =>
        eb.or([
          eb('status', '=', sql.lit('new')),
          eb('assigned_to', 'is', null),
          eb('follow_up_at', '<=', dueBy ?? new Date(0)),
        ]),
      )
      .orderBy('received_at'),
  )
  return rows.map((row) => leadFromRow(row))
}
