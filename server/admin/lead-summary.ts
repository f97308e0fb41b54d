/**
 * A lead as the staff API sends it (docs/api.md, "Staff": a summary), and the JSON schemas of the
 * answers that carry it. The schemas are the routes' response schemas: Fastify serializes the
 * answer by them and @fastify/swagger puts them in the OpenAPI document, so a summary field missing
 * from the schema would be missing from the answer too, not only from the document.
 */
import type { DeliveryJobStatus } from '../leads/lead-jobs.ts'
import type { InboxLead } from '../leads/lead-queries.ts'
import { type LeadLanguage, leadStatuses, lostReasons } from '../leads/lead-repository.ts'
import { staffLabel } from '../staff/staff-accounts.ts'
import { leadDisplayName } from './lead-view.ts'

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
const languages: Record<LeadLanguage, true> = { en: true, es: true }

const nullableString = { type: ['string', 'null'] } as const
const instant = { type: 'string', format: 'date-time' } as const
const nullableInstant = { type: ['string', 'null'], format: 'date-time' } as const

const summaryProperties = {
  id: { type: 'string', format: 'uuid' },
  reference: { type: 'string', description: 'What the visitor was given, e.g. K7M-Q9X.' },
  formKey: { type: 'string' },
  receivedAt: instant,
  language: { type: 'string', enum: Object.keys(languages) },
  status: { type: 'string', enum: leadStatuses },
  spam: { type: 'boolean' },
  spamReasons: { type: 'array', items: { type: 'string' } },
  name: { type: 'string' },
  email: nullableString,
  phone: nullableString,
  delivery: {
    type: ['string', 'null'],
    enum: [...Object.keys(deliveryStatuses), null],
    description: 'The newest e-mail job’s status; null for spam.',
  },
  assignedTo: { ...nullableString, description: 'The assignee’s e-mail; null when unassigned.' },
  assigneeName: {
    ...nullableString,
    description:
      'The assignee as the desk shows them: their display name, or their e-mail when they have none; null when unassigned.',
  },
  firstContactAt: nullableInstant,
  followUpAt: { ...nullableInstant, description: 'The next follow-up; null when none is set.' },
  lostReason: { type: ['string', 'null'], enum: [...lostReasons, null] },
} as const

const summaryKeys = Object.keys(summaryProperties)

/** A summary: what lists, and what a change answers with. */
const leadSummarySchema = {
  type: 'object',
  properties: summaryProperties,
  required: summaryKeys,
} as const

/** Records whose fields docs/api.md lists; sent as they are. */
const records = (description: string) =>
  ({ type: 'array', description, items: { type: 'object', additionalProperties: true } }) as const

/** GET /api/admin/leads, 200. */
export const leadListSchema = {
  description: 'A page of leads, newest first unless sorted otherwise.',
  type: 'object',
  properties: {
    leads: { type: 'array', items: leadSummarySchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
  required: ['leads', 'total', 'page', 'pageSize'],
} as const

/** GET /api/admin/leads/:id, 200. */
export const leadDetailSchema = {
  description: 'One lead: its summary, its fields under their labels, its e-mail jobs, reveals and work log.',
  type: 'object',
  properties: {
    lead: {
      type: 'object',
      properties: {
        ...summaryProperties,
        sections: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              legend: { type: 'string' },
              fields: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    label: { type: 'string' },
                    value: { type: 'string', description: 'Sensitive values masked.' },
                    sensitive: { type: 'boolean' },
                  },
                  required: ['name', 'label', 'value', 'sensitive'],
                },
              },
            },
            required: ['legend', 'fields'],
          },
        },
        otherFields: {
          type: 'object',
          description: 'Stored fields the lead’s form does not show, by name.',
          additionalProperties: { type: 'string' },
        },
      },
      required: [...summaryKeys, 'sections', 'otherFields'],
    },
    deliveryJobs: records('The lead’s e-mail jobs, oldest first.'),
    reveals: records('Each reveal of a sensitive value: who, which field, when.'),
    workLog: records('Contacts, notes and changes, newest first.'),
  },
  required: ['lead', 'deliveryJobs', 'reveals', 'workLog'],
} as const

/** An answer refused with a reason, as every route here gives it. */
export const errorSchema = {
  description: 'Refused: `error` says why (for one lead: there is no such lead).',
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const

/** GET /api/admin/leads, 400: which filters make no sense, and why. */
export const filterErrorSchema = {
  description: 'A filter that makes no sense: `fields` gives each one’s message.',
  type: 'object',
  properties: {
    error: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
  // Not `fields`: the server's own 400s (a body it cannot read) say only why.
  required: ['error'],
} as const
