/** The event insurance quote form (spec 001). */
import { dateInput } from '../fields.ts'
import { address, defineForm, notesSection, section, submitLabels, todayLimit } from '../groups.ts'
import { contactFields } from '../parts/specialty.ts'

export const eventQuote = defineForm(
  'event-quote',
  'Event insurance quote',
  submitLabels.quote,
  [
    section(
      'Your event',
      dateInput('date', 'Event date', { required: true, min: todayLimit }),
      address({
        lines: 'addressLine',
        line1Required: false,
        zipName: 'zipCode',
        zipRequired: false,
        stateRequired: false,
        venue: true,
      }),
    ),
    section('Your contact details', contactFields),
    notesSection('msg', { required: false }),
  ],
  { pages: ['/insurance/others/event'], line: 'specialty' },
)
