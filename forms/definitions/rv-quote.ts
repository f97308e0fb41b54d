/** The RV insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { atLeast16YearsAgo, requiredThenOptional, vehicle } from '../groups.ts'
import { currentPolicy, drivers, vehicleContact } from '../parts/vehicle.ts'

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
    ...drivers({ dobMax: atLeast16YearsAgo }),
    currentPolicy('policyExpires', false),
    vehicleContact(),
  ],
  { pages: ['/insurance/vehicle/rv'], line: 'vehicle' },
)
