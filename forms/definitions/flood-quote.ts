/** The flood insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { select } from '../fields.ts'
import { notesSection, policyStartDate, section, yesNoOptions } from '../groups.ts'
import { propertyContact } from '../parts/property.ts'

export const floodQuote = defineForm(
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
  { pages: ['/insurance/property/flood'], line: 'property' },
)
