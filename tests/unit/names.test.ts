/**
 * Names as people write them (shared/DESIGN.md, "Names"; docs/decisions/022-names.md): letters of
 * every language with their combining marks, spaces, apostrophes (' and ’), hyphens and periods,
 * starting with a letter. Digits, other symbols and invisible direction controls are refused, with
 * a message that says what a name may hold.
 */
import { describe, expect, it } from 'vitest'
import { formMessages } from '#content/form-messages.ts'
import { allFields } from '#forms/engine.ts'
import { validateField } from '#forms/field-rules.ts'
import { patternRegExp, patternSource } from '#forms/patterns.ts'
import { getFormDefinition } from '#forms/registry.ts'

/** How the browser compiles the `pattern` attribute: anchored, with the `v` flag. */
const asTheBrowserDoes = new RegExp(`^(?:${patternSource('name')})$`, 'v')

const accepted = [
  'Nguyễn',
  'Nguyễn Văn An',
  'Łukasz',
  'Željko',
  'Ærøskøbing',
  'Zoë Çelik',
  'Ōta',
  'Ελένη Παπαδοπούλου',
  'Юлия Иванова',
  'José María',
  // Decomposed (NFD), as some keyboards and pasted text send it: the accent is its own character.
  'Jose\u0301',
  'Nguye\u0302\u0303n',
  'García López',
  'O Connor',
  ' Ana ',
  // The names people were refused before (issue 42): apostrophes both ways, hyphens, periods.
  "O'Connor",
  'García-López',
  "D'Angelo",
  'D’Angelo',
  'Ruiz Jr.',
  'St. John',
  "María-José O'Neill-Ruiz",
]

const refused = [
  'Ana3',
  '<b>',
  'Ana!',
  'Ana_Ruiz',
  'Ana@Ruiz',
  // A name starts with a letter.
  "'Ana",
  '-Ana',
  '.Ana',
  'J0hn',
  '',
  ' ',
  // A combining mark with no letter before it is no letter.
  '\u0301',
  'Ana \u0301',
  // Invisible characters are neither letters nor spaces.
  'Ana\u200b',
  // Direction controls, which can make a name read backwards on the desk or in a subject.
  'Ana\u202eziuR',
  '\u202eAna',
  'Ana\u200e',
  'Ana\u200f',
  'Ana\u2066Ruiz\u2069',
  'Ana\u061c',
]

describe('the name pattern', () => {
  it.each(accepted)('accepts %j', (name) => {
    expect(patternRegExp('name').test(name)).toBe(true)
    expect(asTheBrowserDoes.test(name)).toBe(true)
  })

  it.each(refused)('refuses %j', (name) => {
    expect(patternRegExp('name').test(name)).toBe(false)
    expect(asTheBrowserDoes.test(name)).toBe(false)
  })

  it('is a valid HTML pattern attribute: anchored by the browser, compiled with v (and with u by older ones)', () => {
    expect(() => new RegExp(`^(?:${patternSource('name')})$`, 'v')).not.toThrow()
    expect(() => new RegExp(`^(?:${patternSource('name')})$`, 'u')).not.toThrow()
    expect(patternRegExp('name').source).toBe(`^(?:${patternSource('name')})$`)
    expect(patternRegExp('name').flags).toBe('v')
  })

  it('answers at once on a long value that almost matches (no runaway backtracking)', () => {
    const started = performance.now()
    for (const value of [
      `${'a'.repeat(100_000)}!`,
      `${'a\u0301 '.repeat(30_000)}!`,
      `${' '.repeat(100_000)}!`,
      `a${"-'. ".repeat(30_000)}!`,
    ])
      expect(patternRegExp('name').test(value)).toBe(false)
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('the message for a refused name', () => {
  const boat = getFormDefinition('boat-quote')
  const field = boat && allFields(boat).find((candidate) => candidate.name === 'lastName')
  if (!field) throw new Error('the boat form has no lastName')
  const today = new Date()

  it('says what a name may hold, in English', () => {
    expect(validateField(field, 'Ana3', today)).toBe(
      "Use letters, spaces, apostrophes, hyphens and periods, starting with a letter (for example O'Connor, García-López, Ruiz Jr.).",
    )
    expect(validateField(field, "O'Connor", today)).toBeUndefined()
  })

  it('says what a name may hold, in Spanish', () => {
    expect(validateField(field, 'Ana3', today, formMessages.es)).toBe(
      "Use letras, espacios, apóstrofos, guiones y puntos, empezando por una letra (por ejemplo O'Connor, García-López, Ruiz Jr.).",
    )
    expect(validateField(field, 'García-López', today, formMessages.es)).toBeUndefined()
  })

  it('names the invisible direction marks in both languages', () => {
    expect(validateField(field, 'Ana\u202eziuR', today)).toBe(
      'Remove the invisible direction marks from this text (they can make it read backwards).',
    )
    expect(validateField(field, 'Ana\u202eziuR', today, formMessages.es)).toBe(
      'Quite las marcas invisibles de dirección de este texto (pueden hacer que se lea al revés).',
    )
  })
})

describe('direction controls in any text a visitor sends', () => {
  const today = new Date()
  it.each(['businessName', 'message', 'email'])(
    'are refused in the contact and business forms: %s',
    (name) => {
      for (const key of ['contact-message', 'business-quote', 'new-testimonial'] as const) {
        const form = getFormDefinition(key)
        const field = form && allFields(form).find((candidate) => candidate.name === name)
        if (!field) continue
        expect(validateField(field, 'Hello\u202eolleH there', today), `${key} ${name}`).toBeDefined()
      }
    },
  )
})
