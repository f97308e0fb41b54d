import { html } from 'htm/react'
import { Fragment, type ReactNode } from 'react'
import type { DeliveryJob } from '../leads/lead-jobs.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { leadStatuses } from '../leads/lead-repository.ts'
import { noticeBanner, staffPage } from './admin-layout.ts'
import { leadStatusLabel } from './inbox-page.ts'
import { type FieldView, formTitle, languageNames, leadDisplayName, type SectionView } from './lead-view.ts'
import type { LeadDetail } from './staff-desk.ts'
import { formatDateTime } from './staff-time.ts'
import { speedSummary, workPanel } from './work-panel.ts'

/** The lead as the desk reads it (staff-desk.ts), and who is looking. */
export interface LeadPageOptions extends LeadDetail {
  staffEmail: string
  /** An owner: the navigation links to the staff accounts page. */
  owner?: boolean
  /** The signed-in staff member's account ("Assign to me"). */
  viewerId: string
  now: Date
  notice?: string
}

const statusNames: Record<string, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' }

/**
 * `legend` tells apart the three owners' SSNs for a screen reader's list of buttons. The line
 * breaks are kept on purpose: a `dd` is `white-space: pre-line` (admin.css), so the button or the
 * note goes on its own line.
 */
function fieldValue(leadId: string, field: FieldView, legend: string): ReactNode {
  if (!field.given) return html`<span className="muted">Not given</span>`
  if (!field.sensitive) return html`<span className="value">${field.display}</span>`
  if (field.revealed) {
    return html`<${Fragment}>
      <span className="value revealed" data-revealed="">${field.display}</span>${'\n'}
      <span className="muted">(shown to you now; this was recorded)</span>
    <//>`
  }
  return html`<${Fragment}>
    <span className="value masked">${field.display}</span>${'\n'}
    <form method="post" action=${`/admin/leads/${leadId}/reveal`} className="inline-form" data-submit-once="">
      <input type="hidden" name="field" value=${field.name} />
      <button type="submit" className="button-small" aria-label=${`Reveal ${field.label} (${legend.replace(/ \(optional\)$/, '')})`}>Reveal</button>
    </form>
  <//>`
}

function sectionList(leadId: string, sections: SectionView[]): ReactNode {
  return sections.map(
    (section, index) => html`<${Fragment} key=${index}>
      <h3>${section.legend}</h3>
      <dl className="fields">
        ${section.fields.map(
          (field) => html`<div key=${field.name}>
            <dt>${field.label}</dt>
            <dd>${fieldValue(leadId, field, section.legend)}</dd>
          </div>`,
        )}
      </dl>
    <//>`,
  )
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
    return html`<p>No notification e-mail was queued for this lead${lead.isSpam ? ' (spam is never e-mailed)' : ''}.</p>`
  }
  return html`<div className="table-scroll" role="region" aria-labelledby="delivery-caption" tabIndex="0">
    <table>
      <caption id="delivery-caption">Notification e-mails to the agency</caption>
      <thead>
        <tr>
          <th scope="col">State</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last error</th>
          <th scope="col">Sent</th>
          <th scope="col">Next attempt</th>
          <th scope="col"><span className="visually-hidden">Action</span></th>
        </tr>
      </thead>
      <tbody>
        ${jobs.map(
          (job) => html`<tr key=${job.id}>
            <td>${deliveryNames[job.status] ?? job.status}</td>
            <td>${job.attempts}</td>
            <td>${job.lastError ?? html`<span className="muted">None</span>`}</td>
            <td>${job.sentAt ? formatDateTime(job.sentAt) : html`<span className="muted">Not yet</span>`}</td>
            <td>${job.status === 'pending' ? formatDateTime(job.nextAttemptAt) : html`<span className="muted">None</span>`}</td>
            <td>
              ${
                job.status === 'failed' &&
                html`<form method="post" action=${`/admin/leads/${lead.id}/retry`} data-submit-once="">
                  <input type="hidden" name="job" value=${job.id} />
                  <button type="submit" className="button-small">Retry delivery</button>
                </form>`
              }
            </td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`
}

/** Why the spam scoring held this lead back: staff decide with one click whether it was right. */
function spamReasons(lead: InboxLead): ReactNode {
  if (!lead.isSpam) return null
  const reasons = lead.spamReasons.length > 0 ? lead.spamReasons : ['Marked as spam by staff']
  return html`<section className="spam-reasons" aria-labelledby="spam-reasons-heading">
    <h2 id="spam-reasons-heading">Why this is in spam</h2>
    <ul>
      ${reasons.map((reason, index) => html`<li key=${index}>${reason}</li>`)}
    </ul>
    <p>If a person sent this, choose <strong>Not spam</strong>: the agency is e-mailed at once.</p>
  </section>`
}

function actions(lead: InboxLead): ReactNode {
  return html`<${Fragment}>
    ${spamReasons(lead)}
    <div className="actions">
      <form method="post" action=${`/admin/leads/${lead.id}/status`} className="inline-form">
        <label htmlFor="lead-status">Status</label>
        <select id="lead-status" name="status" defaultValue=${lead.status}>
          ${leadStatuses.map((status) => html`<option key=${status} value=${status}>${statusNames[status]}</option>`)}
        </select>
        <button type="submit">Save status</button>
      </form>
      <form method="post" action=${`/admin/leads/${lead.id}/spam`} className="inline-form" data-submit-once="">
        <input type="hidden" name="spam" value=${lead.isSpam ? 'false' : 'true'} />
        <button type="submit" className="button-secondary">${lead.isSpam ? 'Not spam' : 'Mark as spam'}</button>
      </form>
    </div>
  <//>`
}

export function leadPage(options: LeadPageOptions): string {
  const { lead } = options
  const title = `${formTitle(lead.formKey)} from ${leadDisplayName(lead.fields)}`
  return staffPage({
    title,
    staffEmail: options.staffEmail,
    owner: options.owner,
    body: html`<${Fragment}>
      <p><a href="/admin">Back to the inbox</a></p>
      <h1>${title}</h1>
      ${noticeBanner(options.notice)}
      <dl className="summary">
        <div><dt>Reference</dt><dd><strong>${lead.reference}</strong></dd></div>
        <div><dt>Received</dt><dd>${formatDateTime(lead.receivedAt)}</dd></div>
        <div><dt>Form</dt><dd>${options.form?.title ?? lead.formKey}</dd></div>
        <div><dt>Language</dt><dd>${languageNames[lead.language] ?? lead.language}</dd></div>
        <div><dt>Status</dt><dd>${leadStatusLabel(lead)}</dd></div>
        ${speedSummary(lead, options.now)}
        <div><dt>Lead number</dt><dd><code>${lead.id}</code></dd></div>
      </dl>
      ${workPanel({ lead, events: options.events, staffMembers: options.staffMembers, viewerId: options.viewerId })}
      ${actions(lead)}
      <section aria-labelledby="details-heading">
        <h2 id="details-heading">What was submitted</h2>
        ${
          options.form
            ? sectionList(lead.id, options.sections)
            : html`<p>The form <code>${lead.formKey}</code> is no longer on the site; its values are listed below.</p>`
        }
        ${
          options.others.length > 0 &&
          html`<${Fragment}>
            <h3>Other values sent</h3>
            <dl className="fields">
              ${options.others.map(
                ([name, value]) => html`<div key=${name}>
                  <dt><code>${name}</code></dt>
                  <dd><span className="value">${value}</span></dd>
                </div>`,
              )}
            </dl>
          <//>`
        }
      </section>
      <section aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">E-mail to the agency</h2>
        ${deliverySection(lead, options.jobs)}
      </section>
      ${
        options.reveals.length > 0 &&
        html`<section aria-labelledby="reveals-heading">
          <h2 id="reveals-heading">Who revealed sensitive values</h2>
          <ul>
            ${options.reveals.map(
              (reveal, index) =>
                html`<li key=${index}>${reveal.staffEmail} revealed <code>${reveal.fieldName}</code> on ${formatDateTime(reveal.revealedAt)}</li>`,
            )}
          </ul>
        </section>`
      }
    <//>`,
  })
}
