/**
 * The one call-back promise (content/call-back.ts, config/office-time.ts): one business hour of the
 * agency's open time after the request, said the same way on the page, in the dialog, in the e-mail
 * and on the no-JavaScript thank-you page, and the same hour the desk counts a lead overdue at.
 */
import { describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { timeLabel } from '#config/agency-facts.ts'
import { callBackBy } from '#config/office-time.ts'
import { callBackSentence } from '#content/call-back.ts'
import { overdueAt } from '#server/leads/business-hours.ts'
import { withExampleAgency } from './helpers/example-agency.ts'

// The example agency's week (installed here, whatever config/agency.ts says): Monday to Thursday 9
// to 5, Friday 9 to 4, closed weekends, in America/New_York. Each moment is written in UTC with its
// local time beside it.
withExampleAgency()
const at = (iso: string) => new Date(iso)

describe('when the office calls back a visitor who sends a request now', () => {
  it('uses the configured week in New York', () => {
    expect(agency.timeZone).toBe('America/New_York')
    expect(agency.hours.find((slot) => slot.days.some((day) => day === 'Fr'))?.closes).toBe('16:00')
  })

  it('within one business hour while the office is open', () => {
    // Tuesday 11 March 2025, 2:00 pm EDT → 3:00 pm
    expect(callBackBy(at('2025-03-11T18:00:00Z'))?.toISOString()).toBe('2025-03-11T19:00:00.000Z')
  })

  it('carries what is left of the hour over the night and the weekend', () => {
    // Tuesday 4:30 pm EDT: half an hour today, half an hour from 9:00 on Wednesday
    expect(callBackBy(at('2025-03-11T20:30:00Z'))?.toISOString()).toBe('2025-03-12T13:30:00.000Z')
    // Friday 3:30 pm EDT (closes at 4): half an hour on Monday
    expect(callBackBy(at('2025-03-14T19:30:00Z'))?.toISOString()).toBe('2025-03-17T13:30:00.000Z')
    // Saturday noon: Monday 10:00
    expect(callBackBy(at('2025-03-15T16:00:00Z'))?.toISOString()).toBe('2025-03-17T14:00:00.000Z')
  })

  it('is the same hour the desk counts a lead overdue at', () => {
    for (const iso of ['2025-03-11T18:00:00Z', '2025-03-14T19:30:00Z', '2025-11-02T05:30:00Z']) {
      expect(callBackBy(at(iso))).toEqual(overdueAt(at(iso)))
    }
  })

  it('promises nothing it cannot count when the week has no open hours', () => {
    const closed = { timeZone: 'America/New_York', hours: [] }
    expect(callBackBy(at('2025-03-11T18:00:00Z'), closed)).toBeUndefined()
    expect(callBackSentence(at('2025-03-11T18:00:00Z'), 'en', closed)).toBe(
      'We will call you as soon as our office opens.',
    )
  })
})

describe('the call-back sentence the visitor reads', () => {
  it('in English: today, tomorrow or a weekday, by a time on the 12-hour clock', () => {
    expect(callBackSentence(at('2025-03-11T18:00:00Z'), 'en')).toBe(
      'We will call you within one business hour, by 3:00\u00a0pm today.',
    )
    expect(callBackSentence(at('2025-03-11T20:30:00Z'), 'en')).toBe(
      'We will call you within one business hour, by 9:30\u00a0am tomorrow.',
    )
    expect(callBackSentence(at('2025-03-14T19:30:00Z'), 'en')).toBe(
      'We will call you within one business hour, by 9:30\u00a0am on Monday.',
    )
    // Sunday night to Monday morning: "tomorrow"; the last day of a month rolls over to the next.
    expect(callBackSentence(at('2025-03-31T01:00:00Z'), 'en')).toBe(
      'We will call you within one business hour, by 10:00\u00a0am tomorrow.',
    )
  })

  it('in Spanish: "p. m." once, unbreakable, never followed by a second period', () => {
    const today = callBackSentence(at('2025-03-11T18:00:00Z'), 'es')
    expect(today).toBe(
      'Le llamaremos a más tardar a las 3:00\u00a0p.\u00a0m. de hoy, dentro de una hora hábil.',
    )
    expect(today).not.toMatch(/m\.\./)
    expect(callBackSentence(at('2025-03-14T19:30:00Z'), 'es')).toBe(
      'Le llamaremos a más tardar a las 9:30\u00a0a.\u00a0m. del lunes, dentro de una hora hábil.',
    )
    expect(callBackSentence(at('2025-03-11T20:30:00Z'), 'es')).toBe(
      'Le llamaremos a más tardar a las 9:30\u00a0a.\u00a0m. de mañana, dentro de una hora hábil.',
    )
  })

  it('writes times on a 12-hour clock', () => {
    expect(timeLabel('00:30', 'am', 'pm')).toBe('12:30\u00a0am')
    expect(timeLabel('12:00', 'am', 'pm')).toBe('12:00\u00a0pm')
  })
})
