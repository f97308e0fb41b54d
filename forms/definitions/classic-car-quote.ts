/** The classic car insurance quote form (spec 000). */
import {
  claimsAndTickets,
  coverageDesired,
  currentCompany,
  defineForm,
  driver,
  policyExpires,
  requiredThenOptional,
  section,
  submitLabels,
  vehicle,
} from '../groups.ts'
import { notesField, vehicleContact } from '../parts/vehicle.ts'

export const classicCarQuote = defineForm(
  'classic-car-quote',
  'Classic car insurance quote',
  submitLabels.quote,
  [
    ...requiredThenOptional(
      ['Vehicle 1', 'Vehicle 2'],
      { add: 'Add a second vehicle', remove: 'Remove the second vehicle' },
      (n, required) => vehicle(n, { required, leasedLabel: 'Is vehicle leased?' }),
    ),
    ...requiredThenOptional(
      ['Primary driver', 'Additional driver'],
      { add: 'Add another driver', remove: 'Remove the additional driver' },
      (n, required) => driver(n, { required, namePattern: false }),
    ),
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
