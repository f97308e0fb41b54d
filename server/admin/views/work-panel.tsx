/**
 * The lead page's working part: call, text, e-mail and copy at the top; one form that logs a
 * contact attempt (reached, voicemail, no answer) with a note, the status (lost with its reason),
 * the next follow-up and the assignee in one save; and the timeline of everything done. The form
 * posts to /admin/leads/:id/work (routes/lead-routes.ts) and works without scripts; admin.js saves
 * it in place.
 */

import type { ReactNode } from 'react'
import { type QuickFollowUp, quickFollowUps } from '#server/desk/follow-up-time.ts'
import { copyText, mailtoHref, type ReplyLead, smsHref, telHref } from '#server/desk/reply-links.ts'
import { replyBodyMaxLength, replySubjectMaxLength } from '#server/desk/reply-templates.ts'
import type { DraftFields } from '#server/desk/work-drafts.ts'
import { formatDuration, isOverdue, overdueAt } from '#server/leads/business-hours.ts'
import { leadPhone } from '#server/leads/lead-phone.ts'
import type { InboxLead, LinkedLead } from '#server/leads/lead-queries.ts'
import { finishedStatuses, leadStatuses, lostReasons } from '#server/leads/lead-repository.ts'
import {
  type ContactChannel,
  type LeadEvent,
  noteMaxLength,
  type StaffMember,
} from '#server/leads/work-log.ts'
import { staffLabel } from '#server/staff/staff-accounts.ts'
import { formTitle, leadDisplayName } from '../lead-fields.ts'
import { lostReasonWords, statusWord, statusWords } from '../lead-words.ts'
import { formatDateTime, formatFollowUpChoice, localInputValue } from '../staff-time.ts'

function replyLead(lead: InboxLead): ReplyLead {
  return {
    formTitle: formTitle(lead.formKey),
    language: lead.language,
    reference: lead.reference,
    name: leadDisplayName(lead.fields),
    email: lead.fields.email || undefined,
    phone: leadPhone(lead.fields) || undefined,
  }
}

const outcomeWords: Record<string, string> = {
  reached: 'reached',
  voicemail: 'left a voicemail',
  'no-answer': 'no answer',
}

/** A follow-up still to do (the lead is open) whose time has come. */
export function isFollowUpDue(lead: InboxLead, now: Date): boolean {
  if (!lead.followUpAt || lead.isSpam) return false
  if (finishedStatuses.some((status) => status === lead.status)) return false
  return new Date(lead.followUpAt).getTime() <= now.getTime()
}

/** "2nd request", "3rd request": the same person (e-mail or phone) sent this many. */
export function requestBadge(lead: InboxLead): ReactNode {
  const earlier = lead.earlierRequests ?? 0
  if (earlier < 1) return null
  const n = earlier + 1
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return (
    <span className="badge badge-repeat">
      {n}
      {suffix} request
    </span>
  )
}

/** "2 h 05 min old", with the overdue or follow-up mark that the list shows too. */
export function speedBadge(lead: InboxLead, now: Date): ReactNode {
  const age = formatDuration(now.getTime() - new Date(lead.receivedAt).getTime())
  const due = isFollowUpDue(lead, now) && <span className="badge badge-due">Follow-up due</span>
  if (lead.firstContactAt) {
    const taken = new Date(lead.firstContactAt).getTime() - new Date(lead.receivedAt).getTime()
    return (
      <>
        {due}
        {due && ' '}
        <span className="speed">First contact after {formatDuration(taken)}</span>
      </>
    )
  }
  if (isOverdue(lead, now))
    return (
      <>
        <span className="badge badge-overdue">Overdue</span> <span className="speed">{age} old</span>
      </>
    )
  return (
    <>
      {due}
      {due && ' '}
      <span className="speed">{age} old</span>
    </>
  )
}

/** Summary rows: age, overdue deadline, time to first contact, assignee, follow-up. */
export function speedSummary(lead: InboxLead, now: Date): ReactNode {
  const due = overdueAt(new Date(lead.receivedAt))
  const waiting = !lead.isSpam && lead.status === 'new' && !lead.firstContactAt
  return (
    <>
      <div>
        <dt>Speed to lead</dt>
        <dd>
          {speedBadge(lead, now)}
          {waiting && due && now < due && (
            <>
              <br />
              <small>Overdue at {formatDateTime(due)} (one business hour)</small>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Time to first contact</dt>
        <dd>
          {lead.firstContactAt ? (
            formatDuration(new Date(lead.firstContactAt).getTime() - new Date(lead.receivedAt).getTime())
          ) : (
            <span className="muted">Not contacted yet</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Assigned to</dt>
        <dd className="wrap">
          {lead.assigneeEmail ? (
            staffLabel({ email: lead.assigneeEmail, displayName: lead.assigneeName })
          ) : (
            <span className="muted">Nobody</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Next follow-up</dt>
        <dd>{lead.followUpAt ? formatDateTime(lead.followUpAt) : <span className="muted">None set</span>}</dd>
      </div>
    </>
  )
}

/** Call, text, e-mail and copy: the first thing on the lead page, thumb-sized on a phone. */
export function replyButtons(lead: InboxLead, text: { subject: string; body: string }): ReactNode {
  const reply = replyLead(lead)
  const tel = telHref(reply.phone)
  const sms = smsHref(reply.phone)
  const mailto = mailtoHref(reply, text)
  // Tapping tel: on a phone leaves the browser for the dialer: the log is a link of its own, which
  // works without the script (?log=call), and the script also chooses "Call" when Call is tapped.
  return (
    <div className="reply-actions">
      {tel && (
        <a className="button" href={tel} data-log-channel="call">
          Call {reply.phone}
        </a>
      )}
      {tel && (
        <a
          className="button button-secondary"
          href={`/admin/leads/${lead.id}?log=call#work`}
          data-log-channel="call"
          data-log-only=""
        >
          Log the call
        </a>
      )}
      {sms && (
        <a className="button button-secondary" href={sms} data-log-channel="text">
          Text
        </a>
      )}
      {mailto && (
        <a className="button button-secondary" href={mailto} data-log-channel="email">
          E-mail a reply{lead.language === 'es' ? ' (in Spanish)' : ''}
        </a>
      )}
      {mailto && (
        <a className="button button-secondary" href="#reply">
          Send a reply from the desk
        </a>
      )}
      <button type="button" className="button-secondary" data-copy={copyText(reply)} hidden>
        Copy details
      </button>
    </div>
  )
}

function radios(name: string, choices: [string, string][], checked: string): ReactNode {
  return (
    <div className="choice-row">
      {choices.map(([value, label]) => (
        <label key={value} className="choice">
          <input type="radio" name={name} value={value} defaultChecked={value === checked} /> {label}
        </label>
      ))}
    </div>
  )
}

/**
 * The one form: what was done and what is next. Each "…Was" field carries the value the page
 * showed, so a save changes only what this person changed, not what a colleague saved meanwhile.
 */
const quickWords: Record<QuickFollowUp, string> = {
  hour: 'In an office hour',
  morning: 'Next opening',
  'two-days': 'In 2 days',
  week: 'In a week',
}

/**
 * The quick follow-up choices at `now`, in office hours (server/desk/follow-up-time.ts): each
 * option's value is the time it names, so what is saved is what was read.
 */
function quickFollowUpField(now: Date): ReactNode {
  return (
    <div className="field">
      <label htmlFor="follow-up-quick">Quick follow-up</label>
      <select id="follow-up-quick" name="followUpQuick" defaultValue="" data-follow-up-quick="">
        <option value="">Choose, or set a time below</option>
        {quickFollowUps(now).map(({ choice, at }) => (
          <option key={choice} value={localInputValue(at)}>
            {quickWords[choice]}: {formatFollowUpChoice(at, now)}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The same person's other requests still open (new, contacted, quoted; not spam): the save's
 * status, follow-up and assignee apply to those ticked too, each logged on its own lead.
 */
function linkedChoice(linked: readonly LinkedLead[]): ReactNode {
  const open = linked.filter((other) => !other.isSpam && openStatusWords.has(other.status))
  if (open.length === 0) return null
  return (
    <fieldset>
      <legend>Also apply the status, follow-up and assignee to this person’s other open requests</legend>
      {open.map((other) => (
        <label key={other.id} className="choice">
          <input type="checkbox" name="also" value={other.id} defaultChecked /> {formTitle(other.formKey)},{' '}
          {other.reference} ({statusWord(other.status)})
        </label>
      ))}
    </fieldset>
  )
}

const openStatusWords = new Set(['new', 'contacted', 'quoted'])

function workForm(
  lead: InboxLead,
  staff: StaffMember[],
  viewerId: string,
  now: Date,
  draft?: DraftFields,
  linked: readonly LinkedLead[] = [],
  extra: { saved?: WorkSaved; logChannel?: ContactChannel } = {},
): ReactNode {
  const was = {
    status: lead.status,
    followUp: localInputValue(lead.followUpAt),
    assignee: lead.assignedTo ?? '',
  }
  const value = {
    channel: draft?.channel ?? extra.logChannel ?? '',
    outcome: draft?.outcome ?? 'reached',
    status: draft?.status ?? was.status,
    lostReason: draft?.lostReason ?? lead.lostReason ?? '',
    followUp: draft?.followUp ?? was.followUp,
    assignee: draft?.assignee ?? was.assignee,
  }
  return (
    <form
      method="post"
      action={`/admin/leads/${lead.id}/work`}
      className="stack work-form"
      id="work-form"
      data-work-form=""
      data-submit-once=""
    >
      <input type="hidden" name="statusWas" value={draft?.statusWas ?? was.status} />
      <input type="hidden" name="followUpWas" value={draft?.followUpWas ?? was.followUp} />
      <input type="hidden" name="assigneeWas" value={draft?.assigneeWas ?? was.assignee} />
      <fieldset>
        <legend>Contact attempt</legend>
        {radios(
          'channel',
          [
            ['', 'None'],
            ['call', 'Call'],
            ['email', 'E-mail'],
            ['text', 'Text'],
          ],
          value.channel,
        )}
      </fieldset>
      <fieldset className="outcome-voice">
        <legend>Outcome (call or text)</legend>
        {radios(
          'outcome',
          [
            ['reached', 'Reached'],
            ['voicemail', 'Voicemail'],
            ['no-answer', 'No answer'],
          ],
          value.outcome,
        )}
      </fieldset>
      <fieldset className="outcome-email">
        <legend>Outcome (e-mail)</legend>
        {radios(
          'emailOutcome',
          [
            ['sent', 'Sent, no reply yet'],
            ['replied', 'They replied'],
          ],
          'sent',
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="note">Note (optional)</label>
        <textarea
          id="note"
          name="note"
          rows={3}
          maxLength={noteMaxLength}
          defaultValue={draft?.note ?? ''}
        ></textarea>
      </div>
      <div className="work-grid">
        <div className="field">
          <label htmlFor="lead-status">Status</label>
          <select id="lead-status" name="status" defaultValue={value.status}>
            {leadStatuses.map((status) => (
              <option key={status} value={status}>
                {status === 'closed' ? 'Closed (no outcome recorded)' : statusWords[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lost-reason">Why lost (for Lost)</label>
          <select id="lost-reason" name="lostReason" defaultValue={value.lostReason}>
            <option value="">Not lost</option>
            {lostReasons.map((reason) => (
              <option key={reason} value={reason}>
                {lostReasonWords[reason]}
              </option>
            ))}
          </select>
        </div>
        {quickFollowUpField(now)}
        <div className="field">
          <label htmlFor="follow-up">
            Next follow-up (office time; empty: none; moved into office hours)
          </label>
          <input id="follow-up" name="followUp" type="datetime-local" defaultValue={value.followUp} />
        </div>
        <div className="field">
          <label htmlFor="assignee">Assigned to</label>
          <select id="assignee" name="assignee" defaultValue={value.assignee}>
            <option value="">Nobody</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {staffLabel(member)}
                {member.id === viewerId ? ' (me)' : ''}
              </option>
            ))}
          </select>
        </div>
      </div>
      {linkedChoice(linked)}
      <button type="submit">Save</button>
      {savedNotice(extra.saved, staff)}
    </form>
  )
}

/** A save of the work form: its notice, and the work log's entries it wrote. */
export interface WorkSaved {
  text: string
  events: LeadEvent[]
}

/**
 * Under the Save button, where the eye is: "Saved." and what was saved, in a status region the
 * redirect's anchor (#work-notice) brings to the top of the screen, phone or desk. The page's
 * script writes a refused save's reason here too (admin.js).
 */
function savedNotice(saved: WorkSaved | undefined, staff: readonly StaffMember[]): ReactNode {
  if (!saved)
    return <div className="notice work-notice" role="status" id="work-notice" tabIndex={-1} hidden></div>
  return (
    <div className="notice work-notice" role="status" id="work-notice" tabIndex={-1}>
      <p>
        <strong>{saved.text}</strong>
      </p>
      {saved.events.length > 0 && (
        <ul className="saved-list" aria-label="What was saved">
          {saved.events.map((event) => (
            <li key={event.id}>{eventText(event, staffNames(staff))}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

const channelNames: Record<string, string> = { call: 'Call', email: 'E-mail', text: 'Text message' }

/** An e-mail is sent, and replied to or not: no voicemail, no "reached". */
const emailOutcomeWords: Record<string, string> = { reached: 'they replied', 'no-answer': 'sent' }

function contactText(event: LeadEvent): ReactNode {
  const words = event.channel === 'email' ? { ...outcomeWords, ...emailOutcomeWords } : outcomeWords
  const outcome = event.outcome ? words[event.outcome] : event.reached ? 'reached' : 'not reached'
  return (
    <>
      <strong>{channelNames[event.channel ?? ''] ?? event.channel}</strong>, {outcome}
      {event.detail ? `: ${event.detail}` : ''}
    </>
  )
}

function statusText(detail: string): ReactNode {
  const [status = '', reason] = detail.split(':')
  const why = reason ? ` (${lostReasonWords[reason] ?? reason})` : ''
  return (
    <>
      <strong>Status</strong> set to {statusWord(status)}
      {why}
    </>
  )
}

function eventText(event: LeadEvent, names: ReadonlyMap<string, string>): ReactNode {
  switch (event.kind) {
    case 'contact':
      return contactText(event)
    case 'note':
      return (
        <>
          <strong>Note</strong>: {event.detail}
        </>
      )
    case 'status':
      return statusText(event.detail)
    case 'follow-up':
      return event.detail ? (
        <>
          <strong>Follow-up</strong> set for {formatDateTime(event.detail)}
        </>
      ) : (
        <>
          <strong>Follow-up</strong> cleared
        </>
      )
    case 'assignment':
      return event.detail ? (
        <>
          <strong>Assigned</strong> to {names.get(event.detail) ?? event.detail}
        </>
      ) : (
        <strong>Unassigned</strong>
      )
    case 'reply':
      return (
        <>
          <strong>E-mail sent</strong> from the desk:<span className="sent-reply wrap">{event.detail}</span>
        </>
      )
  }
}

function timeline(events: LeadEvent[], names: ReadonlyMap<string, string>): ReactNode {
  if (events.length === 0) return <p className="muted">Nothing logged yet.</p>
  return (
    <ol className="timeline">
      {events.map((event) => (
        <li key={event.id}>
          <p>{eventText(event, names)}</p>
          <p className="muted">
            <small>
              {staffLabel({ email: event.staffEmail, displayName: event.staffName })},{' '}
              <time dateTime={new Date(event.createdAt).toISOString()}>
                {formatDateTime(event.createdAt)}
              </time>
            </small>
          </p>
        </li>
      ))}
    </ol>
  )
}

/** The save form, then (after the request, on the lead page) the timeline. */
export function workSection(options: {
  lead: InboxLead
  staffMembers: StaffMember[]
  viewerId: string
  now: Date
  draft?: DraftFields
  linked?: readonly LinkedLead[]
  saved?: WorkSaved
  logChannel?: ContactChannel
}): ReactNode {
  return (
    <section className="work" id="work" aria-labelledby="work-heading" data-live="work">
      <h2 id="work-heading">Log and update</h2>
      {workForm(
        options.lead,
        options.staffMembers,
        options.viewerId,
        options.now,
        options.draft,
        options.linked,
        { saved: options.saved, logChannel: options.logChannel },
      )}
    </section>
  )
}

function staffNames(staff: readonly StaffMember[]): ReadonlyMap<string, string> {
  return new Map(staff.map((member) => [member.email, staffLabel(member)]))
}

/** The assignments name the member (staffLabel) the log stored by e-mail, when they have a name. */
export function timelineSection(events: LeadEvent[], staff: readonly StaffMember[] = []): ReactNode {
  const names = staffNames(staff)
  return (
    <section className="work" aria-labelledby="log-heading" data-live="timeline">
      <h2 id="log-heading">Work log</h2>
      {timeline(events, names)}
    </section>
  )
}

/**
 * The reply written from the lead's template (server/desk/reply-templates.ts), to edit and send
 * from the desk: it goes to the lead's own address from the agency, with the sender in Reply-To.
 * The mail app (mailto:) stays the fallback, with the same text.
 */
export function replySection(lead: InboxLead, text: { subject: string; body: string }): ReactNode {
  const reply = replyLead(lead)
  const mailto = mailtoHref(reply, text)
  if (!mailto) return null
  return (
    <section className="work" id="reply" aria-labelledby="reply-heading">
      <h2 id="reply-heading">Reply by e-mail{lead.language === 'es' ? ' (in Spanish)' : ''}</h2>
      <form
        method="post"
        action={`/admin/leads/${lead.id}/reply`}
        className="stack reply-form"
        data-submit-once=""
      >
        <p className="muted wrap">To {reply.email}, from the agency; replies come back to you.</p>
        <div className="field">
          <label htmlFor="reply-subject">Subject</label>
          <input
            id="reply-subject"
            name="subject"
            required
            maxLength={replySubjectMaxLength}
            defaultValue={text.subject}
          />
        </div>
        <div className="field">
          <label htmlFor="reply-body">Message</label>
          <textarea
            id="reply-body"
            name="body"
            rows={10}
            required
            maxLength={replyBodyMaxLength}
            defaultValue={text.body}
          ></textarea>
        </div>
        <div className="reply-send">
          <button type="submit">Send</button>
          <a href={mailto} data-log-channel="email">
            Or write it in your mail app
          </a>
        </div>
      </form>
    </section>
  )
}
