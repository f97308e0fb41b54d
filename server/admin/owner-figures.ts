/**
 * The figures of the owner's view under the inbox's chart (views/owner-view.ts): per week of
 * receipt (the agency's time zone, as the chart counts them), how fast each staff member made first
 * contact, and where the week's leads stand in the pipeline now. Owners only: it compares
 * colleagues. Three small aggregate queries over the last eight weeks of leads (spam excluded); the
 * rows are bounded by weeks times staff.
 */
import { type Expression, expressionBuilder, type NotNull, type SqlBool } from 'kysely'
import { addDays } from '#forms/dates.ts'
import type { Database } from '#server/db/database.ts'
import { build, countRows, run, sql, weekOf } from '#server/db/query-builder.ts'
import type { Leads } from '#server/db/schema.ts'
import { staffLabel } from '#server/staff/staff-accounts.ts'

/** How many weeks the owner's view covers, ending with the current one. */
export const ownerWeeks = 8
const topLostReasons = 3

interface StaffWeekSpeed {
  week: string
  /** Who logged the lead's first contact attempt (display name, else e-mail). */
  staff: string
  contacted: number
  medianMs: number
}

interface WeekPipeline {
  /** Monday, YYYY-MM-DD. */
  week: string
  received: number
  notContacted: number
  quoted: number
  won: number
  lost: number
}

export interface OwnerView {
  weeks: string[]
  speed: StaffWeekSpeed[]
  pipeline: WeekPipeline[]
  lostReasons: { reason: string; count: number }[]
}

/** Leads of `l` (leads) over the weeks since `since`, spam excluded, and each one's week. */
function weeks(timeZone: string, since: string) {
  const l = expressionBuilder<{ l: Leads }, 'l'>()
  return {
    weekOf: weekOf(l.ref('l.received_at'), timeZone),
    inWeeks: l.and([
      l.not(l.ref('l.is_spam')),
      l('l.received_at', '>=', sql<Date>`(${since}::date::timestamp AT TIME ZONE ${timeZone})`),
    ]),
  }
}

/**
 * The staff member is the one who logged the lead's first contact attempt (the work log keeps the
 * e-mail, so a removed account's contacts still count, under its e-mail); the time is the lead's
 * first_contact_at, which that same attempt set.
 */
async function staffSpeed(db: Database, timeZone: string, since: string): Promise<StaffWeekSpeed[]> {
  const { weekOf, inWeeks } = weeks(timeZone, since)
  const rows = await run(
    db,
    build
      .selectFrom('leads as l')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('lead_events as e')
            .select(['e.staff_user_id', 'e.staff_email'])
            .whereRef('e.lead_id', '=', 'l.id')
            .where('e.kind', '=', sql.lit('contact'))
            .orderBy('e.created_at')
            .orderBy('e.id')
            .limit(1)
            .as('f'),
        (join) => join.onTrue(),
      )
      .leftJoin('staff_users as s', 's.id', 'f.staff_user_id')
      .select((eb) => [
        weekOf.as('week'),
        'f.staff_email as email',
        's.display_name as displayName',
        countRows().as('contacted'),
        // float8: a number from both drivers; Number() below keeps a numeric string safe too.
        sql<number | string>`percentile_cont(0.5) WITHIN GROUP
          (ORDER BY extract(epoch FROM ${eb.ref('l.first_contact_at')} - ${eb.ref('l.received_at')}))`.as(
          'median',
        ),
      ])
      .where(inWeeks)
      .where('l.first_contact_at', 'is not', null)
      .groupBy(sql`1, 2, 3`),
  )
  return rows.map((row) => ({
    week: row.week,
    staff: row.email ? staffLabel({ email: row.email, displayName: row.displayName }) : 'Not recorded',
    contacted: row.contacted,
    medianMs: Math.round(Number(row.median) * 1000),
  }))
}

/** count(*) of the group's leads that meet `condition`, FILTER (WHERE ...) as an int. */
function countWhere(condition: Expression<SqlBool>) {
  return sql<number>`count(*) FILTER (WHERE ${condition})::int`
}

async function pipeline(db: Database, timeZone: string, since: string): Promise<WeekPipeline[]> {
  const { weekOf, inWeeks } = weeks(timeZone, since)
  return run(
    db,
    build
      .selectFrom('leads as l')
      .select((eb) => [
        weekOf.as('week'),
        countRows().as('received'),
        countWhere(eb('l.first_contact_at', 'is', null)).as('notContacted'),
        countWhere(eb('l.status', '=', sql.lit('quoted'))).as('quoted'),
        countWhere(eb('l.status', '=', sql.lit('won'))).as('won'),
        countWhere(eb('l.status', '=', sql.lit('lost'))).as('lost'),
      ])
      .where(inWeeks)
      .groupBy(sql`1`),
  )
}

async function lostReasons(db: Database, timeZone: string, since: string) {
  const { inWeeks } = weeks(timeZone, since)
  return run(
    db,
    build
      .selectFrom('leads as l')
      .select(['l.lost_reason as reason', countRows().as('count')])
      .where(inWeeks)
      .where('l.status', '=', sql.lit('lost'))
      .where('l.lost_reason', 'is not', null)
      .$narrowType<{ reason: NotNull }>()
      .groupBy(sql`1`)
      .orderBy(sql`2 DESC, 1`)
      .limit(topLostReasons),
  )
}

/** The owner's figures for the `ownerWeeks` weeks ending with the one starting `currentWeek`. */
export async function loadOwnerView(db: Database, timeZone: string, currentWeek: string): Promise<OwnerView> {
  const since = addDays(currentWeek, -7 * (ownerWeeks - 1))
  const weeks = Array.from({ length: ownerWeeks }, (_, index) => addDays(since, 7 * index))
  const [speed, perWeek, reasons] = await Promise.all([
    staffSpeed(db, timeZone, since),
    pipeline(db, timeZone, since),
    lostReasons(db, timeZone, since),
  ])
  const byWeek = new Map(perWeek.map((row) => [row.week, row]))
  const empty = { received: 0, notContacted: 0, quoted: 0, won: 0, lost: 0 }
  return {
    weeks,
    speed,
    pipeline: weeks.map((week) => byWeek.get(week) ?? { week, ...empty }),
    lostReasons: reasons,
  }
}
