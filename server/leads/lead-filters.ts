/**
 * The inbox's filters, read from the query string by the page, the CSV export and the JSON API
 * alike, and turned into one SQL condition, so the three always agree on which leads match.
 */
import { parseIsoDate } from '../../forms/dates.ts'
import { type FormKey, isFormKey, visitorFieldNames } from '../../forms/registry.ts'
import { overdueCutoff } from '../desk/business-hours.ts'
import { parseLeadReference } from './lead-reference.ts'
import { isLeadStatus, leadStatuses } from './lead-repository.ts'

/** '' (every lead but spam), a status (of leads not marked spam), 'spam', or 'all' (spam too). */
const statusFilters = ['', ...leadStatuses, 'spam', 'all'] as const
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
  /** 'overdue': new, never contacted, past one business hour; 'follow-up': a follow-up now due. */
  due: DueFilter
  /** '' the work queue (overdue, due follow-ups, new, then the rest); or by received or due date. */
  sort: LeadSort
}

const assignedFilters = ['', 'mine', 'unassigned'] as const
export type AssignedFilter = (typeof assignedFilters)[number]

const dueFilters = ['', 'overdue', 'follow-up'] as const
export type DueFilter = (typeof dueFilters)[number]

/** '' the queue; 'received' newest first; 'age' oldest first; 'due' next follow-up first. */
const leadSorts = ['', 'received', 'age', 'due'] as const
export type LeadSort = (typeof leadSorts)[number]

const emptyFilters: LeadFilters = {
  form: '',
  status: '',
  from: '',
  to: '',
  q: '',
  assigned: '',
  due: '',
  sort: '',
}

/** The statuses still in the pipeline: a follow-up of one of these can be due. */
export const openStatusesSql = `('new', 'contacted', 'quoted')`

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

  const due = single(input.due)
  const knownDue = dueFilters.find((value) => value === due)
  if (knownDue !== undefined) filters.due = knownDue
  else errors.due = 'Choose Overdue, Follow-up due or nothing.'

  const sort = single(input.sort)
  const knownSort = leadSorts.find((value) => value === sort)
  if (knownSort !== undefined) filters.sort = knownSort
  else errors.sort = 'Choose an order from the list.'

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

/**
 * Where the forms keep names, e-mails and phones (every definition's `visitor` fields): migration
 * 013's search_text and search_digits read these names, and a test checks they still match.
 */
export const searchedFields = {
  name: visitorFieldNames('name'),
  email: visitorFieldNames('email'),
  phone: visitorFieldNames('phone'),
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** Overdue leads at `now` (server/desk/business-hours.ts overdueCutoff), as SQL over `leads`. */
export function overdueSql(now: Date, param: (value: unknown) => string): string {
  const cutoff = overdueCutoff(now)
  if (!cutoff) return 'false'
  return `(status = 'new' AND NOT is_spam AND first_contact_at IS NULL AND received_at <= ${param(cutoff.toISOString())}::timestamptz)`
}

/** Leads whose follow-up is due at `now`: still in the pipeline, not spam. */
export function followUpDueSql(now: Date, param: (value: unknown) => string): string {
  // IS NOT NULL first: the condition is then false, never null, for a lead without a follow-up.
  return `(follow_up_at IS NOT NULL AND follow_up_at <= ${param(now.toISOString())}::timestamptz AND status IN ${openStatusesSql} AND NOT is_spam)`
}

/** A parameter list numbered from `firstParam`: `param(value)` adds one and names it ($n). */
export function parameters(firstParam = 1, params: unknown[] = []) {
  return {
    params,
    param: (value: unknown) => {
      params.push(value)
      return `$${firstParam + params.length - 1}`
    },
  }
}

/**
 * The WHERE condition for the filters over `leads` (aliased or not), its parameters numbered
 * from `firstParam`. Dates are days in the agency's time zone. `viewerId`: the signed-in staff
 * member's account, for 'mine' (without one, 'mine' matches nothing). `now`: when overdue and due
 * follow-ups are judged.
 */
export function filterCondition(
  filters: LeadFilters,
  timeZone: string,
  firstParam = 1,
  viewerId = '',
  now: Date = new Date(),
): { sql: string; params: unknown[] } {
  const conditions: string[] = []
  const { params, param } = parameters(firstParam)

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
  if (filters.due === 'overdue') conditions.push(overdueSql(now, param))
  if (filters.due === 'follow-up') conditions.push(followUpDueSql(now, param))
  if (filters.q) {
    // search_text and search_digits: lowercase names and e-mail, phones' digits, kept by the
    // database with a trigram index (migration 013), so a search reads no lead's jsonb.
    // "Jane Doe" finds firstName Jane and lastName Doe: they sit side by side there.
    const searches = [`search_text LIKE ${param(likePattern(filters.q.toLowerCase()))}`]
    // Phones match on their digits, however either side is written: (770) 555-0142 finds 7705550142.
    const digits = filters.q.replace(/\D/g, '')
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(filters.q)) {
      searches.push(`search_digits LIKE ${param(`%${digits}%`)}`)
    }
    // The reference a visitor reads out ("k7m q9x" finds K7M-Q9X).
    const reference = parseLeadReference(filters.q)
    if (reference) searches.push(`reference = ${param(reference)}`)
    conditions.push(`(${searches.join(' OR ')})`)
  }
  return { sql: conditions.length ? conditions.join(' AND ') : 'true', params }
}
