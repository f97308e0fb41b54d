import { agency } from '../../../config/agency.ts'

type DayCode = (typeof agency.hours)[number]['days'][number]

function isDayCode(code: string): code is DayCode {
  return agency.hours.some((slot) => slot.days.some((day) => day === code))
}

/** Today's opening hours at the office (its own time zone), or undefined when it is closed today. */
export function todaysHours(now: Date): { opens: string; closes: string } | undefined {
  // 'Mon', 'Tue'… in English whatever the page's language: the config's day codes are their first two letters.
  const code = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: agency.timeZone })
    .format(now)
    .slice(0, 2)
  if (!isDayCode(code)) return undefined
  const slot = agency.hours.find((candidate) => candidate.days.some((day) => day === code))
  return slot?.opens && slot.closes ? { opens: slot.opens, closes: slot.closes } : undefined
}

/** '17:00' → '5:00 pm' (the contact page writes hours the same way). */
export function timeLabel(time: string, am: string, pm: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? am : pm}`
}
