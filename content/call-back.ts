/**
 * The one call-back promise, in the visitor's words: the page's form dialog, the confirmation that
 * stays in the form's place, the no-JavaScript thank-you page and the visitor's e-mail all say this
 * sentence, computed from the moment the request was sent (config/office-time.ts callBackBy: one
 * business hour of the agency's open time). The content pages promise the same in general terms
 * ("within one business hour").
 */
import { agencyWeek, type OfficeWeek, timeLabel, wallClock } from '#config/agency-facts.ts'
import { callBackBy } from '#config/office-time.ts'
import type { Locale, Localized } from './locale.ts'

interface CallBackCopy {
  /** `time` on the 12-hour clock; `day` from the words below. */
  by: (time: string, day: string) => string
  today: string
  tomorrow: string
  on: (weekday: string) => string
  /** A week with no open hours at all (a configuration mistake): no time to promise. */
  soon: string
  /** Monday first. */
  weekdays: readonly string[]
  am: string
  pm: string
}

const copy: Localized<CallBackCopy> = {
  en: {
    by: (time, day) => `We will call you within one business hour, by ${time} ${day}.`,
    today: 'today',
    tomorrow: 'tomorrow',
    on: (weekday) => `on ${weekday}`,
    soon: 'We will call you as soon as our office opens.',
    weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    am: 'am',
    pm: 'pm',
  },
  es: {
    // Spanish times end in 'p. m.': the sentence never ends on the time, so no period doubles the
    // abbreviation's own.
    by: (time, day) => `Le llamaremos a más tardar a las ${time} ${day}, dentro de una hora hábil.`,
    today: 'de hoy',
    tomorrow: 'de mañana',
    on: (weekday) => `del ${weekday}`,
    soon: 'Le llamaremos en cuanto abra nuestra oficina.',
    weekdays: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
    am: 'a. m.',
    pm: 'p. m.',
  },
}

/** When the agency will call a request sent at `sentAt`, as one sentence in the visitor's language. */
export function callBackSentence(sentAt: Date, locale: Locale, week: OfficeWeek = agencyWeek): string {
  const words = copy[locale]
  const due = callBackBy(sentAt, week)
  if (!due) return words.soon
  const sent = wallClock(sentAt, week.timeZone)
  const when = wallClock(due, week.timeZone)
  // The calendar date after the sending day (Date.UTC rolls the day over the month's end).
  const tomorrow = wallClock(Date.UTC(sent.year, sent.month - 1, sent.day + 1, 12), 'UTC').date
  const day =
    when.date === sent.date
      ? words.today
      : when.date === tomorrow
        ? words.tomorrow
        : words.on(words.weekdays[when.weekday] ?? '')
  return words.by(timeLabel(when.time, words.am, words.pm), day)
}
