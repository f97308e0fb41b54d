/**
 * The lead page's working part: one tap to call or e-mail, log a contact attempt, assign, add a
 * note, and the timeline of everything done. Forms post to /admin/leads/:id/* (admin-pages.ts).
 */
import { html } from 'htm/react'
import { Fragment, type ReactNode } from 'react'
import { formatDuration, isOverdue, overdueAt } from '../desk/business-hours.ts'
import { copyText, mailtoHref, type ReplyLead, telHref } from '../desk/reply-links.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { type LeadEvent, noteMaxLength, type StaffMember } from '../leads/work-log.ts'
import { formTitle, leadDisplayName, leadPhone } from './lead-view.ts'
import { formatDateTime } from './staff-time.ts'

export function replyLead(lead: InboxLead): ReplyLead {
  return {
    formTitle: formTitle(lead.formKey),
    language: lead.language,
    reference: lead.reference,
    name: leadDisplayName(lead.fields),
    email: lead.fields.email || undefined,
    phone: leadPhone(lead.fields) || undefined,
  }
}

/** "2 h 05 min old", with the overdue mark that the list shows too. */
export function speedBadge(lead: InboxLead, now: Date): ReactNode {
  const age = formatDuration(now.getTime() - new Date(lead.receivedAt).getTime())
  if (lead.firstContactAt) {
    const taken = new Date(lead.firstContactAt).getTime() - new Date(lead.receivedAt).getTime()
    return html`<span className="speed">First contact after ${formatDuration(taken)}</span>`
  }
  if (isOverdue(lead, now))
    return html`<${Fragment}><span className="badge badge-overdue">Overdue</span> <span className="speed">${age} old</span><//>`
  return html`<span className="speed">${age} old</span>`
}

/** Summary rows: age, overdue deadline, time to first contact, assignee. */
export function speedSummary(lead: InboxLead, now: Date): ReactNode {
  const due = overdueAt(new Date(lead.receivedAt))
  const waiting = !lead.isSpam && lead.status === 'new' && !lead.firstContactAt
  return html`<${Fragment}>
    <div>
      <dt>Speed to lead</dt>
      <dd>
        ${speedBadge(lead, now)}
        ${waiting && due && now < due && html`<${Fragment}><br /><small>Overdue at ${formatDateTime(due)} (one business hour)</small><//>`}
      </dd>
    </div>
    <div>
      <dt>Time to first contact</dt>
      <dd>
        ${
          lead.firstContactAt
            ? formatDuration(new Date(lead.firstContactAt).getTime() - new Date(lead.receivedAt).getTime())
            : html`<span className="muted">Not contacted yet</span>`
        }
      </dd>
    </div>
    <div>
      <dt>Assigned to</dt>
      <dd>${lead.assigneeEmail ?? html`<span className="muted">Nobody</span>`}</dd>
    </div>
  <//>`
}

function replyButtons(lead: InboxLead): ReactNode {
  const reply = replyLead(lead)
  const tel = telHref(reply.phone)
  const mailto = mailtoHref(reply)
  return html`<div className="reply-actions">
    ${tel && html`<a className="button" href=${tel}>Call ${reply.phone}</a>`}
    ${mailto && html`<a className="button button-secondary" href=${mailto}>E-mail a reply${lead.language === 'es' ? ' (in Spanish)' : ''}</a>`}
    <button type="button" className="button-secondary" data-copy=${copyText(reply)} hidden>Copy details</button>
  </div>`
}

const channelNames: Record<string, string> = { call: 'Call', email: 'E-mail', text: 'Text message' }
const statusWords: Record<string, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' }

function contactForm(lead: InboxLead): ReactNode {
  return html`<form method="post" action=${`/admin/leads/${lead.id}/contact`} className="stack work-form" data-submit-once="">
    <fieldset>
      <legend>How did you contact them?</legend>
      <div className="choice-row">
        ${Object.entries(channelNames).map(
          ([value, label], index) =>
            html`<label key=${value} className="choice"><input type="radio" name="channel" value=${value} defaultChecked=${index === 0} required /> ${label}</label>`,
        )}
      </div>
    </fieldset>
    <fieldset>
      <legend>Did you reach them?</legend>
      <div className="choice-row">
        <label className="choice"><input type="radio" name="reached" value="yes" defaultChecked required /> Reached</label>
        <label className="choice"><input type="radio" name="reached" value="no" required /> No answer, left a message</label>
      </div>
    </fieldset>
    <div className="field">
      <label htmlFor="contact-note">Note (optional)</label>
      <textarea id="contact-note" name="note" rows="2" maxLength=${noteMaxLength}></textarea>
    </div>
    <button type="submit">Log contact attempt</button>
  </form>`
}

function assignForm(lead: InboxLead, staff: StaffMember[], viewerId: string): ReactNode {
  return html`<${Fragment}>
    <form method="post" action=${`/admin/leads/${lead.id}/assign`} className="inline-form work-form" data-submit-once="">
      <label htmlFor="assignee">Assign to</label>
      <select id="assignee" name="assignee" defaultValue=${lead.assignedTo ?? undefined}>
        <option value="">Nobody</option>
        ${staff.map(
          (member) =>
            html`<option key=${member.id} value=${member.id}>${member.email}${member.id === viewerId ? ' (me)' : ''}</option>`,
        )}
      </select>
      <button type="submit">Save assignment</button>
    </form>
    ${
      lead.assignedTo !== viewerId &&
      html`<form method="post" action=${`/admin/leads/${lead.id}/assign`} className="inline-form" data-submit-once="">
        <input type="hidden" name="assignee" value=${viewerId} />
        <button type="submit" className="button-secondary">Assign to me</button>
      </form>`
    }
  <//>`
}

function noteForm(lead: InboxLead): ReactNode {
  return html`<form method="post" action=${`/admin/leads/${lead.id}/note`} className="stack work-form" data-submit-once="">
    <div className="field">
      <label htmlFor="note">Add a note</label>
      <textarea id="note" name="note" rows="2" required maxLength=${noteMaxLength}></textarea>
    </div>
    <button type="submit" className="button-secondary">Save note</button>
  </form>`
}

function eventText(event: LeadEvent): ReactNode {
  switch (event.kind) {
    case 'contact':
      return html`<${Fragment}><strong>${channelNames[event.channel ?? ''] ?? event.channel}</strong>, ${event.reached ? 'reached' : 'not reached'}${event.detail ? `: ${event.detail}` : ''}<//>`
    case 'note':
      return html`<${Fragment}><strong>Note</strong>: ${event.detail}<//>`
    case 'status':
      return html`<${Fragment}><strong>Status</strong> set to ${statusWords[event.detail] ?? event.detail}<//>`
    case 'assignment':
      return event.detail
        ? html`<${Fragment}><strong>Assigned</strong> to ${event.detail}<//>`
        : html`<strong>Unassigned</strong>`
  }
}

function timeline(events: LeadEvent[]): ReactNode {
  if (events.length === 0) return html`<p className="muted">Nothing logged yet.</p>`
  return html`<ol className="timeline">
    ${events.map(
      (event) => html`<li key=${event.id}>
        <p>${eventText(event)}</p>
        <p className="muted">
          <small>${event.staffEmail}, <time dateTime=${new Date(event.createdAt).toISOString()}>${formatDateTime(event.createdAt)}</time></small>
        </p>
      </li>`,
    )}
  </ol>`
}

export function workPanel(options: {
  lead: InboxLead
  events: LeadEvent[]
  staffMembers: StaffMember[]
  viewerId: string
}): ReactNode {
  const { lead } = options
  return html`<${Fragment}>
    <section className="work" aria-labelledby="answer-heading">
      <h2 id="answer-heading">Answer</h2>
      ${replyButtons(lead)}
      ${contactForm(lead)}
    </section>
    <section className="work" aria-labelledby="assign-heading">
      <h2 id="assign-heading">Assignment</h2>
      ${assignForm(lead, options.staffMembers, options.viewerId)}
    </section>
    <section className="work" aria-labelledby="log-heading">
      <h2 id="log-heading">Work log</h2>
      ${noteForm(lead)}
      ${timeline(options.events)}
    </section>
  <//>`
}
