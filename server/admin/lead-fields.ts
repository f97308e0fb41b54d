/**
 * A stored lead as staff read it: each field under its label, in the form's order (the same
 * definition that drew the form), sensitive values masked unless revealed.
 */
import { languageNames as names } from '#content/languages.ts'
import { allFields, type Field, type FormDefinition } from '#forms/engine.ts'
import { honeypotFieldName, isHoneypotField } from '#forms/honeypot.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { visitorName } from '#forms/visitor-name.ts'
import { decryptValue, maskValue } from '../security/sensitive-fields.ts'

export interface FieldView {
  name: string
  label: string
  /** What staff see: the value, 'Yes' for a ticked box, or the mask of a sensitive value. */
  display: string
  given: boolean
  sensitive: boolean
  /** True when `display` is the plain sensitive value (after a recorded reveal). */
  revealed: boolean
}

export interface SectionView {
  legend: string
  fields: FieldView[]
}

const unreadableValue = '[cannot be decrypted with the current key]'

export function isHoneypot(field: Field): boolean {
  return field.name === honeypotFieldName || isHoneypotField(field)
}

/** The fields staff read: the form's own, without the decoy (its value is in `otherFields`). */
export function staffFields(form: FormDefinition): Field[] {
  return allFields(form).filter((field) => !isHoneypot(field))
}

function decryptOrMark(stored: string, key: Buffer): string | undefined {
  try {
    return decryptValue(stored, key)
  } catch {
    return undefined
  }
}

/** A field's value for display or export: sensitive ones masked (or plain when revealed). */
export function displayValue(field: Field, stored: string | undefined, key: Buffer, reveal = false): string {
  if (stored === undefined || stored === '') return ''
  if (field.sensitive) {
    const plain = decryptOrMark(stored, key)
    if (plain === undefined) return unreadableValue
    return reveal ? plain : maskValue(plain)
  }
  if (field.kind === 'checkbox') return stored === 'true' ? 'Yes' : stored
  return stored
}

function fieldView(field: Field, stored: string | undefined, key: Buffer, revealed: ReadonlySet<string>) {
  const reveal = Boolean(field.sensitive && revealed.has(field.name))
  return {
    name: field.name,
    label: field.label,
    display: displayValue(field, stored, key, reveal),
    given: stored !== undefined && stored !== '',
    sensitive: Boolean(field.sensitive),
    revealed: reveal && stored !== undefined && stored !== '',
  } satisfies FieldView
}

export function leadSections(
  form: FormDefinition,
  fields: Record<string, string>,
  key: Buffer,
  revealed: ReadonlySet<string> = new Set(),
): SectionView[] {
  return form.sections
    .map((section) => ({
      legend: section.legend,
      fields: section.fields
        .filter((field) => !isHoneypot(field))
        .map((field) => fieldView(field, fields[field.name], key, revealed)),
    }))
    .filter((section) => section.fields.length > 0)
}

/** Stored values the form does not show: the decoy of a spam submission, fields of a retired form. */
export function otherFields(
  form: FormDefinition | undefined,
  fields: Record<string, string>,
): [string, string][] {
  const shown = new Set(form ? staffFields(form).map((field) => field.name) : [])
  return Object.entries(fields).filter(([name, value]) => !shown.has(name) && value !== '')
}

/** A name for the inbox list: the person, else the business, else the e-mail. */
export function leadDisplayName(fields: Record<string, string>): string {
  return visitorName(fields) || fields.email || 'No name given'
}

export function formTitle(formKey: string): string {
  return getFormDefinition(formKey)?.title ?? formKey
}

/** A stored language code in staff's words; an unknown one is shown as it is. */
export const languageNames: Record<string, string> = { en: names.en.english, es: names.es.english }
