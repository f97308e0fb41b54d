/** Parts shared by the vehicle forms (forms/definitions/*.ts). */
import type { DateLimit, FormSection } from '../engine.ts'
import {
  address,
  claimsAndTickets,
  contactSection,
  coverageDesired,
  currentCompany,
  driver,
  notes,
  policyExpires,
  requiredThenOptional,
  section,
  vehicle,
} from '../groups.ts'

/** The contact block of every vehicle form: address1 and city required, zipCode optional. */
export function vehicleContact(): FormSection {
  return contactSection({}, address({ lines: 'address', line1Required: true }))
}

export const notesField = notes('message', { required: false })

/**
 * 'Your current policy' (ATV, classic car, RV): company, expiry, claims and tickets, coverage, then
 * the notes; all required or all optional, but the classic car's optional claims and tickets.
 */
export function currentPolicy(
  expiresName: 'policyExpiresIn' | 'policyExpires',
  required: boolean,
  { claimsRequired = required }: { claimsRequired?: boolean } = {},
): FormSection {
  return section(
    'Your current policy',
    currentCompany({ required }),
    policyExpires(expiresName, { required }),
    claimsAndTickets({ required: claimsRequired }),
    coverageDesired({ required }),
    notesField,
  )
}

/** Vehicle 1 and, behind its control, vehicle 2 (ATV, classic car). */
export function twoVehicles(): FormSection[] {
  return requiredThenOptional(
    ['Vehicle 1', 'Vehicle 2'],
    { add: 'Add a second vehicle', remove: 'Remove the second vehicle' },
    (n, required) => vehicle(n, { required, leasedLabel: 'Is vehicle leased?' }),
  )
}

/** The primary driver and, behind its control, an additional one (classic car, motorcycle, RV). */
export function drivers(options: { dobMax?: DateLimit }): FormSection[] {
  return requiredThenOptional(
    ['Primary driver', 'Additional driver'],
    { add: 'Add another driver', remove: 'Remove the additional driver' },
    (n, required) => driver(n, { required, ...options }),
  )
}
