import { agency } from '../../../config/agency.ts'

/** One line of the agency's week: day codes ('Mo'…'Su') and 'HH:MM' times, or null when closed. */
export interface HoursSlot {
  readonly days: readonly string[]
  readonly opens: string | null
  readonly closes: string | null
}

/** When the office will call back, as of a moment (see nextCall). */
export type CallBack =
  /** Open now: a call today, before closing time. */
  | { kind: 'today'; closes: string }
  /** Closed now: the next opening, `daysAhead` days from the office's today (0 = later today). */
  | { kind: 'next'; daysAhead: number; weekday: number; opens: string }
  /** The configuration opens on no day at all. */
  | { kind: 'none' }

/** Monday first, as the configuration's codes; index = weekday number used below. */
const dayCodes = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const
const englishDays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** The office's weekday (0 = Monday) and minutes since midnight at a moment, in its own time zone. */
function officeClock(now: Date, timeZone: string): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    weekday: Math.max(0, englishDays.indexOf(part('weekday'))),
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  }
}

const toMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

function slotOf(hours: readonly HoursSlot[], weekday: number): { opens: string; closes: string } | undefined {
  const slot = hours.find((candidate) => candidate.days.includes(dayCodes[weekday] ?? ''))
  return slot?.opens && slot.closes ? { opens: slot.opens, closes: slot.closes } : undefined
}

/**
 * When a visitor who sends a request now will be called: today before closing when the office is
 * open, else at its next opening (later today before opening time, or the next day it opens). Wall
 * clock times in the office's time zone, so daylight-saving changes need no special case.
 */
export function nextCall(
  now: Date,
  hours: readonly HoursSlot[] = agency.hours,
  timeZone: string = agency.timeZone,
): CallBack {
  const { weekday, minutes } = officeClock(now, timeZone)
  const today = slotOf(hours, weekday)
  if (today && minutes >= toMinutes(today.opens) && minutes < toMinutes(today.closes))
    return { kind: 'today', closes: today.closes }
  if (today && minutes < toMinutes(today.opens))
    return { kind: 'next', daysAhead: 0, weekday, opens: today.opens }
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = (weekday + ahead) % 7
    const slot = slotOf(hours, day)
    if (slot) return { kind: 'next', daysAhead: ahead, weekday: day, opens: slot.opens }
  }
  return { kind: 'none' }
}

/**
 * '17:00' → '5:00 pm'. The space before the suffix is a no-break space, and so is any space inside
 * the suffix (Spanish 'p. m.'), so a time never wraps across two lines.
 */
export function timeLabel(time: string, am: string, pm: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  const suffix = (hours < 12 ? am : pm).replace(/ /g, '\u00a0')
  return `${hour12}:${String(minutes).padStart(2, '0')}\u00a0${suffix}`
}
