/**
 * Which follow-up times the desk and the staff API take: from a day before now (a call made
 * this morning and entered after it) to five years ahead (a multi-year policy's renewal). Anything
 * else is a typo (year 0001, 20266) that would sit first or never in the work queue, so it is
 * refused with the field named rather than stored.
 */
import { TZDate } from '@date-fns/tz'
import { agency } from '#config/agency.ts'
import { wallClock } from '#config/agency-facts.ts'
import {
  addBusinessTime,
  agencyBusinessHours,
  type BusinessHours,
  officeDayEnd,
  zonedInstant,
} from '../leads/business-hours.ts'

const dayMs = 86_400_000

/** Why `at` is no follow-up time, or undefined when it is one (`now`: the server's clock). */
export function followUpRefusal(at: Date, now: Date): string | undefined {
  if (at.getTime() < now.getTime() - dayMs) return 'A follow-up can be at most a day in the past.'
  // Five calendar years in the office's zone: 24 November 2026 → 24 November 2031, same hour.
  const latest = new TZDate(now.getTime(), agency.timeZone)
  latest.setFullYear(latest.getFullYear() + 5)
  if (at.getTime() > latest.getTime()) return 'A follow-up can be at most five years ahead.'
  return undefined
}

/**
 * The office's hours decide when a follow-up can fall
 * (docs/decisions/041-replies-and-follow-ups-from-the-desk.md): a time when the agency is
 * closed moves to its next opening, read by the one open-time clock (config/office-time.ts
 * addBusinessTime; closed days, once the agency has them, come with it). `moved` says it moved,
 * so the desk tells the person who chose it.
 */
export function followUpInOfficeHours(
  at: Date,
  business: BusinessHours = agencyBusinessHours,
): { at: Date; moved: boolean } {
  const open = addBusinessTime(at, 0, business)
  // A week with no open hours at all: nothing to move it to.
  if (!open) return { at, moved: false }
  return { at: open, moved: open.getTime() !== at.getTime() }
}

/** The same office clock time `days` later (a day with a clock change keeps the wall-clock time). */
function daysLater(now: Date, days: number, business: BusinessHours): Date {
  const { year, month, day, hour, minute } = wallClock(now, business.timeZone)
  return new Date(zonedInstant(Date.UTC(year, month - 1, day + days, hour, minute), business.timeZone))
}

export type QuickFollowUp = 'hour' | 'morning' | 'two-days' | 'week'

/**
 * The work form's quick follow-up choices at `now`, each in office hours: an office hour from now,
 * the next open day's opening ("tomorrow 9 AM", or Monday's after a Friday), two days and a week
 * from now at the same time (moved to the next opening when the office is closed then).
 */
export function quickFollowUps(
  now: Date,
  business: BusinessHours = agencyBusinessHours,
): { choice: QuickFollowUp; at: Date }[] {
  const choices: { choice: QuickFollowUp; at: Date | undefined }[] = [
    { choice: 'hour', at: addBusinessTime(now, 3_600_000, business) },
    { choice: 'morning', at: addBusinessTime(officeDayEnd(now, business), 0, business) },
    { choice: 'two-days', at: followUpInOfficeHours(daysLater(now, 2, business), business).at },
    { choice: 'week', at: followUpInOfficeHours(daysLater(now, 7, business), business).at },
  ]
  return choices.flatMap(({ choice, at }) => (at ? [{ choice, at }] : []))
}
