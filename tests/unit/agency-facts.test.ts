import { describe, expect, it } from 'vitest'
import {
  addressLines,
  agencyPhone,
  cityAndState,
  fullAddress,
  hoursOn,
  officeStatus,
  wallClock,
  zonedInstant,
} from '#config/agency-facts.ts'
import { withExampleAgency } from './helpers/example-agency.ts'

// The derivations are checked on one fixed example agency, whatever config/agency.ts says (an
// install for another agency keeps this file green): (770) 555-0142, Bethlehem, GA, open Monday
// to Thursday 9 to 5 and Friday 9 to 4 in America/New_York.
withExampleAgency()
const at = (iso: string) => new Date(iso)

describe('the agency facts every page, e-mail and desk view shows', () => {
  it('writes the phone for people, for a phone to call and for search engines', () => {
    expect(agencyPhone).toEqual({
      display: '(770) 555-0142',
      href: 'tel:+17705550142',
      international: '+1-770-555-0142',
    })
  })

  it('writes the address on two lines, on one, and names the town', () => {
    expect(addressLines()).toEqual(['120 Main Street, Suite 4', 'Bethlehem, GA 30620'])
    expect(fullAddress()).toBe('120 Main Street, Suite 4, Bethlehem, GA 30620')
    expect(cityAndState()).toBe('Bethlehem, Georgia')
  })
})

describe("the office's clock", () => {
  it('reads the date, weekday and time in New York, daylight saving included', () => {
    // Sunday 2 November 2025: 1:30 am happens twice, in daylight time and again in standard time
    for (const instant of ['2025-11-02T05:30:00Z', '2025-11-02T06:30:00Z'])
      expect(wallClock(at(instant))).toMatchObject({ date: '2025-11-02', weekday: 6, time: '01:30' })
    expect(wallClock(at('2025-03-14T20:30:00Z'))).toMatchObject({ weekday: 4, time: '16:30', minutes: 990 })
  })

  it('finds the instant a local time names; a time the spring change skips lands an hour early', () => {
    const local = (iso: string) => Date.parse(`${iso}Z`)
    expect(new Date(zonedInstant(local('2025-03-10T09:00:00'), 'America/New_York')).toISOString()).toBe(
      '2025-03-10T13:00:00.000Z',
    )
    // 2:30 am on 9 March 2025 never happens in New York: taken as 1:30 am standard time
    expect(new Date(zonedInstant(local('2025-03-09T02:30:00'), 'America/New_York')).toISOString()).toBe(
      '2025-03-09T06:30:00.000Z',
    )
  })

  it("tells today's hours, whether the office is open and when it opens next", () => {
    expect(hoursOn(4)).toEqual({ opens: '09:00', closes: '16:00' })
    expect(hoursOn(5)).toBeUndefined()
    // Friday 14 March 2025, 3:30 pm: open until 4
    expect(officeStatus(at('2025-03-14T19:30:00Z'))).toEqual({ open: true, closes: '16:00' })
    // Friday 4:30 pm: closed until Monday 9 am
    expect(officeStatus(at('2025-03-14T20:30:00Z'))).toEqual({
      open: false,
      next: { daysAhead: 3, weekday: 0, opens: '09:00' },
    })
    expect(officeStatus(at('2025-03-14T20:30:00Z'), { timeZone: 'UTC', hours: [] })).toEqual({ open: false })
  })
})
