/**
 * Names as people write them through the real server, on both databases: every person's name field
 * of the 24 forms takes letters of every language, apostrophes, hyphens and periods, and refuses
 * digits, symbols and direction controls with a message that says what a name may hold, in English
 * (JSON, what the island receives) and in Spanish (the page a Spanish form posted without
 * JavaScript gets back). shared/DESIGN.md, "Names"; docs/decisions/022-names.md.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import * as cheerio from 'cheerio'
import { beforeAll, describe, expect, it } from 'vitest'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const clientDir = path.join(import.meta.dirname, '..', '..', 'build', 'client')
const today = new Date()

const english =
  "Use letters, spaces, apostrophes, hyphens and periods, starting with a letter (for example O'Connor, García-López, Ruiz Jr.)."
const spanish =
  "Use letras, espacios, apóstrofos, guiones y puntos, empezando por una letra (por ejemplo O'Connor, García-López, Ruiz Jr.)."
const englishDirection =
  'Remove the invisible direction marks from this text (they can make it read backwards).'
const spanishDirection =
  'Quite las marcas invisibles de dirección de este texto (pueden hacer que se lea al revés).'

/** Names as people write them (the ones refused before, issue 42); one decomposed (NFD). */
const accepted = ["O'Connor", 'García-López', "D'Angelo", 'Ruiz Jr.', 'St. John', 'Nguyễn', 'Jose\u0301']
const refused: [string, string, string][] = [
  ['Ana3', english, spanish],
  ['<b>', english, spanish],
  ['Ana\u202eziuR', englishDirection, spanishDirection],
]

/** Every person's name field, with its form: 58 fields on 23 of the 24 forms (the general liability form asks for a company). */
const nameFields: [string, string, FormDefinition][] = formDefinitions.flatMap((form) =>
  allFields(form)
    .filter((field) => field.kind === 'text' && field.pattern === 'name')
    .map((field): [string, string, FormDefinition] => [form.key, field.name, form]),
)

describe.each(featureDrivers)('names in every name field on %s', (driver) => {
  beforeAll(() => {
    if (!existsSync(path.join(clientDir, 'contact', 'index.html'))) {
      throw new Error('These tests read the built site: run `npm run build` first.')
    }
  })
  const t = useTestApp(driver, { clientDir, now: () => today })

  function postJson(form: FormDefinition, fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: `/api/forms/${form.key}`,
      headers: { 'content-type': 'application/json' },
      payload: fields,
    })
  }

  /** As a Spanish page's form posts itself when scripts are off. */
  function postSpanishPage(form: FormDefinition, fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: `/api/forms/${form.key}?lang=es`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })
  }

  async function storedField(reference: string, name: string): Promise<string | undefined> {
    const rows = await t.db.query<{ fields: Record<string, string> }>(
      'SELECT fields FROM leads WHERE reference = $1',
      [reference],
    )
    expect(rows).toHaveLength(1)
    return rows[0]?.fields[name]
  }

  it('covers the 23 forms that ask for a person’s name', () => {
    expect(new Set(nameFields.map(([key]) => key)).size).toBe(23)
    expect(nameFields).toHaveLength(58)
  })

  it.each(nameFields)(
    "%s %s: O'Connor, García-López, D'Angelo, Ruiz Jr., St. John, Nguyễn and a decomposed José are stored as typed",
    async (_key, name, form) => {
      for (const value of accepted) {
        const response = await postJson(form, { ...validPayload(form, today), [name]: value })
        expect(response.statusCode, `${value}: ${response.body}`).toBe(200)
        expect(await storedField(String(response.headers['lead-reference']), name)).toBe(value)
      }
    },
  )

  it.each(nameFields)(
    '%s %s: Ana3, <b> and a direction control are refused with the rule, in English and Spanish',
    async (_key, name, form) => {
      for (const [value, english, spanish] of refused) {
        const fields = { ...validPayload(form, today), [name]: value }
        const json = await postJson(form, fields)
        expect(json.statusCode, value).toBe(400)
        expect(json.json().fields, value).toEqual({ [name]: english })

        const page = await postSpanishPage(form, fields)
        expect(page.statusCode, value).toBe(400)
        expect(page.headers['content-type']).toMatch(/^text\/html/)
        const $ = cheerio.load(page.body)
        const control = $(`form[data-form-key="${form.key}"] [name="${name}"]`)
        expect(control.attr('value'), value).toBe(value)
        expect(control.attr('aria-invalid')).toBe('true')
        expect(control.closest('.field').find('.field__error').text(), value).toBe(spanish)
        expect($('.error-summary').text()).toContain(spanish)
      }
    },
  )
})
