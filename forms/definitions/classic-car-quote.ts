/** The classic car insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { claimsAndTickets, coverageDesired, currentCompany, policyExpires, section } from '../groups.ts'
import { drivers, notesField, twoVehicles, vehicleContact } from '../parts/vehicle.ts'

export const classicCarQuote = defineForm(
  'classic-car-quote',
  'Classic car insurance quote',
  submitLabels.quote,
  [
    ...twoVehicles(),
    ...drivers({ namePattern: false }),
    section(
      'Your current policy',
      currentCompany({ required: true }),
      policyExpires('policyExpiresIn', { required: true }),
      claimsAndTickets({ required: false }),
      coverageDesired({ required: true }),
      notesField,
    ),
    vehicleContact({ namePattern: false }),
  ],
  { pages: ['/insurance/vehicle/classic-car'], line: 'vehicle' },
)
