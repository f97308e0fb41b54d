/** What the server keeps, and drops, of a submission's decoy field (forms/honeypot.ts). */
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { honeypotNames } from '#forms/honeypot.ts'

export { isHoneypotFilled } from '#forms/honeypot.ts'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The validated fields without the honeypot's (empty) value: only the definition's own fields are stored. */
export function withoutHoneypot(form: FormDefinition, data: Record<string, string>): Record<string, string> {
  const names = new Set(honeypotNames(form))
  return Object.fromEntries(Object.entries(data).filter(([name]) => !names.has(name)))
}

const spamValueMaxLength = 2000

/**
 * What is kept of a spam submission, for staff who review spam: the form's own fields and the
 * honeypot, as strings of bounded length (spam is not validated, so nothing else is trusted).
 */
export function spamFields(form: FormDefinition, body: unknown): Record<string, string> {
  if (!isRecord(body)) return {}
  const kept: Record<string, string> = {}
  const names = new Set([...allFields(form).map((field) => field.name), ...honeypotNames(form)])
  for (const name of names) {
    const value = body[name]
    if (typeof value === 'string') kept[name] = value.slice(0, spamValueMaxLength)
    else if (value !== undefined && value !== null) kept[name] = jsonText(value).slice(0, spamValueMaxLength)
  }
  return kept
}

/** A bot's value as JSON text; a value nested too deeply to serialise (RangeError) is not kept. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return '[not stored: nested too deeply]'
  }
}
