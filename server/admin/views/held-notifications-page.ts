/**
 * The held notifications page (/admin/held-notifications, owners only): each notification a
 * restore held, with Send and Discard, and the recent decisions.
 */
import { html } from 'htm/react'
import { Fragment, type ReactNode } from 'react'
import type { HeldDecision, HeldDecisionEntry, HeldJob } from '#server/leads/lead-jobs.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { formTitle } from '../lead-fields.ts'
import { formatDateTime, formatDay } from '../staff-time.ts'
import { noticeBanner, ownerPage } from './admin-layout.ts'

export const heldNotificationsPath = '/admin/held-notifications'

function decisionButton(action: HeldDecision, label: string, jobId?: string): ReactNode {
  return html`<form method="post" action=${`${heldNotificationsPath}/${action}`} data-submit-once="">
    ${jobId ? html`<input type="hidden" name="job" value=${jobId} />` : html`<input type="hidden" name="all" value="yes" />`}
    <button type="submit" className=${action === 'discard' ? 'button-secondary' : undefined}>${label}</button>
  </form>`
}

function heldRow(job: HeldJob): ReactNode {
  const subject = job.leadId
    ? html`<a href=${`/admin/leads/${job.leadId}`}>${job.reference ?? job.leadId}</a>`
    : `Morning digest of ${job.digestDay ? formatDay(job.digestDay) : 'a day'}`
  return html`<tr key=${job.jobId}>
    <th scope="row">${subject}</th>
    <td>${job.receivedAt ? formatDateTime(job.receivedAt) : '–'}</td>
    <td>${job.formKey ? formTitle(job.formKey) : 'Morning digest'}</td>
    <td>${job.attempts}</td>
    <td>
      <div className="account-actions">
        ${decisionButton('send', 'Send', job.jobId)} ${decisionButton('discard', 'Discard', job.jobId)}
      </div>
    </td>
  </tr>`
}

function decisionLine(entry: HeldDecisionEntry, index: number): ReactNode {
  const subject = entry.reference ?? `the morning digest of ${entry.digestDay ?? 'a day'}`
  const verb = entry.status === 'discarded' ? 'discarded' : 'sent'
  return html`<li key=${index}>
    <time dateTime=${new Date(entry.decidedAt).toISOString()}>${formatDateTime(entry.decidedAt)}</time>:${' '}
    ${`${entry.decidedBy} ${verb} ${subject}`}
  </li>`
}

export function heldPage(
  owner: StaffSession,
  held: HeldJob[],
  decisions: HeldDecisionEntry[],
  notice?: string,
): string {
  const table =
    held.length === 0
      ? html`<p>No notification is held. Notifications are held only after a backup is restored.</p>`
      : html`<${Fragment}>
          <div className="account-actions">
            ${decisionButton('send', `Send all ${held.length}`)} ${decisionButton('discard', 'Discard all')}
          </div>
          <div className="table-scroll">
            <table className="staff-table">
              <caption>Notifications the restored backup had not sent, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Lead reference</th>
                  <th scope="col">Received</th>
                  <th scope="col">Form</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Decision</th>
                </tr>
              </thead>
              <tbody>${held.map(heldRow)}</tbody>
            </table>
          </div>
        <//>`
  return ownerPage(
    'held',
    owner,
    'Notifications held after a restore',
    html`<${Fragment}>
      <h1>Notifications held after a restore</h1>
      ${noticeBanner(notice)}
      <p>
        These e-mails to the agency were waiting or being sent when the restored backup was taken.
        The agency most likely received them already, so they are not sent again unless you choose
        Send. Check the inbox or the agency's mailbox first.
      </p>
      ${table}
      <h2>Recent decisions</h2>
      ${
        decisions.length === 0
          ? html`<p className="muted">None yet.</p>`
          : html`<ul className="audit-list">${decisions.map(decisionLine)}</ul>`
      }
    <//>`,
  )
}
