import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getFormDefinition } from '#forms/registry.ts'
import type { Database } from '../db/database.ts'
import { notedLeadOutcome, postedFormKey } from '../metrics/lead-outcome.ts'
import { type LeadOutcome, type Metrics, registerDatabaseGauges } from '../metrics/metrics.ts'
import { hasBearerToken } from '../security/bearer-token.ts'

export interface MetricsPluginOptions {
  metrics: Metrics
  db: Database
  /** METRICS_TOKEN; unset: no /metrics route at all (the numbers are still counted). */
  token: string | undefined
}

/** What a submission's status says when the route noted nothing more precise. */
function outcomeOfStatus(status: number): LeadOutcome {
  if (status === 400) return 'invalid'
  if (status === 429) return 'rate_limited'
  if (status === 409) return 'conflict'
  if (status >= 500) return 'error'
  if (status < 400) return 'stored'
  return 'refused'
}

function formLabel(key: string): string {
  // Only the 24 known keys become label values: a scanner's made-up keys must not grow the series.
  return getFormDefinition(key) ? key : 'unknown'
}

/**
 * Counts every response (latency by route pattern) and every form submission by outcome, from
 * hooks, so the routes themselves carry no metrics code beyond noting spam (lead-outcome.ts).
 * GET /metrics answers Prometheus with a bearer token only. Registered on the root app (not as an
 * encapsulated plugin) so its hooks see the responses of every route.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsPluginOptions): void {
  const { metrics } = options
  registerDatabaseGauges(metrics, options.db)

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern, never the raw URL: one series per route, not one per address asked for.
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
    const formKey = postedFormKey(request)
    if (formKey !== undefined) {
      const outcome = notedLeadOutcome(request) ?? outcomeOfStatus(reply.statusCode)
      metrics.leadsReceived.inc({ form: formLabel(formKey), outcome })
    }
  })

  if (!options.token) return
  const token = options.token
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!hasBearerToken(request, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'A bearer token is required.' })
    }
    const text = await metrics.registry.metrics()
    return reply.type(metrics.registry.contentType).send(text)
  })
}
