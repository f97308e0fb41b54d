/**
 * A fresh install for another agency in another state edits config/agency.ts (or the desk publishes
 * new facts) and no page copy: every page in both languages then names the new state, its people
 * and its town, none still says the example agency's, and copy that states Georgia law is gone.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { installSettingsSource } from '#config/live-settings.ts'
import { defaultSiteSettings, type SiteSettings } from '#config/site-settings.ts'
import { formMessages } from '#content/form-messages.ts'
import { formText } from '#content/form-text.ts'
import { allFields } from '#forms/engine.ts'
import { patternMessage } from '#forms/patterns.ts'
import { formDefinitions } from '#forms/registry.ts'
import { homeState, usStates } from '#forms/states.ts'

const contentDir = path.resolve(import.meta.dirname, '../../content')

/** Every string a value holds, however deep (the copy's getters are read as a page reads them). */
function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value !== 'object' || value === null || seen.has(value)) return []
  seen.add(value)
  // a live list (config/testimonials.ts) is read as a page reads it, item by item
  if (Array.isArray(value)) return Array.from(value, (item: unknown) => strings(item, seen)).flat()
  return Object.keys(value).flatMap((key) => strings((value as Record<string, unknown>)[key], seen))
}

/** All the copy of content/ (every page module, the shell, the categories), by language. */
async function allCopy(): Promise<{ en: string; es: string }> {
  const files = [
    ...readdirSync(path.join(contentDir, 'pages')).map((name) => path.join(contentDir, 'pages', name)),
    ...['shell.ts', 'insurance-categories.ts', 'thank-you.ts', 'no-js.ts', 'form-ui.ts'].map((name) =>
      path.join(contentDir, name),
    ),
  ]
  const copy = { en: [] as string[], es: [] as string[] }
  for (const file of files) {
    const module = (await import(file)) as Record<string, unknown>
    for (const exported of Object.values(module)) {
      if (typeof exported !== 'object' || exported === null || !('en' in exported) || !('es' in exported))
        continue
      const { en, es } = exported as { en: unknown; es: unknown }
      copy.en.push(...strings(en))
      copy.es.push(...strings(es))
    }
  }
  // the forms' visitor-facing words that name the state or the phone
  for (const locale of ['en', 'es'] as const) {
    for (const form of formDefinitions)
      for (const field of allFields(form)) if (field.hint) copy[locale].push(formText(locale, field.hint))
  }
  copy.en.push(patternMessage('usPhone'))
  copy.es.push(formMessages.es.pattern('usPhone'))
  return { en: copy.en.join('\n'), es: copy.es.join('\n') }
}

/** Pine Valley Insurance in Bend, Oregon: another agency, another state, from the same files. */
function pineValley(): SiteSettings {
  const settings = defaultSiteSettings()
  settings.agency = {
    ...settings.agency,
    name: 'Pine Valley Insurance Agency',
    shortName: 'Pine Valley Insurance',
    owner: { name: 'Sam Lee', title: { en: 'Owner and Agent', es: 'Al frente de la agencia' } },
    phone: '5415550187',
    fax: '5415550188',
    email: 'office@pinevalley-insurance.example',
    address: {
      street: '45 Juniper Avenue',
      city: 'Bend',
      region: 'OR',
      regionName: { en: 'Oregon', es: 'Oregón' },
      postalCode: '97701',
      country: 'US',
    },
    people: { en: 'Oregonians', es: 'los oregonianos' },
    areaServed: ['Oregon'],
    licenseNumber: 'OR license 7654321 (example)',
  }
  settings.testimonials = [
    { quote: 'They found us a better policy in one afternoon.', name: 'Jo P.', lang: 'en' },
  ]
  return settings
}

/** What the example agency's pages (Oak Ridge, Bethlehem, Georgia) say and another agency's must not. */
const exampleAgency = [
  /Georgia/,
  /Georgian/i,
  /Bethlehem/,
  /Atlanta|Savannah|Brunswick|Lanier|Barrow/,
  /Oak Ridge/,
  /Daniela/,
  /\(770\) 555-0142/,
]

/** Sentences of Georgia law: shown in Georgia only. */
const georgiaLaw = {
  en: [
    /three or more employees/,
    /\$25,000 of bodily injury/,
    /requires every motorcycle rider and passenger/,
  ],
  es: [/tres o más empleados/, /\$25,000 de/, /usen casco/],
}

afterEach(() => installSettingsSource(undefined))

describe('a rebrand for an agency in another state', () => {
  it('names the new state, people, town and phone on every page, in both languages, and never the old ones', async () => {
    const settings = pineValley()
    installSettingsSource(() => settings)
    const copy = await allCopy()
    for (const locale of ['en', 'es'] as const)
      for (const old of exampleAgency) expect(copy[locale], `${locale} ${old}`).not.toMatch(old)
    expect(copy.en).toContain('Auto Insurance in Oregon')
    expect(copy.es).toContain('Seguro de auto en Oregón')
    expect(copy.en).toContain('Bend, Oregon')
    expect(copy.en).toContain('for example (541) 555-0187')
    expect(copy.es).toContain('por ejemplo (541) 555-0187')
    expect(homeState()).toBe('Oregon')
    expect(usStates()[0]).toBe('Oregon')
    expect(usStates()).toContain('Georgia')
  })

  it('shows Georgia law only while the agency is in Georgia, and a general sentence elsewhere', async () => {
    const georgia = defaultSiteSettings()
    georgia.agency = {
      ...georgia.agency,
      address: { ...georgia.agency.address, region: 'GA', regionName: { en: 'Georgia', es: 'Georgia' } },
    }
    installSettingsSource(() => georgia)
    const inGeorgia = await allCopy()
    for (const locale of ['en', 'es'] as const)
      for (const law of georgiaLaw[locale]) expect(inGeorgia[locale], `${locale} ${law}`).toMatch(law)

    const settings = pineValley()
    installSettingsSource(() => settings)
    const inOregon = await allCopy()
    for (const locale of ['en', 'es'] as const)
      for (const law of georgiaLaw[locale]) expect(inOregon[locale], `${locale} ${law}`).not.toMatch(law)
    expect(inOregon.en).toContain('Wear a helmet every time you ride')
    expect(inOregon.es).toContain('Use casco cada vez que maneje')
    expect(inOregon.en).toContain('We will tell you what Oregon law asks of your business.')
  })
})
