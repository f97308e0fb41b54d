/**
 * The Spanish of the 24 lead forms: every visitor-facing string of every definition has a translation,
 * and the validation messages exist in Spanish for every kind of problem.
 */
import { describe, expect, it } from 'vitest'
import type { Locale } from '#app/site/route-table.ts'
import { agency, formatPhone } from '#config/agency.ts'
import { formMessages } from '#content/form-messages.ts'
import { formText, formTextEs } from '#content/form-text.ts'
import { allFields, type Field, type FormDefinition } from '#forms/engine.ts'
import { type FieldMessages, messages, validateField } from '#forms/field-rules.ts'
import { formDefinitions, getFormDefinition } from '#forms/registry.ts'
import { usStates } from '#forms/states.ts'

/** What the visitor reads on a form: title, submit label, legends, hints, repeat controls, labels, option labels. */
function visitorStrings(form: FormDefinition): string[] {
  const strings = [form.title, form.submitLabel]
  for (const section of form.sections) {
    strings.push(section.legend)
    if (section.hint !== undefined) strings.push(section.hint)
    if (section.closed) strings.push(section.closed.add, section.closed.remove)
    for (const field of section.fields) {
      strings.push(field.label)
      if (field.hint !== undefined) strings.push(field.hint)
      if (field.kind === 'select' || field.kind === 'radio')
        for (const option of field.options) strings.push(option.label)
    }
  }
  return strings
}

const allStrings = [...new Set(formDefinitions.flatMap(visitorStrings))]

/**
 * English strings that read the same in Spanish, the only ones allowed to. Besides these, a string
 * without any letter (counts, ranges, dollar amounts such as '$1,000' or '0 - 5,000') and a state name
 * kept in English (proper names; Spanish only renames a few, e.g. 'New Mexico' → 'Nuevo México').
 */
const sameInSpanish = [
  // The Spanish word for no.
  'No',
  // Driver status: a "licencia provisional" is the Spanish term.
  'Provisional',
  // Boat storage: "marina" is the everyday word for a yacht harbor in Latin American Spanish.
  'Marina',
]

const usStateNames: readonly string[] = usStates()

function mayStayEnglish(english: string): boolean {
  return !/\p{L}/u.test(english) || usStateNames.includes(english) || sameInSpanish.includes(english)
}

/** Own entry only: a key such as 'constructor' must not find Object.prototype's. */
function spanish(english: string): string | undefined {
  return Object.hasOwn(formTextEs, english) ? formTextEs[english] : undefined
}

describe('formTextEs', () => {
  it.each(formDefinitions.map((form) => [form.key, form] as const))(
    '%s: every visitor-facing string has a Spanish entry',
    (_key, form) => {
      const missing = visitorStrings(form).filter((english) => spanish(english) === undefined)
      expect(missing).toEqual([])
    },
  )

  it('translates every string with letters, except the short allow-list', () => {
    const untranslated = allStrings.filter(
      (english) => spanish(english) === english && !mayStayEnglish(english),
    )
    expect(untranslated).toEqual([])
  })

  it('keeps strings without letters exactly as they are (numbers and money amounts)', () => {
    const changed = allStrings.filter((english) => !/\p{L}/u.test(english) && spanish(english) !== english)
    expect(changed).toEqual([])
  })

  it('uses every allow-listed word and keeps it unchanged', () => {
    for (const word of sameInSpanish) {
      expect(allStrings).toContain(word)
      expect(spanish(word)).toBe(word)
    }
  })

  it('renames the states Spanish has its own names for', () => {
    expect(spanish('New Mexico')).toBe('Nuevo México')
    expect(spanish('North Carolina')).toBe('Carolina del Norte')
    expect(spanish('Georgia')).toBe('Georgia')
  })

  it('has no entry that no form uses (no stale translations)', () => {
    const used = new Set(allStrings)
    expect(Object.keys(formTextEs).filter((english) => !used.has(english))).toEqual([])
  })

  it('has no empty or padded translation', () => {
    for (const [english, text] of Object.entries(formTextEs)) {
      expect(text.trim(), english).toBe(text)
      expect(text, english).not.toBe('')
    }
  })

  it('translates labels only: the submitted option values stay the English canonical values', () => {
    const atv = getFormDefinition('atv-quote')
    const leased = atv && allFields(atv).find((field) => field.name === 'leased1')
    const options = leased?.kind === 'select' ? leased.options : []
    expect(options.map((option) => option.value)).toEqual(['Yes', 'No'])
    expect(options.map((option) => spanish(option.label))).toEqual(['Sí', 'No'])
  })
})

describe('formText', () => {
  it('returns the English text for English', () => {
    expect(formText('en', 'Get My Quote')).toBe('Get My Quote')
  })

  it('returns the Spanish text for Spanish, and the English when there is no entry', () => {
    const es: Locale = 'es'
    expect(formText(es, 'Get My Quote')).toBe('Obtener mi cotización')
    expect(formText(es, 'GET QUOTE')).toBe('COTIZAR')
    expect(formText(es, 'Not a form string')).toBe('Not a form string')
    expect(formText(es, 'constructor')).toBe('constructor')
  })
})

/** Every text a message object can produce, by key: the compiler checks that no key is left out. */
function texts(m: FieldMessages): Record<keyof FieldMessages, string[]> {
  return {
    required: [m.required],
    notText: [m.notText],
    tooLong: [m.tooLong(200)],
    singleLine: [m.singleLine],
    controlCharacters: [m.controlCharacters],
    directionControls: [m.directionControls],
    email: [m.email],
    option: [m.option],
    checkbox: [m.checkbox],
    wholeNumber: [m.wholeNumber],
    oneDecimal: [m.oneDecimal],
    numberRange: [m.numberRange(1900, 2100)],
    dateFormat: [m.dateFormat],
    realDate: [m.realDate],
    minWords: [m.minWords(10)],
    dateMin: [m.dateMin({ kind: 'today' }), m.dateMin({ kind: 'yearsAgo', years: 16 })],
    dateMax: [m.dateMax({ kind: 'today' }), m.dateMax({ kind: 'yearsAgo', years: 16 })],
    pattern: [m.pattern('name'), m.pattern('digits'), m.pattern('usPhone'), m.pattern('taxNumber')],
    notAnObject: [m.notAnObject],
  }
}

describe('formMessages', () => {
  const es = formMessages.es
  const en = formMessages.en

  it('is the schema’s English for English', () => {
    expect(en).toBe(messages)
  })

  it('has every English key in Spanish, each with a different text', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    const english = texts(en)
    const spanishTexts = texts(es)
    expect(Object.keys(english).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(english) as (keyof FieldMessages)[]) {
      english[key].forEach((text, index) => {
        const translated = spanishTexts[key][index]
        expect(translated, key).toBeTypeOf('string')
        expect(translated, key).not.toBe(text)
        expect(translated, key).not.toBe('')
      })
    }
  })

  it('keeps the numbers of the English messages', () => {
    expect(es.tooLong(200)).toContain('200')
    expect(es.numberRange(1900, 2100)).toMatch(/1900.*2100/)
    expect(es.minWords(10)).toContain('10')
    expect(es.dateMax({ kind: 'yearsAgo', years: 16 })).toContain('16')
  })

  it('validateField answers in Spanish when given the Spanish messages, in English by default', () => {
    const contact = getFormDefinition('quote-request')
    const life = getFormDefinition('life-insurance-quote')
    const today = new Date(2025, 5, 15)
    const field = (form: FormDefinition | undefined, name: string): Field => {
      const found = form && allFields(form).find((candidate) => candidate.name === name)
      if (!found) throw new Error(`no field ${name}`)
      return found
    }
    expect(validateField(field(contact, 'firstName'), '', today, es)).toBe(es.required)
    expect(validateField(field(contact, 'firstName'), '', today)).toBe(messages.required)
    expect(validateField(field(contact, 'phone'), '770-555', today, es)).toBe(es.pattern('usPhone'))
    expect(validateField(field(contact, 'phone'), '770-555', today)).toBe(
      `Enter a 10-digit US phone number, for example ${formatPhone(agency.phone)}.`,
    )
    expect(validateField(field(contact, 'phone'), '(770) 555-0142', today, es)).toBeUndefined()
    expect(validateField(field(contact, 'email'), 'ana@', today, es)).toBe(es.email)
    expect(validateField(field(contact, 'state'), 'Ontario', today, es)).toBe(es.option)
    expect(validateField(field(life, 'firstName'), 'J0hn', today, es)).toBe(
      "Use letras, espacios, apóstrofos, guiones y puntos, empezando por una letra (por ejemplo O'Connor, García-López, Ruiz Jr.).",
    )
    expect(validateField(field(life, 'weight'), '2000', today, es)).toBe(es.numberRange(1, 1500))
    expect(validateField(field(contact, 'startDate'), '2020-01-01', today, es)).toBe(
      es.dateMin({ kind: 'today' }),
    )
  })
})
