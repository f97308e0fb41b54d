/**
 * The webhooks page (/admin/webhooks, owners only): the destinations with their switches, the form
 * that adds one, the latest deliveries, the SSN and EIN sent; and a new destination's secret, shown
 * once.
 */

import { Fragment, type ReactNode } from 'react'
import { formDefinitions } from '#forms/registry.ts'
import type { WebhookRevealRecord } from '#server/leads/lead-repository.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { html } from '#server/views/html.ts'
import type { WebhookDestination } from '#server/webhooks/destinations.ts'
import type { DeliveryRow } from '#server/webhooks/webhook-jobs.ts'
import { insuranceLineLabels } from '../insurance-lines.ts'
import { formatDateTime } from '../staff-time.ts'
import { errorBanner, noticeBanner, ownerPage } from './admin-layout.ts'

export const webhooksPath = '/admin/webhooks'

/** How many deliveries the page lists, newest first. */
export const deliveriesShown = 50

const statusWords: Record<DeliveryRow['status'], string> = {
  pending: 'Waiting (will retry)',
  sending: 'Sending',
  sent: 'Delivered',
  failed: 'Failed',
  held: 'Held after a restore (an owner decides at Held notifications)',
  discarded: 'Discarded after a restore',
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
  const lines = destination.lines.map(
    (key) => insuranceLineLabels.find((line) => line.key === key)?.label ?? key,
  )
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
    <td>${delivery.lastResponse ?? delivery.lastStatusCode ?? '–'}</td>
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

export interface Typed {
  url?: string
  forms?: string[]
  lines?: string[]
  sensitive?: boolean
}

/** The proof asked before SSN and EIN may go to a new destination (webhook-routes.ts). */
function proofField(twoStepOn: boolean): ReactNode {
  const label = twoStepOn
    ? 'With SSN and EIN: a code from your authenticator app, or a recovery code'
    : 'With SSN and EIN: your password'
  return html`<${Fragment}>
    <label htmlFor="proof">${label}</label>
    <input id="proof" name="proof" type=${twoStepOn ? 'text' : 'password'} autoComplete=${twoStepOn ? 'one-time-code' : 'current-password'} maxLength="1024" />
  <//>`
}

function addForm(typed: Typed, twoStepOn: boolean): ReactNode {
  return html`<form method="post" action=${webhooksPath} className="stack" aria-labelledby="add-heading" data-submit-once="">
    <label htmlFor="url">Address (URL) the leads are POSTed to</label>
    <input id="url" name="url" type="url" required="" maxLength="2000" defaultValue=${typed.url ?? ''} placeholder="https://" />
    <fieldset>
      <legend>Lines of insurance (none ticked and no form ticked: every lead)</legend>
      ${insuranceLineLabels.map((line) => checkbox('line', line.key, line.label, typed.lines?.includes(line.key) ?? false))}
    </fieldset>
    <fieldset>
      <legend>Forms</legend>
      ${formDefinitions.map((form) => checkbox('form', form.key, form.title, typed.forms?.includes(form.key) ?? false))}
    </fieldset>
    ${checkbox('send', 'sensitive', 'Send SSN and EIN too (only to an https:// address; leave unticked unless this system must have them)', typed.sensitive ?? false)}
    ${proofField(twoStepOn)}
    <button type="submit">Add destination</button>
  </form>`
}

function sensitiveRow(sent: WebhookRevealRecord, index: number): ReactNode {
  return html`<tr key=${index}>
    <th scope="row"><a href=${`/admin/leads/${sent.leadId}`}>${sent.reference ?? sent.leadId}</a></th>
    <td><code>${sent.fieldName}</code></td>
    <td><code>${sent.webhookUrl}</code></td>
    <td>${sent.allowedBy}</td>
    <td>${formatDateTime(sent.sentAt)}</td>
  </tr>`
}

export interface WebhooksView {
  destinations: WebhookDestination[]
  deliveries: DeliveryRow[]
  /** SSN and EIN sent by webhooks, newest first. */
  sensitiveSent: WebhookRevealRecord[]
  /** The owner has a second factor: allowing SSN and EIN asks for its code, not the password. */
  twoStepOn: boolean
}

export function webhooksPage(
  owner: StaffSession,
  { destinations, deliveries, sensitiveSent, twoStepOn }: WebhooksView,
  { notice, error, typed = {} }: { notice?: string; error?: string; typed?: Typed } = {},
): string {
  return ownerPage(
    'webhooks',
    owner,
    'Webhooks',
    html`<${Fragment}>
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
      ${addForm(typed, twoStepOn)}
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
      <h2>SSN and EIN sent by webhook</h2>
      ${
        sensitiveSent.length === 0
          ? html`<p className="muted">None.</p>`
          : html`<div className="table-scroll"><table className="staff-table">
              <caption>The latest ${deliveriesShown}, newest first; each lead's page lists its own</caption>
              <thead><tr>
                <th scope="col">Lead</th><th scope="col">Field</th><th scope="col">Address</th>
                <th scope="col">Allowed by</th><th scope="col">Sent</th>
              </tr></thead>
              <tbody>${sensitiveSent.map(sensitiveRow)}</tbody>
            </table></div>`
      }
    <//>`,
  )
}

/** The new destination's secret, once: the page the POST redirects to. */
export function secretPage(owner: StaffSession, url: string, secret: string): string {
  return ownerPage(
    'webhooks',
    owner,
    'Destination added',
    html`<${Fragment}>
      <h1>Destination added</h1>
      ${noticeBanner(`Leads now go to ${url}.`)}
      <p>Its signing secret, shown only now. The other system checks each request's signature with it:</p>
      <p><code className="secret">${secret}</code></p>
      <p><a href=${webhooksPath}>Back to webhooks</a></p>
    <//>`,
  )
}
