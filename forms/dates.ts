/**
 * Calendar dates as the forms submit them: `YYYY-MM-DD` strings (the value of `<input type="date">`).
 * Date limits are resolved against a given "today" in that Date's LOCAL time zone: the browser
 * passes its own now, the server its own; forms/schema.ts allows one day of slack for visitors
 * whose today differs from the server's.
 */
import type { DateLimit } from './engine.ts'

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0')
}

function format(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Days in `month` (1–12) of `year` (proleptic Gregorian calendar). */
function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (monthLengths[month - 1] ?? 0)
}

/** The local calendar date of `date` as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return format(date.getFullYear(), date.getMonth() + 1, date.getDate())
}

/**
 * The earliest (`min`) or latest (`max`) allowed date, as YYYY-MM-DD, for the local calendar day of
 * `today`. `yearsAgo` keeps month and day; 29 February becomes 28 February in a common year (on that
 * date a person born on 28 February is already the age, one born on 1 March is not).
 */
export function resolveDateLimit(limit: DateLimit, today: Date): string {
  const year = today.getFullYear()
  const month = today.getMonth() + 1
  const day = today.getDate()
  switch (limit.kind) {
    case 'today':
      return format(year, month, day)
    case 'yearsAgo': {
      const target = year - limit.years
      return format(target, month, Math.min(day, daysInMonth(target, month)))
    }
  }
}

/** The parts of a YYYY-MM-DD string that names a real calendar date, or undefined. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  return { year, month, day }
}

/** `iso` (a valid YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const parts = parseIsoDate(iso)
  if (!parts) throw new RangeError(`Not a calendar date: ${iso}`)
  const moved = new Date(0)
  moved.setUTCFullYear(parts.year, parts.month - 1, parts.day + days)
  return format(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate())
}
