/**
 * The submission schema, derived from a form definition: the server validates every POST with it and
 * the browser may use it for its messages. It checks every rule the browser's native validation
 * checks (and the few the browser cannot: strings only, single-line text, real calendar dates).
 *
 * Normalisation (the contract of the parsed data):
 * - every value is a string, trimmed; a non-string (number, null, array, object) is rejected;
 * - phone numbers are reduced to their 10 digits ("(770) 555-0142" is stored as 7705550142);
 * - empty optional fields are left out: the data holds only the fields that have a value
 *   (an unticked checkbox is absent, a ticked one is 'true');
 * - fields the definition does not have are dropped.
 *
 * Date limits allow one day of slack on each side: the visitor's today may differ from the server's.
 */
import { z } from 'zod'
import { toIsoDate } from './dates.ts'
import type { Field, FormDefinition } from './engine.ts'
import { allFields } from './engine.ts'
import { checkField, messages, normalizeFieldValue, rulesOf } from './field-rules.ts'

/**
 * The schema of one field: zod is only the shape; checkField (forms/field-rules.ts) decides, the
 * same function the browser runs. A valid value comes out trimmed and normalised, an empty one
 * as undefined.
 */
function fieldSchema(field: Field, today: Date): z.ZodType<string | undefined> {
  const rules = rulesOf(field, today, messages)
  const checked = z
    .unknown()
    .superRefine((value, context) => {
      const problem = checkField(field, value, rules, messages)
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
    })
    .transform((value) => {
      const trimmed = typeof value === 'string' ? value.trim() : ''
      return trimmed === '' ? undefined : normalizeFieldValue(field, trimmed)
    })
  // An optional field may be missing or empty (it comes out undefined); a required one never is.
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
export { isHoneypotFilled as isHoneypotHit } from './honeypot.ts'
