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
