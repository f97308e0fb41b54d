/** The RV insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import {
  atLeast16YearsAgo,
  claimsAndTickets,
  coverageDesired,
  currentCompany,
  policyExpires,
  requiredThenOptional,
  section,
  vehicle,
} from '../groups.ts'
import { drivers, notesField, vehicleContact } from '../parts/vehicle.ts'

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
    ...drivers({ namePattern: true, dobMax: atLeast16YearsAgo }),
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
