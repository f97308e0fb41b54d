/** The boat insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import {
  boat,
  boatOperator,
  closedSection,
  coverageDesired,
  legend,
  requiredThenOptional,
  section,
} from '../groups.ts'
import { notesField, vehicleContact } from '../parts/vehicle.ts'

const boatOne = boat(1, { required: true })

export const boatQuote = defineForm(
  'boat-quote',
  'Boat insurance quote',
  submitLabels.quote,
  [
    section(
      'Boat 1',
      boatOne.filter((field) => field.required),
    ),
    // Boat 1's three optional questions wait behind their own control: with the second boat and
    // operator closed too, the form opens with 28 fields instead of 51 (the budget is 30).
    closedSection(
      'Boat 1: engine and storage (optional)',
      { add: 'Add engine and storage details', remove: 'Remove the engine and storage details' },
      boatOne.filter((field) => !field.required),
    ),
    closedSection(
      legend('Boat 2', false),
      { add: 'Add a second boat', remove: 'Remove the second boat' },
      boat(2, { required: false }),
    ),
    ...requiredThenOptional(
      ['Primary operator', 'Additional operator'],
      { add: 'Add another operator', remove: 'Remove the additional operator' },
      (n, required) => boatOperator(n, { required }),
    ),
    section('Coverage', coverageDesired({ required: true }), notesField),
    vehicleContact(),
  ],
  { pages: ['/insurance/vehicle/boat'], line: 'vehicle' },
)
