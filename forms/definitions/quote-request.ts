/** The quote request form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { dateInput, select } from '../fields.ts'
import {
  address,
  contactSection,
  insuranceTypeGroups,
  insuranceTypeLines,
  insuranceTypeOptions,
  notes,
  section,
  todayLimit,
} from '../groups.ts'

export const quoteRequest = defineForm(
  'quote-request',
  'Quote request',
  submitLabels.quote,
  [
    contactSection({}),
    section(
      'Your address',
      address({
        lines: 'address',
        line1Required: true,
        zipName: 'zip',
        zipRequired: true,
        stateRequired: true,
      }),
    ),
    section(
      'Your quote',
      select('consultationType', 'Type of insurance', insuranceTypeOptions, {
        required: true,
        groups: insuranceTypeGroups,
        note: "Starts on the placeholder 'Please select one...' (empty value), so the visitor must choose.",
      }),
      dateInput('startDate', 'Desired start date', {
        required: false,
        min: todayLimit,
        note: 'Spec: an optional date with no limit shown; a start date in the past makes no sense, so the minimum is today.',
      }),
      notes('msg', { required: false }),
    ),
  ],
  {
    pages: ['/get-a-quote', '/insurance/vehicle/auto', '/insurance/property/home'],
    line: 'service',
    lineByAnswer: { field: 'consultationType', lines: insuranceTypeLines },
  },
)
