/**
 * The lead page's working part: one tap to call or e-mail, log a contact attempt, assign, add a
 * note, and the timeline of everything done. Forms post to /admin/leads/:id/* (admin-pages.ts).
 */
import { formatDuration, isOverdue, overdueAt } from '../desk/business-hours.ts'
import { copyText, mailtoHref, type ReplyLead, telHref } from '../desk/reply-links.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { type LeadEvent, noteMaxLength, type StaffMember } from '../leads/work-log.ts'
import { html, type SafeHtml } from './html.ts'
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
export function speedBadge(lead: InboxLead, now: Date): SafeHtml {
  const age = formatDuration(now.getTime() - new Date(lead.receivedAt).getTime())
  if (lead.firstContactAt) {
    const taken = new Date(lead.firstContactAt).getTime() - new Date(lead.receivedAt).getTime()
    return html`<span class="speed">First contact after ${formatDuration(taken)}</span>`
  }
  if (isOverdue(lead, now))
    return html`<span class="badge badge-overdue">Overdue</span> <span class="speed">${age} old</span>`
  return html`<span class="speed">${age} old</span>`
}

/** Summary rows: age, overdue deadline, time to first contact, assignee. */
export function speedSummary(lead: InboxLead, now: Date): SafeHtml {
  const due = overdueAt(new Date(lead.receivedAt))
  const waiting = !lead.isSpam && lead.status === 'new' && !lead.firstContactAt
  return html`<div><dt>Speed to lead</dt><dd>${speedBadge(lead, now)}${
    waiting && due && now < due
      ? html`<br><small>Overdue at ${formatDateTime(due)} (one business hour)</small>`
      : ''
  }</dd></div>
<div><dt>Time to first contact</dt><dd>${
    lead.firstContactAt
      ? formatDuration(new Date(lead.firstContactAt).getTime() - new Date(lead.receivedAt).getTime())
      : html`<span class="muted">Not contacted yet</span>`
  }</dd></div>
<div><dt>Assigned to</dt><dd>${lead.assigneeEmail ?? html`<span class="muted">Nobody</span>`}</dd></div>`
}

function replyButtons(lead: InboxLead): SafeHtml {
  const reply = replyLead(lead)
  const tel = telHref(reply.phone)
  const mailto = mailtoHref(reply)
  return html`<div class="reply-actions">
${tel ? html`<a class="button" href="${tel}">Call ${reply.phone}</a>` : ''}
${mailto ? html`<a class="button button-secondary" href="${mailto}">E-mail a reply${lead.language === 'es' ? ' (in Spanish)' : ''}</a>` : ''}
<button type="button" class="button-secondary" data-copy="${copyText(reply)}" hidden>Copy details</button>
</div>`
}

const channelNames: Record<string, string> = { call: 'Call', email: 'E-mail', text: 'Text message' }
const statusWords: Record<string, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' }

function contactForm(lead: InboxLead): SafeHtml {
  return html`<form method="post" action="/admin/leads/${lead.id}/contact" class="stack work-form" data-submit-once>
<fieldset>
<legend>How did you contact them?</legend>
<div class="choice-row">
${Object.entries(channelNames).map(
  ([value, label], index) =>
    html`<label class="choice"><input type="radio" name="channel" value="${value}"${index === 0 ? html` checked` : ''} required> ${label}</label>`,
)}
</div>
</fieldset>
<fieldset>
<legend>Did you reach them?</legend>
<div class="choice-row">
<label class="choice"><input type="radio" name="reached" value="yes" checked required> Reached</label>
<label class="choice"><input type="radio" name="reached" value="no" required> No answer, left a message</label>
</div>
</fieldset>
<div class="field">
<label for="contact-note">Note (optional)</label>
<textarea id="contact-note" name="note" rows="2" maxlength="${noteMaxLength}"></textarea>
</div>
<button type="submit">Log contact attempt</button>
</form>`
}

function assignForm(lead: InboxLead, staff: StaffMember[], viewerId: string): SafeHtml {
  return html`<form method="post" action="/admin/leads/${lead.id}/assign" class="inline-form work-form" data-submit-once>
<label for="assignee">Assign to</label>
<select id="assignee" name="assignee">
<option value="">Nobody</option>
${staff.map(
  (member) =>
    html`<option value="${member.id}"${lead.assignedTo === member.id ? html` selected` : ''}>${member.email}${member.id === viewerId ? ' (me)' : ''}</option>`,
)}
</select>
<button type="submit">Save assignment</button>
</form>${
    lead.assignedTo === viewerId
      ? ''
      : html`<form method="post" action="/admin/leads/${lead.id}/assign" class="inline-form" data-submit-once>
<input type="hidden" name="assignee" value="${viewerId}">
<button type="submit" class="button-secondary">Assign to me</button>
</form>`
  }`
}

function noteForm(lead: InboxLead): SafeHtml {
  return html`<form method="post" action="/admin/leads/${lead.id}/note" class="stack work-form" data-submit-once>
<div class="field">
<label for="note">Add a note</label>
<textarea id="note" name="note" rows="2" required maxlength="${noteMaxLength}"></textarea>
</div>
<button type="submit" class="button-secondary">Save note</button>
</form>`
}

function eventText(event: LeadEvent): SafeHtml {
  switch (event.kind) {
    case 'contact':
      return html`<strong>${channelNames[event.channel ?? ''] ?? event.channel}</strong>, ${event.reached ? 'reached' : 'not reached'}${event.detail ? html`: ${event.detail}` : ''}`
    case 'note':
      return html`<strong>Note</strong>: ${event.detail}`
    case 'status':
      return html`<strong>Status</strong> set to ${statusWords[event.detail] ?? event.detail}`
    case 'assignment':
      return event.detail
        ? html`<strong>Assigned</strong> to ${event.detail}`
        : html`<strong>Unassigned</strong>`
  }
}

function timeline(events: LeadEvent[]): SafeHtml {
  if (events.length === 0) return html`<p class="muted">Nothing logged yet.</p>`
  return html`<ol class="timeline">
${events.map(
  (event) => html`<li><p>${eventText(event)}</p>
<p class="muted"><small>${event.staffEmail}, <time datetime="${new Date(event.createdAt).toISOString()}">${formatDateTime(event.createdAt)}</time></small></p></li>`,
)}
</ol>`
}

export function workPanel(options: {
  lead: InboxLead
  events: LeadEvent[]
  staffMembers: StaffMember[]
  viewerId: string
}): SafeHtml {
  const { lead } = options
  return html`<section class="work" aria-labelledby="answer-heading">
<h2 id="answer-heading">Answer</h2>
${replyButtons(lead)}
${contactForm(lead)}
</section>
<section class="work" aria-labelledby="assign-heading">
<h2 id="assign-heading">Assignment</h2>
${assignForm(lead, options.staffMembers, options.viewerId)}
</section>
<section class="work" aria-labelledby="log-heading">
<h2 id="log-heading">Work log</h2>
${noteForm(lead)}
${timeline(options.events)}
</section>`
}
