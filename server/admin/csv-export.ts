/**
 * The CSV export of the inbox's filtered leads, one row per lead, in two layouts (docs/api.md,
 * "CSV export"):
 * - `leads` (the default): the lead's id, the lead as staff work it (reference, local time, form, line, language,
 *   status, assignee, first contact, follow-up, last note, source), then the visitor's name and
 *   address in the same columns whatever the form, then every other field of the forms among those
 *   forms, in registry and form order, under its label: the same columns whatever the filter, so an
 *   import mapped once keeps working;
 * - `applicants`: the columns an agency system's applicant import maps (first and last name, date
 *   of birth, address, phone, e-mail, line of insurance, reference, received), so a lead goes in
 *   without retyping.
 * Times are the agency's local time ("2026-11-24 22:30"), which spreadsheets read as a date and
 * time. Sensitive values are masked, as on screen. Lead values are typed by the public, so every
 * cell is quoted and formula starts are neutralised (OWASP "CSV injection", see csvCell).
 */

import { agency } from '#config/agency.ts'
import type { Field, FormDefinition } from '#forms/engine.ts'
import { formDefinitions, getFormDefinition } from '#forms/registry.ts'
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

export interface CsvColumn {
  /** The machine's name of the column, snake_case, the same in every export. */
  key: string
  header: string
  value: (lead: CsvLead, key: Buffer) => string
}

/** "2026-11-24 22:30" in the agency's time zone; '' for none. */
function localTime(date: Date | string | null | undefined): string {
  return date ? localInputValue(date).replace('T', ' ') : ''
}

const isoParts = new Intl.DateTimeFormat('en-US', {
  timeZone: agency.timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'longOffset',
})

/** ISO 8601 in the agency's time zone with its offset, to the second: "2026-11-24T22:30:00-05:00". */
function isoTime(date: Date | string | null | undefined): string {
  if (!date) return ''
  const part = Object.fromEntries(isoParts.formatToParts(new Date(date)).map((p) => [p.type, p.value]))
  const offset = part.timeZoneName === 'GMT' ? '+00:00' : String(part.timeZoneName).replace('GMT', '')
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`
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

/** First and last name: the form's own, else its one full-name field split at the last space. */
function splitName(lead: CsvLead): { first: string; last: string } {
  const { firstName, lastName } = lead.fields
  if (firstName || lastName) return { first: firstName ?? '', last: lastName ?? '' }
  const form = getFormDefinition(lead.formKey)
  const person = ['primaryDriverName', 'primaryOperatorName', 'contactName', 'owner1Name']
    .map((name) => lead.fields[name]?.trim())
    .find(Boolean)
  if (person) {
    const cut = person.lastIndexOf(' ')
    return cut > 0
      ? { first: person.slice(0, cut), last: person.slice(cut + 1) }
      : { first: '', last: person }
  }
  // A business with no person named: its name is the applicant's last name, as imports expect one.
  return { first: '', last: visitorName(lead.fields, form?.visitor.name) }
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
  { key: 'assigned_to', header: 'Assigned to', value: (lead) => lead.assigneeEmail ?? '' },
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
 * The applicant layout's columns, named as agency systems' applicant imports name theirs (one
 * person per row: first and last name apart, the address in lines, the date of birth MM/DD/YYYY).
 */
const applicantColumns: CsvColumn[] = [
  idColumn,
  { key: 'first_name', header: 'First Name', value: (lead) => splitName(lead).first },
  { key: 'last_name', header: 'Last Name', value: (lead) => splitName(lead).last },
  {
    key: 'date_of_birth',
    header: 'Date of Birth',
    value: (lead, key) => usDate(personValue(lead, 'birthDate', key)),
  },
  personColumn('address_line_1', 'Address Line 1', 'address1'),
  personColumn('address_line_2', 'Address Line 2', 'address2'),
  personColumn('city', 'City', 'city'),
  personColumn('state', 'State', 'state'),
  personColumn('zip_code', 'ZIP Code', 'zip'),
  personColumn('phone', 'Phone', 'phone'),
  personColumn('email', 'Email', 'email'),
  { key: 'line_of_insurance', header: 'Line of Insurance', value: lineName },
  { key: 'reference', header: 'Reference', value: (lead) => lead.reference },
  ...timeColumns('Received', 'received', (lead) => lead.receivedAt),
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

/** The columns of a layout: the same for every export, whichever leads the filter matches. */
export function csvColumns(layout: CsvLayout = 'leads'): CsvColumn[] {
  if (layout === 'applicants') return applicantColumns
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
 * UTF-8), the header row, then one row per lead.
 */
export async function* leadsCsv(
  leads: AsyncIterable<CsvLead>,
  columns: CsvColumn[],
  key: Buffer,
  headers: CsvHeaders = 'keys',
) {
  yield `\uFEFF${csvRow(columns.map((column) => (headers === 'keys' ? column.key : column.header)))}`
  for await (const lead of leads) yield csvRow(columns.map((column) => column.value(lead, key)))
}
