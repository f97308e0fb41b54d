/** The specialty ("others") quote forms (spec 001): animal liability, event. */
import type { FormDefinition } from '../engine.ts'
import { dateInput } from '../fields.ts'
import {
  address,
  contactNames,
  defineForm,
  email,
  notesSection,
  phone,
  policyStartDate,
  section,
  submitLabels,
  todayLimit,
} from '../groups.ts'

/** Names (letters only), e-mail and phone. */
const contactFields = [...contactNames({ pattern: true }), email(), phone()]

export const animalLiabilityQuote: FormDefinition = defineForm(
  'animal-liability-quote',
  'Animal liability insurance quote',
  submitLabels.quote,
  [
    section('Your policy', policyStartDate({ required: true })),
    section(
      'Your contact details',
      contactFields,
      address({
        lines: 'addressLine',
        line1Required: false,
        zipName: 'zipCode',
        zipRequired: false,
        stateRequired: false,
      }),
    ),
    notesSection('additionalInfo', { required: false }),
  ],
)

export const eventQuote: FormDefinition = defineForm(
  'event-quote',
  'Event insurance quote',
  submitLabels.quote,
  [
    section(
      'Your event',
      dateInput('date', 'Event date', { required: true, min: todayLimit }),
      address({
        lines: 'addressLine',
        line1Required: false,
        zipName: 'zipCode',
        zipRequired: false,
        stateRequired: false,
        venue: true,
      }),
    ),
    section('Your contact details', contactFields),
    notesSection('msg', { required: false }),
  ],
)
