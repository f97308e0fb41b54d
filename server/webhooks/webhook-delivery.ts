/**
 * The webhook half of a delivery pass (server/delivery/delivery-worker.ts runs it after the
 * e-mails): make the deliveries of new events, then send each due one, recording the outcome with
 * the e-mail's backoff and number of attempts.
 */
import { randomUUID } from 'node:crypto'
import type { FormDefinition } from '#forms/engine.ts'
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import type { RetryPolicy } from '../jobs/outbox.ts'
import { urlProblem } from '../security/destination-rules.ts'
import { decryptValue, encryptValue } from '../security/sensitive-fields.ts'
import { type AddressCheck, isLoopbackAddress, isOutsideAddress } from './destination-address.ts'
import { destinationForSending, destinationTakes, enabledDestinations } from './destinations.ts'
import { buildWebhookPayload, leadForWebhook, leadFromSnapshot } from './payload.ts'
import { defaultSendSettings, type SendResult, type SendSettings, sendWebhook } from './sender.ts'
import {
  type ClaimedDelivery,
  fanOutEvent,
  holdUndeliveredDeliveries,
  markDeliverySent,
  recordDeliveryFailure,
  waitingEvents,
} from './webhook-jobs.ts'
import { recordWebhookReveals } from './webhook-reveals.ts'

export interface WebhookSettings {
  /** LEAD_ENCRYPTION_KEY: decrypts the signing secrets, and SSN/EIN for destinations allowed them. */
  encryptionKey: Buffer
  /** The site's address: each payload's deskUrl is `<siteUrl>/admin/leads/<id>`. */
  siteUrl: string
  send?: SendSettings
  /**
   * Destinations added on the desk may also reach this machine's loopback addresses. Only tests
   * turn it on, for their receivers on 127.0.0.1; main.ts never does.
   */
  allowLoopback?: boolean
}

/** Events fanned out per pass at most (the next pass takes the rest). */
const fanOutBatch = 100

/** Makes the deliveries of every event waiting, each to the destinations on that take its lead. */
export async function fanOutEvents(
  db: Queryable,
  getForm: (key: string) => FormDefinition | undefined,
): Promise<number> {
  const events = await waitingEvents(db, fanOutBatch)
  if (events.length === 0) return 0
  const destinations = await enabledDestinations(db)
  for (const event of events) {
    const form = getForm(event.formKey)
    const ids = form
      ? destinations
          .filter((d) => d.events.includes(event.type) && destinationTakes(d, form, event.fields))
          .map((d) => d.id)
      : []
    await fanOutEvent(db, event.eventId, ids)
  }
  return events.length
}

/**
 * After a restore (scripts/restore.ts): the events the snapshot had not fanned out become their
 * deliveries, then every delivery not made yet is held until an owner sends or discards it.
 * Returns how many were held.
 */
export async function holdUndeliveredWebhooks(
  db: Queryable,
  getForm: (key: string) => FormDefinition | undefined,
): Promise<number> {
  while ((await fanOutEvents(db, getForm)) > 0);
  return holdUndeliveredDeliveries(db)
}

/** Which addresses a destination's connection may reach. */
function allowedAddresses(fromEnvironment: boolean, settings: WebhookSettings): AddressCheck {
  // The environment's destination was set by whoever runs the server: it may be on this machine.
  if (fromEnvironment) return () => true
  return settings.allowLoopback
    ? (address) => isOutsideAddress(address) || isLoopbackAddress(address)
    : isOutsideAddress
}

/**
 * The body a delivery sends: the one stored at its first attempt, or built now from the event's
 * snapshot of its lead (the lead as it is now only for an event older than snapshots) and stored,
 * encrypted when it carries SSN or EIN. Undefined when the lead or its form is gone.
 */
async function frozenBody(
  db: Queryable,
  delivery: ClaimedDelivery,
  destination: { url: string; sendSensitive: boolean; createdBy: string },
  getForm: (key: string) => FormDefinition | undefined,
  settings: WebhookSettings,
): Promise<string | undefined> {
  if (delivery.body !== null)
    return delivery.bodyEncrypted ? decryptValue(delivery.body, settings.encryptionKey) : delivery.body
  const lead =
    leadFromSnapshot(delivery.leadId, delivery.snapshot) ?? (await leadForWebhook(db, delivery.leadId))
  const form = lead && getForm(lead.formKey)
  if (!lead || !form) return undefined
  // SSN and EIN only over https, even if a row was edited by hand to allow them over http.
  const sensitive = destination.sendSensitive && new URL(destination.url).protocol === 'https:'
  const sensitiveSent = sensitive ? form.sensitiveFields.filter((name) => Boolean(lead.fields[name])) : []
  if (sensitiveSent.length > 0) {
    // Recorded before they leave, like a reveal on the desk: no SSN or EIN sent without its row.
    await recordWebhookReveals(db, {
      leadId: lead.id,
      fieldNames: sensitiveSent,
      deliveryId: delivery.deliveryId,
      webhookUrl: destination.url,
      allowedBy: destination.createdBy,
      at: new Date(),
    })
  }
  const body = JSON.stringify(
    buildWebhookPayload(delivery, lead, form, {
      siteUrl: settings.siteUrl,
      sensitive: sensitive ? { key: settings.encryptionKey } : false,
    }),
  )
  const encrypted = sensitiveSent.length > 0
  await run(
    db,
    build
      .updateTable('webhook_deliveries')
      .set({ body: encrypted ? encryptValue(body, settings.encryptionKey) : body, body_encrypted: encrypted })
      .where('id', '=', delivery.deliveryId)
      .where('body', 'is', null),
  )
  return body
}

/** One attempt of a claimed delivery; throws only when the database fails. */
export async function attemptDelivery(
  db: Queryable,
  delivery: ClaimedDelivery,
  getForm: (key: string) => FormDefinition | undefined,
  settings: WebhookSettings,
): Promise<SendResult> {
  const destination = await destinationForSending(db, delivery.destinationId, settings.encryptionKey)
  if (!destination) return { ok: false, statusCode: null, excerpt: 'the lead or destination is gone' }
  // Checked again at send time, so a row edited by hand cannot send leads elsewhere in clear.
  const onDesk = !destination.fromEnvironment && !settings.allowLoopback
  const problem = urlProblem(destination.url, { sendSensitive: false, onDesk })
  if (problem) return { ok: false, statusCode: null, excerpt: `refused: the URL ${problem}` }
  const body = await frozenBody(db, delivery, destination, getForm, settings)
  if (body === undefined) return { ok: false, statusCode: null, excerpt: 'the lead or destination is gone' }
  return sendWebhook(
    destination,
    { deliveryId: delivery.deliveryId, body },
    allowedAddresses(destination.fromEnvironment, settings),
    settings.send ?? defaultSendSettings,
  )
}

/**
 * A `webhook.test` event sent to one destination now, outside the outbox (nothing is stored, no
 * retry): the answer is the receiver's. Its webhook-id is new each time.
 */
export async function sendTestEvent(
  db: Queryable,
  destinationId: string,
  by: string,
  settings: WebhookSettings,
): Promise<SendResult | undefined> {
  const destination = await destinationForSending(db, destinationId, settings.encryptionKey)
  if (!destination) return undefined
  const onDesk = !destination.fromEnvironment && !settings.allowLoopback
  const problem = urlProblem(destination.url, { sendSensitive: false, onDesk })
  if (problem) return { ok: false, statusCode: null, excerpt: `refused: the URL ${problem}` }
  const messageId = randomUUID()
  const body = JSON.stringify({
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: { destinationId, by, message: 'A test from the lead desk: nothing to import.' },
  })
  return sendWebhook(
    destination,
    { deliveryId: messageId, body },
    allowedAddresses(destination.fromEnvironment, settings),
    settings.send ?? defaultSendSettings,
  )
}

/**
 * Records an attempt's outcome: sent, or failed (again later, or for good on the last attempt,
 * then answered true).
 */
export async function recordOutcome(
  db: Queryable,
  delivery: ClaimedDelivery,
  result: SendResult,
  policy: RetryPolicy,
): Promise<boolean> {
  if (!result.ok) return recordDeliveryFailure(db, delivery, result, policy)
  await markDeliverySent(db, delivery, result)
  return false
}
