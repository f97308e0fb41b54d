/** The vehicle quote forms (spec 000): ATV, boat, classic car, motorcycle, RV. */
import type { FormDefinition, FormSection } from '../engine.ts'
import { noted } from '../fields.ts'
import {
  address,
  atLeast16YearsAgo,
  boat,
  boatOperator,
  claimsAndTickets,
  closedSection,
  commute,
  contactNames,
  coverageDesired,
  currentCompany,
  defineForm,
  driver,
  email,
  legend,
  notes,
  phone,
  policyExpires,
  policyExpiresMonthsDays,
  policyStartDate,
  requiredThenOptional,
  section,
  submitLabels,
  vehicle,
} from '../groups.ts'

/** The contact block of every vehicle form: address1 and city required, zipCode optional. */
function vehicleContact({ namePattern }: { namePattern: boolean }): FormSection {
  return section(
    'Your contact details',
    contactNames({ pattern: namePattern }),
    email(),
    phone(),
    address({
      lines: 'address',
      line1Required: true,
      zipName: 'zipCode',
      zipRequired: false,
      stateRequired: false,
    }),
  )
}

const notesField = notes('message', { required: false })

export const atvQuote: FormDefinition = defineForm(
  'atv-quote',
  'ATV insurance quote',
  submitLabels.atv,
  [
    ...requiredThenOptional(
      ['Vehicle 1', 'Vehicle 2'],
      { add: 'Add a second vehicle', remove: 'Remove the second vehicle' },
      (n, required) => vehicle(n, { required, leasedLabel: 'Is vehicle leased?' }),
    ),
    ...requiredThenOptional(
      ['Primary operator', 'Additional operator'],
      { add: 'Add another operator', remove: 'Remove the additional operator' },
      (n, required) =>
        driver(n, {
          required,
          namePattern: false,
          dobMax: atLeast16YearsAgo,
          dobNote:
            'Spec limits the date of birth on boat, motorcycle and RV only; the minimum operator age of 16 (section 9) applies to ATV operators too.',
        }),
    ),
    vehicleContact({ namePattern: true }),
    section(
      'Your current policy',
      currentCompany({ required: true }),
      policyExpires('policyExpiresIn', { required: true }),
      claimsAndTickets({ required: true }),
      coverageDesired({ required: true }),
      notesField,
    ),
  ],
  { submitAlwaysEnabled: true },
)

const boatOne = boat(1, { required: true })

export const boatQuote: FormDefinition = defineForm(
  'boat-quote',
  'Boat insurance quote',
  submitLabels.quote,
  [
    section(
      'Boat 1',
      boatOne.filter((field) => field.required),
    ),
    // Boat 1's three optional questions wait behind their own control: with the second boat and
    // operator closed too, the form opens with 28 fields instead of 51 (the budget is 30).
    closedSection(
      'Boat 1: engine and storage (optional)',
      { add: 'Add engine and storage details', remove: 'Remove the engine and storage details' },
      boatOne.filter((field) => !field.required),
    ),
    closedSection(
      legend('Boat 2', false),
      { add: 'Add a second boat', remove: 'Remove the second boat' },
      boat(2, { required: false }),
    ),
    ...requiredThenOptional(
      ['Primary operator', 'Additional operator'],
      { add: 'Add another operator', remove: 'Remove the additional operator' },
      (n, required) => boatOperator(n, { required }),
    ),
    section('Coverage', coverageDesired({ required: true }), notesField),
    vehicleContact({ namePattern: true }),
  ],
)

export const classicCarQuote: FormDefinition = defineForm(
  'classic-car-quote',
  'Classic car insurance quote',
  submitLabels.quote,
  [
    ...requiredThenOptional(
      ['Vehicle 1', 'Vehicle 2'],
      { add: 'Add a second vehicle', remove: 'Remove the second vehicle' },
      (n, required) => vehicle(n, { required, leasedLabel: 'Is vehicle leased?' }),
    ),
    ...requiredThenOptional(
      ['Primary driver', 'Additional driver'],
      { add: 'Add another driver', remove: 'Remove the additional driver' },
      (n, required) => driver(n, { required, namePattern: false }),
    ),
    section(
      'Your current policy',
      currentCompany({ required: true }),
      policyExpires('policyExpiresIn', { required: true }),
      claimsAndTickets({ required: false }),
      coverageDesired({ required: true }),
      notesField,
    ),
    vehicleContact({ namePattern: false }),
  ],
)

const motorcycleRequiredNote =
  'Spec marks only currentCompany and policyStartDate optional among these, so the others are required.'

export const motorcyclesQuote: FormDefinition = defineForm(
  'motorcycles-quote',
  'Motorcycle insurance quote',
  submitLabels.quote,
  [
    ...requiredThenOptional(
      ['Motorcycle 1', 'Motorcycle 2'],
      { add: 'Add a second motorcycle', remove: 'Remove the second motorcycle' },
      (n, required) => [
        ...vehicle(n, { required, leasedLabel: 'Is Motorcycle Leased?' }),
        ...commute(n, { required }),
      ],
    ),
    ...requiredThenOptional(
      ['Primary driver', 'Additional driver'],
      { add: 'Add another driver', remove: 'Remove the additional driver' },
      (n, required) => driver(n, { required, namePattern: true, dobMax: atLeast16YearsAgo }),
    ),
    section(
      'Your current policy',
      currentCompany({ required: false }),
      noted(
        motorcycleRequiredNote,
        policyExpiresMonthsDays({ required: true }),
        claimsAndTickets({ required: true }),
        coverageDesired({ required: true }),
      ),
      policyStartDate({ required: false }),
      notesField,
    ),
    vehicleContact({ namePattern: true }),
  ],
)

export const rvQuote: FormDefinition = defineForm('rv-quote', 'RV insurance quote', submitLabels.quote, [
  ...requiredThenOptional(
    ['RV 1', 'RV 2'],
    { add: 'Add a second RV', remove: 'Remove the second RV' },
    (n, required) => vehicle(n, { required, leasedLabel: 'Is RV leased?' }),
  ),
  ...requiredThenOptional(
    ['Primary driver', 'Additional driver'],
    { add: 'Add another driver', remove: 'Remove the additional driver' },
    (n, required) => driver(n, { required, namePattern: true, dobMax: atLeast16YearsAgo }),
  ),
  section(
    'Your current policy',
    currentCompany({ required: false }),
    policyExpires('policyExpires', { required: false }),
    claimsAndTickets({ required: false }),
    coverageDesired({ required: false }),
    notesField,
  ),
  vehicleContact({ namePattern: true }),
])
