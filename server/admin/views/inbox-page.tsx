import { Fragment, type ReactNode } from 'react'
import { formDefinitions } from '#forms/registry.ts'
import { telHref } from '#server/desk/reply-links.ts'
import { formatDuration, isOverdue } from '#server/leads/business-hours.ts'
import {
  type AssignedFilter,
  type DueFilter,
  type FilterErrors,
  filterQuery,
  type LeadFilters,
  type LeadSort,
  type StatusFilter,
} from '#server/leads/lead-filters.ts'
import { leadPhone } from '#server/leads/lead-phone.ts'
import type { InboxLead, QueueCounts } from '#server/leads/lead-queries.ts'
import type { WeeklySpeed } from '#server/leads/work-log.ts'
import { staffLabel } from '#server/staff/staff-accounts.ts'
import { insuranceLineLabels, leadLineLabel } from '../insurance-lines.ts'
import { formTitle, languageNames, leadDisplayName } from '../lead-fields.ts'
import { leadStatusLabel, statusWords } from '../lead-words.ts'
import { formatDateTime, formatDay, formatRecentDateTime } from '../staff-time.ts'
import { noticeBanner, staffPage } from './admin-layout.tsx'
import { chartSummary, type WeekRow, weeklyChart } from './weekly-chart.tsx'
import { isFollowUpDue, requestBadge, speedBadge } from './work-panel.tsx'

export interface InboxPageOptions {
  staffEmail: string
  /** The signed-in member's display name, shown instead of the e-mail when set. */
  staffName?: string | null
  /** An owner: the navigation links to the staff accounts page. */
  owner?: boolean
  filters: LeadFilters
  errors: FilterErrors
  leads: InboxLead[]
  total: number
  /** More leads match than `total` (the count stopped there). */
  more?: boolean
  /**
   * The work queue by person: how many people the matches are (each entry one person, their
   * other requests under them); undefined in another order, where each entry is one request.
   */
  people?: number
  page: number
  pageSize: number
  chart: WeekRow[]
  /** Time to first contact per week (the same weeks as the chart). */
  speed: WeeklySpeed[]
  now: Date
  notice?: string
  /** Overdue leads and due follow-ups right now, for the quick links. */
  queue?: QueueCounts
  /** The newest lead's receipt time (ISO): the poll counts leads after it. */
  newest?: string
  /** Owners: their view under the figures, at the end of the main content (owner-view.tsx). */
  ownerView?: ReactNode
}

const assignedLabels: Record<AssignedFilter, string> = {
  '': 'Anyone',
  mine: 'Mine',
  unassigned: 'Unassigned',
}

const lineLabels: Record<string, string> = {
  '': 'Every line',
  ...Object.fromEntries(insuranceLineLabels.map((line) => [line.key, line.label])),
}

const languageLabels: Record<string, string> = { '': 'Both', en: 'English', es: 'Spanish' }

const statusLabels: Record<StatusFilter, string> = {
  '': 'Any status (not spam)',
  ...statusWords,
  spam: 'Spam',
  all: 'Everything, spam included',
}

const deliveryLabels: Record<string, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
}

const dueLabels: Record<DueFilter, string> = {
  '': 'Any',
  overdue: 'Overdue',
  'follow-up': 'Follow-up due now',
  today: 'Follow-up due today',
}

const sortLabels: Record<LeadSort, string> = {
  '': 'Work queue: overdue, follow-ups due, new, then the rest',
  received: 'Received, newest first',
  age: 'Age, oldest first',
  due: 'Follow-up date, soonest first',
}

const captionOrders: Record<LeadSort, string> = {
  '': 'in work-queue order',
  received: 'newest first',
  age: 'oldest first',
  due: 'by follow-up date',
}

/**
 * The CSV export of the inbox's filtered leads (docs/api.md "CSV export"), with `extra` query:
 * `headers=labels` for people, none for an import's snake_case keys, `layout=applicants`.
 */
function exportHref(filters: LeadFilters, extra: string): string {
  const query = filterQuery(filters)
  if (!extra) return `/admin/export.csv${query}`
  return `/admin/export.csv${query ? `${query}&` : '?'}${extra}`
}

function errorId(name: keyof LeadFilters): string {
  return `filter-${name}-error`
}

function fieldError(errors: FilterErrors, name: keyof LeadFilters): ReactNode {
  const message = errors[name]
  return (
    message && (
      <p className="field-error" id={errorId(name)}>
        {message}
      </p>
    )
  )
}

/** The attributes that tie a field to its error message, when it has one. */
function invalid(errors: FilterErrors, name: keyof LeadFilters) {
  return errors[name] ? { 'aria-invalid': 'true' as const, 'aria-describedby': errorId(name) } : {}
}

/** One of the filter form's lists: the filter's choices under their labels. */
function choiceField(
  filters: LeadFilters,
  errors: FilterErrors,
  name: 'line' | 'language' | 'status' | 'assigned' | 'due' | 'sort',
  label: string,
  choices: Record<string, string>,
): ReactNode {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={filters[name]} {...invalid(errors, name)}>
        {Object.entries(choices).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {fieldError(errors, name)}
    </div>
  )
}

function dateField(
  filters: LeadFilters,
  errors: FilterErrors,
  name: 'from' | 'to',
  label: string,
): ReactNode {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        id={`filter-${name}`}
        name={name}
        type="date"
        defaultValue={filters[name]}
        {...invalid(errors, name)}
      />
      {fieldError(errors, name)}
    </div>
  )
}

function filterForm(filters: LeadFilters, errors: FilterErrors): ReactNode {
  return (
    <form method="get" action="/admin" className="filters" aria-label="Filter leads">
      {filters.q && <input type="hidden" name="q" value={filters.q} />}
      <div className="field">
        <label htmlFor="filter-form">Form</label>
        <select
          id="filter-form"
          name="form"
          defaultValue={filters.form || undefined}
          {...invalid(errors, 'form')}
        >
          <option value="">All forms</option>
          {formDefinitions.map((form) => (
            <option key={form.key} value={form.key}>
              {form.title}
            </option>
          ))}
        </select>
        {fieldError(errors, 'form')}
      </div>
      {choiceField(filters, errors, 'line', 'Line of insurance', lineLabels)}
      {choiceField(filters, errors, 'language', 'Language', languageLabels)}
      {choiceField(filters, errors, 'status', 'Status', statusLabels)}
      {choiceField(filters, errors, 'assigned', 'Assigned to', assignedLabels)}
      {choiceField(filters, errors, 'due', 'Needs doing', dueLabels)}
      {choiceField(filters, errors, 'sort', 'Order', sortLabels)}
      {dateField(filters, errors, 'from', 'Received from')}
      {dateField(filters, errors, 'to', 'Received to')}
      <div className="filter-actions">
        <button type="submit">Apply filters</button>
        <a href="/admin">Clear filters</a>
      </div>
    </form>
  )
}

/**
 * An e-mail address that wraps where a reader expects (after the @, before a dot) rather than
 * mid-word; admin.css breaks inside a part only when that part alone is wider than its column.
 */
function wrappableEmail(email: string): ReactNode {
  return email.split(/(?=[@.])/).map((piece, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the address's pieces in order; two may be the same text
    <span key={index}>{piece}</span>
  ))
}

/**
 * One lead: a table row on a desk, a card on a phone (admin.css): each cell says what it is
 * (data-label) so the card reads without the table's head.
 */
function leadRow(lead: InboxLead, now: Date): ReactNode {
  const phone = leadPhone(lead.fields)
  const tel = telHref(phone)
  const urgent = isOverdue(lead, now) ? 'overdue' : isFollowUpDue(lead, now) ? 'follow-up-due' : undefined
  const others = lead.personRequests ?? []
  const className = [urgent, others.length > 0 ? 'has-requests' : undefined].filter(Boolean).join(' ')
  const row = (
    <tr key={lead.id} className={className || undefined}>
      <td className="cell-received" data-label="Received">
        {formatRecentDateTime(lead.receivedAt, now)}
        <br />
        {speedBadge(lead, now)}
      </td>
      <td className="cell-name">
        <a href={`/admin/leads/${lead.id}`}>{leadDisplayName(lead.fields)}</a> {requestBadge(lead)}
      </td>
      <td className="cell-contact" data-label="Contact">
        <span className="contact-email">{wrappableEmail(lead.fields.email ?? '')}</span>
        {phone && (
          <>
            <br />
            {phone}
          </>
        )}
        {tel && (
          <span className="call-actions">
            <a
              className="button button-small call-button"
              href={tel}
              aria-label={`Call ${leadDisplayName(lead.fields)}`}
            >
              Call
            </a>
            <a
              className="button button-small button-secondary call-button"
              href={`/admin/leads/${lead.id}?log=call#work`}
              aria-label={`Log the call to ${leadDisplayName(lead.fields)}`}
            >
              Log the call
            </a>
          </span>
        )}
      </td>
      <td className="cell-form" data-label="Line and form">
        <span className="line-name">{leadLineLabel(lead.formKey, lead.fields)}</span>:{' '}
        {formTitle(lead.formKey)}
      </td>
      <td className="cell-language" data-label="Language">
        {languageNames[lead.language] ?? lead.language}
      </td>
      <td className="cell-status" data-label="Status">
        <span className={`badge badge-${lead.isSpam ? 'spam' : lead.status}`}>{leadStatusLabel(lead)}</span>
        {lead.isSpam && lead.spamReasons.length > 0 && (
          <>
            <br />
            <small className="spam-reason">{lead.spamReasons.join('; ')}</small>
          </>
        )}
        {lead.followUpAt && !lead.isSpam && (
          <>
            <br />
            <small>Follow-up {formatDateTime(lead.followUpAt)}</small>
          </>
        )}
      </td>
      <td className="cell-assignee" data-label="Assigned to">
        {lead.assigneeEmail ? (
          staffLabel({ email: lead.assigneeEmail, displayName: lead.assigneeName })
        ) : (
          <span className="muted">Unassigned</span>
        )}
      </td>
      <td className="cell-delivery" data-label="E-mail to agency">
        {lead.deliveryStatus ? (deliveryLabels[lead.deliveryStatus] ?? lead.deliveryStatus) : 'None'}
      </td>
    </tr>
  )
  if (others.length === 0) return row
  return (
    <Fragment key={lead.id}>
      {row}
      {personRequestsRow(lead, others, now)}
    </Fragment>
  )
}

/**
 * The same person's other requests, under their first in the queue: each one's line, status, age
 * and follow-up, a link to it, and whether it is overdue or due.
 */
function personRequestsRow(lead: InboxLead, others: InboxLead[], now: Date): ReactNode {
  const name = leadDisplayName(lead.fields)
  return (
    <tr key={`${lead.id}-requests`} className="person-requests">
      <td colSpan={8}>
        <p className="person-requests-head">
          {others.length === 1
            ? `Another request from ${name}`
            : `${others.length} more requests from ${name}`}
        </p>
        <ul aria-label={`Other requests from ${name}`}>
          {others.map((other) => {
            const urgent = isOverdue(other, now)
              ? 'Overdue'
              : isFollowUpDue(other, now)
                ? 'Follow-up due'
                : undefined
            return (
              <li key={other.id}>
                <a href={`/admin/leads/${other.id}`}>
                  <span className="line-name">{leadLineLabel(other.formKey, other.fields)}</span>:{' '}
                  {formTitle(other.formKey)}
                </a>{' '}
                <span className={`badge badge-${other.isSpam ? 'spam' : other.status}`}>
                  {leadStatusLabel(other)}
                </span>
                {urgent && (
                  <>
                    {' '}
                    <strong className="urgent">{urgent}</strong>
                  </>
                )}{' '}
                <span className="muted">
                  received {formatRecentDateTime(other.receivedAt, now)}
                  {other.followUpAt && !other.isSpam ? `, follow-up ${formatDateTime(other.followUpAt)}` : ''}
                </span>
              </li>
            )
          })}
        </ul>
      </td>
    </tr>
  )
}

function pagination(filters: LeadFilters, page: number, pageCount: number): ReactNode {
  if (pageCount <= 1) return null
  const link = (target: number) => `/admin${filterQuery(filters, { page: String(target) })}`
  return (
    <nav className="pagination" aria-label="Pages of leads">
      {page > 1 && (
        <a href={link(page - 1)} rel="prev">
          Previous page
        </a>
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <a href={link(page + 1)} rel="next">
          Next page
        </a>
      )}
    </nav>
  )
}

function quickFilters(filters: LeadFilters, queue: QueueCounts | undefined): ReactNode {
  const link = (assigned: AssignedFilter, label: string) => (
    <a
      href={`/admin${filterQuery({ ...filters, assigned })}`}
      aria-current={filters.assigned === assigned ? 'true' : undefined}
    >
      {label}
    </a>
  )
  const dueLink = (due: DueFilter, label: string, count: number | undefined) => (
    <a
      href={`/admin${filterQuery({ ...filters, due: filters.due === due ? '' : due })}`}
      aria-current={filters.due === due ? 'true' : undefined}
    >
      {label}
      {count === undefined ? '' : ` (${count})`}
    </a>
  )
  return (
    <div className="quick-row">
      <nav className="quick-filters" aria-label="Whose leads">
        {link('', 'All leads')} {link('mine', 'Mine')} {link('unassigned', 'Unassigned')}
      </nav>
      <nav className="quick-filters" aria-label="What needs doing">
        {dueLink('overdue', 'Overdue', queue?.overdue)}{' '}
        {dueLink('follow-up', 'Follow-ups due', queue?.followUpsDue)}{' '}
        {dueLink('today', 'Due today', queue?.followUpsToday)}
      </nav>
    </div>
  )
}

/** Median and 90th percentile time from received to first contact, per week received. */
function speedTable(speed: WeeklySpeed[]): ReactNode {
  const weeks = speed.filter((week) => week.received > 0).slice(-8)
  return (
    <section className="speed-section" aria-labelledby="speed-heading">
      <h2 id="speed-heading">Time to first contact</h2>
      {weeks.length === 0 ? (
        <p className="muted">No leads in the last weeks.</p>
      ) : (
        <ul className="speed-list">
          {weeks.map((week) => (
            <li key={week.week}>
              <strong>Week of {formatDay(week.week)}</strong>:{' '}
              {week.medianMs === null
                ? 'nobody contacted yet'
                : `median ${formatDuration(week.medianMs)}, 90th percentile ${formatDuration(week.p90Ms ?? week.medianMs)}`}{' '}
              <span className="muted">
                ({week.contacted} of {week.received} contacted)
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The search, always in view; the other filters ride along as hidden fields. */
function searchForm(filters: LeadFilters, errors: FilterErrors): ReactNode {
  const kept = Object.entries(filters).filter(([name, value]) => name !== 'q' && value !== '')
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself, as in the .ts template; <search> would change the page's markup
    <form method="get" action="/admin" className="search-form" role="search" aria-label="Search leads">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor="filter-q">Search name, e-mail or phone, or a reference</label>
        <div className="search-row">
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={filters.q}
            {...invalid(errors, 'q')}
          />
          <button type="submit">Search</button>
        </div>
        {fieldError(errors, 'q')}
      </div>
    </form>
  )
}

/** How many match: requests, and in the queue by person how many people they are. */
function resultCount(total: number, people: number | undefined, more: boolean | undefined): string {
  const requests = `${more ? 'more than ' : ''}${total.toLocaleString('en-US')} ${total === 1 ? 'request' : 'requests'}`
  if (people === undefined)
    return more
      ? `More than ${total.toLocaleString('en-US')} leads match.`
      : `${total} ${total === 1 ? 'lead matches' : 'leads match'}.`
  // People are counted to the same cap as requests: only a count that reached it is "more than".
  const persons = `${more && people === total ? 'more than ' : ''}${people.toLocaleString('en-US')} ${people === 1 ? 'person' : 'people'}`
  const text = `${persons} with ${requests} ${people === 1 ? 'matches' : 'match'}.`
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** True when any filter or order other than the default queue is chosen. */
function hasFilters(filters: LeadFilters): boolean {
  return Object.values(filters).some((value) => value !== '')
}

export function inboxPage(options: InboxPageOptions): string {
  const { filters, leads, total, page, pageSize, people } = options
  // By person, the pages are pages of people; each entry of another order is one request.
  const entries = people ?? total
  const pageCount = Math.max(1, Math.ceil(entries / pageSize))
  const first = entries === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(entries, page * pageSize)
  const table =
    leads.length === 0 ? (
      <p className="empty">No leads match these filters.</p>
    ) : (
      // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a wide table's scrolling box, reachable by keyboard and named by its caption (axe: scrollable-region-focusable)
      <div className="table-scroll leads-scroll" role="region" aria-labelledby="leads-caption" tabIndex={0}>
        <table className="leads">
          <colgroup>
            <col className="col-received" />
            <col className="col-name" />
            <col className="col-contact" />
            <col className="col-form" />
            <col className="col-language" />
            <col className="col-status" />
            <col className="col-assignee" />
            <col className="col-delivery" />
          </colgroup>
          <caption id="leads-caption">
            {people === undefined
              ? `Leads ${first} to ${last} of ${options.more ? `more than ${total}` : total}, ${captionOrders[filters.sort]}`
              : `People ${first} to ${last} of ${options.more ? `more than ${people}` : people}, ${captionOrders[filters.sort]}, placed by their most urgent request; their other requests under them`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Name</th>
              <th scope="col">E-mail and phone</th>
              <th scope="col">Line and form</th>
              <th scope="col">Language</th>
              <th scope="col">Status</th>
              <th scope="col">Assigned to</th>
              <th scope="col">E-mail to agency</th>
            </tr>
          </thead>
          <tbody>{leads.map((lead) => leadRow(lead, options.now))}</tbody>
        </table>
      </div>
    )

  return staffPage({
    title: 'Inbox',
    staffEmail: options.staffEmail,
    staffName: options.staffName,
    owner: options.owner,
    current: 'inbox',
    mainEnd: options.ownerView,
    body: (
      <>
        <div className="inbox-head">
          <h1>Leads</h1>
          {quickFilters(filters, options.queue)}
          <details
            className="filter-box"
            open={
              hasFilters({ ...filters, q: '' }) || Object.keys(options.errors).length > 0 ? true : undefined
            }
          >
            <summary>Filters, search and order</summary>
            {filterForm(filters, options.errors)}
          </details>
        </div>
        {noticeBanner(options.notice)}
        <p className="notice new-leads" role="status" data-poll-since={options.newest ?? ''} hidden></p>
        <div className="inbox-tools">
          {searchForm(filters, options.errors)}
          <p className="result-line">
            <span>{resultCount(total, people, options.more)}</span>{' '}
            <a className="button-secondary" href={exportHref(filters, 'headers=labels')} download>
              Export these leads as CSV
            </a>{' '}
            <a href={exportHref(filters, '')} download>
              CSV for imports
            </a>{' '}
            <a href={exportHref(filters, 'layout=applicants')} download>
              Applicants CSV
            </a>
          </p>
        </div>
        {table}
        {pagination(filters, page, pageCount)}
        <div className="desk-figures">
          {speedTable(options.speed)}
          <section className="chart-section" aria-labelledby="chart-heading">
            <h2 id="chart-heading">Leads per week by line of insurance</h2>
            <p id="chart-summary" className="muted">
              {chartSummary(options.chart)}
            </p>
            {weeklyChart(options.chart, { heading: 'chart-heading', summary: 'chart-summary' })}
          </section>
        </div>
      </>
    ),
  })
}
