/** The life insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { numberInput, select, text } from '../fields.ts'
import { address, contactSection, notesSection, policyStartDate, section, yesNoRadio } from '../groups.ts'
import { ownBirthDate } from '../parts/life.ts'

const notSure = 'Not Sure'

export const lifeInsuranceQuote = defineForm(
  'life-insurance-quote',
  'Life insurance quote',
  submitLabels.quote,
  [
    section(
      'Your coverage',
      select('coverageType', 'Coverage type', [notSure, 'Term', 'Whole', 'Universal', 'Other'], {
        required: true,
      }),
      select(
        'coverageAmount',
        'Coverage amount',
        [notSure, '$100,000', '$250,000', '$500,000', '$1,000,000', '$2,000,000+'],
        { required: true },
      ),
      policyStartDate({ required: true }),
    ),
    section(
      'About you',
      ownBirthDate('birthdate'),
      select('gender', 'Gender', ['Male', 'Female', 'Other'], { required: true }),
      text('height', 'Height', {
        required: true,
        maxLength: 20,
        hint: 'For example 5 ft 10 in.',
        note: 'Spec silent on the type: free text (feet and inches or centimetres), at most 20 characters.',
      }),
      numberInput('weight', 'Weight (pounds)', {
        required: true,
        min: 1,
        max: 1500,
        note: 'Spec silent on the type: whole pounds, 1–1,500.',
      }),
    ),
    section(
      'Health and lifestyle',
      yesNoRadio('tobaccoUse', 'Do you use tobacco?'),
      yesNoRadio('majorIllnesses', 'Any major illnesses in the last 10 years?'),
      yesNoRadio('familyHeartDisease', 'Family history of heart disease?'),
      yesNoRadio('familyCancer', 'Family history of cancer?'),
      yesNoRadio('hazardousHobby', 'Any hazardous hobbies?'),
    ),
    contactSection({}, address({ lines: 'addressLine' })),
    notesSection('additionalInfo', { required: false }),
  ],
  { pages: ['/insurance/life/life-insurance'], line: 'life' },
)
