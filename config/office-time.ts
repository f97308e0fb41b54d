/**
 * Open time: the clock that runs only while the agency is open (config/agency.ts `hours`, read in
 * its time zone), and the one call-back promise made from it. The visitor's page, dialog and
 * e-mail, the no-JavaScript thank-you page and the desk's overdue clock all count from here, so the
 * agency never promises one thing and measures another.
 */
import {
  agencyWeek,
  hoursOnDate,
  minutesOf,
  type OfficeWeek,
  wallClock,
  zonedInstant,
} from './agency-facts.ts'

/** The agency calls a new request back within this much open time (and the desk marks it overdue after it). */
export const callBackAfterMs = 3_600_000

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
function openInterval(date: LocalDate, business: OfficeWeek): [number, number] | undefined {
  const midnight = Date.UTC(date.year, date.month - 1, date.day)
  const hours = hoursOnDate(date, business)
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
export function addBusinessTime(from: Date, openMs: number, business: OfficeWeek): Date | undefined {
  let remaining = openMs
  const start = from.getTime()
  const first = localDate(start, business.timeZone)
  for (let offset = 0; offset < 45; offset++) {
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

/**
 * The instant `openMs` of open time before `now`, walking back through open hours. Undefined when
 * the last two weeks had less open time than that.
 */
export function subtractBusinessTime(now: Date, openMs: number, business: OfficeWeek): Date | undefined {
  let remaining = openMs
  const end = now.getTime()
  const today = localDate(end, business.timeZone)
  for (let offset = 0; offset < 46; offset++) {
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

/**
 * When the agency will have called a request sent at `sentAt`: one business hour later, counted in
 * open time. Undefined when the week has no open hours at all.
 */
export function callBackBy(sentAt: Date, week: OfficeWeek = agencyWeek): Date | undefined {
  return addBusinessTime(sentAt, callBackAfterMs, week)
}
