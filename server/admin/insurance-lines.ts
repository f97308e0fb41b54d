import type { InsuranceLine } from '../../forms/engine.ts'
import { getFormDefinition } from '../../forms/registry.ts'

export type { InsuranceLine }

/**
 * How the inbox chart shows each line of insurance. A form's line is a fact of its definition
 * (forms/definitions/<key>.ts, `line`); umbrella sits under life because the site lists it there.
 */
export const insuranceLines = [
  { key: 'vehicle', label: 'Vehicle', color: '#1d4ed8' },
  { key: 'property', label: 'Property', color: '#b45309' },
  { key: 'life', label: 'Life', color: '#7e22ce' },
  { key: 'business', label: 'Business', color: '#047857' },
  { key: 'specialty', label: 'Specialty', color: '#be123c' },
  { key: 'service', label: 'Contact & service', color: '#475569' },
] as const satisfies readonly { key: InsuranceLine; label: string; color: string }[]

/** The line a stored lead's form belongs to; a key no longer registered counts as service. */
export function insuranceLineOf(formKey: string): InsuranceLine {
  return getFormDefinition(formKey)?.line ?? 'service'
}
