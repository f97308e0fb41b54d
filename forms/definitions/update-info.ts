/** The information update form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { notes, section } from '../groups.ts'
import { serviceContact } from '../parts/services.ts'

export const updateInfo = defineForm(
  'update-info',
  'Information update',
  submitLabels.message,
  [
    serviceContact,
    section('Your new information', notes('msg', { required: true, label: 'The new information' })),
  ],
  { pages: ['/services/update-info'], line: 'service', family: 'service' },
)
