/**
 * One fixed example agency for the tests that check what is derived from the facts (the phone's
 * forms, the address lines, the office's clock): Oak Ridge Insurance, (770) 555-0142, Bethlehem,
 * GA, open Monday to Thursday 9 to 5 and Friday 9 to 4 in America/New_York. Installed as the
 * published settings for the file's tests, so an install for another agency (config/agency.ts
 * edited) keeps these tests green.
 */
import { afterAll, beforeAll } from 'vitest'
import { installSettingsSource } from '#config/live-settings.ts'
import { defaultSiteSettings } from '#config/site-settings.ts'

export function withExampleAgency(): void {
  const example = defaultSiteSettings()
  example.agency = {
    ...example.agency,
    name: 'Oak Ridge Insurance Agency',
    shortName: 'Oak Ridge Insurance',
    phone: '7705550142',
    address: {
      street: '120 Main Street, Suite 4',
      city: 'Bethlehem',
      region: 'GA',
      regionName: { en: 'Georgia', es: 'Georgia' },
      postalCode: '30620',
      country: 'US',
    },
    hours: [
      { days: ['Mo', 'Tu', 'We', 'Th'], opens: '09:00', closes: '17:00' },
      { days: ['Fr'], opens: '09:00', closes: '16:00' },
      { days: ['Sa', 'Su'], opens: null, closes: null },
    ],
    timeZone: 'America/New_York',
  }
  beforeAll(() => installSettingsSource(() => example))
  afterAll(() => installSettingsSource(undefined))
}
