/** Parts shared by the vehicle forms (forms/definitions/*.ts). */
import type { FormSection } from '../engine.ts'
import { address, contactNames, email, notes, phone, section } from '../groups.ts'

/** The contact block of every vehicle form: address1 and city required, zipCode optional. */
export function vehicleContact({ namePattern }: { namePattern: boolean }): FormSection {
  return section(
    'Your contact details',
    contactNames({ pattern: namePattern }),
    email(),
    phone(),
    address({
      lines: 'address',
      line1Required: true,
      zipName: 'zipCode',
      zipRequired: false,
      stateRequired: false,
    }),
  )
}

export const notesField = notes('message', { required: false })
