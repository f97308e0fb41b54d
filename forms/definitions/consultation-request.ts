/** The free consultation request form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { select } from '../fields.ts'
import { notes, section } from '../groups.ts'
import { serviceContact } from '../parts/services.ts'

export const consultationRequest = defineForm(
  'consultation-request',
  'Free consultation request',
  submitLabels.message,
  [
    section(
      'Your consultation',
      select('consultationType', 'Consultation type', ['Telephone', 'Face-to-Face', 'Other'], {
        required: true,
        defaultValue: 'Telephone',
      }),
    ),
    serviceContact,
    section('Your message', notes('msg', { required: true })),
  ],
  { pages: ['/services/free-consultation'], line: 'service', family: 'service' },
)
