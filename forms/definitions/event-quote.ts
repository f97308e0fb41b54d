/** The event insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { dateInput } from '../fields.ts'
import { address, contactSection, notesSection, section, todayLimit } from '../groups.ts'

export const eventQuote = defineForm(
  'event-quote',
  'Event insurance quote',
  submitLabels.quote,
  [
    section(
      'Your event',
      dateInput('date', 'Event date', { required: true, min: todayLimit }),
      address({ lines: 'addressLine', venue: true }),
    ),
    contactSection({}),
    notesSection('msg', { required: false }),
  ],
  { pages: ['/insurance/others/event'], line: 'specialty' },
)
