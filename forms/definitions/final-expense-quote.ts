/** The final expense insurance quote form (spec 001). */
import {
  address,
  contactNames,
  defineForm,
  email,
  notesSection,
  phone,
  section,
  submitLabels,
} from '../groups.ts'
import { ownBirthDate } from '../parts/life.ts'

export const finalExpenseQuote = defineForm(
  'final-expense-quote',
  'Final expense insurance quote',
  submitLabels.quote,
  [
    section('About you', ownBirthDate('dob')),
    section(
      'Your contact details',
      contactNames({ pattern: true }),
      email(),
      phone(),
      address({
        lines: 'address',
        line1Required: false,
        zipName: 'zipCode',
        zipRequired: false,
        stateRequired: false,
      }),
    ),
    notesSection('comment', { required: true }),
  ],
  { pages: ['/insurance/life/final-expense'], line: 'life' },
)
