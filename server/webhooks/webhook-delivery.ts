/**
 * The webhook half of a delivery pass (server/delivery/delivery-worker.ts runs it after the
 * e-mails): make the deliveries of new events, then send each due one, recording the outcome with
 * the e-mail's backoff and number of attempts.
 */
import type { FormDefinition } from '#forms/engine.ts'
import type { Queryable } from '../db/database.ts'
import type { RetryPolicy } from '../jobs/outbox.ts'
import { urlProblem } from '../security/destination-rules.ts'
import { type AddressCheck, isLoopbackAddress, isOutsideAddress } from './destination-address.ts'
import { destinationForSending, destinationTakes, enabledDestinations } from './destinations.ts'
import { buildWebhookPayload, leadForWebhook } from './payload.ts'
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
      ? destinations.filter((d) => destinationTakes(d, form, event.fields)).map((d) => d.id)
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

/** One attempt of a claimed delivery; throws only when the database fails. */
export async function attemptDelivery(
  db: Queryable,
  delivery: ClaimedDelivery,
  getForm: (key: string) => FormDefinition | undefined,
  settings: WebhookSettings,
): Promise<SendResult> {
  const [destination, lead] = await Promise.all([
    destinationForSending(db, delivery.destinationId, settings.encryptionKey),
    leadForWebhook(db, delivery.leadId),
  ])
  const form = lead && getForm(lead.formKey)
  if (!destination || !lead || !form)
    return { ok: false, statusCode: null, excerpt: 'the lead or destination is gone' }
  // Checked again at send time, so a row edited by hand cannot send leads elsewhere in clear.
  const onDesk = !destination.fromEnvironment && !settings.allowLoopback
  const problem = urlProblem(destination.url, { sendSensitive: false, onDesk })
  if (problem) return { ok: false, statusCode: null, excerpt: `refused: the URL ${problem}` }
  // SSN and EIN only over https, even if a row was edited by hand to allow them over http.
  const sensitive = destination.sendSensitive && new URL(destination.url).protocol === 'https:'
  if (sensitive) {
    // Recorded before they leave, like a reveal on the desk: no SSN or EIN sent without its row.
    await recordWebhookReveals(db, {
      leadId: lead.id,
      fieldNames: form.sensitiveFields.filter((name) => Boolean(lead.fields[name])),
      deliveryId: delivery.deliveryId,
      webhookUrl: destination.url,
      allowedBy: destination.createdBy,
      at: new Date(),
    })
  }
  const payload = buildWebhookPayload(delivery, lead, form, {
    siteUrl: settings.siteUrl,
    sensitive: sensitive ? { key: settings.encryptionKey } : false,
  })
  // The environment's destination was set by whoever runs the server: it may be on this machine.
  const allowed: AddressCheck = destination.fromEnvironment
    ? () => true
    : settings.allowLoopback
      ? (address) => isOutsideAddress(address) || isLoopbackAddress(address)
      : isOutsideAddress
  return sendWebhook(
    destination,
    { deliveryId: delivery.deliveryId, body: JSON.stringify(payload) },
    allowed,
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
