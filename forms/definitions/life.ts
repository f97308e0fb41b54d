/** The life area's forms (spec 001): life, final expense, umbrella. */
import type { FormDefinition } from '../engine.ts'
import { dateInput, numberInput, select, text } from '../fields.ts'
import {
  address,
  contactNames,
  countOptions,
  defineForm,
  email,
  notesSection,
  phone,
  policyStartDate,
  section,
  submitLabels,
  todayLimit,
  yesNoRadio,
} from '../groups.ts'

/** The visitor's own date of birth (life, final expense): required; it cannot be in the future. */
function ownBirthDate(name: 'birthdate' | 'dob') {
  return dateInput(name, 'Date of birth', {
    required: true,
    max: todayLimit,
    autoComplete: 'bday',
    note: 'Spec: required, no limit shown; a birth date cannot be in the future, so the maximum is today.',
  })
}

const notSure = 'Not Sure'

export const lifeInsuranceQuote: FormDefinition = defineForm(
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
    section(
      'Your contact details',
      contactNames({ pattern: true }),
      email(),
      phone(),
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

export const finalExpenseQuote: FormDefinition = defineForm(
  'final-expense-quote',
  'Final expense insurance quote',
  submitLabels.quote,
  [
    section('About you', ownBirthDate('dob')),
    section(
      'Your contact details',
      contactNames({ pattern: true }),
      email(),
      phone(),
      address({
        lines: 'address',
        line1Required: false,
        zipName: 'zipCode',
        zipRequired: false,
        stateRequired: false,
      }),
    ),
    notesSection('comment', { required: true }),
  ],
)

const umbrellaCountsNote =
  "Spec gives two readings of this list; the notes' reading is used (0–5, 6+, None for vehicles; 0–4, 5+, None for properties)."

export const umbrellaQuote: FormDefinition = defineForm(
  'umbrella-quote',
  'Umbrella insurance quote',
  submitLabels.quote,
  [
    section(
      'Your household',
      select('vehiclesOwned', 'Vehicles owned', [...countOptions(0, 5), '6+', 'None'], {
        required: true,
        note: umbrellaCountsNote,
      }),
      select('propertiesOwned', 'Properties owned', [...countOptions(0, 4), '5+', 'None'], {
        required: true,
        note: umbrellaCountsNote,
      }),
      select(
        'coverageAmount',
        'Coverage amount',
        ['$1,000,000', '$2,000,000', '$3,000,000', '$4,000,000', '$5,000,000', '$10,000,000+'],
        { required: true },
      ),
      select('trafficTickets3Years', 'Traffic tickets in the past 3 years', [...countOptions(0, 6), '7+'], {
        required: true,
      }),
      select('accidents3Years', 'Accidents in the past 3 years', [...countOptions(0, 5), '6+'], {
        required: true,
      }),
      policyStartDate({ required: true }),
    ),
    section(
      'Your contact details',
      contactNames({ pattern: true }),
      email(),
      phone(),
      address({
        lines: 'address',
        line1Required: true,
        zipName: 'zipCode',
        zipRequired: false,
        stateRequired: false,
      }),
    ),
    notesSection('comment', { required: false }),
  ],
)
