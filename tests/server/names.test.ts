/**
 * Real names through the real server, on both databases: every field of the 24 forms that is
 * limited to "letters and whitespace" takes the letters of every language, and refuses
 * punctuation with a message that shows the way through, in English (JSON, what the island
 * receives) and in Spanish (the page a Spanish form posted without JavaScript gets back).
 * docs/decisions/022-names-within-the-spec.md.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import * as cheerio from 'cheerio'
import { beforeAll, describe, expect, it } from 'vitest'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const clientDir = path.join(import.meta.dirname, '..', '..', 'build', 'client')
const today = new Date()

const english =
  "Use letters and spaces only. For names like O'Connor or García-López, type a space instead: O Connor, García López."
const spanish =
  "Use solo letras y espacios. Para nombres como O'Connor o García-López, escriba un espacio en su lugar: O Connor, García López."

/** Names that "letters and whitespace" covers; the last one decomposed (NFD). */
const accepted = ['Nguyễn', 'García López', 'Zoë Çelik', 'Jose\u0301']
const refused = ['Ana3', '<b>', "O'Connor"]

/** Every field limited to letters and spaces, with its form: 38 fields on 15 of the 24 forms. */
const nameFields: [string, string, FormDefinition][] = formDefinitions.flatMap((form) =>
  allFields(form)
    .filter((field) => field.kind === 'text' && field.pattern === 'name')
    .map((field): [string, string, FormDefinition] => [form.key, field.name, form]),
)

describe.each(drivers)('names in every name field on %s', (driver) => {
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

  it('covers the 15 forms that limit names to letters and spaces', () => {
    expect(new Set(nameFields.map(([key]) => key)).size).toBe(15)
    expect(nameFields).toHaveLength(38)
  })

  it.each(nameFields)(
    '%s %s: Nguyễn, García López, Zoë Çelik and a decomposed José are stored as typed',
    async (_key, name, form) => {
      for (const value of accepted) {
        const response = await postJson(form, { ...validPayload(form, today), [name]: value })
        expect(response.statusCode, `${value}: ${response.body}`).toBe(200)
        expect(await storedField(String(response.headers['lead-reference']), name)).toBe(value)
      }
    },
  )

  it.each(nameFields)(
    "%s %s: Ana3, <b> and O'Connor are refused with the way through, in English and Spanish",
    async (_key, name, form) => {
      for (const value of refused) {
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
