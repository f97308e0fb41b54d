/** Parts shared by the property forms (forms/definitions/*.ts). */
import type { FormSection } from '../engine.ts'
import { address, contactSection } from '../groups.ts'

/**
 * The property forms' contact fields: names letters-only, address1 and city required; the ZIP code
 * is zipCode (optional) on flood and zip (required) on landlord and renters.
 */
export function propertyContact(zip: {
  zipName: 'zip' | 'zipCode'
  zipRequired: boolean
  stateRequired: boolean
}): FormSection {
  return contactSection({}, address({ lines: 'address', line1Required: true, ...zip }))
}
