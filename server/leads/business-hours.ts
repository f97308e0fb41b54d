/**
 * Speed to lead: when a lead still new becomes overdue. The clock runs only while the agency is
 * open (config/agency.ts `hours`, read in its time zone); closed days are skipped. A lead received
 * on Friday at 15:30 in Georgia is overdue at Monday 09:30, not at 16:30 on Friday night.
 * Here in leads/, with the end of the office's day, because the lead filters (lead-filters.ts) pick
 * overdue leads and today's follow-ups by them; the desk's own follow-up rules are in
 * server/desk/follow-up-time.ts.
 */
import { agencyWeek, type OfficeWeek, wallClock, zonedInstant } from '#config/agency-facts.ts'
import { addBusinessTime, callBackAfterMs, subtractBusinessTime } from '#config/office-time.ts'

export { addBusinessTime, zonedInstant }

/** The agency's week (config/agency.ts `hours` in its time zone), or another one in tests. */
export type BusinessHours = OfficeWeek

export const agencyBusinessHours: BusinessHours = agencyWeek

/** When a lead received at `receivedAt` becomes overdue if nobody has contacted it. */
export function overdueAt(receivedAt: Date, business: BusinessHours = agencyBusinessHours): Date | undefined {
  // The promise the visitor was given (config/office-time.ts) is the desk's clock: one truth.
  return addBusinessTime(receivedAt, callBackAfterMs, business)
}

export interface SpeedState {
  status: string
  isSpam: boolean
  receivedAt: Date | string
  firstContactAt: Date | string | null
}

/** Overdue: still new, not spam, never contacted, and past the call-back promise (one business hour). */
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
  return subtractBusinessTime(now, callBackAfterMs, business)
}

/** The instant the office's day that holds `now` ends (its next local midnight). */
export function officeDayEnd(now: Date, business: BusinessHours = agencyBusinessHours): Date {
  const { year, month, day } = wallClock(now, business.timeZone)
  return new Date(zonedInstant(Date.UTC(year, month - 1, day + 1), business.timeZone))
}

/**
 * The office's time zone (an IANA name), or how to read it at each use (the published settings':
 * a change applies without a restart).
 */
export type OfficeZone = string | (() => string)
