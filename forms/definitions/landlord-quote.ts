/** The landlord insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { numberInput } from '../fields.ts'
import { notesSection, policyStartDate, section } from '../groups.ts'
import { propertyContact } from '../parts/property.ts'

export const landlordQuote = defineForm(
  'landlord-quote',
  'Landlord insurance quote',
  submitLabels.quote,
  [
    section(
      'Your rental property',
      numberInput('numberUnits', 'Number of units', {
        required: true,
        min: 1,
        max: 10_000,
        note: 'Spec silent on the type: a whole number 1–10,000.',
      }),
      numberInput('squareFeet', 'Total square feet', {
        required: true,
        min: 1,
        max: 10_000_000,
        note: 'Spec silent on the type: a whole number 1–10,000,000.',
      }),
      policyStartDate({ required: true }),
    ),
    propertyContact({ zipName: 'zip', zipRequired: true, stateRequired: false }),
    notesSection('comment', { required: false }),
  ],
  { pages: ['/insurance/property/landlord'], line: 'property' },
)
