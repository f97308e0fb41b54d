/** The ATV insurance quote form (spec 000). */
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

export const atvQuote = defineForm(
  'atv-quote',
  'ATV insurance quote',
  submitLabels.atv,
  [
    ...requiredThenOptional(
      ['Vehicle 1', 'Vehicle 2'],
      { add: 'Add a second vehicle', remove: 'Remove the second vehicle' },
      (n, required) => vehicle(n, { required, leasedLabel: 'Is vehicle leased?' }),
    ),
    ...requiredThenOptional(
      ['Primary operator', 'Additional operator'],
      { add: 'Add another operator', remove: 'Remove the additional operator' },
      (n, required) =>
        driver(n, {
          required,
          namePattern: false,
          dobMax: atLeast16YearsAgo,
          dobNote:
            'Spec limits the date of birth on boat, motorcycle and RV only; the minimum operator age of 16 (section 9) applies to ATV operators too.',
        }),
    ),
    vehicleContact({ namePattern: true }),
    section(
      'Your current policy',
      currentCompany({ required: true }),
      policyExpires('policyExpiresIn', { required: true }),
      claimsAndTickets({ required: true }),
      coverageDesired({ required: true }),
      notesField,
    ),
  ],
  { pages: ['/insurance/vehicle/atv'], line: 'vehicle', submitAlwaysEnabled: true },
)
