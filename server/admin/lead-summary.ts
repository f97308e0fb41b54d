/**
 * A lead as the staff API sends it (docs/api.md, "Staff": a summary), and the zod schemas of the
 * answers that carry it. The schemas are the routes' response schemas: the API's serializer writes
 * the answer by them (routes/api-routes.ts) and the OpenAPI document shows them, so a summary field
 * missing from the schema would be missing from the answer too, not only from the document; and
 * the type check holds `leadSummary` to the schema.
 */

import { z } from 'zod'
import type { Locale } from '#content/locale.ts'
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
  }
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
}

/** A summary: what lists, and what a change answers with. */
const leadSummarySchema = z.object(summaryFields)

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
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .describe('A page of leads, newest first unless sorted otherwise.')

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

/** GET /api/admin/leads, 400: which filters make no sense, and why. */
export const filterErrorSchema = z
  .object({
    error: z.string(),
    // Optional: the server's own 400s (a body it cannot read) say only why.
    fields: z.record(z.string(), z.string()).optional(),
  })
  .describe('A filter that makes no sense: `fields` gives each one’s message.')
