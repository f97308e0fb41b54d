/** The animal liability insurance quote form (spec 001). */
import { address, defineForm, notesSection, policyStartDate, section, submitLabels } from '../groups.ts'
import { contactFields } from '../parts/specialty.ts'

export const animalLiabilityQuote = defineForm(
  'animal-liability-quote',
  'Animal liability insurance quote',
  submitLabels.quote,
  [
    section('Your policy', policyStartDate({ required: true })),
    section(
      'Your contact details',
      contactFields,
      address({
        lines: 'addressLine',
        line1Required: false,
        zipName: 'zipCode',
        zipRequired: false,
        stateRequired: false,
      }),
    ),
    notesSection('additionalInfo', { required: false }),
  ],
  { pages: ['/insurance/others/animal-liability'], line: 'specialty' },
)
