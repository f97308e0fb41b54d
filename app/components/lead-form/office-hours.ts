import { agency } from '#config/agency.ts'
import { type OpeningHours, officeStatus } from '#config/agency-facts.ts'

export { timeLabel } from '#config/agency-facts.ts'

/** When the office will call back, as of a moment (see nextCall). */
export type CallBack =
  /** Open now: a call today, before closing time. */
  | { kind: 'today'; closes: string }
  /** Closed now: the next opening, `daysAhead` days from the office's today (0 = later today). */
  | { kind: 'next'; daysAhead: number; weekday: number; opens: string }
  /** The configuration opens on no day at all. */
  | { kind: 'none' }

/**
 * When a visitor who sends a request now will be called: today before closing when the office is
 * open, else at its next opening (later today before opening time, or the next day it opens). Wall
 * clock times in the office's time zone, so daylight-saving changes need no special case.
 */
export function nextCall(
  now: Date,
  hours: readonly OpeningHours[] = agency.hours,
  timeZone: string = agency.timeZone,
): CallBack {
  const status = officeStatus(now, { timeZone, hours })
  if (status.open) return { kind: 'today', closes: status.closes }
  return status.next ? { kind: 'next', ...status.next } : { kind: 'none' }
}
