/**
 * The submission schema, derived from a form definition: the server validates every POST with it and
 * the browser may use it for its messages. It checks every rule the browser's native validation
 * checks (and the few the browser cannot: strings only, single-line text, real calendar dates).
 *
 * Normalisation (the contract of the parsed data):
 * - every value is a string, trimmed; a non-string (number, null, array, object) is rejected;
 * - empty optional fields are left out: the data holds only the fields that have a value
 *   (an unticked checkbox is absent, a ticked one is 'true');
 * - fields the definition does not have are dropped.
 *
 * Date limits allow one day of slack on each side: the visitor's today may differ from the server's.
 */
import { z } from 'zod'
import { addDays, parseIsoDate, resolveDateLimit, toIsoDate } from './dates.ts'
import type { DateField, DateLimit, Field, FormDefinition, PatternName, TextField } from './engine.ts'
import { allFields } from './engine.ts'
import { patternMessage, patternRegExp } from './patterns.ts'

/** Length limits when a text field sets none (the renderer puts them in `maxlength`). */
export const defaultMaxLength: Record<TextField['kind'], number> = {
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
  email: string
  option: string
  checkbox: string
  wholeNumber: string
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

/** The English messages, one per kind of problem. */
export const messages: FieldMessages = {
  required: 'This field is required.',
  notText: 'Send this field as text.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  singleLine: 'Use a single line without control characters.',
  controlCharacters: 'Remove the control characters from this text.',
  email: 'Enter a valid e-mail address, for example name@example.com.',
  option: 'Choose one of the listed options.',
  checkbox: "Tick the box or leave it empty (a ticked box sends 'true').",
  wholeNumber: 'Enter a whole number.',
  numberRange: (min: number, max: number) => `Enter a number from ${min} to ${max}.`,
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  realDate: 'Enter a real calendar date.',
  minWords: (count: number) => `Write at least ${count} words.`,
  dateMin: (limit: DateLimit) =>
    limit.kind === 'today'
      ? 'Choose today or a later date.'
      : `Choose a date at most ${limit.years} years ago.`,
  dateMax: (limit: DateLimit) =>
    limit.kind === 'today'
      ? 'Choose today or an earlier date.'
      : `Choose a date at least ${limit.years} years ago.`,
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
/** Any control character (single-line fields: a browser's text input never sends one). */
const anyControl = /\p{Cc}/u
/** Control characters other than tab and line breaks (textareas). */
const unexpectedControl = /(?![\t\n\r])\p{Cc}/u

/** A date limit resolved for a today, widened by one day of slack. */
function dateBounds(field: DateField, today: Date): { min?: string; max?: string } {
  return {
    ...(field.min ? { min: addDays(resolveDateLimit(field.min, today), -1) } : {}),
    ...(field.max ? { max: addDays(resolveDateLimit(field.max, today), 1) } : {}),
  }
}

/** A rule for a non-empty trimmed value: its message when the value breaks it. */
type Rule = (value: string) => string | undefined

/** The rules of a field, in the order they are checked (the first broken one gives the message). */
function rulesOf(field: Field, today: Date, msgs: FieldMessages): Rule[] {
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
      const { pattern, minWords } = field
      if (pattern)
        rules.push((value) => (patternRegExp(pattern).test(value) ? undefined : msgs.pattern(pattern)))
      if (field.kind === 'email') rules.push((value) => (emailPattern.test(value) ? undefined : msgs.email))
      if (minWords !== undefined) {
        rules.push((value) => (countWords(value) >= minWords ? undefined : msgs.minWords(minWords)))
      }
      return rules
    }
    case 'number': {
      const { min, max } = field
      return [
        (value) =>
          value.length <= numberMaxLength && integerPattern.test(value) ? undefined : msgs.wholeNumber,
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

export function countWords(value: string): number {
  return value.split(/\s+/).filter((word) => word !== '').length
}

/** The schema of one field: a trimmed string checked by its rules; an empty value becomes undefined. */
function fieldSchema(
  field: Field,
  today: Date,
  msgs: FieldMessages = messages,
): z.ZodType<string | undefined> {
  const rules = rulesOf(field, today, msgs)
  const checked = z
    .string({
      error: (issue) => (issue.input === undefined ? msgs.required : msgs.notText),
    })
    .trim()
    .superRefine((value, context) => {
      if (value === '') {
        if (field.required) context.addIssue({ code: 'custom', message: msgs.required })
        return
      }
      for (const rule of rules) {
        const problem = rule(value)
        if (problem !== undefined) {
          context.addIssue({ code: 'custom', message: problem })
          return
        }
      }
    })
    .transform((value) => (value === '' ? undefined : value))
  return field.required ? checked : checked.optional()
}

export type SubmissionSchema = z.ZodObject<Record<string, z.ZodType<string | undefined>>>

/**
 * The zod object schema of a form for a given today (resolved date limits, one day of slack).
 * Unknown keys are stripped; empty optional fields come out as undefined (validateSubmission drops them).
 */
export function buildSchema(form: FormDefinition, today: Date): SubmissionSchema {
  const shape: Record<string, z.ZodType<string | undefined>> = {}
  for (const field of allFields(form)) shape[field.name] = fieldSchema(field, today)
  return z.object(shape)
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
  const result = fieldSchema(field, today, msgs).safeParse(value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? msgs.required)
}

export type SubmissionResult =
  | { ok: true; data: Record<string, string> }
  /** `error`: a problem with the body as a whole (field messages are in `fields`). */
  | { ok: false; fields: Record<string, string>; error?: string }

interface Compiled {
  day: string
  schema: SubmissionSchema
  fieldNames: ReadonlySet<string>
}

/** Schemas by form, rebuilt when the local day changes (date limits depend on it). */
const cache = new WeakMap<FormDefinition, Compiled>()

function compiled(form: FormDefinition, today: Date): Compiled {
  const day = toIsoDate(today)
  const cached = cache.get(form)
  if (cached && cached.day === day) return cached
  const entry = {
    day,
    schema: buildSchema(form, today),
    fieldNames: new Set(allFields(form).map((field) => field.name)),
  }
  cache.set(form, entry)
  return entry
}

/**
 * The body's own enumerable data properties, copied onto an object without a prototype: getters are
 * not run, inherited properties are not read, and a key such as '__proto__' stays a plain key.
 * Anything that is not a plain object (null, arrays, strings…) counts as an empty submission.
 */
function ownFields(body: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fields
  for (const key of Object.keys(body)) {
    const descriptor = Object.getOwnPropertyDescriptor(body, key)
    if (descriptor && 'value' in descriptor) fields[key] = descriptor.value
  }
  return fields
}

/**
 * Validates a submitted body against a form: the parsed data (only fields with a value) or one English
 * message per invalid field. Never throws, whatever the body.
 */
export function validateSubmission(form: FormDefinition, body: unknown, today: Date): SubmissionResult {
  try {
    const { schema, fieldNames } = compiled(form, today)
    const result = schema.safeParse(ownFields(body))
    if (result.success) {
      const data: Record<string, string> = {}
      for (const [name, value] of Object.entries(result.data)) {
        if (typeof value === 'string' && value !== '' && fieldNames.has(name)) data[name] = value
      }
      return { ok: true, data }
    }
    const fields: Record<string, string> = {}
    for (const issue of result.error.issues) {
      const name = issue.path[0]
      if (typeof name === 'string' && fieldNames.has(name) && !Object.hasOwn(fields, name))
        fields[name] = issue.message
    }
    return { ok: false, fields }
  } catch {
    // Unreachable for JSON bodies; a proxy or an exotic object lands here rather than crashing the server.
    return { ok: false, fields: {}, error: messages.notAnObject }
  }
}

/** Whether the data has a filled honeypot (the server stores such a lead as spam and never mails it). */
export function isHoneypotHit(form: FormDefinition, data: Record<string, string>): boolean {
  return allFields(form).some(
    (field) => field.kind === 'text' && field.honeypot === true && Boolean(data[field.name]),
  )
}
