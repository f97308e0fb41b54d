/** The property quote forms (spec 001): flood, landlord, renters. The home page uses a third-party frame. */
import type { FormDefinition, FormSection } from '../engine.ts'
import { numberInput, select } from '../fields.ts'
import {
  address,
  claimsHistory,
  contactNames,
  countOptions,
  defineForm,
  email,
  flagGroup,
  notesSection,
  phone,
  policyStartDate,
  replacePolicy,
  section,
  submitLabels,
  yesNoOptions,
} from '../groups.ts'

/**
 * The property forms' contact fields: names letters-only, address1 and city required; the ZIP code
 * is zipCode (optional) on flood and zip (required) on landlord and renters.
 */
function propertyContact(zip: {
  zipName: 'zip' | 'zipCode'
  zipRequired: boolean
  stateRequired: boolean
}): FormSection {
  return section(
    'Your contact details',
    contactNames({ pattern: true }),
    email(),
    phone(),
    address({ lines: 'address', line1Required: true, ...zip }),
  )
}

export const floodQuote: FormDefinition = defineForm(
  'flood-quote',
  'Flood insurance quote',
  submitLabels.quote,
  [
    section(
      'Your property',
      policyStartDate({ required: true }),
      select(
        'homeType',
        'Home type',
        [
          'Single Family Home',
          'Single Family Condo',
          '2-4 Family Building',
          'Other Residential',
          'Non Residential',
          'Single Family',
          'Mobile Home',
        ],
        { required: true },
      ),
      select(
        'buildingPurpose',
        'Building purpose',
        ['100 % Residential', '100 % Non-Residential', 'Mixed Use'],
        {
          required: true,
        },
      ),
      select('renting', 'Are you renting the property?', yesNoOptions, { required: true }),
      select('claims', 'Any prior flood claims?', yesNoOptions, { required: true }),
      select(
        'buildingCoverage',
        'Building coverage',
        [
          'Not Desired',
          '$20,000',
          '$30,000',
          '$50,000',
          '$75,000',
          '$100,000',
          '$125,000',
          '$150,000',
          '$200,000',
          '$250,000+',
        ],
        { required: true },
      ),
      select(
        'contentsCoverage',
        'Contents coverage',
        [
          '$8,000',
          '$12,000',
          '$20,000',
          '$30,000',
          '$40,000',
          '$50,000',
          '$60,000',
          '$70,000',
          '$80,000',
          '$100,000',
        ],
        { required: true },
      ),
    ),
    propertyContact({ zipName: 'zipCode', zipRequired: false, stateRequired: false }),
    notesSection('comment', { required: false }),
  ],
)

export const landlordQuote: FormDefinition = defineForm(
  'landlord-quote',
  'Landlord insurance quote',
  submitLabels.quote,
  [
    section(
      'Your rental property',
      numberInput('numberUnits', 'Number of units', {
        required: true,
        min: 1,
        max: 10_000,
        note: 'Spec silent on the type: a whole number 1–10,000.',
      }),
      numberInput('squareFeet', 'Total square feet', {
        required: true,
        min: 1,
        max: 10_000_000,
        note: 'Spec silent on the type: a whole number 1–10,000,000.',
      }),
      policyStartDate({ required: true }),
    ),
    propertyContact({ zipName: 'zip', zipRequired: true, stateRequired: false }),
    notesSection('comment', { required: false }),
  ],
)

export const rentersInsuranceQuote: FormDefinition = defineForm(
  'renters-insurance-quote',
  'Renters insurance quote',
  submitLabels.quote,
  [
    section(
      'Your rental',
      select(
        'propertyType',
        'Property type',
        ['Apartment', 'Single Family Home', 'Duplex', 'Townhome', 'Mobile Home', 'Other'],
        { required: true },
      ),
      numberInput('squareFootage', 'Square footage', {
        required: true,
        min: 1,
        max: 100_000,
        note: 'Spec silent on the type: a whole number 1–100,000.',
      }),
      select('totalRooms', 'Total rooms', [...countOptions(1, 10), '11+'], { required: true }),
      select('dogBreeds', 'Any dogs of breeds insurers restrict?', yesNoOptions, { required: true }),
      select(
        'replacementValue',
        'Replacement value of your belongings',
        ['$15,000', '$30,000', '$50,000', '$100,000', '$250,000+'],
        { required: true },
      ),
      select(
        'liabilityCoverage',
        'Liability coverage',
        ['$100,000', '$300,000', '$500,000', '$1,000,000', 'Other'],
        {
          required: true,
        },
      ),
      select('deductible', 'Deductible', ['$250', '$500', '$1,000', '$2,000', 'Other'], { required: true }),
      select('creditRating', 'Credit rating', ['Excellent', 'Good', 'Poor', 'Unsure'], { required: true }),
      claimsHistory({ required: true }),
      replacePolicy({ required: true }),
      policyStartDate({ required: true }),
    ),
    {
      ...section(
        'Additional features',
        flagGroup('propertyInsurance', [
          ['deadBolts', 'Dead bolts'],
          ['fireExtinguishers', 'Fire extinguishers'],
          ['trampoline', 'Trampoline'],
          ['coveredDeckPatio', 'Covered deck or patio'],
          ['swimmingPool', 'Swimming pool'],
        ]),
      ),
      hint: 'Select any additional feature of the property.',
    },
    propertyContact({ zipName: 'zip', zipRequired: true, stateRequired: true }),
    notesSection('additionalInfo', { required: false }),
  ],
)
