/**
 * Webhooks (/admin/webhooks), for owners only: the destinations every lead is POSTed to (a CRM, an
 * agency management system), each with the forms or lines it takes, on/off, and whether it may
 * receive SSN and EIN (https only); the latest deliveries with their outcome and Retry. A new
 * destination's signing secret is made here and shown once, in the answer to the POST, never in a
 * URL or a later page; it is stored encrypted (docs/api.md, "Webhooks").
 *
 * Every change is a POST from a page of this site (the Origin check in admin-routes.ts) by a
 * signed-in owner whose role is read with the session on each request, and each one is logged.
 */
import type { FastifyInstance } from 'fastify'
import { html } from 'htm/react'
import { Fragment, type ReactNode } from 'react'
import { insuranceLines as lineKeys } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import {
  addDestination,
  generateWebhookSecret,
  listDestinations,
  removeDestination,
  setDestinationEnabled,
  urlProblem,
  type WebhookDestination,
} from '#server/webhooks/destinations.ts'
import { type DeliveryRow, recentDeliveries, retryDelivery } from '#server/webhooks/webhook-jobs.ts'
import { insuranceLines } from '../insurance-lines.ts'
import { formatDateTime } from '../staff-time.ts'
import { errorBanner, noticeBanner, sendPage, staffPage } from '../views/admin-layout.ts'
import { requireOwner } from './owner-only.ts'

export interface WebhookRoutesOptions {
  db: Database
  encryptionKey: Buffer
}

const webhooksPath = '/admin/webhooks'

const deliveriesShown = 50

const notices: Record<string, string> = {
  on: 'Turned on: its waiting deliveries go out now.',
  off: 'Turned off: it gets no new deliveries.',
  removed: 'Removed, with its deliveries.',
  retried: 'Retrying now.',
  none: 'Nothing changed.',
}

const statusWords: Record<DeliveryRow['status'], string> = {
  pending: 'Waiting (will retry)',
  sending: 'Sending',
  sent: 'Delivered',
  failed: 'Failed',
}

function postButton(action: string, fields: Record<string, string>, label: string, secondary = false) {
  return html`<form method="post" action=${`${webhooksPath}/${action}`} data-submit-once="">
    ${Object.entries(fields).map(([name, value]) => html`<input key=${name} type="hidden" name=${name} value=${value} />`)}
    <button type="submit" className=${secondary ? 'button-secondary' : undefined}>${label}</button>
  </form>`
}

function takes(destination: WebhookDestination): string {
  const forms = destination.formKeys.map(
    (key) => formDefinitions.find((form) => form.key === key)?.title ?? key,
  )
  const lines = destination.lines.map((key) => insuranceLines.find((line) => line.key === key)?.label ?? key)
  const all = [...forms, ...lines]
  return all.length === 0 ? 'Every lead' : all.join(', ')
}

function stateOf(destination: WebhookDestination): string {
  if (!destination.enabled) return 'Off'
  if (destination.pausedAt) return `Paused ${formatDateTime(destination.pausedAt)}: failing for a day`
  return destination.failingSince ? `On, failing since ${formatDateTime(destination.failingSince)}` : 'On'
}

function destinationRow(destination: WebhookDestination): ReactNode {
  const id = { id: destination.id }
  const turnOn = !destination.enabled || destination.pausedAt
  return html`<tr key=${destination.id}>
    <th scope="row"><code>${destination.url}</code>${destination.fromEnvironment && html`<br /><span className="muted">from WEBHOOK_URL</span>`}</th>
    <td>${takes(destination)}</td>
    <td>${destination.sendSensitive ? 'Yes' : 'No'}</td>
    <td>${stateOf(destination)}</td>
    <td>
      <div className="account-actions">
        ${turnOn ? postButton('switch', { ...id, on: 'yes' }, 'Turn on') : postButton('switch', { ...id, on: 'no' }, 'Turn off', true)}
        ${!destination.fromEnvironment && postButton('remove', id, 'Remove', true)}
      </div>
    </td>
  </tr>`
}

function deliveryRow(delivery: DeliveryRow): ReactNode {
  return html`<tr key=${delivery.id}>
    <th scope="row"><a href=${`/admin/leads/${delivery.leadId}`}>${delivery.reference ?? delivery.leadId}</a></th>
    <td>${delivery.type}</td>
    <td><code>${delivery.destinationUrl}</code></td>
    <td>${formatDateTime(delivery.createdAt)}</td>
    <td>${statusWords[delivery.status]}</td>
    <td>${delivery.attempts}</td>
    <td>${delivery.lastStatusCode ?? '–'} ${delivery.lastResponse && html`<span className="muted">${delivery.lastResponse}</span>`}</td>
    <td>${delivery.status === 'failed' && postButton('retry', { delivery: delivery.id }, 'Retry')}</td>
  </tr>`
}

/** One name per box (`line-vehicle`, `form-boat-quote`): the desk's form parser keeps one value per name. */
function checkbox(name: string, value: string, label: string, checked: boolean) {
  const id = `${name}-${value}`
  return html`<div key=${id} className="check">
    <input type="checkbox" id=${id} name=${id} value="yes" defaultChecked=${checked} />
    <label htmlFor=${id}>${label}</label>
  </div>`
}

interface Typed {
  url?: string
  forms?: string[]
  lines?: string[]
  sensitive?: boolean
}

function addForm(typed: Typed): ReactNode {
  return html`<form method="post" action=${webhooksPath} className="stack" aria-labelledby="add-heading" data-submit-once="">
    <label htmlFor="url">Address (URL) the leads are POSTed to</label>
    <input id="url" name="url" type="url" required="" maxLength="2000" defaultValue=${typed.url ?? ''} placeholder="https://" />
    <fieldset>
      <legend>Lines of insurance (none ticked and no form ticked: every lead)</legend>
      ${insuranceLines.map((line) => checkbox('line', line.key, line.label, typed.lines?.includes(line.key) ?? false))}
    </fieldset>
    <fieldset>
      <legend>Forms</legend>
      ${formDefinitions.map((form) => checkbox('form', form.key, form.title, typed.forms?.includes(form.key) ?? false))}
    </fieldset>
    ${checkbox('send', 'sensitive', 'Send SSN and EIN too (only to an https:// address; leave unticked unless this system must have them)', typed.sensitive ?? false)}
    <button type="submit">Add destination</button>
  </form>`
}

async function listPage(
  db: Database,
  owner: StaffSession,
  { notice, error, typed = {} }: { notice?: string; error?: string; typed?: Typed } = {},
): Promise<string> {
  const [destinations, deliveries] = await Promise.all([
    listDestinations(db),
    recentDeliveries(db, deliveriesShown),
  ])
  return staffPage({
    title: 'Webhooks',
    staffEmail: owner.email,
    owner: true,
    current: 'webhooks',
    body: html`<${Fragment}>
      <h1>Webhooks</h1>
      ${noticeBanner(notice)} ${errorBanner(error)}
      <p>
        Each lead that is not spam, and each change of its status or assignee, is sent within seconds
        to these addresses as signed JSON (the Standard Webhooks format), retried until the other
        system accepts it. A destination failing for a whole day is paused and named in the morning
        digest.
      </p>
      ${
        destinations.length === 0
          ? html`<p>No destination yet.</p>`
          : html`<div className="table-scroll"><table className="staff-table">
              <caption>Destinations</caption>
              <thead><tr>
                <th scope="col">Address</th><th scope="col">Takes</th><th scope="col">SSN and EIN</th>
                <th scope="col">State</th><th scope="col">Change</th>
              </tr></thead>
              <tbody>${destinations.map(destinationRow)}</tbody>
            </table></div>`
      }
      <h2 id="add-heading">Add a destination</h2>
      <p>The desk makes its signing secret and shows it once: put it in the other system at once.</p>
      ${addForm(typed)}
      <h2>Latest deliveries</h2>
      ${
        deliveries.length === 0
          ? html`<p className="muted">None yet.</p>`
          : html`<div className="table-scroll"><table className="staff-table">
              <caption>The latest ${deliveriesShown} deliveries, newest first</caption>
              <thead><tr>
                <th scope="col">Lead</th><th scope="col">Event</th><th scope="col">Address</th>
                <th scope="col">Made</th><th scope="col">Status</th><th scope="col">Attempts</th>
                <th scope="col">Last answer</th><th scope="col">Retry</th>
              </tr></thead>
              <tbody>${deliveries.map(deliveryRow)}</tbody>
            </table></div>`
      }
    <//>`,
  })
}

/** The new destination's secret, once: the answer to the POST. */
function secretPage(owner: StaffSession, url: string, secret: string): string {
  return staffPage({
    title: 'Destination added',
    staffEmail: owner.email,
    owner: true,
    current: 'webhooks',
    body: html`<${Fragment}>
      <h1>Destination added</h1>
      ${noticeBanner(`Leads now go to ${url}.`)}
      <p>Its signing secret, shown only now. The other system checks each request's signature with it:</p>
      <p><code className="secret">${secret}</code></p>
      <p><a href=${webhooksPath}>Back to webhooks</a></p>
    <//>`,
  })
}

function ticked(body: Record<string, string>, name: string, allowed: readonly string[]): string[] {
  return allowed.filter((value) => body[`${name}-${value}`] === 'yes')
}

interface ChangeRequest {
  Body: Record<string, string>
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookRoutesOptions): Promise<void> {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('manages webhooks') }

  app.get(webhooksPath, ownerOnly, async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined
    const key = typeof query?.notice === 'string' ? query.notice : ''
    const notice = Object.hasOwn(notices, key) ? notices[key] : undefined
    return sendPage(reply, await listPage(db, request.staff as StaffSession, { notice }))
  })

  app.post<ChangeRequest>(webhooksPath, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const body = request.body ?? {}
    const url = String(body.url ?? '').trim()
    const typed: Typed = {
      url,
      forms: ticked(
        body,
        'form',
        formDefinitions.map((form) => form.key),
      ),
      lines: ticked(body, 'line', lineKeys),
      sensitive: body['send-sensitive'] === 'yes',
    }
    const problem = urlProblem(url, { sendSensitive: typed.sensitive ?? false })
    if (problem) {
      return sendPage(reply, await listPage(db, owner, { error: `The address ${problem}.`, typed }), 400)
    }
    const secret = generateWebhookSecret()
    const id = await addDestination(
      db,
      {
        url,
        secret,
        formKeys: typed.forms ?? [],
        lines: typed.lines ?? [],
        sendSensitive: typed.sensitive ?? false,
        createdBy: owner.email,
      },
      options.encryptionKey,
    )
    request.log.info({ staff: owner.userId, action: 'webhook-add', destination: id }, 'admin: webhook added')
    return sendPage(reply, secretPage(owner, url, secret))
  })

  app.post<ChangeRequest & { Params: { action: string } }>(
    `${webhooksPath}/:action`,
    ownerOnly,
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const body = request.body ?? {}
      const action = request.params.action
      let notice = 'none'
      if (action === 'switch') {
        const on = body.on === 'yes'
        if (await setDestinationEnabled(db, String(body.id ?? ''), on)) notice = on ? 'on' : 'off'
      } else if (action === 'remove') {
        if (await removeDestination(db, String(body.id ?? ''))) notice = 'removed'
      } else if (action === 'retry') {
        if (await retryDelivery(db, String(body.delivery ?? ''))) notice = 'retried'
      } else {
        return reply.code(404).send('No such action.')
      }
      request.log.info({ staff: owner.userId, action: `webhook-${action}`, notice }, 'admin: webhook changed')
      return reply.redirect(`${webhooksPath}?notice=${notice}`, 303)
    },
  )
}
