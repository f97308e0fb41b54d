import type { FastifyRequest } from 'fastify'
import type { LeadOutcome } from './metrics.ts'

/**
 * The outcome of a submission that its status code alone does not tell (stored, spam or a repeat
 * all answer OK), noted by the form route and read by the metrics hook when the response is sent.
 */
const outcomes = new WeakMap<FastifyRequest, LeadOutcome>()

export function noteLeadOutcome(request: FastifyRequest, outcome: LeadOutcome): void {
  outcomes.set(request, outcome)
}

export function notedLeadOutcome(request: FastifyRequest): LeadOutcome | undefined {
  return outcomes.get(request)
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A lead form's post: the form key of a page that holds one ('/es/contact' → 'contactMessage'),
     * or `fromPath` on the shared endpoint /api/forms/:formKey.
     */
    leadForm?: string
  }
}

/** `leadForm` of the shared endpoint: the form is the one its path names. */
export const fromPath = ':formKey'

/** The form key a lead form's post names (unchecked), or undefined for any other request. */
export function postedFormKey(request: FastifyRequest): string | undefined {
  const leadForm = request.routeOptions.config?.leadForm
  if (leadForm !== fromPath) return leadForm
  const params = request.params as { formKey?: unknown } | undefined
  return typeof params?.formKey === 'string' ? params.formKey : ''
}
