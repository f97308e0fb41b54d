import { Fragment, type ReactNode } from 'react'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { type LeadSource, sourceCampaign } from '#forms/lead-source.ts'
import type { DraftFields } from '#server/desk/work-drafts.ts'
import type { DeliveryJob } from '#server/leads/lead-jobs.ts'
import type { InboxLead, LinkedLead } from '#server/leads/lead-queries.ts'
import type { ContactChannel } from '#server/leads/work-log.ts'
import {
  type FieldView,
  formTitle,
  languageNames,
  leadDisplayName,
  type SectionView,
} from '../lead-fields.ts'
import { clickIdName } from '../lead-source.ts'
import { leadStatusLabel, lostReasonWords } from '../lead-words.ts'
import type { LeadDetail } from '../staff-desk.ts'
import { formatDateTime } from '../staff-time.ts'
import { errorBanner, noticeBanner, staffPage } from './admin-layout.tsx'
import {
  replyButtons,
  replySection,
  requestBadge,
  speedBadge,
  speedSummary,
  timelineSection,
  type WorkSaved,
  workSection,
} from './work-panel.tsx'

/** The lead as the desk reads it (staff-desk.ts), and who is looking. */
export interface LeadPageOptions extends LeadDetail {
  staffEmail: string
  /** The signed-in member's display name, shown instead of the e-mail when set. */
  staffName?: string | null
  /** An owner: the navigation links to the staff accounts page. */
  owner?: boolean
  /** The signed-in staff member's account ("Assign to me"). */
  viewerId: string
  now: Date
  notice?: string
  /** After a save of the work form: its notice and what it wrote, shown under the Save button. */
  saved?: WorkSaved
  /** The contact attempt the work form opens with (`?log=call`: a card's "Log the call"). */
  logChannel?: ContactChannel
  /** The same person's other requests (same e-mail or phone). */
  linked?: LinkedLead[]
  /** What was typed when the session ended, shown again unsaved (or a refused save's fields). */
  draft?: DraftFields
  /** Why a save was refused. */
  error?: string
  /** The reply from the lead's template, filled in (server/desk/reply-templates.ts). */
  reply: { subject: string; body: string }
}

/** Shown with a draft: why the page asked to sign in, and that nothing was saved yet. */
const draftMessage = 'Your session had ended; sign in again was needed. Your note is below: press Save.'

/**
 * `legend` tells apart the three owners' SSNs for a screen reader's list of buttons. The line
 * breaks are kept on purpose: a `dd` is `white-space: pre-line` (admin.css), so the button or the
 * note goes on its own line.
 */
function fieldValue(leadId: string, field: FieldView, legend: string): ReactNode {
  if (!field.given) return <span className="muted">Not given</span>
  if (!field.sensitive) return <span className="value">{field.display}</span>
  if (field.revealed) {
    return (
      <>
        <span className="value revealed" data-revealed="">
          {field.display}
        </span>
        {'\n'}
        <span className="muted">(shown to you now; this was recorded)</span>
      </>
    )
  }
  return (
    <>
      <span className="value masked">{field.display}</span>
      {'\n'}
      <form
        method="post"
        action={`/admin/leads/${leadId}/reveal`}
        className="inline-form"
        data-submit-once=""
      >
        <input type="hidden" name="field" value={field.name} />
        <button
          type="submit"
          className="button-small"
          aria-label={`Reveal ${field.label} (${legend.replace(/ \(optional\)$/, '')})`}
        >
          Reveal
        </button>
      </form>
    </>
  )
}

function sectionList(leadId: string, sections: SectionView[]): ReactNode {
  return sections.map((section, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the form's sections, in the form's order, rendered once
    <Fragment key={index}>
      <h3>{section.legend}</h3>
      <dl className="fields">
        {section.fields.map((field) => (
          <div key={field.name}>
            <dt>{field.label}</dt>
            <dd>{fieldValue(leadId, field, section.legend)}</dd>
          </div>
        ))}
      </dl>
    </Fragment>
  ))
}

const deliveryNames: Record<DeliveryJob['status'], string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed (no more automatic retries)',
  held: 'Held after a restore (an owner decides at Held notifications)',
  discarded: 'Discarded after a restore',
}

function deliverySection(lead: InboxLead, jobs: DeliveryJob[]): ReactNode {
  if (jobs.length === 0) {
    return (
      <p>No notification e-mail was queued for this lead{lead.isSpam ? ' (spam is never e-mailed)' : ''}.</p>
    )
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a wide table's scrolling box, reachable by keyboard and named by its caption (axe: scrollable-region-focusable)
    <div className="table-scroll" role="region" aria-labelledby="delivery-caption" tabIndex={0}>
      <table>
        <caption id="delivery-caption">Notification e-mails to the agency</caption>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last error</th>
            <th scope="col">Sent</th>
            <th scope="col">Next attempt</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id}>
              <td>{deliveryNames[job.status] ?? job.status}</td>
              <td>{job.attempts}</td>
              <td>{job.lastError ?? <span className="muted">None</span>}</td>
              <td>{job.sentAt ? formatDateTime(job.sentAt) : <span className="muted">Not yet</span>}</td>
              <td>
                {job.status === 'pending' ? (
                  formatDateTime(job.nextAttemptAt)
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td>
                {job.status === 'failed' && (
                  <form method="post" action={`/admin/leads/${lead.id}/retry`} data-submit-once="">
                    <input type="hidden" name="job" value={job.id} />
                    <button type="submit" className="button-small">
                      Retry delivery
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Why the spam scoring held this lead back: staff decide with one click whether it was right. */
function spamReasons(lead: InboxLead): ReactNode {
  if (!lead.isSpam) return null
  const reasons = lead.spamReasons.length > 0 ? lead.spamReasons : ['Marked as spam by staff']
  return (
    <section className="spam-reasons" aria-labelledby="spam-reasons-heading">
      <h2 id="spam-reasons-heading">Why this is in spam</h2>
      <ul>
        {reasons.map((reason, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the reasons found, in order, rendered once
          <li key={index}>{reason}</li>
        ))}
      </ul>
      <p>
        If a person sent this, choose <strong>Not spam</strong>: the agency is e-mailed at once.
      </p>
    </section>
  )
}

function linkedSection(linked: LinkedLead[] | undefined): ReactNode {
  if (!linked || linked.length === 0) return null
  return (
    <section aria-labelledby="linked-heading">
      <h2 id="linked-heading">Other requests from this person ({linked.length})</h2>
      <ul className="linked">
        {linked.map((other) => (
          <li key={other.id}>
            <a href={`/admin/leads/${other.id}`}>
              {formTitle(other.formKey)}, {other.reference}
            </a>{' '}
            <span className="muted">
              received {formatDateTime(other.receivedAt)}, {leadStatusLabel(other)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * A sensitive field in staff's words ("Social Security number of owner 2", "EIN"), not its stored
 * name: the three owners' SSN fields share one label and differ by their number.
 */
function sensitiveFieldName(form: FormDefinition | undefined, name: string): string {
  const field = form ? allFields(form).find((candidate) => candidate.name === name) : undefined
  if (!field) return name
  const owner = /^ssn(\d)$/.exec(name)?.[1]
  return owner ? `${field.label} of owner ${owner}` : field.label
}

function row(term: string, value: string | undefined): ReactNode {
  return value ? (
    <div key={term}>
      <dt>{term}</dt>
      <dd>
        <span className="value">{value}</span>
      </dd>
    </div>
  ) : null
}

/**
 * The lead page's "Source" block: where the visitor's visit began, as their tab recorded it
 * (docs/api.md, "Where a lead came from"). A lead sent without JavaScript has none, and says so.
 */
function leadSourceSection(source: LeadSource | null | undefined): ReactNode {
  return (
    <section aria-labelledby="source-heading" data-source="">
      <h2 id="source-heading">Source</h2>
      {source ? (
        <dl className="summary">
          {row('Source / campaign', sourceCampaign(source))}
          {row('Medium', source.utmMedium)}
          {row('Landing page', source.landing)}
          {row('Referred by', source.referrer)}
          {row('Ad click', clickIdName(source.clickId))}
          {row('Search term', source.utmTerm)}
          {row('Ad content', source.utmContent)}
        </dl>
      ) : (
        <p className="muted">
          Not known: the visitor's browser did not say (JavaScript off, or a lead from before the site
          recorded it).
        </p>
      )}
    </section>
  )
}

function actions(lead: InboxLead): ReactNode {
  return (
    <>
      {spamReasons(lead)}
      <div className="actions">
        <form
          method="post"
          action={`/admin/leads/${lead.id}/spam`}
          className="inline-form"
          data-submit-once=""
        >
          <input type="hidden" name="spam" value={lead.isSpam ? 'false' : 'true'} />
          <button type="submit" className="button-secondary">
            {lead.isSpam ? 'Not spam' : 'Mark as spam'}
          </button>
        </form>
      </div>
    </>
  )
}

export function leadPage(options: LeadPageOptions): string {
  const { lead } = options
  const title = `${formTitle(lead.formKey)} from ${leadDisplayName(lead.fields)}`
  const lost = lead.status === 'lost' && lead.lostReason ? ` (${lostReasonWords[lead.lostReason]})` : ''
  return staffPage({
    title,
    staffEmail: options.staffEmail,
    staffName: options.staffName,
    owner: options.owner,
    body: (
      <>
        <p>
          <a href="/admin">Back to the inbox</a>
        </p>
        <h1 className="wrap">{title}</h1>
        <p className="lead-badges" data-live="badges">
          <span className={`badge badge-${lead.isSpam ? 'spam' : lead.status}`}>
            {leadStatusLabel(lead)}
            {lost}
          </span>{' '}
          {speedBadge(lead, options.now)} {requestBadge(lead)}
        </p>
        {options.error
          ? errorBanner(options.error)
          : options.draft
            ? errorBanner(draftMessage)
            : noticeBanner(options.notice)}
        {replyButtons(lead, options.reply)}
        <section aria-labelledby="details-heading">
          <h2 id="details-heading">What was submitted</h2>
          {options.form ? (
            sectionList(lead.id, options.sections)
          ) : (
            <p>
              The form <code>{lead.formKey}</code> is no longer on the site; its values are listed below.
            </p>
          )}
          {options.others.length > 0 && (
            <>
              <h3>Other values sent</h3>
              <dl className="fields">
                {options.others.map(([name, value]) => (
                  <div key={name}>
                    <dt>
                      <code>{name}</code>
                    </dt>
                    <dd>
                      <span className="value">{value}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </section>
        {workSection({
          lead,
          staffMembers: options.staffMembers,
          viewerId: options.viewerId,
          now: options.now,
          draft: options.draft,
          linked: options.linked,
          saved: options.saved,
          logChannel: options.logChannel,
        })}
        {replySection(lead, options.reply)}
        {timelineSection(options.events, options.staffMembers)}
        {linkedSection(options.linked)}
        <section aria-labelledby="summary-heading" data-live="summary">
          <h2 id="summary-heading">About this lead</h2>
          <dl className="summary">
            <div>
              <dt>Reference</dt>
              <dd>
                <strong>{lead.reference}</strong>
              </dd>
            </div>
            <div>
              <dt>Received</dt>
              <dd>{formatDateTime(lead.receivedAt)}</dd>
            </div>
            <div>
              <dt>Form</dt>
              <dd>{options.form?.title ?? lead.formKey}</dd>
            </div>
            <div>
              <dt>Language</dt>
              <dd>{languageNames[lead.language] ?? lead.language}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                {leadStatusLabel(lead)}
                {lost}
              </dd>
            </div>
            {speedSummary(lead, options.now)}
            <div>
              <dt>Lead number</dt>
              <dd>
                <code>{lead.id}</code>
              </dd>
            </div>
          </dl>
        </section>
        {leadSourceSection(lead.source)}
        {actions(lead)}
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">E-mail to the agency</h2>
          {deliverySection(lead, options.jobs)}
        </section>
        {options.reveals.length > 0 && (
          <section aria-labelledby="reveals-heading">
            <h2 id="reveals-heading">Who saw or sent sensitive values</h2>
            <ul>
              {options.reveals.map((reveal, index) =>
                reveal.webhookUrl ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the reveals, newest first as stored, rendered once
                  <li key={index}>
                    The {sensitiveFieldName(options.form, reveal.fieldName)} sent by webhook to{' '}
                    <code>{reveal.webhookUrl}</code> on {formatDateTime(reveal.revealedAt)} (allowed by{' '}
                    {reveal.staffEmail})
                  </li>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the reveals, newest first as stored, rendered once
                  <li key={index}>
                    {reveal.staffEmail} revealed the {sensitiveFieldName(options.form, reveal.fieldName)} on{' '}
                    {formatDateTime(reveal.revealedAt)}
                  </li>
                ),
              )}
            </ul>
          </section>
        )}
      </>
    ),
  })
}
