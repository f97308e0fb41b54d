import { agency } from '#config/agency.ts'
import { officeDateFormat, wallClock } from '#config/agency-facts.ts'
import { officeDayEnd, zonedInstant } from '../leads/business-hours.ts'

/** Staff read times in the office's time zone, whatever the server's. */
const dateTime = officeDateFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
})

const monthDayTime = officeDateFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

const yearOf = officeDateFormat('en-US', { year: 'numeric' })

/** "Nov 27, 1:52 PM" for a time of this year (the inbox's rows), with the year for an older one. */
export function formatRecentDateTime(date: Date | string, now: Date = new Date()): string {
  const at = new Date(date)
  return yearOf().format(at) === yearOf().format(now) ? monthDayTime().format(at) : dateTime().format(at)
}

const weekdayDayTime = officeDateFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

const timeOnly = officeDateFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
})

const dayKey = officeDateFormat('en-CA', { dateStyle: 'short' })

/** "Today, 3:15 PM", "Tomorrow, 9:00 AM" or "Mon, Nov 30, 9:00 AM": a follow-up choice, in office time. */
export function formatFollowUpChoice(at: Date, now: Date): string {
  const day = dayKey().format(at)
  if (day === dayKey().format(now)) return `Today, ${timeOnly().format(at)}`
  // The office's next local midnight falls on its tomorrow, whatever the clocks do that night.
  if (day === dayKey().format(officeDayEnd(now))) return `Tomorrow, ${timeOnly().format(at)}`
  return weekdayDayTime().format(at)
}

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' })

export function formatDateTime(date: Date | string): string {
  return dateTime().format(new Date(date))
}

/** 'YYYY-MM-DD' → 'Nov 16' (a calendar day, so no time zone shift). */
export function formatDay(isoDay: string): string {
  return shortDay.format(new Date(`${isoDay}T00:00:00Z`))
}

/** A datetime-local input's value ('YYYY-MM-DDTHH:MM') for an instant, in the office's zone. */
export function localInputValue(date: Date | string | null): string {
  if (!date) return ''
  const wall = wallClock(new Date(date))
  return `${wall.date}T${wall.time}`
}

/**
 * The instant a datetime-local value names in the office's zone (whatever the browser's or the
 * server's zone); undefined when it is not such a value. `exists` is false when the office's clocks
 * never show it (2:30 am on the spring-forward Sunday: zonedInstant moves it to 1:30 am).
 */
export function parseLocalInput(value: string): { at: Date; exists: boolean } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value)
  if (!match) return undefined
  const [, year, month, day, hour, minute] = match.map(Number)
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const check = new Date(Date.UTC(2000, 0, 1, hour ?? 0, minute ?? 0))
  check.setUTCFullYear(year ?? 0, (month ?? 1) - 1, day ?? 1)
  if (check.getUTCMonth() !== (month ?? 1) - 1 || check.getUTCDate() !== day || (hour ?? 0) > 23)
    return undefined
  const instant = new Date(zonedInstant(check.getTime(), agency.timeZone))
  if (Number.isNaN(instant.getTime())) return undefined
  return { at: instant, exists: localInputValue(instant) === value.slice(0, 16) }
}
