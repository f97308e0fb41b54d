/** The renters insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { numberInput, select } from '../fields.ts'
import {
  claimsHistory,
  countOptions,
  flagGroup,
  notesSection,
  policyStartDate,
  replacePolicy,
  section,
  yesNoOptions,
} from '../groups.ts'
import { propertyContact } from '../parts/property.ts'

export const rentersInsuranceQuote = defineForm(
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
  { pages: ['/insurance/property/renters'], line: 'property' },
)
