/** The animal liability insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { address, contactSection, notesSection, policyStartDate, section } from '../groups.ts'

export const animalLiabilityQuote = defineForm(
  'animal-liability-quote',
  'Animal liability insurance quote',
  submitLabels.quote,
  [
    section('Your policy', policyStartDate({ required: true })),
    contactSection({}, address({ lines: 'addressLine' })),
    notesSection('additionalInfo', { required: false }),
  ],
  { pages: ['/insurance/others/animal-liability'], line: 'specialty' },
)
