/**
 * The CSV export of the inbox's filtered leads, one row per lead, in two layouts (docs/api.md,
 * "CSV export"):
 * - `leads` (the default): the lead's id, the lead as staff work it (reference, local time, form, line, language,
 *   status, assignee, first contact, follow-up, last note, source), then the visitor's name and
 *   address in the same columns whatever the form, then every other field of the forms among those
 *   forms, in registry and form order, under its label: the same columns whatever the filter, so an
 *   import mapped once keeps working;
 * - `applicants`: the columns an agency system's applicant import maps (first and last name, date
 *   of birth, address, two-letter state, phone, e-mail, line and type of insurance, reference,
 *   received), one row per person of the lead (every driver, operator and owner), so a lead goes in
 *   without retyping.
 * Times are the agency's local time ("2026-11-24 22:30"), which spreadsheets read as a date and
 * time. Sensitive values are masked, as on screen. Lead values are typed by the public, so every
 * cell is quoted and formula starts are neutralised (OWASP "CSV injection", see csvCell).
 */

import { utcOffset, wallClock } from '#config/agency-facts.ts'
import type { Field, FormDefinition } from '#forms/engine.ts'
import { formDefinitions, getFormDefinition } from '#forms/registry.ts'
import { stateCode } from '#forms/states.ts'
import { visitorName } from '#forms/visitor-name.ts'
import type { Queryable } from '../db/database.ts'
import { build, run, sql } from '../db/query-builder.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { leadLineLabel } from './insurance-lines.ts'
import { displayValue, isHoneypot, languageNames } from './lead-fields.ts'
import { clickIdName } from './lead-source.ts'
import { statusWord } from './lead-words.ts'
import { localInputValue } from './staff-time.ts'

const csvLayouts = ['leads', 'applicants'] as const
export type CsvLayout = (typeof csvLayouts)[number]

/** The `layout` of the export's query: undefined for a value that is not a layout. */
export function csvLayoutOf(query: unknown): CsvLayout | undefined {
  const value = query && typeof query === 'object' && 'layout' in query ? query.layout : undefined
  if (value === undefined || value === '') return 'leads'
  return csvLayouts.find((layout) => layout === value)
}

/** A lead as the export writes it: with its newest note, read per batch (withLastNotes). */
export type CsvLead = InboxLead & { lastNote?: string }

/**
 * The header row: `keys` (the default), stable snake_case names an import maps once (`lead_id`,
 * `received_at`, `first_name`); `labels`, the same columns under the labels people read.
 */
const csvHeaders = ['keys', 'labels'] as const
export type CsvHeaders = (typeof csvHeaders)[number]

/** The `headers` of the export's query: undefined for a value that is not one. */
export function csvHeadersOf(query: unknown): CsvHeaders | undefined {
  const value = query && typeof query === 'object' && 'headers' in query ? query.headers : undefined
  if (value === undefined || value === '') return 'keys'
  return csvHeaders.find((headers) => headers === value)
}

export interface CsvColumn<Row extends CsvLead = CsvLead> {
  /** The machine's name of the column, snake_case, the same in every export. */
  key: string
  header: string
  value: (row: Row, key: Buffer) => string
}

/** "2026-11-24 22:30" in the agency's time zone; '' for none. */
function localTime(date: Date | string | null | undefined): string {
  return date ? localInputValue(date).replace('T', ' ') : ''
}

/** ISO 8601 in the agency's time zone with its offset, to the second: "2026-11-24T22:30:00-05:00". */
function isoTime(date: Date | string | null | undefined): string {
  if (!date) return ''
  const instant = new Date(date).getTime()
  const wall = wallClock(instant)
  return `${wall.date}T${wall.time}:${String(wall.second).padStart(2, '0')}${utcOffset(instant)}`
}

/** A local time's column and, beside it, the same instant as ISO 8601 with its offset. */
function timeColumns(
  header: string,
  key: string,
  at: (lead: CsvLead) => Date | string | null | undefined,
): CsvColumn[] {
  return [
    { key: `${key}_local`, header, value: (lead) => localTime(at(lead)) },
    { key: `${key}_at`, header: `${header} (ISO 8601)`, value: (lead) => isoTime(at(lead)) },
  ]
}

/** `zipCode` as `zip_code`, `dob1` as `dob1`: a field name as a column key. */
function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()
}

/** The visitor's own fields, by what they are; the first a form has is the one exported. */
const personFields = {
  email: ['email'],
  phone: ['phone', 'contactPhone'],
  address1: ['address1', 'addressLine1'],
  address2: ['address2', 'addressLine2'],
  city: ['city'],
  state: ['state'],
  zip: ['zip', 'zipCode'],
  birthDate: ['dob', 'dob1', 'birthdate', 'birthdate1'],
} as const
type PersonPart = keyof typeof personFields

/**
 * The name of the form's field that holds this part of the visitor's details. The event form's
 * address lines are the venue's, not the visitor's: only fields labelled as the visitor's own count.
 */
function personField(form: FormDefinition | undefined, part: PersonPart): Field | undefined {
  if (!form) return undefined
  const fields = form.sections.flatMap((section) => section.fields)
  for (const name of personFields[part]) {
    const field = fields.find((candidate) => candidate.name === name)
    if (field && !/venue/i.test(field.label)) return field
  }
  return undefined
}

function personValue(lead: CsvLead, part: PersonPart, key: Buffer): string {
  const field = personField(getFormDefinition(lead.formKey), part)
  return field ? displayValue(field, lead.fields[field.name], key) : ''
}

/** A column of the visitor's own details (personFields), masked as on screen. */
function personColumn(key: string, header: string, part: PersonPart): CsvColumn {
  return { key, header, value: (lead, key) => personValue(lead, part, key) }
}

/** One person of a lead as the applicants layout writes them: one row each. */
export interface Applicant {
  /** 1 for the applicant, then each other person in the form's order. */
  number: number
  /** "Applicant", "Driver 2", "Owner 1": who the person is on the lead. */
  role: string
  first: string
  last: string
  /** The date of birth as the form stored it (YYYY-MM-DD), '' for none. */
  birthDate: string
}

/**
 * The people a form names beside the visitor, numbered as the form numbers them: each one's name
 * field, date-of-birth field and role. A field a form does not have is simply absent from its leads.
 */
const namedPeople = [
  { name: 'primaryDriverName', birthDate: 'dob1', role: 'Driver 1' },
  { name: 'driver2Name', birthDate: 'dob2', role: 'Driver 2' },
  { name: 'primaryOperatorName', birthDate: 'dob1', role: 'Operator 1' },
  { name: 'operator2Name', birthDate: 'dob2', role: 'Operator 2' },
  { name: 'owner1Name', birthDate: 'birthdate1', role: 'Owner 1' },
  { name: 'owner2Name', birthDate: 'birthdate2', role: 'Owner 2' },
  { name: 'owner3Name', birthDate: 'birthdate3', role: 'Owner 3' },
] as const

/** A full name split at its last space: "Ana María López" is Ana María, López. */
function splitFullName(name: string): { first: string; last: string } {
  const cut = name.lastIndexOf(' ')
  return cut > 0 ? { first: name.slice(0, cut), last: name.slice(cut + 1) } : { first: '', last: name }
}

/** Names compared as a person reads them: case and spacing aside. */
function sameName(a: string, b: string): boolean {
  const plain = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US')
  return plain(a) === plain(b)
}

/**
 * Every person of a lead, the applicant first: the visitor (their first and last name, or the
 * contact's name), then each driver, boat operator or business owner the form names. A named person
 * who is the visitor (the primary driver is often the one who wrote) is one row, with their date of
 * birth. A lead that names nobody (a business) has one row: the business's name as the last name, as
 * applicant imports expect one.
 */
export function applicantsOf(lead: CsvLead): Applicant[] {
  const { fields } = lead
  const people = namedPeople
    .map((person) => ({ ...person, fullName: fields[person.name]?.trim() ?? '' }))
    .filter((person) => person.fullName)
  const own = ['dob', 'birthdate'].map((name) => fields[name]).find(Boolean) ?? ''
  let visitor: Omit<Applicant, 'number'> | undefined
  const { firstName = '', lastName = '' } = fields
  const contact = fields.contactName?.trim()
  if (firstName || lastName) visitor = { role: 'Applicant', first: firstName, last: lastName, birthDate: own }
  else if (contact) visitor = { role: 'Applicant', ...splitFullName(contact), birthDate: own }
  const rows: Omit<Applicant, 'number'>[] = []
  for (const person of people) {
    const birthDate = fields[person.birthDate] ?? ''
    const visitorName = visitor ? [visitor.first, visitor.last].filter(Boolean).join(' ') : ''
    if (visitor && sameName(visitorName, person.fullName)) {
      visitor = {
        ...visitor,
        role: `Applicant, ${person.role.toLowerCase()}`,
        birthDate: visitor.birthDate || birthDate,
      }
    } else rows.push({ role: person.role, ...splitFullName(person.fullName), birthDate })
  }
  if (!visitor) {
    const first = rows.shift()
    const form = getFormDefinition(lead.formKey)
    visitor = first
      ? { ...first, role: `Applicant, ${first.role.toLowerCase()}` }
      : { role: 'Applicant', first: '', last: visitorName(fields, form?.visitor.name), birthDate: own }
  }
  return [visitor, ...rows].map((person, index) => ({ ...person, number: index + 1 }))
}

function lineName(lead: CsvLead): string {
  return leadLineLabel(lead.formKey, lead.fields)
}

/** 'YYYY-MM-DD' as 'MM/DD/YYYY', the form applicant imports read; anything else as it is. */
function usDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value
}

/** The lead's id, the one the staff API and webhooks name it by: first in every layout. */
const idColumn: CsvColumn = { key: 'lead_id', header: 'Lead ID', value: (lead) => lead.id }

const leadColumns: CsvColumn[] = [
  idColumn,
  { key: 'reference', header: 'Reference', value: (lead) => lead.reference },
  ...timeColumns('Received', 'received', (lead) => lead.receivedAt),
  { key: 'form', header: 'Form', value: (lead) => getFormDefinition(lead.formKey)?.title ?? lead.formKey },
  { key: 'form_key', header: 'Form key', value: (lead) => lead.formKey },
  { key: 'line', header: 'Line', value: lineName },
  { key: 'language', header: 'Language', value: (lead) => languageNames[lead.language] ?? lead.language },
  { key: 'status', header: 'Status', value: (lead) => statusWord(lead.status) },
  { key: 'spam', header: 'Spam', value: (lead) => (lead.isSpam ? 'Yes' : 'No') },
  {
    key: 'assigned_to',
    header: 'Assigned to',
    value: (lead) => lead.assigneeName || lead.assigneeEmail || '',
  },
  { key: 'assigned_to_email', header: 'Assigned to (e-mail)', value: (lead) => lead.assigneeEmail ?? '' },
  ...timeColumns('First contact', 'first_contact', (lead) => lead.firstContactAt),
  ...timeColumns('Follow-up', 'follow_up', (lead) => lead.followUpAt),
  { key: 'last_note', header: 'Last note', value: (lead) => lead.lastNote ?? '' },
  { key: 'landing_page', header: 'Landing page', value: (lead) => lead.source?.landing ?? '' },
  { key: 'referrer', header: 'Referrer', value: (lead) => lead.source?.referrer ?? '' },
  { key: 'utm_source', header: 'UTM source', value: (lead) => lead.source?.utmSource ?? '' },
  { key: 'utm_medium', header: 'UTM medium', value: (lead) => lead.source?.utmMedium ?? '' },
  { key: 'utm_campaign', header: 'UTM campaign', value: (lead) => lead.source?.utmCampaign ?? '' },
  { key: 'ad_click', header: 'Ad click', value: (lead) => clickIdName(lead.source?.clickId) },
  {
    key: 'name',
    header: 'Name',
    value: (lead) => visitorName(lead.fields, getFormDefinition(lead.formKey)?.visitor.name),
  },
  personColumn('email', 'E-mail', 'email'),
  personColumn('phone', 'Phone', 'phone'),
  personColumn('address_line_1', 'Address line 1', 'address1'),
  personColumn('address_line_2', 'Address line 2', 'address2'),
  personColumn('city', 'City', 'city'),
  personColumn('state', 'State', 'state'),
  personColumn('zip_code', 'ZIP code', 'zip'),
]

/**
 * The "Type of insurance" of each form's leads, in the words of the general quote request's list
 * (forms/groups.ts), so an import maps one vocabulary; that form's own leads carry the visitor's answer.
 */
const insuranceTypeByForm: Readonly<Record<string, string>> = {
  'atv-quote': 'All Terrain Vehicle Insurance',
  'boat-quote': 'Boat Insurance',
  'bop-quote': 'BOP Insurance',
  'business-quote': 'Business Insurance',
  'classic-car-quote': 'Classic/Antique Car Insurance',
  'event-quote': 'Event Insurance',
  'final-expense-quote': 'Final Expense Insurance',
  'flood-quote': 'Flood Insurance',
  'landlord-quote': 'Landlord Insurance',
  'life-insurance-quote': 'Life Insurance',
  'motorcycles-quote': 'Motorcycle Insurance',
  'renters-insurance-quote': 'Renters Insurance',
  'rv-quote': 'Recreational Vehicle Insurance',
  'umbrella-quote': 'Umbrella Insurance',
  'workers-comp-quote': 'Workers Comp Insurance',
}

/** The lead's type of insurance: the visitor's answer, the form's type, else the form's title. */
function insuranceType(lead: CsvLead): string {
  const form = getFormDefinition(lead.formKey)
  const answer = form?.lineByAnswer ? lead.fields[form.lineByAnswer.field] : undefined
  return answer || insuranceTypeByForm[lead.formKey] || (form?.title ?? lead.formKey).replace(/ quote$/, '')
}

/** A lead with one of its people: a row of the applicants layout. */
type ApplicantRow = CsvLead & { person: Applicant }

/**
 * The applicant layout's columns, named as agency systems' applicant imports name theirs: one row
 * per person of a lead (applicantsOf), first and last name apart, the date of birth MM/DD/YYYY, the
 * household's address and contact on each row, the state as its two-letter code. The columns added
 * after the first release (the person's number and role, the type of insurance) come last, so an
 * import mapped before keeps its positions.
 */
const applicantColumns: CsvColumn<ApplicantRow>[] = [
  idColumn,
  { key: 'first_name', header: 'First Name', value: (row) => row.person.first },
  { key: 'last_name', header: 'Last Name', value: (row) => row.person.last },
  { key: 'date_of_birth', header: 'Date of Birth', value: (row) => usDate(row.person.birthDate) },
  personColumn('address_line_1', 'Address Line 1', 'address1'),
  personColumn('address_line_2', 'Address Line 2', 'address2'),
  personColumn('city', 'City', 'city'),
  { key: 'state', header: 'State', value: (row, key) => stateCode(personValue(row, 'state', key)) },
  personColumn('zip_code', 'ZIP Code', 'zip'),
  personColumn('phone', 'Phone', 'phone'),
  personColumn('email', 'Email', 'email'),
  { key: 'line_of_insurance', header: 'Line of Insurance', value: lineName },
  { key: 'reference', header: 'Reference', value: (lead) => lead.reference },
  ...timeColumns('Received', 'received', (lead) => lead.receivedAt),
  { key: 'person_number', header: 'Person', value: (row) => String(row.person.number) },
  { key: 'role', header: 'Role', value: (row) => row.person.role },
  { key: 'type_of_insurance', header: 'Type of Insurance', value: insuranceType },
]

/** The field names already in the fixed columns (the visitor's name and address). */
function inFixedColumns(form: FormDefinition): Set<string> {
  const names = new Set<string>(
    form.visitor.name.filter((name) => name === 'firstName' || name === 'lastName'),
  )
  for (const part of ['email', 'phone', 'address1', 'address2', 'city', 'state', 'zip'] as const) {
    const field = personField(form, part)
    if (field) names.add(field.name)
  }
  return names
}

/**
 * Each other field name of every form once, in registry and form order (so the columns are the
 * same in every export, whatever the filter). A label that several columns share (Year of vehicle 1 and 2, ZIP
 * code under two names) gets its section, then if still shared its field name: "Vehicle 2: Year",
 * "Your address: ZIP code (zipCode)".
 */
function fieldColumns(): CsvColumn[] {
  const byName = new Map<string, { field: Field; legend: string }>()
  for (const form of formDefinitions) {
    const fixed = inFixedColumns(form)
    for (const section of form.sections) {
      const legend = section.legend.replace(/ \(optional\)$/, '')
      for (const field of section.fields) {
        if (byName.has(field.name) || isHoneypot(field) || fixed.has(field.name)) continue
        byName.set(field.name, { field, legend })
      }
    }
  }
  const entries = [...byName.values()]
  const withSection = disambiguate(
    entries.map((entry) => entry.field.label),
    (index) => `${entries[index]?.legend}: ${entries[index]?.field.label}`,
  )
  const headers = disambiguate(
    withSection,
    (index) => `${withSection[index]} (${entries[index]?.field.name})`,
  )
  return entries.map(({ field }, index) => ({
    key: snakeCase(field.name),
    header: headers[index] ?? field.name,
    value: (lead, key) => displayValue(field, lead.fields[field.name], key),
  }))
}

/** The columns of the leads layout: the same for every export, whichever leads the filter matches. */
export function csvColumns(): CsvColumn[] {
  const fields = fieldColumns()
  const taken = new Set(leadColumns.map((column) => column.header))
  const takenKeys = new Set(leadColumns.map((column) => column.key))
  // A form label equal to a fixed header ("Name", "Phone" of a second contact) says whose it is;
  // a field whose key is a fixed column's (the venue's `state`) gets `field_` before it.
  return [
    ...leadColumns,
    ...fields.map((column) => ({
      ...column,
      header: taken.has(column.header) ? `${column.header} (form)` : column.header,
      key: takenKeys.has(column.key) ? `field_${column.key}` : column.key,
    })),
  ]
}

/** Replaces each header that occurs more than once by `rename(index)`. */
function disambiguate(headers: string[], rename: (index: number) => string): string[] {
  const counts = new Map<string, number>()
  for (const header of headers) counts.set(header, (counts.get(header) ?? 0) + 1)
  return headers.map((header, index) => ((counts.get(header) ?? 0) > 1 ? rename(index) : header))
}

/**
 * A spreadsheet runs a cell as a formula when it starts with = + - @ (some also after spaces, a tab
 * or a carriage return, and in their full-width forms). Such a value gets a leading apostrophe.
 */
const formulaStart = /^[\s\u00A0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/

/**
 * OWASP's CSV injection guidance: every cell is quoted (so a `;` or a tab inside a value never
 * starts a new cell, whatever separator the spreadsheet is set to), quotes are doubled (RFC 4180),
 * and a formula start is neutralised.
 */
export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

export function csvRow(values: string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

const noteBatch = 200

/**
 * The leads with each one's newest note, read for a batch of leads at a time (one query per
 * batch, one batch in memory): the export stays in constant memory however many leads match.
 */
export async function* withLastNotes(
  db: Queryable,
  leads: AsyncIterable<InboxLead>,
): AsyncGenerator<CsvLead> {
  let batch: InboxLead[] = []
  const flush = async function* () {
    const rows = await run(
      db,
      build
        .selectFrom('lead_events')
        .distinctOn('lead_id')
        .select(['lead_id as leadId', 'detail'])
        .where((eb) => eb('lead_id', '=', eb.fn.any(sql<string[]>`${batch.map((lead) => lead.id)}::uuid[]`)))
        .where('kind', '=', sql.lit('note'))
        .orderBy('lead_id')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    )
    const notes = new Map(rows.map((row) => [String(row.leadId), row.detail]))
    for (const lead of batch) yield { ...lead, lastNote: notes.get(lead.id) ?? '' }
    batch = []
  }
  for await (const lead of leads) {
    batch.push(lead)
    if (batch.length >= noteBatch) yield* flush()
  }
  if (batch.length > 0) yield* flush()
}

/**
 * The whole file as chunks: a byte order mark (so Excel reads the accents of Spanish names as
 * UTF-8), the header row, then one row per lead (per person of a lead in the applicants layout).
 */
export async function* leadsCsv(
  leads: AsyncIterable<CsvLead>,
  layout: CsvLayout,
  key: Buffer,
  headers: CsvHeaders = 'keys',
): AsyncGenerator<string> {
  if (layout === 'applicants') {
    const rows = (lead: CsvLead) => applicantsOf(lead).map((person) => ({ ...lead, person }))
    yield* rowsCsv(leads, applicantColumns, rows, key, headers)
  } else yield* rowsCsv(leads, csvColumns(), (lead) => [lead], key, headers)
}

/** The header row, then each lead's rows (one, or one per person) under the layout's columns. */
async function* rowsCsv<Row extends CsvLead>(
  leads: AsyncIterable<CsvLead>,
  columns: CsvColumn<Row>[],
  rows: (lead: CsvLead) => Row[],
  key: Buffer,
  headers: CsvHeaders,
): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(columns.map((column) => (headers === 'keys' ? column.key : column.header)))}`
  for await (const lead of leads) {
    for (const row of rows(lead)) yield csvRow(columns.map((column) => column.value(row, key)))
  }
}
