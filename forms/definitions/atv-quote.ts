/** The ATV insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { atLeast16YearsAgo, driver, requiredThenOptional } from '../groups.ts'
import { currentPolicy, twoVehicles, vehicleContact } from '../parts/vehicle.ts'

export const atvQuote = defineForm(
  'atv-quote',
  'ATV insurance quote',
  submitLabels.atv,
  [
    ...twoVehicles(),
    ...requiredThenOptional(
      ['Primary operator', 'Additional operator'],
      { add: 'Add another operator', remove: 'Remove the additional operator' },
      (n, required) =>
        driver(n, {
          required,
          dobMax: atLeast16YearsAgo,
          dobNote:
            'Spec limits the date of birth on boat, motorcycle and RV only; the minimum operator age of 16 (section 9) applies to ATV operators too.',
        }),
    ),
    vehicleContact(),
    currentPolicy('policyExpiresIn', true),
  ],
  { pages: ['/insurance/vehicle/atv'], line: 'vehicle', submitAlwaysEnabled: true },
)
