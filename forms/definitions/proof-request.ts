/** The proof of insurance request form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { select, text } from '../fields.ts'
import { notes, section } from '../groups.ts'
import { serviceContact } from '../parts/services.ts'

export const proofRequest = defineForm(
  'proof-request',
  'Proof of insurance request',
  submitLabels.message,
  [
    section(
      'Your policy',
      select('type', 'Type of proof', ['id card', 'certificate of insurance', 'declaration pages', 'other'], {
        required: true,
        defaultValue: 'id card',
      }),
      text('carrier', 'Insurance carrier', { required: true }),
      text('policy', 'Policy number', { required: true }),
      select('delivery', 'Delivery', ['email', 'mail', 'fax', 'pickup in agency', 'other'], {
        required: true,
        defaultValue: 'email',
      }),
    ),
    serviceContact,
    section('Your message', notes('msg', { required: false })),
  ],
  { pages: ['/services/proof-insurance'], line: 'service', family: 'service' },
)
