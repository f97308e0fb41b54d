/** The business owner's policy (BOP) quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { contactSection, notesSection, policyStartDate, section } from '../groups.ts'
import { businessDescription, businessName, optionalBusinessAddress } from '../parts/business.ts'

export const bopQuote = defineForm(
  'bop-quote',
  "Business owner's policy (BOP) quote",
  submitLabels.quote,
  [
    section('Your business', policyStartDate({ required: true }), businessName, businessDescription),
    contactSection({}, optionalBusinessAddress),
    notesSection('additionalInfo', { required: false }),
  ],
  { pages: ['/insurance/business/bop'], line: 'business' },
)
