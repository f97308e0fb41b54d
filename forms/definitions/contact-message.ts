/** The contact message form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { contactSection, notes, section, stateSelect } from '../groups.ts'

export const contactMessage = defineForm(
  'contact-message',
  'Contact message',
  submitLabels.message,
  [
    contactSection({}, stateSelect({ required: false })),
    section('Your message', notes('msg', { required: true })),
  ],
  { pages: ['/contact', '/'], line: 'service', family: 'contact' },
)
