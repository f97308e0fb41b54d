/** The business insurance quote form. */

import { defineForm, submitLabels } from '../define-form.ts'
import { numberInput, select } from '../fields.ts'
import {
  contactSection,
  flagGroup,
  notesSection,
  policyStartDate,
  replacePolicy,
  section,
  stateSelect,
} from '../groups.ts'
import { businessDescription, businessName } from '../parts/business.ts'

export const businessQuote = defineForm(
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
    contactSection({ phoneName: 'contactPhone' }, stateSelect({ required: false })),
    notesSection('additionalInfo', { required: false }),
  ],
  { pages: ['/insurance/business'], line: 'business' },
)
