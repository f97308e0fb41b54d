/**
 * The JSON body of a webhook (docs/api.md, "Webhooks"): the event's type, time and per-lead
 * sequence, and the lead as a CRM needs it, as it was when the event was written (the event's
 * snapshot, record_lead_event in server/db/functions.sql). The body is built once, at a delivery's
 * first attempt, and stored: every attempt and replay sends the same bytes (decision
 * 046-webhook-sequence-frozen-body-and-rotation). SSN and EIN leave only to a destination allowed
 * to receive them and only over https, decrypted here; otherwise the payload names them as withheld.
 */
import type { FormDefinition } from '#forms/engine.ts'
import { allFields, leadLine } from '#forms/engine.ts'
import { fieldLabels } from '#forms/field-labels.ts'
import { type LeadSource, storedLeadSource } from '#forms/lead-source.ts'
import { visitorName } from '#forms/visitor-name.ts'
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import type { Json } from '../db/schema.ts'
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
  /** The assignee's display name (null without one, or unassigned). */
  assigneeName: string | null
  /** Where the visit began (migration 015); null when nothing is known. */
  source: LeadSource | null
}

/** A JSON object, parsed from either driver's answer (PGlite answers jsonb as text). */
function objectOf(value: Json | null): Record<string, unknown> | undefined {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined
}

const textOr = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise)

/** The lead as an event's snapshot kept it; undefined for an event written before snapshots. */
export function leadFromSnapshot(leadId: string, snapshot: Json | null): WebhookLead | undefined {
  const lead = objectOf(snapshot)
  if (!lead) return undefined
  return {
    id: leadId,
    reference: textOr(lead.reference, ''),
    formKey: textOr(lead.formKey, ''),
    fields: stringRecord((lead.fields ?? {}) as Json),
    language: textOr(lead.language, 'en'),
    receivedAt: new Date(textOr(lead.receivedAt, '')),
    status: textOr(lead.status, 'new'),
    assignedTo: typeof lead.assignedTo === 'string' ? lead.assignedTo : null,
    assigneeName: typeof lead.assignedToName === 'string' ? lead.assignedToName : null,
    source: storedLeadSource((lead.source ?? null) as Json),
  }
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
        's.display_name as assigneeName',
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
  /** 1, 2, 3… per lead: a receiver drops an event older than one it has applied. */
  sequence?: number
  data: Record<string, unknown>
}

/** A detail's entry, null when the event did not record it. */
const entry = (detail: Record<string, string | null>, name: string) => detail[name] ?? null

/** What the change was, as the event recorded it (not as the lead is now), and who made it. */
function changeOf(event: Pick<ClaimedDelivery, 'type' | 'detail'>, lead: WebhookLead) {
  const { detail } = event
  const by = 'by' in detail ? { by: detail.by ?? null } : {}
  switch (event.type) {
    case 'lead.status_changed':
      return {
        status: detail.status ?? lead.status,
        previousStatus: entry(detail, 'previousStatus'),
        ...(detail.status === 'lost' ? { lostReason: entry(detail, 'lostReason') } : {}),
        ...by,
      }
    case 'lead.assigned':
      return { assignedTo: entry(detail, 'assignedTo'), ...by }
    case 'lead.note_added':
      return { note: entry(detail, 'note') ?? '', ...by }
    case 'lead.contact_logged':
      return {
        contact: {
          channel: entry(detail, 'channel'),
          outcome: entry(detail, 'outcome'),
          note: entry(detail, 'note') ?? '',
        },
        ...by,
      }
    case 'lead.follow_up_set':
    case 'lead.follow_up_cleared':
      return {
        followUpAt: entry(detail, 'followUpAt'),
        previousFollowUpAt: entry(detail, 'previousFollowUpAt'),
        ...by,
      }
    case 'lead.marked_spam':
    case 'lead.marked_not_spam':
      return { spam: event.type === 'lead.marked_spam', ...by }
    default:
      return by
  }
}

export function buildWebhookPayload(
  event: Pick<ClaimedDelivery, 'type' | 'detail' | 'occurredAt'> & { sequence?: number },
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
    ...(event.sequence === undefined ? {} : { sequence: event.sequence }),
    data: {
      id: lead.id,
      reference: lead.reference,
      form: { key: form.key, title: form.title },
      line: leadLine(form, form.lineByAnswer ? lead.fields[form.lineByAnswer.field] : null),
      language: lead.language,
      receivedAt: lead.receivedAt.toISOString(),
      status: lead.status,
      assignedTo: lead.assignedTo,
      assigneeName: lead.assigneeName,
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
