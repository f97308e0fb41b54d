/**
 * The held notifications page (/admin/held-notifications, owners only): each notification and
 * each webhook a restore held, with Send and Discard, and the recent decisions.
 */

import type { ReactNode } from 'react'
import type { HeldDecision, HeldDecisionEntry, HeldJob } from '#server/leads/lead-jobs.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import type { HeldDelivery, HeldDeliveryDecision } from '#server/webhooks/webhook-jobs.ts'
import { formTitle } from '../lead-fields.ts'
import { formatDateTime, formatDay } from '../staff-time.ts'
import { noticeBanner, ownerPage } from './admin-layout.tsx'

export const heldNotificationsPath = '/admin/held-notifications'

/** A Send or Discard button: of one e-mail job (`job`), one webhook delivery (`delivery`), or all of either. */
function decisionButton(
  action: HeldDecision,
  label: string,
  target: { job: string } | { delivery: string } | { all: 'e-mails' | 'webhooks' },
): ReactNode {
  const webhooks = 'delivery' in target || ('all' in target && target.all === 'webhooks')
  const path = `${heldNotificationsPath}${webhooks ? '/webhooks' : ''}/${action}`
  const [name, value] =
    'job' in target
      ? ['job', target.job]
      : 'delivery' in target
        ? ['delivery', target.delivery]
        : ['all', 'yes']
  return (
    <form method="post" action={path} data-submit-once="">
      <input type="hidden" name={name} value={value} />
      <button type="submit" className={action === 'discard' ? 'button-secondary' : undefined}>
        {label}
      </button>
    </form>
  )
}

function heldRow(job: HeldJob): ReactNode {
  const subject = job.leadId ? (
    <a href={`/admin/leads/${job.leadId}`}>{job.reference ?? job.leadId}</a>
  ) : (
    `Morning digest of ${job.digestDay ? formatDay(job.digestDay) : 'a day'}`
  )
  return (
    <tr key={job.jobId}>
      <th scope="row">{subject}</th>
      <td>{job.receivedAt ? formatDateTime(job.receivedAt) : '–'}</td>
      <td>{job.formKey ? formTitle(job.formKey) : 'Morning digest'}</td>
      <td>{job.attempts}</td>
      <td>
        <div className="account-actions">
          {decisionButton('send', 'Send', { job: job.jobId })}{' '}
          {decisionButton('discard', 'Discard', { job: job.jobId })}
        </div>
      </td>
    </tr>
  )
}

function heldWebhookRow(delivery: HeldDelivery): ReactNode {
  return (
    <tr key={delivery.deliveryId}>
      <th scope="row">
        <a href={`/admin/leads/${delivery.leadId}`}>{delivery.reference ?? delivery.leadId}</a>
      </th>
      <td>{delivery.type}</td>
      <td>{formatDateTime(delivery.occurredAt)}</td>
      <td>{delivery.destinationUrl}</td>
      <td>{delivery.attempts}</td>
      <td>
        <div className="account-actions">
          {decisionButton('send', 'Send', { delivery: delivery.deliveryId })}{' '}
          {decisionButton('discard', 'Discard', { delivery: delivery.deliveryId })}
        </div>
      </td>
    </tr>
  )
}

/** A decision as the list shows it: when, who, what became of which notification or webhook. */
interface DecisionLine {
  decidedAt: Date
  text: string
}

function emailDecision(entry: HeldDecisionEntry): DecisionLine {
  const subject = entry.reference ?? `the morning digest of ${entry.digestDay ?? 'a day'}`
  const verb = entry.status === 'discarded' ? 'discarded' : 'sent'
  return { decidedAt: new Date(entry.decidedAt), text: `${entry.decidedBy} ${verb} ${subject}` }
}

function webhookDecision(entry: HeldDeliveryDecision): DecisionLine {
  const verb = entry.status === 'discarded' ? 'discarded' : 'sent'
  const subject = `the webhook ${entry.type} of ${entry.reference ?? 'a lead'} to ${entry.destinationUrl}`
  return { decidedAt: new Date(entry.decidedAt), text: `${entry.decidedBy} ${verb} ${subject}` }
}

function decisionLine(entry: DecisionLine, index: number): ReactNode {
  return (
    <li key={index}>
      <time dateTime={entry.decidedAt.toISOString()}>{formatDateTime(entry.decidedAt)}</time>: {entry.text}
    </li>
  )
}

/** What a restore held, and the latest decisions on it. */
export interface HeldContents {
  held: HeldJob[]
  decisions: HeldDecisionEntry[]
  heldWebhooks: HeldDelivery[]
  webhookDecisions: HeldDeliveryDecision[]
}

function webhooksTable(heldWebhooks: HeldDelivery[]): ReactNode {
  if (heldWebhooks.length === 0) return <p>No webhook is held.</p>
  return (
    <>
      <div className="account-actions">
        {decisionButton('send', `Send all ${heldWebhooks.length}`, { all: 'webhooks' })}{' '}
        {decisionButton('discard', 'Discard all', { all: 'webhooks' })}
      </div>
      <div className="table-scroll">
        <table className="staff-table">
          <caption>Webhooks the restored backup had not sent, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Lead reference</th>
              <th scope="col">Event</th>
              <th scope="col">When</th>
              <th scope="col">Destination</th>
              <th scope="col">Attempts</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>{heldWebhooks.map(heldWebhookRow)}</tbody>
        </table>
      </div>
    </>
  )
}

export function heldPage(
  owner: StaffSession,
  { held, decisions, heldWebhooks, webhookDecisions }: HeldContents,
  notice?: string,
): string {
  const lines = [...decisions.map(emailDecision), ...webhookDecisions.map(webhookDecision)]
    .sort((a, b) => b.decidedAt.getTime() - a.decidedAt.getTime())
    .slice(0, Math.max(decisions.length, webhookDecisions.length))
  const table =
    held.length === 0 ? (
      <p>No notification is held. Notifications are held only after a backup is restored.</p>
    ) : (
      <>
        <div className="account-actions">
          {decisionButton('send', `Send all ${held.length}`, { all: 'e-mails' })}{' '}
          {decisionButton('discard', 'Discard all', { all: 'e-mails' })}
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
            <tbody>{held.map(heldRow)}</tbody>
          </table>
        </div>
      </>
    )
  return ownerPage(
    'held',
    owner,
    'Notifications held after a restore',
    <>
      <h1>Notifications held after a restore</h1>
      {noticeBanner(notice)}
      <p>
        These e-mails to the agency were waiting or being sent when the restored backup was taken. The agency
        most likely received them already, so they are not sent again unless you choose Send. Check the inbox
        or the agency's mailbox first.
      </p>
      {table}
      <h2>Webhooks</h2>
      <p>
        These webhooks to the agency's other systems were waiting or being sent when the restored backup was
        taken. Sent again, each keeps its webhook-id, so a receiver that had it drops the repeat.
      </p>
      {webhooksTable(heldWebhooks)}
      <h2>Recent decisions</h2>
      {lines.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ul className="audit-list">{lines.map(decisionLine)}</ul>
      )}
    </>,
  )
}
