/** The RV insurance quote form (spec 000). */
import {
  atLeast16YearsAgo,
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

export const rvQuote = defineForm(
  'rv-quote',
  'RV insurance quote',
  submitLabels.quote,
  [
    ...requiredThenOptional(
      ['RV 1', 'RV 2'],
      { add: 'Add a second RV', remove: 'Remove the second RV' },
      (n, required) => vehicle(n, { required, leasedLabel: 'Is RV leased?' }),
    ),
    ...requiredThenOptional(
      ['Primary driver', 'Additional driver'],
      { add: 'Add another driver', remove: 'Remove the additional driver' },
      (n, required) => driver(n, { required, namePattern: true, dobMax: atLeast16YearsAgo }),
    ),
    section(
      'Your current policy',
      currentCompany({ required: false }),
      policyExpires('policyExpires', { required: false }),
      claimsAndTickets({ required: false }),
      coverageDesired({ required: false }),
      notesField,
    ),
    vehicleContact({ namePattern: true }),
  ],
  { pages: ['/insurance/vehicle/rv'], line: 'vehicle' },
)
