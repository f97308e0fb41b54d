/**
 * The CSV export of the inbox's filtered leads: one row per lead, fixed columns first, then every
 * field of the forms among those leads, in form order, under its label. Sensitive values are
 * masked, as on screen. Lead values are typed by the public, so every cell is quoted and formula
 * starts are neutralised (OWASP "CSV injection", see csvCell).
 */
import type { Field } from '../../forms/engine.ts'
import { formDefinitions } from '../../forms/registry.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { displayValue, isHoneypot } from './lead-view.ts'

export interface CsvColumn {
  name: string
  header: string
  field?: Field
}

const fixedColumns: CsvColumn[] = [
  { name: 'id', header: 'id' },
  { name: 'received_at', header: 'received_at' },
  { name: 'form', header: 'form' },
  { name: 'language', header: 'language' },
  { name: 'status', header: 'status' },
  { name: 'spam', header: 'spam' },
]

/**
 * The fixed columns, then each field name once, in registry and form order. A label that several
 * columns share (Year of vehicle 1 and 2, ZIP code under two names) gets its section, then if
 * still shared its field name: "Vehicle 2: Year", "Your address: ZIP code (zipCode)".
 */
export function csvColumns(formKeys: Iterable<string>): CsvColumn[] {
  const present = new Set(formKeys)
  const byName = new Map<string, { field: Field; legend: string }>()
  for (const form of formDefinitions) {
    if (!present.has(form.key)) continue
    for (const section of form.sections) {
      const legend = section.legend.replace(/ \(optional\)$/, '')
      for (const field of section.fields) {
        if (!byName.has(field.name) && !isHoneypot(field)) byName.set(field.name, { field, legend })
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
  const fieldColumns = entries.map((entry, index) => ({
    name: entry.field.name,
    header: headers[index] ?? entry.field.name,
    field: entry.field,
  }))
  return [...fixedColumns, ...fieldColumns]
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
 * starts a new cell, whatever separator the spreadsheet is set to), quotes are doubled, and a
 * formula start is neutralised.
 */
export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

export function csvRow(values: string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

export function leadCsvValues(lead: InboxLead, columns: CsvColumn[], key: Buffer): string[] {
  return columns.map((column) => {
    if (column.field) return displayValue(column.field, lead.fields[column.name], key)
    switch (column.name) {
      case 'id':
        return lead.id
      case 'received_at':
        return new Date(lead.receivedAt).toISOString()
      case 'form':
        return lead.formKey
      case 'language':
        return lead.language
      case 'status':
        return lead.status
      case 'spam':
        return lead.isSpam ? 'yes' : 'no'
      default:
        return ''
    }
  })
}

/**
 * The whole file as chunks: a byte order mark (so Excel reads the accents of Spanish names as
 * UTF-8), the header row, then one row per lead.
 */
export async function* leadsCsv(leads: AsyncIterable<InboxLead>, columns: CsvColumn[], key: Buffer) {
  yield `\uFEFF${csvRow(columns.map((column) => column.header))}`
  for await (const lead of leads) yield csvRow(leadCsvValues(lead, columns, key))
}
