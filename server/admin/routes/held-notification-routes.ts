/**
 * Notifications held after a restore (/admin/held-notifications), for owners only. A restored
 * snapshot's undelivered notifications were most likely received by the agency before it was
 * restored, so `npm run restore` holds them (holdUndeliveredJobs in server/leads/lead-jobs.ts) and
 * nothing is mailed until an owner decides here: Send (mailed once by the delivery worker) or
 * Discard, one at a time or all at once.
 *
 * Each decision is a POST from a page of this site (the Origin check in admin-routes.ts) by a
 * signed-in owner whose role is read with the session on each request; who decided and when are
 * kept on the job and listed here, and each decision is logged.
 */
import type { FastifyInstance } from 'fastify'
import { html } from 'htm/react'
import { Fragment, type ReactNode } from 'react'
import type { Database } from '#server/db/database.ts'
import {
  decideHeldJobs,
  type HeldDecision,
  type HeldDecisionEntry,
  type HeldJob,
  listHeldJobs,
  recentHeldDecisions,
} from '#server/leads/lead-jobs.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { formTitle } from '../lead-fields.ts'
import { formatDateTime, formatDay } from '../staff-time.ts'
import { noticeBanner, sendPage, staffPage } from '../views/admin-layout.ts'
import { requireOwner } from './owner-only.ts'

export interface HeldNotificationRoutesOptions {
  db: Database
}

const heldNotificationsPath = '/admin/held-notifications'

/** How many held jobs one page lists (Send all and Discard all act on every one, listed or not). */
const heldShown = 200
const decisionsShown = 20

const notices: Record<string, string> = {
  sent: 'Sent: the notification goes to the agency now.',
  'sent-all': 'Sent: every held notification goes to the agency now.',
  discarded: 'Discarded: that notification will not be sent.',
  'discarded-all': 'Discarded: no held notification will be sent.',
  none: 'Nothing changed: it was already decided.',
}

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

function heldPage(
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
  return staffPage({
    title: 'Notifications held after a restore',
    staffEmail: owner.email,
    owner: true,
    current: 'held',
    body: html`<${Fragment}>
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
  })
}

const decisionBody = {
  type: 'object',
  properties: {
    job: { type: 'string', maxLength: 40 },
    all: { type: 'string', maxLength: 5 },
  },
} as const

interface DecisionRequest {
  Body: { job?: string; all?: string }
  Params: { action: string }
}

export async function heldNotificationRoutes(
  app: FastifyInstance,
  options: HeldNotificationRoutesOptions,
): Promise<void> {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('decides on held notifications') }

  app.get(heldNotificationsPath, ownerOnly, async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined
    const key = typeof query?.notice === 'string' ? query.notice : ''
    const [held, decisions] = await Promise.all([
      listHeldJobs(db, heldShown),
      recentHeldDecisions(db, decisionsShown),
    ])
    const notice = Object.hasOwn(notices, key) ? notices[key] : undefined
    return sendPage(reply, heldPage(request.staff as StaffSession, held, decisions, notice))
  })

  app.post<DecisionRequest>(
    `${heldNotificationsPath}/:action`,
    { ...ownerOnly, schema: { body: decisionBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const action = request.params.action
      const all = request.body?.all === 'yes'
      const job = request.body?.job
      if ((action !== 'send' && action !== 'discard') || (!all && !job)) {
        return reply.code(400).send('Choose Send or Discard for a held notification.')
      }
      const decided = await decideHeldJobs(db, {
        action,
        by: owner.email,
        ...(all ? {} : { jobIds: [job as string] }),
      })
      request.log.info(
        { staff: owner.userId, action: `held-${action}`, jobs: decided.length, all },
        action === 'send' ? 'admin: held notifications sent' : 'admin: held notifications discarded',
      )
      const notice =
        decided.length === 0 ? 'none' : `${action === 'send' ? 'sent' : 'discarded'}${all ? '-all' : ''}`
      return reply.redirect(`${heldNotificationsPath}?notice=${notice}`, 303)
    },
  )
}
