/**
 * A lead as the staff API sends it (docs/api.md, "Staff": a summary), and the zod schemas of the
 * answers that carry it. The schemas are the routes' response schemas: the API's serializer writes
 * the answer by them (routes/api-routes.ts) and the OpenAPI document shows them, so a summary field
 * missing from the schema would be missing from the answer too, not only from the document; and
 * the type check holds `leadSummary` to the schema.
 */

import { z } from 'zod'
import type { Locale } from '#content/locale.ts'
import { allFields, type InsuranceLine, insuranceLines, leadLine } from '#forms/engine.ts'
import { getFormDefinition } from '#forms/registry.ts'
import type { DeliveryJobStatus } from '../leads/lead-jobs.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { leadStatuses, lostReasons } from '../leads/lead-repository.ts'
import { staffLabel } from '../staff/staff-accounts.ts'
import { leadDisplayName } from './lead-fields.ts'

export function leadSummary(lead: InboxLead) {
  return {
    id: lead.id,
    reference: lead.reference,
    formKey: lead.formKey,
    receivedAt: new Date(lead.receivedAt).toISOString(),
    language: lead.language,
    status: lead.status,
    spam: lead.isSpam,
    spamReasons: lead.spamReasons,
    name: leadDisplayName(lead.fields),
    email: lead.fields.email ?? null,
    phone: lead.fields.phone || lead.fields.contactPhone || null,
    delivery: lead.deliveryStatus,
    assignedTo: lead.assigneeEmail,
    // What the desk's pages show for the assignee, so a tool can print the same name.
    assigneeName: lead.assigneeEmail
      ? staffLabel({ email: lead.assigneeEmail, displayName: lead.assigneeName })
      : null,
    firstContactAt: lead.firstContactAt ? new Date(lead.firstContactAt).toISOString() : null,
    followUpAt: lead.followUpAt ? new Date(lead.followUpAt).toISOString() : null,
    lostReason: lead.lostReason,
    updatedAt: lead.updatedAt,
    line: leadLineOf(lead.formKey, lead.fields),
    source: lead.source ?? null,
    fields: mappableFields(lead.formKey, lead.fields),
  }
}

/** The lead's line of insurance (the general quote request's is the line the visitor chose). */
function leadLineOf(formKey: string, fields: Record<string, string>): InsuranceLine | null {
  const form = getFormDefinition(formKey)
  if (!form) return null
  return leadLine(form, form.lineByAnswer ? (fields[form.lineByAnswer.field] ?? null) : null)
}

/**
 * The answers a CRM maps, keyed by the form's field names, in the form's order: every field given
 * but the honeypot and SSN/EIN (never in a summary; a reveal gives one, recorded), as the webhook's
 * `fields` carries them.
 */
function mappableFields(formKey: string, stored: Record<string, string>): Record<string, string> {
  const form = getFormDefinition(formKey)
  if (!form) return {}
  const hidden = new Set([...form.sensitiveFields, ...form.honeypotFields])
  const fields: Record<string, string> = {}
  for (const field of allFields(form)) {
    const value = stored[field.name] ?? ''
    if (value !== '' && !hidden.has(field.name)) fields[field.name] = value
  }
  return fields
}

// Records, so that a status or language added to its type and not here fails the type check.
const deliveryStatuses: Record<DeliveryJobStatus, true> = {
  pending: true,
  sending: true,
  sent: true,
  failed: true,
  held: true,
  discarded: true,
}
const languages: Record<Locale, true> = { en: true, es: true }

const keysOf = <Key extends string>(record: Record<Key, true>) => Object.keys(record) as Key[]

// Formats for the document only: the answers are the server's own values, checked by the type
// check, so the serializer need not test each one (an answer it refuses is a 500).
const instant = z.string().meta({ format: 'date-time' })
const nullableInstant = z.string().nullable().meta({ format: 'date-time' })

const summaryFields = {
  id: z.string().meta({ format: 'uuid' }),
  reference: z.string().describe('What the visitor was given, e.g. K7M-Q9X.'),
  formKey: z.string(),
  receivedAt: instant,
  language: z.enum(keysOf(languages)),
  status: z.enum(leadStatuses),
  spam: z.boolean(),
  spamReasons: z.array(z.string()),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  delivery: z
    .enum(keysOf(deliveryStatuses))
    .nullable()
    .describe('The newest e-mail job’s status; null for spam.'),
  assignedTo: z.string().nullable().describe('The assignee’s e-mail; null when unassigned.'),
  assigneeName: z
    .string()
    .nullable()
    .describe(
      'The assignee as the desk shows them: their display name, or their e-mail when they have none; null when unassigned.',
    ),
  firstContactAt: nullableInstant,
  followUpAt: nullableInstant.describe('The next follow-up; null when none is set.'),
  lostReason: z.enum(lostReasons).nullable(),
  updatedAt: z
    .string()
    .meta({ format: 'date-time' })
    .describe(
      'When the lead last changed (a status, spam, assignee, follow-up, contact or note), UTC to the microsecond: pass it as `updatedSince`.',
    ),
  line: z.enum(insuranceLines).nullable().describe('The line of insurance; null for a form of no line.'),
  source: z
    .object({
      landing: z.string().optional(),
      referrer: z.string().optional(),
      utmSource: z.string().optional(),
      utmMedium: z.string().optional(),
      utmCampaign: z.string().optional(),
      utmTerm: z.string().optional(),
      utmContent: z.string().optional(),
      clickId: z.string().optional(),
      apiToken: z.string().optional().describe('The API token that posted the lead.'),
    })
    .nullable()
    .describe(
      'Where the lead came from (docs/api.md, “Where a lead came from”); null when nothing is known.',
    ),
  fields: z
    .record(z.string(), z.string())
    .describe(
      'The answers given, by the form’s field names, in its order; SSN and EIN never (a reveal gives one).',
    ),
}

/** A summary: what lists, and what a change answers with. */
const leadSummarySchema = z.object(summaryFields)

/** A change's answer: the lead as it is now. */
export const leadAnswerSchema = z.object({ lead: leadSummarySchema }).describe('The lead, changed.')

/**
 * Records whose fields docs/api.md lists; sent as they are. Any object: the repositories' record
 * interfaces, which a loose zod object would not accept (they have no index signature).
 */
const records = (description: string) =>
  z.array(z.custom<object>().meta({ type: 'object', additionalProperties: true })).describe(description)

/** GET /api/admin/leads, 200. */
export const leadListSchema = z
  .object({
    leads: z.array(leadSummarySchema),
    total: z
      .number()
      .int()
      .describe('The leads matching; for a sync, those from its position on, this page included.'),
    page: z.number().int().describe('The page; 1 for a sync.'),
    pageSize: z.number().int(),
    hasMore: z.boolean().describe('More leads after this page.'),
    nextCursor: z
      .string()
      .nullable()
      .describe(
        'A sync’s position after this page: pass it as `cursor` for the next page, and keep it for the next sync; null outside a sync.',
      ),
  })
  .describe(
    'A page of leads: newest first unless sorted otherwise, or, for a sync, in the order they changed.',
  )

/** GET /api/admin/leads/:id, 200. */
export const leadDetailSchema = z
  .object({
    lead: z.object({
      ...summaryFields,
      sections: z.array(
        z.object({
          legend: z.string(),
          fields: z.array(
            z.object({
              name: z.string(),
              label: z.string(),
              value: z.string().describe('Sensitive values masked.'),
              sensitive: z.boolean(),
            }),
          ),
        }),
      ),
      otherFields: z
        .record(z.string(), z.string())
        .describe('Stored fields the lead’s form does not show, by name.'),
    }),
    deliveryJobs: records('The lead’s e-mail jobs, oldest first.'),
    reveals: records('Each reveal of a sensitive value: who, which field, when.'),
    workLog: records('Contacts, notes and changes, newest first.'),
  })
  .describe('One lead: its summary, its fields under their labels, its e-mail jobs, reveals and work log.')

/** An answer refused with a reason, as every route here gives it. */
export const errorSchema = z
  .object({ error: z.string() })
  .describe('Refused: `error` says why (for one lead: there is no such lead).')

/** A 400: which parameters or properties were not understood, and why. */
export const problemSchema = z
  .object({
    error: z.string(),
    // Optional: a refusal of the route itself (an unknown assignee, a lost lead's missing reason)
    // and the server's own 400s (a body it cannot read) say only why.
    fields: z.record(z.string(), z.string()).optional(),
  })
  .describe('Refused: `fields` names each parameter or property not understood, with why.')
