/** The business owner's policy (BOP) quote form (spec 001). */
import {
  contactNames,
  defineForm,
  email,
  notesSection,
  phone,
  policyStartDate,
  section,
  submitLabels,
} from '../groups.ts'
import { businessDescription, businessName, optionalBusinessAddress } from '../parts/business.ts'

export const bopQuote = defineForm(
  'bop-quote',
  "Business owner's policy (BOP) quote",
  submitLabels.quote,
  [
    section('Your business', policyStartDate({ required: true }), businessName, businessDescription),
    section(
      'Your contact details',
      contactNames({ pattern: true }),
      email(),
      phone(),
      optionalBusinessAddress,
    ),
    notesSection('additionalInfo', { required: false }),
  ],
  { pages: ['/insurance/business/bop'], line: 'business' },
)
