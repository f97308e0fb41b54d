/** The classic car insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { currentPolicy, drivers, twoVehicles, vehicleContact } from '../parts/vehicle.ts'

export const classicCarQuote = defineForm(
  'classic-car-quote',
  'Classic car insurance quote',
  submitLabels.quote,
  [
    ...twoVehicles(),
    ...drivers({}),
    currentPolicy('policyExpiresIn', true, { claimsRequired: false }),
    vehicleContact(),
  ],
  { pages: ['/insurance/vehicle/classic-car'], line: 'vehicle' },
)
