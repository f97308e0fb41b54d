/**
 * Speed to lead: when a lead still new becomes overdue. The clock runs only while the agency is
 * open (config/agency.ts `hours`, read in its time zone); closed days are skipped. A lead received
 * on Friday at 15:30 in Georgia is overdue at Monday 09:30, not at 16:30 on Friday night.
 */
import {
  agencyWeek,
  hoursOn,
  minutesOf,
  type OfficeWeek,
  wallClock,
  zonedInstant,
} from '#config/agency-facts.ts'

export { zonedInstant }

/** The agency's week (config/agency.ts `hours` in its time zone), or another one in tests. */
export type BusinessHours = OfficeWeek

export const agencyBusinessHours: BusinessHours = agencyWeek

/** A new lead is overdue after this much open time without a first contact. */
const overdueAfterMs = 3_600_000

const dayMs = 86_400_000

interface LocalDate {
  year: number
  month: number
  day: number
}

function localDate(instant: number, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant, timeZone)
  return { year, month, day }
}

/** The open interval of a local day as instants, or undefined when the agency is closed. */
function openInterval(date: LocalDate, business: BusinessHours): [number, number] | undefined {
  const midnight = Date.UTC(date.year, date.month - 1, date.day)
  // getUTCDay counts from Sunday; the week's day numbers from Monday
  const hours = hoursOn((new Date(midnight).getUTCDay() + 6) % 7, business.hours)
  if (!hours) return undefined
  return [
    zonedInstant(midnight + minutesOf(hours.opens) * 60_000, business.timeZone),
    zonedInstant(midnight + minutesOf(hours.closes) * 60_000, business.timeZone),
  ]
}

/**
 * The instant `openMs` of open time after `from`. Undefined when the agency has no open hours at
 * all in the next two weeks (a configuration with every day closed).
 */
export function addBusinessTime(from: Date, openMs: number, business: BusinessHours): Date | undefined {
  let remaining = openMs
  const start = from.getTime()
  const first = localDate(start, business.timeZone)
  for (let offset = 0; offset < 14; offset++) {
    const next = new Date(Date.UTC(first.year, first.month - 1, first.day) + offset * dayMs)
    const interval = openInterval(
      { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
      business,
    )
    if (!interval) continue
    const segmentStart = Math.max(start, interval[0])
    if (segmentStart >= interval[1]) continue
    if (segmentStart + remaining <= interval[1]) return new Date(segmentStart + remaining)
    remaining -= interval[1] - segmentStart
  }
  return undefined
}

/** When a lead received at `receivedAt` becomes overdue if nobody has contacted it. */
export function overdueAt(receivedAt: Date, business: BusinessHours = agencyBusinessHours): Date | undefined {
  return addBusinessTime(receivedAt, overdueAfterMs, business)
}

export interface SpeedState {
  status: string
  isSpam: boolean
  receivedAt: Date | string
  firstContactAt: Date | string | null
}

/** Overdue: still new, not spam, never contacted, and past one business hour. */
export function isOverdue(
  lead: SpeedState,
  now: Date,
  business: BusinessHours = agencyBusinessHours,
): boolean {
  if (lead.isSpam || lead.status !== 'new' || lead.firstContactAt) return false
  const due = overdueAt(new Date(lead.receivedAt), business)
  return due !== undefined && now >= due
}

/** '45 min', '3 h 05 min', '2 d 4 h': a lead's age or a time to first contact, short for a phone. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`
  return `${Math.floor(hours / 24)} d ${hours % 24} h`
}

/**
 * The latest receipt time at which a lead is overdue at `now`: one business hour before `now`,
 * walking back through open hours. A lead received at or before it and still new and never
 * contacted is overdue (the same answer as isOverdue, as overdueAt only grows with the receipt
 * time), so the database can pick overdue leads by `received_at <= cutoff` on an index.
 * Undefined when the last two weeks had less than one open hour.
 */
export function overdueCutoff(now: Date, business: BusinessHours = agencyBusinessHours): Date | undefined {
  let remaining = overdueAfterMs
  const end = now.getTime()
  const today = localDate(end, business.timeZone)
  for (let offset = 0; offset < 15; offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day) - offset * dayMs)
    const interval = openInterval(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
      business,
    )
    if (!interval) continue
    const segmentEnd = Math.min(end, interval[1])
    if (segmentEnd <= interval[0]) continue
    if (segmentEnd - remaining >= interval[0]) return new Date(segmentEnd - remaining)
    remaining -= segmentEnd - interval[0]
  }
  return undefined
}
