/**
 * The JSON body of a webhook (docs/api.md, "Webhooks"): the event's type and time, and the lead as
 * a CRM needs it, read from the lead when the delivery is sent. SSN and EIN leave only to a
 * destination allowed to receive them and only over https, decrypted here, at send time; otherwise
 * the payload names them as withheld.
 */
import type { FormDefinition } from '#forms/engine.ts'
import { allFields, leadLine } from '#forms/engine.ts'
import { fieldLabels } from '#forms/field-labels.ts'
import { type LeadSource, storedLeadSource } from '#forms/lead-source.ts'
import { visitorName } from '#forms/visitor-name.ts'
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import { decryptValue } from '../security/sensitive-fields.ts'
import { type ClaimedDelivery, stringRecord, type WebhookEventType } from './webhook-jobs.ts'

export interface WebhookLead {
  id: string
  reference: string
  formKey: string
  fields: Record<string, string>
  language: string
  receivedAt: Date
  status: string
  assignedTo: string | null
  /** Where the visit began (migration 015); null when nothing is known. */
  source: LeadSource | null
}

export async function leadForWebhook(db: Queryable, leadId: string): Promise<WebhookLead | undefined> {
  const rows = await run(
    db,
    build
      .selectFrom('leads as l')
      .leftJoin('staff_users as s', 's.id', 'l.assigned_to')
      .select([
        'l.id',
        'l.reference',
        'l.form_key as formKey',
        'l.fields',
        'l.language',
        'l.received_at as receivedAt',
        'l.status',
        's.email as assignedTo',
        'l.source',
      ])
      .where('l.id', '=', leadId),
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    ...row,
    fields: stringRecord(row.fields),
    receivedAt: new Date(row.receivedAt),
    source: storedLeadSource(row.source),
  }
}

export interface WebhookPayload {
  type: WebhookEventType
  timestamp: string
  data: Record<string, unknown>
}

/** What the change was, as the event recorded it (not as the lead is now). */
function changeOf(event: Pick<ClaimedDelivery, 'type' | 'detail'>, lead: WebhookLead) {
  if (event.type === 'lead.status_changed')
    return { status: event.detail.status ?? lead.status, previousStatus: event.detail.previousStatus ?? null }
  if (event.type === 'lead.assigned') return { assignedTo: event.detail.assignedTo ?? null }
  return {}
}

export function buildWebhookPayload(
  event: Pick<ClaimedDelivery, 'type' | 'detail' | 'occurredAt'>,
  lead: WebhookLead,
  form: FormDefinition,
  options: { siteUrl: string; sensitive: false | { key: Buffer } },
): WebhookPayload {
  const sensitive = new Set(form.sensitiveFields)
  const honeypots = new Set(form.honeypotFields)
  const labels = fieldLabels(form)
  const fields: Record<string, string> = {}
  const fieldLabelsSent: Record<string, string> = {}
  const withheld: string[] = []
  for (const field of allFields(form)) {
    const stored = lead.fields[field.name] ?? ''
    if (stored === '' || honeypots.has(field.name)) continue
    if (sensitive.has(field.name) && !options.sensitive) {
      withheld.push(field.name)
      continue
    }
    fields[field.name] =
      sensitive.has(field.name) && options.sensitive ? decryptValue(stored, options.sensitive.key) : stored
    fieldLabelsSent[field.name] = labels.get(field.name) ?? field.label
  }
  const first = (names: readonly string[]) => names.map((name) => lead.fields[name]).find(Boolean) ?? null
  return {
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: {
      id: lead.id,
      reference: lead.reference,
      form: { key: form.key, title: form.title },
      line: leadLine(form, form.lineByAnswer ? lead.fields[form.lineByAnswer.field] : null),
      language: lead.language,
      receivedAt: lead.receivedAt.toISOString(),
      status: lead.status,
      assignedTo: lead.assignedTo,
      ...changeOf(event, lead),
      visitor: {
        name: visitorName(lead.fields, form.visitor.name) || null,
        email: first(form.visitor.email),
        phone: first(form.visitor.phone),
      },
      fields,
      labels: fieldLabelsSent,
      sensitiveWithheld: withheld,
      // Where the visit began (docs/api.md, "Where a lead came from"); null when nothing is known.
      source: lead.source,
      deskUrl: `${options.siteUrl}/admin/leads/${lead.id}`,
    },
  }
}
