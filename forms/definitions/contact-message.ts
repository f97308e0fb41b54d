/** The contact message form (spec 000). */
import {
  contactNames,
  defineForm,
  email,
  notes,
  phone,
  section,
  stateSelect,
  submitLabels,
} from '../groups.ts'

export const contactMessage = defineForm(
  'contact-message',
  'Contact message',
  submitLabels.message,
  [
    section(
      'Your contact details',
      contactNames({ pattern: false }),
      email(),
      phone(),
      stateSelect({ required: false }),
    ),
    section('Your message', notes('msg', { required: true })),
  ],
  { pages: ['/contact', '/'], line: 'service', family: 'contact' },
)
