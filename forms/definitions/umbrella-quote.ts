/** The umbrella insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { select } from '../fields.ts'
import { address, contactSection, countOptions, notesSection, policyStartDate, section } from '../groups.ts'

const umbrellaCountsNote =
  "Spec gives two readings of this list; the notes' reading is used (0–5, 6+, None for vehicles; 0–4, 5+, None for properties)."

export const umbrellaQuote = defineForm(
  'umbrella-quote',
  'Umbrella insurance quote',
  submitLabels.quote,
  [
    section(
      'Your household',
      select('vehiclesOwned', 'Vehicles owned', [...countOptions(0, 5), '6+', 'None'], {
        required: true,
        note: umbrellaCountsNote,
      }),
      select('propertiesOwned', 'Properties owned', [...countOptions(0, 4), '5+', 'None'], {
        required: true,
        note: umbrellaCountsNote,
      }),
      select(
        'coverageAmount',
        'Coverage amount',
        ['$1,000,000', '$2,000,000', '$3,000,000', '$4,000,000', '$5,000,000', '$10,000,000+'],
        { required: true },
      ),
      select('trafficTickets3Years', 'Traffic tickets in the past 3 years', [...countOptions(0, 6), '7+'], {
        required: true,
      }),
      select('accidents3Years', 'Accidents in the past 3 years', [...countOptions(0, 5), '6+'], {
        required: true,
      }),
      policyStartDate({ required: true }),
    ),
    contactSection({}, address({ lines: 'address', line1Required: true })),
    notesSection('comment', { required: false }),
  ],
  { pages: ['/insurance/life/umbrella'], line: 'life' },
)
