/** The final expense insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { address, contactSection, notesSection, section } from '../groups.ts'
import { ownBirthDate } from '../parts/life.ts'

export const finalExpenseQuote = defineForm(
  'final-expense-quote',
  'Final expense insurance quote',
  submitLabels.quote,
  [
    section('About you', ownBirthDate('dob')),
    contactSection({}, address({ lines: 'address' })),
    notesSection('comment', { required: true }),
  ],
  { pages: ['/insurance/life/final-expense'], line: 'life' },
)
