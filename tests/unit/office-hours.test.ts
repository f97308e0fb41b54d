import { describe, expect, it } from 'vitest'
import { callBackSentence } from '#app/components/lead-form/confirmation.tsx'
import { nextCall, timeLabel } from '#app/components/lead-form/office-hours.ts'
import { agency } from '#config/agency.ts'
import { formUiCopy } from '#content/form-ui.ts'

// The agency's week (config/agency.ts): Monday to Thursday 9 to 5, Friday 9 to 4, closed weekends,
// in America/New_York. Each moment is written in UTC with its local time beside it.
const at = (iso: string) => new Date(iso)
/** The answer for a call on a later opening: `daysAhead` days on, a `weekday` (0 Monday) from 9:00. */
const nextOpening = (daysAhead: number, weekday: number) => ({
  kind: 'next',
  daysAhead,
  weekday,
  opens: '09:00',
})

describe('when the office calls back a visitor who sends a request now', () => {
  it('uses the configured week in New York', () => {
    expect(agency.timeZone).toBe('America/New_York')
    expect(agency.hours.find((slot) => slot.days.some((day) => day === 'Fr'))?.closes).toBe('16:00')
  })

  it('calls today before closing while the office is open', () => {
    // Tuesday 11 March 2025, 2:00 pm EDT
    expect(nextCall(at('2025-03-11T18:00:00Z'))).toEqual({ kind: 'today', closes: '17:00' })
    // Friday 14 March 2025, 3:30 pm EDT: Friday closes at 4
    expect(nextCall(at('2025-03-14T19:30:00Z'))).toEqual({ kind: 'today', closes: '16:00' })
  })

  it('at 8:30 pm on a weekday, calls the next morning, not "today"', () => {
    // Tuesday 11 March 2025, 8:30 pm EDT (already Wednesday in UTC)
    expect(nextCall(at('2025-03-12T00:30:00Z'))).toEqual(nextOpening(1, 2))
  })

  it('before opening time, calls later the same day', () => {
    // Wednesday 12 March 2025, 7:45 am EDT
    expect(nextCall(at('2025-03-12T11:45:00Z'))).toEqual(nextOpening(0, 2))
  })

  it("after Friday's 4 pm close, calls on Monday", () => {
    // Friday 14 March 2025, 4:30 pm EDT
    expect(nextCall(at('2025-03-14T20:30:00Z'))).toEqual(nextOpening(3, 0))
  })

  it('on a Saturday, calls on Monday', () => {
    // Saturday 15 March 2025, 10:00 am EDT
    expect(nextCall(at('2025-03-15T14:00:00Z'))).toEqual(nextOpening(2, 0))
  })

  it('on the Sunday daylight saving time starts, and the Monday after, by the local clock', () => {
    // Sunday 9 March 2025, 3:30 am EDT (the clocks jumped from 2 to 3)
    expect(nextCall(at('2025-03-09T07:30:00Z'))).toEqual(nextOpening(1, 0))
    // Monday 10 March 2025, 9:00 am EDT: 8:00 am by last week's offset, open by today's
    expect(nextCall(at('2025-03-10T13:00:00Z'))).toEqual({ kind: 'today', closes: '17:00' })
    // Monday 10 March 2025, 8:30 pm EDT: 00:30 UTC on Tuesday
    expect(nextCall(at('2025-03-11T00:30:00Z'))).toMatchObject({ kind: 'next', daysAhead: 1, weekday: 1 })
  })

  it('on the Sunday daylight saving time ends, and the Monday after, by the local clock', () => {
    // Sunday 2 November 2025, 1:30 am EDT, then 1:30 am EST an hour later: still Sunday
    expect(nextCall(at('2025-11-02T05:30:00Z'))).toMatchObject({ kind: 'next', daysAhead: 1, weekday: 0 })
    expect(nextCall(at('2025-11-02T06:30:00Z'))).toMatchObject({ kind: 'next', daysAhead: 1, weekday: 0 })
    // Monday 3 November 2025, 8:30 am EST: not open yet (9:30 by last week's offset)
    expect(nextCall(at('2025-11-03T13:30:00Z'))).toEqual(nextOpening(0, 0))
    // 4:59 pm EST: still open; 5:00 pm EST: closed
    expect(nextCall(at('2025-11-03T21:59:00Z'))).toEqual({ kind: 'today', closes: '17:00' })
    expect(nextCall(at('2025-11-03T22:00:00Z'))).toMatchObject({ kind: 'next', daysAhead: 1, weekday: 1 })
  })

  it('takes its week and time zone from the arguments (a pure function of them)', () => {
    const hours = [{ days: ['Sa'], opens: '10:00', closes: '12:00' }]
    // Saturday 15 March 2025, 11:00 am in Los Angeles = 18:00 UTC
    expect(nextCall(at('2025-03-15T18:00:00Z'), hours, 'America/Los_Angeles')).toEqual({
      kind: 'today',
      closes: '12:00',
    })
    expect(nextCall(at('2025-03-15T18:00:00Z'), [], 'America/Los_Angeles')).toEqual({ kind: 'none' })
  })
})

describe('the call-back sentence the visitor reads', () => {
  it('in English: today before closing, or the next opening day', () => {
    const en = formUiCopy.en
    expect(callBackSentence(at('2025-03-11T18:00:00Z'), en)).toBe(
      'We will call you today, before 5:00\u00a0pm.',
    )
    expect(callBackSentence(at('2025-03-14T20:30:00Z'), en)).toBe(
      'We will call you on Monday from 9:00\u00a0am.',
    )
    expect(callBackSentence(at('2025-03-12T00:30:00Z'), en)).toBe(
      'We will call you tomorrow from 9:00\u00a0am.',
    )
  })

  it('in Spanish: "p. m." once, unbreakable, never followed by a second period', () => {
    const es = formUiCopy.es
    const today = callBackSentence(at('2025-03-11T18:00:00Z'), es)
    expect(today).toBe('Hoy mismo, antes de las 5:00\u00a0p.\u00a0m., le llamaremos.')
    expect(today).not.toMatch(/m\.\./)
    expect(callBackSentence(at('2025-03-14T20:30:00Z'), es)).toBe(
      'El lunes, a partir de las 9:00\u00a0a.\u00a0m., le llamaremos.',
    )
  })

  it('writes times on a 12-hour clock', () => {
    expect(timeLabel('00:30', 'am', 'pm')).toBe('12:30\u00a0am')
    expect(timeLabel('12:00', 'am', 'pm')).toBe('12:00\u00a0pm')
  })
})
