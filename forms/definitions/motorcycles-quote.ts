/** The motorcycle insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { noted } from '../fields.ts'
import {
  atLeast16YearsAgo,
  claimsAndTickets,
  commute,
  coverageDesired,
  currentCompany,
  policyExpiresMonthsDays,
  policyStartDate,
  requiredThenOptional,
  section,
  vehicle,
} from '../groups.ts'
import { drivers, notesField, vehicleContact } from '../parts/vehicle.ts'

const motorcycleRequiredNote =
  'Spec marks only currentCompany and policyStartDate optional among these, so the others are required.'

export const motorcyclesQuote = defineForm(
  'motorcycles-quote',
  'Motorcycle insurance quote',
  submitLabels.quote,
  [
    ...requiredThenOptional(
      ['Motorcycle 1', 'Motorcycle 2'],
      { add: 'Add a second motorcycle', remove: 'Remove the second motorcycle' },
      (n, required) => [
        ...vehicle(n, { required, leasedLabel: 'Is Motorcycle Leased?' }),
        ...commute(n, { required }),
      ],
    ),
    ...drivers({ dobMax: atLeast16YearsAgo }),
    section(
      'Your current policy',
      currentCompany({ required: false }),
      noted(
        motorcycleRequiredNote,
        policyExpiresMonthsDays({ required: true }),
        claimsAndTickets({ required: true }),
        coverageDesired({ required: true }),
      ),
      policyStartDate({ required: false }),
      notesField,
    ),
    vehicleContact(),
  ],
  { pages: ['/insurance/vehicle/motorcycle'], line: 'vehicle' },
)
