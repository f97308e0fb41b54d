/** The contact form and the general quote request (spec 000). */
import type { FormDefinition } from '../engine.ts'
import { dateInput, select } from '../fields.ts'
import {
  address,
  contactNames,
  defineForm,
  email,
  insuranceTypeOptions,
  notes,
  phone,
  section,
  stateSelect,
  submitLabels,
  todayLimit,
} from '../groups.ts'

export const contactMessage: FormDefinition = defineForm(
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
)

export const quoteRequest: FormDefinition = defineForm('quote-request', 'Quote request', submitLabels.quote, [
  section('Your contact details', contactNames({ pattern: false }), email(), phone()),
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
      note: "Starts on the placeholder 'Please select one...' (empty value), so the visitor must choose.",
    }),
    dateInput('startDate', 'Desired start date', {
      required: false,
      min: todayLimit,
      note: 'Spec: an optional date with no limit shown; a start date in the past makes no sense, so the minimum is today.',
    }),
    notes('msg', { required: false }),
  ),
])
