/**
 * The public form endpoint in the API's OpenAPI document (docs/api.md, "Public"): one path per form
 * (`/api/forms/boat-quote`), each with that form's own body, so a generated client types a lead
 * vendor's post field by field. Written from the form definitions (forms/definitions/), the same
 * ones the server validates with, so it cannot drift from what is accepted; the answers are those
 * of forms.ts, including a `leads:create` token's refusals.
 */
import type { Field, FormDefinition } from '#forms/engine.ts'
import { maxLengthOf } from '#forms/field-rules.ts'
import { isHoneypotField } from '#forms/honeypot.ts'
import { formDefinitions } from '#forms/registry.ts'
import { leadReferenceHeader } from '../leads/lead-reference.ts'

type JsonSchema = Record<string, unknown>

/** One field's schema: always a string (the forms' contract), with what the form says of it. */
function fieldSchema(field: Field): JsonSchema {
  const schema: JsonSchema = { type: 'string', title: field.label }
  if (field.hint) schema.description = field.hint
  switch (field.kind) {
    case 'select':
    case 'radio':
      schema.enum = field.options.map((option) => option.value)
      break
    case 'checkbox':
      schema.enum = ['true']
      schema.description = 'Sent as "true" when ticked; left out otherwise.'
      break
    case 'date':
      schema.format = 'date'
      break
    case 'number':
      schema.description = `A number from ${field.min} to ${field.max}${field.decimals ? ', one decimal place at most' : ''}.`
      break
    case 'email':
      schema.format = 'email'
      schema.maxLength = maxLengthOf(field)
      break
    default:
      schema.maxLength = maxLengthOf(field)
  }
  if (field.sensitive) schema.description = `${field.hint ?? ''} Stored encrypted, never mailed.`.trim()
  return schema
}

/** What `_source` may carry (docs/api.md, "Where a lead came from"); never a reason to refuse. */
const sourceSchema: JsonSchema = {
  type: 'object',
  description: 'Where the visit began, as the visitor’s tab recorded it; optional, never refused.',
  properties: Object.fromEntries(
    ['landing', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'clickId'].map(
      (key) => [key, { type: 'string' }],
    ),
  ),
}

function bodySchema(form: FormDefinition): JsonSchema {
  const fields = form.sections.flatMap((section) => section.fields).filter((field) => !isHoneypotField(field))
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
      _source: sourceSchema,
    },
    required: fields.filter((field) => field.required).map((field) => field.name),
  }
}

const errorBody = (description: string): JsonSchema => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
    },
  },
})

const answers: JsonSchema = {
  '200': {
    description: 'Stored (spam included: a bot learns nothing). The body is exactly OK.',
    headers: {
      [leadReferenceHeader]: {
        description: 'The reference the visitor is given, e.g. K7M-Q9X.',
        schema: { type: 'string' },
      },
    },
    content: { 'text/plain': { schema: { type: 'string', const: 'OK' } } },
  },
  '400': {
    description: 'Invalid: nothing stored. `fields` names each invalid field with its message.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            error: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
          required: ['error'],
        },
      },
    },
  },
  '401': errorBody('An Authorization header whose token is unknown, expired or revoked.'),
  '403': errorBody('A token without the scope leads:create.'),
  '409': errorBody('The Idempotency-Key was used for another form or another body; nothing stored.'),
  '413': errorBody('A body over 64 KiB.'),
  '415': errorBody('Not application/json.'),
  '429': {
    ...errorBody('Too many posts from one address and form family, or for one token.'),
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
  },
}

const parameters = [
  {
    in: 'header',
    name: 'Idempotency-Key',
    required: false,
    description: 'The same key and body store one lead and answer OK again.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
  },
  {
    in: 'header',
    name: 'Content-Language',
    required: false,
    description: '`es` for a lead sent from a Spanish page.',
    schema: { type: 'string', enum: ['en', 'es'] },
  },
  {
    in: 'header',
    name: 'X-Proof-Of-Work',
    required: false,
    description:
      'ALTCHA’s payload for a challenge from GET /api/challenge; not asked of a leads:create token.',
    schema: { type: 'string' },
  },
]

/** `boat-quote` as `submitBoatQuote`. */
function operationId(key: string): string {
  return `submit${key.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase())}`
}

/** The document's paths for posting each form: merged into the staff API's document (openapi.ts). */
export function formPostPaths(): Record<string, JsonSchema> {
  return Object.fromEntries(
    formDefinitions.map((form) => [
      `/api/forms/${form.key}`,
      {
        post: {
          operationId: operationId(form.key),
          summary: `Send a lead: ${form.title}`,
          description:
            'What the site’s form sends. A lead vendor posts with a leads:create token (no proof of work, no fill time, its own rate limit); a visitor’s browser without one.',
          security: [{}, { apiToken: ['leads:create'] }],
          parameters,
          requestBody: { required: true, content: { 'application/json': { schema: bodySchema(form) } } },
          responses: answers,
        },
      },
    ]),
  )
}
