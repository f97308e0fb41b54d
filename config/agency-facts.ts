/**
 * What the pages, the e-mails and the desk derive from config/agency.ts, each written once: the
 * phone in its three forms, the address lines, and the office hours read in the office's time
 * zone. Nothing here is for an agency to edit (config/agency.ts is); this file only interprets it.
 * It ships in the form island too (the confirmation says when the office will call back), so it
 * stays small: the time-zone arithmetic is @date-fns/tz's TZDate
 * (docs/decisions/028-agency-time-zone.md).
 */
import { TZDate } from '@date-fns/tz'
import { agency, type DayCode, formatPhone } from './agency.ts'
import { publishedSettings } from './live-settings.ts'

// ---------------------------------------------------------------------------------------------
// Phone, fax and address

/** '7705550142' → '+1-770-555-0142', the form schema.org's examples use. */
function internationalPhone(digits: string): string {
  return `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** The office phone: as people read it, as a link a phone can call, and for structured data. */
export const agencyPhone = {
  get display() {
    return formatPhone(agency.phone)
  },
  get href() {
    return `tel:+1${agency.phone}`
  },
  get international() {
    return internationalPhone(agency.phone)
  },
}

/** The office fax (no link: nobody taps to send a fax). */
export const agencyFax = {
  get display() {
    return formatPhone(agency.fax)
  },
  get international() {
    return internationalPhone(agency.fax)
  },
}

/**
 * The second line of the postal address in its pieces, 'Bethlehem', ', ', 'GA', ' ', '30620': the
 * pages render them as separate text (so their prerendered markup keeps its shape), mail joins them.
 */
export function localityParts(): readonly string[] {
  const { city, region, postalCode } = agency.address
  return [city, ', ', region, ' ', postalCode]
}

/** The postal address as two lines: street, then city, state and ZIP code. */
export function addressLines(): readonly [string, string] {
  return [agency.address.street, localityParts().join('')]
}

/** The address on one line, for e-mail: '120 Main Street, Suite 4, Bethlehem, GA 30620'. */
export function fullAddress(): string {
  return addressLines().join(', ')
}

/** 'Bethlehem, Georgia': where the office is, in words, in a page's language. */
export function cityAndState(locale: 'en' | 'es' = 'en'): string {
  return `${agency.address.city}, ${agency.address.regionName[locale]}`
}

// ---------------------------------------------------------------------------------------------
// Office hours

/** The opening hours' day codes, Monday first; a weekday number below is an index into it. */
export const dayCodes: readonly DayCode[] = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']
export type { DayCode }

/** The days' English names: schema.org's (whatever the page's language) and the English pages'. */
export const englishDayNames: Readonly<Record<DayCode, string>> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
}

export function schemaDayName(code: string): string {
  return englishDayNames[code as DayCode] ?? code
}

/** One line of a week: day codes and 'HH:MM' local times, or null on closed days. */
export interface OpeningHours {
  readonly days: readonly string[]
  readonly opens: string | null
  readonly closes: string | null
}

/** A week of opening hours and the time zone they are read in (the agency's, or a test's). */
export interface OfficeWeek {
  readonly timeZone: string
  readonly hours: readonly OpeningHours[]
  /** Dates the office is closed whatever its weekday's hours ('YYYY-MM-DD', inclusive). */
  readonly closedDays?: readonly { readonly from: string; readonly to: string }[]
}

/** The office's week as published: its hours, time zone and closed days, read when used. */
export const agencyWeek: OfficeWeek = {
  get timeZone() {
    return agency.timeZone
  },
  get hours() {
    return agency.hours
  },
  get closedDays() {
    return publishedSettings()?.closedDays ?? []
  },
}

/** Whether `date` ('YYYY-MM-DD') is one of the week's closed days. */
function isClosedDay(date: string, week: OfficeWeek): boolean {
  return (week.closedDays ?? []).some((closed) => closed.from <= date && date <= closed.to)
}

/** The opening and closing times on a calendar date, or undefined when the office does not open. */
export function hoursOnDate(
  date: { year: number; month: number; day: number },
  week: OfficeWeek,
): { opens: string; closes: string } | undefined {
  const iso = `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`
  if (isClosedDay(iso, week)) return undefined
  // getUTCDay counts from Sunday; the week's day numbers from Monday
  return hoursOn((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7, week.hours)
}

/** 'HH:MM' → minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** The opening and closing times of a weekday (0 = Monday), or undefined when it is closed. */
export function hoursOn(
  weekday: number,
  hours: readonly OpeningHours[] = agency.hours,
): { opens: string; closes: string } | undefined {
  const code = dayCodes[weekday] ?? ''
  const slot = hours.find((candidate) => candidate.days.includes(code))
  return slot?.opens && slot.closes ? { opens: slot.opens, closes: slot.closes } : undefined
}

/** What the wall clock in a time zone reads at an instant. */
export interface WallClock {
  year: number
  /** 1 to 12. */
  month: number
  day: number
  /** 0 = Monday … 6 = Sunday (the order of dayCodes). */
  weekday: number
  hour: number
  minute: number
  second: number
  /** 'YYYY-MM-DD'. */
  date: string
  /** 'HH:MM', 24-hour. */
  time: string
  /** Minutes since local midnight. */
  minutes: number
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/**
 * A date format in the office's time zone as published now (Intl.DateTimeFormat is costly to make,
 * so it is kept, and made again only when a publish changes the zone).
 */
export function officeDateFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): () => Intl.DateTimeFormat {
  let made: { zone: string; format: Intl.DateTimeFormat } | undefined
  return () => {
    const zone = agency.timeZone
    if (made?.zone !== zone)
      made = { zone, format: new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }) }
    return made.format
  }
}

/** The wall clock in `timeZone` (the office's by default) at `instant`. */
export function wallClock(instant: Date | number, timeZone: string = agency.timeZone): WallClock {
  const local = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), timeZone)
  const year = local.getFullYear()
  const month = local.getMonth() + 1
  const day = local.getDate()
  const hour = local.getHours()
  const minute = local.getMinutes()
  return {
    year,
    month,
    day,
    weekday: (local.getDay() + 6) % 7,
    hour,
    minute,
    second: local.getSeconds(),
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
    minutes: hour * 60 + minute,
  }
}

/** The wall clock at `instant` as if it were UTC, to the second (for arithmetic on local times). */
function wallClockMs(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
}

/** The offset from UTC in `timeZone` at `instant`, as ISO 8601 writes it: '-05:00', '+00:00'. */
export function utcOffset(instant: number, timeZone: string = agency.timeZone): string {
  const minutes = Math.round((wallClockMs(instant, timeZone) - instant) / 60_000)
  const size = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`
}

/**
 * The instant at which the wall clock in `timeZone` reads `localMs` (a local time written as if it
 * were UTC). Two corrections settle the offset, daylight-saving changes included; a local time
 * the spring change skips (2:30 am that Sunday) lands an hour early, at 1:30 am standard time.
 */
export function zonedInstant(localMs: number, timeZone: string): number {
  let guess = localMs - (wallClockMs(localMs, timeZone) - localMs)
  guess = localMs - (wallClockMs(guess, timeZone) - guess)
  return guess
}

/** Where the office stands at an instant: open until `closes`, or closed until its next opening. */
export type OfficeStatus =
  | { open: true; closes: string }
  /** `daysAhead` from the office's today (0 = later today); none when no day of the week opens. */
  | { open: false; next?: { daysAhead: number; weekday: number; opens: string } }

/** Whether the office is open at `instant`, and if not, when it opens next (wall-clock times). */
export function officeStatus(instant: Date | number, week: OfficeWeek = agencyWeek): OfficeStatus {
  const now = wallClock(instant, week.timeZone)
  const { weekday, minutes } = now
  const today = hoursOnDate(now, week)
  if (today && minutes >= minutesOf(today.opens) && minutes < minutesOf(today.closes))
    return { open: true, closes: today.closes }
  if (today && minutes < minutesOf(today.opens))
    return { open: false, next: { daysAhead: 0, weekday, opens: today.opens } }
  // Closed days can run for weeks (a long holiday): look a little further than one week.
  for (let ahead = 1; ahead <= 31; ahead++) {
    const date = new Date(Date.UTC(now.year, now.month - 1, now.day + ahead))
    const slot = hoursOnDate(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      week,
    )
    if (slot)
      return { open: false, next: { daysAhead: ahead, weekday: (weekday + ahead) % 7, opens: slot.opens } }
  }
  return { open: false }
}

/**
 * '17:00' → '5:00 pm' on a 12-hour clock, with the page's own 'am'/'pm'. `space` goes between the
 * time and its suffix and replaces any space inside the suffix (Spanish 'p. m.'): a no-break space
 * by default, so a time never wraps across two lines.
 */
export function timeLabel(time: string, am: string, pm: string, space = '\u00a0'): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  const suffix = (hours < 12 ? am : pm).replace(/ /g, space)
  return `${hour12}:${pad(minutes)}${space}${suffix}`
}
