import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getFormDefinition } from '../../forms/registry.ts'
import { validateSubmission } from '../../forms/schema.ts'
import type { RateLimit } from '../config.ts'
import { formFamily } from '../leads/form-family.ts'
import { isHoneypotFilled, spamFields, withoutHoneypot } from '../leads/honeypot.ts'
import type { LeadRepository, NewLead } from '../leads/lead-repository.ts'
import {
  hashClientIp,
  leadLanguage,
  parseIdempotencyKey,
  storedUserAgent,
} from '../leads/submission-metadata.ts'
import { encryptSensitiveFields } from '../security/sensitive-fields.ts'

export interface FormRoutesOptions {
  leads: LeadRepository
  ipHashSalt: string
  /** Key of the AES-256-GCM encryption of sensitive fields (SSN, EIN) before they are stored. */
  encryptionKey: Buffer
  /** Per client address; false turns the limit off (benchmarks, tests of other things). */
  submitRateLimit: RateLimit | false
  /** The server's today for date limits (tests pin it). */
  now: () => Date
}

/** Forms are small; 64 KiB leaves room for long notes and stops floods of bytes early. */
export const formBodyLimit = 64 * 1024

const invalidMessage = 'Please correct the highlighted fields.'

interface FormRequest {
  Params: { formKey: string }
}

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/** Refuses what it can before the body is read: unknown form, not JSON, malformed idempotency key. */
async function checkRequestLine(request: FastifyRequest<FormRequest>, reply: FastifyReply): Promise<unknown> {
  if (!getFormDefinition(request.params.formKey)) {
    return reply.code(404).send({ error: 'There is no such form.' })
  }
  if (!isJsonContentType(request.headers['content-type'])) {
    return reply.code(415).send({ error: 'Send the form as application/json.' })
  }
  if (parseIdempotencyKey(request.headers['idempotency-key']) === null) {
    return reply
      .code(400)
      .send({ error: 'The Idempotency-Key header must be 1 to 100 letters, digits, - or _.' })
  }
}

/** POST /api/forms/:formKey — one shared endpoint for the 24 forms (DESIGN.md section 3). */
export async function formRoutes(app: FastifyInstance, options: FormRoutesOptions): Promise<void> {
  app.post<FormRequest>(
    '/api/forms/:formKey',
    {
      bodyLimit: formBodyLimit,
      onRequest: checkRequestLine,
      config: options.submitRateLimit
        ? {
            rateLimit: {
              max: options.submitRateLimit.max,
              timeWindow: options.submitRateLimit.windowMs,
              // Counted per address and per family of forms: a visitor who asks for three quotes
              // can still send the contact form.
              keyGenerator: (request: FastifyRequest) => `${request.ip}|${formFamily(formKeyOf(request))}`,
            },
          }
        : {},
    },
    async (request, reply) => {
      const form = getFormDefinition(request.params.formKey)
      if (!form) return reply.code(404).send({ error: 'There is no such form.' })

      const metadata: Omit<NewLead, 'fields' | 'isSpam'> = {
        formKey: form.key,
        language: leadLanguage(request.headers['content-language']),
        userAgent: storedUserAgent(request.headers['user-agent']),
        ipHash: hashClientIp(request.ip, options.ipHashSalt),
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']) ?? null,
      }

      // Before validation: a bot gets the same OK whatever else it sent, and learns nothing.
      if (isHoneypotFilled(form, request.body)) {
        const fields = encryptSensitiveFields(form, spamFields(form, request.body), options.encryptionKey)
        await options.leads.insertLead({ ...metadata, fields, isSpam: true })
        return sendOk(reply)
      }

      const result = validateSubmission(form, request.body, options.now())
      if (!result.ok) {
        return reply.code(400).send({ error: invalidMessage, fields: result.fields })
      }
      await options.leads.insertLead({
        ...metadata,
        fields: encryptSensitiveFields(form, withoutHoneypot(form, result.data), options.encryptionKey),
        isSpam: false,
      })
      return sendOk(reply)
    },
  )
}

function formKeyOf(request: FastifyRequest): string {
  const params = request.params
  return params && typeof params === 'object' && 'formKey' in params && typeof params.formKey === 'string'
    ? params.formKey
    : ''
}

function sendOk(reply: FastifyReply): FastifyReply {
  return reply.code(200).type('text/plain; charset=utf-8').send('OK')
}
