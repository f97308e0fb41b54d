import { afterEach, describe, expect, it } from 'vitest'
import { agency, agencyDefaults } from '#config/agency.ts'
import { carriers } from '#config/carriers.ts'
import { installSettingsSource, liveCopy } from '#config/live-settings.ts'
import { defaultSiteSettings } from '#config/site-settings.ts'
import { testimonials } from '#config/testimonials.ts'
import { formatDateTime, localInputValue } from '#server/admin/staff-time.ts'

describe('settings read at the moment of use', () => {
  afterEach(() => installSettingsSource(undefined))

  it('gives the defaults without a source, and the published settings as soon as they change', () => {
    expect(agency.phone).toBe(agencyDefaults.phone)
    const published = defaultSiteSettings()
    published.agency.phone = '5035550199'
    published.carriers = [{ name: 'Only Carrier', url: 'https://only.example' }]
    published.testimonials = [
      { quote: 'Shown', name: 'A. B.', lang: 'en' },
      { quote: 'Kept on the desk', name: 'C. D.', lang: 'es', hidden: true },
    ]
    installSettingsSource(() => published)
    expect(agency.phone).toBe('5035550199')
    expect({ ...agency }.phone).toBe('5035550199')
    // live lists behave as arrays: spread, keys, length, JSON
    expect([...carriers].map((carrier) => carrier.name)).toEqual(['Only Carrier'])
    expect(Object.keys(carriers)).toEqual(['0'])
    expect({ ...carriers }).toEqual({ 0: published.carriers[0] })
    expect(Array.isArray(carriers)).toBe(true)
    expect(JSON.parse(JSON.stringify(testimonials))).toEqual([{ quote: 'Shown', name: 'A. B.', lang: 'en' }])
  })

  it('builds copy again only when the published settings change', () => {
    let builds = 0
    const copy = liveCopy(() => {
      builds++
      return { line: `Call ${agency.phone}` }
    })
    expect(copy.line).toBe(`Call ${agencyDefaults.phone}`)
    expect(copy.line).toBe(`Call ${agencyDefaults.phone}`)
    expect(builds).toBe(1)
    const published = defaultSiteSettings()
    published.agency.phone = '4045550123'
    installSettingsSource(() => published)
    expect(copy.line).toBe('Call 4045550123')
    expect(copy.line).toBe('Call 4045550123')
    expect(builds).toBe(2)
  })

  it('shows the desk’s times in the office’s zone as published, without a restart', () => {
    const at = new Date('2026-11-25T18:00:00Z')
    // The defaults' office is in Georgia (Eastern time): 1:00 PM.
    expect(formatDateTime(at)).toContain('1:00 PM')
    expect(localInputValue(at)).toBe('2026-11-25T13:00')
    const published = defaultSiteSettings()
    published.agency.timeZone = 'America/Los_Angeles'
    installSettingsSource(() => published)
    expect(formatDateTime(at)).toContain('10:00 AM')
    expect(localInputValue(at)).toBe('2026-11-25T10:00')
  })
})
