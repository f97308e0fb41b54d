/**
 * The webhooks page (/admin/webhooks, owners only): the destinations with their switches, an edit
 * form each (address, forms, lines, events, on/off), a test and a secret rotation; the form that adds
 * one; the latest deliveries with Retry and Send again, and a lead's deliveries sent again since a
 * time; the SSN and EIN sent; and a new or rotated secret, shown once.
 */

import type { ReactNode } from 'react'
import { formDefinitions } from '#forms/registry.ts'
import type { WebhookRevealRecord } from '#server/leads/lead-repository.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import type { WebhookDestination } from '#server/webhooks/destinations.ts'
import { type DeliveryRow, type WebhookEventType, webhookEventTypes } from '#server/webhooks/webhook-jobs.ts'
import { insuranceLineLabels } from '../insurance-lines.ts'
import { formatDateTime, localInputValue } from '../staff-time.ts'
import { errorBanner, noticeBanner, ownerPage } from './admin-layout.tsx'

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
  return (
    <form method="post" action={`${webhooksPath}/${action}`} data-submit-once="">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={secondary ? 'button-secondary' : undefined}>
        {label}
      </button>
    </form>
  )
}

/** Each event as the desk names it. */
const eventWords: Record<WebhookEventType, string> = {
  'lead.received': 'A lead received (lead.received)',
  'lead.status_changed': 'Status changed, with the lost reason (lead.status_changed)',
  'lead.assigned': 'Assigned (lead.assigned)',
  'lead.note_added': 'Note added (lead.note_added)',
  'lead.contact_logged': 'Contact attempt that keeps the status (lead.contact_logged)',
  'lead.follow_up_set': 'Follow-up set (lead.follow_up_set)',
  'lead.follow_up_cleared': 'Follow-up cleared (lead.follow_up_cleared)',
  'lead.marked_spam': 'Marked spam (lead.marked_spam)',
  'lead.marked_not_spam': 'Marked not spam (lead.marked_not_spam)',
}

function eventsTaken(destination: WebhookDestination): string {
  return destination.events.length === webhookEventTypes.length
    ? 'every event'
    : destination.events.join(', ') || 'no event'
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

/** Edit a destination set on the desk: its address, forms, lines, events, on or off. */
function editForm(destination: WebhookDestination): ReactNode {
  const prefix = `edit-${destination.id}`
  return (
    <details>
      <summary>Edit</summary>
      <form method="post" action={`${webhooksPath}/edit`} className="stack" data-submit-once="">
        <input type="hidden" name="id" value={destination.id} />
        <label htmlFor={`${prefix}-url`}>Address (URL)</label>
        <input
          id={`${prefix}-url`}
          name="url"
          type="url"
          required
          maxLength={2000}
          defaultValue={destination.url}
        />
        <fieldset>
          <legend>Lines of insurance (none ticked and no form ticked: every lead)</legend>
          {insuranceLineLabels.map((line) =>
            checkbox('line', line.key, line.label, destination.lines.includes(line.key), prefix),
          )}
        </fieldset>
        <fieldset>
          <legend>Forms</legend>
          {formDefinitions.map((form) =>
            checkbox('form', form.key, form.title, destination.formKeys.includes(form.key), prefix),
          )}
        </fieldset>
        {eventBoxes(destination.events, prefix)}
        {checkbox('enabled', 'yes', 'On', destination.enabled, prefix)}
        <button type="submit">Save</button>
      </form>
    </details>
  )
}

function destinationRow(destination: WebhookDestination): ReactNode {
  const id = { id: destination.id }
  const turnOn = !destination.enabled || destination.pausedAt
  const overlap = destination.previousSecretUntil
  return (
    <tr key={destination.id}>
      <th scope="row">
        <code>{destination.url}</code>
        {destination.fromEnvironment && (
          <>
            <br />
            <span className="muted">from WEBHOOK_URL</span>
          </>
        )}
      </th>
      <td>
        {takes(destination)}; {eventsTaken(destination)}
        {overlap && (
          <>
            <br />
            <span className="muted">The previous secret signs too until {formatDateTime(overlap)}</span>
          </>
        )}
      </td>
      <td>{destination.sendSensitive ? 'Yes' : 'No'}</td>
      <td>{stateOf(destination)}</td>
      <td>
        <div className="account-actions">
          {turnOn
            ? postButton('switch', { ...id, on: 'yes' }, 'Turn on')
            : postButton('switch', { ...id, on: 'no' }, 'Turn off', true)}
          {postButton('test', id, 'Send a test', true)}
          {!destination.fromEnvironment && postButton('rotate', id, 'Rotate the secret', true)}
          {!destination.fromEnvironment && postButton('remove', id, 'Remove', true)}
        </div>
        {!destination.fromEnvironment && editForm(destination)}
      </td>
    </tr>
  )
}

function deliveryRow(delivery: DeliveryRow): ReactNode {
  return (
    <tr key={delivery.id}>
      <th scope="row">
        <a href={`/admin/leads/${delivery.leadId}`}>{delivery.reference ?? delivery.leadId}</a>
      </th>
      <td>{delivery.type}</td>
      <td>
        <code>{delivery.destinationUrl}</code>
      </td>
      <td>{formatDateTime(delivery.createdAt)}</td>
      <td>{statusWords[delivery.status]}</td>
      <td>{delivery.attempts}</td>
      <td>{delivery.lastResponse ?? delivery.lastStatusCode ?? '–'}</td>
      <td>
        {delivery.status === 'failed' && postButton('retry', { delivery: delivery.id }, 'Retry')}
        {delivery.status === 'sent' &&
          postButton(
            'replay',
            { delivery: delivery.id, destination: delivery.destinationId },
            'Send again',
            true,
          )}
      </td>
    </tr>
  )
}

/** One name per box (`line-vehicle`, `form-boat-quote`): the desk's form parser keeps one value per name. */
function checkbox(name: string, value: string, label: string, checked: boolean, idPrefix = '') {
  const boxName = `${name}-${value}`
  const id = idPrefix ? `${idPrefix}-${boxName}` : boxName
  return (
    <div key={id} className="check">
      <input type="checkbox" id={id} name={boxName} value="yes" defaultChecked={checked} />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}

/** The events a destination takes, one box each (`event-lead.note_added`). */
function eventBoxes(checked: readonly string[], idPrefix = ''): ReactNode {
  return (
    <fieldset>
      <legend>Events it takes (none ticked: every event)</legend>
      {webhookEventTypes.map((type) =>
        checkbox('event', type, eventWords[type], checked.includes(type), idPrefix),
      )}
    </fieldset>
  )
}

export interface Typed {
  url?: string
  forms?: string[]
  lines?: string[]
  events?: string[]
  sensitive?: boolean
}

/** The proof asked before SSN and EIN may go to a new destination (webhook-routes.ts). */
function proofField(twoStepOn: boolean): ReactNode {
  const label = twoStepOn
    ? 'With SSN and EIN: a code from your authenticator app, or a recovery code'
    : 'With SSN and EIN: your password'
  return (
    <>
      <label htmlFor="proof">{label}</label>
      <input
        id="proof"
        name="proof"
        type={twoStepOn ? 'text' : 'password'}
        autoComplete={twoStepOn ? 'one-time-code' : 'current-password'}
        maxLength={1024}
      />
    </>
  )
}

function addForm(typed: Typed, twoStepOn: boolean): ReactNode {
  return (
    <form
      method="post"
      action={webhooksPath}
      className="stack"
      aria-labelledby="add-heading"
      data-submit-once=""
    >
      <label htmlFor="url">Address (URL) the leads are POSTed to</label>
      <input
        id="url"
        name="url"
        type="url"
        required
        maxLength={2000}
        defaultValue={typed.url ?? ''}
        placeholder="https://"
      />
      <fieldset>
        <legend>Lines of insurance (none ticked and no form ticked: every lead)</legend>
        {insuranceLineLabels.map((line) =>
          checkbox('line', line.key, line.label, typed.lines?.includes(line.key) ?? false),
        )}
      </fieldset>
      <fieldset>
        <legend>Forms</legend>
        {formDefinitions.map((form) =>
          checkbox('form', form.key, form.title, typed.forms?.includes(form.key) ?? false),
        )}
      </fieldset>
      {eventBoxes(typed.events ?? webhookEventTypes)}
      {checkbox(
        'send',
        'sensitive',
        'Send SSN and EIN too (only to an https:// address; leave unticked unless this system must have them)',
        typed.sensitive ?? false,
      )}
      {proofField(twoStepOn)}
      <button type="submit">Add destination</button>
    </form>
  )
}

function sensitiveRow(sent: WebhookRevealRecord, index: number): ReactNode {
  return (
    <tr key={index}>
      <th scope="row">
        <a href={`/admin/leads/${sent.leadId}`}>{sent.reference ?? sent.leadId}</a>
      </th>
      <td>
        <code>{sent.fieldName}</code>
      </td>
      <td>
        <code>{sent.webhookUrl}</code>
      </td>
      <td>{sent.allowedBy}</td>
      <td>{formatDateTime(sent.sentAt)}</td>
    </tr>
  )
}

/** A lead's deliveries to one destination sent again, those of events since a time. */
function replayForm(destinations: WebhookDestination[], now: Date): ReactNode {
  return (
    <form
      method="post"
      action={`${webhooksPath}/replay-lead`}
      className="stack"
      aria-labelledby="replay-heading"
      data-submit-once=""
    >
      <h3 id="replay-heading">Send a lead's deliveries again</h3>
      <p className="muted">
        Each goes again with the same body and webhook-id: a system that has it ignores the repeat.
      </p>
      <label htmlFor="replay-destination">Destination</label>
      <select id="replay-destination" name="destination">
        {destinations.map((destination) => (
          <option key={destination.id} value={destination.id}>
            {destination.url}
          </option>
        ))}
      </select>
      <label htmlFor="replay-lead">Lead reference (K7M-Q9X)</label>
      <input id="replay-lead" name="lead" required maxLength={100} />
      <label htmlFor="replay-since">Events since</label>
      <input
        id="replay-since"
        name="since"
        type="datetime-local"
        required
        defaultValue={localInputValue(new Date(now.getTime() - 86_400_000))}
      />
      <button type="submit">Send again</button>
    </form>
  )
}

export interface WebhooksView {
  destinations: WebhookDestination[]
  deliveries: DeliveryRow[]
  /** SSN and EIN sent by webhooks, newest first. */
  sensitiveSent: WebhookRevealRecord[]
  /** The owner has a second factor: allowing SSN and EIN asks for its code, not the password. */
  twoStepOn: boolean
  now: Date
}

export function webhooksPage(
  owner: StaffSession,
  { destinations, deliveries, sensitiveSent, twoStepOn, now }: WebhooksView,
  { notice, error, typed = {} }: { notice?: string; error?: string; typed?: Typed } = {},
): string {
  return ownerPage(
    'webhooks',
    owner,
    'Webhooks',
    <>
      <h1>Webhooks</h1>
      {noticeBanner(notice)} {errorBanner(error)}
      <p>
        Each lead that is not spam, and the events of it each destination chose (a status, an assignee, a
        note, a contact attempt, a follow-up, spam or not), is sent within seconds to these addresses as
        signed JSON (the Standard Webhooks format), numbered per lead, and retried with the same body until
        the other system accepts it. A destination failing for a whole day is paused and named in the morning
        digest.
      </p>
      {destinations.length === 0 ? (
        <p>No destination yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <caption>Destinations</caption>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Takes</th>
                <th scope="col">SSN and EIN</th>
                <th scope="col">State</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>{destinations.map(destinationRow)}</tbody>
          </table>
        </div>
      )}
      <h2 id="add-heading">Add a destination</h2>
      <p>The desk makes its signing secret and shows it once: put it in the other system at once.</p>
      {addForm(typed, twoStepOn)}
      <h2>Latest deliveries</h2>
      {deliveries.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <caption>The latest {deliveriesShown} deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Lead</th>
                <th scope="col">Event</th>
                <th scope="col">Address</th>
                <th scope="col">Made</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Retry</th>
              </tr>
            </thead>
            <tbody>{deliveries.map(deliveryRow)}</tbody>
          </table>
        </div>
      )}
      {destinations.length > 0 && replayForm(destinations, now)}
      <h2>SSN and EIN sent by webhook</h2>
      {sensitiveSent.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <caption>The latest {deliveriesShown}, newest first; each lead's page lists its own</caption>
            <thead>
              <tr>
                <th scope="col">Lead</th>
                <th scope="col">Field</th>
                <th scope="col">Address</th>
                <th scope="col">Allowed by</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>{sensitiveSent.map(sensitiveRow)}</tbody>
          </table>
        </div>
      )}
    </>,
  )
}

/** The new destination's secret, once: the page the POST redirects to. */
export function secretPage(
  owner: StaffSession,
  url: string,
  secret: string,
  rotated?: { previousUntil: Date },
): string {
  const title = rotated ? 'Secret rotated' : 'Destination added'
  const notice = rotated
    ? `New secret for ${url}. Until ${formatDateTime(rotated.previousUntil)} each request carries both signatures, the old secret's and this one's: change the other system before then.`
    : `Leads now go to ${url}.`
  return ownerPage(
    'webhooks',
    owner,
    title,
    <>
      <h1>{title}</h1>
      {noticeBanner(notice)}
      <p>Its signing secret, shown only now. The other system checks each request's signature with it:</p>
      <p>
        <code className="secret">{secret}</code>
      </p>
      <p>
        <a href={webhooksPath}>Back to webhooks</a>
      </p>
    </>,
  )
}
