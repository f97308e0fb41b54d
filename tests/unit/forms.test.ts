/**
 * The 24 lead forms against their contract (docs/contracts.md, "Forms").
 *
 * The tables below were written from the design brief's form tables, not derived from the
 * definitions: a row is [field name, required, options in the brief's order (where it lists them)].
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { publicPaths } from '#app/site/route-table.ts'
import { agency, formatPhone } from '#config/agency.ts'
import { addDays, parseIsoDate, resolveDateLimit, toIsoDate } from '#forms/dates.ts'
import { allFields, type DateLimit, type Field, type FormDefinition, insuranceLines } from '#forms/engine.ts'
import { messages, validateField } from '#forms/field-rules.ts'
import { patternRegExp, patternSource } from '#forms/patterns.ts'
import { type FormKey, formDefinitions, formKeys, getFormDefinition } from '#forms/registry.ts'
import { buildSchema, isHoneypotHit, validateSubmission } from '#forms/schema.ts'
import { usStates } from '#forms/states.ts'

type Row = readonly [name: string, required: boolean, options?: readonly string[]]

// ---------------------------------------------------------------------------------------------
// Shared lists

const yesNo = ['Yes', 'No']
const annualMileage = ['0 - 5,000', '5,001 - 10,000', '10,001 - 15,000', '15,001 - 20,000', '20,000+']
const deductibles = ['$250', '$500', '$1,000', '$1,500', '$2,000']
const gender = ['Male', 'Female']
const driverStatus = ['Active', 'Provisional', 'Suspended']
const policyExpiresIn = ['0-30 days', '31-60 days', '61-90 days', '90+ days', 'Unsure']
const claimsOrTickets = ['0', '1', '2', '3+']
const coverageDesired = ['State Minimum', 'Standard', 'Premium', 'Custom']
const insuranceTypes = [
  'Annuity',
  'All Terrain Vehicle Insurance',
  'Auto Insurance',
  'Business Insurance',
  'Boat Insurance',
  'BOP Insurance',
  'Condo Insurance',
  'Classic/Antique Car Insurance',
  'Critical Illness Insurance',
  'Crop Insurance',
  'Dental Insurance',
  'Disability Insurance',
  'Earthquake Insurance',
  'Event Insurance',
  'Final Expense Insurance',
  'Flood Insurance',
  'Health Insurance',
  'Home Insurance',
  'Insurance Bonds',
  'Life Insurance',
  'Long Term Care Insurance',
  'Landlord Insurance',
  'Medicare Supplements',
  'Motorcycle Insurance',
  'Roadside Assistance',
  'Recreational Vehicle Insurance',
  'Renters Insurance',
  'Travel Insurance',
  'Umbrella Insurance',
  'Vision Insurance',
  'Workers Comp Insurance',
  'Other Insurance Type',
]
const workSchoolDistance = ['Under 5 miles', '5 - 10 miles', '11 - 20 miles', '21 - 30 miles', '31+ miles']
const zeroTo = (last: number) => Array.from({ length: last + 1 }, (_, index) => String(index))

// Every form: the decoy `company` (never required) and the state selector (named `state` where the brief
// gave it no name).
const company: Row = ['company', false]
const state = (required: boolean): Row => ['state', required]

const vehicleRows = (n: 1 | 2, required: boolean): Row[] => [
  [`year${n}`, required],
  [`make${n}`, required],
  [`model${n}`, required],
  [`annualMileage${n}`, required, annualMileage],
  [`leased${n}`, required, yesNo],
  [`collisionDeduct${n}`, required, deductibles],
  [`comprehensiveDeduct${n}`, required, deductibles],
]
/** A driver or a boat operator: full name, gender, married, date of birth, then the block's last question. */
const personRows = (
  n: 1 | 2,
  required: boolean,
  name: string,
  last: string,
  lastOptions: string[],
): Row[] => [
  [name, required],
  [`gender${n}`, required, gender],
  [`married${n}`, required, yesNo],
  [`dob${n}`, required],
  [last, required, lastOptions],
]
const driverRows = (n: 1 | 2, required: boolean): Row[] =>
  personRows(n, required, n === 1 ? 'primaryDriverName' : 'driver2Name', `status${n}`, driverStatus)
/** ATV, classic car and RV: both vehicles, then both drivers (the second of each optional). */
const vehiclesAndDriversRows: Row[] = [
  ...vehicleRows(1, true),
  ...vehicleRows(2, false),
  ...driverRows(1, true),
  ...driverRows(2, false),
]
/** The vehicle forms' current policy: company, expiry, claims and tickets, coverage, then the notes. */
const currentPolicyRows = (
  expiresName: 'policyExpiresIn' | 'policyExpires',
  required: boolean,
  claimsRequired = required,
): Row[] => [
  ['currentCompany', required],
  [expiresName, required, policyExpiresIn],
  ['claims3Years', claimsRequired, claimsOrTickets],
  ['tickets3Years', claimsRequired, claimsOrTickets],
  ['coverageDesired', required, coverageDesired],
  ['message', false],
]
const boatRows = (n: 1 | 2, required: boolean): Row[] => [
  [`year${n}`, required],
  [`manufacturer${n}`, required],
  [`model${n}`, required],
  [
    `type${n}`,
    required,
    ['Motorboat', 'Sailboat', 'Pontoon', 'Personal Watercraft (PWC)', 'Jet Boat', 'Bass Boat', 'Other'],
  ],
  [`length${n}`, required],
  [`use${n}`, required, ['Pleasure', 'Fishing', 'Commercial', 'Racing', 'Other']],
  [`marketValue${n}`, required],
  [`numEngines${n}`, required, ['1', '2', '3', '4+']],
  [`horsepower${n}`, false],
  [`engineType${n}`, false, ['Inboard', 'Outboard', 'Sterndrive', 'Jet', 'Electric', 'Other']],
  [`deductible${n}`, required],
  [
    `hullMaterial${n}`,
    required,
    ['Fiberglass', 'Aluminum', 'Wood', 'Steel', 'Inflatable', 'Composite', 'Other'],
  ],
  [`trailerCoverage${n}`, required, yesNo],
  [`storageLocation${n}`, false, ['Marina', 'Home', 'Dry Storage', 'Mooring', 'Other']],
  [`mods${n}`, required, yesNo],
]
const operatorRows = (n: 1 | 2, required: boolean): Row[] =>
  personRows(n, required, n === 1 ? 'primaryOperatorName' : 'operator2Name', `accidents${n}`, yesNo)

const namesEmailPhone: Row[] = [
  ['firstName', true],
  ['lastName', true],
  ['email', true],
  ['phone', true],
]
/**
 * The "common contact fields" of the property forms, which the vehicle forms ("contact fields as for
 * boat"), the umbrella form and the quote request share: names, e-mail, phone, address1 and city
 * required, address2 optional, then the ZIP code and the state.
 */
const contactAddressRows = (zip: 'zip' | 'zipCode', zipRequired: boolean, stateRequired: boolean): Row[] => [
  ...namesEmailPhone,
  ['address1', true],
  ['address2', false],
  ['city', true],
  [zip, zipRequired],
  state(stateRequired),
]
/** "Contact fields as for boat": zipCode and state optional. */
const vehicleContactRows = contactAddressRows('zipCode', false, false)
/** Only the city required: the life, final expense, BOP, animal liability and event forms. */
const cityOnlyAddressRows = (lines: 'address' | 'addressLine'): Row[] => [
  ['city', true],
  [`${lines}1`, false],
  [`${lines}2`, false],
  ['zipCode', false],
  state(false),
]
/** The community forms (testimonial, referral): no phone, a required message. */
const communityRows: Row[] = [
  ['firstName', true],
  ['lastName', true],
  ['email', true],
  ['msg', true],
  state(false),
  company,
]
const yesNoRadios: Row[] = [
  'tobaccoUse',
  'majorIllnesses',
  'familyHeartDisease',
  'familyCancer',
  'hazardousHobby',
].map((name) => [name, true, yesNo])
const flags = (group: string, names: string[]): Row[] => names.map((name) => [`${group}[${name}]`, false])

const specTables: Record<FormKey, Row[]> = {
  'contact-message': [...namesEmailPhone, ['msg', true], state(false), company],
  'quote-request': [
    ...contactAddressRows('zip', true, true),
    ['consultationType', true, insuranceTypes],
    ['startDate', false],
    ['msg', false],
    company,
  ],
  'atv-quote': [
    ...vehiclesAndDriversRows,
    ...vehicleContactRows,
    ...currentPolicyRows('policyExpiresIn', true),
    company,
  ],
  'boat-quote': [
    ...boatRows(1, true),
    ...boatRows(2, false),
    ...operatorRows(1, true),
    ...operatorRows(2, false),
    ['coverageDesired', true, coverageDesired],
    ['message', false],
    ...vehicleContactRows,
    company,
  ],
  'classic-car-quote': [
    ...vehiclesAndDriversRows,
    ...currentPolicyRows('policyExpiresIn', true, false),
    ...vehicleContactRows,
    company,
  ],
  'motorcycles-quote': [
    ...vehicleRows(1, true),
    ['driveToWork1', true, yesNo],
    ['workSchoolDistance1', true, workSchoolDistance],
    ...vehicleRows(2, false),
    ['driveToWork2', false, yesNo],
    ['workSchoolDistance2', false, workSchoolDistance],
    ...driverRows(1, true),
    ...driverRows(2, false),
    ['currentCompany', false],
    // Only currentCompany and policyStartDate are marked optional: the other policy fields are required.
    ['policyExpiresMonths', true, zeroTo(12)],
    ['policyExpiresDays', true, zeroTo(31)],
    ['claims3Years', true, claimsOrTickets],
    ['tickets3Years', true, claimsOrTickets],
    ['coverageDesired', true, coverageDesired],
    ['policyStartDate', false],
    ['message', false],
    ...vehicleContactRows,
    company,
  ],
  'rv-quote': [
    ...vehiclesAndDriversRows,
    ...currentPolicyRows('policyExpires', false),
    ...vehicleContactRows,
    company,
  ],
  'umbrella-quote': [
    ['vehiclesOwned', true, ['0', '1', '2', '3', '4', '5', '6+', 'None']],
    ['propertiesOwned', true, ['0', '1', '2', '3', '4', '5+', 'None']],
    [
      'coverageAmount',
      true,
      ['$1,000,000', '$2,000,000', '$3,000,000', '$4,000,000', '$5,000,000', '$10,000,000+'],
    ],
    ['trafficTickets3Years', true, ['0', '1', '2', '3', '4', '5', '6', '7+']],
    ['accidents3Years', true, ['0', '1', '2', '3', '4', '5', '6+']],
    ['policyStartDate', true],
    ...contactAddressRows('zipCode', false, false),
    ['comment', false],
    company,
  ],
  'flood-quote': [
    ...contactAddressRows('zipCode', false, false),
    ['policyStartDate', true],
    [
      'homeType',
      true,
      [
        'Single Family Home',
        'Single Family Condo',
        '2-4 Family Building',
        'Other Residential',
        'Non Residential',
        'Single Family',
        'Mobile Home',
      ],
    ],
    ['buildingPurpose', true, ['100 % Residential', '100 % Non-Residential', 'Mixed Use']],
    ['renting', true, yesNo],
    ['claims', true, yesNo],
    [
      'buildingCoverage',
      true,
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
    ],
    [
      'contentsCoverage',
      true,
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
    ],
    ['comment', false],
    company,
  ],
  'landlord-quote': [
    ['numberUnits', true],
    ['squareFeet', true],
    ['policyStartDate', true],
    ...contactAddressRows('zip', true, false),
    ['comment', false],
    company,
  ],
  'renters-insurance-quote': [
    ['propertyType', true, ['Apartment', 'Single Family Home', 'Duplex', 'Townhome', 'Mobile Home', 'Other']],
    ['squareFootage', true],
    ['totalRooms', true, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11+']],
    ['dogBreeds', true, yesNo],
    ['replacementValue', true, ['$15,000', '$30,000', '$50,000', '$100,000', '$250,000+']],
    ['liabilityCoverage', true, ['$100,000', '$300,000', '$500,000', '$1,000,000', 'Other']],
    ['deductible', true, ['$250', '$500', '$1,000', '$2,000', 'Other']],
    ['creditRating', true, ['Excellent', 'Good', 'Poor', 'Unsure']],
    ['claimsHistory', true, yesNo],
    ['replacePolicy', true, yesNo],
    ['policyStartDate', true],
    ...contactAddressRows('zip', true, true),
    ...flags('propertyInsurance', [
      'deadBolts',
      'fireExtinguishers',
      'trampoline',
      'coveredDeckPatio',
      'swimmingPool',
    ]),
    ['additionalInfo', false],
    company,
  ],
  'life-insurance-quote': [
    ['coverageType', true, ['Not Sure', 'Term', 'Whole', 'Universal', 'Other']],
    ['coverageAmount', true, ['Not Sure', '$100,000', '$250,000', '$500,000', '$1,000,000', '$2,000,000+']],
    ['policyStartDate', true],
    ['birthdate', true],
    ['height', true],
    ['gender', true, ['Male', 'Female', 'Other']],
    ['weight', true],
    ...yesNoRadios,
    ...namesEmailPhone,
    ...cityOnlyAddressRows('addressLine'),
    ['additionalInfo', false],
    company,
  ],
  'final-expense-quote': [
    ['dob', true],
    ...namesEmailPhone,
    ...cityOnlyAddressRows('address'),
    ['comment', true],
    company,
  ],
  'business-quote': [
    ['businessName', true],
    ['yearsInBusiness', true],
    [
      'legalEntity',
      true,
      ['Sole Proprietorship', 'Partnership', 'LLC', 'S Corporation', 'C Corporation', 'Other'],
    ],
    ['partTimeEmployees', true, ['0', '1', '2-3', '4-5', '6-10', '11-20', '21+']],
    ['partnersOwners', true, ['1', '2', '3-5', '6-10', '11+']],
    ['subContractors', true, ['None', '1-2', '3-4', '5-10', '10+']],
    ['fullTimeEmployees', true, ['1', '2-3', '4-5', '6-10', '11-20', '21+']],
    ['seasonalBusiness', true, ['No', 'One-time Event', 'Seasonal Business']],
    ['replacePolicy', true, ['Yes', 'No']],
    [
      'annualRevenue',
      true,
      [
        'Under $100,000',
        '$100,000-$500,000',
        '$500,000-$1,000,000',
        '$1,000,000-$5,000,000',
        '$5,000,000-$10,000,000',
        '$10,000,000+',
      ],
    ],
    ['businessDescription', true],
    ['policyStartDate', true],
    ['firstName', true],
    ['lastName', true],
    ['email', true],
    ['contactPhone', true],
    ['additionalInfo', false],
    ...flags('propertyInsurance', [
      'generalLiability',
      'commercialAuto',
      'commercialProperty',
      'cyberLiability',
      'professionalLiability',
      'directorsAndOfficersLiability',
      'businessOwnersPackageBOP',
      'workersCompensation',
      'commercialCrime',
    ]),
    ...flags('employeeBenefits', [
      'groupHealthInsurance',
      'groupLifeInsurance',
      'groupDisabilityInsurance',
      'retirementPlans401k',
      'supplementalPlansAflac',
      'keyManLifeInsurance',
      'keyManDisabilityInsurance',
      'deferredCompensation',
    ]),
    state(false),
    company,
  ],
  'general-liability-quote': [
    ['companyName', true],
    ['email', true],
    ['phone', true],
    ['ein', true],
    ['occupancy', true, ['Home Based', 'Office Based']],
    ['city', true],
    ...[
      'owners',
      'ownersPayroll',
      'employeesPayroll',
      'subcontractCost',
      'experience',
      'security',
      'markets',
      'address1',
      'address2',
      'zipCode',
      'claimsHistory',
      'workDescription',
    ].map((name): Row => [name, false]),
    state(false),
    company,
  ],
  'bop-quote': [
    ['policyStartDate', true],
    ['businessName', true],
    ['businessDescription', true],
    ...namesEmailPhone,
    ...cityOnlyAddressRows('address'),
    ['additionalInfo', false],
    company,
  ],
  'workers-comp-quote': [
    ['businessName', true],
    ...([1, 2, 3] as const).flatMap((n): Row[] =>
      [`owner${n}Name`, `birthdate${n}`, `ssn${n}`, `ownership${n}`, `payroll${n}`].map((name) => [
        name,
        n === 1,
      ]),
    ),
    ...[
      'w2Employees',
      'fullTime',
      'partTime',
      'subcontract',
      'totalPayroll',
      'ownersIncluded',
      'clericalPayroll',
      'otherPayroll',
      'experience',
      'currentCarrier',
      'expirationDate',
      'coverageLength',
      'previousLosses',
      'classCodes',
      'marketSubmission',
    ].map((name): Row => [name, false]),
    // Not in the design brief (it gave this form no contact fields): the minimum the agency needs to answer.
    ['contactName', true],
    ['email', true],
    ['phone', true],
    state(false),
    company,
  ],
  'animal-liability-quote': [
    ['policyStartDate', true],
    ...namesEmailPhone,
    ...cityOnlyAddressRows('addressLine'),
    ['additionalInfo', false],
    company,
  ],
  'event-quote': [
    ['date', true],
    ...namesEmailPhone,
    ...cityOnlyAddressRows('addressLine'),
    ['msg', false],
    company,
  ],
  'consultation-request': [
    ['consultationType', true, ['Telephone', 'Face-to-Face', 'Other']],
    ...namesEmailPhone,
    ['msg', true],
    state(false),
    company,
  ],
  'update-info': [...namesEmailPhone, ['msg', true], state(false), company],
  'proof-request': [
    ['firstName', true],
    ['lastName', true],
    ['type', true, ['id card', 'certificate of insurance', 'declaration pages', 'other']],
    ['carrier', true],
    ['policy', true],
    ['email', true],
    ['phone', true],
    ['delivery', true, ['email', 'mail', 'fax', 'pickup in agency', 'other']],
    ['msg', false],
    state(false),
    company,
  ],
  'new-testimonial': communityRows,
  'new-referral': communityRows,
}

// ---------------------------------------------------------------------------------------------
// Helpers

function definition(key: FormKey): FormDefinition {
  const form = getFormDefinition(key)
  if (!form) throw new Error(`no definition for ${key}`)
  return form
}

function fieldOf(form: FormDefinition, name: string): Field {
  const field = allFields(form).find((candidate) => candidate.name === name)
  if (!field) throw new Error(`${form.key} has no field ${name}`)
  return field
}

function optionValues(field: Field): string[] | undefined {
  return field.kind === 'select' || field.kind === 'radio'
    ? field.options.map((option) => option.value)
    : undefined
}

/** A fixed local "today" so date limits are reproducible. */
const today = new Date(2025, 5, 15, 12, 0, 0)

/** A value the field accepts (fine for these tests: it is derived from the definition). */
function validValue(field: Field): string {
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'textarea':
      if (field.honeypot) return ''
      if (field.kind === 'email') return 'ana@example.com'
      if (field.pattern === 'digits') return '123456789'.slice(0, field.maxLength ?? 9)
      if (field.pattern === 'taxNumber') return '123456789'
      if (field.pattern === 'usPhone') return '7705550142'
      if (field.pattern === 'name') return 'Ana María'
      if (field.minWords)
        return Array.from({ length: field.minWords }, (_, index) => `word${index}`).join(' ')
      return 'Valid text'.slice(0, field.maxLength)
    case 'number':
      return String(field.min)
    case 'date':
      if (field.min) return resolveDateLimit(field.min, today)
      if (field.max) return resolveDateLimit(field.max, today)
      return '2000-01-01'
    case 'select':
    case 'radio':
      return field.defaultValue ?? field.options.at(-1)?.value ?? ''
    case 'checkbox':
      return 'true'
  }
}

function validPayload(form: FormDefinition, { requiredOnly = false } = {}): Record<string, string> {
  const payload: Record<string, string> = {}
  for (const field of allFields(form)) {
    if (requiredOnly && !field.required) continue
    payload[field.name] = validValue(field)
  }
  return payload
}

function errorsOf(form: FormDefinition, body: unknown): Record<string, string> {
  const result = validateSubmission(form, body, today)
  if (result.ok) throw new Error(`expected ${form.key} to reject ${JSON.stringify(body)}`)
  return result.fields
}

// ---------------------------------------------------------------------------------------------
// Registry

describe('registry', () => {
  it('has the 24 form keys, each with its definition', () => {
    expect(formKeys).toHaveLength(24)
    expect(formDefinitions.map((form) => form.key)).toEqual([...formKeys])
    for (const key of formKeys) expect(definition(key).key).toBe(key)
  })

  it('has one definition file per form, named by its key (the island loads forms/definitions/<key>.ts)', async () => {
    const dir = path.join(import.meta.dirname, '..', '..', 'forms', 'definitions')
    const files = readdirSync(dir).filter((file) => file.endsWith('.ts'))
    expect(files.sort()).toEqual(formKeys.map((key) => `${key}.ts`).sort())
    for (const file of files) {
      const exported: Record<string, FormDefinition> = await import(path.join(dir, file))
      expect(Object.values(exported).map((form) => form.key)).toEqual([file.replace(/\.ts$/, '')])
    }
  })

  it('puts every form on pages of the site, in a line of insurance and a rate-limit family', () => {
    const pages = publicPaths('en')
    for (const form of formDefinitions) {
      for (const page of form.pages) expect(pages, form.key).toContain(page)
      expect(insuranceLines).toContain(form.line)
      expect(['contact', 'quote', 'service', 'community']).toContain(form.family)
    }
  })

  it('knows which fields name and reach the visitor, which are sensitive and which are decoys', () => {
    for (const form of formDefinitions) {
      expect(form.visitor.email, form.key).toEqual(['email'])
      expect(form.honeypotFields, form.key).toEqual(['company'])
      const names = allFields(form).map((field) => field.name)
      for (const name of [...form.visitor.name, ...form.visitor.phone, ...form.sensitiveFields])
        expect(names, form.key).toContain(name)
    }
    expect(definition('boat-quote').visitor.name).toEqual(['firstName', 'lastName', 'primaryOperatorName'])
    expect(definition('business-quote').visitor.phone).toEqual(['contactPhone'])
    expect(definition('workers-comp-quote').sensitiveFields).toEqual(['ssn1', 'ssn2', 'ssn3'])
  })

  it('answers undefined for unknown keys, including prototype names', () => {
    for (const key of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '']) {
      expect(getFormDefinition(key)).toBeUndefined()
    }
  })

  it('never repeats a field name within a form', () => {
    for (const form of formDefinitions) {
      const names = allFields(form).map((field) => field.name)
      expect(new Set(names).size, form.key).toBe(names.length)
    }
  })

  it('gives every form a title, legends and the submit label of its area', () => {
    const sendMessage = [
      'contact-message',
      'consultation-request',
      'update-info',
      'proof-request',
      'new-testimonial',
      'new-referral',
    ]
    for (const form of formDefinitions) {
      expect(form.title).not.toBe('')
      for (const section of form.sections) expect(section.legend).not.toBe('')
      const expected =
        form.key === 'atv-quote'
          ? 'GET QUOTE'
          : sendMessage.includes(form.key)
            ? 'Send Message'
            : 'Get My Quote'
      expect(form.submitLabel, form.key).toBe(expected)
      expect(form.submitAlwaysEnabled === true, form.key).toBe(form.key === 'atv-quote')
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Field names, required flags and option lists, per form

describe.each(formKeys)('%s against its contract', (key) => {
  const form = definition(key)
  const table = specTables[key]

  it('submits exactly the contract field names', () => {
    const expected = table.map(([name]) => name).sort()
    expect(
      allFields(form)
        .map((field) => field.name)
        .sort(),
    ).toEqual(expected)
  })

  it.each(table.map((row) => [row[0], row] as const))('%s: required flag and options', (_name, row) => {
    const [name, required, options] = row
    const field = fieldOf(form, name)
    expect(field.required).toBe(required)
    if (options) expect(optionValues(field)).toEqual(options)
  })
})

describe('on every form', () => {
  it.each(formKeys)('%s has the hidden decoy company and the state selector', (key) => {
    const form = definition(key)
    const decoy = fieldOf(form, 'company')
    expect(decoy).toMatchObject({ kind: 'text', required: false, honeypot: true })
    const stateField = fieldOf(form, 'state')
    expect(stateField.kind).toBe('select')
    expect(optionValues(stateField)).toEqual([...usStates()])
    expect(stateField.kind === 'select' && stateField.defaultValue).toBe(agency.address.regionName.en)
  })

  it("offers the 50 states, the agency's own first then alphabetical", () => {
    const states = usStates()
    expect(states).toHaveLength(50)
    expect(states[0]).toBe(agency.address.regionName.en)
    const rest = states.slice(1)
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')))
    expect(rest).not.toContain(agency.address.regionName.en)
  })

  it('asks for the phone as a US number (stored as digits only), type tel, required', () => {
    for (const form of formDefinitions) {
      for (const field of allFields(form).filter((candidate) => candidate.kind === 'tel')) {
        expect(field, form.key).toMatchObject({ pattern: 'usPhone', required: true })
      }
      const phones = allFields(form).filter(
        (field) => field.name === 'phone' || field.name === 'contactPhone',
      )
      for (const field of phones) expect(field.kind, form.key).toBe('tel')
    }
  })

  it('asks for the e-mail as type email, required', () => {
    for (const form of formDefinitions) {
      expect(fieldOf(form, 'email'), form.key).toMatchObject({ kind: 'email', required: true })
    }
  })

  it('marks SSNs and the EIN sensitive, and nothing else', () => {
    const sensitive = formDefinitions.flatMap((form) =>
      allFields(form)
        .filter((field) => field.sensitive)
        .map((field) => `${form.key}:${field.name}`),
    )
    expect(sensitive.sort()).toEqual(
      [
        'general-liability-quote:ein',
        'workers-comp-quote:ssn1',
        'workers-comp-quote:ssn2',
        'workers-comp-quote:ssn3',
      ].sort(),
    )
  })

  it('uses the bday autocomplete token only for the visitor’s own date of birth', () => {
    const bday = formDefinitions.flatMap((form) =>
      allFields(form)
        .filter((field) => field.autoComplete === 'bday')
        .map((field) => `${form.key}:${field.name}`),
    )
    expect(bday.sort()).toEqual(['final-expense-quote:dob', 'life-insurance-quote:birthdate'])
  })
})

// ---------------------------------------------------------------------------------------------
// Patterns (shared/DESIGN.md, "Names"; docs/decisions/022-names.md)

const lettersOnlyNames: Record<FormKey, string[]> = {
  'contact-message': ['firstName', 'lastName'],
  'quote-request': ['firstName', 'lastName'],
  'atv-quote': ['primaryDriverName', 'driver2Name', 'firstName', 'lastName'],
  'boat-quote': ['primaryOperatorName', 'operator2Name', 'firstName', 'lastName'],
  'classic-car-quote': ['primaryDriverName', 'driver2Name', 'firstName', 'lastName'],
  'motorcycles-quote': ['primaryDriverName', 'driver2Name', 'firstName', 'lastName'],
  'rv-quote': ['primaryDriverName', 'driver2Name', 'firstName', 'lastName'],
  'umbrella-quote': ['firstName', 'lastName'],
  'flood-quote': ['firstName', 'lastName'],
  'landlord-quote': ['firstName', 'lastName'],
  'renters-insurance-quote': ['firstName', 'lastName'],
  'life-insurance-quote': ['firstName', 'lastName'],
  'final-expense-quote': ['firstName', 'lastName'],
  'business-quote': ['firstName', 'lastName'],
  // Its only name is the company's: a business name is free text.
  'general-liability-quote': [],
  'bop-quote': ['firstName', 'lastName'],
  'workers-comp-quote': ['owner1Name', 'owner2Name', 'owner3Name', 'contactName'],
  'animal-liability-quote': ['firstName', 'lastName'],
  'event-quote': ['firstName', 'lastName'],
  'consultation-request': ['firstName', 'lastName'],
  'update-info': ['firstName', 'lastName'],
  'proof-request': ['firstName', 'lastName'],
  'new-testimonial': ['firstName', 'lastName'],
  'new-referral': ['firstName', 'lastName'],
}

describe('patterns', () => {
  it.each(formKeys)('%s holds every person’s name to the name rule', (key) => {
    const named = allFields(definition(key))
      .filter((field) => (field.kind === 'text' || field.kind === 'tel') && field.pattern === 'name')
      .map((field) => field.name)
    expect(named.sort()).toEqual([...lettersOnlyNames[key]].sort())
  })

  it('takes workers comp SSNs and the EIN as 9 digits with dashes or spaces; experience as digits', () => {
    const form = definition('workers-comp-quote')
    for (const name of ['ssn1', 'ssn2', 'ssn3'])
      expect(fieldOf(form, name)).toMatchObject({ pattern: 'taxNumber' })
    expect(fieldOf(definition('general-liability-quote'), 'ein')).toMatchObject({ pattern: 'taxNumber' })
    expect(fieldOf(form, 'experience')).toMatchObject({ pattern: 'digits' })
  })

  it('has no pattern on any ZIP code', () => {
    for (const form of formDefinitions) {
      for (const field of allFields(form).filter(
        (candidate) => candidate.name === 'zip' || candidate.name === 'zipCode',
      )) {
        expect(field.kind === 'text' && field.pattern, form.key).toBeFalsy()
      }
    }
  })

  it('name: letters of any language, spaces, apostrophes, hyphens, periods (tests/unit/names.test.ts has the rest)', () => {
    const name = patternRegExp('name')
    for (const ok of [
      'Ana',
      'José María',
      'Zoë Ångström',
      'Çelik Øster',
      'ÿ',
      'Łukasz',
      '名前',
      "O'Brien",
      'Mary-Jane',
    ])
      expect(name.test(ok), ok).toBe(true)
    for (const bad of ['J0hn', 'Ana!', '', '-Mary']) expect(name.test(bad), bad).toBe(false)
  })

  it('digits: digits only', () => {
    const digits = patternRegExp('digits')
    expect(digits.test('7705551234')).toBe(true)
    for (const bad of ['770-555-1234', '(770) 5551234', '+1770', '', '١٢٣'])
      expect(digits.test(bad), bad).toBe(false)
  })

  it('sources are valid HTML pattern attributes (anchored, compiled with the v flag) and match like the RegExp', () => {
    for (const pattern of ['name', 'digits', 'usPhone', 'taxNumber'] as const) {
      const html = new RegExp(`^(?:${patternSource(pattern)})$`, 'v')
      for (const sample of ['Ana María', '12345', 'J0hn', 'a b', '']) {
        expect(html.test(sample), `${pattern} ${sample}`).toBe(patternRegExp(pattern).test(sample))
      }
      // Also valid under the older u flag (browsers without v support).
      expect(() => new RegExp(`^(?:${patternSource(pattern)})$`, 'u')).not.toThrow()
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Date limits (docs/contracts.md, "Forms")

const todayLimit: DateLimit = { kind: 'today' }
const sixteen: DateLimit = { kind: 'yearsAgo', years: 16 }
type Limits = { min?: DateLimit; max?: DateLimit }
/** Every date field of every form, with its limits (none: {}). */
const dateLimits: Record<string, Limits> = {
  'quote-request:startDate': { min: todayLimit }, // no limit given: a start date in the past makes no sense
  'atv-quote:dob1': { max: sixteen }, // the minimum operator age applies to ATV too
  'atv-quote:dob2': { max: sixteen },
  'boat-quote:dob1': { max: sixteen },
  'boat-quote:dob2': { max: sixteen },
  'classic-car-quote:dob1': {},
  'classic-car-quote:dob2': {},
  'motorcycles-quote:dob1': { max: sixteen },
  'motorcycles-quote:dob2': { max: sixteen },
  'motorcycles-quote:policyStartDate': { min: todayLimit },
  'rv-quote:dob1': { max: sixteen },
  'rv-quote:dob2': { max: sixteen },
  'umbrella-quote:policyStartDate': { min: todayLimit },
  'flood-quote:policyStartDate': { min: todayLimit },
  'landlord-quote:policyStartDate': { min: todayLimit },
  'renters-insurance-quote:policyStartDate': { min: todayLimit },
  'life-insurance-quote:policyStartDate': { min: todayLimit },
  'life-insurance-quote:birthdate': { max: todayLimit }, // no limit given; not in the future
  'final-expense-quote:dob': { max: todayLimit },
  'business-quote:policyStartDate': { min: todayLimit },
  'bop-quote:policyStartDate': { min: todayLimit },
  'workers-comp-quote:birthdate1': { max: todayLimit },
  'workers-comp-quote:birthdate2': { max: todayLimit },
  'workers-comp-quote:birthdate3': { max: todayLimit },
  'workers-comp-quote:expirationDate': {},
  'animal-liability-quote:policyStartDate': { min: todayLimit },
  'event-quote:date': { min: todayLimit },
}

describe('date limits', () => {
  it('every date field has exactly the listed limits', () => {
    const actual: Record<string, Limits> = {}
    for (const form of formDefinitions) {
      for (const field of allFields(form)) {
        if (field.kind !== 'date') continue
        actual[`${form.key}:${field.name}`] = {
          ...(field.min && { min: field.min }),
          ...(field.max && { max: field.max }),
        }
      }
    }
    expect(actual).toEqual(dateLimits)
  })

  it('resolves today and years ago in the local time of the given date', () => {
    expect(resolveDateLimit(todayLimit, new Date(2025, 0, 1, 0, 0, 1))).toBe('2025-01-01')
    expect(resolveDateLimit(todayLimit, new Date(2025, 11, 31, 23, 59, 59))).toBe('2025-12-31')
    expect(resolveDateLimit(sixteen, new Date(2025, 5, 15))).toBe('2009-06-15')
    expect(toIsoDate(new Date(987, 2, 4))).toBe('0987-03-04')
  })

  it('moves 29 February to 28 February in a common year', () => {
    const leapDay = new Date(2024, 1, 29, 10)
    expect(resolveDateLimit(sixteen, leapDay)).toBe('2008-02-29')
    expect(resolveDateLimit({ kind: 'yearsAgo', years: 1 }, leapDay)).toBe('2023-02-28')
    expect(resolveDateLimit({ kind: 'yearsAgo', years: 124 }, leapDay)).toBe('1900-02-28')
  })

  it('knows real calendar dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 })
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-4-1',
      '20240401',
      '1900-02-29',
    ]) {
      expect(parseIsoDate(bad), bad).toBeUndefined()
    }
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01')
  })
})

// ---------------------------------------------------------------------------------------------
// Schema

describe('schema: valid submissions', () => {
  it.each(formKeys)('%s accepts a complete valid payload and returns it trimmed', (key) => {
    const form = definition(key)
    const payload = validPayload(form)
    const result = validateSubmission(form, payload, today)
    expect(result).toEqual({
      ok: true,
      data: Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== '')),
    })
  })

  it.each(formKeys)('%s accepts only the required fields', (key) => {
    const form = definition(key)
    expect(validateSubmission(form, validPayload(form, { requiredOnly: true }), today).ok).toBe(true)
  })

  it.each(formKeys)('%s rejects an empty body with a message on every required field', (key) => {
    const form = definition(key)
    const required = allFields(form)
      .filter((field) => field.required)
      .map((field) => field.name)
    const fields = errorsOf(form, {})
    expect(Object.keys(fields).sort()).toEqual(required.sort())
    for (const message of Object.values(fields)) expect(message).toBe(messages.required)
  })

  it('buildSchema is a zod object schema that strips unknown keys', () => {
    const form = definition('contact-message')
    const schema = buildSchema(form, today)
    const parsed = schema.safeParse({ ...validPayload(form), admin: 'true' })
    expect(parsed.success).toBe(true)
    expect(parsed.success && 'admin' in parsed.data).toBe(false)
    expect(Object.keys(schema.shape).sort()).toEqual(
      allFields(form)
        .map((field) => field.name)
        .sort(),
    )
  })

  it('trims values, drops unknown fields and leaves out empty optional fields', () => {
    const form = definition('quote-request')
    const result = validateSubmission(
      form,
      {
        ...validPayload(form, { requiredOnly: true }),
        firstName: '  Ana  ',
        address2: '   ',
        msg: '',
        isAdmin: 'yes',
      },
      today,
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.data.firstName).toBe('Ana')
    expect(result.data).not.toHaveProperty('address2')
    expect(result.data).not.toHaveProperty('msg')
    expect(result.data).not.toHaveProperty('isAdmin')
    expect(result.data).not.toHaveProperty('company')
  })
})

describe('schema: each kind of bad input gets a field message', () => {
  const contact = definition('contact-message')
  const atv = definition('atv-quote')
  const boat = definition('boat-quote')
  const renters = definition('renters-insurance-quote')
  const liability = definition('general-liability-quote')
  const motorcycle = definition('motorcycles-quote')
  const quote = definition('quote-request')
  const base = (form: FormDefinition) => validPayload(form, { requiredOnly: true })

  it.each([
    ['missing', undefined, messages.required],
    ['blank', '   ', messages.required],
    ['a number', 5, messages.notText],
    ['null', null, messages.notText],
    ['an array', ['Ana'], messages.notText],
    ['an object', { first: 'Ana' }, messages.notText],
    ['a boolean', true, messages.notText],
  ])('required firstName %s', (_case, value, message) => {
    const body: Record<string, unknown> = { ...base(contact) }
    if (value === undefined) delete body.firstName
    else body.firstName = value
    expect(errorsOf(contact, body)).toEqual({ firstName: message })
  })

  it('an optional field sent as a non-string', () => {
    expect(errorsOf(quote, { ...base(quote), address2: null })).toEqual({ address2: messages.notText })
  })

  it('too long (default limits per kind)', () => {
    expect(errorsOf(contact, { ...base(contact), firstName: 'a'.repeat(201) })).toEqual({
      firstName: messages.tooLong(200),
    })
    expect(errorsOf(contact, { ...base(contact), msg: 'a'.repeat(5001) })).toEqual({
      msg: messages.tooLong(5000),
    })
    expect(errorsOf(contact, { ...base(contact), phone: '1'.repeat(21) })).toEqual({
      phone: messages.tooLong(20),
    })
    expect(validateSubmission(contact, { ...base(contact), msg: 'a'.repeat(5000) }, today).ok).toBe(true)
  })

  it('names as people write them, on every form', () => {
    const rule =
      "Use letters, spaces, apostrophes, hyphens and periods, starting with a letter (for example O'Connor, García-López, Ruiz Jr.)."
    expect(errorsOf(atv, { ...base(atv), firstName: 'J0hn', lastName: "O'Brien" })).toEqual({
      firstName: rule,
    })
    expect(errorsOf(contact, { ...base(contact), firstName: "O'Brien-2" })).toEqual({ firstName: rule })
    expect(validateSubmission(contact, { ...base(contact), lastName: 'García-López Jr.' }, today).ok).toBe(
      true,
    )
  })

  it('control characters and line breaks in single-line fields', () => {
    expect(errorsOf(contact, { ...base(contact), firstName: 'Ana\nBcc: x@example.com' })).toEqual({
      firstName: messages.singleLine,
    })
    expect(
      validateSubmission(contact, { ...base(contact), msg: 'Line one\r\nLine two\tend' }, today).ok,
    ).toBe(true)
    expect(errorsOf(contact, { ...base(contact), msg: 'bell\u0007' })).toEqual({
      msg: messages.controlCharacters,
    })
  })

  it('phone numbers as people type them, stored as 10 digits', () => {
    const typed = [
      '(770) 555-0142',
      '770-555-0142',
      '770.555.0142',
      '770 555 0142',
      '+1 770 555 0142',
      '+1 (770) 555-0142',
      '1-770-555-0142',
      '17705550142',
      ' 7705550142 ',
    ]
    for (const phone of typed) {
      expect(validateSubmission(contact, { ...base(contact), phone }, today), phone).toMatchObject({
        ok: true,
        data: { phone: '7705550142' },
      })
    }
    const business = definition('business-quote')
    expect(
      validateSubmission(business, { ...base(business), contactPhone: '(404) 555-0199' }, today),
    ).toMatchObject({ ok: true, data: { contactPhone: '4045550199' } })
  })

  it('refuses what is not a 10-digit US phone number', () => {
    const refused = [
      '1',
      '77055501',
      '770555014',
      '770555014299',
      '27705550142',
      '+44 20 7946 0958',
      '+2 770 555 0142',
      '0705550142',
      '1705550142',
      '770-555-0142 ext 3',
      '770/555/0142',
      '7+705550142',
      '++17705550142',
    ]
    for (const phone of refused) {
      expect(errorsOf(contact, { ...base(contact), phone }), phone).toEqual({
        phone: `Enter a 10-digit US phone number, for example ${formatPhone(agency.phone)}.`,
      })
    }
  })

  it('digits only', () => {
    const workers = definition('workers-comp-quote')
    const nineDigits = 'Enter the 9 digits. Dashes and spaces are fine, for example 123-45-6789.'
    expect(errorsOf(workers, { ...base(workers), ssn1: '12-345678' })).toEqual({ ssn1: nineDigits })
    expect(errorsOf(workers, { ...base(workers), ssn1: '1234567890' })).toEqual({ ssn1: nineDigits })
    expect(errorsOf(workers, { ...base(workers), ssn1: '123-45-678x' })).toEqual({ ssn1: nineDigits })
    // As people write them, typed or pasted: the 9 digits are what is kept.
    for (const typed of ['123-45-6789', '123 45 6789', ' 123456789 ', '123 - 45 - 6789']) {
      const result = validateSubmission(workers, { ...base(workers), ssn1: typed }, today)
      expect(result.ok && result.data.ssn1, typed).toBe('123456789')
    }
    const result = validateSubmission(liability, { ...base(liability), ein: '12-3456789' }, today)
    expect(result.ok && result.data.ein).toBe('123456789')
    expect(errorsOf(workers, { ...base(workers), experience: 'ten' })).toEqual({
      experience: 'Use digits only.',
    })
  })

  it('e-mail format', () => {
    for (const bad of ['ana', 'ana@', '@example.com', 'ana@example', 'ana example@x.com', 'ana@-x.com']) {
      expect(errorsOf(contact, { ...base(contact), email: bad }), bad).toEqual({ email: messages.email })
    }
    expect(
      validateSubmission(contact, { ...base(contact), email: 'ana.m+quotes@mail.example.co' }, today).ok,
    ).toBe(true)
  })

  it('select and radio values must be listed options, exactly', () => {
    expect(errorsOf(atv, { ...base(atv), leased1: 'Maybe' })).toEqual({ leased1: messages.option })
    expect(errorsOf(atv, { ...base(atv), leased1: 'yes' })).toEqual({ leased1: messages.option })
    expect(errorsOf(quote, { ...base(quote), state: 'Ontario' })).toEqual({ state: messages.option })
    const life = definition('life-insurance-quote')
    expect(errorsOf(life, { ...base(life), tobaccoUse: 'Sometimes' })).toEqual({
      tobaccoUse: messages.option,
    })
    expect(validateSubmission(atv, { ...base(atv), leased1: ' No ' }, today).ok).toBe(true)
  })

  it('checkboxes send true or nothing', () => {
    const flag = 'propertyInsurance[deadBolts]'
    expect(errorsOf(renters, { ...base(renters), [flag]: 'yes' })).toEqual({ [flag]: messages.checkbox })
    const ticked = validateSubmission(renters, { ...base(renters), [flag]: 'true' }, today)
    expect(ticked.ok && ticked.data[flag]).toBe('true')
    const unticked = validateSubmission(renters, { ...base(renters), [flag]: '' }, today)
    expect(unticked.ok && flag in unticked.data).toBe(false)
  })

  it('numbers: whole numbers within the range', () => {
    expect(errorsOf(atv, { ...base(atv), year1: 'new' })).toEqual({ year1: messages.wholeNumber })
    expect(errorsOf(atv, { ...base(atv), year1: '2019.5' })).toEqual({ year1: messages.wholeNumber })
    expect(errorsOf(atv, { ...base(atv), year1: '1e3' })).toEqual({ year1: messages.wholeNumber })
    expect(errorsOf(atv, { ...base(atv), year1: '1899' })).toEqual({
      year1: messages.numberRange(1900, 2100),
    })
    expect(errorsOf(atv, { ...base(atv), year1: '9'.repeat(400) })).toEqual({ year1: messages.wholeNumber })
    expect(validateSubmission(atv, { ...base(atv), year1: '2019' }, today).ok).toBe(true)
  })

  it('dates: format and real calendar date', () => {
    expect(errorsOf(quote, { ...base(quote), startDate: '07/01/2025' })).toEqual({
      startDate: messages.dateFormat,
    })
    expect(errorsOf(quote, { ...base(quote), startDate: '2025-02-29' })).toEqual({
      startDate: messages.realDate,
    })
    expect(errorsOf(quote, { ...base(quote), startDate: '2025-06-15T00:00' })).toEqual({
      startDate: messages.dateFormat,
    })
  })

  it('dates: minimum today, with one day of slack for other time zones', () => {
    // today is 2025-06-15
    expect(
      validateSubmission(motorcycle, { ...base(motorcycle), policyStartDate: '2025-06-15' }, today).ok,
    ).toBe(true)
    expect(
      validateSubmission(motorcycle, { ...base(motorcycle), policyStartDate: '2025-06-14' }, today).ok,
    ).toBe(true)
    expect(errorsOf(motorcycle, { ...base(motorcycle), policyStartDate: '2025-06-13' })).toEqual({
      policyStartDate: messages.dateMin(todayLimit),
    })
  })

  it('dates: drivers at least 16 years old, with one day of slack', () => {
    expect(validateSubmission(boat, { ...base(boat), dob1: '2009-06-15' }, today).ok).toBe(true)
    expect(validateSubmission(boat, { ...base(boat), dob1: '2009-06-16' }, today).ok).toBe(true)
    expect(errorsOf(boat, { ...base(boat), dob1: '2009-06-17' })).toEqual({ dob1: messages.dateMax(sixteen) })
    // Classic car: no limit on dates of birth.
    const classic = definition('classic-car-quote')
    expect(validateSubmission(classic, { ...base(classic), dob1: '2024-01-01' }, today).ok).toBe(true)
  })

  it('minimum word count on the general liability work description (only when filled)', () => {
    expect(errorsOf(liability, { ...base(liability), workDescription: 'We paint houses.' })).toEqual({
      workDescription: messages.minWords(10),
    })
    const tenWords = 'We paint and repair the outside of family homes nearby'
    expect(validateSubmission(liability, { ...base(liability), workDescription: tenWords }, today).ok).toBe(
      true,
    )
    expect(validateSubmission(liability, base(liability), today).ok).toBe(true)
  })

  it('validateField gives the same message for one value', () => {
    const field = fieldOf(atv, 'firstName')
    expect(validateField(field, 'J0hn', today)).toBe(
      "Use letters, spaces, apostrophes, hyphens and periods, starting with a letter (for example O'Connor, García-López, Ruiz Jr.).",
    )
    expect(validateField(field, '', today)).toBe(messages.required)
    expect(validateField(field, 'Ana', today)).toBeUndefined()
  })
})

describe('schema: the honeypot', () => {
  const form = definition('contact-message')
  const base = validPayload(form, { requiredOnly: true })

  it('accepts any string up to 500 characters and reports a hit', () => {
    const filled = validateSubmission(
      form,
      { ...base, company: `Acme <a href="x">${'x'.repeat(400)}` },
      today,
    )
    expect(filled.ok).toBe(true)
    expect(filled.ok && isHoneypotHit(form, filled.data)).toBe(true)
    const empty = validateSubmission(form, { ...base, company: '' }, today)
    expect(empty.ok && isHoneypotHit(form, empty.data)).toBe(false)
  })

  it('rejects a longer one', () => {
    expect(errorsOf(form, { ...base, company: 'x'.repeat(501) })).toEqual({ company: messages.tooLong(500) })
  })
})

describe('schema: hostile input never throws', () => {
  const form = definition('boat-quote')
  const hostile: unknown[] = [
    undefined,
    null,
    0,
    'firstName=Ana',
    [],
    [validPayload(form)],
    new Date(),
    JSON.parse(
      '{"__proto__": {"firstName": "Ana", "polluted": "yes"}, "constructor": {"prototype": {"x": 1}}}',
    ),
    JSON.parse(
      `{"firstName": ${JSON.stringify('a'.repeat(1_000_000))}, "email": {"$ne": ""}, "phone": [1, 2]}`,
    ),
    Object.create({ firstName: 'inherited' }),
    Object.defineProperty({}, 'firstName', {
      enumerable: true,
      get() {
        throw new Error('getter')
      },
    }),
    new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('proxy')
        },
      },
    ),
  ]

  it.each(hostile.map((body, index) => [index, body] as const))('body #%i', (_index, body) => {
    const result = validateSubmission(form, body, today)
    expect(result.ok).toBe(false)
    expect('polluted' in {}).toBe(false)
  })

  it('does not read inherited properties or run getters', () => {
    const inherited = Object.create({ firstName: 'Ana' })
    expect(errorsOf(form, inherited).firstName).toBe(messages.required)
  })

  it('keeps a valid submission valid next to __proto__ and prototype-named keys', () => {
    const body = JSON.parse(
      JSON.stringify({ ...validPayload(form), extra: 1 }).replace('{', '{"__proto__":{"admin":true},'),
    )
    const result = validateSubmission(form, body, today)
    expect(result.ok).toBe(true)
    expect(result.ok && Object.keys(result.data)).not.toContain('__proto__')
    const named = { ...validPayload(form), toString: 'x', hasOwnProperty: 'x', valueOf: null, constructor: 1 }
    const second = validateSubmission(form, named, today)
    expect(second.ok && Object.keys(second.data).sort()).toEqual(
      Object.keys(validPayload(form))
        .filter((k) => k !== 'company')
        .sort(),
    )
  })
})
