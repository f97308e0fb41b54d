/** The general liability insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { select, text, textarea } from '../fields.ts'
import { claimsHistory, count, dollars, email, experience, phone, section, yesNoOptions } from '../groups.ts'
import { optionalBusinessAddress } from '../parts/business.ts'

export const generalLiabilityQuote = defineForm(
  'general-liability-quote',
  'General liability insurance quote',
  submitLabels.quote,
  [
    section(
      'Your business',
      text('companyName', 'Company name', { required: true, autoComplete: 'organization' }),
      text('ein', 'Employer Identification Number (EIN)', {
        required: true,
        sensitive: true,
        pattern: 'taxNumber',
        maxLength: 20,
        autoComplete: 'off',
        hint: '9 digits. A dash is fine.',
        note: 'Spec silent on the format: 9 digits, typed or pasted with a dash or spaces (shared/DESIGN.md); the 9 digits are sent and stored. Sensitive: never mailed or logged.',
      }),
      select('occupancy', 'Occupancy', ['Home Based', 'Office Based'], { required: true }),
      count('owners', 'Number of owners', { required: false }),
      dollars('ownersPayroll', "Owners' annual payroll (US dollars)", { required: false }),
      dollars('employeesPayroll', "Employees' annual payroll (US dollars)", { required: false }),
      dollars('subcontractCost', 'Annual subcontracting cost (US dollars)', { required: false }),
      experience(),
      select('security', 'Security measures (alarm, cameras or guards)?', yesNoOptions, {
        required: false,
        note: 'Spec: a choice whose options are not shown; a Yes/No question.',
      }),
      text('markets', 'Markets you serve (for example residential, commercial)', {
        required: false,
        note: 'Spec: options not shown; free text, since a business may serve several markets.',
      }),
      claimsHistory({ required: false }),
      textarea('workDescription', 'Describe your work (at least 10 words)', {
        required: false,
        minWords: 10,
        note: 'Spec: the label asks for at least 10 words, enforcement not shown. Enforced (browser and server, through the schema) when the field is filled; it stays optional.',
      }),
    ),
    section('Your contact details', email(), phone(), optionalBusinessAddress),
  ],
  { pages: ['/insurance/business/general-liability'], line: 'business' },
)
