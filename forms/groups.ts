/**
 * Shared field groups and option lists: every field name, option list and label that more than
 * one form uses is written here once. A form definition (forms/definitions) is a short list of
 * sections built from these groups.
 */
import type { DateLimit, Field, FormSection, InsuranceLine, OptionGroup, TextField } from './engine.ts'
import {
  checkbox,
  dateInput,
  emailInput,
  fields,
  numberInput,
  radio,
  select,
  telInput,
  text,
  textarea,
} from './fields.ts'
import { honeypotFieldName } from './honeypot.ts'
import { homeState, usStates } from './states.ts'

// ---------------------------------------------------------------------------------------------
// Option lists (values and order are part of the forms' contract: docs/contracts.md, "Forms")

/** '0', '1', … up to `to`, as option values. */
export function countOptions(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => String(from + index))
}

export const yesNoOptions = ['Yes', 'No']
const annualMileageOptions = ['0 - 5,000', '5,001 - 10,000', '10,001 - 15,000', '15,001 - 20,000', '20,000+']
const deductibleOptions = ['$250', '$500', '$1,000', '$1,500', '$2,000']
const genderOptions = ['Male', 'Female']
const driverStatusOptions = ['Active', 'Provisional', 'Suspended']
const policyExpiresOptions = ['0-30 days', '31-60 days', '61-90 days', '90+ days', 'Unsure']
/** Claims in 3 years and tickets in 3 years share this list. */
const claimsTicketsOptions = ['0', '1', '2', '3+']
const coverageDesiredOptions = ['State Minimum', 'Standard', 'Premium', 'Custom']
const workSchoolDistanceOptions = [
  'Under 5 miles',
  '5 - 10 miles',
  '11 - 20 miles',
  '21 - 30 miles',
  '31+ miles',
]
const boatTypeOptions = [
  'Motorboat',
  'Sailboat',
  'Pontoon',
  'Personal Watercraft (PWC)',
  'Jet Boat',
  'Bass Boat',
  'Other',
]
const boatUseOptions = ['Pleasure', 'Fishing', 'Commercial', 'Racing', 'Other']
const numEnginesOptions = ['1', '2', '3', '4+']
const engineTypeOptions = ['Inboard', 'Outboard', 'Sterndrive', 'Jet', 'Electric', 'Other']
const hullMaterialOptions = ['Fiberglass', 'Aluminum', 'Wood', 'Steel', 'Inflatable', 'Composite', 'Other']
const storageLocationOptions = ['Marina', 'Home', 'Dry Storage', 'Mooring', 'Other']

/** The quote request's insurance types: 32 options, in this order, submitted and stored as written. */
/**
 * The general quote request's "Type of insurance" answers, in the order the site lists them, each
 * with the line of insurance the desk counts it under (umbrella under life, as the site lists it).
 */
const insuranceTypes = [
  { value: 'Annuity', line: 'life' },
  { value: 'All Terrain Vehicle Insurance', line: 'vehicle' },
  { value: 'Auto Insurance', line: 'vehicle' },
  { value: 'Business Insurance', line: 'business' },
  { value: 'Boat Insurance', line: 'vehicle' },
  { value: 'BOP Insurance', line: 'business' },
  { value: 'Condo Insurance', line: 'property' },
  { value: 'Classic/Antique Car Insurance', line: 'vehicle' },
  { value: 'Critical Illness Insurance', line: 'life' },
  { value: 'Crop Insurance', line: 'business' },
  { value: 'Dental Insurance', line: 'life' },
  { value: 'Disability Insurance', line: 'life' },
  { value: 'Earthquake Insurance', line: 'property' },
  { value: 'Event Insurance', line: 'specialty' },
  { value: 'Final Expense Insurance', line: 'life' },
  { value: 'Flood Insurance', line: 'property' },
  { value: 'Health Insurance', line: 'life' },
  { value: 'Home Insurance', line: 'property' },
  { value: 'Insurance Bonds', line: 'business' },
  { value: 'Life Insurance', line: 'life' },
  { value: 'Long Term Care Insurance', line: 'life' },
  { value: 'Landlord Insurance', line: 'property' },
  { value: 'Medicare Supplements', line: 'life' },
  { value: 'Motorcycle Insurance', line: 'vehicle' },
  { value: 'Roadside Assistance', line: 'vehicle' },
  { value: 'Recreational Vehicle Insurance', line: 'vehicle' },
  { value: 'Renters Insurance', line: 'property' },
  { value: 'Travel Insurance', line: 'specialty' },
  { value: 'Umbrella Insurance', line: 'life' },
  { value: 'Vision Insurance', line: 'life' },
  { value: 'Workers Comp Insurance', line: 'business' },
  { value: 'Other Insurance Type', line: 'service' },
] as const satisfies readonly { value: string; line: InsuranceLine }[]

export const insuranceTypeOptions: string[] = insuranceTypes.map((type) => type.value)

/** The headings the "Type of insurance" list is grouped under, by line, in this order. */
const insuranceTypeGroupLabels: Readonly<Record<InsuranceLine, string>> = {
  vehicle: 'Vehicles',
  property: 'Home and property',
  life: 'Life and health',
  business: 'Business',
  specialty: 'Specialty',
  service: 'Other',
}

/** The "Type of insurance" answers grouped by line, so a visitor finds theirs among 32. */
export const insuranceTypeGroups: readonly OptionGroup[] = Object.entries(insuranceTypeGroupLabels).map(
  ([line, label]) => ({
    label,
    values: insuranceTypes.filter((type) => type.line === line).map((type) => type.value),
  }),
)

/** The line of each "Type of insurance" answer (the desk's chart counts the general request by it). */
export const insuranceTypeLines: Readonly<Record<string, InsuranceLine>> = Object.fromEntries(
  insuranceTypes.map((type) => [type.value, type.line]),
)

// ---------------------------------------------------------------------------------------------
// Date limits

/** Policy start and event dates (minimum), own birth dates (maximum). */
export const todayLimit: DateLimit = { kind: 'today' }
/** Minimum age of an operator or driver on the vehicle forms: 16 years. */
export const atLeast16YearsAgo: DateLimit = { kind: 'yearsAgo', years: 16 }

// ---------------------------------------------------------------------------------------------
// Form and section builders

/** A section's legend, marked '(optional)' when its fields are optional. */
export function legend(base: string, required: boolean): string {
  return required ? base : `${base} (optional)`
}

export function section(title: string, ...parts: (Field | readonly Field[])[]): FormSection {
  return { legend: title, fields: fields(...parts) }
}

/** The 'Your contact details' section: names, e-mail, phone, then what the form adds (an address). */
export function contactSection(
  { phoneName }: { phoneName?: 'phone' | 'contactPhone' },
  ...more: (Field | readonly Field[])[]
): FormSection {
  return section(
    'Your contact details',
    contactNames(),
    email(),
    phone(phoneName ? { name: phoneName } : {}),
    ...more,
  )
}

/** The words of the control that opens an optional repeat, and of the one that removes it. */
export interface RepeatLabels {
  add: string
  remove: string
}

/** An optional repeat (a second boat, a third owner): closed until the visitor asks for it. */
export function closedSection(
  title: string,
  labels: RepeatLabels,
  ...parts: (Field | readonly Field[])[]
): FormSection {
  return { ...section(title, ...parts), closed: { add: labels.add, remove: labels.remove } }
}

/**
 * Two numbered blocks (vehicles, boats, operators): the first required, the second optional and
 * closed until the visitor asks for it.
 */
export function requiredThenOptional(
  legends: readonly [string, string],
  labels: RepeatLabels,
  group: (n: 1 | 2, required: boolean) => readonly Field[],
): FormSection[] {
  return [
    section(legends[0], group(1, true)),
    closedSection(legend(legends[1], false), labels, group(2, false)),
  ]
}

// ---------------------------------------------------------------------------------------------
// Contact groups

/** The decoy field: invisible, never required, should stay empty. */
export function honeypot(): TextField {
  return text(honeypotFieldName, 'Company', {
    required: false,
    honeypot: true,
    maxLength: 500,
    autoComplete: 'off',
    note: 'Honeypot (docs/contracts.md, "Spam"). Any string up to 500 characters is accepted; a filled one is stored as spam.',
  })
}

/**
 * firstName and lastName, always required, written as people write names (shared/DESIGN.md,
 * "Names"; docs/decisions/022-names.md).
 */
export function contactNames(): Field[] {
  const namePattern = { pattern: 'name' as const }
  return [
    text('firstName', 'First name', { required: true, autoComplete: 'given-name', ...namePattern }),
    text('lastName', 'Last name', { required: true, autoComplete: 'family-name', ...namePattern }),
  ]
}

/** The visitor's e-mail: required on every form that has one. */
export function email(): TextField {
  return emailInput('email', 'E-mail', { required: true, autoComplete: 'email' })
}

/**
 * The visitor's phone, required on every form that has one. Only digits are stored: people type
 * "(770) 555-0142" or "+1 770 555 0142", so both sides accept that formatting and submit and store the
 * 10 digits (docs/contracts.md, "Forms"). The numeric keypad is the telephone pad (type "tel"),
 * which also has the "+" and, on Android, the "(" and "-" the hint shows.
 */
export function phone({ name = 'phone' }: { name?: 'phone' | 'contactPhone' } = {}): TextField {
  return telInput(name, 'Phone', {
    required: true,
    pattern: 'usPhone',
    autoComplete: 'tel-national',
    // {phone} is the agency's own number, filled in when shown (content/form-text.ts, formText)
    hint: 'A US number, for example {phone}.',
    note: 'Spec: digits only. Formatting (spaces, dashes, dots, parentheses, a leading +1) is accepted and removed; 10 digits are submitted and stored.',
  })
}

/**
 * The shared state selector. The design brief did not name it on most forms; it is `state`
 * everywhere (its name where the brief did name it), the agency's state preselected. Its options
 * and default are read when used (forms/states.ts), so a published change of state reaches every form.
 */
export function stateSelect({ required, venue = false }: { required: boolean; venue?: boolean }): Field {
  const field = select('state', 'State', usStates(), {
    required,
    ...(venue ? {} : { autoComplete: 'address-level1' }),
    note: 'Spec: a state selector whose field name is not shown; named `state`, the agency’s state preselected, 50 states, the agency’s state first.',
  })
  return Object.defineProperties(field, {
    options: { get: () => select('state', 'State', usStates(), { required }).options, enumerable: true },
    defaultValue: { get: homeState, enumerable: true },
  })
}

export interface AddressOptions {
  /** The two names the forms give the street lines (docs/contracts.md, "Forms"). */
  lines: 'address' | 'addressLine'
  /** Optional unless set (most forms require only the city). */
  line1Required?: boolean
  /** 'zipCode' unless set. */
  zipName?: 'zip' | 'zipCode'
  zipRequired?: boolean
  stateRequired?: boolean
  /** The event form's address is the event venue, not the visitor's (no autofill). */
  venue?: boolean
}

/** Street lines, city (required on every form that asks for it), state selector and ZIP code. */
export function address({
  lines,
  line1Required = false,
  zipName = 'zipCode',
  zipRequired = false,
  stateRequired = false,
  venue = false,
}: AddressOptions): Field[] {
  const prefix = venue ? 'Event venue address' : 'Address'
  const autoComplete = (token: string) => (venue ? {} : { autoComplete: token })
  return [
    text(`${lines}1`, `${prefix} line 1`, { required: line1Required, ...autoComplete('address-line1') }),
    text(`${lines}2`, `${prefix} line 2`, { required: false, ...autoComplete('address-line2') }),
    text('city', 'City', { required: true, ...autoComplete('address-level2') }),
    stateSelect({ required: stateRequired, venue }),
    text(zipName, 'ZIP code', {
      required: zipRequired,
      maxLength: 10,
      ...autoComplete('postal-code'),
      note: 'No pattern, so a ZIP+4 or a foreign postcode passes; at most 10 characters, enough for ZIP+4.',
    }),
  ]
}

const notesLabels = {
  msg: 'Message',
  message: 'Notes',
  comment: 'Comments',
  additionalInfo: 'Additional information',
} as const

/** A free-text message or notes field under one of the forms' fixed names (label by name unless given). */
export function notes(
  name: keyof typeof notesLabels,
  { required, label = notesLabels[name] }: { required: boolean; label?: string },
): TextField {
  return textarea(name, label, { required })
}

/** A section holding only a notes field, its legend the field's label. */
export function notesSection(
  name: keyof typeof notesLabels,
  { required }: { required: boolean },
): FormSection {
  return section(notesLabels[name], notes(name, { required }))
}

// ---------------------------------------------------------------------------------------------
// Policy and history fields

export function policyStartDate({ required }: { required: boolean }): Field {
  return dateInput('policyStartDate', 'Policy start date', { required, min: todayLimit })
}

export function currentCompany({ required }: { required: boolean }): Field {
  return text('currentCompany', 'Current insurance company', { required })
}

/** When the current policy expires (the RV form names it `policyExpires`). */
export function policyExpires(
  name: 'policyExpiresIn' | 'policyExpires',
  { required }: { required: boolean },
): Field {
  return select(name, 'Current policy expires in', policyExpiresOptions, { required })
}

/** The motorcycle form asks for months and days until the current policy expires. */
export function policyExpiresMonthsDays({ required }: { required: boolean }): Field[] {
  return [
    select('policyExpiresMonths', 'Policy expires in (months)', countOptions(0, 12), { required }),
    select('policyExpiresDays', 'Policy expires in (days)', countOptions(0, 31), { required }),
  ]
}

export function claimsAndTickets({ required }: { required: boolean }): Field[] {
  return [
    select('claims3Years', 'Claims in the past 3 years', claimsTicketsOptions, { required }),
    select('tickets3Years', 'Tickets in the past 3 years', claimsTicketsOptions, { required }),
  ]
}

export function coverageDesired({ required }: { required: boolean }): Field {
  return select('coverageDesired', 'Coverage desired', coverageDesiredOptions, { required })
}

// ---------------------------------------------------------------------------------------------
// Vehicles and their drivers

const yearNote =
  'Spec silent on the type: a whole number 1900–2100 (a fixed bound: definitions do not depend on the build date).'

/** A model year (vehicles and boats). */
function modelYear(name: string, required: boolean): Field {
  return numberInput(name, 'Year', { required, min: 1900, max: 2100, note: yearNote })
}

/** The shared vehicle block (ATV, classic car, motorcycle, RV), fields suffixed with `n`. */
export function vehicle(
  n: 1 | 2,
  { required, leasedLabel }: { required: boolean; leasedLabel: string },
): Field[] {
  return [
    modelYear(`year${n}`, required),
    text(`make${n}`, 'Make', { required }),
    text(`model${n}`, 'Model', { required }),
    select(`annualMileage${n}`, 'Annual mileage', annualMileageOptions, { required }),
    select(`leased${n}`, leasedLabel, yesNoOptions, { required }),
    select(`collisionDeduct${n}`, 'Collision deductible', deductibleOptions, { required }),
    select(`comprehensiveDeduct${n}`, 'Comprehensive deductible', deductibleOptions, { required }),
  ]
}

/** The motorcycle's commute questions, per motorcycle like the other vehicle fields. */
export function commute(n: 1 | 2, { required }: { required: boolean }): Field[] {
  const note =
    'Spec lists driveToWork and workSchoolDistance with the per-vehicle fields, so they are suffixed like them.'
  return [
    select(`driveToWork${n}`, 'Used to drive to work or school?', yesNoOptions, { required, note }),
    select(`workSchoolDistance${n}`, 'Distance to work or school (one way)', workSchoolDistanceOptions, {
      required,
      note,
    }),
  ]
}

interface PersonOptions {
  required: boolean
  /** Latest allowed date of birth (none on the classic car form). */
  dobMax?: DateLimit
  /** Why the date of birth is limited this way, where the forms' contract does not say. */
  dobNote?: string
}

/** Name, gender, married and date of birth of a driver or an operator, then the block's last question. */
function person(
  n: 1 | 2,
  nameField: string,
  { required, dobMax, dobNote }: PersonOptions,
  last: Field,
): Field[] {
  return [
    text(nameField, 'Full name', { required, pattern: 'name' }),
    select(`gender${n}`, 'Gender', genderOptions, { required }),
    select(`married${n}`, 'Married?', yesNoOptions, { required }),
    dateInput(`dob${n}`, 'Date of birth', {
      required,
      ...(dobMax ? { max: dobMax } : {}),
      ...(dobNote ? { note: dobNote } : {}),
    }),
    last,
  ]
}

/** A driver (ATV, classic car, motorcycle, RV): primaryDriverName or driver2Name, then gender, married, dob, status. */
export function driver(n: 1 | 2, opts: PersonOptions): Field[] {
  return person(
    n,
    n === 1 ? 'primaryDriverName' : 'driver2Name',
    opts,
    select(`status${n}`, 'Driver status', driverStatusOptions, { required: opts.required }),
  )
}

/** A boat operator, at least 16 years old. */
export function boatOperator(n: 1 | 2, { required }: { required: boolean }): Field[] {
  return person(
    n,
    n === 1 ? 'primaryOperatorName' : 'operator2Name',
    { required, dobMax: atLeast16YearsAgo },
    select(`accidents${n}`, 'Accidents or tickets in the past 3 years?', yesNoOptions, { required }),
  )
}

/** A boat; horsepower, engine type and storage location are optional even for boat 1. */
export function boat(n: 1 | 2, { required }: { required: boolean }): Field[] {
  return [
    modelYear(`year${n}`, required),
    text(`manufacturer${n}`, 'Manufacturer', { required }),
    text(`model${n}`, 'Model', { required }),
    select(`type${n}`, 'Boat type', boatTypeOptions, { required }),
    numberInput(`length${n}`, 'Length (feet)', {
      required,
      min: 1,
      max: 500,
      decimals: 1,
      note: 'Spec silent on the type: feet with at most one decimal (18.5), 1–500.',
    }),
    select(`use${n}`, 'Primary use', boatUseOptions, { required }),
    numberInput(`marketValue${n}`, 'Market value (US dollars)', {
      required,
      min: 0,
      max: 100_000_000,
      note: 'Spec silent on the type: whole US dollars, 0–100,000,000.',
    }),
    select(`numEngines${n}`, 'Number of engines', numEnginesOptions, { required }),
    numberInput(`horsepower${n}`, 'Total horsepower', {
      required: false,
      min: 1,
      max: 10_000,
      note: 'Spec silent on the type: a whole number 1–10,000.',
    }),
    select(`engineType${n}`, 'Engine type', engineTypeOptions, { required: false }),
    select(`deductible${n}`, 'Deductible', deductibleOptions, {
      required,
      note: 'Spec gives no boat deductible list: the shared vehicle deductibles are used.',
    }),
    select(`hullMaterial${n}`, 'Hull material', hullMaterialOptions, { required }),
    select(`trailerCoverage${n}`, 'Trailer coverage?', yesNoOptions, { required }),
    select(`storageLocation${n}`, 'Storage location', storageLocationOptions, { required: false }),
    select(`mods${n}`, 'Modifications?', yesNoOptions, { required }),
  ]
}

// ---------------------------------------------------------------------------------------------
// Business

/** Years of experience: digits only (the workers' compensation form's rule); the general liability form reuses it. */
export function experience(): Field {
  return text('experience', 'Years of experience in this line of work', {
    required: false,
    pattern: 'digits',
    maxLength: 3,
    note: 'Spec: digits only (workers comp); a text input with the digits pattern, at most 3 digits.',
  })
}

/** A whole-dollar amount (payrolls, costs, revenue): the forms' contract does not fix the type. */
export function dollars(name: string, label: string, { required }: { required: boolean }): Field {
  return numberInput(name, label, {
    required,
    min: 0,
    max: 1_000_000_000,
    note: 'Spec silent on the type: whole US dollars, 0–1,000,000,000.',
  })
}

/** A count (employees, units…): the forms' contract does not fix the type. */
export function count(
  name: string,
  label: string,
  { required, min = 0 }: { required: boolean; min?: number },
): Field {
  return numberInput(name, label, {
    required,
    min,
    max: 100_000,
    note: `Spec silent on the type: a whole number ${min}–100,000.`,
  })
}

/** A workers' comp owner (up to 3): name, birth date, SSN, ownership share, payroll. */
export function owner(n: 1 | 2 | 3, { required }: { required: boolean }): Field[] {
  return [
    text(`owner${n}Name`, 'Full name', {
      required,
      pattern: 'name',
      note: 'Spec names the letters-only rule for owner1Name and owner2Name, extended to names as people write them (shared/DESIGN.md); owner3Name is the same group, so it follows it too.',
    }),
    dateInput(`birthdate${n}`, 'Date of birth', {
      required,
      max: todayLimit,
      note: 'Spec shows no limit; a birth date cannot be in the future.',
    }),
    text(`ssn${n}`, 'Social Security number', {
      required,
      sensitive: true,
      pattern: 'taxNumber',
      maxLength: 20,
      autoComplete: 'off',
      hint: '9 digits. Dashes are fine.',
      note: 'Spec silent on the format: 9 digits, typed or pasted with dashes or spaces (shared/DESIGN.md); the 9 digits are sent and stored. Sensitive: never mailed or logged.',
    }),
    numberInput(`ownership${n}`, 'Ownership (%)', {
      required,
      min: 1,
      max: 100,
      note: 'Spec: a choice whose options are not shown; a whole percentage 1–100 is what an owner knows.',
    }),
    dollars(`payroll${n}`, 'Annual payroll (US dollars)', { required }),
  ]
}

/**
 * Checkbox flags of a named group, each submitted as `group[flag]` = 'true' when ticked: the
 * renters flags are named this way, and the business flags (given as a group and flag names) use
 * the same bracket names (docs/contracts.md, "Forms").
 */
export function flagGroup(
  group: string,
  flags: readonly (readonly [flag: string, label: string])[],
): Field[] {
  return flags.map(([flag, label]) =>
    checkbox(`${group}[${flag}]`, label, {
      required: false,
      note: `Checkbox flag of group ${group}: submitted as ${group}[${flag}] = 'true' when ticked; never required.`,
    }),
  )
}

/** Claims history (renters, general liability). */
export function claimsHistory({ required }: { required: boolean }): Field {
  return select('claimsHistory', 'Any claims in the last 5 years?', yesNoOptions, { required })
}

/** Whether the quote replaces a current policy (renters, business). */
export function replacePolicy({ required }: { required: boolean }): Field {
  return select('replacePolicy', 'Replacing a current policy?', yesNoOptions, { required })
}

/** A Yes/No radio question (life form), required. */
export function yesNoRadio(name: string, label: string): Field {
  return radio(name, label, yesNoOptions, { required: true })
}
