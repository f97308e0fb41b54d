import { agency } from '../../config/agency.ts'

/** Staff read times in the office's time zone, whatever the server's. */
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: agency.timeZone,
  dateStyle: 'medium',
  timeStyle: 'short',
})

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' })

export function formatDateTime(date: Date | string): string {
  return dateTime.format(new Date(date))
}

/** 'YYYY-MM-DD' → 'Nov 16' (a calendar day, so no time zone shift). */
export function formatDay(isoDay: string): string {
  return shortDay.format(new Date(`${isoDay}T00:00:00Z`))
}
