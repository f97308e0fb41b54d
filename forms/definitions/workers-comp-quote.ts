/** The workers' compensation quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { dateInput, select, text, textarea } from '../fields.ts'
import {
  closedSection,
  count,
  dollars,
  email,
  experience,
  owner,
  phone,
  section,
  stateSelect,
  yesNoOptions,
} from '../groups.ts'
import { businessName } from '../parts/business.ts'

export const workersCompQuote = defineForm(
  'workers-comp-quote',
  "Workers' compensation quote",
  submitLabels.quote,
  [
    section('Your business', businessName),
    section('Owner 1', owner(1, { required: true })),
    closedSection(
      'Owner 2 (optional)',
      { add: 'Add a second owner', remove: 'Remove the second owner' },
      owner(2, { required: false }),
    ),
    closedSection(
      'Owner 3 (optional)',
      { add: 'Add a third owner', remove: 'Remove the third owner' },
      owner(3, { required: false }),
    ),
    section(
      'Employees and payroll',
      count('w2Employees', 'W-2 employees', { required: false }),
      count('fullTime', 'Full-time employees', { required: false }),
      count('partTime', 'Part-time employees', { required: false }),
      dollars('subcontract', 'Annual subcontracting cost (US dollars)', { required: false }),
      dollars('totalPayroll', 'Total annual payroll (US dollars)', { required: false }),
      select('ownersIncluded', 'Include the owners in the coverage?', yesNoOptions, {
        required: false,
        note: 'Spec silent on the type: a Yes/No question.',
      }),
      dollars('clericalPayroll', 'Clerical payroll (US dollars)', { required: false }),
      dollars('otherPayroll', 'Other payroll (US dollars)', { required: false }),
      experience(),
    ),
    section(
      'Current coverage',
      text('currentCarrier', 'Current carrier', { required: false }),
      dateInput('expirationDate', 'Current policy expiration date', {
        required: false,
        note: 'Spec silent: no limit (an expired policy is a valid answer).',
      }),
      select('coverageLength', 'Coverage length', ['3 months', '6 months', '12 months', 'Other'], {
        required: false,
        note: 'Spec: options not shown; common policy terms.',
      }),
      textarea('previousLosses', 'Previous losses (last 3 years)', { required: false }),
      text('classCodes', 'Class codes (if known)', { required: false }),
      select('marketSubmission', 'May we submit your request to several insurance markets?', yesNoOptions, {
        required: false,
        note: 'Spec: options not shown; a Yes/No consent.',
      }),
    ),
    section(
      'Your contact details',
      text('contactName', 'Your name', {
        required: true,
        pattern: 'name',
        autoComplete: 'name',
        note: 'Not in the design brief (it gave this form no name, e-mail or phone): the minimum the agency needs to answer.',
      }),
      email(),
      phone(),
      stateSelect({ required: false }),
    ),
  ],
  { pages: ['/insurance/business/workers-compensation'], line: 'business' },
)
