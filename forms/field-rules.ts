/**
 * The validation rules of every field kind, as plain functions: the one place a rule is written.
 * The browser runs them (through validateField) to report problems in the page's language; the
 * server's zod schema (forms/schema.ts) is only the object's shape around checkField. No zod here, so
 * the browser bundle stays small.
 */
import { addDays, parseIsoDate, resolveDateLimit } from './dates.ts'
import type { DateField, DateLimit, Field, PatternName, TextField } from './engine.ts'
import { patternMessage, patternRegExp } from './patterns.ts'

/** Length limits when a text field sets none (the renderer puts them in `maxlength`). */
const defaultMaxLength: Record<TextField['kind'], number> = {
  text: 200,
  email: 254,
  tel: 20,
  textarea: 5000,
}

/** The honeypot's limit: the server only needs to know whether it was filled. */
const honeypotMaxLength = 500
/** Longer than any number a form accepts (guards the integer check against huge strings). */
const numberMaxLength = 20

export function maxLengthOf(field: TextField): number {
  if (field.honeypot) return field.maxLength ?? honeypotMaxLength
  return field.maxLength ?? defaultMaxLength[field.kind]
}

/**
 * The messages of the validation rules, one per kind of problem. The English object below is what the
 * server answers with; the browser may pass a translation of the same shape to validateField.
 */
export interface FieldMessages {
  required: string
  notText: string
  tooLong: (max: number) => string
  singleLine: string
  controlCharacters: string
  /** Invisible direction controls, which can make a name or subject read backwards on the desk. */
  directionControls: string
  email: string
  option: string
  checkbox: string
  wholeNumber: string
  /** A number with at most one decimal place. */
  oneDecimal: string
  numberRange: (min: number, max: number) => string
  dateFormat: string
  realDate: string
  minWords: (count: number) => string
  dateMin: (limit: DateLimit) => string
  dateMax: (limit: DateLimit) => string
  /** A value that does not match its field's named pattern (forms/patterns.ts). */
  pattern: (name: PatternName) => string
  notAnObject: string
}

/** A date limit's message: one sentence for today, another naming the years of a years-ago limit. */
export function byDateLimit(
  today: string,
  yearsAgo: (years: number) => string,
): (limit: DateLimit) => string {
  return (limit) => (limit.kind === 'today' ? today : yearsAgo(limit.years))
}

/** The English messages, one per kind of problem. */
export const messages: FieldMessages = {
  required: 'This field is required.',
  notText: 'Send this field as text.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  singleLine: 'Use a single line without control characters.',
  controlCharacters: 'Remove the control characters from this text.',
  directionControls: 'Remove the invisible direction marks from this text (they can make it read backwards).',
  email: 'Enter a valid e-mail address, for example name@example.com.',
  option: 'Choose one of the listed options.',
  checkbox: "Tick the box or leave it empty (a ticked box sends 'true').",
  wholeNumber: 'Enter a whole number.',
  oneDecimal: 'Enter a number with at most one decimal, like 18.5.',
  numberRange: (min: number, max: number) => `Enter a number from ${min} to ${max}.`,
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  realDate: 'Enter a real calendar date.',
  minWords: (count: number) => `Write at least ${count} words.`,
  dateMin: byDateLimit(
    'Choose today or a later date.',
    (years) => `Choose a date at most ${years} years ago.`,
  ),
  dateMax: byDateLimit(
    'Choose today or an earlier date.',
    (years) => `Choose a date at least ${years} years ago.`,
  ),
  pattern: patternMessage,
  notAnObject: 'Send the form fields as a JSON object.',
}

/**
 * The browser's e-mail rule (WHATWG `type=email`), plus a dot in the domain: `name@localhost` is valid
 * HTML but never an address the agency can answer.
 */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
const integerPattern = /^-?[0-9]+$/
const oneDecimalPattern = /^-?[0-9]+(?:\.[0-9])?$/
/** Any control character (single-line fields: a browser's text input never sends one). */
const anyControl = /\p{Cc}/u
/** Control characters other than tab and line breaks (textareas). */
const unexpectedControl = /(?![\t\n\r])\p{Cc}/u

/**
 * The invisible direction controls (U+061C, U+200E/F, U+202A–202E, U+2066–2069): in a name or a
 * message they can reverse how the text reads where staff see it (the desk, an e-mail subject), so
 * no visitor's text may hold one (shared/DESIGN.md, "Names").
 */
const directionControl = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

/** A date limit resolved for a today, widened by one day of slack. */
function dateBounds(field: DateField, today: Date): { min?: string; max?: string } {
  return {
    ...(field.min ? { min: addDays(resolveDateLimit(field.min, today), -1) } : {}),
    ...(field.max ? { max: addDays(resolveDateLimit(field.max, today), 1) } : {}),
  }
}

/** A rule for a non-empty trimmed value: its message when the value breaks it. */
export type Rule = (value: string) => string | undefined

/** The rules of a field, in the order they are checked (the first broken one gives the message). */
export function rulesOf(field: Field, today: Date, msgs: FieldMessages): Rule[] {
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'textarea': {
      const max = maxLengthOf(field)
      const rules: Rule[] = [(value) => (value.length > max ? msgs.tooLong(max) : undefined)]
      if (field.honeypot) return rules
      if (field.kind === 'textarea') {
        rules.push((value) => (unexpectedControl.test(value) ? msgs.controlCharacters : undefined))
      } else {
        rules.push((value) => (anyControl.test(value) ? msgs.singleLine : undefined))
      }
      rules.push((value) => (directionControl.test(value) ? msgs.directionControls : undefined))
      const { pattern, minWords } = field
      if (pattern === 'usPhone')
        rules.push((value) => (normalizePhone(value) === undefined ? msgs.pattern(pattern) : undefined))
      else if (pattern === 'taxNumber')
        rules.push((value) => (normalizeTaxNumber(value) === undefined ? msgs.pattern(pattern) : undefined))
      else if (pattern)
        rules.push((value) => (patternRegExp(pattern).test(value) ? undefined : msgs.pattern(pattern)))
      if (field.kind === 'email') rules.push((value) => (emailPattern.test(value) ? undefined : msgs.email))
      if (minWords !== undefined) {
        rules.push((value) => (countWords(value) >= minWords ? undefined : msgs.minWords(minWords)))
      }
      return rules
    }
    case 'number': {
      const { min, max } = field
      const [shape, message] = field.decimals
        ? [oneDecimalPattern, msgs.oneDecimal]
        : [integerPattern, msgs.wholeNumber]
      return [
        (value) => (value.length <= numberMaxLength && shape.test(value) ? undefined : message),
        (value) => {
          const number = Number(value)
          return number >= min && number <= max ? undefined : msgs.numberRange(min, max)
        },
      ]
    }
    case 'date': {
      const bounds = dateBounds(field, today)
      const { min, max } = field
      return [
        (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : msgs.dateFormat),
        (value) => (parseIsoDate(value) ? undefined : msgs.realDate),
        (value) => (min && bounds.min !== undefined && value < bounds.min ? msgs.dateMin(min) : undefined),
        (value) => (max && bounds.max !== undefined && value > bounds.max ? msgs.dateMax(max) : undefined),
      ]
    }
    case 'select':
    case 'radio': {
      const values = new Set(field.options.map((option) => option.value))
      return [(value) => (values.has(value) ? undefined : msgs.option)]
    }
    case 'checkbox':
      return [(value) => (value === 'true' ? undefined : msgs.checkbox)]
  }
}

/** What people put around the digits of a phone number: spaces, dashes, dots and parentheses. */
const phoneFormatting = /[\s().-]/g

/**
 * A US phone number as typed ("(770) 555-0142", "770.555.0142", "+1 770 555 0142") reduced to the
 * 10 digits that are stored (docs/contracts.md, "Forms"), or undefined when it is not one: anything
 * but digits and formatting, a '+' other than a leading '+1', too few or too many digits, or an
 * area code starting with 0 or 1 (no US area code does, which is also what makes a leading country
 * code 1 unambiguous).
 */
function normalizePhone(value: string): string | undefined {
  const compact = value.replace(phoneFormatting, '')
  const match = /^(?:\+?1)?([2-9][0-9]{9})$/.exec(compact)
  if (!match) return undefined
  if (compact.startsWith('+') && !compact.startsWith('+1')) return undefined
  return match[1]
}

/**
 * An SSN or EIN as typed or pasted ("123-45-6789", "12-3456789", "123 45 6789") reduced to its 9
 * digits, or undefined when it is not 9 digits with only dashes and spaces around them.
 */
function normalizeTaxNumber(value: string): string | undefined {
  const compact = value.replace(/[\s-]/g, '')
  return /^[0-9]{9}$/.test(compact) ? compact : undefined
}

/**
 * The value a field stores and submits: phone numbers become their 10 digits, an SSN or EIN its 9;
 * anything else is the (trimmed) value as given. Call it on a value its rules accept.
 */
export function normalizeFieldValue(field: Field, value: string): string {
  if (field.kind === 'tel' && field.pattern === 'usPhone') return normalizePhone(value) ?? value
  if (field.kind === 'text' && field.pattern === 'taxNumber') return normalizeTaxNumber(value) ?? value
  return value
}

function countWords(value: string): number {
  return value.split(/\s+/).filter((word) => word !== '').length
}

/**
 * The one validation path, for the browser and the server alike: a string (undefined counts as
 * empty), trimmed; empty only when optional; then the field's rules, the first broken one giving
 * the message. `rules`: rulesOf(field, today, msgs), which the server's schema compiles once a day.
 */
export function checkField(
  field: Field,
  value: unknown,
  rules: readonly Rule[],
  msgs: FieldMessages,
): string | undefined {
  if (value === undefined) return field.required ? msgs.required : undefined
  if (typeof value !== 'string') return msgs.notText
  const trimmed = value.trim()
  if (trimmed === '') return field.required ? msgs.required : undefined
  for (const rule of rules) {
    const problem = rule(trimmed)
    if (problem !== undefined) return problem
  }
  return undefined
}

/**
 * The message for one field's value, or undefined when it is valid (for the browser's field messages).
 * `msgs` translates the messages (content/form-messages.ts); the server's English is the default.
 */
export function validateField(
  field: Field,
  value: unknown,
  today: Date,
  msgs: FieldMessages = messages,
): string | undefined {
  return checkField(field, value, rulesOf(field, today, msgs), msgs)
}
