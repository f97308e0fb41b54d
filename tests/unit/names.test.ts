/**
 * Real names in the name fields: letters of every language with their combining marks, and spaces,
 * as the specification's "letters and whitespace only" (docs/decisions/022-names-within-the-spec.md).
 * Punctuation stays refused, with a message that shows the way through.
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
]

const refused = [
  'Ana3',
  '<b>',
  "O'Connor",
  'García-López',
  'Ruiz Jr.',
  'Ana!',
  'J0hn',
  '',
  ' ',
  // A combining mark with no letter before it is no letter.
  '\u0301',
  'Ana \u0301',
  // Invisible characters are neither letters nor spaces.
  'Ana\u200b',
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

  it('shows the way through in English', () => {
    expect(validateField(field, "O'Connor", today)).toBe(
      "Use letters and spaces only. For names like O'Connor or García-López, type a space instead: O Connor, García López.",
    )
    expect(validateField(field, 'O Connor', today)).toBeUndefined()
  })

  it('shows the way through in Spanish', () => {
    expect(validateField(field, 'García-López', today, formMessages.es)).toBe(
      "Use solo letras y espacios. Para nombres como O'Connor o García-López, escriba un espacio en su lugar: O Connor, García López.",
    )
    expect(validateField(field, 'García López', today, formMessages.es)).toBeUndefined()
  })
})
