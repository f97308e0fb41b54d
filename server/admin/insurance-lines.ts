import { type InsuranceLine, leadLine } from '#forms/engine.ts'
import { getFormDefinition } from '#forms/registry.ts'

export type { InsuranceLine }

/**
 * How the inbox chart shows each line of insurance. A form's line is a fact of its definition
 * (forms/definitions/<key>.ts, `line`); umbrella sits under life because the site lists it there.
 */
export const insuranceLineLabels = [
  { key: 'vehicle', label: 'Vehicle', color: '#1d4ed8' },
  { key: 'property', label: 'Property', color: '#b45309' },
  { key: 'life', label: 'Life', color: '#7e22ce' },
  { key: 'business', label: 'Business', color: '#047857' },
  { key: 'specialty', label: 'Specialty', color: '#be123c' },
  { key: 'service', label: 'Contact & service', color: '#475569' },
] as const satisfies readonly { key: InsuranceLine; label: string; color: string }[]

/**
 * The line a stored lead counts under: its form's, or for the general quote request the line of the
 * "Type of insurance" the visitor chose (`answer`); a key no longer registered counts as service.
 */
export function insuranceLineOf(formKey: string, answer?: string | null): InsuranceLine {
  const form = getFormDefinition(formKey)
  return form ? leadLine(form, answer) : 'service'
}

/** The label of a stored lead's line ("Vehicle"), read from its form and, where asked, the visitor's answer. */
export function leadLineLabel(formKey: string, fields: Readonly<Record<string, string | undefined>>): string {
  const form = getFormDefinition(formKey)
  const answer = form?.lineByAnswer ? fields[form.lineByAnswer.field] : undefined
  const line = insuranceLineOf(formKey, answer)
  return insuranceLineLabels.find((entry) => entry.key === line)?.label ?? line
}
