/**
 * The inbox's filters, read from the query string by the page, the CSV export and the JSON API
 * alike, and turned into one SQL condition, so the three always agree on which leads match.
 */
import { parseIsoDate } from '../../forms/dates.ts'
import { type FormKey, isFormKey, visitorFieldNames } from '../../forms/registry.ts'
import { parseLeadReference } from './lead-reference.ts'
import { isLeadStatus, leadStatuses } from './lead-repository.ts'

/** '' (every lead but spam), a status (of leads not marked spam), 'spam', or 'all' (spam too). */
export const statusFilters = ['', ...leadStatuses, 'spam', 'all'] as const
export type StatusFilter = (typeof statusFilters)[number]

export interface LeadFilters {
  form: FormKey | ''
  status: StatusFilter
  /** YYYY-MM-DD, inclusive, in the agency's time zone. */
  from: string
  to: string
  /** Part of a name, an e-mail or a phone number. */
  q: string
  /** 'mine': assigned to the staff member reading; 'unassigned': to nobody. */
  assigned: AssignedFilter
}

export const assignedFilters = ['', 'mine', 'unassigned'] as const
export type AssignedFilter = (typeof assignedFilters)[number]

export const emptyFilters: LeadFilters = { form: '', status: '', from: '', to: '', q: '', assigned: '' }

export type FilterErrors = Partial<Record<keyof LeadFilters, string>>

function isStatusFilter(value: string): value is StatusFilter {
  return statusFilters.some((status) => status === value)
}

const searchMaxLength = 100

function single(value: unknown): string {
  if (Array.isArray(value)) return single(value[0])
  return typeof value === 'string' ? value.trim() : ''
}

/** Filters from a query string object; a value that makes no sense is dropped and reported. */
export function parseLeadFilters(query: unknown): { filters: LeadFilters; errors: FilterErrors } {
  const input: Record<string, unknown> = query && typeof query === 'object' ? { ...query } : {}
  const errors: FilterErrors = {}
  const filters: LeadFilters = { ...emptyFilters }

  const form = single(input.form)
  if (isFormKey(form)) filters.form = form
  else if (form !== '') errors.form = 'There is no such form.'

  const status = single(input.status)
  if (isStatusFilter(status)) filters.status = status
  else errors.status = 'Choose a status from the list.'

  for (const name of ['from', 'to'] as const) {
    const value = single(input[name])
    if (value === '' || parseIsoDate(value)) filters[name] = value
    else errors[name] = 'Enter a date as YYYY-MM-DD.'
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.to = 'The end date is before the start date.'
    filters.to = ''
  }

  const q = single(input.q)
  if (q.length <= searchMaxLength) filters.q = q
  else errors.q = `Search for at most ${searchMaxLength} characters.`

  const assigned = single(input.assigned)
  const known = assignedFilters.find((value) => value === assigned)
  if (known !== undefined) filters.assigned = known
  else errors.assigned = 'Choose Anyone, Mine or Unassigned.'

  return { filters, errors }
}

/** The page number from the query string: 1 when missing or not a positive whole number. */
export function parsePage(query: unknown): number {
  const raw = query && typeof query === 'object' && 'page' in query ? single(query.page) : ''
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1
  return Math.max(1, page)
}

/** The filters as a query string (without page), for links that keep them. */
export function filterQuery(filters: LeadFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Where the forms keep names, e-mails and phones: every definition's `visitor` fields. */
const nameFields = visitorFieldNames('name')
const emailFields = visitorFieldNames('email')
const phoneFields = visitorFieldNames('phone')

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * The WHERE condition for the filters over `leads` (aliased or not), its parameters numbered
 * from `firstParam`. Dates are days in the agency's time zone. `viewerId`: the signed-in staff
 * member's account, for 'mine' (without one, 'mine' matches nothing).
 */
export function filterCondition(
  filters: LeadFilters,
  timeZone: string,
  firstParam = 1,
  viewerId = '',
): { sql: string; params: unknown[] } {
  const conditions: string[] = []
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${firstParam + params.length - 1}`
  }

  if (filters.form) conditions.push(`form_key = ${param(filters.form)}`)
  if (filters.assigned === 'unassigned') conditions.push('assigned_to IS NULL')
  if (filters.assigned === 'mine')
    conditions.push(viewerId ? `assigned_to = ${param(viewerId)}::uuid` : 'false')
  if (filters.status === 'spam') conditions.push('is_spam')
  else if (filters.status !== 'all') conditions.push('NOT is_spam')
  if (isLeadStatus(filters.status)) conditions.push(`status = ${param(filters.status)}`)
  if (filters.from || filters.to) {
    const zone = param(timeZone)
    if (filters.from)
      conditions.push(`received_at >= (${param(filters.from)}::date::timestamp AT TIME ZONE ${zone})`)
    if (filters.to) {
      conditions.push(`received_at < ((${param(filters.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`)
    }
  }
  if (filters.q) {
    const pattern = param(likePattern(filters.q))
    const text = [...nameFields, ...emailFields].map((name) => `fields->>'${name}'`)
    const searches = [
      `concat_ws(' ', ${text.join(', ')}) ILIKE ${pattern}`,
      // "Jane Doe" finds firstName Jane and lastName Doe.
      `concat_ws(' ', fields->>'firstName', fields->>'lastName') ILIKE ${pattern}`,
    ]
    // Phones match on their digits, however either side is written: (770) 555-0142 finds 7705550142.
    const digits = filters.q.replace(/\D/g, '')
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(filters.q)) {
      const phones = phoneFields.map((name) => `coalesce(fields->>'${name}', '')`).join(` || '|' || `)
      searches.push(`regexp_replace(${phones}, '[^0-9|]', '', 'g') LIKE ${param(`%${digits}%`)}`)
    }
    // The reference a visitor reads out ("k7m q9x" finds K7M-Q9X).
    const reference = parseLeadReference(filters.q)
    if (reference) searches.push(`reference = ${param(reference)}`)
    conditions.push(`(${searches.join(' OR ')})`)
  }
  return { sql: conditions.length ? conditions.join(' AND ') : 'true', params }
}
