/**
 * Which follow-up times the desk and the staff API take: from a day before now (a call made
 * this morning and entered after it) to five years ahead (a multi-year policy's renewal). Anything
 * else is a typo (year 0001, 20266) that would sit first or never in the work queue, so it is
 * refused with the field named rather than stored.
 */
import { TZDate } from '@date-fns/tz'
import { agency } from '#config/agency.ts'

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
