/**
 * The decoy field every form carries (docs/contracts.md, "Spam"): people never see it, bots fill
 * it. Its name and the one test of "filled" live here, for the form definitions, the browser's form,
 * the server's submission route (JSON and no-JS posts alike) and the desk.
 */
import type { Field, FormDefinition, TextField } from './engine.ts'

export const honeypotFieldName = 'company'

/** Whether a field of a definition is a decoy (forms/groups.ts `honeypot()`). */
export function isHoneypotField(field: Field): field is TextField & { honeypot: true } {
  return field.kind === 'text' && field.honeypot === true
}

/** `company` plus any field the definition marks as a honeypot (its `honeypotFields`). */
export function honeypotNames(form: FormDefinition): string[] {
  return [...new Set([honeypotFieldName, ...form.honeypotFields])]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false
  return typeof value === 'string' ? value.trim() !== '' : true
}

/**
 * True when a submission has something in a honeypot field: a raw body (checked before validation,
 * so a bot learns nothing) or validated data alike.
 */
export function isHoneypotFilled(form: FormDefinition, body: unknown): boolean {
  return isRecord(body) && honeypotNames(form).some((name) => isFilled(body[name]))
}
