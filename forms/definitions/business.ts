/** The business quote forms (spec 001): business, general liability, BOP, workers comp. */
import type { FormDefinition } from '../engine.ts'
import { dateInput, numberInput, select, text, textarea } from '../fields.ts'
import {
  address,
  claimsHistory,
  closedSection,
  contactNames,
  count,
  defineForm,
  dollars,
  email,
  experience,
  flagGroup,
  notesSection,
  owner,
  phone,
  policyStartDate,
  replacePolicy,
  section,
  stateSelect,
  submitLabels,
  yesNoOptions,
} from '../groups.ts'

/** Business name (business, BOP, workers comp). */
const businessName = text('businessName', 'Business name', { required: true, autoComplete: 'organization' })
/** What the business does (business, BOP). */
const businessDescription = textarea('businessDescription', 'Describe your business', { required: true })

/** Address block of the general liability and BOP forms: only the city is required. */
const optionalBusinessAddress = address({
  lines: 'address',
  line1Required: false,
  zipName: 'zipCode',
  zipRequired: false,
  stateRequired: false,
})

export const businessQuote: FormDefinition = defineForm(
  'business-quote',
  'Business insurance quote',
  submitLabels.quote,
  [
    section(
      'Your business',
      businessName,
      numberInput('yearsInBusiness', 'Years in business', {
        required: true,
        min: 0,
        max: 500,
        note: 'Spec silent on the type: a whole number 0–500.',
      }),
      select(
        'legalEntity',
        'Legal entity',
        ['Sole Proprietorship', 'Partnership', 'LLC', 'S Corporation', 'C Corporation', 'Other'],
        { required: true },
      ),
      select('partTimeEmployees', 'Part-time employees', ['0', '1', '2-3', '4-5', '6-10', '11-20', '21+'], {
        required: true,
      }),
      select('partnersOwners', 'Partners or owners', ['1', '2', '3-5', '6-10', '11+'], { required: true }),
      select('subContractors', 'Subcontractors', ['None', '1-2', '3-4', '5-10', '10+'], { required: true }),
      select('fullTimeEmployees', 'Full-time employees', ['1', '2-3', '4-5', '6-10', '11-20', '21+'], {
        required: true,
      }),
      select('seasonalBusiness', 'Seasonal business?', ['No', 'One-time Event', 'Seasonal Business'], {
        required: true,
      }),
      replacePolicy({ required: true }),
      select(
        'annualRevenue',
        'Annual revenue',
        [
          'Under $100,000',
          '$100,000-$500,000',
          '$500,000-$1,000,000',
          '$1,000,000-$5,000,000',
          '$5,000,000-$10,000,000',
          '$10,000,000+',
        ],
        { required: true },
      ),
      businessDescription,
      policyStartDate({ required: true }),
    ),
    section(
      'Insurance you are interested in',
      flagGroup('propertyInsurance', [
        ['generalLiability', 'General liability'],
        ['commercialAuto', 'Commercial auto'],
        ['commercialProperty', 'Commercial property'],
        ['cyberLiability', 'Cyber liability'],
        ['professionalLiability', 'Professional liability'],
        ['directorsAndOfficersLiability', 'Directors and officers liability'],
        ['businessOwnersPackageBOP', "Business owner's package (BOP)"],
        ['workersCompensation', "Workers' compensation"],
        ['commercialCrime', 'Commercial crime'],
      ]),
    ),
    section(
      'Employee benefits you are interested in',
      flagGroup('employeeBenefits', [
        ['groupHealthInsurance', 'Group health insurance'],
        ['groupLifeInsurance', 'Group life insurance'],
        ['groupDisabilityInsurance', 'Group disability insurance'],
        ['retirementPlans401k', 'Retirement plans (401k)'],
        ['supplementalPlansAflac', 'Supplemental plans (Aflac)'],
        ['keyManLifeInsurance', 'Key man life insurance'],
        ['keyManDisabilityInsurance', 'Key man disability insurance'],
        ['deferredCompensation', 'Deferred compensation'],
      ]),
    ),
    section(
      'Your contact details',
      contactNames({ pattern: true }),
      email(),
      phone({ name: 'contactPhone' }),
      stateSelect({ required: false }),
    ),
    notesSection('additionalInfo', { required: false }),
  ],
)

export const generalLiabilityQuote: FormDefinition = defineForm(
  'general-liability-quote',
  'General liability insurance quote',
  submitLabels.quote,
  [
    section(
      'Your business',
      text('companyName', 'Company name', { required: true, autoComplete: 'organization' }),
      text('ein', 'Employer Identification Number (EIN)', {
        required: true,
        sensitive: true,
        pattern: 'digits',
        maxLength: 9,
        autoComplete: 'off',
        hint: '9 digits, no dash.',
        note: 'Spec silent on the format: digits only, at most 9 (an EIN without its dash). Sensitive: never mailed or logged.',
      }),
      select('occupancy', 'Occupancy', ['Home Based', 'Office Based'], { required: true }),
      count('owners', 'Number of owners', { required: false }),
      dollars('ownersPayroll', "Owners' annual payroll (US dollars)", { required: false }),
      dollars('employeesPayroll', "Employees' annual payroll (US dollars)", { required: false }),
      dollars('subcontractCost', 'Annual subcontracting cost (US dollars)', { required: false }),
      experience(),
      select('security', 'Security measures (alarm, cameras or guards)?', yesNoOptions, {
        required: false,
        note: 'Spec: a choice whose options are not shown; a Yes/No question.',
      }),
      text('markets', 'Markets you serve (for example residential, commercial)', {
        required: false,
        note: 'Spec: options not shown; free text, since a business may serve several markets.',
      }),
      claimsHistory({ required: false }),
      textarea('workDescription', 'Describe your work (at least 10 words)', {
        required: false,
        minWords: 10,
        note: 'Spec: the label asks for at least 10 words, enforcement not shown. Enforced (browser and server, through the schema) when the field is filled; it stays optional.',
      }),
    ),
    section('Your contact details', email(), phone(), optionalBusinessAddress),
  ],
)

export const bopQuote: FormDefinition = defineForm(
  'bop-quote',
  "Business owner's policy (BOP) quote",
  submitLabels.quote,
  [
    section('Your business', policyStartDate({ required: true }), businessName, businessDescription),
    section(
      'Your contact details',
      contactNames({ pattern: true }),
      email(),
      phone(),
      optionalBusinessAddress,
    ),
    notesSection('additionalInfo', { required: false }),
  ],
)

export const workersCompQuote: FormDefinition = defineForm(
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
        note: 'Not in the spec (it gives this form no name, e-mail or phone): the minimum the agency needs to answer.',
      }),
      email(),
      phone(),
      stateSelect({ required: false }),
    ),
  ],
)
