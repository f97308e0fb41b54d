/**
 * The reveal records a webhook leaves: SSN and EIN sent to a destination are listed with the
 * desk's own reveals (server/leads/lead-repository.ts writes those). Here, in webhooks/, since
 * the delivery writes them and webhooks/ sits below leads/ (server/README.md, "Layers").
 */
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'

/**
 * SSN and EIN about to leave in a webhook, recorded like a reveal before they are sent: once per
 * delivery and field, however many attempts the delivery takes (migration 018).
 */
export async function recordWebhookReveals(
  db: Queryable,
  sent: {
    leadId: string
    fieldNames: readonly string[]
    deliveryId: string
    webhookUrl: string
    allowedBy: string
    at: Date
  },
): Promise<void> {
  if (sent.fieldNames.length === 0) return
  await run(
    db,
    build
      .insertInto('sensitive_reveals')
      .values(
        sent.fieldNames.map((fieldName) => ({
          staff_email: sent.allowedBy,
          lead_id: sent.leadId,
          field_name: fieldName,
          revealed_at: sent.at,
          webhook_url: sent.webhookUrl,
          webhook_delivery_id: sent.deliveryId,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['webhook_delivery_id', 'field_name'])
          .where('webhook_delivery_id', 'is not', null)
          .doNothing(),
      ),
  )
}
