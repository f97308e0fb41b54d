/**
 * The inbox's filters, read from the query string by the page, the CSV export and the JSON API
 * alike, and turned into one SQL condition, so the three always agree on which leads match. Each
 * filter is a zod schema: the pages read them one by one (a value that makes no sense is dropped
 * and reported beside its field), the JSON API validates its whole query with them (a bad value
 * answers 400 with the same messages) and its OpenAPI document lists them.
 */
import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import { z } from 'zod'
import { parseIsoDate } from '#forms/dates.ts'
import { insuranceLines } from '#forms/engine.ts'
import { formDefinitions, formKeys, visitorFieldNames } from '#forms/registry.ts'
import { sql } from '../db/query-builder.ts'
import type { DB } from '../db/schema.ts'
import { officeDayEnd, overdueCutoff } from './business-hours.ts'
import { parseLeadReference } from './lead-reference.ts'
import { isLeadStatus, type LeadStatus, leadStatuses } from './lead-repository.ts'

/** '' (every lead but spam), a status (of leads not marked spam), 'spam', or 'all' (spam too). */
const statusFilters = ['', ...leadStatuses, 'spam', 'all'] as const
export type StatusFilter = (typeof statusFilters)[number]

/** 'mine': assigned to the staff member reading; 'unassigned': to nobody. */
const assignedFilters = ['', 'mine', 'unassigned'] as const
export type AssignedFilter = (typeof assignedFilters)[number]

/**
 * 'overdue': new, never contacted, past one business hour; 'follow-up': a follow-up now due;
 * 'today': a follow-up due by the end of the office's day (those due now included).
 */
const dueFilters = ['', 'overdue', 'follow-up', 'today'] as const
export type DueFilter = (typeof dueFilters)[number]

/** The languages a lead can be in: the site's two. */
const languageFilters = ['', 'en', 'es'] as const

/** '' the queue; 'received' newest first; 'age' oldest first; 'due' next follow-up first. */
const leadSorts = ['', 'received', 'age', 'due'] as const
export type LeadSort = (typeof leadSorts)[number]

/** The statuses still in the pipeline: a follow-up of one of these can be due. */
const openStatuses = ['new', 'contacted', 'quoted'] as const satisfies readonly LeadStatus[]

const searchMaxLength = 100

/** A parameter given more than once counts by its first value; every value is trimmed. */
function single(value: unknown): string {
  if (Array.isArray(value)) return single(value[0])
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * One query parameter: read as `single` reads it, then checked. The default ('' for every filter)
 * is never used, since `single` gives '' for a missing parameter; it marks the parameter optional
 * in the OpenAPI document.
 */
function queryParam<T extends z.ZodType<string>>(schema: T) {
  // Cast: '' is a value of every filter (the empty choice), which the type parameter cannot say.
  return z.preprocess(single, schema.default('' as never))
}

const dateMessage = 'Enter a date as YYYY-MM-DD.'
const isoDay = z
  .string()
  .regex(/^$|^\d{4}-\d{2}-\d{2}$/, { error: dateMessage })
  .refine((value) => value === '' || parseIsoDate(value) !== undefined, { error: dateMessage })

/** Each filter's schema, with the message the inbox shows beside it (and the API sends) for a bad value. */
export const leadFilterFields = {
  form: queryParam(z.enum(['', ...formKeys], { error: 'There is no such form.' })).describe(
    'A form key; empty: every form.',
  ),
  line: queryParam(
    z.enum(['', ...insuranceLines], { error: 'Choose a line of insurance from the list.' }),
  ).describe(
    'A line of insurance (`vehicle`, `property`, `life`, `business`, `specialty`, `service`); the general quote request counts under the line the visitor chose.',
  ),
  language: queryParam(z.enum(languageFilters, { error: 'Choose English or Spanish.' })).describe(
    '`en` or `es`: the language of the page the visitor used.',
  ),
  status: queryParam(z.enum(statusFilters, { error: 'Choose a status from the list.' })).describe(
    'Empty: every lead but spam; a status (leads not marked spam); `spam`; `all` (spam too).',
  ),
  from: queryParam(isoDay).describe('YYYY-MM-DD, inclusive, a day in the agency’s time zone.'),
  to: queryParam(isoDay).describe('YYYY-MM-DD, inclusive, a day in the agency’s time zone.'),
  q: queryParam(
    z.string().max(searchMaxLength, { error: `Search for at most ${searchMaxLength} characters.` }),
  ).describe(
    'Part of a name, a business, an e-mail or a phone number (accents and case ignored), or a lead’s reference.',
  ),
  assigned: queryParam(z.enum(assignedFilters, { error: 'Choose Anyone, Mine or Unassigned.' })).describe(
    '`mine`: assigned to the staff member asking; `unassigned`: to nobody.',
  ),
  due: queryParam(
    z.enum(dueFilters, { error: 'Choose Overdue, Follow-up due now, Due today or nothing.' }),
  ).describe(
    '`overdue`: new, never contacted, past one business hour; `follow-up`: a follow-up due now; `today`: a follow-up due by the end of the agency’s day, those due now included.',
  ),
  sort: queryParam(z.enum(leadSorts, { error: 'Choose an order from the list.' })).describe(
    'Empty: the work queue (overdue, due follow-ups, new, then the rest); `received`: newest first; `age`: oldest first; `due`: soonest follow-up first.',
  ),
}

type FilterName = keyof typeof leadFilterFields
export type LeadFilters = { [Name in FilterName]: z.output<(typeof leadFilterFields)[Name]> }
export type FilterErrors = Partial<Record<FilterName, string>>

const filterNames = Object.keys(leadFilterFields) as FilterName[]

/** An end date before the start date is reported on `to`, and `to` is dropped. */
const dateOrder = {
  holds: ({ from, to }: { from: string; to: string }) => !(from && to && from > to),
  message: 'The end date is before the start date.',
}

/** The page number: 1 when missing or not a positive whole number. */
const pageParam = z
  .preprocess((value) => {
    const raw = single(value)
    return /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1
  }, z.int().min(1).max(999_999).default(1))
  .describe('The page, from 1; anything else reads as 1.')

/** Filters from a query string object; a value that makes no sense is dropped and reported. */
export function parseLeadFilters(query: unknown): { filters: LeadFilters; errors: FilterErrors } {
  const input: Record<string, unknown> = query && typeof query === 'object' ? { ...query } : {}
  const problems: FilterProblem[] = []
  // Each filter by its own schema, into a record the type check cannot tie to LeadFilters name by
  // name; '' is every filter's empty choice.
  const filters = {} as Record<FilterName, string>
  for (const name of filterNames) {
    const result = leadFilterFields[name].safeParse(input[name])
    filters[name] = result.success ? result.data : ''
    if (!result.success) problems.push(...result.error.issues.map(({ message }) => ({ name, message })))
  }
  const parsed = filters as LeadFilters
  if (!dateOrder.holds(parsed)) {
    problems.push({ name: 'to', message: dateOrder.message })
    parsed.to = ''
  }
  return { filters: parsed, errors: filterErrors(problems) }
}

interface FilterProblem {
  name: string
  message: string
}

/** Each filter's first message, in the filters' order, as the inbox and the API report them. */
function filterErrors(problems: readonly FilterProblem[]): FilterErrors {
  const errors: FilterErrors = {}
  for (const name of filterNames) {
    const problem = problems.find((candidate) => candidate.name === name)
    if (problem) errors[name] = problem.message
  }
  return errors
}

/** The page number from the query string: 1 when missing or not a positive whole number. */
export function parsePage(query: unknown): number {
  return pageParam.parse(query && typeof query === 'object' && 'page' in query ? query.page : undefined)
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
 * 023's search_text and 013's search_digits read these names, and a test checks they still match.
 */
export const searchedFields = {
  name: visitorFieldNames('name'),
  email: visitorFieldNames('email'),
  phone: visitorFieldNames('phone'),
}

/** Conditions over the columns of `leads`, unqualified: they compose into any query on `leads`. */
const leads = expressionBuilder<DB, 'leads'>()

/**
 * The search box's text folded as migration 023 folds search_text: accents dropped (NFD, then the
 * combining marks U+0300 to U+036F removed), then lowercase. "Díaz", "DIAZ" and "diaz" all read "diaz".
 */
function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * The open statuses as SQL literals, not parameters: the words of leads_follow_up_idx (migration
 * 013), so the planner can match that partial index. For `status IN (...)` on any alias of leads.
 */
export const openStatusLiterals = openStatuses.map((status) => sql.lit(status))

/** A lead still in the pipeline. */
export const openStatus = leads('status', 'in', openStatusLiterals)

/** Overdue leads at `now` (server/leads/business-hours.ts overdueCutoff), as a condition over `leads`. */
export function overdueCondition(now: Date): Expression<SqlBool> {
  const cutoff = overdueCutoff(now)
  if (!cutoff) return leads.lit(false)
  // Literal words, as the partial index leads_waiting_idx (migration 013) states its rows.
  return leads.and([
    leads('status', '=', sql.lit('new')),
    leads.not(leads.ref('is_spam')),
    leads('first_contact_at', 'is', null),
    leads('received_at', '<=', cutoff),
  ])
}

/** Leads whose follow-up is due at `now`: still in the pipeline, not spam. */
export function followUpDueCondition(now: Date): Expression<SqlBool> {
  // IS NOT NULL first: the condition is then false, never null, for a lead without a follow-up.
  return leads.and([
    leads('follow_up_at', 'is not', null),
    leads('follow_up_at', '<=', now),
    openStatus,
    leads.not(leads.ref('is_spam')),
  ])
}

/** Leads whose follow-up falls by the end of the office's day that holds `now`, still open. */
export function followUpTodayCondition(now: Date): Expression<SqlBool> {
  return followUpDueCondition(new Date(officeDayEnd(now).getTime() - 1))
}

/**
 * Leads of one line of insurance: the forms of that line, and the general quote request by the
 * line of the type the visitor chose (an answer no line names counts under the form's own line),
 * as insuranceLineOf reads one lead (server/admin/insurance-lines.ts).
 */
function lineCondition(line: string): Expression<SqlBool> {
  const branches: Expression<SqlBool>[] = []
  for (const form of formDefinitions) {
    const byAnswer = form.lineByAnswer
    if (!byAnswer) {
      if (form.line === line) branches.push(leads('form_key', '=', form.key))
      continue
    }
    const answer = sql<string | null>`fields->>${byAnswer.field}`
    const answers = Object.keys(byAnswer.lines)
    const chosen = answers.filter((value) => byAnswer.lines[value] === line)
    const ofLine: Expression<SqlBool>[] = []
    if (chosen.length) ofLine.push(leads(answer, 'in', chosen))
    if (form.line === line)
      ofLine.push(leads.or([leads(answer, 'is', null), leads.not(leads(answer, 'in', answers))]))
    if (ofLine.length) branches.push(leads.and([leads('form_key', '=', form.key), leads.or(ofLine)]))
  }
  return branches.length ? leads.or(branches) : leads.lit(false)
}

/**
 * The WHERE condition for the filters over `leads` (its columns unqualified, as the page, the
 * export and the API read them from `leads`). Dates are days in the agency's time zone.
 * `viewerId`: the signed-in staff member's account, for 'mine' (without one, 'mine' matches
 * nothing). `now`: when overdue and due follow-ups are judged.
 */
export function filterCondition(
  filters: LeadFilters,
  timeZone: string,
  viewerId = '',
  now: Date = new Date(),
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = []

  if (filters.form) conditions.push(leads('form_key', '=', filters.form))
  if (filters.line) conditions.push(lineCondition(filters.line))
  if (filters.language) conditions.push(leads('language', '=', filters.language))
  if (filters.assigned === 'unassigned') conditions.push(leads('assigned_to', 'is', null))
  if (filters.assigned === 'mine')
    conditions.push(viewerId ? leads('assigned_to', '=', viewerId) : leads.lit(false))
  if (filters.status === 'spam') conditions.push(leads.ref('is_spam'))
  else if (filters.status !== 'all') conditions.push(leads.not(leads.ref('is_spam')))
  if (isLeadStatus(filters.status)) conditions.push(leads('status', '=', filters.status))
  if (filters.from) {
    const start = sql<Date>`(${filters.from}::date::timestamp AT TIME ZONE ${timeZone})`
    conditions.push(leads('received_at', '>=', start))
  }
  if (filters.to) {
    const end = sql<Date>`((${filters.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`
    conditions.push(leads('received_at', '<', end))
  }
  if (filters.due === 'overdue') conditions.push(overdueCondition(now))
  if (filters.due === 'follow-up') conditions.push(followUpDueCondition(now))
  if (filters.due === 'today') conditions.push(followUpTodayCondition(now))
  if (filters.q) {
    // search_text and search_digits: names and e-mail without accents in lowercase (migration
    // 023), phones' digits (013), kept by the database with a trigram index, so a search reads no
    // lead's jsonb. "Jane Doe" finds firstName Jane and lastName Doe: they sit side by side there.
    const searches = [leads('search_text', 'like', likePattern(foldForSearch(filters.q)))]
    // Phones match on their digits, however either side is written: (770) 555-0142 finds 7705550142.
    const digits = filters.q.replace(/\D/g, '')
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(filters.q)) {
      searches.push(leads('search_digits', 'like', `%${digits}%`))
    }
    // The reference a visitor reads out ("k7m q9x" finds K7M-Q9X).
    const reference = parseLeadReference(filters.q)
    if (reference) searches.push(leads('reference', '=', reference))
    conditions.push(leads.or(searches))
  }
  return conditions.length ? leads.and(conditions) : leads.lit(true)
}
