/**
 * The figures of the owner's view under the inbox's chart (views/owner-view.ts): per week of
 * receipt (the agency's time zone, as the chart counts them), how fast each staff member made first
 * contact, and where the week's leads stand in the pipeline now. Owners only: it compares
 * colleagues. Three small aggregate queries over the last eight weeks of leads (spam excluded); the
 * rows are bounded by weeks times staff.
 */
import { addDays } from '#forms/dates.ts'
import type { Database } from '#server/db/database.ts'
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

const weekOf = `to_char(date_trunc('week', l.received_at AT TIME ZONE $1), 'YYYY-MM-DD')`
const inWeeks = `NOT l.is_spam AND l.received_at >= ($2::date::timestamp AT TIME ZONE $1)`

/**
 * The staff member is the one who logged the lead's first contact attempt (the work log keeps the
 * e-mail, so a removed account's contacts still count, under its e-mail); the time is the lead's
 * first_contact_at, which that same attempt set.
 */
async function staffSpeed(db: Database, timeZone: string, since: string): Promise<StaffWeekSpeed[]> {
  const rows = await db.query<{
    week: string
    email: string | null
    displayName: string | null
    contacted: number
    median: number | string
  }>(
    `SELECT ${weekOf} AS week, f.staff_email AS email, s.display_name AS "displayName",
            count(*)::int AS contacted,
            percentile_cont(0.5) WITHIN GROUP
              (ORDER BY extract(epoch FROM l.first_contact_at - l.received_at)) AS median
       FROM leads l
       LEFT JOIN LATERAL (
         SELECT e.staff_user_id, e.staff_email FROM lead_events e
          WHERE e.lead_id = l.id AND e.kind = 'contact' ORDER BY e.created_at, e.id LIMIT 1
       ) f ON true
       LEFT JOIN staff_users s ON s.id = f.staff_user_id
      WHERE ${inWeeks} AND l.first_contact_at IS NOT NULL
      GROUP BY 1, 2, 3`,
    [timeZone, since],
  )
  return rows.map((row) => ({
    week: row.week,
    staff: row.email ? staffLabel({ email: row.email, displayName: row.displayName }) : 'Not recorded',
    contacted: row.contacted,
    medianMs: Math.round(Number(row.median) * 1000),
  }))
}

async function pipeline(db: Database, timeZone: string, since: string): Promise<WeekPipeline[]> {
  return db.query<WeekPipeline>(
    `SELECT ${weekOf} AS week, count(*)::int AS received,
            count(*) FILTER (WHERE l.first_contact_at IS NULL)::int AS "notContacted",
            count(*) FILTER (WHERE l.status = 'quoted')::int AS quoted,
            count(*) FILTER (WHERE l.status = 'won')::int AS won,
            count(*) FILTER (WHERE l.status = 'lost')::int AS lost
       FROM leads l WHERE ${inWeeks} GROUP BY 1`,
    [timeZone, since],
  )
}

async function lostReasons(db: Database, timeZone: string, since: string) {
  return db.query<{ reason: string; count: number }>(
    `SELECT l.lost_reason AS reason, count(*)::int AS count
       FROM leads l WHERE ${inWeeks} AND l.status = 'lost' AND l.lost_reason IS NOT NULL
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${topLostReasons}`,
    [timeZone, since],
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
